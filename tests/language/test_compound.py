"""A question that asks two things is read as two asks, each with the facts stated before it."""

import pytest

from language import question_form
from language.compound import asks
from language.lexicon import LANGUAGES, lexicon


def test_a_yes_no_and_a_count_joined_by_a_comma_and_and_are_two_asks():
    question = "I want a Mercenary that costs 3 and I have 7 rubies. Can I recruit it, and how many rubies will I have left?"
    first, second = asks(question)
    assert (first.form, second.form) == ("polar", "count")
    assert first.question == "I want a Mercenary that costs 3 and I have 7 rubies. Can I recruit it ?"
    assert second.question == question, "the count reads everything said before it"
    assert question_form(first.question) == "polar"


def test_a_second_asked_sentence_opened_by_et_is_an_ask_that_keeps_its_noun():
    question = "Je pose mon Barde au Port. Je peux ramener le Roi d'Alice ? Et il se place où ?"
    first, second = asks(question)
    assert first.question == "Je pose mon Barde au Port. Je peux ramener le Roi d'Alice ?"
    assert "le Roi d'Alice" in second.question and second.form == "open"


def test_an_ask_whose_form_an_earlier_ask_would_mask_is_read_with_the_stated_facts_only():
    question = "Léa eliminates Hugo's card. How many influence points does Léa gain, and what happens to Hugo's 2?"
    first, second = asks(question)
    assert (first.form, second.form) == ("count", "open")
    assert second.question == "Léa eliminates Hugo's card. what happens to Hugo's 2?"
    assert question_form(second.question) == "open"


@pytest.mark.parametrize("question", [
    "who goes first in the first round?? is it the youngest like in other games",   # a restatement
    "Je pose mon Barde et je ramène le Roi au Château ?",                            # two verbs of one move
    "Si deux joueurs ont autant d'or, qui gagne ?",                                  # a condition, then the ask
    "Can I play the Hunter and the Bard in one turn?",
    "Combien de cartes ?",
])
def test_one_thing_asked_is_one_ask(question):
    (only,) = asks(question)
    assert only.question == question and only.form == question_form(question)


def test_the_french_coordinated_count_is_an_ask_of_its_own():
    forms = [a.form for a in asks("Ma carte est Pièce / Rubis. Je peux prendre les deux, et combien de Rubis je garde ?")]
    assert forms == ["polar", "count"]


_LEXICON_WORDS = [(language, coordinating, phrase) for language in LANGUAGES
                  for coordinating in sorted(lexicon(language).coordinating_words)
                  for phrase in lexicon(language).asking_words]


@pytest.mark.parametrize(("language", "coordinating", "phrase"), _LEXICON_WORDS)
def test_every_lexicons_coordinating_and_asking_words_open_a_second_ask(language, coordinating, phrase):
    """The words are lexicon data (``coordinating_words``, ``asking_words``): a new language's reach the reader too."""
    asked = phrase.replace(" ", "-")  # "est-ce", "peut-on": written as players do
    question = f"Je peux le prendre, {coordinating} {asked} la suite ?"
    assert [ask.start for ask in asks(question)] == [0, question.index(",")]


def test_a_comma_and_a_word_no_lexicon_lists_stays_one_ask():
    assert len(asks("Je prends la carte, et ensuite la pioche ?")) == 1
