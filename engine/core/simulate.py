"""Random legal playouts that check invariants after every step.

Designers run thousands of games to see which effects and which named
assumptions matter in play; tests run a few thousand to catch engine bugs.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import chain
from typing import Any, Callable, Iterable

from engine.core.game import CHANCE, Game, State

MAX_ACTIONS_PER_GAME = 10_000


@dataclass
class GameRecord:
    seed: int
    scores: list[float]
    winners: list[int]
    first_player: int | None
    actions: int
    event_kinds: Counter
    assumptions: Counter
    violations: list[str]


@dataclass
class SimulationSummary:
    games: int = 0
    actions: int = 0
    violations: list[str] = field(default_factory=list)
    score_counts: Counter = field(default_factory=Counter)
    winner_seat_counts: Counter = field(default_factory=Counter)
    first_player_wins: int = 0
    games_with_first_player: int = 0
    event_kinds: Counter = field(default_factory=Counter)
    assumptions: Counter = field(default_factory=Counter)

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.actions += record.actions
        self.violations.extend(f"seed {record.seed}: {v}" for v in record.violations)
        self.score_counts.update(record.scores)
        self.winner_seat_counts.update(record.winners)
        if record.first_player is not None:
            self.games_with_first_player += 1
            self.first_player_wins += record.first_player in record.winners
        self.event_kinds.update(record.event_kinds)
        self.assumptions.update(record.assumptions)

    def merge(self, other: "SimulationSummary") -> None:
        self.games += other.games
        self.actions += other.actions
        self.violations.extend(other.violations)
        self.score_counts.update(other.score_counts)
        self.winner_seat_counts.update(other.winner_seat_counts)
        self.first_player_wins += other.first_player_wins
        self.games_with_first_player += other.games_with_first_player
        self.event_kinds.update(other.event_kinds)
        self.assumptions.update(other.assumptions)

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "actions": self.actions,
            "violations": self.violations[:50],
            "violation_count": len(self.violations),
            "score_distribution": dict(sorted(self.score_counts.items())),
            "wins_by_seat": dict(sorted(self.winner_seat_counts.items())),
            "first_player_win_rate": (
                self.first_player_wins / self.games_with_first_player if self.games_with_first_player else None
            ),
            "event_kinds": dict(self.event_kinds.most_common()),
            "assumptions_fired": dict(self.assumptions.most_common()),
        }


def play_random_game(game: Game, seed: int, *, check: bool = True, record_events: bool = True) -> GameRecord:
    """One random legal game from a fresh setup.

    With ``check``, at every step: the sampled action is one of the listed legal
    actions (the game's fast sampler agrees with ``legal_actions``), it is not
    rejected, the state's own invariants hold (``State.invariant_violations``,
    the game's hook), a pending decision's decider is the player to move, and
    ``from_dict(to_dict(s)) == s``; at the end, one score per seat and winners
    among the seats.

    Without ``check`` and ``record_events``, the game is played by
    ``State.random_playout`` (the same game, no events built): the record's
    ``event_kinds`` and ``assumptions`` are then empty.
    """
    rng = random.Random(seed)
    state = game.new_initial_state(rng)
    first_player = state.first_player if game.game_type.first_player else None
    if not check and not record_events:
        return _quiet_game(state, rng, seed, first_player)
    events: list = []  # every event of the game, counted once at the end (C-speed Counter construction)
    violations: list[str] = []
    actions = 0
    step, is_terminal = state.random_step, state.is_terminal
    while not is_terminal():
        if actions >= MAX_ACTIONS_PER_GAME:
            violations.append(f"not terminal after {actions} actions")
            break
        if not check:
            events += step(rng)[1]
            actions += 1
            continue
        listed = _listed_actions(state)
        action, step_events = step(rng)
        actions += 1
        if action not in listed:
            violations.append(f"step {actions}: sampled action {action} is not among the legal actions")
            break
        events += step_events
        violations.extend(_step_violations(game, state, action, step_events, actions))
        if violations:
            break
    if check and not violations:
        violations.extend(_end_violations(game, state))
    kinds = Counter([event.kind for event in events])
    assumptions = Counter(chain.from_iterable([event.assumptions for event in events if event.assumptions]))
    winners = state.winners() if state.is_terminal() else []
    return GameRecord(seed, list(state.scores()), list(winners), first_player, actions, kinds, assumptions, violations)


def simulate(
    game_factory: Callable[[], Game],
    games: int,
    seed: int = 0,
    *,
    check: bool = True,
    record_events: bool = True,
    progress: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """Play ``games`` random games with seeds ``seed``, ``seed + 1``, ...

    ``record_events=False`` (only without ``check``) plays them quietly
    (``State.random_playout``): the same games, no event counts in the summary.
    """
    summary = SimulationSummary()
    game = game_factory()
    for offset in range(games):
        summary.add(play_random_game(game, seed + offset, check=check, record_events=record_events))
        if progress:
            progress(1)
    return summary


def simulate_parallel(
    game_factory: Callable[[], Game],
    games: int,
    seed: int = 0,
    workers: int = 1,
    *,
    check: bool = True,
    progress: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """``simulate`` split into seed ranges over ``workers`` processes."""
    if workers <= 1:
        return simulate(game_factory, games, seed, check=check, progress=progress)
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, min(500, games // (workers * 4) or 1))
    ranges = [(seed + start, min(chunk, games - start)) for start in range(0, games, chunk)]
    summary = SimulationSummary()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(simulate, game_factory, count, start, check=check) for start, count in ranges]
        for future in futures:
            part = future.result()
            summary.merge(part)
            if progress:
                progress(part.games)
    return summary


def _quiet_game(state: State, rng: random.Random, seed: int, first_player: int | None) -> GameRecord:
    """A game played by ``state.random_playout``: no events, so no event or assumption counts."""
    actions = state.random_playout(rng, MAX_ACTIONS_PER_GAME)
    terminal = state.is_terminal()
    violations = [] if terminal else [f"not terminal after {actions} actions"]
    winners = state.winners() if terminal else []
    return GameRecord(seed, list(state.scores()), list(winners), first_player, actions, Counter(), Counter(),
                      violations)


def _listed_actions(state: State) -> list[dict]:
    """Every action the state lists as legal now: chance outcomes, or the actions of each seat to move."""
    player = state.current_player()
    if player == CHANCE:
        return [action for action, _ in state.chance_outcomes()]
    return [action for seat in state.players_to_move() for action in state.legal_actions(seat)]


def _step_violations(game: Game, state: State, action: dict, events: Iterable, step: int) -> list[str]:
    problems = []
    for event in events:
        if event.is_rejection:
            problems.append(f"step {step}: legal action {action} rejected: {event.message}")
    problems.extend(f"step {step}: {v}" for v in state.invariant_violations())
    decision = state.pending_decision()
    if decision is not None and decision.player != state.current_player():
        problems.append(f"step {step}: decision {decision.kind!r} awaits player {decision.player}, "
                        f"but current_player() is {state.current_player()}")
    position = state.to_dict()
    if game.state_from_dict(position).to_dict() != position:
        problems.append(f"step {step}: from_dict(to_dict(s)) differs from s")
    return problems


def _end_violations(game: Game, state: State) -> list[str]:
    problems = []
    if len(state.scores()) != game.num_players:
        problems.append(f"end: {len(state.scores())} scores for {game.num_players} players")
    if state.is_terminal():
        winners = state.winners()
        if not winners or any(not 0 <= w < game.num_players for w in winners):
            problems.append(f"end: winners {winners} are not seats of the {game.num_players} players")
    return problems
