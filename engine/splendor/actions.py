"""What each action does, and what it may not do: one handler per action type.

Handlers take ``(state, player, action)`` once the turn and game-over checks have
passed, return the events, and leave the state untouched when they reject. A
malformed action (unknown colour, wrong field type) raises ``ValueError``; a
well-formed action the rules forbid is a rejection event with a stable reason.
The end of every turn is :mod:`engine.splendor.turn`: returns above 10 tokens,
then one noble visit, then the end-of-game check.
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core.events import REJECTED, Event, rejection
from engine.core.names import Names
from engine.splendor import rules
from engine.splendor.assumptions import NO_LEGAL_ACTION, TAKE_DIFFERENT_FEWER_COLORS
from engine.splendor.data import CARD_COUNT, COLOR_INDEX, GEM_COLORS, GOLD, TOKEN_COLORS
from engine.splendor.legal import legal_actions
from engine.splendor.seat import NOBLE, PLAY, RESERVE_LIMIT, RETURN, TOKEN_LIMIT
from engine.splendor.turn import eligible_nobles, end_main_action, end_turn, receive_noble

_GEMS = range(len(GEM_COLORS))


def take_different(state, player: int, action: dict) -> list[Event]:
    """Take one gem of each of up to 3 different colours."""
    if state.phase != PLAY:
        return [_wrong_phase(state)]
    colors = _color_list(action, "colors")
    names = [TOKEN_COLORS[c] for c in colors]  # as the rules write them, however the action spelled them
    if len(colors) == 3 and colors[0] != colors[1] != colors[2] != colors[0] and GOLD not in colors:
        bank = state.bank
        if bank[colors[0]] and bank[colors[1]] and bank[colors[2]]:
            return _take(state, player, colors, names, ())
    if GOLD in colors:
        return [rejection("gold_only_by_reserving", "Gold is only gained by reserving a card.",
                          rules.GOLD_ONLY_BY_RESERVING, colors=names)]
    if len(set(colors)) != len(colors):
        return [rejection("colors_not_different", "The gems must be of different colours.", rules.ONE_ACTION,
                          colors=names)]
    bank = state.bank
    empty = [TOKEN_COLORS[c] for c in colors if bank[c] == 0]
    if empty:
        return [rejection("pile_empty", f"No {empty[0]} gem is left in the bank.", rules.ONE_ACTION, color=empty[0])]
    if len(colors) > 3:
        return [rejection("too_many_colors", "At most 3 gems of different colours.", rules.ONE_ACTION,
                          colors=names)]
    assumptions: tuple[str, ...] = ()
    if len(colors) < 3:
        available = sum(1 for c in _GEMS if bank[c])
        allowed = state.game.allow_fewer_colors
        assumptions = (TAKE_DIFFERENT_FEWER_COLORS.id,) if available < 3 else ()
        if not colors or available >= 3 or not allowed or len(colors) != available:
            return [Event(REJECTED, f"Take 3 gems of different colours ({available} colours are available).",
                          rules.ONE_ACTION, {"reason": "too_few_colors", "colors": names,
                                             "available": available}, assumptions)]
    return _take(state, player, colors, names, assumptions)


def _take(state, player: int, colors: list[int], names: list[str], assumptions: tuple[str, ...]) -> list[Event]:
    bank, tokens = state.bank, state.seats[player].tokens
    for c in colors:
        bank[c] -= 1
        tokens[c] += 1
    state.passes = 0
    events = [Event("tokens_taken", f"Player {player} takes {', '.join(names)}.", rules.ONE_ACTION,
                    {"player": player, "tokens": dict.fromkeys(names, 1)}, assumptions)]
    return end_main_action(state, player, events)


def take_same(state, player: int, action: dict) -> list[Event]:
    """Take 2 gems of one colour, only from a pile of at least 4."""
    if state.phase != PLAY:
        return [_wrong_phase(state)]
    color = _color(action, "color")
    if color == GOLD:
        return [rejection("gold_only_by_reserving", "Gold is only gained by reserving a card.",
                          rules.GOLD_ONLY_BY_RESERVING, color="gold")]
    pile = state.bank[color]
    if pile < 4:
        return [rejection("pile_below_four", f"The {TOKEN_COLORS[color]} pile holds {pile}, 2 may be taken only from 4.",
                          rules.TAKE_TWO_NEEDS_FOUR, color=TOKEN_COLORS[color], pile=pile)]
    state.bank[color] -= 2
    state.seats[player].tokens[color] += 2
    state.passes = 0
    events = [Event("tokens_taken", f"Player {player} takes 2 {TOKEN_COLORS[color]} from a pile of {pile}.",
                    rules.TAKE_TWO_NEEDS_FOUR, {"player": player, "tokens": {TOKEN_COLORS[color]: 2}, "pile": pile})]
    return end_main_action(state, player, events)


def reserve(state, player: int, action: dict) -> list[Event]:
    """Reserve a visible card (``card``) or the top card of a deck (``level``), with one gold if any is left."""
    if state.phase != PLAY:
        return [_wrong_phase(state)]
    seat = state.seats[player]
    blind = "level" in action
    if blind == ("card" in action):
        raise ValueError(f"action: expected exactly one of 'card' or 'level', got keys {sorted(action)}")
    if len(seat.reserved) >= RESERVE_LIMIT:
        return [rejection("too_many_reserved", f"Player {player} already holds {RESERVE_LIMIT} reserved cards.",
                          rules.RESERVE_LIMIT, reserved=len(seat.reserved))]
    if blind:
        level = _level(action)
        deck = state.decks[level - 1]
        if not deck:
            return [rejection("deck_empty", f"The level {level} deck is empty.", rules.RESERVE_OR_BUY, level=level)]
        card = deck.pop()
        seat.blind.append(card)
        events = [Event("card_reserved", f"Player {player} reserves the top card of the level {level} deck, face down.",
                        rules.BLIND_RESERVE_HIDDEN, {"player": player, "card": card, "level": level, "hidden": True})]
    else:
        card = _card_id(state, action)
        row = state.market[state.cards.level[card] - 1]
        if card not in row:
            return [rejection("card_not_in_market", f"Card {card} is not face up in the market.",
                              rules.RESERVE_OR_BUY, card=card)]
        events = [Event("card_reserved", f"Player {player} reserves {_card_name(card)} from the market.",
                        rules.RESERVE_OR_BUY, {"player": player, "card": card, "level": state.cards.level[card]})]
        _refill(state, row, row.index(card), events)
    seat.reserved.append(card)
    if state.bank[GOLD]:
        state.bank[GOLD] -= 1
        seat.tokens[GOLD] += 1
        events.append(Event("gold_taken", f"Player {player} takes a gold joker.", rules.GOLD_ONLY_BY_RESERVING,
                            {"player": player}))
    else:
        events.append(Event("no_gold_left", "No gold is left: the reservation stands without a joker.",
                            rules.GOLD_EXHAUSTED, {"player": player}))
    state.passes = 0
    return end_main_action(state, player, events)


def buy(state, player: int, action: dict) -> list[Event]:
    """Buy a visible or own reserved card; bonuses discount, gold pays any shortfall.

    Without ``payment`` the canonical payment is used: gems of the card's colours
    first, gold only for what they do not cover. A given ``payment`` must cover the
    discounted cost exactly, gold standing in for any gem.
    """
    if state.phase != PLAY:
        return [_wrong_phase(state)]
    card = _card_id(state, action)
    cards = state.cards
    seat = state.seats[player]
    row = state.market[cards.level[card] - 1]
    if card not in row and card not in seat.reserved:
        return [rejection("card_not_available", f"Card {card} is neither face up nor in player {player}'s reserve.",
                          rules.RESERVE_OR_BUY, card=card)]
    bonuses, tokens = seat.bonuses, seat.tokens
    if "payment" in action:
        payment = _token_amounts(action["payment"], "action.payment")
        problem = _payment_problem(payment, _due(cards.cost[card], bonuses), tokens)
        if problem:
            return [rejection("invalid_payment", problem, rules.BONUS_AS_TOKEN, card=card,
                              needed=_named(_due(cards.cost[card], bonuses)))]
        due = sum(payment)
    else:
        # Canonical payment: gems of each colour due, gold only for the shortfall.
        payment = [0] * len(TOKEN_COLORS)
        due = 0
        for c, amount in cards.cost_items[card]:
            missing = amount - bonuses[c]
            if missing > 0:
                due += missing
                if tokens[c] >= missing:
                    payment[c] = missing
                else:
                    payment[c] = tokens[c]
                    payment[GOLD] += missing - tokens[c]
    if payment[GOLD] > tokens[GOLD]:
        short = payment[GOLD] - tokens[GOLD]
        total = cards.total_cost[card]
        still_due = _named(_due(cards.cost[card], bonuses))
        the_card = _card_name(card).capitalize()
        return [rejection("cannot_afford", f"{the_card} costs {still_due} after bonuses (bonuses and "
                          f"tokens cover {total - short} of its {total}); player {player} is short by {short}.",
                          rules.BONUS_AS_TOKEN, card=card, needed=still_due, cost=total,
                          covered=total - short, short=short)]
    bank = state.bank
    for c, amount in enumerate(payment):
        if amount:
            tokens[c] -= amount
            bank[c] += amount
    from_reserve = card in seat.reserved
    if from_reserve:
        seat.reserved.remove(card)
        if card in seat.blind:
            seat.blind.remove(card)
    bonus, points = cards.bonus[card], cards.points[card]
    seat.cards.append(card)
    bonuses[bonus] += 1
    seat.points += points
    state.passes = 0
    bought = (f"card {card} for {points} prestige and a {GEM_COLORS[bonus]} bonus" if card <= CARD_COUNT
              else "the card the position states")  # a stated card's bonus and points may be defaults
    events = [Event("card_bought", f"Player {player} buys {bought}.", rules.CARDS_GIVE_POINTS_AND_BONUSES,
                    {"player": player, "card": card, "payment": _named(payment), "from_reserve": from_reserve,
                     "points": points, "bonus": GEM_COLORS[bonus]})]
    discount = cards.total_cost[card] - due
    if discount:
        events.append(Event("bonuses_discounted", f"Bonuses pay {discount} of the cost" + ("." if due else
                            ": the card is free."), rules.BONUS_AS_TOKEN if due else rules.CARD_CAN_BE_FREE,
                            {"player": player, "card": card, "discount": discount}))
    if payment[GOLD]:
        events.append(Event("gold_spent", f"Gold stands in for {payment[GOLD]} gem(s).", rules.GOLD_EXHAUSTED,
                            {"player": player, "gold": payment[GOLD]}))
    if not from_reserve:
        _refill(state, row, row.index(card), events)
    return end_main_action(state, player, events)


def return_tokens(state, player: int, action: dict) -> list[Event]:
    """Give back tokens of the player's choice, at most down to 10 (``tokens``: colour -> count)."""
    if state.phase == NOBLE:
        return [_wrong_phase(state)]
    if state.phase != RETURN:
        return [rejection("no_return_due", "Tokens are returned only above 10 at the end of a turn.",
                          rules.TOKEN_LIMIT)]
    amounts = _token_amounts(action.get("tokens"), "action.tokens")
    seat = state.seats[player]
    total = sum(amounts)
    excess = sum(seat.tokens) - TOKEN_LIMIT
    if total == 0 or total > excess:
        return [rejection("return_count", f"Return between 1 and {excess} token(s), not {total}.",
                          rules.TOKEN_LIMIT, excess=excess, returned=total)]
    short = [TOKEN_COLORS[c] for c, n in enumerate(amounts) if n > seat.tokens[c]]
    if short:
        return [rejection("not_held", f"Player {player} does not hold that many {short[0]}.",
                          rules.RETURN_OF_CHOICE, color=short[0])]
    for c, n in enumerate(amounts):
        seat.tokens[c] -= n
        state.bank[c] += n
    events = [Event("tokens_returned", f"Player {player} returns {total} token(s).", rules.RETURN_OF_CHOICE,
                    {"player": player, "tokens": _named(amounts)})]
    if total == excess:
        state.phase = PLAY
        end_main_action(state, player, events)  # down to 10 now: on to the noble visit
    return events


