"""Split a fresh10 probe file into a build half and a report half (seeded: random.Random(10)).

Usage: python scripts/probes/fresh10/split_reachB.py GAME
Writes scripts/probes/fresh10/GAME.build.jsonl and GAME.report.jsonl (half each) and GAME.split.json (the ids).
The report half is measured at the start and the end of a session only.
"""

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def split(game: str, folder: Path = HERE, seed: int = 10) -> dict[str, list[str]]:
    """Write the two halves of ``folder/<game>.jsonl`` (kept in file order) and their ids; return the ids."""
    rows = [json.loads(line) for line in (folder / f"{game}.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    order = list(range(len(rows)))
    random.Random(seed).shuffle(order)
    half = len(rows) // 2
    parts = {"build": sorted(order[:half]), "report": sorted(order[half:])}
    for name, indices in parts.items():
        text = "".join(json.dumps(rows[i], ensure_ascii=False) + "\n" for i in indices)
        (folder / f"{game}.{name}.jsonl").write_text(text, encoding="utf-8")
    ids = {name: [rows[i]["id"] for i in indices] for name, indices in parts.items()}
    (folder / f"{game}.split.json").write_text(json.dumps(ids, indent=2) + "\n", encoding="utf-8")
    return ids


if __name__ == "__main__":
    split(sys.argv[1])
