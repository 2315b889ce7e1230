"""An engine's reference, generated from the engine itself.

What a designer needs to write scenarios, read traces and judge the rules the
engine settles: the descriptor (``GameType``), the actions (the package's own
description, and every action type seen with an example), the position's fields
(read off real positions), every event kind (from the code and from running it,
with the rules each cites), every rejection code (from the code; the shared ones
with their meaning, :mod:`engine.core.rejections`), the named assumptions with
their options and citations, and the game's tables with human names (an
optional ``engine/<game>/reference.py`` exporting ``tables()``).

:func:`build_reference` gathers it; :mod:`engine.core.reference_markdown`
writes it as Markdown (``docs/engines/<game>.md``, ``/games/{game}/engine``).
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.assumptions import Assumption
from engine.core.citations import Citation
from engine.core.exploration import SCENARIOS, SIMULATION, Exploration, explore
from engine.core.rejections import meaning
from engine.core.source_scan import scan_package

__all__ = ["ActionType", "EngineReference", "EventKind", "PositionField", "RejectionCode", "Table", "build_reference"]


@dataclass(frozen=True)
class Table:
    """Game data a designer reads by name (cards, nobles, orders): one row per item."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class ActionType:
    type: str
    keys: tuple[str, ...]
    example: dict[str, Any]


@dataclass(frozen=True)
class PositionField:
    path: str
    """Dotted, ``[]`` for list items: ``players[].coins``."""
    types: tuple[str, ...]
    example: Any


@dataclass(frozen=True)
class EventKind:
    kind: str
    simulated: int
    """Events of this kind in the reference's random games."""
    in_scenarios: int
    sections: tuple[str, ...]
    assumptions: tuple[str, ...]
    example: str
    in_code: bool


@dataclass(frozen=True)
class RejectionCode:
    code: str
    meaning: str | None
    """The shared meaning; ``None`` for a code of this game's own rules."""
    messages: tuple[str, ...]
    sections: tuple[str, ...]
    in_scenarios: int


@dataclass(frozen=True)
class EngineReference:
    game: str
    title: str
    descriptor: dict[str, Any]
    description: str
    """The engine package's docstring: its actions as JSON shapes."""
    actions: tuple[ActionType, ...]
    position: tuple[PositionField, ...]
    events: tuple[EventKind, ...]
    rejections: tuple[RejectionCode, ...]
    assumptions: tuple[Assumption, ...]
    tables: tuple[Table, ...]
    simulated_games: int
    players: tuple[int, ...]
    scenario_files: int
    options: tuple[str, ...] = field(default_factory=tuple)
    scenario_errors: tuple[str, ...] = ()
    """Scenario files that could not run (named, with the error): their events are missing here."""

    def event_kinds(self) -> set[str]:
        return {event.kind for event in self.events}


def build_reference(game_class: type, *, games_per_count: int = 10, seed: int = 0,
                    scenario_dir: Path | None = None) -> EngineReference:
    """The reference of one engine.

    Args:
        game_class: a Game class (from ``engine.core.registry``).
        games_per_count: random games per player count whose events, actions and positions are read.
        scenario_dir: the game's scenario files, run too (rejections and rare events).
    """
    package = game_class.__module__.rsplit(".", 1)[0]
    seen = explore(game_class, games_per_count=games_per_count, seed=seed, scenario_dir=scenario_dir)
    scan = scan_package(package)
    return EngineReference(
        game=game_class.id, title=game_class.title, descriptor=game_class.game_type.to_dict(),
        description=inspect.cleandoc(importlib.import_module(package).__doc__ or ""),
        actions=_actions(seen), position=_position_fields(seen.positions), events=_events(seen, scan),
        rejections=_rejections(seen, scan), assumptions=tuple(game_class.assumptions), tables=_tables(package),
        simulated_games=seen.simulated_games, players=seen.players, scenario_files=seen.scenario_files,
        options=tuple(game_class.option_names), scenario_errors=tuple(seen.scenario_errors),
    )


def _actions(seen: Exploration) -> tuple[ActionType, ...]:
    return tuple(ActionType(kind, tuple(sorted(seen.action_keys[kind])), seen.actions[kind])
                 for kind in sorted(seen.actions))


