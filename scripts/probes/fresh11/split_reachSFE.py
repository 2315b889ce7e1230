"""Split each fresh-probe file of this folder into a build half and a report half.

A seeded shuffle (``random.Random(11)``) per game, by the fresh10 splitter: the first half go to
``<game>.build.jsonl`` (read and built on), the other half to ``<game>.report.jsonl``
(scored at the start and the end only, never read in between).

Usage: ``python scripts/probes/fresh11/split_reachSFE.py splendor emblemes for-a-crown`` (the halves of those three games;
``split.py`` splits oriflamme and emprise its own way)
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_SPEC = importlib.util.spec_from_file_location("fresh10_split", HERE.parent / "fresh10" / "split.py")
_FRESH10 = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_FRESH10)

if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(name, *_FRESH10.split(name, HERE, 11))
