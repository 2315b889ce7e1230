"""A placement told card by card (engine/emprise/described.py), and the engine verdict it leads to."""

from __future__ import annotations

import pytest

from engine.emprise.described import faces_described
from language import fold_same_length
from service.core.config import get_settings
from service.grounding.grounder import Grounder


def _faces(question: str) -> list[str]:
    return [e["value"] for e in faces_described(fold_same_length(question)) if e["kind"] == "face"]


@pytest.fixture(scope="module")
def grounder() -> Grounder:
    loaded = Grounder(get_settings().corpus_dir)
    loaded.warm_up()
    return loaded


@pytest.mark.parametrize("question,faces", [
    # each rank belongs to the card said last before it; the other card's side faces the opposite side of mine
    ("Ma carte a un 8 en haut. Juste au-dessus il y a une carte adverse avec un 2 en bas.", ["8:2:enemy"]),
    ("I lay my card below an enemy card that has a 4 on the bottom; my card has 4 on top.", ["4:4:enemy"]),
    ("Je pose ma carte en d3, son rang de gauche est un 7. En c3 il y a une carte ennemie qui a 5 à droite.",
     ["7:5:enemy"]),
    ("I put my card at column 2, row 3. Enemy cards sit at column 2 row 2 (its bottom is 1) and at column 1 row 3 "
     "(its right is 9). My card has 3 on top and 9 on the left.", ["3:1:enemy", "9:9:enemy"]),
])
def test_each_card_told_apart_gives_its_face(question, faces):
    assert _faces(question) == faces


@pytest.mark.parametrize("question", [
    # the enemy card's rank is told on a side that does not face mine (to my right: its left faces me)
    "I place my card to the left of an enemy card with 3 on its top; my card has 6 on the bottom.",
    # the squares are not adjacent
    "Je pose ma carte en a1, son rang de droite est un 6. En c1 il y a une carte ennemie qui a un 3 à gauche.",
    # nothing says the cards touch
    "Ma carte a un 6 en haut. Une carte adverse a un 2 en bas.",
    # a card whose owner is not said
    "Je pose ma carte avec 6 à droite à côté d'une carte qui a 3 à gauche.",
])
def test_what_the_sides_or_squares_do_not_settle_gives_no_face(question):
    assert _faces(question) == []


@pytest.mark.parametrize("question,verdict", [
    ("Je pose ma carte en B3, son rang de droite est un 9. En C3 juste à côté il y a une carte de mon adversaire "
     "qui a un 4 à gauche. Je la prends ?", "oui"),
    ("My card's bottom rank is 6 and the enemy card below it has a 6 on top. Is it captured?", "no"),
    ("Je joue dans la 4e colonne, 2e rangée. Au-dessus de moi (4e colonne, 1re rangée) une carte adverse avec 3 en "
     "bas, et à ma gauche (3e colonne, 2e rangée) une carte adverse avec 5 à droite. Ma carte a 4 en haut et 5 à "
     "gauche. Combien de cartes je prends ?", 1),
])
def test_a_placement_told_card_by_card_gets_the_engine_verdict(grounder, question, verdict):
    answer = grounder.check(question, "emprise")
    assert answer is not None and answer.check.method == "frame", question
    assert answer.check.verdict == verdict


@pytest.mark.parametrize("question,verdict", [
    # the tie said before "after both rounds", in the same sentence: the Dernier Mot
    ("Mort subite entre Zoé et Paul : c'est encore égal après les deux rondes. Zoé avait ouvert. Qui gagne ?", "Paul"),
    ("Sudden death is done and the tie still holds after both rounds. Kim opened the duel. Who wins?", "you"),
    # a count the asker says of themself without "I have": the asker's, beside the named player's
    ("I went first and ended with 9 cards on the board, Nora had 7. Who won?", "you"),
])
def test_the_count_reads_the_tie_and_the_asker_however_said(grounder, question, verdict):
    answer = grounder.check(question, "emprise")
    assert answer is not None and answer.check.method == "frame", question
    assert answer.check.verdict == verdict
