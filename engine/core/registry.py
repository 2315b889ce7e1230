"""Finds the engines: every package ``engine/<name>/`` that exports ``GAME``."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import engine

_NOT_GAMES = {"core"}


@cache
def available_games() -> dict[str, type]:
    """Game id -> Game class, for every engine package found."""
    games: dict[str, type] = {}
    for module in pkgutil.iter_modules(engine.__path__):
        if not module.ispkg or module.name in _NOT_GAMES:
            continue
        package = importlib.import_module(f"engine.{module.name}")
        game_class = getattr(package, "GAME", None)
        if game_class is not None:
            games[game_class.id] = game_class
    return games


def load_game(game_id: str) -> type:
    """The Game class of ``game_id``; ``KeyError`` lists the known ids."""
    games = available_games()
    if game_id not in games:
        raise KeyError(f"no engine for game {game_id!r}; engines exist for {sorted(games)}")
    return games[game_id]
