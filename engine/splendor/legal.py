"""Legal-action generation, kept cheap for random playouts.

Every action dict a player can ever be offered is built once, at import, and
shared: callers must treat legal actions as read-only (``apply`` never mutates
its argument). Generation is then a few integer comparisons per candidate.
Buying is offered with the canonical payment only (no ``payment`` key); the
other valid payments are accepted by ``apply`` but not enumerated.
"""

from __future__ import annotations

from itertools import combinations

from engine.core.game import Action
from engine.splendor.data import (CARD_COUNT, GEM_COLORS, GOLD, LEVELS, MAX_STATED_CARDS, MAX_STATED_NOBLES, NOBLE_COUNT,
                                  TOKEN_COLORS)
from engine.splendor.seat import NOBLE, RESERVE_LIMIT, RETURN

_MAX_PLAYERS = 4
_SEATS = range(_MAX_PLAYERS)
_GEMS = range(len(GEM_COLORS))


def _take_different_table(allow_fewer: bool) -> list[list[list[Action]]]:
    """``[player][mask of gem colours left in the bank]`` -> the take_different actions."""
    table = []
    for player in _SEATS:
        by_mask = []
        for mask in range(1 << len(GEM_COLORS)):
            present = [c for c in _GEMS if mask >> c & 1]
            picks = list(combinations(present, 3)) if len(present) >= 3 else ([tuple(present)] if allow_fewer and present else [])
            by_mask.append([{"type": "take_different", "player": player, "colors": [GEM_COLORS[c] for c in pick]}
                            for pick in picks])
        table.append(by_mask)
    return table


_TAKE_DIFFERENT = {True: _take_different_table(True), False: _take_different_table(False)}
_TAKE_SAME = [[{"type": "take_same", "player": p, "color": GEM_COLORS[c]} for c in _GEMS] for p in _SEATS]
_CARD_IDS = range(CARD_COUNT + MAX_STATED_CARDS + 1)
"""Every card id a position can hold: the game's, then those a hand-built position states."""
_RESERVE_CARD = [[{"type": "reserve", "player": p, "card": card} for card in _CARD_IDS] for p in _SEATS]
_RESERVE_DECK = [[{"type": "reserve", "player": p, "level": level} for level in LEVELS] for p in _SEATS]
_BUY = [[{"type": "buy", "player": p, "card": card} for card in _CARD_IDS] for p in _SEATS]
_RETURN_ONE = [[{"type": "return", "player": p, "tokens": {TOKEN_COLORS[c]: 1}} for c in range(GOLD + 1)]
               for p in _SEATS]
_CHOOSE_NOBLE = [[{"type": "choose_noble", "player": p, "noble": n} for n in range(NOBLE_COUNT + MAX_STATED_NOBLES + 1)]
                 for p in _SEATS]
_PASS = [{"type": "pass", "player": p} for p in _SEATS]


def noble_choice_options(player: int, eligible: list[int]) -> list[Action]:
    """The ``choose_noble`` actions of ``player`` among the ``eligible`` nobles (shared, read-only dicts)."""
    row = _CHOOSE_NOBLE[player]
    return [row[n] for n in eligible]


_TAKES_BY_BANK: dict[tuple, tuple[Action, ...]] = {}
"""(assumption value, seat, gem piles) -> the take actions: a few hundred bank states recur all game long."""


def _take_actions(allow_fewer: bool, seat: int, bank: list[int]) -> tuple[Action, ...]:
    mask = sum(1 << c for c in _GEMS if bank[c] > 0)
    take_same = _TAKE_SAME[seat]
    return tuple(_TAKE_DIFFERENT[allow_fewer][seat][mask]) + tuple(take_same[c] for c in _GEMS if bank[c] >= 4)


def legal_actions(state, player: int | None = None) -> list[Action]:
    """The actions ``player`` (default: the one to move) may play now; empty when it is not their turn.

    In the return phase a token is returned one at a time (one action per colour
    held); ``apply`` also accepts several at once.
    """
    if state.terminal:
        return []
    seat_index = (state.first_player + state.turn) % state.num_players
    if player is not None and player != seat_index:
        return []
    seat = state.seats[seat_index]
    phase = state.phase
    if phase == RETURN:
        row = _RETURN_ONE[seat_index]
        return [row[c] for c, n in enumerate(seat.tokens) if n]
    if phase == NOBLE:
        return list(state.decisions.top.options)
    bank = state.bank
    allow_fewer = state.game.allow_fewer_colors
    key = (allow_fewer, seat_index, bank[0], bank[1], bank[2], bank[3], bank[4])
    takes = _TAKES_BY_BANK.get(key)
    if takes is None:
        takes = _TAKES_BY_BANK[key] = _take_actions(allow_fewer, seat_index, bank)
    actions = list(takes)
    tokens, bonuses = seat.tokens, seat.bonuses
    have = [tokens[0] + bonuses[0], tokens[1] + bonuses[1], tokens[2] + bonuses[2], tokens[3] + bonuses[3],
            tokens[4] + bonuses[4]]
    gold = tokens[GOLD]
    buy = _BUY[seat_index]
    can_reserve = len(seat.reserved) < RESERVE_LIMIT
    reserve_card = _RESERVE_CARD[seat_index]
    cards = state.cards
    cost_items, total_cost = cards.cost_items, cards.total_cost
    budget = sum(have) + gold
    for row in state.market:
        for card in row:
            if card is None:
                continue
            if can_reserve:
                actions.append(reserve_card[card])
            # Affordability inlined (the hottest code of a random playout); the total
            # cost alone rules out most cards before the per-colour loop.
            if total_cost[card] > budget:
                continue
            short = 0
            for color, amount in cost_items[card]:
                if amount > have[color]:
                    short += amount - have[color]
            if short <= gold:
                actions.append(buy[card])
    if can_reserve:
        reserve_deck = _RESERVE_DECK[seat_index]
        decks = state.decks
        for level_index in (0, 1, 2):
            if decks[level_index]:
                actions.append(reserve_deck[level_index])
    for card in seat.reserved:
        if total_cost[card] > budget:
            continue
        short = 0
        for color, amount in cost_items[card]:
            if amount > have[color]:
                short += amount - have[color]
        if short <= gold:
            actions.append(buy[card])
    return actions or [_PASS[seat_index]]


__all__ = ["legal_actions"]
