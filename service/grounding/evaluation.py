"""Evaluate engine-checked answers on the dev set through ``POST /v1/ask`` (``scripts/eval_grounded``).

The real application (settings from ``ARBITRE_*``, the real retriever) is driven
in-process with FastAPI's TestClient. For each ``edge`` question of a game with
templates: does the response carry an ``engine_check`` whose verdict matches the
expected answer (one of its ``answer_keywords``, or the start of ``answer``) and
does the answer text start with that verdict? For ``lookup`` and
``unanswerable`` questions: how many get an ``engine_check`` at all, and does
any contradict the text (``agrees_with_text`` false)? Also the p50/p95 latency
of ``/v1/ask`` when an engine check runs. ``--dense`` also matches templates
with the retriever's embedder (the service matches lexically), to compare.
Then the held-out probe (``tests/grounding/probe_questions.yaml``, see
:mod:`.probe`) through the service's grounder: right and wrong engine checks,
misses and abstentions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from service.core.config import PROJECT_ROOT
from language import fold
from service.grounding.grounder import Grounder
from service.grounding.probe import load_probe, score_probe
from service.grounding.split_scoring import load_jsonl, load_split, report_lines, score_questions, verdict_matches

DEV_SET = PROJECT_ROOT.parent / "shared" / "eval" / "dev_questions.jsonl"
PROBE_SET = PROJECT_ROOT / "tests" / "grounding" / "probe_questions.yaml"
PROBE_BATCH3 = PROJECT_ROOT / "tests" / "grounding" / "probe_batch3.yaml"
PROBE_BATCH4 = PROJECT_ROOT / "tests" / "grounding" / "probe_batch4.yaml"
PROBE_BATCH5 = PROJECT_ROOT / "tests" / "grounding" / "probe_batch5.yaml"
SPLIT_FILE = PROJECT_ROOT / "scripts" / "eval_split.json"
WARM_UP_TIMEOUT_S = 900


def evaluate(questions: list[dict], ask, games: set[str]) -> dict:
    """Score ``ask(question) -> (response body, seconds)`` on the dev questions."""
    edge = {"fr": [0, 0], "en": [0, 0]}
    per_game: dict[str, list[int]] = {}
    others = [0, 0, 0]  # checked, total, contradicting
    for question in questions:
        body, _ = ask(question)
        check = body.get("engine_check")
        if question["kind"] == "edge" and question["game"] in games:
            verdict = check["verdict"] if check else None
            good = bool(check) and verdict_matches(verdict, question) and fold(body["answer"]).startswith(fold(str(verdict)))
            per_game.setdefault(question["game"], [0, 0])
            per_game[question["game"]][0] += good
            per_game[question["game"]][1] += 1
            edge[question["lang"]][0] += good
            edge[question["lang"]][1] += 1
            print(f"{question['id']:>16} {'OK ' if good else 'MISS'} verdict={verdict!r} expected={question['answer_keywords']}")
        elif question["kind"] in ("lookup", "unanswerable"):
            others[1] += 1
            if check is not None:
                others[0] += 1
                others[2] += check["agrees_with_text"] is False
                print(f"{question['id']:>16} CHECKED verdict={check['verdict']!r} ({question['kind']})")
    return {"per_game": per_game, "edge_by_language": edge, "lookups": others}


def main(argv: list[str] | None = None) -> int:
    from fastapi.testclient import TestClient

    from service.api.main import create_app
    from service.core.config import get_settings

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev-set", type=Path, default=DEV_SET)
    parser.add_argument("--repeat", type=int, default=10, help="timing repetitions of each engine-checked question")
    parser.add_argument("--dense", action="store_true", help="match templates with the retriever's embedder too")
    parser.add_argument("--probe", type=Path, default=PROBE_SET, help="held-out probe questions (YAML)")
    parser.add_argument(
        "--split", nargs="+", choices=("tuning", "validation", "train", "probe"),
        help="score the grounder alone (no retriever, no HTTP) on these question sets and stop",
    )
    args = parser.parse_args(argv)
    if args.split:
        return grounder_only(args.split, args.dev_set.parent)
    questions = [json.loads(line) for line in args.dev_set.read_text(encoding="utf-8").splitlines() if line.strip()]
    app = create_app(get_settings())
    with TestClient(app) as client:
        referee = app.state.referee
        if not referee.wait_until_ready(WARM_UP_TIMEOUT_S):
            raise SystemExit(f"the service did not warm up in {WARM_UP_TIMEOUT_S} s: {app.state.warm_up_error}")
        if args.dense:
            referee.grounder = Grounder(referee.grounder.corpus_dir, embedder=referee.retriever.embedder)
            referee.grounder.warm_up()
        print(f"template matching: {'lexical' if referee.grounder.embedder is None else 'lexical + dense'}")

        clear_cache = getattr(referee.retriever, "clear_query_cache", lambda: None)

        def ask(question: dict) -> tuple[dict, float]:
            clear_cache()  # every request pays for its query embedding, as an unseen question does
            started = time.perf_counter()
            response = client.post("/v1/ask", json={"game": question["game"], "question": question["question"],
                                                    "lang": question.get("lang")})
            elapsed = time.perf_counter() - started
            response.raise_for_status()
            return response.json(), elapsed

        report = evaluate(questions, ask, {t.game for t in referee.grounder.templates})
        timings, grounding = [], []
        for question in questions:
            body, _ = ask(question)
            if body.get("engine_check") is None:
                continue
            timings += [ask(question)[1] * 1000 for _ in range(args.repeat)]
            grounding += [_timed(referee.grounder.check, question) for _ in range(args.repeat)]
        probe_questions = load_probe(args.probe)
        probe = score_probe(referee.grounder, probe_questions)
    print()
    for game, (good, total) in sorted(report["per_game"].items()):
        print(f"edge {game:<10} {good}/{total} = {good / total:.2f}")
    all_good = sum(g for g, _ in report["per_game"].values())
    all_total = sum(t for _, t in report["per_game"].values())
    print(f"edge all        {all_good}/{all_total} = {all_good / max(all_total, 1):.2f}  (target >= 0.80)")
    for language, (good, total) in report["edge_by_language"].items():
        if total:
            print(f"edge {language:<10} {good}/{total} = {good / total:.2f}")
    checked, total, contradicting = report["lookups"]
    print(f"lookup/unanswerable with engine_check: {checked}/{total} = {checked / max(total, 1):.2f} "
          f"(target <= 0.10), contradicting the text: {contradicting}")
    if timings:
        timings.sort()
        p95 = timings[int(0.95 * (len(timings) - 1))]
        print(f"/v1/ask latency with an engine check (TestClient, in-process): p50 {statistics.median(timings):.1f} ms, "
              f"p95 {p95:.1f} ms over {len(timings)} requests (target p95 <= 100 ms)")
        grounding.sort()
        print(f"of which the engine check (Grounder.check): p50 {statistics.median(grounding):.1f} ms, "
              f"p95 {grounding[int(0.95 * (len(grounding) - 1))]:.1f} ms")
    others = len(probe_questions) - probe.covered
    print(f"probe ({len(probe_questions)} held-out questions): engine-checked {probe.checked}, no check {len(probe.missed) + len(probe.abstained)}")
    print(f"probe covered edges: right {len(probe.right)}/{probe.covered} = {len(probe.right) / max(probe.covered, 1):.2f} "
          f"(target >= 0.50), missed {probe.missed}")
    print(f"probe uncovered/lookup without a check: {len(probe.abstained)}/{others}")
    print(f"probe wrong verdicts: {len(probe.wrong)} {probe.wrong} (target 0)")
    return 0


def grounder_only(parts: list[str], eval_dir: Path) -> int:
    """``--split``: engine reached and verdict right per language, checks on lookups; the probes."""
    from service.core.config import get_settings

    grounder = Grounder(get_settings().corpus_dir)
    grounder.warm_up()
    games = {template.game for template in grounder.templates}
    for part in parts:
        if part == "probe":
            for path in (PROBE_SET, PROBE_BATCH3, PROBE_BATCH4, PROBE_BATCH5):
                questions = load_probe(path)
                probe = score_probe(grounder, questions)
                others = len(questions) - probe.covered
                print(f"probe {path.name}: covered right {len(probe.right)}/{probe.covered}, wrong {len(probe.wrong)} "
                      f"{probe.wrong}, uncovered/lookup without a check {len(probe.abstained)}/{others}")
            continue
        if part == "train":
            questions = load_jsonl(eval_dir / "train_questions.jsonl")
        else:
            questions = load_split(SPLIT_FILE, eval_dir, part)
        for line in report_lines(part, score_questions(grounder, questions, games)):
            print(line)
    return 0


def _timed(check, question: dict) -> float:
    started = time.perf_counter()
    check(question["question"], question["game"], question.get("lang"))
    return (time.perf_counter() - started) * 1000


if __name__ == "__main__":
    raise SystemExit(main())
