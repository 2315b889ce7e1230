"""Corpus scale: the index over hundreds of rulebooks, flat FAISS against approximate indexes.

Generates ``--rulebooks`` synthetic rulebooks from the five of ``corpus/`` (copy *i*
of a game renames its title and every glossary term to invented words and shuffles
its ``##`` sections; see :mod:`scripts.synthetic_corpus`), then, in one run:

* builds the real index over them (``Retriever.warm_up``: chunks and sentences,
  the configured embedder), reporting build time, rows and memory;
* re-targets the dev questions to one copy each (same renaming applied to the
  question and its gold quotes) and measures the product's path
  (``Retriever.run(question, game=copy)``: BM25 + dense over the copy's rows):
  recall@5 and query p50/p95, against the same questions on the original five;
* compares, on the chunk vectors, the flat index (exact) with HNSW and IVF:
  build time, bytes, search p50/p95 and recall@5, both restricted to the asked
  copy (``IDSelectorRange``, as the product searches) and over all rulebooks.

    PYTHONPATH=. python scripts/bench_corpus_scale.py [--rulebooks 500] [--out bench-results/corpus-scale.json]

Prints one JSON object. Times are wall-clock on this machine; compare within a run.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

import faiss
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from index import Retriever  # noqa: E402
from index.chunker import chunk_rulebook  # noqa: E402
from index.corpus import load_corpus  # noqa: E402
from index.embedders import create_embedder  # noqa: E402
from index.lexical import BM25  # noqa: E402
from index.normalize import Normalizer  # noqa: E402
from scripts.bench_output import emit  # noqa: E402
from scripts.eval_parts import shared_eval_dir  # noqa: E402
from scripts.synthetic_corpus import Copy, write_synthetic_corpus  # noqa: E402
from service.core.config import get_settings  # noqa: E402

K = 5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rulebooks", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hnsw-m", type=int, default=32)
    parser.add_argument("--hnsw-ef-search", type=int, default=64)
    parser.add_argument("--ivf-nprobe", type=int, default=8)
    parser.add_argument("--lexical-only", action="store_true",
                        help="only the BM25 part (no embedding: seconds instead of an hour at 500 rulebooks)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.rulebooks < 5:
        parser.error("--rulebooks: expected at least 5 (one copy of each game)")

    settings = get_settings()
    embedder = create_embedder(
        settings.embedding_model, runtime=settings.embedding_runtime, export_dir=settings.index_dir / "onnx"
    )
    questions = [q for q in _read(shared_eval_dir() / "dev_questions.jsonl") if q.get("gold_quotes")]
    result: dict = {"rulebooks": args.rulebooks, "embedder": f"{settings.embedding_model} ({settings.embedding_runtime})",
                    "questions": len(questions)}
    with tempfile.TemporaryDirectory(prefix="arbitre-corpus-scale-") as scratch:
        scratch = Path(scratch)
        if args.lexical_only:
            copies = write_synthetic_corpus(settings.corpus_dir, scratch / "corpus", args.rulebooks, args.seed)
            result["lexical"] = _lexical_scale(scratch / "corpus", _retarget(questions, copies, args.seed))
            print(json.dumps(result, indent=2, ensure_ascii=False))
            return 0
        small = Retriever(settings.corpus_dir, scratch / "index-5", embedder=embedder)
        small.warm_up()
        copies = write_synthetic_corpus(settings.corpus_dir, scratch / "corpus", args.rulebooks, args.seed)
        rss_before = _rss_mib()
        large = Retriever(scratch / "corpus", scratch / "index-n", embedder=embedder)
        started = time.perf_counter()
        report = large.warm_up()
        result["build"] = {
            "seconds": round(time.perf_counter() - started, 1),
            "chunks": report.chunks,
            "sentences": report.sentences,
            "rss_mib_before": rss_before,
            "rss_mib_after": _rss_mib(),
            "max_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        }
        targets = _retarget(questions, copies, args.seed)
        result["retargeted"] = {"questions": len(targets), "gold_quotes_found_in_copy": sum(t["gold_found"] for t in targets)}
        result["product_path"] = {
            "original_5": _product_path(small, [(q["game"], q["question"], q["gold_quotes"]) for q in questions]),
            f"synthetic_{args.rulebooks}": _product_path(
                large, [(t["copy"], t["question"], t["gold_quotes"]) for t in targets]),
        }
        result["chunk_index"] = _compare_indexes(large, targets, args)
    emit(result, args.out)
    return 0


def _retarget(questions: list[dict], copies: dict[str, list[Copy]], seed: int) -> list[dict]:
    """Each question moved to one copy of its game (chosen by position, so spread over copies)."""
    targets = []
    for position, question in enumerate(questions):
        game_copies = copies[question["game"]]
        copy = game_copies[(position * 7 + seed) % len(game_copies)]
        golds = [copy.rename(quote) for quote in question["gold_quotes"]]
        targets.append({
            "copy": copy.id,
            "question": copy.rename(question["question"]),
            "gold_quotes": golds,
            "gold_found": all(gold in copy.text for gold in golds),
        })
    return targets


def _product_path(retriever: Retriever, asked: list[tuple[str, str, list[str]]]) -> dict:
    """recall@5 and latency of ``Retriever.run`` as ``/v1/ask`` calls it, first-seen and cached vectors."""
    first_seen, cached, hits = [], [], 0
    retriever.clear_query_cache()
    for game, question, golds in asked:
        started = time.perf_counter()
        found = retriever.run(question, game=game, k=K)
        first_seen.append(time.perf_counter() - started)
        hits += any(gold in hit.passage for hit in found for gold in golds)
    for game, question, _ in asked:
        started = time.perf_counter()
        retriever.run(question, game=game, k=K)
        cached.append(time.perf_counter() - started)
    return {"recall@5": round(hits / len(asked), 3), "first_seen_ms": _percentiles(first_seen),
            "cached_vector_ms": _percentiles(cached)}


def _lexical_scale(corpus_dir: Path, targets: list[dict]) -> dict:
    """BM25 of one copy's rows at this scale: the whole collection scored then sliced, against the row range."""
    rulebooks = load_corpus(corpus_dir)
    normalizer = Normalizer()
    chunks, ranges = [], {}
    for rulebook in rulebooks:
        first = len(chunks)
        chunks.extend(chunk_rulebook(rulebook).chunks)
        ranges[rulebook.id] = (first, len(chunks))
    started = time.perf_counter()
    bm25 = BM25([normalizer.tokens(f"{chunk.section}\n{chunk.text}") for chunk in chunks])
    out = {"chunks": len(chunks), "build_s": round(time.perf_counter() - started, 2)}
    sliced, ranged = [], []
    for target in targets:
        tokens = normalizer.tokens(target["question"])
        first, last = ranges[target["copy"]]
        started = time.perf_counter()
        whole = bm25.normalised(tokens)[first:last]
        sliced.append(time.perf_counter() - started)
        started = time.perf_counter()
        only = bm25.normalised(tokens, first, last)
        ranged.append(time.perf_counter() - started)
        assert np.array_equal(whole, only)
    out["whole_then_slice_ms"] = _percentiles(sliced)
    out["row_range_ms"] = _percentiles(ranged)
    return out


