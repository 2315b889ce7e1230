"""The EMPRISE game: configuration (Orders, rank deck, assumptions) that creates duels."""

from __future__ import annotations

import random
from typing import Any, Mapping

from engine.core.game import Game
from engine.core.game_type import EXPLICIT_CHANCE, IMPERFECT, PHASED, GameType
from engine.emprise import assumptions as A
from engine.emprise.orders import CARDS_PER_ORDER, ORDERS, ORDERS_PER_SIDE, order_index, parse_rank_decks
from engine.emprise.position import build_state
from engine.emprise.state import EmpriseState


class EmpriseGame(Game):
    """EMPRISE, a duel: two players, eight cards each on a board of twenty squares.

    Options:
        orders: ``[[Order, Order], [Order, Order]]``, each side's two Orders (the
            same pair for both sides plays the Confluence mode); default: drawn
            at random ("au dé") from the ten.

    The rank deck is the assumption ``emprise.rank_decks`` (a labelled
    PLACEHOLDER by default). Assumption values are read once here into plain
    attributes so that the hot paths of play do not look them up.
    """

    game_type = GameType(
        id="emprise", title="EMPRISE", min_players=2, max_players=2,
        chance=EXPLICIT_CHANCE, information=IMPERFECT, turns=PHASED, first_player=True,
        terminal="after the count of the 16 cards, or of a Mort Subite round, leaves no tie (the Dernier Mot breaks the last one)",
    )
    assumptions = A.ASSUMPTIONS
    option_names = ("orders",)

    def __init__(self, num_players: int = 2, options: Mapping[str, Any] | None = None,
                 assumption_overrides: Mapping[str, Any] | None = None):
        super().__init__(num_players, options, assumption_overrides)
        self.fixed_orders = _parse_orders(self.options.get("orders"))
        decks = self.assume(A.RANK_DECKS)
        self.rank_decks = parse_rank_decks(decks)
        self.placeholder_ranks = self.book.get(A.RANK_DECKS).default is decks
        self.ability_first = self.assume(A.ABILITY_TIMING) == "before_combat"
        self.archers_short = self.assume(A.ARCHERS_RANGE) == "two_squares"
        self.shoot_over = self.assume(A.ARCHERS_BLOCKING) == "shoots_over_own_cards"
        self.ranged_ties = self.assume(A.RANGED_TIES) == "counts"
        self.pierce_own = self.assume(A.PIQUES_PIERCE) == "through_own_cards"
        self.pull_first = self.assume(A.CENDRES_PULL) == "pull_then_attack"
        self.pest_stack = self.assume(A.PESTIFERES_STACK) == "stacks"
        self.pest_own = self.assume(A.PESTIFERES_OWN) == "all_cards"
        self.abysses_all = self.assume(A.ABYSSES_SCOPE) == "all_abysses"
        self.chimeres_mirror = self.assume(A.CHIMERES_FLIP) == "mirror_value"
        self.scribes_delay = 2 if self.assume(A.SCRIBES_REVEAL) == "after_opponent_turn" else 3
        self.onde_depth_first = self.assume(A.ONDE_ORDER) == "depth_first"
        self.onde_reach = self.assume(A.ONDE_REACH) == "with_abilities"
        self.sd_other_first = int(self.assume(A.SUDDEN_DEATH_FIRST) == "non_opener")
        self.sd_stop_when_untied = self.assume(A.SUDDEN_DEATH_ROUNDS) == "stop_when_untied"

    def new_initial_state(self, rng: random.Random) -> EmpriseState:
        """Each side's two Orders (the option, else drawn), 8 cards in hand, a Réserve of one card per Order,
        and the first player drawn."""
        orders = self.fixed_orders or [draw_orders(rng), draw_orders(rng)]
        decks = self.rank_decks
        hands = [[(o, decks[o]) for o in side for _ in range(CARDS_PER_ORDER)] for side in orders]
        reserves = [[(o, decks[o]) for o in side] for side in orders]
        first_player = rng.randrange(2)
        return EmpriseState(self, [list(side) for side in orders], hands, reserves, first_player)

    def state_from_dict(self, data: Mapping[str, Any]) -> EmpriseState:
        """A full position (every field, as ``to_dict`` writes it)."""
        return build_state(self, data, partial=False)

    def scenario_state(self, position: Mapping[str, Any]) -> EmpriseState:
        """A partial position: missing fields take the defaults documented in :mod:`engine.emprise.position`."""
        return build_state(self, position, partial=True)


def draw_orders(rng: random.Random) -> list[int]:
    """Two different Orders out of the ten, drawn as ``rng.sample(range(10), 2)`` draws them (same draws, same
    result: seeded duels do not change) without its general set-up, which costs as much as a placement."""
    first = rng._randbelow(len(ORDERS))
    second = rng._randbelow(len(ORDERS) - 1)
    return [first, len(ORDERS) - 1 if second == first else second]


def _parse_orders(raw: Any) -> list[list[int]] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(side, list) for side in raw):
        raise ValueError(f"options.orders: expected two lists of two Orders, got {raw!r}")
    orders = []
    for p, side in enumerate(raw):
        indexes = [order_index(name, f"options.orders.{p}") for name in side]
        if len(indexes) != ORDERS_PER_SIDE or indexes[0] == indexes[1]:
            raise ValueError(f"options.orders.{p}: expected two different Orders, got {side!r}")
        orders.append(indexes)
    return orders
