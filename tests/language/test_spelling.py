"""One slip per unknown word mended toward the game's own words (language.spelling)."""

from __future__ import annotations

import pytest

from language.spelling import Speller, word_frequency

GAME_WORDS = {"défaussé", "discarded", "Mercenaire", "verso", "réserve", "reserve", "players"}


@pytest.fixture(scope="module")
def speller() -> Speller:
    return Speller(GAME_WORDS, names=frozenset({"yanis"}))


@pytest.mark.parametrize(("typed", "mended"), [
    ("Which card gets disacrded?", "Which card gets discarded?"),  # two neighbours swapped
    ("Il est défuassé ?", "Il est défaussé ?"),
    ("Il retourne un Mercneaire Rubis", "Il retourne un Mercenaire Rubis"),  # the capital kept
    ("can i still reesrve a card", "can i still reserve a card"),
    ("two plyers", "two players"),  # a letter missing
])
def test_a_slip_becomes_the_games_word(speller: Speller, typed: str, mended: str) -> None:
    assert speller.mend(typed) == mended


@pytest.mark.parametrize("typed", [
    "Je joue mon perso",  # five letters: "verso" is one edit away, but short words are left alone
    "C'était gratos",  # one edit from a general word only ("gratis"): no reader needs it
    "quelqu'un peut jouer ?",  # the first half of an elision
    "Yanis passe",  # a first name
    "Les Dorfel et les Dorfel",  # typed twice the same way: meant
    "Ils ont inversé",  # a known French word, accents or not
])
def test_known_short_and_meant_words_stay(speller: Speller, typed: str) -> None:
    assert speller.mend(typed) == typed


def test_word_frequency_reads_both_lists_folded() -> None:
    assert word_frequency("moitie", "fr") > 0  # "moitié" in the French list, read folded
    assert word_frequency("discarded", "en") > 0
    assert word_frequency("disacrded", "en") == 0



@pytest.mark.parametrize(("typed", "mended"), [
    ("disacrded, disacrded", "disacrded, disacrded"),  # two whole words: meant
    ("disacrded disacrded2", "discarded discarded2"),  # inside a longer run of word characters: once each
    ("disacrded_x disacrded", "discarded_x discarded"),
    ("Disacrded disacrded", "Discarded discarded"),  # case counts: two different words, each mended
])
def test_typed_twice_means_two_whole_words_spelled_the_same(speller: Speller, typed: str, mended: str) -> None:
    assert speller.mend(typed) == mended
