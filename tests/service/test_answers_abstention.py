"""The abstention decision: each gate, its order, and what the rulebook lacks."""

import pytest

from service.answers.abstention import Abstention, decide
from service.answers.evidence import Evidence


def evidence(strength: float = 0.9, unstated: str | None = None) -> Evidence:
    return Evidence(coverage=0.8, unknown=0.0, relevance=0.6, strength=strength, unstated_field=unstated)


def test_a_strong_answerable_question_is_answered():
    decision = decide(evidence(), ["number"], True, p_answerable=0.9, threshold=0.45)
    assert decision == Abstention(False, None, None, 0.9)


def test_a_null_front_matter_field_abstains_first_and_names_the_field():
    decision = decide(evidence(strength=0.05, unstated="players"), ["name"], False, 0.9, 0.45)
    assert (decision.abstain, decision.reason, decision.lacking) == (True, "unstated_field", "players")


@pytest.mark.parametrize("kind", ["name", "enumeration"])
def test_a_name_or_list_the_best_sentence_does_not_give_abstains(kind):
    decision = decide(evidence(), ["number", kind], False, 0.9, 0.45)
    assert (decision.reason, decision.lacking) == ("missing_kind", kind)


@pytest.mark.parametrize("kind", ["number", "place", "person"])
def test_other_missing_kinds_are_left_to_the_model(kind):
    assert not decide(evidence(), [kind], False, 0.9, 0.45).abstain


def test_weak_evidence_alone_does_not_abstain():
    """Evidence strength is a feature of the fitted models, not a gate: weak evidence with a likely answer is answered."""
    assert not decide(evidence(strength=0.01), [], True, 0.9, 0.45).abstain


def test_below_the_threshold_the_question_is_unlikely_answerable():
    assert decide(evidence(), [], False, 0.44, 0.45).reason == "unlikely"
    assert not decide(evidence(), [], False, 0.45, 0.45).abstain


def test_a_decision_is_consistent_with_its_reason():
    with pytest.raises(ValueError, match="reason"):
        Abstention(True, None, None, 0.5)
    with pytest.raises(ValueError, match="reason"):
        Abstention(False, "bogus", None, 0.5)


# --- question signals: what the question itself says about whether the rules can settle it ---

from pathlib import Path  # noqa: E402

from language import content_stems  # noqa: E402
from service.answers.abstention import question_signals  # noqa: E402
from service.answers.candidates import question_view  # noqa: E402
from service.answers.corpus import CorpusTexts  # noqa: E402

CORPUS_DIR = Path(__file__).resolve().parents[2] / "corpus"


@pytest.fixture(scope="module")
def splendor():
    corpus = CorpusTexts(CORPUS_DIR)
    corpus.load()
    return corpus.rulebook("splendor")


def signals(question: str, rulebook, language: str = "fr"):
    return question_signals(question, question_view(question, language, rulebook).stems, rulebook, language)


def test_a_question_in_the_rulebook_own_words_is_not_foreign(splendor):
    assert signals("Combien de jetons peut-on garder à la fin du tour ?", splendor).foreign == 0.0


def test_a_question_about_what_the_rulebook_never_mentions_is_foreign(splendor):
    assert signals("Faut-il un chronomètre pour limiter la réflexion ?", splendor).foreign > 0.3


def test_a_word_of_another_game_is_still_foreign_to_this_one(splendor):
    # "Galerie" and "Portrait" are For a Crown's: known to the corpus, never used by Splendor.
    assert "galeri" not in splendor.stem_weights and splendor.knows("galeri")
    assert signals("La Galerie des Portraits compte combien de cases ?", splendor).foreign > 0.3


def test_an_english_question_uses_the_words_of_the_translation(splendor):
    # "enough" is neither French nor a glossary name: only the English translation uses it.
    (enough,) = content_stems("enough")
    assert splendor.uses(enough, "en") and not splendor.uses(enough, "fr")
    assert signals("Are enough bonuses for a noble?", splendor, "en").foreign == 0.0


@pytest.mark.parametrize("question, language, alternative", [
    ("Les nobles sont tirés au hasard ou choisis ?", "fr", True),
    ("Does the gold come from the bank or from the owner?", "en", True),
    ("Où vont les jetons dépensés ?", "fr", False),
    ("Peut-on passer son tour, oui ou non ?", "fr", False),
    ("Can I pass, or not?", "en", False),
])
def test_an_either_or_question_offers_alternatives(splendor, question, language, alternative):
    assert signals(question, splendor, language).alternative is alternative


def test_french_paraphrases_bridge_to_the_rulebook_words_so_qui_commence_is_covered():
    from language import stem

    corpus = CorpusTexts(CORPUS_DIR)
    corpus.load()
    assert stem("premier") in corpus.rulebook("emblemes").bridges(stem("commence"))
