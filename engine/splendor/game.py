"""The Splendor game: setup per player count, and positions built from dicts."""

from __future__ import annotations

import random
from typing import Any, Mapping

from engine.core.game import Game
from engine.core.game_type import IMPERFECT, SEQUENTIAL, SETUP_CHANCE, GameType
from engine.splendor import rules
from engine.splendor.assumptions import ASSUMPTIONS, FIRST_PLAYER, FOUR_PLAYER_SETUP, TAKE_DIFFERENT_FEWER_COLORS
from engine.splendor.data import CARDS, GEM_COLORS, LEVELS, NOBLES
from engine.splendor.position import fill_position
from engine.splendor.state import SplendorState

GOLD_TOKENS = 5
_STATED_SETUP = {2: (4, 3), 3: (5, 4)}
"""Players -> (gems per colour, visible nobles), as the corpus states them."""
_FOUR_PLAYER_SETUP = {"7_gems_5_nobles": (7, 5)}


class SplendorGame(Game):
    """The base game for 2 to 4 players.

    Setup: 4 gems per colour and 3 nobles at 2 players, 5 and 4 at 3, 7 and 5 at 4
    (``splendor.four_player_setup``), 5 gold always; each level's deck is shuffled
    with the ``rng`` given to :meth:`new_initial_state`, 4 cards per level are
    dealt face up, the nobles are drawn from it, and so is the first player
    (``splendor.first_player``).

    A scenario position (:meth:`scenario_state`) may be partial. Missing seats are
    empty; the bank defaults to the setup supply minus the tokens the players hold;
    cards not placed complete the market rows by lowest id, then form the decks
    (top first in id order), or are set aside when a deck is given; visible nobles
    default to the lowest ids not owned (players + 1 of them); ``current_player``
    may stand for ``turn``; ``final_round`` defaults to someone holding 15 prestige.
    """

    game_type = GameType(
        id="splendor", title="Splendor", min_players=2, max_players=4,
        chance=SETUP_CHANCE,  # decks, nobles and first player drawn at setup; no chance node in play
        information=IMPERFECT,  # deck order and blind reserves
        turns=SEQUENTIAL,
        first_player=True,
        terminal="when the round in which a player reached 15 prestige is complete",
        seats_field="players",
    )
    assumptions = ASSUMPTIONS

    def __init__(self, num_players: int, options: Mapping[str, Any] | None = None,
                 assumption_overrides: Mapping[str, Any] | None = None):
        super().__init__(num_players, options, assumption_overrides)
        if num_players in _STATED_SETUP:
            gems, self.noble_count = _STATED_SETUP[num_players]
        else:
            gems, self.noble_count = _FOUR_PLAYER_SETUP[self.assume(FOUR_PLAYER_SETUP.id)]
        self.supply = (gems,) * len(GEM_COLORS) + (GOLD_TOKENS,)
        self.allow_fewer_colors = self.assume(TAKE_DIFFERENT_FEWER_COLORS.id) == "take_all_available"

    def describe_setup(self) -> dict[str, Any]:
        """Tokens and nobles at this player count, with the rule (or assumption) they come from."""
        stated = self.num_players in _STATED_SETUP
        return {
            "players": self.num_players,
            "gems_per_color": self.supply[0],
            "gold": self.supply[-1],
            "nobles": self.noble_count,
            "citations": [rules.SETUP_TWO_THREE.to_dict(), rules.SETUP_GOLD_AND_REST.to_dict()],
            "assumptions": [] if stated else [FOUR_PLAYER_SETUP.id],
        }

    def new_initial_state(self, rng: random.Random) -> SplendorState:
        state = SplendorState(self, self.supply)
        for level in LEVELS:
            deck = list(CARDS.ids_by_level[level])
            rng.shuffle(deck)
            state.market[level - 1] = [deck.pop() for _ in range(4)]
            state.decks[level - 1] = deck
        state.nobles = sorted(rng.sample(NOBLES.ids, self.noble_count))
        if self.assume(FIRST_PLAYER.id) == "random":
            state.first_player = rng.randrange(self.num_players)
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> SplendorState:
        state = SplendorState(self, self.supply)
        fill_position(state, data)
        return state