def _compare_indexes(retriever: Retriever, targets: list[dict], args: argparse.Namespace) -> dict:
    """Flat, HNSW and IVF over the chunk vectors: build, size, search time and recall@5."""
    state = retriever._loaded()  # the bench inspects the built index; the service never does this
    flat = state.dense.chunks
    vectors = flat.reconstruct_n(0, flat.ntotal)
    dimension = vectors.shape[1]
    gold_rows = [
        {row for row in range(*state.chunk_ranges[t["copy"]]) if any(g in state.chunks[row].text for g in t["gold_quotes"])}
        for t in targets
    ]
    queries = np.vstack([retriever._query_vector(t["question"]) for t in targets]).astype(np.float32)

    def hnsw() -> faiss.Index:
        index = faiss.IndexHNSWFlat(dimension, args.hnsw_m, faiss.METRIC_INNER_PRODUCT)
        index.hnsw.efSearch = args.hnsw_ef_search
        index.add(vectors)
        return index

    def ivf() -> faiss.Index:
        nlist = max(1, int(4 * np.sqrt(len(vectors))))
        index = faiss.IndexIVFFlat(faiss.IndexFlatIP(dimension), dimension, nlist, faiss.METRIC_INNER_PRODUCT)
        index.train(vectors)
        index.add(vectors)
        index.nprobe = args.ivf_nprobe
        return index

    def exact() -> faiss.Index:
        index = faiss.IndexFlatIP(dimension)
        index.add(vectors)
        return index

    out = {"rows": int(flat.ntotal)}
    for name, build in (("flat", exact), ("hnsw", hnsw), ("ivf", ivf)):
        started = time.perf_counter()
        index = build()
        entry = {"build_s": round(time.perf_counter() - started, 2), "bytes": int(faiss.serialize_index(index).size)}
        for scope in ("asked_copy", "all_rulebooks"):
            times, hits = [], 0
            for query, target, golds in zip(queries, targets, gold_rows):
                params = _params(index, state.chunk_ranges[target["copy"]]) if scope == "asked_copy" else None
                started = time.perf_counter()
                _, ids = index.search(query.reshape(1, -1), K, params=params)
                times.append(time.perf_counter() - started)
                hits += bool(golds & set(int(i) for i in ids[0] if i >= 0))
            entry[scope] = {"recall@5": round(hits / len(targets), 3), "search_ms": _percentiles(times)}
        out[name] = entry
    return out


def _params(index: faiss.Index, row_range: tuple[int, int]) -> faiss.SearchParameters:
    selector = faiss.IDSelectorRange(int(row_range[0]), int(row_range[1]))
    if isinstance(index, faiss.IndexHNSW):
        return faiss.SearchParametersHNSW(sel=selector, efSearch=index.hnsw.efSearch)
    if isinstance(index, faiss.IndexIVF):
        return faiss.SearchParametersIVF(sel=selector, nprobe=index.nprobe)
    return faiss.SearchParameters(sel=selector)


def _percentiles(seconds: list[float]) -> dict:
    ms = sorted(s * 1000 for s in seconds)
    return {"p50": round(statistics.median(ms), 3), "p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 3)}


def _rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return float("nan")


def _read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


if __name__ == "__main__":
    raise SystemExit(main())
