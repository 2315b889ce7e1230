"""End of a round and end of the game: ☐ effects, location rewards, discard, redraw, winner.

Per location, Château then Village then Port: the ☐ effects of every card from
the leftmost (highest) to the rightmost, then the Lieu card's rewards by place
(reversed when an uncancelled Traître is present). Then the rewarded cards are
discarded, the others stay, and everyone draws back to 6 (except after the last
round).
"""

from __future__ import annotations

from engine.core.events import Event, MessageTemplate
from engine.emblemes import assumptions as A
from engine.emblemes import rules
from engine.emblemes.phases import OVER, SELECT
from engine.emblemes.cards import (
    END_OF_ROUND, ESPIONNE, HAND_SIZE, LOCATIONS, MARCHAND, MATELOT, NAMES, OWNER_BITS, OWNER_MASK, PORT, PRINCESSE,
    ROUNDS, SORCIERE, TRAITRE,
)

_NOTHING_DOUBLED: frozenset = frozenset()
_REWARD_CITATIONS = {"per_card": rules.PER_CARD, "steal": rules.STEAL_REWARD, "half_value": rules.HALF_VALUE}
_ALWAYS = (A.REWARD_TABLES,)
_ALWAYS_REVERSED = (A.REWARD_TABLES, A.TRAITRE_DISCARD)
_FLOORED = (A.COINS_FLOOR,)
_MATELOT_SPECIAL = (A.MATELOT_SPECIAL,)
_REWARD = MessageTemplate("{location} place {place}: {card} of player {player} gets {amount} coin(s) ({reward}).")
_REWARD_DOUBLED = MessageTemplate("{location} place {place}: {card} of player {player} gets {amount} coin(s) ({reward} x2).")
_ROUND_SCORING = MessageTemplate("Round {round} is over: scoring Château, Village, Port.")
_CARDS_STAY = MessageTemplate("{cards} card(s) without reward stay for the next round.")
_CARDS_DRAWN = MessageTemplate("Players draw back to 6 cards: {drawn}.")
_ROUND_STARTED = MessageTemplate("Round {round} begins.")
_CANCELLED = MessageTemplate("{card} of player {player} in the {location}: cancelled by the Sorcière.")
_TRAITRE = MessageTemplate("Traître of player {player} reverses the rewards of the {location}.")
_TRAITRE_AGAIN = MessageTemplate("Traître of player {player} reverses the rewards of the {location}"
                                 " (already reversed: several Traîtres still reverse once).")
_MARCHAND = MessageTemplate("Marchand of player {player} gains {amount} coin(s): cards below 6 in the {location}.")
_ESPIONNE_ALONE = MessageTemplate("Espionne of player {player} is his only card in the {location}: {amount} coin(s).")
_ESPIONNE_NOT_ALONE = MessageTemplate("Espionne of player {player} is not his only card in the {location}: {amount} coin(s).")
_MATELOT_IN_PORT = MessageTemplate("Matelot of player {player} will double its reward in the Port.")
_MATELOT_ELSEWHERE = MessageTemplate("Matelot of player {player} is in the {location}, not the Port: no effect.")


def resolve_round(state) -> list[Event]:
    """Score the three locations, discard rewarded cards, then redraw or end the game."""
    events = [Event("round_scoring", _ROUND_SCORING, rules.ROUND_SCORING, {"round": state.round + 1})]
    leaving = []
    for loc in range(3):
        doubled, reversed_ = _end_of_round_effects(state, loc, events)
        leaving.append(_rewards(state, loc, doubled, reversed_, events))
    rewarded: list[int] = []
    for loc in range(3):
        for card in leaving[loc]:
            state.discard(card, loc)
        rewarded += leaving[loc]
    events.append(Event("cards_discarded", f"{len(rewarded)} rewarded card(s) discarded.", rules.DISCARD_REWARDED,
                        {"cards": [_card_dict(c) for c in rewarded]},
                        (A.REWARDED_CARDS, A.LAST_ROUND_CLEANUP) if state.round + 1 == ROUNDS else (A.REWARDED_CARDS,)))
    rows = state.rows
    left = len(rows[0]) + len(rows[1]) + len(rows[2])
    if left:
        events.append(Event("cards_stay", _CARDS_STAY, rules.LEFTOVERS_STAY, {"cards": left}))
    state.rounds_scored += 1
    if state.round + 1 < ROUNDS:
        events.extend(_next_round(state))
    else:
        state.phase = OVER
        events.append(_game_over(state))
    return events


