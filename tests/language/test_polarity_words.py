"""The per-language words that tell a rule's yes from its no (``polarity`` in ``language/lexicons/<lang>.yaml``)."""

import pytest

from language import LANGUAGES, fold, lexicon


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_the_polarity_words_folded(language: str) -> None:
    words = lexicon(language).polarity
    for name in ("yes", "no", "negations", "restrictive", "grants", "obligations", "avoidance", "antonyms"):
        assert getattr(words, name), f"{language}: polarity.{name} is empty (a YAML key such as yes read as a bool?)"
    phrases = [*words.yes, *words.no, *words.negations, *words.restrictive, *words.grants, *words.obligations,
               *words.avoidance, *(side for pair in words.antonyms for side in pair)]
    assert all(phrase == fold(phrase) for phrase in phrases), "matched against folded text"
    assert not words.yes & words.no


def test_yes_and_no_are_the_words_an_answer_opens_with() -> None:
    assert lexicon("fr").polarity.yes == {"oui"} and lexicon("fr").polarity.no == {"non"}
    assert lexicon("en").polarity.yes == {"yes"} and lexicon("en").polarity.no == {"no"}
