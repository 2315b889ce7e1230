"""Where a first-seen ``/v1/ask`` spends its CPU, stage by stage, in process.

Runs the real application (index, model, grounder, question log into a scratch
database) through FastAPI's ``TestClient`` and times each stage of every request
with ``time.thread_time`` (CPU of the request's own thread; ONNX Runtime runs the
encoder on that thread with the default one intra-op thread):

- ``encode``: the query encoder (``QueryBatcher.embed_one``);
- ``retrieve``: the rest of ``Retriever.run`` (BM25, dense similarities, fusion, hits);
- ``compose``: ``compose_answer`` (quotes, ruling, language, translation);
- ``ground``: ``Grounder.attempt``, the referee's engine check (mending, frames, templates, engine runs);
- ``record``: ``record_asked_question`` (the question log, synced);
- ``public``: ``to_public`` (the Pydantic response model);
- ``rest``: the process's other CPU (routing, validation, middlewares, JSON, and the test client).

Each question gets a suffix never asked before, so every request pays for the model
(``--repeat`` keeps questions as they are and asks them twice: the second round is
served by the query cache). Prints a table of milliseconds per request and shares,
and ``--cprofile N`` adds the N functions with the most own time inside the handler's
work (``Referee.ask``, ``to_public``, the question log), profiled on the request's own
thread (a profiler started on the calling thread would see only the test client).

    PYTHONPATH=. python scripts/profile_ask.py --part train --limit 250
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import io
import os
import pstats
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import index.batching  # noqa: E402
import index.retriever  # noqa: E402
import service.api.routes.ask as ask_route  # noqa: E402
import service.referee  # noqa: E402
from language.compound import asks  # noqa: E402
from scripts.eval_parts import load_part  # noqa: E402
from scripts.in_process import ready_client  # noqa: E402
from service.grounding import Grounder  # noqa: E402

STAGES = ("encode", "retrieve", "compose", "ground", "record", "public")


class StageClock:
    """CPU seconds of the current thread per stage; nested stages are subtracted from their parent."""

    def __init__(self) -> None:
        self.totals: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self._stack: list[list] = []

    def wrap(self, stage: str, function):
        @functools.wraps(function)
        def timed(*args, **kwargs):
            self.calls[stage] += 1
            frame = [stage, time.thread_time(), 0.0]
            self._stack.append(frame)
            try:
                return function(*args, **kwargs)
            finally:
                self._stack.pop()
                spent = time.thread_time() - frame[1]
                self.totals[stage] += spent - frame[2]
                if self._stack:
                    self._stack[-1][2] += spent
        return timed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", default="train", choices=["train", "tuning"])
    parser.add_argument("--limit", type=int, default=250)
    parser.add_argument("--repeat", action="store_true", help="time the second, cached round of the same questions")
    parser.add_argument("--warm", action="store_true",
                        help="ask every question once with another suffix before timing, as bench_compare's warm-up "
                             "does: per-word caches warm, the question itself still first-seen")
    parser.add_argument("--compound", action="store_true",
                        help="only the questions that ask several things (language.compound.asks)")
    parser.add_argument("--cprofile", type=int, default=0, help="also print the N functions with most own time")
    parser.add_argument("--dump", type=Path, help="with --cprofile, also write the raw profile here (pstats)")
    args = parser.parse_args()

    clock = StageClock()
    _instrument(clock)
    questions = [q for q in load_part(args.part) if not args.compound or len(asks(q["question"])) > 1][: args.limit]
    with ready_client("arbitre-profile-") as client:
        bodies = [{"game": q["game"], "question": q["question"] if args.repeat else f"{q['question']} ({n})"}
                  for n, q in enumerate(questions)]
        for body in bodies if args.repeat or args.warm else bodies[:3]:  # warm every lazy path before timing
            client.post("/v1/ask", json={**body, "question": body["question"] + " (warm)"})
        if args.repeat:
            for body in bodies:
                client.post("/v1/ask", json=body)
        clock.totals.clear()
        clock.calls.clear()
        profiler = cProfile.Profile(time.thread_time) if args.cprofile else None  # CPU, as the stages are timed
        if profiler:
            _profile_handler(profiler)
        started_cpu = time.process_time()
        for body in bodies:
            client.post("/v1/ask", json=body).raise_for_status()
        total_cpu = time.process_time() - started_cpu
    _report(clock.totals, clock.calls, total_cpu, len(bodies), args)
    if profiler:
        out = io.StringIO()
        if args.dump:
            profiler.dump_stats(args.dump)
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("tottime").print_stats(args.cprofile)
        stats.sort_stats("cumulative").print_stats(args.cprofile)
        print(out.getvalue())
    return 0


def _instrument(clock: StageClock) -> None:
    batcher = index.batching.QueryBatcher
    batcher.embed_one = clock.wrap("encode", batcher.embed_one)
    retriever = index.retriever.Retriever
    retriever.run = clock.wrap("retrieve", retriever.run)
    service.referee.compose_answer = clock.wrap("compose", service.referee.compose_answer)
    Grounder.attempt = clock.wrap("ground", Grounder.attempt)  # what the referee calls (check calls it too)
    ask_route.record_asked_question = clock.wrap("record", ask_route.record_asked_question)
    ask_route.to_public = clock.wrap("public", ask_route.to_public)


def _profile_handler(profiler: cProfile.Profile) -> None:
    """Profile the handler's work on whichever pool thread runs it (one request at a time here)."""

    def profiled(function):
        @functools.wraps(function)
        def run(*args, **kwargs):
            profiler.enable()
            try:
                return function(*args, **kwargs)
            finally:
                profiler.disable()
        return run

    service.referee.Referee.ask = profiled(service.referee.Referee.ask)
    ask_route.to_public = profiled(ask_route.to_public)
    ask_route.record_asked_question = profiled(ask_route.record_asked_question)


def _report(totals: dict[str, float], counts: dict[str, int], total_cpu: float, requests: int,
            args: argparse.Namespace) -> None:
    # The handler runs on a pool thread and TestClient's client on this one: "rest" is the process's
    # CPU over the run minus the stages (routing, validation, middlewares, JSON, and the test client).
    rows = [(stage, 1000 * totals.get(stage, 0.0) / requests) for stage in STAGES]
    rows.append(("rest", 1000 * total_cpu / requests - sum(ms for _, ms in rows)))
    total = 1000 * total_cpu / requests
    print(f"{requests} {'repeated' if args.repeat else 'first-seen'}{' warm' * args.warm} {args.part}{' compound' * args.compound} questions; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'stage':<10} {'ms/request':>11} {'share':>7} {'calls/request':>14}")
    for stage, ms in rows:
        calls = f"{counts[stage] / requests:>14.2f}" if stage in counts else ""
        print(f"{stage:<10} {ms:>11.2f} {ms / total:>7.1%} {calls}")
    print(f"{'process':<10} {total:>11.2f}")


if __name__ == "__main__":
    sys.exit(main())
