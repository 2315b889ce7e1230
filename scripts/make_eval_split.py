#!/usr/bin/env python3
"""Split the dev and v2 questions once into a tuning part and a validation part.

Stratified by game x kind x language: within each stratum the questions are
ordered by a hash of their id (stable, independent of file order) and dealt
alternately, one count running across strata so the two parts stay even. The training questions are not split: they
are all for fitting. The validation part is scored only at milestones.

Usage: scripts/make_eval_split.py [SHARED_EVAL_DIR]  (writes scripts/eval_split.json)
"""
from __future__ import annotations

import hashlib
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Question ids repeat across files (oriflamme-d05 is in both), so each is
# qualified by its source: "dev/oriflamme-d05", "v2/oriflamme-d05".
SOURCES = {"dev": "dev_questions.jsonl", "v2": "questions_v2.jsonl"}


def _order_key(question_id: str) -> str:
    return hashlib.sha256(question_id.encode("utf-8")).hexdigest()


def split(rows: list[dict]) -> dict[str, list[str]]:
    strata: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for row in rows:
        strata[(row["game"], row["kind"], row["lang"])].append(row["id"])
    parts: dict[str, list[str]] = {"tuning": [], "validation": []}
    dealt = 0  # one count across strata, so odd strata alternate their extra question
    for key in sorted(strata):
        for question_id in sorted(strata[key], key=_order_key):
            parts["tuning" if dealt % 2 == 0 else "validation"].append(question_id)
            dealt += 1
    return {name: sorted(ids) for name, ids in parts.items()}


def main() -> None:
    eval_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "eval"
    rows = []
    for prefix, name in SOURCES.items():
        for line in (eval_dir / name).open(encoding="utf-8"):
            if line.strip():
                row = json.loads(line)
                rows.append({**row, "id": f"{prefix}/{row['id']}"})
    ids = [row["id"] for row in rows]
    if len(ids) != len(set(ids)):
        raise SystemExit("duplicate question ids within a source file")
    parts = split(rows)
    out = {"sources": SOURCES, "stratified_by": ["game", "kind", "lang"], **parts}
    (ROOT / "scripts" / "eval_split.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print({name: len(ids) for name, ids in parts.items()})


if __name__ == "__main__":
    main()
