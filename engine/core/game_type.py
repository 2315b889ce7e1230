"""What kind of game an engine plays: the descriptor simulations and scenarios read.

OpenSpiel's ``GameType``, trimmed to what Arbitre's tools need. Each engine
declares one as ``game_type`` on its Game class; ``Game.id``, ``title``,
``min_players`` and ``max_players`` are derived from it, so the facts live once.

Example::

    GAME_TYPE = GameType(
        id="emblemes", title="Emblèmes", min_players=3, max_players=5,
        chance=EXPLICIT_CHANCE, information=IMPERFECT, turns=PHASED, first_player=True,
        terminal="after the third round is scored", seats_field="players",
    )
"""

from __future__ import annotations

from dataclasses import dataclass

DETERMINISTIC = "deterministic"
"""No randomness at all, setup included."""
SETUP_CHANCE = "setup_chance"
"""Randomness only at setup (shuffles, first player), from the ``rng`` given to ``new_initial_state``."""
EXPLICIT_CHANCE = "explicit_chance"
"""Setup randomness plus chance nodes during play (``current_player() == CHANCE``)."""
CHANCE_MODES = (DETERMINISTIC, SETUP_CHANCE, EXPLICIT_CHANCE)

PERFECT = "perfect"
IMPERFECT = "imperfect"
"""Some player cannot see part of the position: ``State.observation`` hides it."""
INFORMATION = (PERFECT, IMPERFECT)

SEQUENTIAL = "sequential"
"""One seat acts at a time."""
SIMULTANEOUS_TURNS = "simultaneous"
"""Every seat acts at once at every decision (``current_player() == SIMULTANEOUS``)."""
PHASED = "phased"
"""Phases with different turn structures (a simultaneous selection, then placements in turn order...)."""
TURN_STRUCTURES = (SEQUENTIAL, SIMULTANEOUS_TURNS, PHASED)


@dataclass(frozen=True, slots=True)
class GameType:
    """Static facts about a game, independent of any configuration.

    Args:
        id: the game id (``corpus/<id>/``, ``engine/<package>/``, scenario ``game:``).
        title: the game's name as printed.
        min_players, max_players: the player counts the engine plays.
        chance: one of :data:`CHANCE_MODES`.
        information: :data:`PERFECT` or :data:`IMPERFECT`.
        turns: one of :data:`TURN_STRUCTURES`.
        first_player: whether a seat is designated first player; its states then
            expose ``first_player`` (the seat holding that role now), which
            simulations read right after setup to report the first player's win rate.
        terminal: one sentence saying when the game ends (for people and docs).
        seats_field: the key of a position that lists one entry per seat; a
            scenario without ``players:`` takes that list's length. ``None``: the
            position does not say, and a scenario without ``players:`` plays at
            ``min_players``.

    Raises:
        ValueError: a field outside its allowed values, naming the field.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    chance: str
    information: str
    turns: str
    first_player: bool
    terminal: str
    seats_field: str | None = None

    def __post_init__(self) -> None:
        for field, value, allowed in (
            ("chance", self.chance, CHANCE_MODES),
            ("information", self.information, INFORMATION),
            ("turns", self.turns, TURN_STRUCTURES),
        ):
            if value not in allowed:
                raise ValueError(f"game_type.{field}: expected one of {list(allowed)}, got {value!r}")
        if not (isinstance(self.min_players, int) and isinstance(self.max_players, int)
                and 1 <= self.min_players <= self.max_players):
            raise ValueError(
                f"game_type.players: expected 1 <= min_players <= max_players, got {self.min_players!r}..{self.max_players!r}"
            )
        if not self.id or not self.title or not self.terminal:
            raise ValueError(f"game_type: id, title and terminal must be non-empty, got {self.id!r}, {self.title!r}, {self.terminal!r}")

    @property
    def has_chance_nodes(self) -> bool:
        return self.chance == EXPLICIT_CHANCE

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "title": self.title,
            "players": {"min": self.min_players, "max": self.max_players},
            "chance": self.chance,
            "information": self.information,
            "turns": self.turns,
            "first_player": self.first_player,
            "terminal": self.terminal,
        }
