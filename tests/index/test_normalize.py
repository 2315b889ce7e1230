"""Lexical normalisation: accent folding, elision with both apostrophes, stopwords, stemming."""

from __future__ import annotations

import pytest

from index.normalize import Normalizer


@pytest.mark.parametrize("apostrophe", ["'", "’"])
def test_elision_strips_articles_with_either_apostrophe(apostrophe: str) -> None:
    text = f"l{apostrophe}Espionne qu{apostrophe}elle d{apostrophe}or"
    assert Normalizer(stopwords=False, stemming="none").tokens(text) == ["espionne", "elle", "or"]
    assert Normalizer(elision=False, stopwords=False, stemming="none").tokens(text) == [
        "l'espionne", "qu'elle", "d'or",
    ]


def test_stopwords_of_both_languages_are_dropped_but_gold_or_is_kept() -> None:
    assert Normalizer(stemming="none").tokens("Le joueur and the or de la partie") == ["joueur", "or", "partie"]


@pytest.mark.parametrize(
    ("stemming", "expected"),
    [
        ("none", ["joueurs", "eliminez", "eliminee", "cartes"]),
        ("plural", ["joueur", "eliminez", "eliminee", "carte"]),
        ("light", ["joueur", "elimin", "elimin", "cart"]),
    ],
)
def test_stemming_modes(stemming: str, expected: list[str]) -> None:
    assert Normalizer(stemming=stemming).tokens("joueurs éliminez éliminée cartes") == expected


def test_short_words_are_not_stemmed() -> None:
    assert Normalizer().tokens("or ors rois jeux") == ["or", "ors", "rois", "jeux"]


def test_unknown_stemming_mode_is_rejected() -> None:
    with pytest.raises(ValueError, match=r"stemming: expected one of \('none', 'plural', 'light'\), got 'heavy'"):
        Normalizer(stemming="heavy")
