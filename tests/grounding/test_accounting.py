"""Fact accounting (``service/grounding/accounting.py``): an engine verdict is computed from the facts the question
states, or the engine check is declined and the question gets the text's answer.

- a stated count the compiled position left at a default that decides the verdict ("Sam only has 1 influence",
  every player at the default 5) is declined; the same count when the default does not decide it keeps the verdict;
- a card named by its value that the frame does not place ("un 5, un 3") is declined;
- a template's count slot left at its default, of a quantity the question never describes, on which the verdict
  turns ("how many rubies does he spend?" read off a default stock of rubies) is declined; a quantity the
  question describes in words ("mon coffre est vide") keeps the verdict.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.core.templates import Slot
from service.grounding.accounting import (
    Overridden, deciding_defaults, other_count, overridden_counts, placed, unplaced_values, with_stated_count,
)
from service.grounding.catalog import SlotSpec
from service.grounding.frame import CountFact
from service.grounding.results import Declined, GroundedAnswer

INFLUENCE = {"point_d_influence": ["point d'influence", "Influence point", "points"]}


def _names(unit: str) -> list[str]:
    return INFLUENCE.get(unit, [])


def _frame(counts=(), cards=(), entities=(), ranks=(), text=""):
    return SimpleNamespace(counts=tuple(counts), cards=tuple(cards), entities=tuple(entities), ranks=tuple(ranks),
                           text=text)


def _compiled(influence=(5, 5), facts=None, players=None):
    scenario = {"game": "oriflamme", "players": len(influence),
                "position": {"line": [], "players": [{"influence": value} for value in influence]}}
    return {
        "players": players if players is not None else {1: "Sam"},
        "variants": [{"reading": {}, "scenario": scenario}],
        "facts": facts if facts is not None else [
            {"fact": "Coupe-jarret of Sam: state unsaid", "source": "stated", "said": "Coupe-jarret"},
            {"fact": "no other card beside the cards stated; every player has 5 influence", "source": "default"},
        ],
    }


SAM_HAS_ONE = CountFact(value=1, unit="point_d_influence", holder=None, qualifier=None, said="1", owner="Sam", start=70)


def test_a_stated_count_left_at_another_default_is_overridden():
    found = overridden_counts(_frame([SAM_HAS_ONE]), _compiled(), _names)
    assert [(o.count.value, o.was, o.seat) for o in found] == [(1, 5, 1)]


@pytest.mark.parametrize("count, influence", [
    (SAM_HAS_ONE, (5, 1)),  # Sam's record holds it
    (CountFact(value=1, unit="point_d_influence", holder=None, qualifier=None, said="1", owner=None, start=3),
     (5, 5)),  # nobody's: no record to hold it
    (CountFact(value=2, unit="carte", holder=None, qualifier=None, said="2", owner="Sam", start=3),
     (5, 5)),  # another quantity than the default's
])
def test_a_count_the_position_holds_or_that_no_default_sets_is_not_overridden(count, influence):
    assert overridden_counts(_frame([count]), _compiled(influence), _names) == []


def test_a_stated_fact_using_the_number_elsewhere_does_not_account_for_the_owners_count():
    """"I have 5 coins" read as a place paying 5: the asker's record still holds the default."""
    facts = [{"fact": "its place pays 1", "source": "stated"},
             {"fact": "every player has 5 influence", "source": "default"}]
    assert [o.count.value for o in overridden_counts(_frame([SAM_HAS_ONE]), _compiled(facts=facts), _names)] == [1]


def test_without_a_record_for_the_quantity_a_stated_fact_carrying_the_number_accounts_for_it():
    facts = [{"fact": "Sam: 1 influence", "source": "stated"},
             {"fact": "every player has 5 influence", "source": "default"}]
    compiled = _compiled(facts=facts)
    compiled["variants"][0]["scenario"]["position"]["players"] = [{"hand": []}, {"hand": []}]
    assert overridden_counts(_frame([SAM_HAS_ONE]), compiled, _names) == []