def choose_noble(state, player: int, action: dict) -> list[Event]:
    """Pick which of several qualifying nobles visits (``noble``: its id)."""
    if state.phase == RETURN:
        return [_wrong_phase(state)]
    if state.phase != NOBLE:
        return [rejection("no_noble_choice_due", "No noble choice is pending.", rules.NOBLE_OF_CHOICE)]
    noble = action.get("noble")
    if type(noble) is not int:
        raise ValueError(f"action.noble: expected a noble id (integer 1-10), got {noble!r}")
    eligible = eligible_nobles(state)
    if noble not in eligible:
        return [rejection("noble_not_eligible", f"Noble {noble} is not among those your bonuses satisfy: "
                          f"{eligible}.", rules.NOBLE_IGNORES_TOKENS, noble=noble, eligible=list(eligible))]
    state.phase = PLAY
    state.decisions.pop()
    events = [receive_noble(state, player, noble, rules.NOBLE_OF_CHOICE)]
    end_turn(state, player, events)
    return events


def discard(state, player: int, action: dict) -> list[Event]:
    """Always rejected: reserved cards leave the hand only by being bought."""
    return [rejection("reserved_cards_not_discardable", "Reserved cards cannot be discarded, only bought.",
                      rules.RESERVED_NOT_DISCARDED, card=action.get("card"))]


