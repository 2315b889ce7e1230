"""Template verdicts read off one seat's view: a hidden-information question answered by the engine."""

from __future__ import annotations

from engine.core.scenario import run_scenario
from engine.core.templates import render, verdict

TEMPLATE = {
    "game": "toy", "title": "Does my opponent see the card I drew?", "players": 2,
    "slots": {"card": {"kind": "card", "default": 1, "choices": [1, 2]}},
    "position": {"first_player": 0, "players": [{"hand": [1, 2]}, {"hand": [3, 4]}], "deck": [5, 5, 1, 2, 3, 4]},
    "steps": [{"type": "play", "player": 0, "card": "${card}"}],
}


def _run(seat: int):
    """Seat ``seat``'s answer (answer specs are not rendered: the seat is written in them)."""
    answer = {"type": "yes_no", "yes_if": {"observation": {"player": seat, "players.0.hand": [2, 5]}}}
    scenario = render({**TEMPLATE, "answer": answer})
    result = run_scenario(scenario)
    return result, verdict(scenario["answer"], result, {})


def test_the_owner_sees_the_drawn_card_and_the_opponent_does_not():
    owner, seen_by_owner = _run(0)
    opponent, seen_by_opponent = _run(1)
    assert (seen_by_owner, seen_by_opponent) == (True, False)
    assert opponent.observations[1]["players"][0]["hand"] == 2  # the opponent sees a count


def test_a_number_is_read_off_a_view():
    scenario = render({**TEMPLATE, "answer": {"type": "number", "value": {"observation": {"player": 1, "path": "deck"}}}},
                      {"card": 2})
    assert verdict(scenario["answer"], run_scenario(scenario), {}) == 5
    assert verdict({"type": "number", "value": {"observation": {"player": 0, "path": "deck"}}},
                   run_scenario(scenario), {}) is None  # no view of seat 0 was taken
