"""An EMPRISE position and its moves: alternating placement, the count, Mort Subite and Dernier Mot.

Phases: ``place`` (16 placements, alternating from the drawn first player) →
``count`` (a chance node with one outcome, ``{"type": "count"}``: the decompte)
→ ``over``, or ``sudden_death`` (each side places one Réserve card per round on
an empty square) → ``count`` → … → ``over``. Captures are in
:mod:`engine.emprise.combat`; the JSON form in :mod:`engine.emprise.position`.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any

from engine.core.events import Event, MessageTemplate, rejection
from engine.core.game import CHANCE, TERMINAL, Action, State
from engine.emprise import assumptions as A
from engine.emprise import rules as R
from engine.emprise.board import ADJACENT, SQUARE_NAMES, SQUARES, square_index
from engine.emprise.combat import resolve_placement
from engine.emprise.orders import (ABYSSES, GARDIENS, ORDERS, PESTIFERES, RESERVE_SIZE, SCRIBES, order_index,
                                   parse_ranks)

PLACE, COUNT, SUDDEN_DEATH, OVER = range(4)
PHASES = ("place", "count", "sudden_death", "over")
MAIN_PLACEMENTS = 16
SUDDEN_DEATH_ROUNDS = 2
HEAD_START = 2
COUNT_ACTION = {"type": "count"}

_PLACED = MessageTemplate("Player {player} places a {order} on {square} (rotation {rotation}: ranks top {top}, right {right}, bottom {bottom}, left {left}).")
_PLACED_UNSAID = MessageTemplate("Player {player} places a card on {square} whose Order the question does not name "
                                 "(played as a {order}, no ability when placed; ranks top {top}, right {right}, "
                                 "bottom {bottom}, left {left}).")
_RESERVE_PLACED = MessageTemplate("Mort Subite, round {round}: player {player} places the Réserve {order} on {square} (ranks top {top}, right {right}, bottom {bottom}, left {left}).")
_HIDDEN = MessageTemplate("The Scribe's ranks on {square} stay hidden from the opponent until placement {visible_from}.")
_COUNTED = MessageTemplate("Count: player 0 owns {count_0} cards, player 1 owns {count_1}; the opener (player {opener}) gets 2 points of head start: {score_0} to {score_1}.")
_SUDDEN = MessageTemplate("Perfect tie {score_0} to {score_1}: Mort Subite, round {round}; each side places a Réserve card on an empty square.")
_LAST_WORD = MessageTemplate("Still tied after both rounds: the Dernier Mot gives one point to player {player}, who did not open the duel.")
_WON = MessageTemplate("Player {winner} wins the duel, {score_0} to {score_1}.")
_WRONG_TURN = "It is player {expected}'s turn, not player {player}'s."
_RESERVE_SET = MessageTemplate("Before the duel, player {player} sets aside a Réserve of {cards}: one card per Order.")


class Card:
    """A card on the board. ``ranks`` are its printed ranks as placed (top, right, bottom, left), changed only by
    the Dorés' swaps and the Chimères' flips; ``bonus`` is the Maudits' permanent +1 per capture suffered."""

    __slots__ = ("owner", "order", "ranks", "square", "turn", "by", "reserve", "bonus")

    def __init__(self, owner: int, order: int, ranks: list[int], square: int, turn: int, by: int,
                 reserve: bool = False, bonus: int = 0):
        self.owner = owner
        self.order = order
        self.ranks = ranks
        self.square = square
        self.turn = turn
        self.by = by
        self.reserve = reserve
        self.bonus = bonus


