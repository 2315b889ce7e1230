"""Phase tables (wrong-phase rejections citing where an action belongs) and chance draws from unordered piles."""

from __future__ import annotations

import random

import pytest

from engine.core.chance import draw_outcomes, remove_one, sample_outcome
from engine.core.citations import Citation
from engine.core.phases import ALL_SEATS, SEAT, Phase, PhaseTable

SELECT = Citation("Jeu › Sélection")
PLACE = Citation("Jeu › Placement")
TABLE = PhaseTable([Phase("select", ("select",), ALL_SEATS, SELECT), Phase("place", ("place", "pass"), SEAT, PLACE)])


def test_an_action_of_another_phase_is_rejected_citing_its_own_phase():
    assert TABLE.check("place", "place") is None
    rejected = TABLE.check("place", "select")
    assert rejected.is_rejection and rejected.data == {"reason": "wrong_phase", "phase": "select", "expected": ["place"]}
    assert rejected.citation == PLACE


def test_an_unknown_action_type_is_malformed_input():
    with pytest.raises(ValueError, match=r"action.type: expected one of \['pass', 'place', 'select'\], got 'jump'"):
        TABLE.check("jump", "select")


def test_phase_names_are_parsed_and_unique():
    assert TABLE.parse("place") == "place" and TABLE.names == ("select", "place")
    with pytest.raises(ValueError, match="phase: expected one of"):
        TABLE.parse("score")
    with pytest.raises(ValueError, match="distinct"):
        PhaseTable([Phase("a", (), SEAT), Phase("a", (), SEAT)])
    with pytest.raises(ValueError, match="mover"):
        Phase("a", (), "everyone")


def test_draw_outcomes_weigh_each_distinct_card_by_its_count():
    assert draw_outcomes(["Scandale", "Pot-de-vin", "Scandale", "Vol"]) == [
        ("Scandale", 0.5), ("Pot-de-vin", 0.25), ("Vol", 0.25)]
    with pytest.raises(ValueError, match="pile"):
        draw_outcomes([])


def test_sample_outcome_is_the_reference_draw():
    outcomes = draw_outcomes([1, 1, 2, 3])
    expected = random.Random(4).choices([1, 2, 3], weights=[0.5, 0.25, 0.25])[0]
    assert sample_outcome(outcomes, random.Random(4)) == expected


def test_remove_one_takes_a_single_copy_or_names_the_field():
    pile = [2, 2, 5]
    remove_one(pile, 2)
    assert pile == [2, 5]
    with pytest.raises(ValueError, match=r"card: expected one of \['2', '5'\], got 4"):
        remove_one(pile, 4)
