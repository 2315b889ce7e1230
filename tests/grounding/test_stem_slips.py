"""A lexicon stem ("rapporte*") is read through one slip of a word no dictionary knows, never of a known word."""

import pytest

from language import question_form
from service.grounding.frame import _slipped_stem, parse_frame


@pytest.mark.parametrize(("word", "stem"), [
    ("raporte", "rapporte"),  # a letter left out
    ("rapproter", "rapporte"),  # two neighbours swapped
    ("defuasse", "defausse"),
    ("discrad", "discard"),
])
def test_a_slip_of_a_stem_is_the_stem(word, stem):
    assert _slipped_stem(word, stem)


@pytest.mark.parametrize(("word", "stem"), [
    ("rapport", "rapporte"),  # a French noun, not a slip of the verb
    ("double", "doubl"),  # stems under five letters take no slip (and this one is said exactly anyway)
    ("gain", "gain"),
    ("raconte", "rapporte"),  # two edits
])
def test_known_words_short_stems_and_far_words_are_no_slip(word, stem):
    assert not _slipped_stem(word, stem)


def test_the_asked_gain_is_read_through_a_slip_of_its_stem_without_the_mender(grounder):
    question = "Mon Marchand est 2e au Port : il me raporte combien ?"
    frame = parse_frame(question, "emblemes", "fr", question_form(question), grounder.entities(question, "emblemes"),
                        grounder._lexicons["emblemes"])
    assert frame.asked is not None and frame.asked.what == "earn"
