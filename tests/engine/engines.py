"""The engines the registry-driven tests cover: every registered game, plus the toy game of the core.

A new game is covered by registering it (``engine/<game>/__init__.py`` exports
``GAME``): its rulebook is ``corpus/<id>/rules.md``, its scenarios
``corpus/<id>/scenarios/`` (templates under ``templates/``), its citations
``engine/<game>/rules.py``. The toy game keeps all three under ``tests/engine/toy/``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from engine.core import available_games
from engine.core.citations import Citation
from tests.engine.toy import ToyGame

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
TOY_DIR = Path(__file__).resolve().parent / "toy"

ENGINES: dict[str, type] = {**available_games(), ToyGame.game_type.id: ToyGame}
"""Game id -> Game class; the registered engines first, then ``toy``."""
REGISTERED = sorted(available_games())


def rules_file(game_id: str) -> Path:
    return TOY_DIR / "rules.md" if game_id == ToyGame.game_type.id else CORPUS / game_id / "rules.md"


def scenario_dir(game_id: str) -> Path:
    return TOY_DIR / "scenarios" if game_id == ToyGame.game_type.id else CORPUS / game_id / "scenarios"


def rules_module(game_id: str) -> ModuleType:
    """``engine/<game>/rules.py`` (the citations), found from the Game class's package."""
    package = ENGINES[game_id].__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.rules")


def citations(game_id: str) -> list[tuple[str, Citation]]:
    """The ``Citation`` constants of the game's ``rules.py`` plus those of its assumptions."""
    found = [(name, value) for name, value in vars(rules_module(game_id)).items() if isinstance(value, Citation)]
    found += [(assumption.id, assumption.citation) for assumption in ENGINES[game_id].assumptions]
    return found


def player_counts(game_id: str) -> list[int]:
    game_type = ENGINES[game_id].game_type
    return list(range(game_type.min_players, game_type.max_players + 1))
