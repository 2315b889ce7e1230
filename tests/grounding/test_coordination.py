"""Counts said as one list share the noun said once for it (service/grounding/coordination.py), in every game."""

from pathlib import Path

import pytest

from service.grounding.entities import Recogniser, load_glossary

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def _counts(game: str, question: str) -> list[tuple[int, tuple[str, ...]]]:
    recogniser = Recogniser(load_glossary(CORPUS / game / "glossary.yaml"))
    return [(e.value, e.shares) for e in recogniser.recognise(question) if e.kind == "number"]


@pytest.mark.parametrize("question, expected", [
    # English: the noun ends the list and closes every count before it
    ("She has 2 white and 4 blue bonuses.", [(2, ("bonus",)), (4, ())]),
    ("I hold 3 red, 2 green and 1 black token.", [(3, ("jeton",)), (2, ("jeton",)), (1, ())]),
    # French: the noun opens the list
    ("J'ai 2 bonus rouges et 4 bleus.", [(2, ()), (4, ("bonus",))]),
    ("Il a 5 jetons verts, 3 blancs et 2 noirs.", [(5, ()), (3, ("jeton",)), (2, ("jeton",))]),
])
def test_a_count_of_a_list_shares_the_list_s_noun(question, expected):
    assert _counts("splendor", question) == expected


@pytest.mark.parametrize("question", [
    "The card costs 2 white and 4 blue.",                 # every count said alike: nothing to share
    "I have 2 white bonuses. The card costs 4 blue.",     # two sentences are no list
    "My Merchant (6), a Guard (12) and a Spy (3).",      # values in brackets are no list of counts
])
def test_no_noun_is_shared_outside_a_list_of_unequal_phrases(question):
    game = "emblemes" if "Merchant" in question else "splendor"
    assert all(shares == () for _, shares in _counts(game, question))


def test_the_first_count_of_an_english_list_is_bought_as_a_bonus(grounder):
    # "bonuses" stands 17 characters after the "2": read before as 2 white tokens, a purchase that costs 2
    grounded = grounder.check("I have 2 white and 4 blue bonuses and no tokens. A card costs 2 white and 4 blue. "
                              "Can I buy it without spending any token?", "splendor", "en")
    assert grounded is not None and grounded.raw is True


def test_tokens_held_said_as_a_list_of_colours_are_all_held(grounder):
    grounded = grounder.check("I have 3 red, 2 green and 2 black tokens plus 2 gold, and I take 3 tokens of different "
                              "colours. How many tokens must I give back?", "splendor", "en")
    assert grounded is not None and grounded.raw == 2


def test_a_noble_reads_the_first_count_of_a_token_list_as_tokens(grounder):
    # 3 white bonuses are needed; the "3 white" of a list of tokens are tokens, which nobles never read
    grounded = grounder.check("A noble needs 3 white and 3 blue. I have 3 blue bonuses, and 3 white and 2 red tokens. "
                              "Does the noble visit me?", "splendor", "en")
    assert grounded is None or grounded.raw is False
