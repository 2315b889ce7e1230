"""One position of For a Crown and the round: recruitment, the shuffled reveal, the end of the round.

Phases: ``recruit`` (families in influence order, twice in round 1),
``reveal`` (a chance node draws the next card of the common pile; its effects
run through the task stack of :mod:`.effects`, which may await a decision or a
die roll) and ``over``. The end of a round and the final count happen on their
own when the pile is empty. The JSON form is in :mod:`.position`.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, MessageTemplate, rejection
from engine.core.game import CHANCE, TERMINAL, Action, State
from engine.for_a_crown import chest, effects, position, rules
from engine.for_a_crown.assumptions import (
    COST_COLUMNS, EVENT_DECK, FINAL_ADJUSTMENTS, RUBY_PAYMENT, UNAFFORDABLE_RECRUIT,
)
from engine.for_a_crown.data import (
    EFFECT_CODES, EFFECTS, EVENT_TYPES, LEVEL_ONE_PILE_NAMES, MERCENARIES, MERCENARY_CODES, REVEALED_PER_DECK,
    mercenary_code,
)
from engine.core.decisions import DecisionStack
from engine.for_a_crown.effects import BRIBE_OFFER, CHOOSE, MAGES_OFFER, MOVE, ROLL, TARGET, task, unpack
from engine.for_a_crown.galerie import DIRECTIONS, EMPTY, LEFT, RIGHT, influence_order

RECRUIT, REVEAL, OVER = range(3)
PHASE_NAMES = ("recruit", "reveal", "over")
ROUNDS = 4
COLUMNS = 5
SLEEVES = 5
OWNER_BITS = 3
NO_OWNER = 7
EVENT_BASE = len(MERCENARIES)
"""Pile codes: ``card << 3 | owner`` for a sleeved mercenary, ``(EVENT_BASE + type) << 3 | 7`` for an event."""

_RECRUITED = MessageTemplate(
    "Family {player} recruits {card} (level {level}, cost {cost}) for {coins} Pièce(s) and {rubies} Rubis; its chest "
    "keeps {coins_left} Pièce(s) and {rubies_left} Rubis."
)
_RECRUITED_BLIND = MessageTemplate(
    "Family {player} recruits the top card of the level {level} deck (cost {cost}), looked at secretly and put face "
    "down, for {coins} Pièce(s) and {rubies} Rubis; its chest keeps {coins_left} Pièce(s) and {rubies_left} Rubis."
)
_SKIPPED = MessageTemplate("Family {player} can pay for no mercenary and recruits nothing.")
_REVEALED = MessageTemplate("Revealed: {card} of family {player}.")
_EVENT_REVEALED = MessageTemplate("Revealed: the event {event}.")
_ROUND_OVER = MessageTemplate("Round {round} is over.")
_FINAL_RUBY = MessageTemplate("Family {player}, the most influential, gains 1 Rubis before the count.")
_COUNT = MessageTemplate("Family {player} counts {total} Rubis ({rubies} in the chest{object}).")
_WINNER = MessageTemplate("Family {player} is crowned with {total} Rubis.")
_WINNER_TIE = MessageTemplate("Families {tied} tie with {total} Rubis; family {player}, the most influential, wins.")


class ForACrownState(State):
    """A mutable position: per-family lists of ints, the Galerie's squares, the Place Royale, the pile.

    Attributes:
        rubies, coins, raccoons, object_kept, out, sleeves: per family.
        ruby_in, ruby_out, coin_in, coin_out, start_rubies, start_coins: the ledger behind each chest.
        squares: the Galerie, left to right, a seat or -1.
        level_one: three face-up piles (top last); decks, display: levels 2-5 (index level - 2).
        gutter: recruitment cost tiles, left to right (column c is level c + 1).
        pile: the common pile, sorted pile codes; played: cards revealed this round.
        event_draw: the event draw pile (top last).
        decisions: the core's decision stack: decisions, die rolls and the effects queued around them (:mod:`.effects`).
        queue: families still to recruit in this pass, next first.
    """

    def __init__(self, game):
        self.game = game
        n = self.n = game.num_players
        self.rubies = [10] * n
        self.coins = [0] * n
        self.raccoons = [0] * n
        self.object_kept = [True] * n
        self.out = [False] * n
        self.sleeves = [0] * n
        self.start_rubies = [10] * n
        self.start_coins = [0] * n
        self.ruby_in = [0] * n
        self.ruby_out = [0] * n
        self.coin_in = [0] * n
        self.coin_out = [0] * n
        self.squares: list[int] = []
        self.level_one: list[list[int]] = [[], [], []]
        self.decks: list[list[int]] = [[], [], [], []]
        self.display: list[list[int]] = [[], [], [], []]
        self.set_aside: list[int] = []
        self.gutter = [1, 3, 5]
        self.pile: list[int] = []
        self.played: list[int] = []
        self.event_draw: list[int] = []
        self.events_in_play = 0
        self.decisions = DecisionStack()
        self.queue: list[int] = []
        self.round = 1
        self.recruit_pass = 0
        self.phase = RECRUIT
        self.knocked_out_round = 0
        self.final: list[int] | None = None
        self.winner: int | None = None
        self.full_setup = False
        """True for a game dealt by the setup: the pile-size invariants then hold exactly."""

    # -- names ------------------------------------------------------------------------------------
    @staticmethod
    def card_name(card: int) -> str:
        return MERCENARIES[card].name

    def code_dict(self, code: int) -> dict[str, Any]:
        card = code >> OWNER_BITS
        if card >= EVENT_BASE:
            return {"event": EVENT_TYPES[card - EVENT_BASE]}
        return {"card": MERCENARIES[card].name, "owner": code & NO_OWNER}

    # -- whose turn -------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        top = self.decisions.top
        if top is not None:
            return top.player
        if self.phase == REVEAL:
            return CHANCE
        return self.queue[0]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def targets(self, seat: int) -> list[int]:
        return [other for other in range(self.n) if other != seat and not self.out[other]]

    def moves(self) -> list[tuple[int, int, int]]:
        """Every possible Influence move, most influential portrait first: (portrait, direction, square reached)."""
        squares = self.squares
        size = len(squares)
        free_left = [-1] * size  # nearest free square strictly left of each square
        nearest = -1
        for square in range(size):
            free_left[square] = nearest
            if squares[square] == EMPTY:
                nearest = square
        found = []
        nearest = -1  # nearest free square strictly right, walking leftwards
        swap = self.game.swap_when_blocked
        for square in range(size - 1, -1, -1):
            seat = squares[square]
            if seat == EMPTY:
                nearest = square
                continue
            left = free_left[square]
            if left < 0 and swap and square > 0:
                left = square - 1
            if left >= 0:
                found.append((seat, LEFT, left))
            right = nearest
            if right < 0 and swap and square < size - 1:
                right = square + 1
            if right >= 0:
                found.append((seat, RIGHT, right))
        return found

    def column_cost(self, level: int) -> int | None:
        """The cost tile under a level's column, or ``None`` when the column has none (``for-a-crown.cost_columns``)."""
        return self.gutter[level - 1] if level <= len(self.gutter) else None

    # -- legal actions: options as tuples, shared by legal_actions, apply and random_step ----------
    def legal_actions(self, player: int | None = None) -> list[Action]:
        current = self.current_player()
        if current < 0 or (player is not None and player != current):
            return []
        if self.decisions:
            kind = unpack(self.decisions.top)[0]
            return [_option_action(kind, current, option, self.game.any_mix) for option in self.decision_options()]
        return [self._recruit_action(current, option) for option in self.recruit_options(current)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        if self.decisions:
            return [(dict(action), weight) for action, weight in zip(self.game.roll_actions, self.game.roll_weights)]
        total = len(self.pile)
        counts: dict[int, int] = {}
        for code in self.pile:
            counts[code] = counts.get(code, 0) + 1
        return [({"type": "reveal", **self.code_dict(code)}, count / total) for code, count in counts.items()]

    def decision_options(self) -> list:
        """The options of the decision on top of the stack, as tuples (see :func:`_option_action`)."""
        kind, seat, arg = unpack(self.decisions.top)
        if kind == CHOOSE:
            first, second = MERCENARIES[arg].effects
            return [first, second] if first != second else [first]
        if kind == TARGET:
            return self.targets(seat)
        if kind == MOVE:
            return self.moves()
        if kind == BRIBE_OFFER:
            options = [(0, 0, 0)]
            for count in range(1, self.raccoons[seat] + 1):
                options += [(count, coins, rubies) for coins, rubies in chest.payment_splits(self, seat, count)]
            return options
        return [(False, 0, 0)] + [(True, coins, rubies) for coins, rubies in chest.payment_splits(self, seat, 1)]

    def recruit_options(self, seat: int) -> list[tuple[int, bool, int, int, int]]:
        """(card or level, blind, cost, coins, rubies) for every recruitment this family can pay, by column."""
        options = []
        gutter = self.gutter
        for level in range(1, min(COLUMNS, len(gutter)) + 1):
            cost = gutter[level - 1]
            splits = chest.payment_splits(self, seat, cost)
            if not splits:
                continue
            if level == 1:
                choices = [(pile[-1], False) for pile in self.level_one if pile]
            else:
                choices = [(card, False) for card in self.display[level - 2]]
                if self.decks[level - 2]:
                    choices.append((level, True))
            for target, blind in choices:
                for coins, rubies in splits:
                    options.append((target, blind, cost, coins, rubies))
        return options

    def can_recruit(self, seat: int) -> bool:
        chest_total = self.coins[seat] + self.rubies[seat]
        for level in range(1, min(COLUMNS, len(self.gutter)) + 1):
            if self.gutter[level - 1] <= chest_total and (
                    any(self.level_one) if level == 1 else self.display[level - 2] or self.decks[level - 2]):
                return True
        return False

    def _recruit_action(self, seat: int, option: tuple) -> Action:
        target, blind, _, _, rubies = option
        action: Action = {"type": "recruit", "player": seat}
        if blind:
            action["level"] = target
        else:
            action["card"] = _recruit_name(target)
        if self.game.any_mix:
            action["rubies"] = rubies
        return action

    # -- apply ------------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        if not isinstance(action, dict):
            raise ValueError(f"action: expected a JSON object with a 'type', got {type(action).__name__}")
        kind = action.get("type")
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise ValueError(f"action.type: expected one of {sorted(_HANDLERS)}, got {kind!r}")
        if self.phase == OVER:
            return [rejection("game_over", "The game is over.", rules.GAME_END)]
        current = self.current_player()
        expected = _EXPECTED_TYPE.get(self._awaited_kind())
        if kind != expected:
            return [rejection("not_now", f"Expected a {expected!r} action now, got {kind!r}.",
                              _AWAITED_RULE[self._awaited_kind()], expected=expected)]
        if current >= 0:
            claimed = action.get("player", current)
            if claimed != current:
                return [rejection("not_your_turn", f"It is family {current}'s decision, not family {claimed}'s.",
                                  _AWAITED_RULE[self._awaited_kind()], player=claimed, current_player=current)]
        return handler(self, current, action)

    def _awaited_kind(self) -> str:
        if self.decisions:
            return self.decisions.top.kind
        return "reveal" if self.phase == REVEAL else "recruit"

    def _recruit(self, seat: int, action: Action) -> list[Event]:
        options = [(self._recruit_action(seat, option), option) for option in self.recruit_options(seat)]
        if "card" in action:
            name = action["card"]
            if not isinstance(name, str):
                raise ValueError(f"card: expected a mercenary name, got {name!r}")
            if name in LEVEL_ONE_PILE_NAMES:
                level, wanted = 1, name
            else:
                card = mercenary_code(name)
                level, wanted = MERCENARIES[card].level, _recruit_name(card)
            match = [opt for act, opt in options if act.get("card") == wanted]
        elif "level" in action:
            level = action["level"]
            if level not in (2, 3, 4, 5):
                raise ValueError(f"level: expected a face-down deck level 2 to 5, got {level!r}")
            match = [opt for act, opt in options if act.get("level") == level]
        else:
            raise ValueError("action: a recruit names a 'card' (face up) or a 'level' (top of that deck)")
        if not match:
            return [self._recruit_refusal(seat, level, action)]
        if "rubies" in action:
            match = [opt for opt in match if opt[4] == action["rubies"]]
            if not match:
                return [rejection("payment_not_allowed", "Rubies may only replace missing Pièces.",
                                  rules.RUBY_FOR_COIN, rubies=action["rubies"])]
        target, blind, cost, coins, rubies = match[0]
        events: list[Event] = []
        self._do_recruit(seat, target, blind, cost, coins, rubies, events)
        return events

    def _recruit_refusal(self, seat: int, level: int, action: Action) -> Event:
        cost = self.column_cost(level)
        if cost is None:
            return rejection("column_without_cost", f"The level {level} column has no recruitment cost tile.",
                             rules.COLUMN_WITH_COST, level=level)
        if self.coins[seat] + self.rubies[seat] < cost:
            return rejection("cannot_pay", f"The card costs {cost}; the chest holds {self.coins[seat]} Pièce(s) and "
                             f"{self.rubies[seat]} Rubis.", rules.PAY_COINS, cost=cost)
        if "level" in action:
            return rejection("deck_empty", f"The level {level} deck is empty.", rules.EMPTY_DECK_GAP, level=level)
        return rejection("card_not_available", f"{action['card']} is not face up in the Place Royale.",
                         rules.FACE_UP_OR_BLIND, card=action["card"])

    def _do_recruit(self, seat, target, blind, cost, coins, rubies, events) -> None:
        if blind:
            card = self.decks[target - 2].pop()
        elif MERCENARIES[target].level == 1:
            card = next(pile for pile in self.level_one if pile and pile[-1] == target).pop()
        else:
            card = target
            self.display[MERCENARIES[target].level - 2].remove(target)
        chest.pay(self, seat, coins, rubies)
        self.sleeves[seat] += 1
        _insort(self.pile, card << OWNER_BITS | seat)
        level = MERCENARIES[card].level
        data = {"player": seat, "card": MERCENARIES[card].name, "level": level, "coins": coins, "rubies": rubies,
                "cost": cost, "blind": blind, "coins_left": self.coins[seat], "rubies_left": self.rubies[seat]}
        assumptions = (COST_COLUMNS.id, RUBY_PAYMENT.id) if rubies else (COST_COLUMNS.id,)
        events.append(Event("recruited", _RECRUITED_BLIND if blind else _RECRUITED,
                            rules.FACE_UP_OR_BLIND if blind else rules.RECRUIT_ORDER, data, assumptions))
        if rubies:
            events.append(Event("paid_with_rubies", "A Rubis replaces each missing Pièce.", rules.MIXED_PAYMENT,
                                {"player": seat, "rubies": rubies}, (RUBY_PAYMENT.id,)))
        self.queue.pop(0)
        self._next_recruiter(events)

    def _next_recruiter(self, events: list[Event]) -> None:
        """Skip families that cannot recruit; after the last, refill the Place Royale and go on."""
        while self.queue:
            seat = self.queue[0]
            if self.can_recruit(seat):
                return
            events.append(Event("recruit_skipped", _SKIPPED, rules.PAY_COINS, {"player": seat},
                                (UNAFFORDABLE_RECRUIT.id,)))
            self.queue.pop(0)
        self._refill(events)
        if self.round == 1 and self.recruit_pass == 0:
            self.recruit_pass = 1
            self.start_recruitment(events, rules.FIRST_ROUND_TWICE)
            return
        self.phase = REVEAL
        events.append(Event("reveal_starts", f"The common pile ({len(self.pile)} cards) is shuffled and revealed one "
                            "card at a time.", rules.SHUFFLE_AND_REVEAL, {"cards": len(self.pile)}))

    def start_recruitment(self, events: list[Event], rule=rules.RECRUIT_ORDER) -> None:
        self.phase = RECRUIT
        self.queue = influence_order(self.squares)
        events.append(Event("influence_order", f"Influence order, the rightmost portrait first: {self.queue}.",
                            rules.RIGHT_IS_INFLUENTIAL, {"order": list(self.queue)}))
        events.append(Event("recruitment_starts", f"Recruitment in influence order: {self.queue}.", rule,
                            {"order": list(self.queue), "round": self.round, "pass": self.recruit_pass + 1}))
        self._next_recruiter(events)

    def _refill(self, events: list[Event]) -> None:
        gaps = []
        for index in range(4):
            display, deck = self.display[index], self.decks[index]
            while len(display) < REVEALED_PER_DECK and deck:
                display.append(deck.pop())
            if len(display) < REVEALED_PER_DECK:
                gaps.append(index + 2)
        events.append(Event("royal_square_refilled", "The Place Royale is completed from the decks.",
                            rules.REFILL_ROYAL_SQUARE, {"gaps": gaps}))
        if gaps:
            events.append(Event("royal_square_gap", f"Empty decks at levels {gaps}: the spaces stay free.",
                                rules.FAQ_EMPTY_DECK, {"levels": gaps}))

    # -- reveal -----------------------------------------------------------------------------------
    def _reveal(self, _seat: int, action: Action) -> list[Event]:
        if "event" in action:
            from engine.for_a_crown.data import event_code

            code = (EVENT_BASE + event_code(action["event"])) << OWNER_BITS | NO_OWNER
        else:
            card, owner = mercenary_code(action.get("card")), action.get("owner")
            if not isinstance(owner, int) or not 0 <= owner < self.n:
                raise ValueError(f"owner: expected a family 0 to {self.n - 1}, got {owner!r}")
            code = card << OWNER_BITS | owner
        if code not in self.pile:
            return [rejection("not_in_pile", f"{action} is not in the common pile.", rules.SHUFFLE_AND_REVEAL)]
        events: list[Event] = []
        self._do_reveal(code, events)
        return events

    def _do_reveal(self, code: int, events: list[Event]) -> None:
        self.pile.remove(code)
        self.played.append(code)
        card = code >> OWNER_BITS
        if card >= EVENT_BASE:
            events.append(Event("revealed", _EVENT_REVEALED, rules.EVENT_APPLIES,
                                {"event": EVENT_TYPES[card - EVENT_BASE]}, (EVENT_DECK.id,)))
            effects.apply_event(self, card - EVENT_BASE, events)
        else:
            owner, mercenary = code & NO_OWNER, MERCENARIES[card]
            if self.out[owner]:
                events.append(effects.ignored_card(owner, mercenary.name))
            else:
                events.append(Event("revealed", _REVEALED, rules.MERCENARY_OWNER,
                                    {"card": mercenary.name, "player": owner, "level": mercenary.level}))
                if mercenary.level == 1:
                    self.decisions.push(task(CHOOSE, owner, card))
                else:
                    self.decisions.push_in_order([task(effects.EFFECT, owner, e) for e in mercenary.effects])
        self._settle(events)

    def _settle(self, events: list[Event]) -> None:
        """Run automatic tasks; with nothing pending and an empty pile, end the round."""
        effects.advance(self, events)
        if not self.decisions and self.phase == REVEAL and not self.pile:
            self._end_round(events)

    # -- decisions --------------------------------------------------------------------------------
    def _choose(self, seat: int, action: Action) -> list[Event]:
        card = unpack(self.decisions.top)[2]
        effect = action.get("effect")
        if effect not in EFFECT_CODES or EFFECT_CODES[effect] not in MERCENARIES[card].effects:
            return [rejection("not_on_card", f"{MERCENARIES[card].name} offers "
                              f"{[EFFECTS[e] for e in MERCENARIES[card].effects]}, not {effect!r}.",
                              rules.LEVEL_ONE_TWO_EFFECTS, effect=effect)]
        events: list[Event] = []
        effects.choose_effect(self, seat, card, EFFECT_CODES[effect], events)
        self._settle(events)
        return events

    def _target(self, seat: int, action: Action) -> list[Event]:
        victim = action.get("family")
        if victim not in self.targets(seat):
            return [rejection("not_another_family", f"Choose another family still in the game, not {victim!r}.",
                              rules.EFFECT_RACCOON, family=victim)]
        events: list[Event] = []
        effects.target(self, seat, unpack(self.decisions.top)[2], victim, events)
        self._settle(events)
        return events

    def _influence(self, seat: int, action: Action) -> list[Event]:
        portrait, direction = action.get("portrait"), DIRECTIONS.get(action.get("direction"))
        if direction is None:
            raise ValueError(f"direction: expected 'left' or 'right', got {action.get('direction')!r}")
        found = [m for m in self.moves() if m[0] == portrait and m[1] == direction]
        if not found:
            return [rejection("no_free_square", f"Family {portrait!r}'s portrait cannot move {action['direction']}.",
                              rules.EFFECT_INFLUENCE, portrait=portrait)]
        events: list[Event] = []
        effects.influence(self, seat, portrait, direction, found[0][2], events)
        self._settle(events)
        return events

    def _roll(self, _seat: int, action: Action) -> list[Event]:
        face = action.get("face")
        if face not in EFFECT_CODES or EFFECT_CODES[face] not in self.game.die_faces:
            raise ValueError(f"face: expected one of {[EFFECTS[f] for f in self.game.die_faces]}, got {face!r}")
        events: list[Event] = []
        effects.roll(self, EFFECT_CODES[face], events)
        self._settle(events)
        return events

    def _payment(self, seat: int, cost: int, action: Action) -> tuple[int, int] | Event:
        splits = chest.payment_splits(self, seat, cost)
        if not splits:
            return rejection("cannot_pay", f"Paying {cost} needs more than the chest holds.", rules.PAY_COINS,
                             cost=cost)
        wanted = action.get("rubies")
        if wanted is None:
            return splits[0]
        for split in splits:
            if split[1] == wanted:
                return split
        return rejection("payment_not_allowed", "Rubies may only replace missing Pièces.", rules.RUBY_FOR_COIN,
                         rubies=wanted)

    def _bribe(self, seat: int, action: Action) -> list[Event]:
        count = action.get("raccoons", 0)
        if count == "all":
            count = self.raccoons[seat]
        if not isinstance(count, int) or not 0 <= count <= self.raccoons[seat]:
            return [rejection("too_many_raccoons", f"Family {seat} has {self.raccoons[seat]} Ratons Voleurs.",
                              rules.EVENT_BRIBE, raccoons=count)]
        split = self._payment(seat, count, action) if count else (0, 0)
        if isinstance(split, Event):
            return [split]
        events: list[Event] = []
        effects.bribe(self, seat, count, split[0], split[1], events)
        self._settle(events)
        return events

    def _mages(self, seat: int, action: Action) -> list[Event]:
        paid = action.get("pay")
        if not isinstance(paid, bool):
            raise ValueError(f"pay: expected true or false, got {paid!r}")
        split = self._payment(seat, 1, action) if paid else (0, 0)
        if isinstance(split, Event):
            return [split]
        events: list[Event] = []
        effects.mages(self, seat, paid, split[0], split[1], events)
        self._settle(events)
        return events

    # -- end of round, end of game ----------------------------------------------------------------
    def _end_round(self, events: list[Event]) -> None:
        events.append(Event("round_over", _ROUND_OVER, rules.THREE_PHASES, {"round": self.round}))
        if self.knocked_out_round or self.round == ROUNDS:
            self._final_count(events)
            return
        events.append(Event("end_of_round_steps", "End of the round: three steps.", rules.END_OF_ROUND_STEPS,
                            {"round": self.round}))
        self.pile = sorted(self.played)
        self.played = []
        events.append(Event("pile_reformed", f"The {len(self.pile)} played cards form the common pile again.",
                            rules.PILE_REFORMED, {"cards": len(self.pile)}))
        if self.event_draw:
            event = self.event_draw.pop()
            _insort(self.pile, (EVENT_BASE + event) << OWNER_BITS | NO_OWNER)
            self.events_in_play += 1
            events.append(Event("event_added", "A new event card joins the common pile, unseen.", rules.NEW_EVENT,
                                {"cards": len(self.pile)}, (EVENT_DECK.id,)))
        self.gutter = ([0] + self.gutter)[:COLUMNS]
        events.append(Event("cost_tile_inserted", f"A 0 cost tile is inserted: costs {self.gutter}.",
                            rules.ZERO_COST_TILE, {"gutter": list(self.gutter)}, (COST_COLUMNS.id,)))
        self.round += 1
        self.recruit_pass = 0
        self.start_recruitment(events)

    def _final_count(self, events: list[Event]) -> None:
        self.phase = OVER
        events.append(Event("game_over", f"The game ends after round {self.round}.", rules.GAME_END,
                            {"round": self.round, "knocked_out": bool(self.knocked_out_round)}))
        order = influence_order(self.squares)
        if order and self.game.final_extra_ruby:
            self.rubies[order[0]] += 1
            self.ruby_in[order[0]] += 1
            events.append(Event("final_adjustment", _FINAL_RUBY, rules.FAQ_EXTRA_RUBY, {"player": order[0]},
                                (FINAL_ADJUSTMENTS.id,)))
        self.final = [self.total(seat) for seat in range(self.n)]
        for seat in order:
            kept = self.object_kept[seat]
            events.append(Event("rubies_counted", _COUNT, rules.OBJECT_WORTH_TEN if kept else rules.MOST_RUBIES_WINS,
                                {"player": seat, "total": self.final[seat], "rubies": self.rubies[seat],
                                 "object_counted": kept,
                                 "object": " + 10 for the Objet précieux" if kept else "; a sold Objet précieux counts nothing"}))
        if not order:
            return
        best = max(self.final[seat] for seat in order)
        tied = [seat for seat in order if self.final[seat] == best]
        self.winner = tied[0]
        if len(tied) == 1:
            events.append(Event("winner", _WINNER, rules.MOST_RUBIES_WINS, {"player": tied[0], "total": best}))
        else:
            events.append(Event("winner", _WINNER_TIE, rules.TIE_TO_INFLUENCE,
                                {"player": tied[0], "total": best, "tied": tied}))

    def total(self, seat: int) -> int:
        return self.rubies[seat] + (chest.OBJECT_VALUE if self.object_kept[seat] else 0)

    # -- protocol ---------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self.total(seat)) for seat in range(self.n)]

    def winners(self) -> list[int]:
        return [self.winner] if self.phase == OVER and self.winner is not None else []

    def to_dict(self) -> dict[str, Any]:
        return position.position_dict(self)

    def observation(self, player: int) -> dict[str, Any]:
        return position.observation_dict(self, player)

    def invariant_violations(self) -> list[str]:
        return position.invariant_violations(self)

    # -- random playouts --------------------------------------------------------------------------
    def random_step(self, rng) -> tuple[Action, list[Event]]:
        """As ``apply(random_action(rng))``, without building the actions not drawn or re-checking the one drawn.

        The draws are those of ``random_action_by_listing``: ``rng.choice`` over
        options listed in the order of :meth:`legal_actions`, ``rng.choices`` over
        the die's outcomes; the pile is kept sorted, so ``pile[int(random() * len)]``
        is the card ``rng.choices`` draws over the distinct cards weighted by count.
        """
        events: list[Event] = []
        stack = self.decisions
        if not stack:
            if self.phase == REVEAL:
                code = self.pile[int(rng.random() * len(self.pile))]
                self._do_reveal(code, events)
                return {"type": "reveal", **self.code_dict(code)}, events
            seat = self.queue[0]
            option = rng.choice(self.recruit_options(seat))
            action = self._recruit_action(seat, option)
            self._do_recruit(seat, *option, events)
            return action, events
        kind, seat, arg = unpack(stack.top)
        if kind == ROLL:
            game = self.game
            face = rng.choices(game.roll_faces, weights=game.roll_weights)[0]
            effects.roll(self, face, events)
            action = {"type": "roll", "face": EFFECTS[face]}
        else:
            option = rng.choice(self.decision_options())
            action = _option_action(kind, seat, option, self.game.any_mix)
            if kind == CHOOSE:
                effects.choose_effect(self, seat, arg, option, events)
            elif kind == TARGET:
                effects.target(self, seat, arg, option, events)
            elif kind == MOVE:
                effects.influence(self, seat, option[0], option[1], option[2], events)
            elif kind == BRIBE_OFFER:
                effects.bribe(self, seat, option[0], option[1], option[2], events)
            else:
                effects.mages(self, seat, option[0], option[1], option[2], events)
        self._settle(events)
        return action, events


def _recruit_name(card: int) -> str:
    """Level-1 cards are named by their pile (the copies are the same card)."""
    mercenary = MERCENARIES[card]
    return mercenary.name.rsplit("-", 1)[0] if mercenary.level == 1 else mercenary.name


def _option_action(kind: int, seat: int, option, any_mix: bool) -> Action:
    """The action dict of a decision option from :meth:`ForACrownState.decision_options`."""
    if kind == CHOOSE:
        return {"type": "choose_effect", "player": seat, "effect": EFFECTS[option]}
    if kind == TARGET:
        return {"type": "target", "player": seat, "family": option}
    if kind == MOVE:
        return {"type": "influence", "player": seat, "portrait": option[0],
                "direction": "left" if option[1] < 0 else "right"}
    if kind == BRIBE_OFFER:
        action = {"type": "bribe", "player": seat, "raccoons": option[0]}
    else:
        action = {"type": "mages", "player": seat, "pay": option[0]}
    if any_mix and option[0]:
        action["rubies"] = option[2]
    return action


def _insort(pile: list[int], code: int) -> None:
    from bisect import insort

    insort(pile, code)


_HANDLERS = {
    "recruit": ForACrownState._recruit,
    "reveal": ForACrownState._reveal,
    "choose_effect": ForACrownState._choose,
    "target": ForACrownState._target,
    "influence": ForACrownState._influence,
    "roll": ForACrownState._roll,
    "bribe": ForACrownState._bribe,
    "mages": ForACrownState._mages,
}
_EXPECTED_TYPE = {
    "recruit": "recruit", "reveal": "reveal", "choose_effect": "choose_effect", "target": "target",
    "influence": "influence", "roll": "roll", "bribe": "bribe", "mages": "mages",
}
_AWAITED_RULE = {
    "recruit": rules.RECRUIT_ORDER, "reveal": rules.SHUFFLE_AND_REVEAL, "choose_effect": rules.LEVEL_ONE_CHOICE,
    "target": rules.EFFECT_RACCOON, "influence": rules.EFFECT_INFLUENCE, "roll": rules.DIE_FACE,
    "bribe": rules.EVENT_BRIBE, "mages": rules.EVENT_MAGES,
}
