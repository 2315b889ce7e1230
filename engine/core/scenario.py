"""Scenarios: a hand-built position, the steps to play, and what must follow.

A scenario file (YAML or JSON) reads::

    game: emblemes
    title: La Sorcière annule le Matelot
    players: 4
    options: {}                      # game options (variants)
    assumptions: {}                  # overrides of named assumptions
    seed: 7                          # setup when no position is given
    position: {...}                  # hand-built, game-specific (see the game's scenario_state)
    steps:                           # actions, in order
      - {type: select, player: 0, card: Matelot}
      - {type: place, player: 0, location: Port, expect_rejection: wrong_turn}
    expect:
      state: {"players.0.coins": 7}  # dotted paths into the final to_dict()
      events: [{kind: coins_gained, data: {player: 0}}]   # each must occur (subset match)
      no_events: [{kind: effect_cancelled}]
      assumptions_used: [emblemes.garde_equal_values]
      terminal: true
      winners: [2]
      observation:                   # one seat's view (State.observation), dotted paths as in state
        player: 1
        players.0.hand: 6            # a hidden hand is seen as its size
      # or a list of such mappings, one per seat checked

``players`` may be left out when the position lists the seats (the game's
``GameType.seats_field``), else the game's minimum is used.

``questions`` and ``slots`` may also appear: they are read by the question
matcher, not here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import yaml

from engine.core.budget import RunBudget, ScenarioBudgetExceeded
from engine.core.events import Event
from engine.core.game import Game, State
from engine.core.registry import load_game
from engine.core.rejections import same_reason

DEFAULT_MAX_STEPS = 2_000
DEFAULT_TIME_BUDGET_S = 2.0

_TOP_LEVEL_KEYS = {
    "game", "title", "description", "players", "options", "assumptions", "seed",
    "position", "steps", "expect", "questions", "slots", "answer", "tags", "requires", "conflicts",
}
_EXPECT_KEYS = {"state", "events", "no_events", "assumptions_used", "terminal", "winners", "scores", "observation"}


class ScenarioError(ValueError):
    """A malformed scenario; ``path`` names the offending field (``steps[2].type``)."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@dataclass
class StepTrace:
    index: int
    action: dict[str, Any]
    events: list[Event]
    expected_rejection: str | None = None


