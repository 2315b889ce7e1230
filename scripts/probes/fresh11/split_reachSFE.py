"""Split each fresh-probe file of this folder into a build half and a report half.

A seeded shuffle (``random.Random(11)``) per game: the first half go to
``<game>.build.jsonl`` (read and built on), the other half to ``<game>.report.jsonl``
(scored at the start and the end only, never read in between).

Usage: ``python scripts/probes/fresh11/split_reachSFE.py splendor emblemes for-a-crown`` (the halves of those three games;
``split.py`` splits oriflamme and emprise its own way)
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def split(game: str) -> tuple[int, int]:
    """Write the two halves of ``<game>.jsonl``; return their sizes."""
    lines = [line for line in (HERE / f"{game}.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    random.Random(11).shuffle(lines)
    half = len(lines) // 2
    (HERE / f"{game}.build.jsonl").write_text("\n".join(lines[:half]) + "\n", encoding="utf-8")
    (HERE / f"{game}.report.jsonl").write_text("\n".join(lines[half:]) + "\n", encoding="utf-8")
    return half, len(lines) - half


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(name, *split(name))
