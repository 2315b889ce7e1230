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


@pytest.mark.parametrize(("question", "form"), [
    # « quand » asks when it is followed by its verb (the subject after it) or ends a clause; a « quand » clause
    # with its subject before a comma sets the time of a yes/no question.
    ("Quand est sorti Splendor ?", WHEN),
    ("Quand se termine la partie ?", WHEN),
    ("Quand la manche se termine-t-elle ?", WHEN),
    ("ça finit quand, une partie ?", WHEN),
    ("On pioche quand exactement ?", WHEN),
    ("Jusqu'à quand on joue ?", WHEN),
    ("Quand on est à égalité, je gagne ?", POLAR),
    ("Quand la manche se termine, je garde mes cartes ?", POLAR),
    ("The game ends when?", WHEN),
    ("At what point do I check the nobles?", WHEN),
    ("What year did Splendor come out?", WHEN),
    ("When I reserve a card, do I get gold?", POLAR),
    # « quoi » after a clitic and its verb, "what if", "what am I … to do": open questions.
    ("j'en fais quoi de la carte ?", OPEN),
    ("What if we are tied?", OPEN),
    ("What am I supposed to do with the extra gems?", OPEN),
    # « où » asks where when it opens or ends a clause, or follows a pronoun's verb; not after a noun.
    ("on joue où ?", OPEN),
    ("Ma carte, je la pose où dans la file ?", OPEN),
    ("Ils vont où, les jetons rendus ?", OPEN),
    ("D'où vient le jeton ?", OPEN),
    ("Je pose mon Roi (15) au Village, où Paul a déjà une Voleuse (11). Mon Roi reste en jeu ?", POLAR),
    # "whose" asks only when it opens a sentence: "a card whose top shows 6" is a relative clause.
    ("Ana puts her Hunter there. Whose card gets discarded?", WHO),
    ("I put down a card whose right rank is 4 next to an enemy card. Do I capture it?", POLAR),
])
def test_colloquial_open_forms(question: str, form: str) -> None:
    assert question_form(question) == form
