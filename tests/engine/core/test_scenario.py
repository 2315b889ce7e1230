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


def test_observation_expectations_check_one_seats_view():
    scenario = {"game": "emblemes", "players": 3, "position": {"players": [{"selected": "Roi"}, {}, {}]},
                "expect": {"observation": [{"player": 1, "players.0.selected": "face down", "players.0.hand": 6},
                                           {"player": 0, "players.0.selected": "Roi", "players.1.hand": 5,
                                            "players.9.hand": 1}]}}
    result = run_scenario(scenario)
    assert result.failures == [
        "expect.observation[1].players.1.hand: player 0 sees 6, expected 5",
        "expect.observation[1].players.9.hand: no such field in player 0's view",
    ]
    assert set(result.to_dict()["observations"]) == {"0", "1"}


@pytest.mark.parametrize("observation,path", [
    ({"players.0.hand": 6}, "expect.observation.player"),
    ([{"player": 0}, "seat 1"], "expect.observation[1]"),
    ({"player": 7}, "expect.observation.player"),
])
def test_malformed_observation_expectations_name_the_field(observation, path):
    with pytest.raises(ScenarioError) as error:
        run_scenario({"game": "emblemes", "players": 3, "expect": {"observation": observation}})
    assert error.value.path == path


def test_players_default_to_the_minimum_when_the_position_does_not_list_seats():
    result = run_scenario({"game": "emblemes", "position": {"phase": "end_of_round"}, "steps": [{"type": "resolve_round"}]})
    assert len(result.final_state["players"]) == 3
