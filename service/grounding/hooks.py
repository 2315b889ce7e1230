"""Per-game question hooks: ``engine/<game>/questions.py``, found like the engines themselves.

A hook module exports ``recognise(question: str) -> list[dict]``: entities the
glossary cannot express (a card's value written as a number, a pile that holds
"exactly 4"), each ``{"kind", "value", "start", "end"}`` plus optional
``role``, ``unit``, ``qualifier`` and ``attributes``. Hooks return plain dicts
so that engines never import the service.

It may also export ``prepare(scenario: dict) -> dict``, applied to a filled
template before it runs (for example to sort a row the question described out
of order), and ``describe(event: dict, language: str) -> str | None``, the
event (``Event.to_dict()``) worded in the answer's language when the engine's
own message is not in it (None keeps the engine's message).
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Mapping, Sequence

from engine.core.registry import available_games
from service.grounding.entities import Hook

HOOK_MODULE = "questions"


@dataclass(frozen=True)
class GameHooks:
    """A game's question hooks; any may be None."""

    recognise: Hook | None = None
    prepare: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    describe: Callable[[Mapping[str, Any], str], str | None] | None = None


def engine_modules(module_name: str, required: Sequence[str] = (), contract: str = "") -> dict[str, ModuleType]:
    """Game id -> the module ``engine/<game>/<module_name>.py`` of each registered engine that has one.

    Raises:
        ValueError: a module lacking one of the ``required`` attributes, naming it and the ``contract``.
    """
    found = {}
    for game_id, game_class in available_games().items():
        package = game_class.__module__.rsplit(".", 1)[0] if game_class.__module__.count(".") > 1 else game_class.__module__
        name = f"{package}.{module_name}"
        if importlib.util.find_spec(name) is not None:
            module = importlib.import_module(name)
            for attribute in required:
                if not hasattr(module, attribute):
                    raise ValueError(f"{name}: the {contract} needs {attribute!r}")
            found[game_id] = module
    return found


def load_hooks() -> dict[str, GameHooks]:
    """Game id -> the hooks of its engine's ``questions`` module, when there is one."""
    hooks: dict[str, GameHooks] = {}
    for game_id, module in engine_modules(HOOK_MODULE).items():
        name = module.__name__
        found = {attribute: getattr(module, attribute, None) for attribute in ("recognise", "prepare", "describe")}
        for attribute, value in found.items():
            if value is not None and not callable(value):
                raise ValueError(f"{name}.{attribute}: expected a function, got {value!r}")
        hooks[game_id] = GameHooks(**found)
    return hooks
