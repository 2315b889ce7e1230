"""Splendor questions about the asker's action this turn: the engine applies the action as stated and accepts or
rejects it with the rule that decides."""

import pytest


@pytest.mark.parametrize("question, language, verdict", [
    # a take of two needs a pile of at least 4
    ("Only 2 onyx are left in the bank. Can I take 2 onyx?", "en", False),
    ("Il reste 6 jetons blancs : je peux en prendre 2 ?", "fr", True),
    # gold is only gained by reserving; three gems must be of different colours
    ("Je peux prendre un diamant, un rubis et un or ?", "fr", False),
    ("Can I grab two sapphires and one onyx in one go?", "en", False),
    # bonuses count as tokens of their colour (card 51 costs 5 blue)
    ("This card costs 5 sapphires. I have 2 blue bonuses and 3 blue tokens. Can I buy it?", "en", True),
    ("Une carte coûte 5 saphirs. J'ai 1 bonus bleu et 3 jetons bleus, pas d'or. Je peux l'acheter ?", "fr", False),
    # at most three reserved cards
    ("I already have 3 reserved cards. Can I reserve one more from the level 2 deck?", "en", False),
])
def test_the_asker_s_action_is_applied_by_the_engine(grounder, question, language, verdict):
    grounded = grounder.check(question, "splendor", language)
    # a move stated alone that the rules never allow is answered first from the legal actions (legality.py)
    assert grounded is not None and grounded.check.method in ("frame", "legality")
    assert grounded.raw is verdict


def test_tokens_paid_after_bonuses(grounder):
    grounded = grounder.check("A card costs 5 blue and 3 green. I have 3 blue bonuses and 3 green bonuses. "
                              "How many tokens do I pay?", "splendor", "en")
    assert grounded.raw == 2


def test_a_take_of_two_from_an_unstated_pile_depends_on_the_pile(grounder):
    grounded = grounder.check("Can I take 2 rubies?", "splendor", "en")
    assert grounded.check.open
    assert {reading.verdict for reading in grounded.check.readings} == {"yes", "no"}


def test_tokens_over_ten_are_returned(grounder):
    grounded = grounder.check("I hold 9 tokens and I take 3 gems of different colours. How many must I give back?",
                              "splendor", "en")
    assert grounded.raw == 2


@pytest.mark.parametrize("question", [
    "There are at least 4 red gems left. Can I take 2 red?",          # a bound is no pile the engine can set
    "Can I discard a reserved card and reserve another one?",          # two actions, not one move of a turn
])
def test_no_action_frame_when_the_question_does_not_give_a_playable_action(grounder, question):
    grounded = grounder.check(question, "splendor", "en")
    assert grounded is None or grounded.check.method == "template"


@pytest.mark.parametrize("question, language, paid", [
    # no printed card costs 4 black and 2 red, or 4 red and 2 black (card 55 also costs 1 green)
    ("The card costs 4 onyx and 2 rubies. I have 3 black bonuses and 1 red bonus. How many tokens do I pay?", "en", 2),
    ("Une carte coûte 4 rubis et 2 onyx. J'ai 2 cartes rouges et 2 cartes noires. Combien de jetons je paie ?", "fr", 2),
])
def test_a_cost_no_printed_card_has_is_a_card_the_question_states(grounder, question, language, paid):
    grounded = grounder.check(question, "splendor", language)
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw == paid
    assert grounded.check.scenario["position"]["stated_cards"][0]["cost"] in ({"black": 4, "red": 2},
                                                                              {"red": 4, "black": 2})
    # its level, bonus and points are defaults, a second card differing in each played: they do not decide
    assert not grounded.check.open and len(grounded.check.readings) == 2
    stated = [p for p in grounded.explanation.provenance if "no printed card has that cost" in p.fact]
    assert stated and stated[0].source == "stated"
    assert "carte" not in grounded.check.outcome or "la carte que la question décrit" in grounded.check.outcome


def test_a_stated_card_the_asker_cannot_afford_is_refused_whatever_its_defaults(grounder):
    grounded = grounder.check("A card costs 4 red and 2 black. I have 2 red bonuses, 1 red token and 2 black tokens. "
                              "Can I buy it?", "splendor", "en")
    assert grounded.raw is False and not grounded.check.open
    assert "short by 1" in grounded.check.outcome


def test_rendre_is_not_a_slip_of_prendre(grounder):
    frame = grounder.frame("J'ai 9 jetons et je prends 3 jetons de couleurs différentes. Je dois en rendre combien ?",
                           "splendor", "fr")
    assert frame.asked.what == "return"


@pytest.mark.parametrize("question", [
    "La pile d'or est pleine, je peux prendre 2 jetons or comme action ?",
    "Je peux prendre un jeton or et 2 rubis ?",
    "Can I take two gold tokens?",
])
def test_taking_gold_as_gems_is_refused_by_the_engine(grounder, question: str) -> None:
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.raw is False
    assert any("en réservant une carte" in citation.quote for citation in grounded.citations)
    if grounded.check.method == "frame":
        assert grounded.check.scenario["steps"][-1].get("try")  # applied as asked: the engine's refusal is the answer
    else:  # the move stated alone: never legal in the games played (legality.py), and refused when tried
        assert grounded.check.method == "legality" and grounded.check.scenario["allowed"] == 0
        assert [event["data"]["reason"] for event in grounded.check.trace] == ["gold_only_by_reserving"]


@pytest.mark.parametrize("question", [
    "My bonuses cover the whole cost of a level 3 card. Can I buy it for free?",
    "Mes bonus couvrent tout le prix d'une carte de niveau 2 : je peux l'acheter sans dépenser un seul jeton ?",
])
def test_bonuses_that_cover_a_cost_buy_the_card_for_nothing(grounder, question: str) -> None:
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.raw is True and not grounded.check.open
    assert len(grounded.check.scenario["position"]["market"]) == 1  # one card, of the level said


@pytest.mark.parametrize("question, language, returned", [
    ("J'ai 9 jetons dont 1 or et je prends 3 jetons de couleurs différentes. Je dois en rendre combien ?", "fr", 2),
    ("I hold 8 tokens including 2 gold and I take 3 gems of different colours. How many do I give back?", "en", 1),
])
def test_gold_said_as_part_of_the_tokens_held_is_held_as_gold(grounder, question, language, returned):
    grounded = grounder.check(question, "splendor", language)
    assert grounded.raw == returned
    assert any("gold" in p.fact and p.source == "stated" for p in grounded.explanation.provenance)


def test_a_part_of_another_colour_is_no_gold(grounder):
    grounded = grounder.check("I hold 8 tokens including 2 rubies and I take 3 gems of different colours. "
                              "How many do I give back?", "splendor", "en")
    assert grounded is None or grounded.check.method == "template"


def test_a_purchase_refused_says_what_is_covered_and_what_is_missing(grounder):
    grounded = grounder.check("La carte noire de niveau 2 à 3 points coûte 6 onyx. J'ai 2 bonus noirs et 3 jetons noirs, "
                              "pas d'or. Je peux l'acheter ?", "splendor", "fr")
    assert grounded.raw is False
    assert "en couvrent 5 sur 6, il en manque 1" in grounded.text
