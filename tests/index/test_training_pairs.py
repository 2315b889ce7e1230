"""Training pairs for the fine-tuned embedder: built from questions and from the corpus alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from index.chunker import chunk_rulebook
from index.corpus import load_corpus, load_translation
from index.finetune import training_pairs
from index.training_pairs import PAIR_SOURCES, TrainingPair, corpus_pairs, question_pairs
from index.store import sentence_embedding_text
from language import fold

REAL_CORPUS = Path(__file__).resolve().parents[2] / "corpus"


@pytest.fixture(scope="module")
def real_rulebooks():
    return load_corpus(REAL_CORPUS)


def test_question_pairs_anchor_is_the_expanded_question_and_positive_the_indexed_sentence(corpus_dir):
    rulebooks = load_corpus(corpus_dir)
    question = {"game": "harbor", "question": "Does the sailor double a loss?",
                "gold_quotes": ["Si la récompense est négative, la perte est aussi doublée."]}

    pairs = question_pairs([question], rulebooks)

    assert len(pairs) == 1
    assert pairs[0].anchor.startswith("Does the sailor double a loss?")
    assert "Matelot" in pairs[0].anchor  # the glossary expansion the retriever appends to its queries
    chunk = chunk_rulebook(rulebooks[1]).chunks[0]
    assert pairs[0].positive == sentence_embedding_text(chunk, question["gold_quotes"][0])
    assert pairs[0].source == "question"


def test_question_pairs_skip_quotes_the_corpus_no_longer_holds_and_unknown_games(corpus_dir):
    rulebooks = load_corpus(corpus_dir)
    questions = [
        {"game": "harbor", "question": "Combien de manches ?", "gold_quotes": ["Une phrase disparue."]},
        {"game": "nowhere", "question": "Combien ?", "gold_quotes": ["La partie se joue en 3 manches."]},
        {"game": "harbor", "question": "Qui commence ?", "gold_quotes": []},
    ]

    assert question_pairs(questions, rulebooks) == []


def test_corpus_pairs_on_the_test_corpus(corpus_dir):
    pairs = corpus_pairs(load_corpus(corpus_dir))
    by_source = {source: [p for p in pairs if p.source == source] for source in PAIR_SOURCES}

    assert TrainingPair("Le Matelot", "Le Matelot double sa récompense dans le Port.", "heading", "harbor") in pairs
    # Glossary names (French, English, aliases) lead to the sentence that names the term.
    sailor = {p.anchor for p in by_source["glossary"] if p.positive.startswith("Le Matelot double")}
    assert {"Matelot", "Sailor", "matelots"} <= sailor
    assert not by_source["translation"]  # the test corpus has no translation file
    assert len({(p.anchor, p.positive) for p in pairs}) == len(pairs)


def test_corpus_pairs_on_the_real_corpus_cover_every_source_with_exact_french(real_rulebooks):
    pairs = corpus_pairs(real_rulebooks)
    sources = {p.source for p in pairs}

    assert sources == set(PAIR_SOURCES) - {"question"}
    for rulebook in real_rulebooks:
        french = {s.fr_text for s in load_translation(rulebook).sentences}
        translated = [p for p in pairs if p.source == "translation" and p.game == rulebook.id]
        assert translated and all(p.positive in french for p in translated)
    for pair in (p for p in pairs if p.source == "faq"):
        assert pair.anchor.endswith("?")
    glossary = [p for p in pairs if p.source == "glossary"]
    terms = {fold(t.fr): t for rb in real_rulebooks for t in rb.glossary}
    assert all(any(fold(name) in fold(p.positive) for name in terms) for p in glossary)


def test_training_pairs_keep_only_the_recipe_sources(real_rulebooks):
    question = {"game": "emblemes", "question": "Qui gagne ?",
                "gold_quotes": ["En cas d’égalité, c’est le joueur qui détient le pion Premier joueur qui l’emporte."]}

    only_questions = training_pairs(real_rulebooks, [question], ("question",))
    no_questions = training_pairs(real_rulebooks, [question], ("heading", "translation"))

    assert [p.source for p in only_questions] == ["question"]
    assert {p.source for p in no_questions} == {"heading", "translation"}
