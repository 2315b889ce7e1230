"""A question that asks two things is read as two asks, each with the facts stated before it."""

import pytest

from language import question_form
from language.compound import asks


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
