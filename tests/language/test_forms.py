"""Question forms, from the lexicons' patterns, in French and English."""

from __future__ import annotations

import pytest

from language import COUNT, LANGUAGES, OPEN, POLAR, WHEN, WHICH, WHO, lexicon, question_form


@pytest.mark.parametrize(("question", "form"), [
    ("Mon Marchand me rapporte combien ?", COUNT),
    ("How many tokens must I give back?", COUNT),
    ("Qu'est-ce que fait mon Garde ?", OPEN),
    ("What does my Spy do?", OPEN),
    ("Comment se passe la fin de partie ?", OPEN),
    ("Je peux en réserver une quatrième ?", POLAR),
    ("Can my Guard move it to the Harbour?", POLAR),
    ("Égalité de points : qui gagne ?", WHO),
    ("Who do I steal from?", WHO),
    ("Après une réservation, la place est remplie quand ?", WHEN),
    ("Which tokens can I give back?", WHICH),
])
def test_question_form(question: str, form: str) -> None:
    assert question_form(question) == form


@pytest.mark.parametrize(("question", "form"), [
    # A relative pronoun after a noun opens a clause about it: the question asks yes or no.
    ("A card which is under another card in a stack, can it still be attacked?", POLAR),
    ("Do we reveal them in the order in which they were placed?", POLAR),
    ("Je peux poser sur la carte sur laquelle il y a un jeton ?", POLAR),
    # The same words still ask when they open the question or its clause, or end it.
    ("Which tokens can I give back?", WHICH),
    ("So which is better, the King or the Queen?", WHICH),
    ("I have a Witch and a King, which is stronger?", WHICH),
    ("In which order do we reveal?", WHICH),
    ("Sur laquelle je pose ?", WHICH),
    ("On pose face visible ou face cachée ?", WHICH),
])
def test_a_relative_pronoun_is_not_a_word_that_asks(question: str, form: str) -> None:
    assert question_form(question) == form


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lexicon_has_every_list(language: str) -> None:
    lex = lexicon(language)
    assert lex.function_words and lex.question_filler and lex.number_words and lex.negations
    assert lex.restrictions and lex.permissions and lex.asks_permission and lex.asks_obligation
    assert set(lex.question_forms) <= {COUNT, WHO, OPEN, WHEN, WHICH}


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="language: expected one of"):
        lexicon("de")


@pytest.mark.parametrize(("question", "form"), [
    # "quoi" after a verb asks what, wherever it stands in the question.
    ("Il se passe quoi si la pioche est vide ?", OPEN),
    ("Je fais quoi de mes jetons en trop ?", OPEN),
    ("Ça devient quoi, mes points, si la carte est recouverte ?", OPEN),
    ("Mon Roi devient quoi ?", OPEN),
    # Not a word that asks: "n'importe quoi", "de quoi", "quoi qu'il arrive".
    ("Je peux jouer n'importe quoi ?", POLAR),
    ("Il a de quoi payer le recrutement ?", POLAR),
    ("Quoi qu'il arrive, je gagne un point ?", POLAR),
])
def test_quoi_after_a_verb_asks_what(question: str, form: str) -> None:
    assert question_form(question) == form
