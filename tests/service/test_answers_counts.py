"""Counts a quoted rule writes out in words are said in figures beside a lead that states no number."""

import pytest

from service.answers.counts import stated_counts
from service.answers.rulings import Ruling
from service.answers.wording import answer_text


class _Quote:
    def __init__(self, text: str, english: str = "") -> None:
        self.text = text
        self.english = english


@pytest.mark.parametrize("sentence, language, counts", [
    ("Gagnez deux points d’influence.", "fr", ("2 points d’influence",)),
    ("Gain one Influence point.", "en", ("1 Influence point",)),
    ("Fais une seule action : prendre 3 jetons de couleurs différentes.", "fr", ("1 action",)),
    ("Take a single action: take 3 gem tokens of different colours.", "en", ("1 action",)),
    ("One single person, who cannot code.", "en", ("1 person",)),
])
def test_a_spelled_out_count_is_said_in_figures_with_its_noun(sentence: str, language: str,
                                                             counts: tuple[str, ...]) -> None:
    assert stated_counts([sentence], language) == counts


@pytest.mark.parametrize("sentence, language", [
    ("Each one triggers its ability for you.", "en"),  # a pronoun, not a count
    ("Chapters, one per Order.", "en"),  # "one per" counts no thing of its own
    ("EMPRISE se joue à deux, en quelques minutes.", "fr"),  # the number is parted from the next word
    ("S’il n’y a aucune carte dans la file, le joueur pose sa carte.", "fr"),  # zero counts nothing
    ("Place the 3 Location cards in a column.", "en"),  # already in figures
    ("Déplacez une carte adjacente.", "fr"),  # « une » is an article as often as a count
])
def test_words_that_count_nothing_are_not_said(sentence: str, language: str) -> None:
    assert stated_counts([sentence], language) == ()


def test_a_lead_without_a_number_says_the_counts_its_quotes_spell_out() -> None:
    quotes = [_Quote("Lorsque vous révélez le prince, placez le jumeau de votre famille.",
                     "When you reveal the Prince, place your family's Twin."),
              _Quote("Gagnez un point d’influence.", "Gain one Influence point.")]
    assert answer_text("en", Ruling("rule"), quotes).startswith("The rule that applies (1 Influence point): “When")
    assert answer_text("fr", Ruling("rule"), quotes).startswith("La règle qui s’applique : « Lorsque"), \
        "« un point » may be an article: French « un » is not read"


def test_a_choice_says_the_counts_of_the_sentence_that_decides_it_only() -> None:
    deciding = _Quote("Celui qui a ouvert le duel ne pose pas la dernière carte : il reçoit deux points d'avance.")
    other = _Quote("Chaque camp a huit cartes.")
    text = answer_text("fr", Ruling("choice", value="un désavantage"), [deciding, other])
    assert text.startswith("Un désavantage (2 points d'avance). « Celui")


def test_a_ruling_that_states_its_number_adds_no_counts() -> None:
    quote = _Quote("Chaque camp a huit cartes.", "Each side has eight cards.")
    assert answer_text("en", Ruling("number", value="8 (huit cartes)", english="8 (eight cards)"), [quote]) \
        .startswith("8 (eight cards). “Each")
    assert answer_text("fr", Ruling("yes"), [quote]).startswith("Oui. «")