def winner(state) -> int:
    """Most coins; ties go to the token holder, else the tied player closest clockwise from him."""
    best = max(state.coins)
    holder = state.first_player
    tied = [p for p in range(state.n) if state.coins[p] == best]
    return min(tied, key=lambda p: (p - holder) % state.n)


def _end_of_round_effects(state, loc: int, events: list) -> tuple[frozenset | set, bool]:
    row = state.rows[loc]
    values = [c >> OWNER_BITS for c in row]
    if not END_OF_ROUND.intersection(values):
        return _NOTHING_DOUBLED, False
    sorciere = SORCIERE in values
    doubled: set[int] = set()
    traitres = 0
    for card in list(row):
        value = card >> OWNER_BITS
        if value not in END_OF_ROUND:
            continue
        owner = card & OWNER_MASK
        name = NAMES[value]
        if sorciere and value < SORCIERE:
            events.append(Event("effect_cancelled", _CANCELLED, rules.SORCIERE_FAQ, {"player": owner, "card": name, "location": LOCATIONS[loc]}))
            continue
        if value == PRINCESSE:
            others = [c & OWNER_MASK for c in row if c != card]
            for seat in others:
                state.gain(seat, 1)
            events.append(Event("princesse_gift", f"Princesse of player {owner} gives 1 coin to each of the {len(others)} other card(s) in the {LOCATIONS[loc]}.",
                                rules.PRINCESSE, {"player": owner, "location": LOCATIONS[loc], "recipients": others}))
        elif value == SORCIERE:
            cancelled = [_card_dict(c) for c in row if c >> OWNER_BITS < SORCIERE and c >> OWNER_BITS in END_OF_ROUND]
            events.append(Event("sorciere_cancel", f"Sorcière of player {owner} cancels {len(cancelled)} end-of-round effect(s) in the {LOCATIONS[loc]}.",
                                rules.SORCIERE, {"player": owner, "location": LOCATIONS[loc], "cancelled": cancelled}))
        elif value == TRAITRE:
            traitres += 1
            events.append(Event("traitre_reverse", _TRAITRE_AGAIN if traitres > 1 else _TRAITRE, rules.TRAITRE_FAQ if traitres > 1 else rules.TRAITRE,
                                {"player": owner, "location": LOCATIONS[loc], "traitres": traitres}))
        elif value == MARCHAND:
            count = len([v for v in values if v < MARCHAND])
            got = state.gain(owner, count)
            events.append(Event("marchand_income", _MARCHAND, rules.MARCHAND, {"player": owner, "location": LOCATIONS[loc], "amount": got}))
        elif value == ESPIONNE:
            alone = len([c for c in row if c & OWNER_MASK == owner]) == 1
            got = state.gain(owner, 2) if alone else 0
            events.append(Event("espionne_income" if alone else "espionne_not_alone",
                                _ESPIONNE_ALONE if alone else _ESPIONNE_NOT_ALONE, rules.ESPIONNE_FAQ if alone else rules.ESPIONNE,
                                {"player": owner, "location": LOCATIONS[loc], "amount": got}))
        elif value == MATELOT:
            in_port = loc == PORT
            if in_port:
                doubled.add(card)
            events.append(Event("matelot_double" if in_port else "matelot_not_in_port",
                                _MATELOT_IN_PORT if in_port else _MATELOT_ELSEWHERE, rules.MATELOT, {"player": owner, "location": LOCATIONS[loc]}))
    return doubled, traitres > 0


