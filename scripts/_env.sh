# Shared by scripts/serve and scripts/test: create .venv and install the project
# when missing or when pyproject.toml or constraints.txt changed. Sourced, not executed.
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
  want="$(cat pyproject.toml constraints.txt | sha256sum | cut -d' ' -f1)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "==> installing arbitre${extras} into .venv (versions pinned by constraints.txt, torch to the CPU build)"
    "$VENV/bin/python" -m pip install -q --upgrade pip setuptools wheel
    # constraints.txt pins every resolved version: the answer models are fit on what these versions retrieve and
    # score, so a fresh install must not pick up a newer release (regenerate it with scripts/pin_packages)
    "$VENV/bin/python" -m pip install -q -c constraints.txt -e ".${extras}"
    echo "$want" > "$stamp"
  fi
}
