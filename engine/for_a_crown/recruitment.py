"""Phase 1, the recruitment: options by column, payment, the card into the common pile, the Place Royale refilled.

A mixin of :class:`~engine.for_a_crown.state.ForACrownState`: the methods read
and change the state's fields.
"""

from __future__ import annotations

from bisect import insort

from engine.core.events import Event, MessageTemplate, rejection
from engine.core.game import Action
from engine.for_a_crown import chest, rules
from engine.for_a_crown.assumptions import COST_COLUMNS, RUBY_PAYMENT, UNAFFORDABLE_RECRUIT
from engine.for_a_crown.codes import COLUMNS, OWNER_BITS, RECRUIT, REVEAL, recruit_name
from engine.for_a_crown.data import LEVEL_ONE_PILE_NAMES, MERCENARIES, REVEALED_PER_DECK, card_name, mercenary_code
from engine.for_a_crown.galerie import influence_order

_RECRUITED = MessageTemplate(
    "Family {player} recruits {card} (level {level}, cost {cost}) for {coins} Pièce(s) and {rubies} Rubis; its chest "
    "keeps {coins_left} Pièce(s) and {rubies_left} Rubis."
)
_RECRUITED_BLIND = MessageTemplate(
    "Family {player} recruits the top card of the level {level} deck (cost {cost}), looked at secretly and put face "
    "down, for {coins} Pièce(s) and {rubies} Rubis; its chest keeps {coins_left} Pièce(s) and {rubies_left} Rubis."
)
_SKIPPED = MessageTemplate("Family {player} can pay for no mercenary and recruits nothing.")


class RecruitmentMixin:
    """Recruitment in influence order, twice in round 1 (``ForACrownState``'s methods)."""

    def recruit_options(self, seat: int) -> list[tuple[int, bool, int, int, int]]:
        """(card or level, blind, cost, coins, rubies) for every recruitment this family can pay, by column."""
        options = []
        gutter = self.gutter
        any_mix = self.game.any_mix
        coins, rubies = self.coins[seat], self.rubies[seat]
        for level in range(1, min(COLUMNS, len(gutter)) + 1):
            cost = gutter[level - 1]
            if coins + rubies < cost:
                continue
            if level == 1:
                choices = [(pile[-1], False) for pile in self.level_one if pile]
            else:
                choices = [(card, False) for card in self.display[level - 2]]
                if self.decks[level - 2]:
                    choices.append((level, True))
            if any_mix:
                splits = chest.payment_splits(self, seat, cost)
                for target, blind in choices:
                    for paid_coins, paid_rubies in splits:
                        options.append((target, blind, cost, paid_coins, paid_rubies))
            else:  # chest.payment_splits' single split, inlined: recruitment is the costliest step of a playout
                paid_coins = coins if coins < cost else cost
                for target, blind in choices:
                    options.append((target, blind, cost, paid_coins, cost - paid_coins))
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
            action["card"] = recruit_name(target)
        if self.game.any_mix:
            action["rubies"] = rubies
        return action

    def _recruit(self, seat: int, action: Action) -> list[Event]:
        options = [(self._recruit_action(seat, option), option) for option in self.recruit_options(seat)]
        if "card" in action:
            name = card_name(action["card"])
            if not isinstance(name, str):
                raise ValueError(f"card: expected a mercenary name, got {name!r}")
            if name in LEVEL_ONE_PILE_NAMES:
                level, wanted = 1, name
            else:
                card = mercenary_code(name)
                level, wanted = MERCENARIES[card].level, recruit_name(card)
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
            return rejection("cannot_afford", f"The card costs {cost}; the chest holds {self.coins[seat]} Pièce(s) and "
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
        insort(self.pile, card << OWNER_BITS | seat)
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
