"""Golden playthroughs of every engine: seeded random games whose every event and final position are stored.

A change of rules behaviour shows up as a diff of ``golden/<game>-<players>p-seed<seed>.json``.
Every engine has one at its minimum and one at its maximum player count (seeds
below) plus any other file of the folder. After an intended change, or for a
new engine, write them with::

    ARBITRE_REGENERATE_GOLDEN=1 pytest tests/engine/test_golden.py -k <game>
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

from engine.core.game import random_action
from tests.engine.engines import ENGINES

GOLDEN = Path(__file__).parent / "golden"
_NAME = re.compile(r"^(?P<game>[a-z0-9_-]+?)-(?P<players>\d+)p-seed(?P<seed>\d+)\.json$")


def _cases() -> list[tuple[str, int, int]]:
    cases = set()
    for game, game_class in ENGINES.items():
        cases.add((game, game_class.game_type.min_players, 7))
        cases.add((game, game_class.game_type.max_players, 23))
    for path in GOLDEN.glob("*.json"):
        match = _NAME.match(path.name)
        if match and match["game"] in ENGINES:
            cases.add((match["game"], int(match["players"]), int(match["seed"])))
    return sorted(cases)


def _playthrough(game: str, players: int, seed: int) -> dict:
    rng = random.Random(seed)
    state = ENGINES[game](players).new_initial_state(rng)
    steps = []
    while not state.is_terminal():
        action = random_action(state, rng)
        steps.append({"action": action, "events": [f"{e.kind}: {e.message}" for e in state.apply(action)]})
    return {"players": players, "seed": seed, "steps": steps, "final": state.to_dict(), "winners": state.winners()}


@pytest.mark.parametrize("game,players,seed", _cases(), ids=lambda v: str(v))
def test_golden_playthrough(game, players, seed):
    path = GOLDEN / f"{game}-{players}p-seed{seed}.json"
    actual = _playthrough(game, players, seed)
    if os.environ.get("ARBITRE_REGENERATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(actual, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}; write it with ARBITRE_REGENERATE_GOLDEN=1"
    expected = json.loads(path.read_text(encoding="utf-8"))
    for index, (got, want) in enumerate(zip(actual["steps"], expected["steps"])):
        assert got == want, f"step {index} differs"
    assert len(actual["steps"]) == len(expected["steps"])
    assert actual["final"] == expected["final"] and actual["winners"] == expected["winners"]