@dataclass
class ScenarioResult:
    scenario: dict[str, Any]
    steps: list[StepTrace]
    final_state: dict[str, Any]
    failures: list[str] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    terminal: bool = False
    observations: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Final views of the seats an ``observation`` expectation (or template verdict) asked for."""

    @property
    def passed(self) -> bool:
        return not self.failures

    @property
    def events(self) -> list[Event]:
        return [event for step in self.steps for event in step.events]

    @property
    def assumptions_used(self) -> list[str]:
        return sorted({a for event in self.events for a in event.assumptions})

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.scenario.get("title"),
            "game": self.scenario.get("game"),
            "passed": self.passed,
            "failures": self.failures,
            "steps": [
                {"index": s.index, "action": s.action, "events": [e.to_dict() for e in s.events]}
                for s in self.steps
            ],
            "assumptions_used": self.assumptions_used,
            "final_state": self.final_state,
            "scores": self.scores,
            "winners": self.winners,
            "terminal": self.terminal,
            **({"observations": {str(seat): view for seat, view in self.observations.items()}} if self.observations else {}),
        }


def load_scenario_file(path: str | Path) -> dict[str, Any]:
    """Read a YAML (or JSON) scenario; ``ScenarioError`` if it is not a mapping."""
    text = Path(path).read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ScenarioError("<file>", f"not valid YAML: {error}") from None
    validate_scenario(data)
    return data


def validate_scenario(data: Any) -> None:
    """Check the generic shape; game-specific content is checked by the engine."""
    if not isinstance(data, Mapping):
        raise ScenarioError("<root>", f"expected a mapping, got {type(data).__name__}")
    unknown = sorted(set(data) - _TOP_LEVEL_KEYS)
    if unknown:
        raise ScenarioError(unknown[0], f"unknown field; expected some of {sorted(_TOP_LEVEL_KEYS)}")
    if not isinstance(data.get("game"), str):
        raise ScenarioError("game", "expected a game id (string)")
    _expect_type(data, "players", int, optional=True)
    _expect_type(data, "seed", int, optional=True)
    for key in ("options", "assumptions", "position", "expect"):
        _expect_type(data, key, Mapping, optional=True)
    steps = data.get("steps", [])
    if not isinstance(steps, list):
        raise ScenarioError("steps", f"expected a list, got {type(steps).__name__}")
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping):
            raise ScenarioError(f"steps[{i}]", f"expected a mapping, got {type(step).__name__}")
        if not isinstance(step.get("type"), str):
            raise ScenarioError(f"steps[{i}].type", "expected an action type (string)")
    expect = data.get("expect") or {}
    unknown = sorted(set(expect) - _EXPECT_KEYS)
    if unknown:
        raise ScenarioError(f"expect.{unknown[0]}", f"unknown expectation; expected some of {sorted(_EXPECT_KEYS)}")
    for key in ("events", "no_events", "assumptions_used", "winners", "scores"):
        if key in expect and not isinstance(expect[key], list):
            raise ScenarioError(f"expect.{key}", "expected a list")
    if "state" in expect and not isinstance(expect["state"], Mapping):
        raise ScenarioError("expect.state", "expected a mapping of dotted paths to values")
    observation_specs(expect)


def observation_specs(expect: Mapping[str, Any]) -> list[tuple[str, int, dict[str, Any]]]:
    """``expect.observation`` as ``(field path, seat, {dotted path: value})``; ``ScenarioError`` when malformed."""
    raw = expect.get("observation")
    if raw is None:
        return []
    items = raw if isinstance(raw, list) else [raw]
    specs = []
    for i, item in enumerate(items):
        where = f"expect.observation[{i}]" if isinstance(raw, list) else "expect.observation"
        if not isinstance(item, Mapping):
            raise ScenarioError(where, f"expected a mapping {{player: <seat>, <dotted path>: <value>}}, got {item!r}")
        seat = item.get("player")
        if type(seat) is not int or seat < 0:
            raise ScenarioError(f"{where}.player", f"expected the seat whose view is checked, got {seat!r}")
        specs.append((where, seat, {k: v for k, v in item.items() if k != "player"}))
    return specs


def build_game(data: Mapping[str, Any]) -> Game:
    try:
        game_class = load_game(data["game"])
    except KeyError as error:
        raise ScenarioError("game", str(error.args[0])) from None
    players = data.get("players")
    seats_field = game_class.game_type.seats_field
    position = data.get("position")
    if players is None and seats_field and isinstance(position, Mapping) and isinstance(position.get(seats_field), list):
        players = len(position[seats_field])
    if players is None:
        players = game_class.min_players
    try:
        return game_class(players, data.get("options"), data.get("assumptions"))
    except ValueError as error:
        message = str(error)
        if "assumption" in message:
            raise ScenarioError("assumptions", message) from None
        field, _, detail = message.partition(": ")
        if field in ("players", "options"):
            raise ScenarioError(field, detail) from None
        raise ScenarioError("options", message) from None


def initial_state(game: Game, data: Mapping[str, Any]) -> State:
    if "position" in data:
        try:
            return game.scenario_state(data["position"])
        except ScenarioError:
            raise
        except (ValueError, KeyError, TypeError) as error:
            raise ScenarioError("position", str(error)) from None
    return game.new_initial_state(random.Random(data.get("seed", 0)))


def run_scenario(
    data: Mapping[str, Any],
    *,
    max_steps: int = DEFAULT_MAX_STEPS,
    time_budget_s: float = DEFAULT_TIME_BUDGET_S,
    budget: RunBudget | None = None,
) -> ScenarioResult:
    """Play a scenario and check its expectations.

    Args:
        budget: bounds the whole run (expansion, steps, expectations); by default
            one of ``time_budget_s`` seconds and ``max_steps`` steps starting now.
            A caller that also serialises the result passes its own and keeps checking it.

    Raises:
        ScenarioError: the scenario is malformed (with the path of the bad field).
        ScenarioBudgetExceeded: over the step, time or output budget.
    """
    budget = budget or RunBudget(time_s=time_budget_s, max_steps=max_steps)
    validate_scenario(data)
    if data.get("slots"):
        from engine.core.templates import render  # templates import this module

        data = render(data, budget=budget)
    steps = data.get("steps", [])
    budget.check_steps(len(steps))
    game = build_game(data)
    state = initial_state(game, data)
    traces: list[StepTrace] = []
    failures: list[str] = []
    for index, raw_step in enumerate(steps):
        budget.check(f"steps[{index}]")
        action = {k: v for k, v in raw_step.items() if k != "expect_rejection"}
        expected_rejection = raw_step.get("expect_rejection")
        try:
            events = state.apply(action)
        except (ValueError, KeyError, TypeError) as error:
            raise ScenarioError(f"steps[{index}]", str(error)) from None
        traces.append(StepTrace(index, action, events, expected_rejection))
        rejected = next((e for e in events if e.is_rejection), None)
        if expected_rejection is not None:
            if rejected is None:
                failures.append(f"steps[{index}]: expected rejection {expected_rejection!r}, the action was accepted")
            elif expected_rejection is not True and not same_reason(expected_rejection, rejected.data.get("reason")):
                failures.append(
                    f"steps[{index}]: expected rejection {expected_rejection!r}, got {rejected.data.get('reason')!r}"
                )
        elif rejected is not None:
            failures.append(f"steps[{index}]: unexpected rejection {rejected.data.get('reason')!r}: {rejected.message}")
    result = ScenarioResult(
        scenario=dict(data),
        steps=traces,
        final_state=state.to_dict(),
        scores=list(state.scores()),
        winners=list(state.winners()) if state.is_terminal() else [],
        terminal=state.is_terminal(),
        observations=_observations(state, data),
    )
    budget.check("final position")
    result.failures = failures + check_expectations(data.get("expect") or {}, result, budget)
    return result


def _observations(state: State, data: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """The final views of the seats the scenario's expectations or answer spec read."""
    seats = {seat for _, seat, _ in observation_specs(data.get("expect") or {})}
    seats.update(_answer_observation_seats(data.get("answer")))
    views = {}
    for seat in sorted(seats):
        try:
            views[seat] = state.observation(seat)
        except ValueError as error:
            raise ScenarioError("expect.observation.player", str(error)) from None
    return views