def _events(seen: Exploration, scan) -> tuple[EventKind, ...]:
    written = {}
    for emission in scan.events:
        written.setdefault(emission.code, emission)
    kinds = (set(seen.events) | set(written)) - {"rejected"}
    result = []
    for kind in sorted(kinds):
        stats = seen.events.get(kind)
        emission = written.get(kind)
        sections = [s for s, _ in stats.sections.most_common()] if stats else []
        if emission and emission.citation and emission.citation.section not in sections:
            sections.append(emission.citation.section)
        result.append(EventKind(
            kind, stats.counts[SIMULATION] if stats else 0, stats.counts[SCENARIOS] if stats else 0,
            tuple(sections), tuple(sorted(stats.assumptions)) if stats else (),
            stats.example if stats else (emission.message if emission else ""), kind in written))
    return tuple(result)


def _rejections(seen: Exploration, scan) -> tuple[RejectionCode, ...]:
    by_code: dict[str, list] = {}
    for emission in scan.rejections:
        by_code.setdefault(emission.code, []).append(emission)
    rejected = seen.events.get("rejected")
    reached = rejected.reasons if rejected else {}
    result = []
    for code in sorted(set(by_code) | {c for c in reached if isinstance(c, str)}):
        emissions = by_code.get(code, [])
        messages = tuple(dict.fromkeys(e.message for e in emissions if e.message))
        sections = tuple(dict.fromkeys(e.citation.section for e in emissions if isinstance(e.citation, Citation)))
        result.append(RejectionCode(code, meaning(code), messages, sections, reached.get(code, 0)))
    return tuple(result)


def _tables(package: str) -> tuple[Table, ...]:
    try:
        module = importlib.import_module(f"{package}.reference")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.reference":
            raise
        return ()
    return tuple(module.tables())


def _position_fields(positions: list[dict[str, Any]]) -> tuple[PositionField, ...]:
    keyed_by_data: set[str] = set()
    for position in positions:
        _find_keyed_by_data(position, "", keyed_by_data, depth=0)
    types: dict[str, dict[str, None]] = {}
    examples: dict[str, Any] = {}
    for position in positions:
        _walk(position, "", types, examples, keyed_by_data, depth=0)
    return tuple(PositionField(path, tuple(types[path]), examples[path]) for path in sorted(types))


_MAX_DEPTH = 4
_MAX_NAMED_KEYS = 8


def _find_keyed_by_data(value: Any, path: str, found: set[str], depth: int) -> None:
    """Mappings keyed by data (squares, cards), not by field names: many keys, values of one shape."""
    if depth >= _MAX_DEPTH:
        return
    if isinstance(value, dict):
        if depth > 0 and len(value) > _MAX_NAMED_KEYS and len({_type_name(v) for v in value.values()}) == 1:
            found.add(path)
        for key, item in value.items():
            _find_keyed_by_data(item, _child(path, "*" if path in found else str(key)), found, depth + 1)
    elif isinstance(value, list):
        for item in value[:8]:
            _find_keyed_by_data(item, f"{path}[]", found, depth + 1)


def _walk(value: Any, path: str, types: dict, examples: dict, keyed_by_data: set[str], depth: int) -> None:
    if path:
        types.setdefault(path, {})[_type_name(value)] = None
        if path not in examples or examples[path] in (None, [], {}, ""):
            examples[path] = _short(value)
    if depth >= _MAX_DEPTH:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            _walk(item, _child(path, "*" if path in keyed_by_data else str(key)), types, examples, keyed_by_data,
                  depth + 1)
    elif isinstance(value, list):
        for item in value[:8]:
            _walk(item, f"{path}[]", types, examples, keyed_by_data, depth + 1)


def _child(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "boolean", int: "integer", float: "number", str: "string", list: "list", dict: "mapping"}.get(
        type(value), type(value).__name__)


def _short(value: Any) -> Any:
    if isinstance(value, dict):
        return "{…}" if value else {}
    if isinstance(value, list):
        return "[…]" if value and isinstance(value[0], (dict, list)) else value[:6]
    return value
