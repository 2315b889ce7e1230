#!/usr/bin/env python3
"""Where the gold rule stands among the citations of engine-checked answers, in process, and which order puts it first.

For every answerable question with gold quotes that the rules engine checks (``Referee.ask`` returns an
``engine_check``), the served citations are read as ``score_http.py`` reads them (a hit: a gold quote,
normalised, lies in the citation's passage or quote), and each citation is classified: the engine's (its
position in the engine's own order: the events the verdict reads first, then the rest in trace order) or
retrieved. The same citations are then put in other orders, to measure which puts the deciding rule first:

- ``served``: what ``POST /v1/ask`` cites (the referee's order);
- ``engine_order``: the engine's citations in its own order, then the retrieved ones;
- ``by_citations``: the engine's, those the answer's own citations (its best 3 retrieved) hold first, then the
  retrieved ones (the order served up to session 13);
- ``by_retriever``: the engine's, ranked by the retriever's rank of their passage for the question (retrieved
  ``DEEP`` deep; ties and passages not retrieved keep the engine's order), then the retrieved ones;
- ``deciding_first``: the rules of the events the verdict is read from (``GroundedAnswer.deciding``) in the
  engine's order, then the others as ``by_citations`` orders them;
- ``deciding_ranked``: ``decisive.cited_order``: the deciding rules, then the others, each group as
  ``by_citations`` orders it;
- each of those with every passage cited once (``+once``: ``decisive.once_per_passage``; ``deciding_ranked+once``
  is what the referee serves since session 13).

Parts: ``train`` (../shared/eval/train_questions.jsonl), ``tuning`` (scripts/eval_split.json), ``probes``
(scripts/probes/blind), ``fresh`` (the build halves scripts/probes/fresh*/*.build.jsonl). The validation part
and the probes' report halves are never read.

Usage: scripts/measure_citations.py [--parts train tuning probes fresh] [--misses PART] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from fit_answers import norm  # noqa: E402
from measure_retrieval import PARTS, questions  # noqa: E402  (the same parts, read the same way)

from index.chunker import section_title  # noqa: E402
from service.answers import compose_answer  # noqa: E402
from service.grounding import GroundedAnswer  # noqa: E402
from service.grounding.decisive import by_retrieval_rank, cited_order, once_per_passage  # noqa: E402

DEEP = 30
"""How deep the retriever ranks the passages the engine cites (a passage not in them ranks last)."""


def gold_rank(citations, golds: list[str]) -> int | None:
    texts = [norm(f"{c.passage} \n {c.quote}") for c in citations]
    return next((i + 1 for i, text in enumerate(texts) if any(g in text for g in golds)), None)


def orders(engine, retrieved_citations, deep_hits, deciding: int) -> dict[str, list]:
    engine_keys = {(c.section, c.start, c.end) for c in engine}
    rest = [c for c in retrieved_citations if (c.section, c.start, c.end) not in engine_keys]

    def deep_rank(citation) -> int:
        for position, hit in enumerate(deep_hits):
            _, start, end = hit.source
            if hit.section == citation.section and start <= citation.start and citation.end <= end:
                return position
        return len(deep_hits)

    ordered = {
        "engine_order": [*engine, *rest],
        "by_citations": [*by_retrieval_rank(engine, retrieved_citations), *rest],
        "by_retriever": [*sorted(engine, key=deep_rank), *rest],
        "deciding_first": [*engine[:deciding], *by_retrieval_rank(engine[deciding:], retrieved_citations), *rest],
        "deciding_ranked": [*cited_order(engine, deciding, retrieved_citations), *rest],
    }
    return {**ordered, **{f"{name}+once": list(once_per_passage(cited)) for name, cited in ordered.items()}}


def measure(part: str, referee) -> list[dict]:
    rows = []
    for question in questions(part):
        golds = [norm(g) for g in question.get("gold_quotes") or []]
        if question["kind"] == "unanswerable" or not golds:
            continue
        game, text = question["game"], question["question"]
        served = referee.ask(game, text)
        if served.engine_check is None:
            continue
        hits = referee._retrieve(text, game, ())
        answer = compose_answer(text, game, hits, referee.corpus, max_citations=referee.max_citations)
        grounded = referee.grounder.attempt(text, game, answer.language)
        row = {"id": question["id"], "game": game, "question": text, "served": gold_rank(served.citations, golds)}
        engine_keys = []
        if isinstance(grounded, GroundedAnswer):
            deep = referee.retriever.run(text, game=game, k=DEEP)
            row["method"], row["deciding"] = grounded.check.method, grounded.deciding
            for name, cited in orders(grounded.citations, answer.citations, deep, grounded.deciding).items():
                row[name] = gold_rank(cited, golds)
            engine_keys = [(c.section, c.start, c.end) for c in grounded.citations]
        row["cited"] = [
            {"section": c.section, "gold": any(g in norm(f"{c.passage} \n {c.quote}") for g in golds),
             "engine": engine_keys.index((c.section, c.start, c.end)) if (c.section, c.start, c.end) in engine_keys
             else None}
            for c in served.citations
        ]
        rows.append(row)
    return rows


def summary(rows: list[dict], name: str) -> dict:
    ranks = [row.get(name) for row in rows if "engine_order" in row or name == "served"]
    n = len(ranks)
    return {"n": n, "hit@1": round(sum(1 for r in ranks if r == 1) / max(1, n), 3),
            "hit@3": round(sum(1 for r in ranks if r and r <= 3) / max(1, n), 3)}


def report_misses(rows: list[dict]) -> None:
    kinds: Counter[str] = Counter()
    for row in rows:
        if row["served"] == 1:
            continue
        first = row["cited"][0] if row["cited"] else None
        gold = next((c for c in row["cited"] if c["gold"]), None)
        kind = ("no gold cited" if gold is None else
                f"{'engine' if first['engine'] is not None else 'retrieved'} first, gold "
                f"{'engine' if gold['engine'] is not None else 'retrieved'}")
        kinds[kind] += 1
        print(f"- [{kind}] {row['id']} served {row['served']}: {row['question'][:110]}")
        for c in row["cited"]:
            who = f"engine#{c['engine']}" if c["engine"] is not None else "retrieved"
            print(f"    {'*' if c['gold'] else ' '} {who:10} {section_title(c['section'])}")
    print(json.dumps(dict(kinds.most_common()), ensure_ascii=False))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS))
    parser.add_argument("--misses", nargs="*", choices=PARTS, default=[], help="list these parts' served misses")
    parser.add_argument("--json", type=Path, help="write every row and number here")
    args = parser.parse_args(argv)

    from service.core.config import Settings
    from service.core.retriever import build_retriever
    from service.grounding import Grounder
    from service.referee import Referee

    settings = Settings()
    referee = Referee(build_retriever(settings), settings.corpus_dir, settings.ask_citations,
                      grounder=Grounder.from_settings(settings))
    referee.warm_up()
    results = {}
    names = ["served", "engine_order", "by_citations", "by_retriever", "deciding_first", "deciding_ranked"]
    names += [f"{name}+once" for name in names[1:]]
    for part in args.parts:
        rows = measure(part, referee)
        results[part] = {"summary": {name: summary(rows, name) for name in names}, "rows": rows}
        print(part, ", ".join(f"{k} {v['hit@1']}/{v['hit@3']} ({v['n']})" for k, v in results[part]["summary"].items()))
        methods = Counter((row.get("method"), row.get("deciding", 0) > 0) for row in rows)
        print("   methods (method, has deciding):", dict(methods))
        if part in args.misses:
            report_misses(rows)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