def pass_turn(state, player: int, action: dict) -> list[Event]:
    """Pass, allowed only when the player has no other legal action (``splendor.no_legal_action``)."""
    if state.phase != PLAY:
        return [_wrong_phase(state)]
    if legal_actions(state)[0]["type"] != "pass":
        return [Event(REJECTED, "Passing is allowed only without any legal action.", rules.ONE_ACTION,
                      {"reason": "pass_not_allowed"}, (NO_LEGAL_ACTION.id,))]
    state.passes += 1
    events = [Event("passed", f"Player {player} can neither take, reserve nor buy, and passes.", rules.ONE_ACTION,
                    {"player": player}, (NO_LEGAL_ACTION.id,))]
    end_turn(state, player, events)
    return events


HANDLERS: dict[str, Callable[[Any, int, dict], list[Event]]] = {
    "take_different": take_different,
    "take_same": take_same,
    "reserve": reserve,
    "buy": buy,
    "return": return_tokens,
    "choose_noble": choose_noble,
    "discard": discard,
    "pass": pass_turn,
}


# -- helpers ------------------------------------------------------------------------------------


def _refill(state, row: list, slot: int, events: list[Event]) -> None:
    level = state.cards.level[row[slot]]
    deck = state.decks[level - 1]
    if deck:
        row[slot] = deck.pop()
        events.append(Event("market_refilled", f"Card {row[slot]} replaces it from the level {level} deck.",
                            rules.REFILL_MARKET, {"level": level, "card": row[slot], "visible": _shown(row)}))
    else:
        row[slot] = None
        events.append(Event("market_gap", f"The level {level} deck is empty: no card of the same level replaces it, the slot stays empty.",
                            rules.MARKET_GAP_ONLY_WHEN_DECK_EMPTY, {"level": level, "visible": _shown(row)}))


