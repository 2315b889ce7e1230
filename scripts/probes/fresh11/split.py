"""Split a fresh11 probe file into a build half and a report half (seeded: ``random.Random(11)``).

Usage: ``python scripts/probes/fresh11/split.py oriflamme emprise``
Writes ``GAME.build.jsonl`` and ``GAME.report.jsonl`` (half each, in file order) and
``GAME.split.json`` (the ids of each half) beside ``GAME.jsonl``. The build half is read and
built on; the report half is scored at the start and the end of a session only.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def split(game: str) -> dict[str, list[str]]:
    """Write the two halves of ``<game>.jsonl``; return the ids of each."""
    rows = [json.loads(line) for line in (HERE / f"{game}.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    order = list(range(len(rows)))
    random.Random(11).shuffle(order)
    half = len(rows) // 2
    parts = {"build": sorted(order[:half]), "report": sorted(order[half:])}
    for name, indices in parts.items():
        text = "".join(json.dumps(rows[i], ensure_ascii=False) + "\n" for i in indices)
        (HERE / f"{game}.{name}.jsonl").write_text(text, encoding="utf-8")
    ids = {name: [rows[i]["id"] for i in indices] for name, indices in parts.items()}
    (HERE / f"{game}.split.json").write_text(json.dumps(ids, indent=2) + "\n", encoding="utf-8")
    return ids


if __name__ == "__main__":
    for name in sys.argv[1:]:
        ids = split(name)
        print(name, len(ids["build"]), len(ids["report"]))
