"""One position of Emblèmes and the turn structure: selection, reveal, placement.

Phases: ``select`` (simultaneous, secret), ``place`` (one player reveals and
places, in turn order from the first player), ``choice`` (the owner of an
immediate effect picks its target), ``chance`` (the Courtisane's random card),
``end_of_round`` (one ``resolve_round`` step scores the three locations) and
``game_over``. Effects live in :mod:`engine.emblemes.effects`, scoring in
:mod:`engine.emblemes.scoring`, the JSON form in :mod:`engine.emblemes.position`.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.core.decisions import DecisionStack
from engine.core.events import Event, MessageTemplate, rejection
from engine.core.game import CHANCE, SIMULTANEOUS, TERMINAL, State, random_action_by_listing
from engine.emblemes import effects, position, rules, scoring
from engine.emblemes.assumptions import SEAT_ORDER, SEVERAL_EQUAL
from engine.emblemes.phases import CHOICE, DRAW, OVER, PHASE_NAMES, PLACE, SCORE, SELECT
from engine.emblemes.cards import (
    IMMEDIATE, LOCATIONS, NAMES, OWNER_BITS, OWNER_MASK, SIDE_NAMES, SIDES, card_value, location_index,
)

_LOCATION_INDEX = {name: index for index, name in enumerate(LOCATIONS)}
_VALUE_BY_NAME = {name: value for value, name in enumerate(NAMES) if name}
"""Exact rulebook names: the fast path; other spellings (and errors) go through ``card_value``."""
RESOLVE_ROUND = {"type": "resolve_round"}
_PLACE_ACTIONS = tuple(
    tuple({"type": "place", "player": player, "location": LOCATIONS[slot // 3],
           **({"side": SIDES[slot % 3 - 1]} if slot % 3 else {})} for slot in range(9))
    for player in range(OWNER_MASK + 1)
)
"""``_PLACE_ACTIONS[player][location * 3 + side]``: every placement action, built once (callers get copies)."""
_SELECTED = MessageTemplate("Player {player} selects {card} face down.")
_PLACED = MessageTemplate("Player {player} reveals {card} and places it in the {location}.")
_PLACED_BESIDE_EQUAL = MessageTemplate("Player {player} reveals {card} and places it in the {location}, {side} of the equal card.")
_TOKEN_PASSED = MessageTemplate("The first-player token passes from player {from} to player {to}.")


class EmblemesState(State):
    """Lean mutable position: plain lists of ints (card values in hands, codes on the table).

    Attributes:
        decks, hands, discards: per seat, card values; a deck is drawn from its end.
        selected: per seat, the face-down selected value (0 = none).
        rows: per location, card codes left to right (descending values).
        coins, start_coins, bank, transfers: coins and the ledger explaining them.
        first_player: the seat holding the first-player token now.
        round, turn: 0-based counters; revealed: seats that revealed this turn.
        forced: per seat, the location a Stratège imposed (-1 = none).
        decisions: the pending decisions (``engine.core.decisions``): an effect's
            target awaited from its owner (phase ``choice``) or the Courtisane's
            random card (phase ``chance``); see :mod:`engine.emblemes.effects`.
    """

    def __init__(self, game, decks, hands, coins, first_player):
        self.game = game
        self.n = game.num_players
        self.turns = game.turns_per_round
        self.decks = decks
        self.hands = hands
        self.selected = [0] * self.n
        self.rows: list[list[int]] = [[], [], []]
        self.discards: list[list[int]] = [[] for _ in range(self.n)]
        self.coins = coins
        self.start_coins = list(coins)
        self.bank = [0] * self.n
        self.transfers = [0] * self.n
        self.first_player = first_player
        self.round = 0
        self.turn = 0
        self.revealed = 0
        self.forced = [-1] * self.n
        self.decisions = DecisionStack()
        self.phase = SELECT
        self.rounds_scored = 0

    # -- whose turn -------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == SELECT:
            return SIMULTANEOUS
        if phase == PLACE:
            return (self.first_player + self.revealed) % self.n
        if phase == CHOICE:
            return self.decisions.top.player
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def players_to_move(self) -> list[int]:
        if self.phase == SELECT:
            return [p for p in range(self.n) if not self.selected[p]]
        player = self.current_player()
        return [player] if player >= 0 else []

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return list(self.coins)

    def winners(self) -> list[int]:
        return [scoring.winner(self)] if self.phase == OVER else []

    # -- legal actions ----------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[dict]:
        phase = self.phase
        if phase == SELECT:
            if player is not None:
                return [] if self.selected[player] else [
                    {"type": "select", "player": player, "card": NAMES[v]} for v in self.hands[player]
                ]
            return [
                {"type": "select", "player": p, "card": NAMES[v]}
                for p in range(self.n) if not self.selected[p] for v in self.hands[p]
            ]
        if phase in (DRAW, SCORE):
            return [action for action, _ in self.chance_outcomes()] if player is None else []
        if phase == OVER or (player is not None and player != self.current_player()):
            return []
        if phase == PLACE:
            return self._placements()
        return list(effects.choice_actions(self))

    def chance_outcomes(self) -> list[tuple[dict, float]]:
        if self.phase == SCORE:
            return [(RESOLVE_ROUND, 1.0)]
        if self.phase == DRAW:
            hand = self.hands[self.decisions.top.data["target"]]
            share = 1.0 / len(hand)
            return [({"type": "chance", "card": NAMES[v]}, share) for v in hand]
        return []

    def _placements(self) -> list[dict]:
        player = (self.first_player + self.revealed) % self.n
        return [dict(_PLACE_ACTIONS[player][slot]) for slot in self._placement_slots(player)]

    def _placement_slots(self, player: int) -> list[int]:
        """Where ``player``'s selected card may go, in legal-action order: ``location * 3 + side`` slots.

        Side 0 is "no side needed", 1 left and 2 right of an equal card (both offered on a tie).
        """
        value = self.selected[player]
        above, equal = (value + 1) << OWNER_BITS, value << OWNER_BITS  # codes sort by value
        forced = self.forced[player]
        slots = []
        for loc in (range(3) if forced < 0 else (forced,)):
            tie = False
            for card in self.rows[loc]:
                if card < above:
                    tie = card >= equal
                    break
            if tie:
                slots.append(loc * 3 + 1)
                slots.append(loc * 3 + 2)
            else:
                slots.append(loc * 3)
        return slots

    def random_action(self, rng) -> dict:
        """The fast path of :meth:`engine.core.game.State.random_action`: same action, same draws, fewer dicts.

        Selection draws a seat among those still to select, then a card of its
        hand; placement draws one of the slots; a choice draws among the cached
        options; chance nodes use the reference sampler.
        """
        phase = self.phase
        if phase == SELECT:
            seat, value = self._sample_selection(rng)
            return {"type": "select", "player": seat, "card": NAMES[value]}
        if phase == PLACE:
            player, slot = self._sample_placement(rng)
            return dict(_PLACE_ACTIONS[player][slot])
        if phase == CHOICE:
            return rng.choice(effects.choice_actions(self))
        return random_action_by_listing(self, rng)

    def random_step(self, rng) -> tuple[dict, list[Event]]:
        """The fast path of :meth:`engine.core.game.State.random_step`: same action, events and draws.

        A sampled selection, placement or choice is played directly, without
        parsing and re-checking the action just built; chance nodes go through ``apply``.
        """
        phase = self.phase
        if phase == SELECT:
            seat, value = self._sample_selection(rng)
            return {"type": "select", "player": seat, "card": NAMES[value]}, self._do_select(seat, value)
        if phase == PLACE:
            player, slot = self._sample_placement(rng)
            side = slot % 3
            return dict(_PLACE_ACTIONS[player][slot]), self._do_place(player, slot // 3, SIDES[side - 1] if side else None)
        if phase == CHOICE:
            action = rng.choice(effects.choice_actions(self))
            events = effects.play_choice(self, action)
            if self.phase == PLACE:  # no decision pending (phases choice and chance hold one)
                self.next_reveal(events)
            return action, events
        action = self.random_action(rng)
        return action, self.apply(action)

    def _sample_selection(self, rng) -> tuple[int, int]:
        selected = self.selected
        seat = rng.choice([p for p in range(self.n) if not selected[p]])
        return seat, rng.choice(self.hands[seat])

    def _sample_placement(self, rng) -> tuple[int, int]:
        player = (self.first_player + self.revealed) % self.n
        return player, rng.choice(self._placement_slots(player))

    # -- applying actions -------------------------------------------------
    def apply(self, action: Mapping[str, Any]) -> list[Event]:
        if type(action) is not dict and not isinstance(action, Mapping):
            raise ValueError(f"action: expected a mapping with a 'type', got {action!r}")
        handler = _HANDLERS.get(action.get("type"))
        if handler is None:
            raise ValueError(f"action.type: expected one of {sorted(_HANDLERS)}, got {action.get('type')!r}")
        if self.phase == OVER:
            return [rejection("game_over", "The game is over: it is played in 3 rounds.", rules.THREE_ROUNDS)]
        return handler(self, action)

    def _select(self, action: Mapping[str, Any]) -> list[Event]:
        player = action.get("player")
        if type(player) is not int or not 0 <= player < self.n:
            player = self.seat(action, "player")
        card = action.get("card")
        value = _VALUE_BY_NAME.get(card) if type(card) is str else None
        if value is None:
            value = card_value(card)
        if self.phase != SELECT:
            return [rejection("wrong_phase", f"Cards are selected at the start of a turn, not in the {PHASE_NAMES[self.phase]} phase.", rules.SECRET_SELECTION, player=player)]
        if self.selected[player]:
            return [rejection("already_selected", f"Player {player} has already selected a card this turn.", rules.SECRET_SELECTION, player=player)]
        hand = self.hands[player]
        if value not in hand:
            return [rejection("not_in_hand", f"Player {player} has no {NAMES[value]} in hand.", rules.SECRET_SELECTION, player=player, card=NAMES[value])]
        return self._do_select(player, value)

    def _do_select(self, player: int, value: int) -> list[Event]:
        """A legal selection (the action was checked, or sampled from the legal ones)."""
        self.hands[player].remove(value)
        self.selected[player] = value
        if all(self.selected):
            self.phase = PLACE
            self.revealed = 0
        return [Event("card_selected", _SELECTED, rules.SECRET_SELECTION, {"player": player, "card": NAMES[value]})]

    def _place(self, action: Mapping[str, Any]) -> list[Event]:
        player = action.get("player")
        if type(player) is not int or not 0 <= player < self.n:
            player = self.seat(action, "player")
        location = action.get("location")
        loc = _LOCATION_INDEX.get(location) if type(location) is str else None
        if loc is None:
            loc = location_index(location)
        side = action.get("side")
        if side is not None and side not in SIDES:
            side = SIDE_NAMES.canonical(side, "side")
        if self.phase != PLACE:
            return [rejection("wrong_phase", f"Cards are placed after every player has selected, not in the {PHASE_NAMES[self.phase]} phase.", rules.REVEAL_ORDER, player=player)]
        revealer = (self.first_player + self.revealed) % self.n
        if player != revealer:
            return [rejection("wrong_turn", f"Player {revealer} reveals now, not player {player}.", rules.REVEAL_ORDER, player=player, expected=revealer)]
        forced = self.forced[player]
        if forced >= 0 and forced != loc:
            return [rejection("forced_location", f"A Stratège imposed the {LOCATIONS[forced]} on player {player}.", rules.STRATEGE, player=player, location=LOCATIONS[forced])]
        return self._do_place(player, loc, side)

    def _do_place(self, player: int, loc: int, side: str | None) -> list[Event]:
        """The revealer's placement in a location it may use; rejected only when ``side`` is needed and missing."""
        value = self.selected[player]
        row = self.rows[loc]
        lo = 0
        size = len(row)
        above = (value + 1) << OWNER_BITS  # codes sort by value: any code >= above is a higher card
        while lo < size and row[lo] >= above:
            lo += 1
        hi = lo
        equal = value << OWNER_BITS
        while hi < size and row[hi] >= equal:
            hi += 1
        tie = lo != hi
        if tie and side is None:
            return [rejection("side_required", f"{LOCATIONS[loc]} already holds a card of value {value}: choose side left or right.", rules.EQUAL_VALUE_SIDE, player=player)]
        card = value << OWNER_BITS | player
        index = hi if tie and side == "right" else lo
        row.insert(index, card)
        self.selected[player] = 0
        self.forced[player] = -1
        data = {"player": player, "card": NAMES[value], "location": LOCATIONS[loc], "index": index}
        if tie:
            data["side"] = side
            event = Event("card_placed", _PLACED_BESIDE_EQUAL, rules.EQUAL_VALUE_FAQ, data, (SEVERAL_EQUAL,) if hi - lo > 1 else ())
        else:
            event = Event("card_placed", _PLACED, rules.DESCENDING_ORDER, data)
        events = [event]
        if value in IMMEDIATE:
            events.extend(effects.trigger(self, value, card, loc))
        if self.phase == PLACE:  # no decision pending (phases choice and chance hold one)
            self.next_reveal(events)
        return events

    def _choose(self, action: Mapping[str, Any]) -> list[Event]:
        player = self.seat(action, "player")
        if self.phase != CHOICE:
            return [rejection("wrong_phase", f"No effect awaits a choice in the {PHASE_NAMES[self.phase]} phase.", rules.IMMEDIATE_EFFECTS, player=player)]
        decision = self.decisions.top
        if player != decision.player:
            return [rejection("wrong_turn", f"Player {decision.player} chooses the target of the {NAMES[decision.data['effect']]}, not player {player}.", rules.IMMEDIATE_EFFECTS, player=player)]
        events = effects.choose(self, action)
        if self.phase == PLACE and not (events and events[0].is_rejection):
            self.next_reveal(events)
        return events

    def _chance(self, action: Mapping[str, Any]) -> list[Event]:
        value = card_value(action.get("card"))
        if self.phase != DRAW:
            return [rejection("wrong_phase", f"No random card is being drawn in the {PHASE_NAMES[self.phase]} phase.", rules.COURTISANE)]
        events = effects.courtisane_draw(self, value)
        if self.phase == PLACE:  # no decision pending (phases choice and chance hold one)
            self.next_reveal(events)
        return events

    def _resolve_round(self, action: Mapping[str, Any]) -> list[Event]:
        if self.phase != SCORE:
            return [rejection("wrong_phase", f"Locations are scored when all the turns of the round are over, not in the {PHASE_NAMES[self.phase]} phase.", rules.ROUND_SCORING)]
        return scoring.resolve_round(self)

    # -- flow -------------------------------------------------------------
    def next_reveal(self, events: list[Event]) -> None:
        """The current reveal is finished: next player in turn order, or the end of the turn (events appended)."""
        self.phase = PLACE
        self.revealed += 1
        if self.revealed < self.n:
            return
        self.revealed = 0
        holder = self.first_player
        self.first_player = (holder + 1) % self.n
        events.append(Event("token_passed", _TOKEN_PASSED, rules.TOKEN_PASSES, {"from": holder, "to": self.first_player}, (SEAT_ORDER,)))
        if self.turn + 1 < self.turns:
            self.turn += 1
            self.phase = SELECT
            return
        self.phase = SCORE
        events.append(Event("turns_over", f"All {self.turns} turns of round {self.round + 1} are played ({self.n} players).",
                            rules.TURNS_AT_3 if self.n == 3 else rules.TURNS_AT_4_5, {"round": self.round + 1, "turns": self.turns}))

    def seat(self, action: Mapping[str, Any], field: str) -> int:
        """The seat in ``action[field]``; ``ValueError`` if it is not one."""
        seat = action.get(field)
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ValueError(f"{field}: expected a seat from 0 to {self.n - 1}, got {seat!r}")
        return seat

    # -- coins and cards (the only places that change them) --------------------
    def gain(self, seat: int, amount: int) -> int:
        """Coins from (or, negative, to) the bank; floored at zero unless allowed; returns the change."""
        if amount < 0 and self.game.floor and self.coins[seat] + amount < 0:
            amount = -self.coins[seat]
        self.coins[seat] += amount
        self.bank[seat] += amount
        return amount

    def transfer(self, victim: int, thief: int, amount: int) -> int:
        """A theft of up to ``amount`` coins (all the victim has, when floored); returns what moved."""
        if self.game.floor and self.coins[victim] < amount:
            amount = max(self.coins[victim], 0)
        self.coins[victim] -= amount
        self.transfers[victim] -= amount
        self.coins[thief] += amount
        self.transfers[thief] += amount
        return amount

    def discard(self, card: int, loc: int | None = None) -> None:
        """A card on the table (in location ``loc``, when the caller knows it) goes to its owner's discard pile."""
        for row in (self.rows if loc is None else (self.rows[loc],)):
            if card in row:
                row.remove(card)
                self.discards[card & OWNER_MASK].append(card >> OWNER_BITS)
                return
        raise ValueError(f"card: {NAMES[card >> OWNER_BITS]} of player {card & OWNER_MASK} is not on the table")

    # -- protocol extras --------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return position.state_to_dict(self)

    def observation(self, player: int) -> dict[str, Any]:
        return position.observation(self, player)

    def invariant_violations(self) -> list[str]:
        return position.invariant_violations(self)

    def clone(self) -> "EmblemesState":
        return self.game.state_from_dict(self.to_dict())


_HANDLERS = {
    "select": EmblemesState._select,
    "place": EmblemesState._place,
    "choose": EmblemesState._choose,
    "chance": EmblemesState._chance,
    "resolve_round": EmblemesState._resolve_round,
}
