"""The Oriflamme Embrasement game: configuration (players, assumptions) that creates states."""

from __future__ import annotations

import random
from typing import Any, Mapping

from engine.core.game import Game
from engine.core.game_type import IMPERFECT, SEQUENTIAL, SETUP_CHANCE, GameType
from engine.oriflamme import assumptions as A
from engine.oriflamme.cards import FAMILY_SIZE, HAND_SIZE, JUMEAU, SET_ASIDE, STARTING_INFLUENCE
from engine.oriflamme.position import build_state
from engine.oriflamme.state import OriflammeState

_SHUFFLED = tuple(kind for kind in range(FAMILY_SIZE) if kind != JUMEAU)


class OriflammeGame(Game):
    """Oriflamme Embrasement for 2 to 5 players (``oriflamme.player_count``).

    The assumption values in force are read once here into plain attributes,
    so the hot paths of play do not look them up.
    """

    game_type = GameType(
        id="oriflamme", title="Oriflamme Embrasement", min_players=2, max_players=5,
        chance=SETUP_CHANCE, information=IMPERFECT, turns=SEQUENTIAL, first_player=True,
        terminal="after the resolution phase of the 6th turn", seats_field="players",
    )
    assumptions = A.ASSUMPTIONS

    def __init__(self, num_players: int, options: Mapping[str, Any] | None = None,
                 assumption_overrides: Mapping[str, Any] | None = None):
        super().__init__(num_players, options, assumption_overrides)
        assume = self.assume
        self.random_first_player = assume(A.FIRST_PLAYER.id) == "random"
        self.apply_on_reveal = assume(A.FACE_DOWN_SECOND_OPTION.id) == "reveal_and_apply"
        self.points_gained_on_reveal = assume(A.POINTS_ON_REVEAL.id) == "gained"
        self.twin_position = assume(A.TWIN_POSITION.id)
        self.prince_gains = assume(A.PRINCE_LATER_TURNS.id) == "gain_one"
        self.circular = assume(A.LINE_ENDS.id) == "adjacent"
        self.corrupter_counts = assume(A.CORRUPTED_FAMILY.id) == "corrupter"
        self.leaves_to_corrupter = assume(A.CORRUPTED_LEAVES_TO.id) == "corrupter"
        self.cutthroat_covered = assume(A.CUTTHROAT_COVERED.id) == "included"
        self.queen_bonus_single = assume(A.QUEEN_BONUS_SINGLE.id) == "still_gained"
        self.intrigante_discards_itself = assume(A.INTRIGANTE_DISCARD.id) == "the_intrigante"
        self.floor = assume(A.INFLUENCE_BELOW_ZERO.id) == "floor_at_zero"
        self.take_what_there_is = assume(A.STEAL_SHORT.id) == "take_what_there_is"
        self.tie_counts_covered = assume(A.TIE_COUNTS_COVERED.id) == "counted"
        self.twin_is_set_aside = assume(A.USURPATION_TWIN_ASIDE.id) == "included"
        self.machination_any = assume(A.MACHINATION_REPEAT.id) == "any_character"

    def new_initial_state(self, rng: random.Random) -> OriflammeState:
        """Per family: the Jumeau aside face up, 3 of the other 10 set aside at random, 7 in hand; 1 influence each."""
        state = OriflammeState(self)
        for seat in range(self.num_players):
            base = seat * FAMILY_SIZE
            cards = [base + kind for kind in _SHUFFLED]
            rng.shuffle(cards)
            state.aside[seat] = cards[:SET_ASIDE]
            state.hands[seat] = cards[SET_ASIDE:SET_ASIDE + HAND_SIZE]
            state.twins[seat] = base + JUMEAU
            state.revealed[base + JUMEAU] = True
        state.influence = [STARTING_INFLUENCE] * self.num_players
        state.start = list(state.influence)
        if self.random_first_player:
            state.first_player = rng.randrange(self.num_players)
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> OriflammeState:
        """A full position (every field, as ``to_dict`` writes it)."""
        return build_state(self, data, partial=False)

    def scenario_state(self, position: Mapping[str, Any]) -> OriflammeState:
        """A partial position: missing fields take the defaults documented in :mod:`engine.oriflamme.position`."""
        return build_state(self, position, partial=True)
