"""The generic scenario runner: validation paths, budgets, expectations (run on the Emblèmes engine)."""

from __future__ import annotations

import pytest

from engine.core.scenario import ScenarioBudgetExceeded, ScenarioError, run_scenario

SCORE_EMPTY_BOARD = {"game": "emblemes", "players": 3, "position": {"phase": "end_of_round"},
                     "steps": [{"type": "resolve_round"}]}


def test_players_are_inferred_from_the_position():
    result = run_scenario({"game": "emblemes", "position": {"players": [{}, {}, {}, {}], "phase": "end_of_round"},
                           "steps": [{"type": "resolve_round"}]})
    assert result.passed and len(result.final_state["players"]) == 4


@pytest.mark.parametrize("scenario,path", [
    ({"game": "emblemes", "stepz": []}, "stepz"),
    ({"game": "emblemes", "steps": [{"type": "select", "player": "zero", "card": "Roi"}]}, "steps[0]"),
    ({"game": "emblemes", "position": {"phase": "nap"}}, "position"),
    ({"game": "emblemes", "options": {"location_set": "Z"}}, "options"),
    ({"game": "emblemes", "expect": {"mood": 1}}, "expect.mood"),
])
def test_malformed_scenarios_name_the_field(scenario, path):
    with pytest.raises(ScenarioError) as error:
        run_scenario(scenario)
    assert error.value.path == path


def test_step_budget():
    with pytest.raises(ScenarioBudgetExceeded, match="steps: 3 steps, the budget is 2"):
        run_scenario({**SCORE_EMPTY_BOARD, "steps": [{"type": "resolve_round"}] * 3}, max_steps=2)


def test_failed_expectations_are_listed():
    result = run_scenario({**SCORE_EMPTY_BOARD, "expect": {
        "state": {"players.0.coins": 4, "nowhere.x": 1}, "events": [{"kind": "game_over"}],
        "no_events": [{"kind": "round_scoring"}], "terminal": True,
    }})
    assert result.failures == [
        "expect.state.players.0.coins: expected 4, got 3",
        "expect.state.nowhere.x: no such field in the final position",
        "expect.events[0]: no event matches {'kind': 'game_over'}",
        "expect.no_events[0]: an event matches {'kind': 'round_scoring'}: Round 1 is over: scoring Château, Village, Port.",
        "expect.terminal: expected True, got False",
    ]
