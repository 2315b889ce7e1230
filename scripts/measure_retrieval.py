#!/usr/bin/env python3
"""Which passage comes first, in process: hit@1 / hit@3 / MRR by game, language and kind, and why the misses miss.

Two rankings of each answerable question with gold quotes (a hit: a gold quote, normalised as
``score_http.py`` normalises it, lies in the passage):

- ``retriever``: ``Retriever.run`` as the service calls it (the referee's depth, 5; ranks past it up to 10
  are shown for the misses);
- ``reranked``: the order the answer cites those 5 passages in (each passage at its best candidate sentence,
  ``service/answers/compose.py``), with the reranker refit here from the current candidate features:
  on train out of fold by game (each game's questions ranked by a model fit on the four others), on the
  other parts fit on every training question (what ``scripts/fit_answers.py`` ships). ``--shipped`` uses
  ``service/answers/models/reranker.json`` as it is instead.

Engine-checked answers cite the engine's rules first over HTTP, so retrieval decides the first citation of the
questions the rules engine does not check: ``by_path`` splits every part into ``text`` (those, where the
cited order here is the order ``POST /v1/ask`` cites) and ``engine`` (the grounder checks the question).

Parts: ``train`` (../shared/eval/train_questions.jsonl), ``tuning`` (scripts/eval_split.json), ``probes``
(scripts/probes/blind), ``fresh`` (the build halves scripts/probes/fresh*/*.build.jsonl). The validation
part and the probes' report halves are never read.

Usage: scripts/measure_retrieval.py [--parts train tuning probes fresh] [--misses PART] [--shipped] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import numpy as np  # noqa: E402
from eval_parts import load_part  # noqa: E402
from fit_answers import fit_logistic, is_gold, norm  # noqa: E402

from index.chunker import section_title  # noqa: E402
from language import detect_language  # noqa: E402
from service.answers.candidates import FEATURES, Candidate, candidates, question_view  # noqa: E402
from service.answers.corpus import CorpusTexts  # noqa: E402
from service.answers.linear import LinearModel, load_model  # noqa: E402
from service.grounding import Grounder, GroundedAnswer  # noqa: E402
from service.referee import ASK_RETRIEVAL_DEPTH  # noqa: E402

PARTS = ("train", "tuning", "probes", "fresh")
SHOWN_DEPTH = 10
"""Retrieved this deep to tell a gold passage at rank 6–10 from one not found at all."""


@dataclass
class Measured:
    question: dict
    language: str
    sections: list[str]
    """The retrieved passages' sections, best first (``SHOWN_DEPTH`` of them)."""
    gold_hits: list[bool]
    """Whether each retrieved passage holds a gold quote."""
    found: list[Candidate]
    labels: list[bool]
    """Whether each candidate sentence is a gold quote (the reranker's label, as ``fit_answers.py`` labels it)."""
    engine: bool
    """Whether the rules engine checks the question (its citations then come first over HTTP)."""

    def retriever_rank(self) -> int | None:
        return next((i + 1 for i, gold in enumerate(self.gold_hits) if gold), None)

    def cited_order(self, logits: np.ndarray) -> list[int]:
        """The passages (retrieval ranks, 0-based) in the order the answer cites them: by their best candidate."""
        order: list[int] = []
        for i in np.argsort(-logits, kind="stable"):
            if self.found[i].hit_rank not in order:
                order.append(self.found[i].hit_rank)
        return order

    def rank_in(self, order: list[int]) -> int | None:
        """The rank of the first gold passage in ``order`` (retrieval ranks, 0-based), or None."""
        return next((i + 1 for i, hit in enumerate(order) if self.gold_hits[hit]), None)


