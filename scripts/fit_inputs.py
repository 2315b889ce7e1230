"""What the answer models are fit from, as one digest: stale models are found without refitting them.

``scripts/fit_answers.py`` records :func:`digest` in every model it writes (``fit_inputs`` in the model's
report). The models are a function of the code that composes and checks answers, the corpus, the package
versions (``constraints.txt``) and the training and tuning questions; when any of these changes, the digest moves
and :func:`stale_models` names every model whose recorded digest differs. A full refit takes under a minute and
rewrites them all; a partial one (``--confidence-only`` and the like) leaves the models it keeps stale, on
purpose: they were fit on other code.

The digest reads the training questions and the tuning part's rows only (``eval_parts.load_part``), never the
validation part's.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from eval_parts import load_part, shared_eval_dir  # noqa: E402

MODELS = ROOT / "service" / "answers" / "models"
CODE_ROOTS = ("corpus", "engine", "index", "language", "service")
"""Folders whose files decide what an answer says, how it is checked, and so what the models are fit on."""
FIT_SCRIPTS = ("scripts/fit_answers.py", "scripts/fit_inputs.py", "scripts/eval_parts.py", "scripts/in_process.py",
               "scripts/eval_split.json", "constraints.txt")
"""The fit's scripts and the package versions it runs on (``constraints.txt``: a new release of the embedder's
runtime can move a retrieval rank, and so a fitted cell)."""
SOURCE_SUFFIXES = frozenset({".py", ".yaml", ".yml", ".json", ".jsonl", ".md", ".txt"})
"""Code and data; the widget's scripts and styles, images and caches do not reach an answer's text."""
FIT_PARTS = ("train", "tuning")
KEY = "fit_inputs"


def input_files() -> list[Path]:
    """The repository files the fit reads, sorted; the models themselves left out."""
    files = [ROOT / name for name in FIT_SCRIPTS]
    for folder in CODE_ROOTS:
        files += [path for path in (ROOT / folder).rglob("*")
                  if path.is_file() and path.suffix in SOURCE_SUFFIXES and "__pycache__" not in path.parts
                  and MODELS not in path.parents]
    return sorted(files)


def digest() -> str:
    """sha256 (first 16 hex digits) of the input files' paths and bytes, the fit parts' rows and the yardstick."""
    hashed = hashlib.sha256()
    for path in input_files():
        hashed.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for part in FIT_PARTS:
        hashed.update(json.dumps(load_part(part), sort_keys=True, ensure_ascii=False).encode())
    hashed.update((shared_eval_dir() / "score_http.py").read_bytes())
    return hashed.hexdigest()[:16]


def recorded(path: Path) -> str | None:
    """The digest a model file was fit from (its report's, or the file's own for the table-like models)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    report = data.get("report") if isinstance(data.get("report"), dict) else data
    return report.get(KEY)


def stale_models(current: str | None = None) -> dict[str, str | None]:
    """Each model file whose recorded digest is not ``current`` (default: :func:`digest`), with the one it records."""
    current = current or digest()
    found = {path.name: recorded(path) for path in sorted(MODELS.glob("*.json"))}
    return {name: digest_of for name, digest_of in found.items() if digest_of != current}
