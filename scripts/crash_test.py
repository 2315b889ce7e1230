"""Kill -9 a loaded Arbitre server, restart it, and check that no acknowledged write was lost.

Each cycle starts uvicorn on 127.0.0.1, runs ``--clients`` loops that ask a
question (an acknowledged 200 means its question-log row must exist) and send
feedback on the answer (an acknowledged 201 means that feedback row must exist),
kills the server with SIGKILL after a random 2-5 s, and then reads the SQLite
file directly: every acknowledged answer id must be in ``questions`` and every
acknowledged feedback id in ``feedback``. The database is kept across cycles.

``--app double`` (default) serves the real corpus with the test suite's
word-overlap retriever, so a restart takes a second; the question log and the
feedback store under test are the same code as in production. ``--app real``
loads the model and index (``ARBITRE_INDEX_DIR``). Exit status 1 when any
acknowledged write is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import httpx
from _server import wait_ready  # scripts/ is on sys.path when a script runs

ROOT = Path(__file__).resolve().parents[1]
FACTORIES = {"double": "tests.widget.servers:double_app", "real": "service.api.main:create_app"}
QUESTIONS = ["Qui commence la partie ?", "Combien de manches dure une partie ?", "Que fait le Matelot au Port ?",
             "Who wins a tie?", "Peut-on passer son tour ?"]


@dataclass
class Acknowledged:
    """What the server said it stored, collected by the client loops."""

    answer_ids: list[str] = field(default_factory=list)
    feedback_ids: list[int] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass(frozen=True)
class CycleReport:
    cycle: int
    run_s: float
    answers_acknowledged: int
    feedback_acknowledged: int
    answers_lost: int
    feedback_lost: int


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=3)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--port", type=int, default=8108)
    parser.add_argument("--app", choices=sorted(FACTORIES), default="double")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="arbitre-crash-"))
    database = folder / "feedback.sqlite3"
    env = os.environ | {"ARBITRE_FEEDBACK_DB": str(database), "ARBITRE_ANSWER_ID_SECRET": "crash-test-secret-0123456789",
                        "ARBITRE_FEEDBACK_BURST": "1000000", "ARBITRE_RECORD_QUESTIONS": "true",
                        "OMP_NUM_THREADS": "1", "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    reports = []
    for cycle in range(1, args.cycles + 1):
        reports.append(_cycle(cycle, FACTORIES[args.app], env, args.port, args.clients, rng.uniform(2, 5), database,
                              folder / f"server-{cycle}.log"))
        print(f"cycle {cycle}: {reports[-1].answers_acknowledged} answers and {reports[-1].feedback_acknowledged} "
              f"feedback acknowledged in {reports[-1].run_s:.1f} s before kill -9; lost: "
              f"{reports[-1].answers_lost} answers, {reports[-1].feedback_lost} feedback", flush=True)
    lost = sum(r.answers_lost + r.feedback_lost for r in reports)
    args.out.mkdir(parents=True, exist_ok=True)
    out = args.out / f"crash-test-{time.strftime('%Y%m%dT%H%M%S')}.json"
    out.write_text(json.dumps({"app": args.app, "clients": args.clients, "cycles": [asdict(r) for r in reports],
                               "lost": lost}, indent=2))
    print(f"{'PASS' if lost == 0 else 'FAIL'}: {lost} acknowledged writes lost over {len(reports)} cycles ({out})")
    return 0 if lost == 0 else 1


def _cycle(cycle: int, factory: str, env: dict[str, str], port: int, clients: int, run_s: float,
           database: Path, log: Path) -> CycleReport:
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "--factory", factory, "--host", "127.0.0.1", "--port", str(port),
         "--log-level", "warning"], cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base, server, log)
        acknowledged = Acknowledged()
        stop = threading.Event()
        loops = [threading.Thread(target=_client_loop, args=(base, seat, acknowledged, stop)) for seat in range(clients)]
        for loop in loops:
            loop.start()
        time.sleep(run_s)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        stop.set()
        for loop in loops:
            loop.join(30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
    with sqlite3.connect(database) as connection:
        stored_answers = {row[0] for row in connection.execute("SELECT answer_id FROM questions")}
        stored_feedback = {row[0] for row in connection.execute("SELECT id FROM feedback")}
    return CycleReport(cycle, round(run_s, 2), len(acknowledged.answer_ids), len(acknowledged.feedback_ids),
                       len(set(acknowledged.answer_ids) - stored_answers),
                       len(set(acknowledged.feedback_ids) - stored_feedback))


def _client_loop(base: str, seat: int, acknowledged: Acknowledged, stop: threading.Event) -> None:
    with httpx.Client(base_url=base, timeout=10) as http:
        for turn in range(1_000_000):
            if stop.is_set():
                return
            question = f"{QUESTIONS[(seat + turn) % len(QUESTIONS)]} (client {seat}, n° {turn})"
            try:
                answer = http.post("/v1/ask", json={"game": "emblemes", "question": question})
                if answer.status_code != 200:
                    continue
                answer_id = answer.json()["answer_id"]
                with acknowledged.lock:
                    acknowledged.answer_ids.append(answer_id)
                feedback = http.post("/v1/feedback", json={"game": "emblemes", "question": question,
                                                           "answer_id": answer_id, "helpful": turn % 2 == 0})
                if feedback.status_code == 201:
                    with acknowledged.lock:
                        acknowledged.feedback_ids.append(feedback.json()["id"])
            except httpx.TransportError:
                return  # the server is gone


if __name__ == "__main__":
    sys.exit(main())
