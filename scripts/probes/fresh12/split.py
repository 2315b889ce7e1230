"""Split a fresh12 probe file into a build half and a report half (seeded: ``random.Random(12)``), by the fresh10
splitter of ``split_reachB.py`` (halves kept in file order, ids in ``GAME.split.json``).

Usage: ``python scripts/probes/fresh12/split.py emblemes emprise for-a-crown oriflamme splendor``
The build half is read and built on; the report half is scored at the start and the end of a session only.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_SPEC = importlib.util.spec_from_file_location("fresh10_split_reachB", HERE.parent / "fresh10" / "split_reachB.py")
_FRESH10 = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_FRESH10)

if __name__ == "__main__":
    for name in sys.argv[1:]:
        ids = _FRESH10.split(name, HERE, 12)
        print(name, len(ids["build"]), len(ids["report"]))
