"""Finds the engines: every package ``engine/<name>/`` that exports ``GAME``."""

from __future__ import annotations

import importlib
import pkgutil
from contextlib import contextmanager
from functools import cache
from typing import Iterator

import engine

_NOT_GAMES = {"core"}
_TEMPORARY: dict[str, type] = {}
"""Games registered for a while (:func:`registered`): found by ``load_game``, never listed by ``available_games``."""


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
    games = {**available_games(), **_TEMPORARY}
    if game_id not in games:
        raise KeyError(f"no engine for game {game_id!r}; engines exist for {sorted(games)}")
    return games[game_id]


@contextmanager
def registered(game_class: type) -> Iterator[type]:
    """Make ``load_game`` (hence scenarios) find ``game_class`` inside the block; for test-only games.

    The service's game list (``available_games``) never shows it.
    """
    game_id = game_class.game_type.id
    if game_id in available_games():
        raise ValueError(f"game_class: id {game_id!r} is already an engine package")
    previous = _TEMPORARY.get(game_id)
    _TEMPORARY[game_id] = game_class
    try:
        yield game_class
    finally:
        if previous is None:
            del _TEMPORARY[game_id]
        else:
            _TEMPORARY[game_id] = previous
