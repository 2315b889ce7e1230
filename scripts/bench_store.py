"""Benchmark the SQLite feedback store's durable writes: rows per second from 1, 4 and 8 threads.

Each row is one ``record_question`` (what ``/v1/ask`` does before replying),
synced to disk before the call returns. Run it on two checkouts to compare
(``python /path/to/checkout/scripts/bench_store.py``): it imports the store of
the checkout it lives in.

Usage:
    PYTHONPATH=. python scripts/bench_store.py [--rows 600]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.feedback import FeedbackStore  # noqa: E402


def writes_per_second(threads: int, rows: int) -> tuple[float, float]:
    """Rows per second and CPU milliseconds per row, ``rows`` rows split over ``threads`` threads."""
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-store-") as folder:
        store = FeedbackStore(Path(folder) / "feedback.sqlite3")
        store.count_questions()  # the schema, outside the timing
        per_thread = rows // threads

        def write() -> None:
            for sequence in range(per_thread):
                store.record_question(game="emblemes", question=f"question {sequence}", answer_id=None,
                                      abstained=False, sections=["Emblèmes › Fin d’une manche"])

        workers = [threading.Thread(target=write) for _ in range(threads)]
        wall, cpu = time.perf_counter(), time.process_time()
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        written = per_thread * threads
        assert store.count_questions() == written
        return written / (time.perf_counter() - wall), (time.process_time() - cpu) / written * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=600)
    args = parser.parse_args()
    for threads in (1, 4, 8):
        rate, cpu_ms = writes_per_second(threads, args.rows)
        print(f"{ROOT.name}: {threads} writer(s): {rate:.0f} rows/s, {cpu_ms:.2f} ms CPU per row")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
