"""The ask read from the asking clause however it is said (session 8): a who-phrase is the plain "qui"/"who", a verb
in another tense or person is the lexicon's verb, and an entry said exactly still wins over an inflected one."""

import pytest

from language import question_form

_SPLENDOR_TIE_FR = "Fin de partie : Tom et Sara ont tous les deux 16 points. Tom a acheté 10 cartes, Sara en a acheté 12. "
_SPLENDOR_TIE_EN = "Game over: Tom and Sara both have 16 points. Tom bought 10 cards and Sara bought 12. "


@pytest.mark.parametrize("asking", [
    "Qui gagne ?", "Lequel d'entre nous gagne ?", "C'est qui qui gagne ?", "Qui remportera la partie ?",
    "Lequel des deux l'emporte ?",
])
def test_who_wins_said_otherwise_in_french_gets_the_same_verdict(grounder, asking):
    grounded = grounder.check(_SPLENDOR_TIE_FR + asking, "splendor", "fr")
    assert grounded is not None and grounded.check.verdict == "Tom"


@pytest.mark.parametrize("asking", ["Who wins?", "Which of us wins?", "Which player wins?", "Who will win?",
                                    "Which one of us won?"])
def test_who_wins_said_otherwise_in_english_gets_the_same_verdict(grounder, asking):
    grounded = grounder.check(_SPLENDOR_TIE_EN + asking, "splendor", "en")
    assert grounded is not None and grounded.check.verdict == "Tom"


@pytest.mark.parametrize(("question", "form"), [
    ("Lequel d'entre nous gagne ?", "who"), ("C'est qui qui lance le dé ?", "who"), ("Which of us wins?", "who"),
    ("Qui est-ce qui gagne ?", "who"), ("Mon Roi, qui est au Château, est défaussé ?", "polar"),
])
def test_a_phrase_that_asks_for_a_person_is_a_who_question(question, form):
    assert question_form(question) == form


@pytest.mark.parametrize(("question", "asked"), [
    ("Je pose mon Marchand au Port. Je toucherai combien ?", "earn"),
    ("Je pose mon Marchand au Port. Il me rapportera combien ?", "earn"),
])
def test_a_verb_in_another_tense_is_the_lexicon_verb(grounder, question, asked):
    assert grounder.frame(question, "emblemes", "fr").asked.what == asked


def test_an_entry_said_exactly_wins_over_an_earlier_inflected_one(grounder):
    frame = grounder.frame("J'ai pris 3 jetons au tour d'avant. Je peux acheter la carte ?", "splendor", "fr")
    assert frame.asked.what == "buy"  # "pris" is a form of "prendre" (take), but "acheter" is said as listed
