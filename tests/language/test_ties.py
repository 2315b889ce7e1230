"""A tie, told or asked, as one whole-word family per language."""

from __future__ import annotations

import pytest

from language import says_tie


@pytest.mark.parametrize(("text", "language"), [
    ("Si c'est encore égal, qui gagne ?", "fr"),
    ("Nous sommes ex aequo à 12 points.", "fr"),
    ("On a 23 pièces d'or chacun.", "fr"),
    ("En cas d'égalité, le joueur le plus âgé l'emporte.", "fr"),
    ("We're tied on rubies, who wins?", "en"),
    ("It's a draw, what now?", "en"),
    ("We're even after the count.", "en"),
])
def test_a_tie_is_read_in_any_of_its_forms(text: str, language: str) -> None:
    assert says_tie(text, language)


@pytest.mark.parametrize(("text", "language"), [
    ("Je gagne également un point ?", "fr"),   # « également » (also) is not « égal »
    ("Can I draw a card from the draw pile?", "en"),
    ("Even if I win the duel, do I keep the card?", "en"),
    ("Is the damage dealt equally?", "en"),
])
def test_words_that_only_look_like_a_tie_are_not_one(text: str, language: str) -> None:
    assert not says_tie(text, language)