def questions(part: str) -> list[dict]:
    if part == "fresh":
        files = sorted((ROOT / "scripts" / "probes").glob("fresh*/*.build.jsonl"))
        return [json.loads(line) for path in files for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return load_part(part)


def measure(part: str, retriever, corpus: CorpusTexts, grounder) -> list[Measured]:
    measured = []
    for question in questions(part):
        golds = [norm(g) for g in question.get("gold_quotes") or []]
        if question["kind"] == "unanswerable" or not golds:
            continue
        rulebook = corpus.rulebook(question["game"])
        language = detect_language(question["question"])
        hits = retriever.run(question["question"], game=question["game"], k=SHOWN_DEPTH)
        found = candidates(question_view(question["question"], language, rulebook), hits[:ASK_RETRIEVAL_DEPTH], rulebook)
        measured.append(Measured(question, language, [hit.section for hit in hits],
                                 [any(g in norm(hit.passage) for g in golds) for hit in hits],
                                 found, [is_gold(c.text, golds) for c in found],
                                 isinstance(grounder.attempt(question["question"], question["game"], language), GroundedAnswer)))
    return measured


def fit(rows: list[Measured]) -> LinearModel:
    x = np.array([c.features for r in rows for c in r.found])
    y = np.array([label for r in rows for label in r.labels], dtype=int)
    return fit_logistic(x, y, "reranker", FEATURES)


def logits_of(model: LinearModel, row: Measured) -> np.ndarray:
    return np.array([model.logit(c.features) for c in row.found])


def cited_orders(part: str, rows: list[Measured], train: list[Measured], shipped: bool) -> list[list[int]]:
    """Each row's passages in the order the answer cites them, under the reranker of :func:`main`'s docstring."""
    if shipped:
        model = load_model("reranker")
        return [row.cited_order(logits_of(model, row)) for row in rows]
    if part == "train":
        games = {r.question["game"] for r in rows}
        models = {game: fit([r for r in rows if r.question["game"] != game]) for game in games}
        return [row.cited_order(logits_of(models[row.question["game"]], row)) for row in rows]
    model = fit(train)
    return [row.cited_order(logits_of(model, row)) for row in rows]


def summary(ranks: list[int | None]) -> dict:
    n = len(ranks)
    return {"n": n,
            "hit@1": round(sum(1 for r in ranks if r == 1) / max(1, n), 3),
            "hit@3": round(sum(1 for r in ranks if r and r <= 3) / max(1, n), 3),
            "hit@5": round(sum(1 for r in ranks if r and r <= 5) / max(1, n), 3),
            "mrr": round(sum(1 / r for r in ranks if r) / max(1, n), 3)}


def by(rows: list[Measured], ranks: list[int | None], key) -> dict:
    groups: dict[str, list[int | None]] = defaultdict(list)
    for row, rank in zip(rows, ranks):
        groups[key(row)].append(rank)
    return {name: summary(group) for name, group in sorted(groups.items())}


def cause(row: Measured, first_section: str) -> str:
    """Why the first cited passage is not gold: the first of these that applies."""
    found = row.retriever_rank()
    if found is None or found > ASK_RETRIEVAL_DEPTH:
        return "not retrieved in 10" if found is None else "retrieved at 6-10"
    if first_section in {s for s, gold in zip(row.sections, row.gold_hits) if gold}:
        return "sibling chunk of the gold section"
    if found == 1:
        return "reranker overrules retrieval"
    if section_title(first_section).rstrip().endswith("?"):
        return "an FAQ heading ranked first"
    if row.language == "en":
        return "English question, French text"
    return "other passage first"


def report_misses(rows: list[Measured], orders: list[list[int]]) -> None:
    causes: dict[str, int] = defaultdict(int)
    for row, order in zip(rows, orders):
        rank = row.rank_in(order)
        if rank == 1:
            continue
        first = row.sections[order[0]]
        why = cause(row, first)
        causes[why] += 1
        gold = next((s for s, g in zip(row.sections, row.gold_hits) if g), "(not in the first 10)")
        print(f"- [{why}] {row.question['id']} ({row.language}, {row.question['kind']}) retrieved {row.retriever_rank()}"
              f" cited {rank}: {row.question['question'][:120]}\n    first: {first}\n    gold:  {gold}")
    print(json.dumps(dict(sorted(causes.items(), key=lambda kv: -kv[1])), ensure_ascii=False))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS))
    parser.add_argument("--misses", choices=PARTS, help="list this part's reranked misses with their cause")
    parser.add_argument("--shipped", action="store_true", help="rank with the saved reranker instead of refitting it")
    parser.add_argument("--json", type=Path, help="write every number here")
    args = parser.parse_args(argv)

    from service.core.config import Settings
    from service.core.retriever import build_retriever

    settings = Settings()
    retriever = build_retriever(settings)
    retriever.warm_up()
    corpus = CorpusTexts(settings.corpus_dir)
    corpus.load()
    grounder = Grounder.from_settings(settings)
    grounder.warm_up()
    parts = list(dict.fromkeys(["train", *args.parts]))  # train fits the other parts' reranker
    rows = {part: measure(part, retriever, corpus, grounder) for part in parts}
    results = {}
    for part in args.parts:
        retrieved = [row.retriever_rank() for row in rows[part]]
        orders = cited_orders(part, rows[part], rows["train"], args.shipped)
        ranks = [row.rank_in(order) for row, order in zip(rows[part], orders)]
        results[part] = {
            "retriever": summary([r if r and r <= ASK_RETRIEVAL_DEPTH else None for r in retrieved]),
            "reranked": summary(ranks),
            "reranked_by_game": by(rows[part], ranks, lambda r: r.question["game"]),
            "reranked_by_language": by(rows[part], ranks, lambda r: r.language),
            "reranked_by_kind": by(rows[part], ranks, lambda r: r.question["kind"]),
            "reranked_by_path": by(rows[part], ranks, lambda r: "engine" if r.engine else "text"),
        }
        print(f"{part}: retriever {results[part]['retriever']}  reranked {results[part]['reranked']}")
        for name in ("reranked_by_path", "reranked_by_game", "reranked_by_language", "reranked_by_kind"):
            print("   ", name[12:], {k: f"{v['hit@1']:.3f}/{v['hit@3']:.3f} ({v['n']})" for k, v in results[part][name].items()})
        if args.misses == part:
            report_misses(rows[part], orders)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