def _answer_observation_seats(node: Any) -> set[int]:
    """Seats named by ``{observation: {player: N, ...}}`` anywhere in a template's answer spec."""
    seats: set[int] = set()
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key == "observation" and isinstance(value, Mapping) and type(value.get("player")) is int:
                seats.add(value["player"])
            else:
                seats |= _answer_observation_seats(value)
    elif isinstance(node, list):
        for item in node:
            seats |= _answer_observation_seats(item)
    return seats


def check_expectations(expect: Mapping[str, Any], result: ScenarioResult, budget: RunBudget | None = None) -> list[str]:
    """Each expectation that does not hold, as one readable line (checked against ``budget`` per pattern)."""
    check = budget.check if budget else (lambda where: None)
    failures = []
    for where, seat, paths in observation_specs(expect):
        check(where)
        view = result.observations.get(seat)
        if view is None:
            failures.append(f"{where}: no observation of player {seat} was taken")
            continue
        for path, wanted in paths.items():
            try:
                actual = resolve_path(view, path)
            except (KeyError, IndexError, TypeError, ValueError):
                failures.append(f"{where}.{path}: no such field in player {seat}'s view")
                continue
            if not _matches(actual, wanted):
                failures.append(f"{where}.{path}: player {seat} sees {actual!r}, expected {wanted!r}")
    for path, wanted in (expect.get("state") or {}).items():
        check("expect.state")
        try:
            actual = resolve_path(result.final_state, path)
        except (KeyError, IndexError, TypeError):
            failures.append(f"expect.state.{path}: no such field in the final position")
            continue
        if not _matches(actual, wanted):
            failures.append(f"expect.state.{path}: expected {wanted!r}, got {actual!r}")
    events = [e.to_dict() for e in result.events]
    for i, pattern in enumerate(expect.get("events") or []):
        check(f"expect.events[{i}]")
        if not any(_matches(event, pattern) for event in events):
            failures.append(f"expect.events[{i}]: no event matches {pattern!r}")
    for i, pattern in enumerate(expect.get("no_events") or []):
        check(f"expect.no_events[{i}]")
        hit = next((event for event in events if _matches(event, pattern)), None)
        if hit is not None:
            failures.append(f"expect.no_events[{i}]: an event matches {pattern!r}: {hit['message']}")
    for i, assumption in enumerate(expect.get("assumptions_used") or []):
        check(f"expect.assumptions_used[{i}]")
        if assumption not in result.assumptions_used:
            failures.append(f"expect.assumptions_used: {assumption!r} was not used (used: {result.assumptions_used})")
    if "terminal" in expect and bool(expect["terminal"]) != result.terminal:
        failures.append(f"expect.terminal: expected {expect['terminal']!r}, got {result.terminal!r}")
    if "winners" in expect and list(expect["winners"]) != result.winners:
        failures.append(f"expect.winners: expected {expect['winners']!r}, got {result.winners!r}")
    if "scores" in expect and list(expect["scores"]) != result.scores:
        failures.append(f"expect.scores: expected {expect['scores']!r}, got {result.scores!r}")
    return failures


