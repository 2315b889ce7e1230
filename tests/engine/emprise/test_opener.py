"""Who opened the duel, from the subject of an opening verb however the sentence is built."""

import pytest

from engine.emprise.opener import openers


@pytest.mark.parametrize(("question", "opener"), [
    ("Azur and Carmin each own 8 cards, and Azur was the one who opened the duel. Who wins?", "name:Azur"),
    ("It's a duel between me and Hugo, and Hugo won the draw so he starts.", "name:Hugo"),  # "he" is Hugo
    ("My friend was the one who started the duel. At the end he has 7 cards.", "other"),
    ("my buddy is the one who went first", "other"),
    ("Je n'ai pas commencé le duel. À la fin j'ai 8 cartes.", "other"),  # negated: the other side opened
    ("I didn't open the duel.", "other"),
    ("C'est Léa qui a ouvert.", "name:Léa"),  # the name as written, accents kept
    ("This time I was the one who opened.", "self"),
    ("Il a commencé le duel et il a gagné le tirage.", "other"),
])
def test_the_subject_of_the_opening_verb_opened(question, opener):
    assert {entity["value"] for entity in openers(question)} == {opener}


@pytest.mark.parametrize("question", [
    "At the start its top rank was 3. What is it worth now?",  # "start" with no player as its subject
    "Le duel commence : je pose ma carte.",  # the duel is no player
])
def test_a_verb_without_a_player_as_subject_opens_nothing(question):
    assert openers(question) == []

