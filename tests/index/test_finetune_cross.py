"""The cross-encoder fine-tune (``index.finetune_cross``): what it reads, its pairs, its recipe, its training."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from index.corpus import load_corpus
from index.finetune_cross import (CrossEncoderTrainer, CrossPair, CrossRecipe, QuestionCandidates, candidate_text,
                                  faq_pairs, question_pairs)

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def test_an_english_question_reads_the_translation_and_a_french_one_the_heading_and_sentence():
    assert candidate_text("Fin de manche", "On défausse.", "Discard.", "en") == "Discard."
    assert candidate_text("Fin de manche", "On défausse.", "", "en") == "Fin de manche : On défausse."
    assert candidate_text("Fin de manche", "On défausse.", "Discard.", "fr") == "Fin de manche : On défausse."
    assert candidate_text("Fin de manche", "Fin de manche", "", "fr") == "Fin de manche"


def test_question_pairs_keep_the_gold_and_the_best_retrieved_others_and_skip_questions_without_gold():
    asked = QuestionCandidates("Q ?", "g", ("a", "b", "c", "d"), (False, True, False, False), (0.1, 0.2, 0.9, 0.5))
    unanswered = QuestionCandidates("R ?", "g", ("a",), (False,), (0.3,))

    pairs = question_pairs([asked, unanswered], negatives=2)

    assert pairs == [CrossPair("Q ?", "b", 1.0, "question", "g"), CrossPair("Q ?", "c", 0.0, "question", "g"),
                     CrossPair("Q ?", "d", 0.0, "question", "g")]


def test_faq_pairs_give_each_entry_its_first_answer_sentence_and_another_entry_as_the_negative():
    rulebooks = load_corpus(CORPUS)
    pairs = faq_pairs(rulebooks, random.Random(13))

    assert pairs == faq_pairs(rulebooks, random.Random(13))
    assert {p.source for p in pairs} == {"faq", "faq_en"}
    for positive, negative in zip(pairs[::2], pairs[1::2]):
        assert positive.query == negative.query and positive.query.endswith("?")
        assert (positive.label, negative.label) == (1.0, 0.0) and positive.text != negative.text
    texts = {rb.id: rb.text for rb in rulebooks}
    assert all(p.text in texts[p.game] for p in pairs if p.source == "faq")


@pytest.mark.parametrize(("field", "value", "message"), [
    ("epochs", 0, "epochs: expected at least 1, got 0"),
    ("trainable_layers", 7, "trainable_layers: expected 1 to 6 (MiniLM-L6), got 7"),
    ("negatives_per_question", 0, "negatives_per_question: expected at least 1, got 0"),
])
def test_recipe_rejects_bad_values(field, value, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        CrossRecipe(**{field: value})


def test_training_refuses_fewer_pairs_than_a_batch():
    with pytest.raises(ValueError, match="pairs: expected at least batch_size=16 pairs, got 1"):
        CrossEncoderTrainer().train([CrossPair("q", "t", 1.0, "question", "g")])


@pytest.mark.integration
def test_training_is_seeded_and_the_cached_lower_layers_give_the_whole_model_s_logits():
    pairs = [CrossPair(f"Combien de cartes au tour {n} ?", text, label, "question", "g")
             for n in range(4)
             for text, label in (("Chaque joueur pioche 3 cartes.", 1.0), ("Le pion reste au centre.", 0.0))]
    recipe = CrossRecipe(batch_size=4, epochs=2, threads=1)
    first, second = CrossEncoderTrainer(recipe), CrossEncoderTrainer(recipe)
    model = first.train(pairs)
    texts = ["Chaque joueur pioche 3 cartes.", "Le pion reste au centre.", "Un texte plus long que les autres ici."]

    cached = first.score(model, "Combien de cartes au tour 9 ?", texts)

    assert np.allclose(cached, first.full_logits(model, "Combien de cartes au tour 9 ?", texts), atol=1e-4)
    assert np.array_equal(cached, second.score(second.train(pairs), "Combien de cartes au tour 9 ?", texts))
    assert not np.allclose(cached, first.full_logits(first._new_model().eval(), "Combien de cartes au tour 9 ?", texts))
