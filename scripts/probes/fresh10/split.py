"""Split each fresh-probe file of this folder into a build half and a report half.

A seeded shuffle (``random.Random(10)``) per game: the first 12 questions go to
``<game>.build.jsonl`` (read and built on), the other 12 to ``<game>.report.jsonl``
(scored at the start and the end only, never read in between).

Usage: ``python scripts/probes/fresh10/split.py emblemes splendor``
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def split(game: str, folder: Path = HERE, seed: int = 10) -> tuple[int, int]:
    """Write the two halves of ``folder/<game>.jsonl`` (shuffled by ``random.Random(seed)``); return their sizes."""
    lines = [line for line in (folder / f"{game}.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    random.Random(seed).shuffle(lines)
    half = len(lines) // 2
    (folder / f"{game}.build.jsonl").write_text("\n".join(lines[:half]) + "\n", encoding="utf-8")
    (folder / f"{game}.report.jsonl").write_text("\n".join(lines[half:]) + "\n", encoding="utf-8")
    return half, len(lines) - half


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(name, *split(name))
