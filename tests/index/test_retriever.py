"""Retriever end to end with the hashed embedder: ranking, hits, validation, persistence and staleness."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from index import RetrievalOptions, Retriever
from index.embedders import HashedEmbedder
from index.store import MANIFEST_FILE, model_folder


@pytest.fixture
def retriever(corpus_dir: Path, tmp_path: Path) -> Retriever:
    retriever = Retriever(corpus_dir, tmp_path / "index", "hashed")
    retriever.warm_up()
    return retriever


def test_init_is_cheap_and_run_needs_warm_up(corpus_dir: Path, tmp_path: Path) -> None:
    retriever = Retriever(corpus_dir, tmp_path / "index", "hashed")
    assert not retriever.ready
    assert not (tmp_path / "index").exists()
    with pytest.raises(RuntimeError, match="call warm_up"):
        retriever.run("Matelot")


def test_hits_are_exact_slices_with_scored_sentences(retriever: Retriever, corpus_dir: Path) -> None:
    hits = retriever.run("Le matelot double-t-il une perte ?", game="harbor", k=2)
    assert hits[0].section == "Harbor › Le Matelot"
    assert hits[0].score >= hits[1].score
    path, start, end = hits[0].source
    text = (corpus_dir.parent / path).read_text(encoding="utf-8")
    assert path == "corpus/harbor/rules.md"
    assert text[start:end] == hits[0].passage
    for sentence in hits[0].sentences:
        assert text[sentence.start : sentence.end] == sentence.text
    best = max(hits[0].sentences, key=lambda sentence: sentence.score)
    assert "perte" in best.text


def test_english_question_reaches_french_text_through_the_glossary(retriever: Retriever) -> None:
    expanded = retriever.run("What does the sailor earn?", game="harbor", k=1)[0]
    plain = retriever.run("What does the sailor earn?", game="harbor", k=1,
                          options=RetrievalOptions(expand_queries=False))[0]
    assert expanded.section == "Harbor › Le Matelot"
    assert expanded.lexical > 0 == plain.lexical


@pytest.mark.parametrize("mode", ["hybrid", "lexical", "dense"])
@pytest.mark.parametrize("fusion", ["weighted", "rrf"])
def test_every_mode_and_fusion_finds_the_rounds_sentence(retriever: Retriever, mode: str, fusion: str) -> None:
    hits = retriever.run("Combien de manches ?", game="harbor", k=1, options=RetrievalOptions(mode=mode, fusion=fusion))
    assert hits[0].section == "Harbor › Fin de la partie"


def test_game_none_searches_every_game_and_k_bounds_results(retriever: Retriever) -> None:
    hits = retriever.run("jetons Or et cartes Chevalier", k=20)
    assert {hit.game for hit in hits} == {"castle", "harbor"}
    assert hits[0].game == "castle"
    assert len(retriever.run("Or", game="castle", k=1)) == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"query": "  "}, "query: expected a non-empty string, got '  '"),
        ({"query": "or", "k": 0}, "k: expected an integer in 1..100, got 0"),
        ({"query": "or", "game": "chess"}, r"game: expected one of \['castle', 'harbor'\], got 'chess'"),
    ],
)
def test_bad_input_names_the_field(retriever: Retriever, kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        retriever.run(**kwargs)


def test_bad_options_name_the_field() -> None:
    with pytest.raises(ValueError, match=r"mode: expected one of \('hybrid', 'lexical', 'dense'\), got 'magic'"):
        RetrievalOptions(mode="magic")


def test_rulebooks_list_front_matter_and_section_counts(retriever: Retriever) -> None:
    infos = {info.id: info for info in retriever.rulebooks()}
    assert infos["castle"].title == "Château’s Game"
    assert infos["castle"].players == {"min": 2, "max": 4}
    assert infos["harbor"].players is None
    assert infos["harbor"].sections == 2
    assert infos["harbor"].language == "fr"


def test_fresh_index_is_reused_and_a_corpus_change_rebuilds(corpus_dir: Path, tmp_path: Path) -> None:
    index_dir = tmp_path / "index"
    first = Retriever(corpus_dir, index_dir, "hashed").warm_up()
    assert first.rebuilt and first.reason == "no index yet"
    again = Retriever(corpus_dir, index_dir, "hashed").warm_up()
    assert not again.rebuilt and again.reason == "up to date"

    rules = corpus_dir / "harbor" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n## Variante\n\nOn joue sans Port.\n", encoding="utf-8")
    retriever = Retriever(corpus_dir, index_dir, "hashed")
    changed = retriever.warm_up()
    assert changed.rebuilt and changed.reason == "changed: corpus_hash"
    assert retriever.run("variante sans port", game="harbor", k=1)[0].section == "Harbor › Variante"

    manifest = json.loads((model_folder(index_dir, "hashed:256") / MANIFEST_FILE).read_text())
    assert manifest["model"] == "hashed:256" and manifest["chunker_version"] >= 1
    assert Retriever(corpus_dir, index_dir, "hashed").warm_up(force_rebuild=True).reason == "forced"


def test_each_model_keeps_its_own_index(corpus_dir: Path, tmp_path: Path) -> None:
    index_dir = tmp_path / "index"
    Retriever(corpus_dir, index_dir, "hashed").warm_up()
    other = Retriever(corpus_dir, index_dir, embedder=HashedEmbedder(64)).warm_up()
    assert other.rebuilt
    assert not Retriever(corpus_dir, index_dir, "hashed").warm_up().rebuilt


def test_repeated_queries_reuse_the_cached_vector(corpus_dir: Path, tmp_path: Path) -> None:
    calls = []

    class CountingEmbedder(HashedEmbedder):
        def embed(self, texts):
            calls.append(len(texts))
            return super().embed(texts)

    retriever = Retriever(corpus_dir, tmp_path / "index", embedder=CountingEmbedder())
    retriever.warm_up()
    calls.clear()
    retriever.run("or", game="castle")
    retriever.run("or", game="harbor")
    assert calls == [1]
    retriever.clear_query_cache()
    retriever.run("or", game="castle")
    assert calls == [1, 1]
