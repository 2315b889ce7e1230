"""Split the fresh13 probe files with the fresh10 splitter (``split_reachB.split``: halves kept in file order, ids in
``GAME.split.json``), seeded ``random.Random(13)``.

Usage: ``python scripts/probes/fresh13/split.py emblemes emprise for-a-crown oriflamme splendor``
"""

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    split = runpy.run_path(str(HERE.parent / "fresh10" / "split_reachB.py"))["split"]
    for game in sys.argv[1:]:
        print(game, {part: len(ids) for part, ids in split(game, HERE, 13).items()})
