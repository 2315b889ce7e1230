"""The For a Crown game: assumption values read once, the setup, positions built from dicts."""

from __future__ import annotations

import functools
import random
from itertools import accumulate
from typing import Any, Mapping

from engine.core.game import Game
from engine.core.game_type import EXPLICIT_CHANCE, IMPERFECT, PHASED, GameType
from engine.for_a_crown.assumptions import (
    ASSUMPTIONS, BURGLARY_NOBODY, DIE_FACES_ASSUMPTION, FINAL_ADJUSTMENTS, GALERIE_SQUARES, GALERIE_ZONES,
    INFLUENCE_BLOCKED, RUBY_PAYMENT, STARTING_COINS,
)
from engine.for_a_crown.data import (
    CARDS_BY_LEVEL, EFFECT_CODES, EFFECTS, EVENT_DRAW_PILE, LEVEL_ONE_PILE_CARDS, REVEALED_PER_DECK, STARTING_EVENTS,
)
from engine.for_a_crown.galerie import EMPTY
from engine.for_a_crown.position import fill_position
from engine.for_a_crown.codes import EVENT_BASE, NO_OWNER, OWNER_BITS
from engine.for_a_crown.state import ForACrownState


class ForACrownGame(Game):
    """2 to 6 families (``for-a-crown.player_count``), 4 rounds.

    Setup from the ``rng``: the portraits in random order from the rightmost
    square, the starting coins by rank, the level 2-5 decks shuffled with 2
    cards face up each, the 2 starting events in the common pile and the other
    events shuffled into the draw pile. Card and event lists are PLACEHOLDER
    data (:mod:`.data`).
    """

    game_type = GameType(
        id="for-a-crown", title="For a Crown", min_players=2, max_players=6,  # for-a-crown.player_count
        chance=EXPLICIT_CHANCE,  # each card of the shuffled common pile, and the magic die, are chance nodes
        information=IMPERFECT,  # secret chests, face-down decks, the shuffled pile
        turns=PHASED,  # recruitment in influence order, then the reveal with its decisions
        first_player=False,  # the order of play is the influence order of the Galerie
        terminal="after round 4, or after the round in which a family is knocked out",
        seats_field="families",
    )
    assumptions = ASSUMPTIONS

    def __init__(self, num_players: int, options: Mapping[str, Any] | None = None,
                 assumption_overrides: Mapping[str, Any] | None = None):
        super().__init__(num_players, options, assumption_overrides)
        size = self.assume(GALERIE_SQUARES.id)
        self.galerie_size = 2 * num_players if size == "twice_players" else num_players + 2
        self.zones_by_square = self.assume(GALERIE_ZONES.id) == "thirds_by_square"
        self.swap_when_blocked = self.assume(INFLUENCE_BLOCKED.id) == "swap_with_neighbour"
        self.any_mix = self.assume(RUBY_PAYMENT.id) == "any_mix"
        self.burglary_everyone = self.assume(BURGLARY_NOBODY.id) == "everyone_loses"
        self.final_extra_ruby = self.assume(FINAL_ADJUSTMENTS.id) == "faq_extra_ruby"
        faces = self.assume(DIE_FACES_ASSUMPTION.id)
        if not isinstance(faces, (list, tuple)) or len(faces) != 6 or any(f not in EFFECT_CODES for f in faces):
            raise ValueError(f"assumption 'for-a-crown.die_faces': expected 6 effect names among {list(EFFECTS)}, "
                             f"got {faces!r}")
        self.die_faces = tuple(EFFECT_CODES[f] for f in faces)
        self.roll_faces = tuple(sorted(set(self.die_faces)))
        self.roll_weights = tuple(self.die_faces.count(f) / len(self.die_faces) for f in self.roll_faces)
        self.roll_actions = tuple({"type": "roll", "face": EFFECTS[f]} for f in self.roll_faces)
        # rng.choices(roll_faces, roll_weights) without its per-call set-up: random_step bisects these
        self.roll_cumulative = list(accumulate(self.roll_weights))
        self.roll_total = self.roll_cumulative[-1] + 0.0
        self.roll_last = len(self.roll_faces) - 1
        coins = self.assume(STARTING_COINS.id)
        if not isinstance(coins, (list, tuple)) or not coins or any(
                isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in coins):
            raise ValueError(f"assumption 'for-a-crown.starting_coins': expected a list of coin counts, got {coins!r}")
        self.starting_coins = tuple(coins)

    def coins_by_rank(self, families: int) -> list[int]:
        """Starting coins from the most to the least influential (the last amount repeats)."""
        listed = self.starting_coins
        return [listed[min(rank, len(listed) - 1)] for rank in range(families)]

    def new_initial_state(self, rng: random.Random) -> ForACrownState:
        state = ForACrownState(self)
        n = self.num_players
        order = list(range(n))
        shuffle = rng.shuffle if type(rng) is not random.Random else functools.partial(_shuffle, rng.getrandbits)
        shuffle(order)
        state.squares = [EMPTY] * self.galerie_size
        for offset, seat in enumerate(order):
            state.squares[-1 - offset] = seat
        for seat, coins in zip(order, self.coins_by_rank(n)):
            state.coins[seat] = state.start_coins[seat] = coins
        state.level_one = [list(pile) for pile in LEVEL_ONE_PILE_CARDS]
        for index, level in enumerate(range(2, 6)):
            deck = list(CARDS_BY_LEVEL[level])
            shuffle(deck)
            state.display[index] = [deck.pop() for _ in range(REVEALED_PER_DECK)]
            state.decks[index] = deck
        state.pile = sorted((EVENT_BASE + e) << OWNER_BITS | NO_OWNER for e in STARTING_EVENTS)
        state.events_in_play = len(STARTING_EVENTS)
        draw = list(EVENT_DRAW_PILE)
        shuffle(draw)
        state.event_draw = draw
        state.full_setup = True
        state.start_recruitment([])
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> ForACrownState:
        state = ForACrownState(self)
        fill_position(state, data, partial=False)
        return state

    def scenario_state(self, position: Mapping[str, Any]) -> ForACrownState:
        state = ForACrownState(self)
        fill_position(state, position, partial=True)
        if state.phase == 0 and not position.get("queue") and not state.decisions:
            state.start_recruitment([])
        return state


def _shuffle(getrandbits, items: list) -> None:
    """``Random.shuffle(items)`` with the same draws and without a call per swap (setup is a tenth of a quiet game).

    CPython's shuffle swaps each ``items[i]``, from the last down to the second,
    with ``items[_randbelow(i + 1)]``, and ``_randbelow(n)`` rejects
    ``getrandbits(n.bit_length())`` until below ``n`` (as ``state._pick``);
    ``tests/engine/for_a_crown/test_playout.py`` checks the setups agree.
    """
    for i in range(len(items) - 1, 0, -1):
        count = i + 1
        bits = count.bit_length()
        j = getrandbits(bits)
        while j >= count:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
