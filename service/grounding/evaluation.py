"""Evaluate engine-checked answers on the dev set (``scripts/eval_grounded``).

For each ``edge`` question of a game with templates: does the grounder give an
``engine_check`` whose verdict matches the expected answer (one of its
``answer_keywords``, or the start of ``answer``) and does the answer text start
with that verdict? For ``lookup`` and ``unanswerable`` questions: how many get an
``engine_check`` at all, and does any contradict the text (``agrees_with_text``
false)? Also the p95 latency of an engine check, measured in-process.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from service.core.config import PROJECT_ROOT
from service.grounding.folding import fold
from service.grounding.grounder import Grounder

DEV_SET = PROJECT_ROOT.parent / "shared" / "eval" / "dev_questions.jsonl"


def verdict_matches(verdict, question: dict) -> bool:
    """The verdict equals one of the expected keywords, or the expected answer starts with it."""
    if verdict is None:
        return False
    said = fold(str(verdict))
    keywords = [fold(str(k)) for k in question.get("answer_keywords") or []]
    return any(said == k or said.startswith(k + " ") or said.startswith(k + ",") for k in keywords) or fold(
        question.get("answer", "")
    ).startswith(said)


def evaluate(questions: list[dict], grounder: Grounder) -> dict:
    games = {t.game for t in grounder.templates}
    edge = {"fr": [0, 0], "en": [0, 0]}
    per_game: dict[str, list[int]] = {}
    others = [0, 0, 0]  # checked, total, contradicting
    latencies = []
    for question in questions:
        started = time.perf_counter()
        grounded = grounder.check(question["question"], question["game"], question.get("lang"))
        elapsed = time.perf_counter() - started
        if grounded is not None:
            latencies.append(elapsed)
        if question["kind"] == "edge" and question["game"] in games:
            verdict = grounded.engine_check["verdict"] if grounded else None
            good = bool(grounded) and verdict_matches(verdict, question) and fold(grounded.text).startswith(fold(str(verdict)))
            per_game.setdefault(question["game"], [0, 0])
            per_game[question["game"]][0] += good
            per_game[question["game"]][1] += 1
            edge[question["lang"]][0] += good
            edge[question["lang"]][1] += 1
            print(f"{question['id']:>16} {'OK ' if good else 'MISS'} verdict={verdict!r} expected={question['answer_keywords']}")
        elif question["kind"] in ("lookup", "unanswerable"):
            others[1] += 1
            if grounded is not None:
                others[0] += 1
                others[2] += grounded.engine_check["agrees_with_text"] is False
                print(f"{question['id']:>16} CHECKED verdict={grounded.engine_check['verdict']!r} ({question['kind']})")
    return {"per_game": per_game, "edge_by_language": edge, "lookups": others, "latencies": latencies}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev-set", type=Path, default=DEV_SET)
    parser.add_argument("--repeat", type=int, default=20, help="timing repetitions of each checked question")
    args = parser.parse_args(argv)
    questions = [json.loads(line) for line in args.dev_set.read_text(encoding="utf-8").splitlines() if line.strip()]
    grounder = Grounder(PROJECT_ROOT / "corpus")
    grounder.warm_up()
    report = evaluate(questions, grounder)
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
    timings = []
    for question in questions:
        if grounder.check(question["question"], question["game"], question.get("lang")) is None:
            continue
        for _ in range(args.repeat):
            started = time.perf_counter()
            grounder.check(question["question"], question["game"], question.get("lang"))
            timings.append((time.perf_counter() - started) * 1000)
    if timings:
        timings.sort()
        p95 = timings[int(0.95 * (len(timings) - 1))]
        print(f"engine check latency (grounder only, in-process): p50 {statistics.median(timings):.1f} ms, "
              f"p95 {p95:.1f} ms over {len(timings)} runs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