class EmpriseState(State):
    """One position of a duel. Build it with ``EmpriseGame.new_initial_state`` or ``state_from_dict``."""

    def __init__(self, game, orders, hands, reserves, first_player: int):
        self.game = game
        self.orders = orders
        self.hands = hands
        self.reserves = reserves
        self.first_player = first_player
        self.board: list[Card | None] = [None] * SQUARES
        self.placements = 0
        self.phase = PLACE
        self.sd_round = 0
        self.sd_placed = 0
        self.unsaid_order: tuple[int, int] | None = None
        """(player, Order) of a card whose Order the question did not name: its placement says so."""
        self.last_word: int | None = None
        self.counts = [0, 0]
        self.abysses = [0, 0]
        self.empties = list(range(SQUARES))
        """The empty squares, in order (kept up to date by ``_put`` and ``move``)."""
        self.poisoned = [0] * SQUARES
        """Per square, how many Pestiférés (any side) lie next to it: poison is computed only where this is not 0."""
        self._kinds: dict[int, list] = {}
        """``_kinds(source)`` per hand or Réserve (by identity), kept while a placement leaves them unchanged."""

    # -- whose turn ------------------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == PLACE:
            return self.first_player ^ (self.placements & 1)
        if phase == SUDDEN_DEATH:
            return self.first_player ^ self.game.sd_other_first ^ (self.sd_placed & 1)
        return CHANCE if phase == COUNT else TERMINAL

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        first = self.first_player
        scores = [self.counts[0] + HEAD_START * (first == 0), self.counts[1] + HEAD_START * (first == 1)]
        if self.last_word is not None:
            scores[self.last_word] += 1
        return scores

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        s0, s1 = self.scores()
        return [0] if s0 > s1 else [1] if s1 > s0 else [0, 1]

    # -- actions -----------------------------------------------------------------------------------------------
    def source(self, player: int) -> list:
        """Where the player's next card comes from: the hand, or the Réserve in the Mort Subite."""
        return self.reserves[player] if self.phase == SUDDEN_DEATH else self.hands[player]

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.phase == COUNT:
            return [dict(COUNT_ACTION)]
        to_move = self.current_player()
        if to_move < 0 or (player is not None and player != to_move):
            return []
        empties = [SQUARE_NAMES[i] for i in self.empties]
        actions = []
        for order, ranks, needs_ranks in _kinds(self.source(to_move)):
            for rotation in range(4):
                for square in empties:
                    action = {"type": "place", "player": to_move, "order": ORDERS[order], "rotation": rotation,
                              "square": square}
                    if needs_ranks:
                        action["ranks"] = list(ranks)
                    actions.append(action)
        return actions

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(dict(COUNT_ACTION), 1.0)] if self.phase == COUNT else []

    def apply(self, action: Action) -> list[Event]:
        if not isinstance(action, dict):
            raise ValueError(f"action: expected a mapping with a type, got {type(action).__name__}")
        kind = action.get("type")
        if kind == "count":
            if self.phase != COUNT:
                return [rejection("not_counting", "The count comes once all cards of the turn are placed.", R.COUNT_CARDS)]
            return self._count()
        if kind == "reserve":
            return self._reserve_action(action)
        if kind != "place":
            raise ValueError(f"type: expected 'place', 'count' or 'reserve', got {kind!r}")
        return self._place_action(action)

    def _reserve_action(self, action: Action) -> list[Event]:
        """``{"type": "reserve", "player": p, "orders": [Order, Order]}``: the side sets its Réserve aside before the
        duel, one card per Order of its own, never the same Order twice (the set-up deals one of each; this move
        states another one, and is never among the legal actions of a duel under way)."""
        player = action.get("player")
        if not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1):
            raise ValueError(f"player: expected 0 or 1, got {player!r}")
        named = action.get("orders")
        if not isinstance(named, list) or not named:
            raise ValueError(f"orders: expected a list of Orders, got {named!r}")
        chosen = [order_index(order) for order in named]
        if self.placements or self.phase != PLACE:
            return [rejection("wrong_phase", "The Réserve is set aside before the duel.", R.RESERVE_SET_ASIDE)]
        foreign = [ORDERS[o] for o in chosen if o not in self.orders[player]]
        if foreign:
            return [rejection("not_in_hand", f"Player {player}'s Orders do not include {foreign[0]}.", R.TWO_ORDERS,
                              order=foreign[0])]
        if len(chosen) != RESERVE_SIZE or len(set(chosen)) != len(chosen):
            return [rejection("reserve_one_per_order", f"A Réserve is {RESERVE_SIZE} cards, one per Order, never the "
                              f"same Order twice; got {', '.join(ORDERS[o] for o in chosen)}.", R.RESERVE_SET_ASIDE,
                              orders=[ORDERS[o] for o in chosen])]
        self.reserves[player] = [(o, self.game.rank_decks[o]) for o in chosen]
        self._kinds.pop(id(self.reserves[player]), None)
        return [Event("reserve_set", _RESERVE_SET, R.RESERVE_SET_ASIDE,
                      {"player": player, "cards": " and ".join(ORDERS[o] for o in chosen),
                       "orders": [ORDERS[o] for o in chosen]})]

    def random_step(self, rng: random.Random) -> tuple[Action, list[Event]]:
        """``apply(random_action(rng))`` without listing every action: the same draw, the same events."""
        phase = self.phase
        if phase == COUNT:
            rng.random()  # the one draw sample_outcome makes for a single outcome: seeded games stay the same
            return {"type": "count"}, self._count()
        player, source, kind, rotation, square = self._draw_placement(rng)
        order, ranks, needs_ranks = kind
        action = {"type": "place", "player": player, "order": ORDERS[order], "rotation": rotation,
                  "square": SQUARE_NAMES[square]}
        if needs_ranks:
            action["ranks"] = list(ranks)
        return action, self._place(player, source, source.index((order, ranks)), rotation, square)

    def random_playout(self, rng: random.Random, limit: int) -> int:
        """The ``random_step`` loop's game (the same draws, the same positions) without action dicts or events."""
        played = 0
        draw, place = self._draw_placement, self._place
        while played < limit:
            phase = self.phase
            if phase == OVER:
                break
            if phase == COUNT:
                rng.random()
                self._count(record=False)
            else:
                player, source, (order, ranks, _), rotation, square = draw(rng)
                place(player, source, source.index((order, ranks)), rotation, square, False)
            played += 1
        return played

    def _draw_placement(self, rng: random.Random) -> tuple[int, list, tuple, int, int]:
        """``(player, source, kind, rotation, square)`` of the placement ``rng.choice(legal_actions())`` picks,
        drawn as it draws (one ``_randbelow`` over the listed actions) without listing them."""
        phase = self.phase
        if phase == OVER:
            raise ValueError("phase: the duel is over, there is no action to sample")
        if phase == PLACE:
            player = self.first_player ^ (self.placements & 1)
            source = self.hands[player]
        else:
            player = self.current_player()
            source = self.reserves[player]
        kinds = self._kinds.get(id(source))
        if kinds is None:
            kinds = self._kinds[id(source)] = _kinds(source)
            if not kinds:  # _randbelow(0) would never return
                where = "Réserve" if phase == SUDDEN_DEATH else "hand"
                raise ValueError(f"{where}: player {player} has no card left to place, got an empty {where}")
        empties = self.empties
        n = len(empties)
        index = rng._randbelow(len(kinds) * 4 * n)  # exactly what rng.choice(listed_actions) draws
        index, e = index // n, index % n
        return player, source, kinds[index >> 2], index & 3, empties[e]

    def _place_action(self, action: Action) -> list[Event]:
        player = action.get("player")
        if not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1):
            raise ValueError(f"player: expected 0 or 1, got {player!r}")
        square = square_index(action.get("square"))
        order = order_index(action.get("order"))
        rotation = action.get("rotation", 0)
        if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation <= 3:
            raise ValueError(f"rotation: expected quarter turns 0, 1, 2 or 3, got {rotation!r}")
        wanted = parse_ranks(action["ranks"], "ranks") if action.get("ranks") is not None else None
        if self.phase == OVER:
            return [rejection("game_over", "The duel is over.", R.NO_DRAW)]
        if self.phase == COUNT:
            return [rejection("count_first", "Every card of the turn is placed: the count comes first.", R.COUNT_CARDS)]
        expected = self.current_player()
        if player != expected:
            citation = R.SUDDEN_DEATH if self.phase == SUDDEN_DEATH else R.EIGHT_CARDS_TWENTY_SQUARES
            return [rejection("wrong_turn", _WRONG_TURN.format(expected=expected, player=player), citation,
                              player=player, expected=expected)]
        if self.board[square] is not None:
            citation = R.SUDDEN_DEATH if self.phase == SUDDEN_DEATH else R.EIGHT_CARDS_TWENTY_SQUARES
            return [rejection("square_taken", f"Square {SQUARE_NAMES[square]} already holds a card; a card goes on an empty square.", citation,
                              square=SQUARE_NAMES[square])]
        source = self.source(player)
        matches = [i for i, (o, ranks) in enumerate(source) if o == order and (wanted is None or ranks == wanted)]
        if not matches:
            if self.phase == SUDDEN_DEATH:
                return [rejection("not_in_reserve", f"Player {player}'s Réserve holds no {ORDERS[order]}.",
                                  R.RESERVE_SET_ASIDE, order=ORDERS[order])]
            return [rejection("not_in_hand", f"Player {player}'s hand holds no {ORDERS[order]}.", R.TWO_ORDERS,
                              order=ORDERS[order])]
        if wanted is None and len({source[i][1] for i in matches}) > 1:
            raise ValueError(f"ranks: player {player} holds {ORDERS[order]} cards with different ranks; say which")
        return self._place(player, source, matches[0], rotation, square)

    def _place(self, player: int, source: list, index: int, rotation: int, square: int,
               record: bool = True) -> list[Event] | None:
        """Lay ``source[index]`` on ``square`` and resolve it; its events, or ``None`` without ``record``."""
        order, base = source.pop(index)
        if index >= len(source) or source[index] != (order, base):
            # ``index`` was the kind's first card; unless the next card is of the same kind, the kinds or their
            # first-seen order (which numbers the actions) may change. A kind that is gone, among kinds that need
            # no ranks named, just leaves the list: the others keep their order.
            kinds = self._kinds.get(id(source))
            if kinds is not None and (order, base, False) in kinds and (order, base) not in source:
                kinds.remove((order, base, False))
            else:
                self._kinds.pop(id(source), None)
        ranks = list(base[-rotation:] + base[:-rotation]) if rotation else list(base)  # rotated(), inlined
        reserve = self.phase == SUDDEN_DEATH
        card = Card(player, order, ranks, square, self.placements, player, reserve)
        self._put(card)
        if not record:
            resolve_placement(self, card, None)
            self._placed(reserve)
            return None
        data = {"player": player, "order": ORDERS[order], "square": SQUARE_NAMES[square], "rotation": rotation,
                "top": ranks[0], "right": ranks[1], "bottom": ranks[2], "left": ranks[3]}
        if reserve:
            data["round"] = self.sd_round
            events = [Event("card_placed", _RESERVE_PLACED, R.RESERVE_SET_ASIDE, data)]
        else:
            citation = R.QUARTER_TURN if rotation else R.EIGHT_CARDS_TWENTY_SQUARES
            if self.placements == MAIN_PLACEMENTS - 1:
                citation = R.HEAD_START  # the 16th card: never the opener's
            unsaid = self.unsaid_order == (player, order)
            if unsaid:
                data["order_unsaid"] = True
                self.unsaid_order = None
            events = [Event("card_placed", _PLACED_UNSAID if unsaid else _PLACED, citation, data)]
        if order == SCRIBES:
            events.append(Event("ranks_hidden", _HIDDEN, R.SCRIBES, {
                "square": SQUARE_NAMES[square], "visible_from": self.placements + self.game.scribes_delay,
            }, (A.SCRIBES_REVEAL,)))
        resolve_placement(self, card, events)
        self._placed(reserve)
        return events

    def _placed(self, reserve: bool) -> None:
        self.placements += 1
        if reserve:
            self.sd_placed += 1
            if self.sd_placed == 2:
                self.phase = COUNT
        elif self.placements >= MAIN_PLACEMENTS:
            self.phase = COUNT

    def _count(self, record: bool = True) -> list[Event] | None:
        """The decompte: the duel ends, or a Mort Subite round starts; its events, or ``None`` without ``record``."""
        s0, s1 = self.scores()
        counted_round = self.sd_round
        tied = s0 == s1
        over = self._settle(tied)
        if not record:
            return None
        data = {"count_0": self.counts[0], "count_1": self.counts[1], "opener": self.first_player,
                "score_0": s0, "score_1": s1, "round": counted_round}
        events = [Event("duel_counted", _COUNTED, R.HEAD_START, data)]
        if not over:
            events.append(Event("sudden_death", _SUDDEN, R.SUDDEN_DEATH,
                                {"score_0": s0, "score_1": s1, "round": self.sd_round},
                                (A.SUDDEN_DEATH_FIRST, A.SUDDEN_DEATH_ROUNDS) if self.sd_round > 1 else (A.SUDDEN_DEATH_FIRST,)))
            return events
        if tied:
            events.append(Event("last_word", _LAST_WORD, R.LAST_WORD, {"player": self.last_word}))
            s0, s1 = self.scores()
        winner = 0 if s0 > s1 else 1
        events.append(Event("duel_won", _WON, R.NO_DRAW if self.last_word is not None else R.COUNT_CARDS,
                            {"winner": winner, "score_0": s0, "score_1": s1}))
        return events

    def _settle(self, tied: bool) -> bool:
        """After a count: start a Mort Subite round (``False``), or end the duel (``True``), the Dernier Mot
        breaking a tie that two rounds left."""
        more_rounds = self.sd_round < SUDDEN_DEATH_ROUNDS
        if (tied and more_rounds) or (not tied and self.sd_round and more_rounds and not self.game.sd_stop_when_untied):
            self.sd_round += 1
            self.sd_placed = 0
            self.phase = SUDDEN_DEATH
            return False
        if tied:
            self.last_word = 1 - self.first_player
        self.phase = OVER
        return True

    # -- board bookkeeping (used by combat) ---------------------------------------------------------------------
    def _put(self, card: Card) -> None:
        self.board[card.square] = card
        self.empties.remove(card.square)
        self.counts[card.owner] += 1
        if card.order == ABYSSES:
            self.abysses[card.owner] += 1
        elif card.order == PESTIFERES:
            for sq in ADJACENT[card.square]:
                self.poisoned[sq] += 1

    def change_owner(self, card: Card, owner: int) -> None:
        self.counts[card.owner] -= 1
        self.counts[owner] += 1
        if card.order == ABYSSES:
            self.abysses[card.owner] -= 1
            self.abysses[owner] += 1
        card.owner = owner

    def move(self, card: Card, square: int) -> None:
        if card.order == PESTIFERES:
            for sq in ADJACENT[card.square]:
                self.poisoned[sq] -= 1
            for sq in ADJACENT[square]:
                self.poisoned[sq] += 1
        self.board[card.square] = None
        self.board[square] = card
        self.empties.remove(square)
        insort(self.empties, card.square)
        card.square = square

    def abyss_bonus(self, card: Card) -> int:
        """+1 per other Abysse in play (every side's, or only the card's own under ``emprise.abysses_scope``)."""
        if self.game.abysses_all:
            return self.abysses[0] + self.abysses[1] - 1
        return self.abysses[card.owner] - 1

    def poison(self, card: Card) -> int:
        """How much the Pestiférés next to ``card`` take off each of its ranks."""
        if not self.poisoned[card.square]:
            return 0
        board = self.board
        game = self.game
        count = 0
        for sq in ADJACENT[card.square]:
            other = board[sq]
            if other is not None and other.order == PESTIFERES and (game.pest_own or other.owner != card.owner):
                count += 1
        return count if game.pest_stack else min(count, 1)

    def modifiers(self, card: Card, *, defending: bool) -> list[tuple]:
        """``(source Order, delta, citation, assumptions)`` for each modifier of ``card``'s ranks now."""
        found = []
        if card.bonus:
            found.append(("Maudits", card.bonus, R.MAUDITS, ()))
        if card.order == ABYSSES:
            bonus = self.abyss_bonus(card)
            if bonus:
                found.append(("Abysses", bonus, R.ABYSSES, (A.ABYSSES_SCOPE,)))
        if self.poisoned[card.square]:
            poison = self.poison(card)
            if poison:
                found.append(("Pestiférés", -poison, R.PESTIFERES, (A.PESTIFERES_STACK, A.PESTIFERES_OWN)))
        if defending and card.order == GARDIENS:
            found.append(("Gardiens", 1, R.GARDIENS, ()))
        return found

    # -- JSON, views, invariants ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        from engine.emprise.position import state_to_dict

        return state_to_dict(self)

    def observation(self, player: int) -> dict[str, Any]:
        from engine.emprise.position import observation

        return observation(self, player)

    def invariant_violations(self) -> list[str]:
        from engine.emprise.position import invariant_violations

        return invariant_violations(self)


def _kinds(source: list) -> list[tuple[int, tuple, bool]]:
    """The distinct cards of a hand or Réserve, in order: ``(order, base ranks, whether ranks must be named)``."""
    seen = list(dict.fromkeys(source))
    if len(seen) == len({order for order, _ in seen}):
        return [(order, ranks, False) for order, ranks in seen]
    orders = [order for order, _ in seen]
    return [(order, ranks, orders.count(order) > 1) for order, ranks in seen]
