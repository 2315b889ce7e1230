"""The Réserve set aside before the duel (``{"type": "reserve"}``): one card per Order of the side, never twice."""

from __future__ import annotations

import pytest

from engine.core.scenario import run_scenario


def _set_aside(orders: list[str]) -> list:
    scenario = {"game": "emprise", "players": 2,
                "position": {"orders": [["Archers", "Gardiens"], ["Cendres", "Piques"]]},
                "steps": [{"type": "reserve", "player": 0, "orders": orders, "try": True}]}
    return [event for step in run_scenario(scenario).steps for event in step.events]


def test_one_card_per_order_is_set_aside():
    events = _set_aside(["Gardiens", "Archers"])
    assert [e.kind for e in events] == ["reserve_set"]
    assert "Réserve" in events[0].citation.section


@pytest.mark.parametrize("orders,reason", [
    (["Archers", "Archers"], "reserve_one_per_order"),  # the same Order twice
    (["Archers"], "reserve_one_per_order"),             # one card is no Réserve
    (["Archers", "Cendres"], "not_in_hand"),            # an Order the side did not choose
])
def test_any_other_reserve_is_rejected_with_the_rule(orders, reason):
    events = _set_aside(orders)
    assert [(e.kind, e.data["reason"]) for e in events] == [("rejected", reason)]


def test_the_reserve_is_set_aside_only_before_the_first_card():
    scenario = {"game": "emprise", "players": 2, "position": {"orders": [["Archers", "Gardiens"], ["Cendres", "Piques"]],
                                                              "first_player": 0},
                "steps": [{"type": "place", "player": 0, "order": "Archers", "square": "a1"},
                          {"type": "reserve", "player": 1, "orders": ["Cendres", "Piques"], "try": True}]}
    events = run_scenario(scenario).steps[1].events
    assert [(e.kind, e.data["reason"]) for e in events] == [("rejected", "wrong_phase")]