def _shown(row: list) -> int:
    """The face-up cards of a display row."""
    return sum(card is not None for card in row)


def _wrong_phase(state) -> Event:
    if state.phase == RETURN:
        return rejection("must_return_tokens", "Return tokens down to 10 first, then nobles visit.",
                         rules.END_OF_TURN_ORDER)
    eligible = eligible_nobles(state)
    return rejection("must_choose_noble", f"Choose one of the nobles {eligible} first.",
                     rules.NOBLE_VISIT_MANDATORY, eligible=list(eligible))


def _due(cost: tuple[int, ...], bonuses: list[int]) -> list[int]:
    """What a card still costs per gem colour once the player's bonuses are deducted."""
    return [max(0, amount - bonus) for amount, bonus in zip(cost, bonuses)]


def _card_name(card: int) -> str:
    """"card 55", or for a card the position states (no card of the game): "the stated card"."""
    return f"card {card}" if card <= CARD_COUNT else "the stated card"


def _payment_problem(payment: list[int], need: list[int], tokens: list[int]) -> str | None:
    for c in _GEMS:
        if payment[c] > need[c]:
            return f"{payment[c]} {GEM_COLORS[c]} paid, only {need[c]} due after bonuses."
        if payment[c] > tokens[c]:
            return f"{payment[c]} {GEM_COLORS[c]} paid, only {tokens[c]} held."
    shortfall = sum(need) - sum(payment[:GOLD])
    if payment[GOLD] != shortfall:
        return f"{payment[GOLD]} gold paid, the gems leave {shortfall} to cover."
    return None


def _named(vector: list[int]) -> dict[str, int]:
    """The non-zero counts by colour name."""
    return {TOKEN_COLORS[c]: n for c, n in enumerate(vector) if n}


_COLORS = Names(TOKEN_COLORS, "colour")


def _color(action: dict, field: str) -> int:
    name = action.get(field)
    found = COLOR_INDEX.get(name) if type(name) is str else None
    return _COLORS.index(name, f"action.{field}") if found is None else found


def _color_list(action: dict, field: str) -> list[int]:
    names = action.get(field)
    try:
        if isinstance(names, (list, tuple)):
            return [_COLORS.index(name, field) for name in names]
    except ValueError:
        pass
    raise ValueError(f"action.{field}: expected a list of colours among {list(TOKEN_COLORS)}, got {names!r}")


def _card_id(state, action: dict) -> int:
    card = action.get("card")
    highest = len(state.cards.level) - 1
    if type(card) is not int or not 1 <= card <= highest:
        raise ValueError(f"action.card: expected a card id (integer 1-{highest}), got {card!r}")
    return card


def _level(action: dict) -> int:
    level = action.get("level")
    if level not in (1, 2, 3) or type(level) is not int:
        raise ValueError(f"action.level: expected 1, 2 or 3, got {level!r}")
    return level


def _token_amounts(amounts: Any, field: str) -> list[int]:
    if not isinstance(amounts, dict):
        raise ValueError(f"{field}: expected a mapping of colour to count, got {amounts!r}")
    vector = [0] * len(TOKEN_COLORS)
    for name, n in amounts.items():
        if name not in _COLORS or type(n) is not int or n < 0:
            raise ValueError(f"{field}.{name}: expected a colour among {list(TOKEN_COLORS)} and a count >= 0, got {n!r}")
        vector[_COLORS.index(name, field)] = n
    return vector
