"""The English side of the index: chunks in their aligned translation, and English questions scored on both sides."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from index import RetrievalOptions, Retriever
from index.bilingual import english_chunks
from index.chunker import chunk_rulebook, source_sentences
from index.corpus import load_corpus, load_translation
from index.store import model_folder
from tests.corpus._corpus_files import REPO

HARBOR_ENGLISH = {
    "Harbor": "Harbor",
    "Le Matelot": "The Sailor",
    "Le Matelot double sa récompense dans le Port.": "The Sailor doubles his reward in the Harbour.",
    "Si la récompense est négative, la perte est aussi doublée.": "If the reward is negative, the loss is doubled too.",
    "Fin de la partie": "End of the game",
    "La partie se joue en 3 manches.": "The game lasts 3 rounds.",
    "Le joueur le plus riche gagne la partie.": "The wealthiest player wins the game.",
}
FRENCH_ONLY = RetrievalOptions(english_weight=0.0)


def write_harbor_translation(corpus: Path) -> None:
    """``harbor``'s translation.en.yaml, one entry per French unit as the index splits it."""
    harbor = next(rulebook for rulebook in load_corpus(corpus) if rulebook.id == "harbor")
    entries = [{"section": s.section, "start": s.start, "end": s.end, "fr": s.text, "en": HARBOR_ENGLISH[s.text]}
               for s in source_sentences(harbor)]
    document = {"language": "en", "unofficial": True, "provenance": "tests", "sentences": entries}
    (corpus / "harbor" / "translation.en.yaml").write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")


@pytest.fixture
def translated(corpus_dir: Path, tmp_path: Path) -> Retriever:
    write_harbor_translation(corpus_dir)
    retriever = Retriever(corpus_dir, tmp_path / "index", "hashed")
    retriever.warm_up()
    return retriever


@pytest.mark.parametrize("game", sorted(rb.id for rb in load_corpus(REPO / "corpus")))
def test_every_chunk_of_the_corpus_has_its_english_sentence_by_sentence(game: str) -> None:
    rulebook = next(rb for rb in load_corpus(REPO / "corpus") if rb.id == game)
    chunks = list(chunk_rulebook(rulebook).chunks)
    english = english_chunks([rulebook], chunks)
    translation = load_translation(rulebook)
    by_span = {(s.fr_start, s.fr_end): s.en_text for s in translation.sentences}
    assert all(e.translated for e in english)
    assert [e.sentences for e in english] == [tuple(by_span[s.start, s.end] for s in c.sentences) for c in chunks]
    assert [e.section for e in english] == [translation.english_section(c.section) for c in chunks]


def test_a_game_without_translation_keeps_its_french_and_never_weighs(corpus_dir: Path) -> None:
    rulebooks = load_corpus(corpus_dir)
    chunks = [chunk for rulebook in rulebooks for chunk in chunk_rulebook(rulebook).chunks]
    english = english_chunks(rulebooks, chunks)
    assert not any(e.translated for e in english)
    assert [e.section for e in english] == [c.section for c in chunks]
    assert [e.sentences for e in english] == [tuple(s.text for s in c.sentences) for c in chunks]


def test_an_english_word_only_the_translation_holds_reaches_its_french_rule(translated: Retriever) -> None:
    both = translated.run("Who is the wealthiest?", game="harbor", k=1)[0]
    french = translated.run("Who is the wealthiest?", game="harbor", k=1, options=FRENCH_ONLY)[0]
    assert both.section == "Harbor › Fin de la partie"
    assert both.lexical > 0 == french.lexical
    best = max(both.sentences, key=lambda sentence: sentence.lexical)
    assert best.text == "Le joueur le plus riche gagne la partie."  # the French sentence is what is cited


def test_the_english_side_weighs_half_of_each_score(translated: Retriever) -> None:
    def scores(options: RetrievalOptions | None) -> dict[str, tuple[float, float]]:
        hits = translated.run("Who is the wealthiest?", game="harbor", k=10, options=options)
        return {hit.section: (hit.lexical, hit.dense) for hit in hits}

    both, french, english = scores(None), scores(FRENCH_ONLY), scores(RetrievalOptions(english_weight=1.0))
    assert len(both) == 2
    for section, (lexical, dense) in both.items():
        assert lexical == pytest.approx((french[section][0] + english[section][0]) / 2, abs=1e-5)
        assert dense == pytest.approx((french[section][1] + english[section][1]) / 2, abs=1e-5)


def test_a_french_question_or_an_untranslated_game_is_scored_on_the_french_alone(translated: Retriever) -> None:
    for query, game in (("Qui est le plus riche ?", "harbor"), ("Who wins the gold?", "castle")):
        assert translated.run(query, game=game, k=3) == translated.run(query, game=game, k=3, options=FRENCH_ONLY)


def test_the_callers_language_decides_the_english_side_not_the_query(translated: Retriever) -> None:
    # The text layer decided the question's language; the retriever does not decide it again from the query.
    french = translated.run("Who is the wealthiest?", game="harbor", k=3, language="fr")
    assert french == translated.run("Who is the wealthiest?", game="harbor", k=3, options=FRENCH_ONLY)
    assert french != translated.run("Who is the wealthiest?", game="harbor", k=3)
    english = translated.run("Qui est le plus riche ?", game="harbor", k=3, language="en")
    assert english != translated.run("Qui est le plus riche ?", game="harbor", k=3)
    with pytest.raises(ValueError, match=r"language: expected one of \('fr', 'en'\) or None, got 'de'"):
        translated.run("Who is the wealthiest?", game="harbor", language="de")


def test_the_english_vectors_are_persisted_and_a_missing_file_rebuilds(translated: Retriever, corpus_dir: Path,
                                                                       tmp_path: Path) -> None:
    folder = model_folder(tmp_path / "index", translated.embedder.name)
    (folder / "sentences.en.faiss").unlink()
    report = Retriever(corpus_dir, tmp_path / "index", "hashed").warm_up()
    assert report.rebuilt and report.reason == "index files missing"
    assert Retriever(corpus_dir, tmp_path / "index", "hashed").warm_up().reason == "up to date"


def test_a_translation_edit_makes_the_index_stale(translated: Retriever, corpus_dir: Path, tmp_path: Path) -> None:
    path = corpus_dir / "harbor" / "translation.en.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("wealthiest", "richest"), encoding="utf-8")
    report = Retriever(corpus_dir, tmp_path / "index", "hashed").warm_up()
    assert report.rebuilt and report.reason == "changed: corpus_hash"


def test_bad_english_weight_names_the_field() -> None:
    with pytest.raises(ValueError, match=r"english_weight: expected a number in \[0, 1\], got 1.5"):
        RetrievalOptions(english_weight=1.5)
