# Shared by scripts/serve and scripts/test: create .venv and install the project
# when missing or when pyproject.toml changed. Sourced, not executed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
PYTHON="${PYTHON:-python3}"
VENV="$ROOT/.venv"

arbitre_install() {  # $1: pip extras, e.g. "[test]" or ""
  local extras="$1"
  if [ ! -x "$VENV/bin/python" ]; then
    echo "==> creating $VENV"
    "$PYTHON" -m venv "$VENV"
  fi
  local stamp="$VENV/.arbitre-installed${extras}"
  local want
  want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "==> installing arbitre${extras} into .venv (torch pinned to the CPU build)"
    "$VENV/bin/python" -m pip install -q --upgrade pip setuptools wheel
    "$VENV/bin/python" -m pip install -q -e ".${extras}"
    echo "$want" > "$stamp"
  fi
}
