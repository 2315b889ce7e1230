"""Facing ranks told around an empty square (engine/emprise/around.py)."""

from __future__ import annotations

from engine.emprise.around import faces_around_square
from language import fold_same_length


def _faces(question: str) -> list[str]:
    return [e["value"] for e in faces_around_square(fold_same_length(question)) if e["kind"] == "face"]


def test_each_card_around_the_square_faces_the_side_it_touches():
    question = ("Nour a une carte juste au-dessus d'une case vide, avec 3 sur son rang du bas, et une autre juste à "
                "gauche de cette case, avec 6 sur son rang de droite. Je pose sur cette case une carte qui a 2 à "
                "gauche et 3 en haut.")
    assert _faces(question) == ["3:3:enemy", "2:6:enemy"]


def test_english_and_the_placed_card_told_side_first():
    question = ("An enemy card sits right below an empty square with 5 on its top side, and another one right of "
                "that square with 1 on its left side. I put a card there: bottom 4, right 2.")
    assert _faces(question) == ["4:5:enemy", "2:1:enemy"]


def test_one_of_my_own_cards_is_an_own_face():
    question = ("J'ai une carte juste à droite d'une case vide, avec 4 sur son rang de gauche. "
                "Je pose sur cette case une carte avec 4 à droite.")
    assert _faces(question) == ["4:4:own"]


def test_a_side_of_the_placed_card_left_unsaid_gives_no_face():
    question = ("Léa a une carte juste au-dessus d'une case vide, avec 4 sur son rang du bas. "
                "Je pose sur cette case une carte avec 7 à droite.")
    assert faces_around_square(fold_same_length(question)) == []
