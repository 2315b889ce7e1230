"""The Emblèmes game: configuration (players, location set, variant, assumptions) that creates states."""

from __future__ import annotations

import random
from typing import Any, Mapping

from engine.core.game import Game
from engine.core.game_type import EXPLICIT_CHANCE, IMPERFECT, PHASED, GameType
from engine.emblemes import assumptions as A
from engine.emblemes.cards import FAMILY_SIZE, HAND_SIZE, LOCATIONS, STARTING_COINS, turns_per_round
from engine.emblemes.position import build_state
from engine.emblemes.state import EmblemesState


class EmblemesGame(Game):
    """Emblèmes for 3 to 5 players.

    Options:
        location_set: ``"A"`` (default, advised for a first game), ``"B"`` or ``"C"``.
        hidden_coins: the "Variante fun": observations hide the other players' coins.

    The assumption values in force are read once here into plain attributes so
    that the hot paths of play do not look them up.
    """

    game_type = GameType(
        id="emblemes", title="Emblèmes", min_players=3, max_players=5,
        chance=EXPLICIT_CHANCE,  # the Courtisane's random card is a chance node during play
        information=IMPERFECT,  # hands, decks and face-down selections
        turns=PHASED,  # simultaneous selection, then placements in turn order
        first_player=True,
        terminal="after the third round is scored",
        seats_field="players",
    )
    assumptions = A.ASSUMPTIONS
    option_names = ("location_set", "hidden_coins")

    def __init__(self, num_players: int, options: Mapping[str, Any] | None = None,
                 assumption_overrides: Mapping[str, Any] | None = None):
        super().__init__(num_players, options, assumption_overrides)
        location_set = self.options.get("location_set", "A")
        if location_set not in A.LOCATION_SETS:
            raise ValueError(f"options.location_set: expected one of {list(A.LOCATION_SETS)}, got {location_set!r}")
        hidden = self.options.get("hidden_coins", False)
        if not isinstance(hidden, bool):
            raise ValueError(f"options.hidden_coins: expected true or false, got {hidden!r}")
        tables = self.assume(A.REWARD_TABLES)
        if tables is not A.PLACEHOLDER_REWARD_TABLES:
            tables = A.merged_reward_tables(tables)
        self.face = "5" if num_players == 5 else "3-4"
        self.location_set = location_set
        self.hidden_coins = hidden
        self.reward_table = tuple(tables[location_set][self.face][name] for name in LOCATIONS)
        self.turns_per_round = turns_per_round(num_players)
        self.floor = self.assume(A.COINS_FLOOR) == "floor_at_zero"
        self.optional_effects = self.assume(A.OPTIONAL_EFFECTS) == "optional"
        self.moved_equal = self.assume(A.MOVED_EQUAL)
        self.chasseur_self = self.assume(A.CHASSEUR_SELF) == "yes"
        self.voleuse_needs_two = self.assume(A.VOLEUSE_SHORT) == "cannot_be_targeted"
        self.voleuse_includes_owner = self.assume(A.VOLEUSE_OWN) == "include_owner"
        self.alchimiste_both = self.assume(A.ALCHIMISTE_BOTH)
        self.alchimiste_roi = self.assume(A.ALCHIMISTE_ROI)
        self.nonzero_only = self.assume(A.REWARDED_CARDS) == "nonzero_rewards"
        self.original_places = self.assume(A.TRAITRE_DISCARD) == "original_places"

    def new_initial_state(self, rng: random.Random) -> EmblemesState:
        """Shuffled family decks, hands of 6, 3 coins each, a random first player."""
        decks = []
        hands = []
        for _ in range(self.num_players):
            deck = list(range(1, FAMILY_SIZE + 1))
            rng.shuffle(deck)
            hands.append(deck[-HAND_SIZE:])
            del deck[-HAND_SIZE:]
            decks.append(deck)
        first_player = rng.randrange(self.num_players)
        return EmblemesState(self, decks, hands, [STARTING_COINS] * self.num_players, first_player)

    def state_from_dict(self, data: Mapping[str, Any]) -> EmblemesState:
        """A full position (every field, as ``to_dict`` writes it)."""
        return build_state(self, data, partial=False)

    def scenario_state(self, position: Mapping[str, Any]) -> EmblemesState:
        """A partial position: missing fields take the defaults documented in :mod:`engine.emblemes.position`."""
        return build_state(self, position, partial=True)
