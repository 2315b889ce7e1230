"""Players named by a description ("mon voisin de gauche", "my left neighbour") are players, not the asker."""

import pytest

from service.grounding.frame import addressed


def test_a_card_of_a_described_player_is_theirs_not_the_askers(grounder):
    frame = grounder.frame("Mon félon est à côté de la reine de mon voisin de gauche. Je perds combien ?", "oriflamme", "fr")
    assert [(card.card, card.owner) for card in frame.cards] == [("felon", "self"), ("reine", "mon voisin de gauche")]
    assert frame.players == ("mon voisin de gauche",)


def test_an_english_possessive_description_owns_the_card(grounder):
    frame = grounder.frame("My left neighbour's Cutthroat is next to my Queen. Is my Queen eliminated?", "oriflamme", "en")
    owners = {card.card: card.owner for card in frame.cards}
    assert owners == {"coupe_jarret": "My left neighbour", "reine": "self"}


@pytest.mark.parametrize("question", [
    "Mon coupe-jarret a pour seul voisin ma reine. Elle saute ?",  # a card's neighbour, no possessive of mine
    "Its only neighbour is my Queen. Is it eliminated?",
])
def test_a_cards_neighbour_is_no_player(grounder, question):
    assert grounder.frame(question, "oriflamme").players == ()


@pytest.mark.parametrize(("name", "language", "said"), [
    ("mon voisin de gauche", "fr", "votre voisin de gauche"),
    ("le joueur à ma droite", "fr", "le joueur à votre droite"),
    ("my left neighbour", "en", "your left neighbour"),
    ("Hugo", "fr", "Hugo"),
])
def test_a_described_player_is_addressed_to_the_asker(name, language, said):
    assert addressed(name, language) == said


def test_the_engine_names_the_described_winner_as_the_asker_would_hear_it(grounder):
    grounded = grounder.check(
        "Fin de partie : égalité à 12 points entre mon voisin de gauche et Hugo. Mon voisin de gauche a 4 cartes de sa "
        "famille dans la file, Hugo 3, aucune n'est recouverte. Qui gagne ?", "oriflamme", "fr")
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.check.verdict == "votre voisin de gauche"
