"""The text layer: folding, stems, content words, language."""

from __future__ import annotations

import pytest

from language import content_stems, detect_language, fold, stem, trim_function_words


def test_fold_strips_accents_and_case() -> None:
    assert fold("Élu À LA Fête") == "elu a la fete"


def test_stem_folds_plural_and_feminine_endings() -> None:
    assert stem("manches") == stem("manche")
    assert stem("revelee") == stem("revele")


def test_content_stems_drop_function_words_and_keep_order() -> None:
    assert content_stems("Combien de manches dans la partie d’Emblèmes ?") == ["manch", "emblem"]


def test_gold_is_a_content_word_in_french() -> None:
    assert content_stems("Combien d’or au départ ?") == ["or", "depart"]


def test_content_stems_keep_numbers() -> None:
    assert "3" in content_stems("Que se passe-t-il avec 3 joueurs ?")


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("Au début de la partie, chacun a combien d'or ?", "fr"),
        ("Le Matelot double-t-il aussi une perte ?", "fr"),
        ("How many rounds are there in a full game of Emblèmes?", "en"),
        ("Does the Sailor double a loss too?", "en"),
        ("Matelot ?", "fr"),
        ("Sailor?", "fr"),
    ],
)
def test_detect_language(question: str, language: str) -> None:
    assert detect_language(question) == language


def test_a_number_is_read_from_digits_or_from_either_languages_words() -> None:
    from language import number_value

    assert [number_value(w) for w in ("8", "huit", "eight", "aucun", "cartes")] == [8, 8, 8, 0, None]


@pytest.mark.parametrize(("phrase", "keep", "trimmed"), [
    ("11 cards of their", 1, "11 cards"),
    ("Trois au maximum en", 1, "Trois au maximum"),
    ("le joueur ayant le plus de cartes de sa", 2, "le joueur ayant le plus de cartes"),
    ("pièces d’", 1, "pièces"),
    ("un de", 1, "un"),
    ("the player", 2, "the player"),
])
def test_a_phrase_never_ends_on_a_function_word(phrase: str, keep: int, trimmed: str) -> None:
    assert " ".join(trim_function_words(phrase.split(), keep=keep)) == trimmed
