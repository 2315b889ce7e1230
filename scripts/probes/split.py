"""Split fresh probe files into a build half and a report half, with the fresh10 splitter.

Usage: ``python scripts/probes/split.py FOLDER SEED GAME...`` (e.g. ``scripts/probes/fresh13 13 emblemes splendor``)

Each ``FOLDER/GAME.jsonl`` is shuffled with ``random.Random(SEED)`` and cut in two, halves kept in file order
(``split_reachB.split``: ``GAME.build.jsonl``, ``GAME.report.jsonl``, the ids in ``GAME.split.json``). The report
half is scored at the start and the end of a session only.

One seed shuffles every file the same way: files of one length written in the same order of kinds (question 01 a
strategy question in every game) send every question of a kind to the same half. Write each file's kinds in its own
order, or give each game its own seed.
"""

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    folder, seed = Path(sys.argv[1]), int(sys.argv[2])
    split = runpy.run_path(str(HERE / "fresh10" / "split_reachB.py"))["split"]
    for game in sys.argv[3:]:
        print(game, {part: len(ids) for part, ids in split(game, folder, seed).items()})
