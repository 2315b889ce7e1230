"""What an engine does when it runs: events, cited rules, actions and positions, from play and from scenarios.

The designer tools read an engine by running it rather than by trusting its
documentation: the generated reference (:mod:`engine.core.reference`) lists the
event kinds, action types and position fields seen here, and coverage
(:mod:`engine.core.coverage`) the rulebook sections the events cite. Two sources
are kept apart: seeded random games at every player count, and the game's
scenario files (which reach rejections and rare positions random play never does).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from engine.core.events import Event
from engine.core.scenario import ScenarioError, load_scenario_file, run_scenario, scenario_files
from engine.core.simulate import MAX_ACTIONS_PER_GAME

__all__ = ["EventStats", "Exploration", "SIMULATION", "SCENARIOS", "explore"]

SIMULATION = "simulation"
SCENARIOS = "scenarios"
_POSITION_SAMPLES_PER_GAME = 3


@dataclass
class EventStats:
    """One event kind: how often each source produced it, the rules it cited, one example."""

    kind: str
    counts: Counter = field(default_factory=Counter)
    sections: Counter = field(default_factory=Counter)
    assumptions: set[str] = field(default_factory=set)
    example: str = ""
    reasons: Counter = field(default_factory=Counter)
    """For ``rejected`` events: the reason codes seen."""


@dataclass
class Exploration:
    """Everything seen while running one game's engine."""

    game: str
    players: tuple[int, ...]
    games_per_count: int
    seed: int
    scenario_files: int = 0
    scenario_errors: list[str] = field(default_factory=list)
    events: dict[str, EventStats] = field(default_factory=dict)
    actions: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Action type -> the first action of that type seen (random play first, then scenarios)."""
    action_keys: dict[str, set[str]] = field(default_factory=dict)
    positions: list[dict[str, Any]] = field(default_factory=list)
    sections: dict[str, Counter] = field(default_factory=lambda: {SIMULATION: Counter(), SCENARIOS: Counter()})
    """Source -> section path -> number of events citing it."""
    assumptions: dict[str, Counter] = field(default_factory=lambda: {SIMULATION: Counter(), SCENARIOS: Counter()})

    @property
    def simulated_games(self) -> int:
        return self.games_per_count * len(self.players)

    def record(self, source: str, events: Iterable[Event], action: dict[str, Any] | None = None) -> None:
        for event in events:
            stats = self.events.get(event.kind)
            if stats is None:
                stats = self.events[event.kind] = EventStats(event.kind, example=event.message)
            stats.counts[source] += 1
            if event.citation is not None:
                stats.sections[event.citation.section] += 1
                self.sections[source][event.citation.section] += 1
            if event.assumptions:
                stats.assumptions.update(event.assumptions)
                self.assumptions[source].update(event.assumptions)
            if event.is_rejection:
                stats.reasons[event.data.get("reason")] += 1
        if action is not None and isinstance(action.get("type"), str):
            self.actions.setdefault(action["type"], dict(action))
            self.action_keys.setdefault(action["type"], set()).update(action)


def explore(game_class: type, *, games_per_count: int = 10, seed: int = 0, scenario_dir: Path | None = None,
            players: Iterable[int] | None = None) -> Exploration:
    """Play ``games_per_count`` seeded random games at each player count, then run every scenario file.

    Args:
        game_class: a registered Game class.
        games_per_count: random games per player count (seeds ``seed``, ``seed + 1``, ...).
        scenario_dir: the game's scenario files (``corpus/<game>/scenarios``); ``None`` runs none.
        players: the player counts to play (default: every count the engine supports).

    Returns:
        The events, actions and positions seen, by source.
    """
    counts = tuple(players or range(game_class.min_players, game_class.max_players + 1))
    seen = Exploration(game_class.id, counts, games_per_count, seed)
    for count in counts:
        game = game_class(count)
        for offset in range(games_per_count):
            _play(game, seed + offset, seen)
    if scenario_dir is not None and Path(scenario_dir).is_dir():
        for path in scenario_files(scenario_dir):
            _run_file(path, seen)
    return seen


def _play(game, seed: int, seen: Exploration) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state(rng)
    sample_at = {0, 20, 60}
    for step in range(MAX_ACTIONS_PER_GAME):
        if step in sample_at and len(seen.positions) < _POSITION_SAMPLES_PER_GAME * 64:
            seen.positions.append(state.to_dict())
        if state.is_terminal():
            break
        action, events = state.random_step(rng)
        seen.record(SIMULATION, events, action)
    seen.positions.append(state.to_dict())


def _run_file(path: Path, seen: Exploration) -> None:
    try:
        data = load_scenario_file(path)
        result = run_scenario(data, time_budget_s=30.0)
    except ScenarioError as error:
        seen.scenario_errors.append(f"{path.name}: {error}")
        return
    seen.scenario_files += 1
    for step in result.steps:
        seen.record(SCENARIOS, step.events, step.action)
    seen.positions.append(result.final_state)
