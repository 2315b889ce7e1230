#!/usr/bin/env python3
"""How the abstention and the confidence of the current code generalise: leave-one-game-out on train, train → tuning.

Runs the service's own composition (``service/answers/compose.py``) on each part's retrieved
passages (``scripts/fit_answers.py``'s cached records) and reports, per part, with their n:

* abstention recall (unanswerable questions abstained) and false abstentions (answerable ones
  abstained), engine-checked questions never abstaining (``service/referee.py``);
* the gate that decided each abstention (``service/answers/abstention.py``), split unanswerable /
  answerable, so a gate that only costs false abstentions shows;
* confident-wrong (answered at confidence ≥ 0.8 with the ruling wrong) and the ECE of the composed
  answers' confidence (engine-checked answers have their own table, ``docs/calibration.md``).

``train`` is leave-one-game-out: the answerable and confidence models and both thresholds are fit on
the four other games (the same fitting code as ``scripts/fit_answers.py``), so each game's questions
are judged by models that never saw that game. The known gaps' phrasings were written reading the
training questions, so the train figures for the ``known_gap`` gate stay optimistic whatever the
folds; ``tuning`` and ``probes`` (``scripts/eval_parts.py``) are judged by the shipped models and
are the honest check. Nothing is written to ``service/answers/models``.

Usage: scripts/probe_abstention.py [--parts train tuning probes] [--refresh] [--json OUT]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fit_answers as fit  # noqa: E402  (sets up sys.path and the offline environment)
import numpy as np  # noqa: E402

import service.answers.compose as compose_module  # noqa: E402
from service.answers.abstention import Abstention  # noqa: E402
from service.answers.calibration import (ANSWER_FEATURES, AnswerModels, default_models,  # noqa: E402
                                         expected_calibration_error)
from service.answers.corpus import CorpusTexts  # noqa: E402
from service.answers.gaps import gap_catalogue, match  # noqa: E402

CONFIDENT = 0.8


@contextlib.contextmanager
def recorded_decisions() -> Iterator[list[Abstention]]:
    """The :class:`Abstention` of every answer composed inside the block (the composer keeps it to itself)."""
    decisions: list[Abstention] = []
    original = compose_module.decide

    def recording(*args, **kwargs) -> Abstention:
        decisions.append(original(*args, **kwargs))
        return decisions[-1]

    compose_module.decide = recording
    try:
        yield decisions
    finally:
        compose_module.decide = original


def compose(record: fit.Record, corpus: CorpusTexts, models: AnswerModels) -> tuple[object, str | None]:
    """The composed answer and the gate that made it abstain (``no_citation`` when nothing was retrieved)."""
    with recorded_decisions() as decisions:
        answer = compose_module.compose_answer(record.question["question"], record.question["game"], record.hits,
                                               corpus, models=models)
    if not answer.abstained:
        return answer, None
    return answer, decisions[-1].reason if decisions else "no_citation"


def measures(rows: list[dict]) -> dict:
    """Recall, false abstentions, gates, confident-wrong and ECE over ``rows`` (one per question)."""
    unanswerable = [r for r in rows if r["unanswerable"]]
    answerable = [r for r in rows if not r["unanswerable"]]
    abstains = [r for r in rows if r["abstained"] and not r["engine"]]
    given = [r for r in rows if not r["abstained"] and not r["engine"]]
    gates = Counter(f"{r['reason']}/{'unanswerable' if r['unanswerable'] else 'answerable'}" for r in abstains)
    return {
        "n": len(rows), "n_unanswerable": len(unanswerable), "n_answerable": len(answerable),
        "abstention_recall": round(sum(r in abstains for r in unanswerable) / max(1, len(unanswerable)), 3),
        "false_abstentions": round(sum(r in abstains for r in answerable) / max(1, len(answerable)), 3),
        "gates": dict(sorted(gates.items())),
        "composed_answers": len(given),
        "confident_wrong_composed": sum(r["confidence"] >= CONFIDENT and not r["right"] for r in given),
        "ece_composed": round(expected_calibration_error([r["confidence"] for r in given],
                                                         [r["right"] for r in given]), 3),
        "missed_unanswerable": [r["id"] for r in unanswerable if r not in abstains],
        "false_abstention_ids": [r["id"] for r in answerable if r in abstains],
    }


def row(record: fit.Record, answer, reason: str | None) -> dict:
    return {"id": record.question["id"], "game": record.question["game"],
            "unanswerable": record.question["kind"] == "unanswerable", "engine": record.engine,
            "abstained": answer.abstained, "reason": reason, "confidence": answer.confidence,
            "right": not answer.abstained and fit.ruling_right(record, answer)}


def shipped(records: list[fit.Record], corpus: CorpusTexts) -> list[dict]:
    """Each question answered by the shipped models."""
    models = default_models()
    return [row(r, *compose(r, corpus, models)) for r in records]


def leave_one_game_out(records: list[fit.Record], corpus: CorpusTexts) -> list[dict]:
    """Each game's questions answered by answerable/confidence models and thresholds fit on the other games.

    The reranker, the polarity models and the second-quote ratio stay the shipped ones (they rank and word;
    their own cross-validation is ``scripts/fit_answers.py``'s).
    """
    base = default_models()
    catalogue = gap_catalogue(corpus.corpus_dir)
    specificity = np.array([_gap_score(r, corpus, catalogue) for r in records])
    games = np.array([r.question["game"] for r in records])
    unanswerable = np.array([r.question["kind"] == "unanswerable" for r in records])
    engine = np.array([r.engine for r in records])
    rows: list[dict] = []
    for game in sorted(set(games)):
        fold = games != game
        gap_at = fit.lowest_gap_threshold(specificity[fold], unanswerable[fold])
        models = AnswerModels(base.reranker, base.polarity, None, None, 0.0, base.second_quote_ratio, gap_at,
                              base.reading)
        composed = [compose(r, corpus, models) for r in records]
        x = np.array([a.signals if a.signals else [0.0] * len(ANSWER_FEATURES) for a, _ in composed])
        gated = np.array([a.abstained for a, _ in composed])
        # P(answerable) on the four games, out of fold among them, for the threshold; then fit on all four.
        inner = fold & ~engine
        inner_oof = np.ones(len(records))
        inner_oof[inner] = fit.out_of_fold("answerable", x[inner], (~unanswerable[inner]).astype(int),
                                           games[inner], _answerable_c())
        threshold = fit.choose_threshold(inner_oof[fold], gated[fold], engine[fold], unanswerable[fold])
        answerable = fit.fit_logistic(x[inner], (~unanswerable[inner]).astype(int), "answerable", ANSWER_FEATURES,
                                      _answerable_c())
        right = np.array([fit.ruling_right(r, a) for r, (a, _) in zip(records, composed)], dtype=int)
        given = fold & ~gated & ~engine & (inner_oof >= threshold)
        confidence = fit.fit_logistic(x[given], right[given], "confidence", ANSWER_FEATURES, _confidence_c())
        held = AnswerModels(base.reranker, base.polarity, confidence, answerable, threshold, base.second_quote_ratio,
                            gap_at, base.reading)
        rows += [row(r, *compose(r, corpus, held)) for r, g in zip(records, games) if g == game]
    return rows


def _answerable_c() -> float:
    model = default_models().answerable
    return float(model.report.get("C", 0.3)) if model else 0.3


def _confidence_c() -> float:
    model = default_models().confidence
    return float(model.report.get("C", 1.0)) if model else 1.0


def _gap_score(record: fit.Record, corpus: CorpusTexts, catalogue) -> float:
    found = match(record.question["question"], catalogue.get(record.question["game"], ()),
                  corpus.rulebook(record.question["game"]))
    return found.score if found else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="+", default=["train", "tuning", "probes"],
                        choices=["train", "tuning", "probes"])
    parser.add_argument("--refresh", action="store_true", help="retrieve again instead of reading the cache")
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args()
    corpus = CorpusTexts(fit.ROOT / "corpus")
    corpus.load()
    report = {}
    for part in args.parts:
        records = fit.collect(part, args.refresh)
        rows = leave_one_game_out(records, corpus) if part == "train" else shipped(records, corpus)
        report[part if part != "train" else "train_leave_one_game_out"] = measures(rows)
    text = json.dumps(report, indent=1, ensure_ascii=False)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
