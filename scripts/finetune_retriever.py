#!/bin/sh
''''exec "$(dirname "$0")/../.venv/bin/python" "$0" "$@" #'''
"""Measure the fine-tuned retriever against the bundled MiniLM on held-out questions (``index.finetune``).

Usage:
    scripts/finetune_retriever.py kfold [--folds 5]      # train questions split by question: fine-tune on the
                                                         # other folds + corpus pairs, score the held-out fold
    scripts/finetune_retriever.py games                  # leave one game out: no train question of that game
    scripts/finetune_retriever.py part tuning            # the model the product builds (all train questions,
                                                         # reused from <repo>/.index/models when there), scored
                                                         # on a part's answerable questions
    ... [--json OUT] [--sources question,heading,...] [--epochs N] [--learning-rate X]

Every score is ``Retriever.run`` (hybrid, the default options, torch runtime) on questions with
gold quotes: hit@k when a gold quote lies in one of the first k passages; MRR over 5. The bundled
model is scored on the same questions in the same run. Never pass the validation part while tuning.
"""


import argparse
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from eval_parts import load_part  # noqa: E402
from index import Retriever  # noqa: E402
from index.corpus import load_corpus  # noqa: E402
from index.embedders import DEFAULT_EMBEDDING_MODEL, create_embedder  # noqa: E402
from index.finetune import FinetuneRecipe, ensure_finetuned_model, finetune, training_pairs  # noqa: E402
from index.training_pairs import load_questions  # noqa: E402

TRAIN = ROOT.parent / "shared" / "eval" / "train_questions.jsonl"
DEPTH = 5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/finetune_retriever.py", description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["kfold", "games", "part"])
    parser.add_argument("part", nargs="?", choices=["train", "tuning", "validation"], default="tuning")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--sources", help="comma-separated pair sources (default: all)")
    parser.add_argument("--epochs", type=int)
    parser.add_argument("--learning-rate", type=float)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    recipe = FinetuneRecipe()
    if args.sources:
        recipe = replace(recipe, sources=tuple(args.sources.split(",")))
    if args.epochs:
        recipe = replace(recipe, epochs=args.epochs)
    if args.learning_rate:
        recipe = replace(recipe, learning_rate=args.learning_rate)
    train = load_questions(TRAIN)
    if args.mode == "kfold":
        order = sorted(train, key=lambda q: q["id"])
        random.Random(0).shuffle(order)
        splits = [(f"fold {i}", [q for j, q in enumerate(order) if j % args.folds != i],
                   [q for j, q in enumerate(order) if j % args.folds == i]) for i in range(args.folds)]
    elif args.mode == "games":
        games = sorted({q["game"] for q in train})
        splits = [(f"without {g}", [q for q in train if q["game"] != g], [q for q in train if q["game"] == g])
                  for g in games]
    else:
        splits = [(f"all train -> {args.part}", None, load_part(args.part))]
    report = run(splits, recipe)
    print(json.dumps(report["total"], indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


def run(splits, recipe: FinetuneRecipe) -> dict:
    rulebooks = load_corpus(ROOT / "corpus")
    rows = {"bundled": [], "finetuned": []}
    per_split = []
    with tempfile.TemporaryDirectory(prefix="arbitre-ft-") as scratch:
        bundled = _retriever(create_embedder(DEFAULT_EMBEDDING_MODEL, threads=recipe.threads), Path(scratch))
        for number, (name, fit, held_out) in enumerate(splits):
            if fit is None:  # the product's model: every training question
                report = ensure_finetuned_model(ROOT / "corpus", TRAIN, ROOT / ".index" / "models", recipe)
            else:
                report = finetune(training_pairs(rulebooks, fit, recipe.sources), recipe, Path(scratch) / f"model-{number}")
            tuned = _retriever(create_embedder(f"finetuned-{number}", threads=recipe.threads,
                                               model_dir=report.folder), Path(scratch))
            held = [q for q in held_out if q.get("gold_quotes")]
            split_rows = {label: [_row(r, q) for q in held] for label, r in (("bundled", bundled), ("finetuned", tuned))}
            for label in rows:
                rows[label] += split_rows[label]
            per_split.append({"split": name, "pairs": report.pairs, "train_seconds": round(report.seconds, 1),
                              "steps": report.steps, **{label: _metrics(r) for label, r in split_rows.items()}})
            print(json.dumps(per_split[-1]), file=sys.stderr, flush=True)
    return {"recipe": recipe.__dict__, "load_average": os.getloadavg(), "splits": per_split,
            "total": {label: _metrics(r) for label, r in rows.items()}, "rows": rows}


def _retriever(embedder, index_dir: Path) -> Retriever:
    retriever = Retriever(ROOT / "corpus", index_dir, embedder=embedder)
    retriever.warm_up()
    return retriever


def _row(retriever: Retriever, question: dict) -> dict:
    hits = retriever.run(question["question"], game=question["game"], k=DEPTH)
    golds = [" ".join(quote.split()) for quote in question["gold_quotes"]]
    rank = next((i for i, hit in enumerate(hits, 1) if any(g in " ".join(hit.passage.split()) for g in golds)), None)
    return {"id": question["id"], "lang": question["lang"], "rank": rank}


def _metrics(rows: list[dict]) -> dict:
    def share(subset, depth):
        return round(sum(1 for r in subset if r["rank"] and r["rank"] <= depth) / max(1, len(subset)), 3)

    english = [r for r in rows if r["lang"] == "en"]
    return {"n": len(rows), "hit@1": share(rows, 1), "hit@3": share(rows, 3),
            "MRR": round(sum(1 / r["rank"] for r in rows if r["rank"]) / max(1, len(rows)), 3),
            "n_en": len(english), "en_hit@1": share(english, 1), "en_hit@3": share(english, 3)}


if __name__ == "__main__":
    started = time.perf_counter()
    status = main()
    print(f"{time.perf_counter() - started:.0f} s", file=sys.stderr)
    sys.exit(status)
