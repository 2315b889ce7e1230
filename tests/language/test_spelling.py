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


QUESTION_WORDS = {"fr": {"gagne", "perd", "lance", "poser", "verso"}, "en": {"take", "win", "wins", "cost"}}


@pytest.fixture(scope="module")
def asking_speller() -> Speller:
    return Speller(GAME_WORDS, names=frozenset({"yanis"}), question_words=QUESTION_WORDS)


@pytest.mark.parametrize(("typed", "mended"), [
    ("Qui gange le Rubis ?", "Qui gagne le Rubis ?"),  # five letters, a question word: mended
    ("Qui pedr des Rubis ?", "Qui perd des Rubis ?"),  # four letters
    ("Can I taek it?", "Can I take it?"),
    ("Who wisn?", "Who wins?"),  # "win" and "wins" are both one edit away: the one of the typed length
    ("Est-ce que je peux poesr ma carte ?", "Est-ce que je peux poser ma carte ?"),
])
def test_a_short_slip_of_a_question_word_is_mended(asking_speller: Speller, typed: str, mended: str) -> None:
    assert asking_speller.mend(typed) == mended


@pytest.mark.parametrize("typed", [
    "Je joue mon perso",  # "verso" is a question word here, but starts with another letter
    "Qui a gagné ?",  # a known word
    "Yanis passe",  # a first name
    "Qui a le dé ?",  # under four letters
    "cest combien ?",  # "c'est" without its apostrophe, not a slip of "cost"
    "jpeux la prendre ?",
])
def test_short_words_that_are_no_slip_of_a_question_word_stay(asking_speller: Speller, typed: str) -> None:
    assert asking_speller.mend(typed) == typed


def test_a_short_word_is_mended_only_toward_the_question_words_of_its_language(asking_speller: Speller) -> None:
    assert asking_speller.mend("Can I taek it?", "en") == "Can I take it?"
    assert asking_speller.mend("Je taek ?", "fr") == "Je taek ?"  # "take" is an English question word


def test_a_long_slip_prefers_the_word_of_its_length(speller: Speller) -> None:
    both = Speller({"perdus", "perds"})  # "peruds" is one swap from "perdus" and one deletion from "perds"
    assert both.mend("Ses points sont peruds ?") == "Ses points sont perdus ?"


def test_a_yaml_file_gives_the_words_of_its_values_not_of_its_comments_or_keys(tmp_path) -> None:
    from language.spelling import vocabulary_of

    lexicon = tmp_path / "lexicon.yaml"
    lexicon.write_text("# Léa prend 2 rouges: the Mercenaire is discarded\nasks:\n  another_turn:   # Nico rejoue\n"
                       "    fr: [défaussé, \"encore un tour\"]\n", encoding="utf-8")
    rules = tmp_path / "rules.md"
    rules.write_text("# Règles\n\nLe Roi gagne.\n", encoding="utf-8")
    words = vocabulary_of([lexicon, rules, tmp_path / "missing.yaml"])
    assert {"défaussé", "encore", "tour", "Règles", "Roi", "gagne"} <= words, "values and a text file's every word"
    assert not words & {"Léa", "Nico", "Mercenaire", "discarded", "asks", "another", "turn", "fr"}, "comments, keys"
    speller = Speller(words)
    assert speller.mend("Il est défuassé ?") == "Il est défaussé ?", "a value's word is mended to"
    assert speller.mend("Le Mercneaire") == "Le Mercneaire", "a comment's word is not"
