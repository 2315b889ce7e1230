"""The Game / State protocol shared by every engine."""

from __future__ import annotations

import abc
import random
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from engine.core.assumptions import Assumption, AssumptionBook
from engine.core.chance import sample_outcome
from engine.core.events import Event
from engine.core.game_type import GameType

if TYPE_CHECKING:
    from engine.core.decisions import Decision

# Values of ``State.current_player()`` that are not a seat (OpenSpiel's convention).
CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

Action = dict[str, Any]
"""An action is a plain JSON object with a ``"type"`` key, e.g.
``{"type": "select", "player": 0, "card": "Roi"}``: scenario steps, HTTP bodies
and legal-action lists all use the same shape."""


class Game(abc.ABC):
    """Configuration of one game: creates States; cheap to build.

    Subclasses set ``game_type`` (a :class:`~engine.core.game_type.GameType`;
    ``id``, ``title``, ``min_players`` and ``max_players`` are read from it),
    ``assumptions``, ``option_names``, and implement the two factories.
    """

    game_type: ClassVar[GameType]
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    assumptions: ClassVar[tuple[Assumption, ...]] = ()
    option_names: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        game_type = cls.__dict__.get("game_type")
        if game_type is None:
            return  # inherits its parent's descriptor (test doubles), or is abstract
        if not isinstance(game_type, GameType):
            raise TypeError(f"{cls.__name__}.game_type: expected a GameType, got {type(game_type).__name__}")
        cls.id, cls.title = game_type.id, game_type.title
        cls.min_players, cls.max_players = game_type.min_players, game_type.max_players

    def __init__(
        self,
        num_players: int,
        options: Mapping[str, Any] | None = None,
        assumption_overrides: Mapping[str, Any] | None = None,
    ):
        if not isinstance(getattr(type(self), "game_type", None), GameType):
            raise TypeError(f"{type(self).__name__}: a Game declares game_type = GameType(...)")
        if not isinstance(num_players, int) or not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"players: expected an integer from {self.min_players} to {self.max_players}, got {num_players!r}"
            )
        options = dict(options or {})
        unknown = sorted(set(options) - set(self.option_names))
        if unknown:
            raise ValueError(f"options: unknown {unknown}; expected some of {list(self.option_names)}")
        self.num_players = num_players
        self.options = options
        self.book = AssumptionBook(self.assumptions, assumption_overrides)

    def assume(self, assumption_id: str) -> Any:
        """The value in force for a named assumption."""
        return self.book.value(assumption_id)

    def config_dict(self) -> dict[str, Any]:
        return {
            "game": self.id,
            "players": self.num_players,
            "options": dict(self.options),
            "assumptions": self.book.overrides(),
        }

    @abc.abstractmethod
    def new_initial_state(self, rng: random.Random) -> "State":
        """A fresh game; setup randomness (shuffles, first player) comes from ``rng``."""

    @abc.abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> "State":
        """Rebuild a position; raises ``ValueError`` naming the bad field."""

    def scenario_state(self, position: Mapping[str, Any]) -> "State":
        """A hand-built position from a scenario file; games may accept partial positions."""
        return self.state_from_dict(position)


class State(abc.ABC):
    """One position of a game. ``apply`` mutates in place and returns events."""

    game: Game

    @abc.abstractmethod
    def current_player(self) -> int:
        """A seat, or ``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``."""

    def players_to_move(self) -> list[int]:
        """Seats that may act now (several while simultaneous)."""
        player = self.current_player()
        return [player] if player >= 0 else []

    @abc.abstractmethod
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions of ``player`` (default: the player to move)."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: each outcome with its probability."""
        return []

    @abc.abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Play one action. An illegal action returns a single rejection event and leaves the state unchanged."""

    @abc.abstractmethod
    def is_terminal(self) -> bool: ...

    @abc.abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score (coins, prestige...); meaningful at any time."""

    def winners(self) -> list[int]:
        """Winning seats once terminal, after the game's tie-breaks."""
        return []

    @abc.abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The full position as plain JSON; ``game.state_from_dict(s.to_dict())`` equals ``s``."""

    def invariant_violations(self) -> list[str]:
        """Broken invariants (conservation of cards, tokens...), as readable lines; checked by simulations."""
        return []

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see, as plain JSON; by default everything.

        A game of ``information == IMPERFECT`` overrides it: what the seat cannot
        see is replaced, keeping the position's shape (a hidden hand becomes its
        size, a face-down card ``"face down"``), so the same dotted paths reach
        it in scenario expectations (``expect: {observation: {player: 1, ...}}``).
        A seat out of range raises ``ValueError``.
        """
        return self.to_dict()

    def pending_decision(self) -> "Decision | None":
        """The decision answered next (the top of the game's ``DecisionStack``), or ``None``.

        Games that ask for decisions keep a :class:`~engine.core.decisions.DecisionStack`
        as ``self.decisions``; while it is not empty, ``current_player()`` is the
        decider of its top.
        """
        decisions = getattr(self, "decisions", None)
        return decisions.top if decisions is not None else None

    def random_action(self, rng: random.Random) -> Action:
        """One legal action chosen uniformly (chance outcomes by their probabilities), for random playouts.

        The default lists the legal actions (:func:`random_action_by_listing`).
        A game may override it with a sampler that skips building every action
        dict; an override should return the same action and draw from ``rng``
        exactly as the default does, so that seeded playouts (golden games,
        simulations) do not depend on which path ran.
        """
        return random_action_by_listing(self, rng)

    def random_step(self, rng: random.Random) -> tuple[Action, list[Event]]:
        """Play one random legal action: ``(action, events)``, exactly as ``apply(random_action(rng))``.

        Random playouts call this. A game may override it to play an action it
        has just sampled without parsing and re-checking it; the action, the
        events, the new position and the draws from ``rng`` must stay the same.
        """
        action = self.random_action(rng)
        return action, self.apply(action)

    def random_playout(self, rng: random.Random, limit: int) -> int:
        """Play random legal actions until the game ends or ``limit`` actions were played; return how many.

        For playouts whose events and actions nobody reads (speed benchmarks,
        win rates). The default calls :meth:`random_step` and drops what it
        returns. A game may override it with a loop that builds no action dicts
        and no events; the positions reached and the draws from ``rng`` must be
        those of the ``random_step`` loop, so a quiet playout plays the same game.
        """
        played = 0
        step, is_terminal = self.random_step, self.is_terminal
        while played < limit and not is_terminal():
            step(rng)
            played += 1
        return played

    def clone(self) -> "State":
        return self.game.state_from_dict(self.to_dict())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and type(other) is type(self) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def random_action(state: State, rng: random.Random) -> Action:
    """One random legal action: ``state.random_action(rng)`` (the game's fast path, if it has one)."""
    return state.random_action(rng)


def random_action_by_listing(state: State, rng: random.Random) -> Action:
    """The reference sampler: list the legal actions, pick one uniformly (chance nodes by their probabilities).

    When several seats move simultaneously, a seat is drawn first, then one of
    its actions.
    """
    player = state.current_player()
    if player == CHANCE:
        return sample_outcome(state.chance_outcomes(), rng)
    if player == SIMULTANEOUS:
        seat = rng.choice(state.players_to_move())
        return rng.choice(state.legal_actions(seat))
    return rng.choice(state.legal_actions())
