#!/usr/bin/env python3
"""Measure a fine-tuned cross-encoder against the linear reranker: gold sentence first, out of fold and on tuning.

For each split of the training questions (5 folds by question, then one fold per game), a
cross-encoder (:mod:`index.finetune_cross`) is fine-tuned on the other questions' pairs and the
corpus's FAQ pairs, and scores the held-out questions' candidates. Three rankers are compared on
the questions that have a gold sentence among their candidates:

- ``linear``: the reranker of ``service/answers/models/reranker.json``'s recipe, refit on the same split;
- ``cross``: the cross-encoder's logit alone, over the linear reranker's top K;
- ``both``: the linear features plus the cross-encoder's logit and its gap to the question's best,
  one logistic regression over the top K, fit on the out-of-fold logits of the fit questions.

The tuning part is scored by the models fit on all training questions (the combined one on the
5-fold logits). The validation part is never read.

Usage: scripts/measure_cross_encoder.py [--top-k 3 5 10] [--epochs 2] [--negatives 6] [--trainable-layers 2]
                                        [--no-faq] [--out FILE]
It reads the candidates ``scripts/fit_answers.py`` caches (under ``TMPDIR``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import numpy as np  # noqa: E402
from fit_answers import FOLDS, Record, collect, fit_logistic  # noqa: E402
from sklearn.model_selection import GroupKFold  # noqa: E402

from index.chunker import section_title  # noqa: E402
from index.corpus import load_corpus  # noqa: E402
from index.finetune_cross import (CrossEncoderTrainer, CrossRecipe, QuestionCandidates,  # noqa: E402
                                  candidate_text, faq_pairs, question_pairs)
from service.answers.candidates import FEATURES  # noqa: E402

BOTH_FEATURES = (*FEATURES, "cross", "cross_gap")


def as_candidates(record: Record) -> QuestionCandidates:
    texts = tuple(candidate_text(section_title(c.section), c.text, c.english, record.language) for c in record.candidates)
    return QuestionCandidates(record.question["question"], record.question["game"], texts, tuple(record.labels),
                              tuple(c.features[0] for c in record.candidates))


def linear_logits(fit: list[Record], scored: list[Record]) -> list[np.ndarray]:
    x = np.array([c.features for r in fit for c in r.candidates])
    y = np.array([label for r in fit for label in r.labels], dtype=int)
    model = fit_logistic(x, y, "reranker", FEATURES)
    return [np.array([model.logit(c.features) for c in r.candidates]) for r in scored]


def top_k(linear: np.ndarray, k: int) -> np.ndarray:
    return np.argsort(-linear, kind="stable")[:k]


def both_rows(record: Record, linear: np.ndarray, cross: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    kept = top_k(linear, k)
    best = cross[kept].max()
    rows = np.array([[*record.candidates[i].features, cross[i], cross[i] - best] for i in kept])
    return kept, rows


def fit_both(fit: list[Record], linear: list[np.ndarray], cross: list[np.ndarray], k: int):
    xs, ys = [], []
    for record, lin, ce in zip(fit, linear, cross):
        kept, rows = both_rows(record, lin, ce, k)
        xs.append(rows)
        ys += [record.labels[i] for i in kept]
    return fit_logistic(np.vstack(xs), np.array(ys, dtype=int), "reranker_cross", BOTH_FEATURES)


def firsts(record: Record, linear: np.ndarray, cross: np.ndarray, both, k: int) -> dict[str, bool]:
    """Whether each ranker puts a gold sentence first."""
    kept = top_k(linear, k)
    out = {"linear": record.labels[int(kept[0])], "cross": record.labels[int(kept[np.argmax(cross[kept])])]}
    if both is not None:
        kept, rows = both_rows(record, linear, cross, k)
        out["both"] = record.labels[int(kept[np.argmax([both.logit(row) for row in rows])])]
    return out


def summarise(flags: list[dict[str, bool]]) -> dict[str, float]:
    return {name: round(float(np.mean([f[name] for f in flags])), 3) for name in flags[0]} if flags else {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top-k", type=int, nargs="+", default=[3, 5, 10])
    parser.add_argument("--epochs", type=int, default=CrossRecipe.epochs)
    parser.add_argument("--negatives", type=int, default=CrossRecipe.negatives_per_question)
    parser.add_argument("--trainable-layers", type=int, default=CrossRecipe.trainable_layers)
    parser.add_argument("--no-faq", action="store_true", help="train on the question pairs only")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    recipe = replace(CrossRecipe(), epochs=args.epochs, negatives_per_question=args.negatives,
                     trainable_layers=args.trainable_layers)
    deepest = max(args.top_k)
    started = time.perf_counter()

    train = collect("train", False)
    tuning = collect("tuning", False)
    items = [as_candidates(r) for r in train]
    tuning_items = [as_candidates(r) for r in tuning]
    corpus_pairs = [] if args.no_faq else faq_pairs(load_corpus(ROOT / "corpus"), random.Random(recipe.seed))
    games = np.array([r.question["game"] for r in train])
    splitters = {"question": list(GroupKFold(FOLDS).split(train, groups=np.arange(len(train)))),
                 "game": list(GroupKFold(len(set(games))).split(train, groups=games))}
    linear = {}
    for split, folds in splitters.items():
        linear[split] = [None] * len(train)
        for fit_rows, held_rows in folds:
            held = linear_logits([train[j] for j in fit_rows], [train[j] for j in held_rows])
            for i, logits in zip(held_rows, held):
                linear[split][i] = logits
    linear_tuning = linear_logits(train, tuning)

    trainer = CrossEncoderTrainer(recipe)
    keys = [(p.query, p.text) for p in question_pairs(items, recipe.negatives_per_question) + corpus_pairs]
    for split in splitters:
        keys += [(items[i].question, items[i].texts[j]) for i in range(len(train)) for j in top_k(linear[split][i], deepest)]
    keys += [(item.question, item.texts[j]) for item, lin in zip(tuning_items, linear_tuning) for j in top_k(lin, deepest)]
    trainer.lower_states(keys)
    report: dict = {"recipe": recipe.__dict__, "faq_pairs": len(corpus_pairs), "train_questions": len(train),
                    "with_gold": sum(any(r.labels) for r in train), "pairs_cached": len(set(keys)),
                    "cache_seconds": round(time.perf_counter() - started)}
    print(json.dumps(report), flush=True)

    def train_on(indexes):
        pairs = question_pairs([items[i] for i in indexes], recipe.negatives_per_question) + corpus_pairs
        begun = time.perf_counter()
        model = trainer.train(pairs)
        print(f"  trained on {len(pairs)} pairs in {time.perf_counter() - begun:.0f} s", flush=True)
        return model

    def scored(model, item: QuestionCandidates, lin: np.ndarray) -> np.ndarray:
        kept = top_k(lin, deepest)
        values = np.full(len(item.texts), -1e9)
        values[kept] = trainer.score(model, item.question, [item.texts[j] for j in kept])
        return values

    cross_oof = {}
    for split, folds in splitters.items():
        cross = [None] * len(train)
        for fold, (fit_rows, held_rows) in enumerate(folds):
            print(f"{split} fold {fold}: {len(fit_rows)} fit, {len(held_rows)} held out", flush=True)
            model = train_on(fit_rows)
            for i in held_rows:
                cross[i] = scored(model, items[i], linear[split][i])
        cross_oof[split] = cross
        result = {}
        for k in args.top_k:
            flags = []
            for fit_rows, held_rows in folds:
                both = fit_both([train[i] for i in fit_rows], [linear[split][i] for i in fit_rows],
                                [cross[i] for i in fit_rows], k)
                flags += [(i, firsts(train[i], linear[split][i], cross[i], both, k)) for i in held_rows
                          if any(train[i].labels)]
            by_game = {game: {"n": sum(1 for i, _ in flags if games[i] == game),
                              **summarise([f for i, f in flags if games[i] == game])} for game in sorted(set(games))}
            result[f"top{k}"] = {"n": len(flags), **summarise([f for _, f in flags]), "by_game": by_game}
        report[f"out_of_fold_by_{split}"] = result
        print(split, json.dumps(result), flush=True)

    print("tuning: fit on all training questions", flush=True)
    model = train_on(range(len(train)))
    cross_tuning = [scored(model, item, lin) for item, lin in zip(tuning_items, linear_tuning)]
    result = {}
    for k in args.top_k:
        both = fit_both(train, linear["question"], cross_oof["question"], k)
        flags = [firsts(r, lin, ce, both, k) for r, lin, ce in zip(tuning, linear_tuning, cross_tuning) if any(r.labels)]
        games_tuning = [r.question["game"] for r in tuning if any(r.labels)]
        by_game = {game: {"n": games_tuning.count(game),
                          **summarise([f for f, g in zip(flags, games_tuning) if g == game])}
                   for game in sorted(set(games_tuning))}
        result[f"top{k}"] = {"n": len(flags), **summarise(flags), "by_game": by_game}
    report["tuning"] = result
    report["seconds"] = round(time.perf_counter() - started)
    print("tuning", json.dumps(result), flush=True)
    if args.out:
        args.out.write_text(json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")


if __name__ == "__main__":
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    main()
