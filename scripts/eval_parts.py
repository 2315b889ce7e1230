"""The evaluation parts by name: ``train`` (all of train_questions.jsonl), ``tuning``, ``validation``, ``probes``.

The tuning and validation parts are the ids of ``scripts/eval_split.json`` (qualified
``dev/<id>`` or ``v2/<id>``); each question is returned with its qualified id in ``id``.
``probes`` is ``scripts/probes/blind/<game>.jsonl``: 50 edge and unanswerable player
questions (10 per game, ids ``probe-<game>-NN``) written from the rulebooks alone by
someone who had not read the frames, lexicons, templates or grounding code, nor the
tuning and validation questions (session 6). They are the dev half of a random
split; the other half is held out of the repository.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

PARTS = ("train", "tuning", "validation", "probes")
PROBES_DIR = Path(__file__).resolve().parent / "probes" / "blind"
ROOT = Path(__file__).resolve().parent.parent


def shared_eval_dir() -> Path:
    return Path(os.environ.get("ARBITRE_SHARED_DIR", ROOT.parent / "shared")) / "eval"


def load_part(part: str) -> list[dict]:
    """The questions of ``part``.

    Raises:
        ValueError: when ``part`` is not one of :data:`PARTS`.
    """
    if part not in PARTS:
        raise ValueError(f"part: expected one of {PARTS}, got {part!r}")
    if part == "probes":
        return [row for path in sorted(PROBES_DIR.glob("*.jsonl")) for row in _read(path)]
    folder = shared_eval_dir()
    if part == "train":
        return _read(folder / "train_questions.jsonl")
    split = json.loads((ROOT / "scripts" / "eval_split.json").read_text(encoding="utf-8"))
    by_id = {
        f"{source}/{row['id']}": {**row, "id": f"{source}/{row['id']}"}
        for source, name in split["sources"].items()
        for row in _read(folder / name)
    }
    return [by_id[question_id] for question_id in split[part]]


def _read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
