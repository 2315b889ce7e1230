"""Golden playthroughs: seeded random games whose every event and final position are stored.

A change of rules behaviour shows up as a diff of ``golden/*.json``; after an
intended change, regenerate with ``ARBITRE_REGENERATE_GOLDEN=1 pytest tests/engine/emblemes/test_golden.py``.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from engine.core.game import random_action
from engine.emblemes import GAME

GOLDEN = Path(__file__).parent / "golden"
CASES = [(3, 7), (4, 11), (5, 23)]


def _playthrough(players: int, seed: int) -> dict:
    rng = random.Random(seed)
    state = GAME(players).new_initial_state(rng)
    steps = []
    while not state.is_terminal():
        action = random_action(state, rng)
        steps.append({"action": action, "events": [f"{e.kind}: {e.message}" for e in state.apply(action)]})
    return {"players": players, "seed": seed, "steps": steps, "final": state.to_dict(), "winners": state.winners()}


@pytest.mark.parametrize("players,seed", CASES)
def test_golden_playthrough(players, seed):
    path = GOLDEN / f"emblemes-{players}p-seed{seed}.json"
    actual = _playthrough(players, seed)
    if os.environ.get("ARBITRE_REGENERATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(actual, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    for index, (got, want) in enumerate(zip(actual["steps"], expected["steps"])):
        assert got == want, f"step {index} differs"
    assert len(actual["steps"]) == len(expected["steps"])
    assert actual["final"] == expected["final"] and actual["winners"] == expected["winners"]