def test_the_stated_count_replaces_the_default_in_the_owners_record_only():
    overridden = Overridden(SAM_HAS_ONE, "every player has 5 influence", 5, 1)
    scenario = _compiled()["variants"][0]["scenario"]
    changed = with_stated_count(scenario, overridden, _names)
    assert changed["position"]["players"] == [{"influence": 5}, {"influence": 1}]
    assert scenario["position"]["players"] == [{"influence": 5}, {"influence": 5}]  # the compiled one is untouched
    assert not placed(scenario, overridden, _names) and placed(changed, overridden, _names)


def test_a_count_without_a_seat_cannot_be_placed():
    overridden = Overridden(SAM_HAS_ONE, "every player has 5 influence", 5, None)
    assert with_stated_count(_compiled()["variants"][0]["scenario"], overridden, _names) is None


def test_a_card_named_by_value_and_not_placed_is_reported():
    text = "au port : mon marchand (6), un 5 et un matelot."
    value = SimpleNamespace(kind="value", value=5, start=text.index("5"), text="5")
    assert "'5'" in unplaced_values(_frame(entities=[value], text=text), players=3)
    assert unplaced_values(_frame(cards=[SimpleNamespace(start=value.start)], entities=[value], text=text), 3) is None
    at_four = "Premier tour à 4 : qui a le pion ?"
    assert unplaced_values(_frame(entities=[SimpleNamespace(kind="value", value=4, start=at_four.index("4"), text="4")],
                                  text=at_four), players=None) is None  # "à 4": no article, no card
    bound = "deux cartes de valeur inférieure à 6"
    assert unplaced_values(_frame(entities=[SimpleNamespace(kind="value", value=6, start=bound.index("6"), text="6")],
                                  text=bound), players=3) is None


def _slot(name, default, choices=(), unit=("chest:rubis",)):
    return SlotSpec(Slot(name, "count", default, tuple(choices)), unit=unit)


def test_other_count_stays_within_the_slots_choices():
    assert other_count(_slot("rubies", 7, range(16)), 7) == 8
    assert other_count(_slot("cost", 5, (1, 3, 5)), 5) is None
    assert other_count(_slot("rubies", 15, range(16)), 15) == 14


def test_a_default_count_moving_the_verdict_decides_it_unless_the_question_describes_it():
    template = SimpleNamespace(slots=(_slot("rubies", 7, range(16)), _slot("coins", 1, range(5), ("chest:piece",))))
    values = {"rubies": 7, "coins": 3}

    def replay(filled):
        return filled["rubies"] - (5 - filled["coins"])

    assert deciding_defaults(template, values, ["coins"], {"piece"}, replay, 5) == ["rubies"]
    assert deciding_defaults(template, values, ["coins"], {"piece", "chest"}, replay, 5) == []  # "mon coffre est vide"
    assert deciding_defaults(template, values, ["coins", "rubies"], set(), replay, 5) == []  # stated


@pytest.mark.parametrize("game, question", [
    ("oriflamme", "My Guet-apens is eliminated by Tom's Coupe-jarret, but Tom only has 1 influence point. "
                  "How many do I steal?"),
    ("emblemes", "au port il y a mon marchand (6), un 4 et un 2. combien de pieces me rapporte mon marchand ?"),
    ("for-a-crown", "Ben has 2 coins. He recruits a mercenary that costs 5. How many rubies does he spend?"),
])
def test_a_verdict_over_a_fact_the_position_lost_is_declined(grounder, game, question):
    assert isinstance(grounder.attempt(question, game), Declined)


@pytest.mark.parametrize("game, question, verdict", [
    ("oriflamme", "Tom's Coupe-jarret eliminates my face-down Guet-apens and nothing else. Tom has 7 points. "
                  "How many influence points do I steal from him?", 3),
    ("for-a-crown", "Il me reste 1 Pièce et 8 Rubis dans mon coffre. Je recrute un mercenaire qui coûte 3. "
                    "Il me reste combien de Rubis ?", 6),
    ("for-a-crown", "On me fait un vol de rubis alors que mon coffre est vide, mais mon objet précieux est encore "
                    "dedans. Combien de rubis ai-je dans mon coffre après ?", 9),
])
def test_a_verdict_the_stated_facts_decide_is_kept(grounder, game, question, verdict):
    grounded = grounder.attempt(question, game)
    assert isinstance(grounded, GroundedAnswer)
    assert grounded.raw == verdict
