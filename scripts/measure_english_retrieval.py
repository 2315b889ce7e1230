#!/usr/bin/env python3
"""Does the English translation help retrieve the rules for English questions? Chunk-level hit@k.

Usage:
    scripts/measure_english_retrieval.py                  # English questions of ../shared/eval/train_questions.jsonl
    scripts/measure_english_retrieval.py --part tuning    # English questions of the tuning part (scripts/eval_split.json)

Variants, all in one run over the same retriever (numbers are untuned: RRF's usual k=60):
the default ``index.Retriever`` ranking (French text, glossary expansion); the
query expanded with the French of the best-matching translated sentences (BM25
over the English sentences); each chunk's English alone (BM25, MiniLM); and the
default ranking fused by reciprocal rank with the English rankings. A question is
a hit at rank r when a gold quote lies in the passage of the chunk ranked r.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from index import RetrievalOptions, Retriever, create_embedder  # noqa: E402
from index.corpus import Translation, load_corpus, load_translation  # noqa: E402
from index.embedders import DEFAULT_EMBEDDING_MODEL  # noqa: E402
from index.lexical import BM25  # noqa: E402
from index.normalize import Normalizer  # noqa: E402

EVAL = ROOT.parent / "shared" / "eval"
DEPTH = 5
RRF_K = 60


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["train", "tuning"], default="train")
    args = parser.parse_args(argv)
    questions = [q for q in _questions(args.part) if q["lang"] == "en" and q["gold_quotes"]]
    retriever = Retriever(ROOT / "corpus", ROOT / ".index")
    retriever.warm_up()
    embedder = create_embedder(DEFAULT_EMBEDDING_MODEL)
    embedder.warm_up()
    normalizer = Normalizer()
    translations = {rb.id: load_translation(rb) for rb in load_corpus(ROOT / "corpus")}
    sentence_bm25 = {game: _sentence_index(t, normalizer) for game, t in translations.items() if t}
    ranks: dict[str, list[int | None]] = {}
    vectors: dict[tuple[str, int, int], np.ndarray] = {}
    for question in questions:
        game, text = question["game"], question["question"]
        hits = retriever.run(text, game=game, k=100)
        passages = [hit.passage for hit in hits]
        english = [_english(translations[game], hit.source[1], hit.source[2]) for hit in hits]
        missing = [(i, e) for i, e in enumerate(english) if (game, *hits[i].source[1:]) not in vectors]
        if missing:
            for (i, _), vector in zip(missing, embedder.embed([e for _, e in missing]), strict=True):
                vectors[(game, *hits[i].source[1:])] = vector
        default = list(range(len(hits)))
        lexical = _order(BM25([normalizer.tokens(e) for e in english]).scores(normalizer.tokens(text)))
        chunk_vectors = np.stack([vectors[(game, *hit.source[1:])] for hit in hits])
        dense = _order(chunk_vectors @ embedder.embed([text])[0])
        variants: dict[str, list[int]] = {
            "default": default,
            "English BM25 alone": lexical,
            "English MiniLM alone": dense,
            "RRF(default, English BM25)": _rrf(default, lexical),
            "RRF(default, English MiniLM)": _rrf(default, dense),
            "RRF(default, English BM25, English MiniLM)": _rrf(default, lexical, dense),
        }
        for top in (1, 2):
            expanded = _expanded(text, game, sentence_bm25, normalizer, top)
            order = [passages.index(hit.passage) for hit in retriever.run(expanded, game=game, k=DEPTH)]
            variants[f"query + French of {top} best English sentence(s)"] = order
        golds = [_squash(g) for g in question["gold_quotes"]]
        for name, order in variants.items():
            ranks.setdefault(name, []).append(_first_hit(order, passages, golds))
    print(f"{len(questions)} English questions with gold quotes ({args.part})")
    print(f"{'variant':48} {'hit@1':>6} {'hit@3':>6} {'hit@5':>6}")
    for name, found in ranks.items():
        shares = [sum(1 for r in found if r and r <= depth) / len(found) for depth in (1, 3, 5)]
        print(f"{name:48} " + " ".join(f"{share:6.3f}" for share in shares))
    return 0


def _questions(part: str) -> list[dict]:
    if part == "train":
        return _jsonl(EVAL / "train_questions.jsonl")
    split = json.loads((ROOT / "scripts" / "eval_split.json").read_text(encoding="utf-8"))
    wanted = set(split[part])
    return [
        q for prefix, name in split["sources"].items() for q in _jsonl(EVAL / name) if f"{prefix}/{q['id']}" in wanted
    ]


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _english(translation: Translation | None, start: int, end: int) -> str:
    return " ".join(s.en_text for s in translation.within(start, end)) if translation else ""


def _sentence_index(translation: Translation, normalizer: Normalizer) -> tuple[list[str], BM25]:
    body = [s for s in translation.sentences if not s.heading]
    return [s.fr_text for s in body], BM25([normalizer.tokens(s.en_text) for s in body])


def _expanded(text: str, game: str, indexes: dict, normalizer: Normalizer, top: int) -> str:
    french, bm25 = indexes[game]
    scores = bm25.scores(normalizer.tokens(text))
    return " ".join([text, *(french[i] for i in _order(scores)[:top] if scores[i] > 0)])


def _order(scores: np.ndarray) -> list[int]:
    return [int(i) for i in np.argsort(-scores, kind="stable")]


def _rrf(*orders: list[int]) -> list[int]:
    fused = np.zeros(len(orders[0]))
    for order in orders:
        for position, row in enumerate(order):
            fused[row] += 1 / (RRF_K + position)
    return _order(fused)


def _first_hit(order: list[int], passages: list[str], golds: list[str]) -> int | None:
    return next((rank for rank, row in enumerate(order[:DEPTH], 1) if any(g in _squash(passages[row]) for g in golds)), None)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


if __name__ == "__main__":
    sys.exit(main())
