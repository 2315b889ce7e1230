#!/usr/bin/env python3
"""How often the reading of the rule (``service/answers/polarity.py``) says the right yes or no, by cue.

For every yes/no question of a part (verdict yes or no), the reading is made against the gold
sentence (the rule that answers, as labelled), against the reranker's best sentence, and against
the answer's quotes (what the service reads: the first quote whose reading decides rules). Reported
by cue: how many questions the cue decides and how many of those it gets right, against the base
rate (always the majority verdict). A cue is
worth deciding on when its accuracy on train beats the base rate; the cues were designed on train,
so train is in-sample for the lexicon and the tuning part is the check. On train, the polarity
model's guesses where no reading of the quotes decides are reported out of fold by game (the
questions answered from the text only: an engine check replaces the guess).

Usage: scripts/eval_polarity.py [--part train|tuning] (reads the retrieval cache of scripts/fit_answers.py)
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import fit_answers  # noqa: E402

from service.answers.calibration import default_models  # noqa: E402
from service.answers.compose import answer_quotes  # noqa: E402
from service.answers.corpus import CorpusTexts  # noqa: E402
from service.answers.linear import load_model  # noqa: E402
from service.answers.orders import rulebook_orders  # noqa: E402
from service.answers.polarity import CUES, DECIDING_CUES, faq_opening, load_policy, read_polarity  # noqa: E402
from service.answers.reranker import rank  # noqa: E402

setattr(sys.modules["__main__"], "Record", fit_answers.Record)  # the cache pickles fit_answers' Record as __main__'s


def readings(part: str, evidence_kind: str, corpus: CorpusTexts) -> list[tuple[str, str, bool | None, bool, float]]:
    """(question id, cue, verdict read, verdict is yes, alignment) per yes/no question with such evidence.

    ``evidence_kind``: ``gold``, ``best`` or ``quotes`` (the first quote whose reading decides, else the best's).
    """
    models = default_models()
    rows = []
    for record in fit_answers.collect(part, refresh=False):
        if record.question.get("verdict") not in ("yes", "no"):
            continue
        if evidence_kind == "gold":
            chosen = [c for c, gold in zip(record.candidates, record.labels) if gold][:1]
        else:
            ranked = rank(record.candidates, models.reranker)
            chosen = answer_quotes(ranked, models.second_quote_ratio) if ranked else []
            chosen = chosen if evidence_kind == "quotes" else chosen[:1]
        if not chosen:
            continue
        rulebook = corpus.rulebook(record.question["game"])
        found = [read_polarity(record.question["question"], record.language, c.text, c.english,
                               faq_opening(rulebook, c.start), rulebook_orders(rulebook.text)) for c in chosen]
        index = models.reading.deciding(found) if models.reading is not None else None
        reading = found[index if index is not None else 0]
        rows.append((record.question["id"], reading.cue, reading.verdict, record.question["verdict"] == "yes",
                     reading.alignment))
    return rows


def report(rows, deciding: tuple[str, ...]) -> dict:
    n = len(rows)
    yes = sum(row[3] for row in rows)
    by_cue = defaultdict(lambda: [0, 0])
    for _, cue, verdict, truth, _ in rows:
        if verdict is not None:
            by_cue[cue][0] += 1
            by_cue[cue][1] += verdict == truth
    decided = [(v, t) for _, cue, v, t, _ in rows if v is not None and cue in deciding]
    return {"n": n, "share_no": round(1 - yes / max(1, n), 3),
            "by_cue (decided, right)": {cue: tuple(by_cue[cue]) for cue in CUES if by_cue[cue][0]},
            "deciding": deciding, "decided": len(decided), "right": sum(v == t for v, t in decided)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", default="train", choices=("train", "tuning", "probes"))
    parser.add_argument("--show", action="store_true", help="print each question's cue and verdict")
    args = parser.parse_args()
    corpus = CorpusTexts(ROOT / "corpus")
    corpus.load()
    policy = load_policy()
    for kind in ("gold", "best", "quotes"):
        rows = readings(args.part, kind, corpus)
        print(f"{args.part} {kind} sentence, every alignment:", report(rows, DECIDING_CUES))
        if policy is not None:
            aligned = [row for row in rows if row[4] >= policy.min_alignment]
            print(f"{args.part} {kind} sentence, alignment >= {policy.min_alignment}:", report(aligned, policy.cues))
        if args.show:
            for row in rows:
                print("  ", *row[:4], round(row[4], 2), "" if row[2] is None or row[2] == row[3] else "WRONG")
    if args.part == "train" and policy is not None:
        models = default_models()
        train = fit_answers.collect("train", refresh=False)
        rows = fit_answers.polarity_rows(train, models.reranker, corpus, models.second_quote_ratio)
        games = {train[i].question["game"] for i, _, _ in rows}
        guesses = fit_answers.model_guesses(train, rows, {game: policy.min_alignment for game in games},
                                            models.reranker, float(models.polarity.report["C"]))
        print("polarity model's guesses where no reading of the quotes decides (text answers, out of fold by game):",
              guesses)


if __name__ == "__main__":
    main()