def resolve_path(data: Any, path: str) -> Any:
    """``"players.0.coins"`` -> ``data["players"][0]["coins"]``."""
    current = data
    for part in str(path).split("."):
        if isinstance(current, list):
            current = current[int(part)]
        else:
            current = current[part]
    return current


def format_trace(result: ScenarioResult) -> str:
    """A readable account: each step, each effect with the rule cited, the assumptions."""
    lines = [f"Scenario: {result.scenario.get('title', '(untitled)')} [{result.scenario.get('game')}]"]
    for step in result.steps:
        lines.append(f"  step {step.index}: {_describe_action(step.action)}")
        for event in step.events:
            lines.append(f"    - {event.message}")
            if event.citation:
                quote = f' « {event.citation.quote} »' if event.citation.quote else ""
                lines.append(f"      rule: {event.citation.section}{quote}")
            if event.assumptions:
                lines.append(f"      assumes: {', '.join(event.assumptions)}")
    lines.append(f"  scores: {result.scores}" + (f"  winners: {result.winners}" if result.terminal else ""))
    lines.append(f"  assumptions used: {', '.join(result.assumptions_used) or 'none'}")
    if result.passed:
        lines.append("  PASS")
    else:
        lines.extend(f"  FAIL {failure}" for failure in result.failures)
    return "\n".join(lines)


def scenario_files(directory: str | Path) -> list[Path]:
    root = Path(directory)
    return sorted(p for p in root.rglob("*") if p.suffix in {".yaml", ".yml", ".json"} and p.is_file())


def _describe_action(action: Mapping[str, Any]) -> str:
    rest = ", ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    return f"{action.get('type')}({rest})"


def _matches(actual: Any, wanted: Any) -> bool:
    """Subset match: every key of ``wanted`` must match in ``actual``; lists match exactly element-wise."""
    if isinstance(wanted, Mapping):
        return isinstance(actual, Mapping) and all(k in actual and _matches(actual[k], v) for k, v in wanted.items())
    if isinstance(wanted, list):
        return isinstance(actual, list) and len(actual) == len(wanted) and all(
            _matches(a, w) for a, w in zip(actual, wanted)
        )
    if isinstance(actual, (int, float)) and isinstance(wanted, (int, float)) and not isinstance(wanted, bool):
        return actual == wanted
    return actual == wanted


def _expect_type(data: Mapping[str, Any], key: str, kind: type, *, optional: bool) -> None:
    if key not in data:
        if optional:
            return
        raise ScenarioError(key, "missing")
    value = data[key]
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        raise ScenarioError(key, f"expected {getattr(kind, '__name__', kind)}, got {type(value).__name__}")