def _rewards(state, loc: int, doubled: set, reversed_: bool, events: list) -> list[int]:
    """Pay each ranked card; return the cards that count as rewarded.

    The rewarded places are every listed place (or those paying a nonzero amount,
    ``emblemes.rewarded_cards``); under a Traître the cards that leave are those
    occupying them in the reversed order (or the original one,
    ``emblemes.traitre_rewarded_cards``).
    """
    row = state.rows[loc]
    places = state.game.reward_table[loc]
    order = row[::-1] if reversed_ else row
    location = LOCATIONS[loc]
    always = _ALWAYS_REVERSED if reversed_ else _ALWAYS
    keep_zero = not state.game.nonzero_only
    rewarded: list[int] = []
    for rank, card in enumerate(order[:len(places)]):
        entry = places[rank]
        owner = card & OWNER_MASK
        doubled_card = card in doubled
        factor = 2 if doubled_card else 1
        used = always
        if entry == "steal":
            amount = sum(state.transfer(seat, owner, factor) for seat in range(state.n) if seat != owner)
            if amount != factor * (state.n - 1):
                used += _FLOORED
        else:
            base = entry if isinstance(entry, int) else len(row) if entry == "per_card" else -(-(card >> OWNER_BITS) // 2)
            amount = state.gain(owner, base * factor)
            if amount != base * factor:
                used += _FLOORED
        if doubled_card:
            citation = rules.MATELOT_FAQ if isinstance(entry, int) and entry < 0 else rules.MATELOT
            if not isinstance(entry, int):
                used += _MATELOT_SPECIAL
            template = _REWARD_DOUBLED
        else:
            citation = _REWARD_CITATIONS.get(entry, rules.RANKED_REWARDS)
            template = _REWARD
        events.append(Event("reward", template, citation,
                            {"player": owner, "card": NAMES[card >> OWNER_BITS], "location": location,
                             "place": rank + 1, "reward": entry, "amount": amount, "doubled": doubled_card},
                            used))
        if keep_zero or amount:
            rewarded.append(rank)
    occupants = row if reversed_ and state.game.original_places else order
    return [occupants[rank] for rank in rewarded]


def _next_round(state) -> list[Event]:
    drawn = []
    for seat in range(state.n):
        hand, deck = state.hands[seat], state.decks[seat]
        count = min(HAND_SIZE - len(hand), len(deck))
        if count:  # drawn from the end of the deck, one by one
            hand.extend(deck[:-count - 1:-1])
            del deck[-count:]
        drawn.append(count)
    state.round += 1
    state.turn = 0
    state.phase = SELECT
    return [
        Event("cards_drawn", _CARDS_DRAWN, rules.REDRAW, {"drawn": drawn}),
        Event("round_started", _ROUND_STARTED, rules.NEW_ROUND, {"round": state.round + 1}),
    ]


def _game_over(state) -> Event:
    best = max(state.coins)
    tied = [p for p in range(state.n) if state.coins[p] == best]
    seat = winner(state)
    if len(tied) == 1:
        citation = rules.WINNER
    elif seat == state.first_player:
        citation = rules.TIE_TOKEN
    else:
        citation = rules.TIE_CLOCKWISE if len(tied) > 2 else rules.TIE_FAQ
    return Event("game_over", f"After the third round, player {seat} wins with {best} coins" + (f" (tie among {tied})." if len(tied) > 1 else "."),
                 citation, {"winner": seat, "coins": list(state.coins), "tied": tied, "token": state.first_player},
                 (A.SEAT_ORDER,) if len(tied) > 1 else ())


def _card_dict(card: int) -> dict:
    return {"card": NAMES[card >> OWNER_BITS], "owner": card & OWNER_MASK}
