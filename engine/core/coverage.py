"""Rule coverage: which rulebook sections the engine's events cite, in the scenarios and in random play.

A section no event ever cites is a rule the engine never applies in what was
run: either a rule with nothing to execute (the game's ``rules.NOT_EXECUTABLE``
says why), a rule the scenarios should exercise, or a rule random play never
reaches. The sections are the rulebook's headings, passed in by the caller
(``arbitre coverage`` reads them with the corpus loader), so this module does
not parse Markdown.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Collection, Iterable, Sequence

from engine.core.exploration import SCENARIOS, SIMULATION, explore

__all__ = ["CoverageReport", "SectionCoverage", "rule_coverage"]


@dataclass(frozen=True)
class SectionCoverage:
    section: str
    scenario_events: int
    simulation_events: int
    not_executable: str | None
    """Why no event cites it, when the engine says so (``rules.NOT_EXECUTABLE``)."""
    assumptions: tuple[str, ...]
    """Named assumptions whose question this section leaves open."""
    has_text: bool = True
    """False for a heading with only subsections below it: no rule of its own to cite."""

    @property
    def status(self) -> str:
        if self.scenario_events and self.simulation_events:
            return "scenarios and play"
        if self.scenario_events:
            return "scenarios only"
        if self.simulation_events:
            return "play only"
        if self.not_executable:
            return "not executable"
        return "never" if self.has_text else "heading only"

    def to_dict(self) -> dict[str, Any]:
        return {"section": self.section, "status": self.status, "scenario_events": self.scenario_events,
                "simulation_events": self.simulation_events, "not_executable": self.not_executable,
                "assumptions": list(self.assumptions)}


@dataclass(frozen=True)
class CoverageReport:
    game: str
    players: tuple[int, ...]
    games_per_count: int
    seed: int
    scenario_files: int
    scenario_errors: tuple[str, ...]
    sections: tuple[SectionCoverage, ...]
    """In rulebook order."""
    unknown_citations: tuple[str, ...]
    """Sections events cite that are not headings of the rulebook (an engine bug)."""

    def count(self, status: str) -> int:
        return sum(section.status == status for section in self.sections)

    @property
    def cited(self) -> int:
        return sum(bool(s.scenario_events or s.simulation_events) for s in self.sections)

    def to_dict(self) -> dict[str, Any]:
        statuses = ("scenarios and play", "scenarios only", "play only", "not executable", "heading only", "never")
        return {"game": self.game, "players": list(self.players), "games_per_count": self.games_per_count,
                "seed": self.seed, "scenario_files": self.scenario_files, "scenario_errors": list(self.scenario_errors),
                "sections_total": len(self.sections), "sections_cited": self.cited,
                "by_status": {status: self.count(status) for status in statuses},
                "unknown_citations": list(self.unknown_citations),
                "sections": [section.to_dict() for section in self.sections]}


def rule_coverage(game_class: type, sections: Sequence[str], *, games_per_count: int = 100, seed: int = 0,
                  scenario_dir: Path | None = None, players: Iterable[int] | None = None,
                  headings_only: Collection[str] = ()) -> CoverageReport:
    """Which of ``sections`` the events cite, in the scenario files and in seeded random games.

    Args:
        game_class: a Game class.
        sections: the rulebook's section paths in order (``"Splendor › Un tour, en bref"``).
        games_per_count: random games per player count.
        scenario_dir: the game's scenario files; ``None`` runs none.
        players: the player counts to play (default: all the engine supports).
        headings_only: sections with no text of their own (only subsections).
    """
    if games_per_count < 0:
        raise ValueError(f"games_per_count: expected 0 or more, got {games_per_count!r}")
    seen = explore(game_class, games_per_count=games_per_count, seed=seed, scenario_dir=scenario_dir, players=players)
    not_executable = _not_executable(game_class)
    gaps: dict[str, list[str]] = {}
    for assumption in game_class.assumptions:
        gaps.setdefault(assumption.citation.section, []).append(assumption.id)
    by_scenario, by_play = seen.sections[SCENARIOS], seen.sections[SIMULATION]
    rows = tuple(SectionCoverage(section, by_scenario[section], by_play[section], not_executable.get(section),
                                 tuple(gaps.get(section, ())), section not in headings_only)
                 for section in dict.fromkeys(sections))
    known = set(sections)
    unknown = tuple(sorted(s for s in set(by_scenario) | set(by_play) if s not in known))
    return CoverageReport(game_class.id, seen.players, games_per_count, seed, seen.scenario_files,
                          tuple(seen.scenario_errors), rows, unknown)


def _not_executable(game_class: type) -> dict[str, str]:
    package = game_class.__module__.rsplit(".", 1)[0]
    try:
        rules = importlib.import_module(f"{package}.rules")
    except ModuleNotFoundError:
        return {}
    return dict(getattr(rules, "NOT_EXECUTABLE", {}))
