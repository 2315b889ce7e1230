"""The answers to pending decisions: a level-1 effect, a target, an Influence move, a die face, Pot-de-vin and Mages.

A mixin of :class:`~engine.for_a_crown.state.ForACrownState`: each handler checks
the action against the decision on top of the stack, then plays it through
:mod:`.effects`. :func:`option_action` writes an option of
``ForACrownState.decision_options`` as its action.
"""

from __future__ import annotations

from engine.core.events import Event, rejection
from engine.core.game import Action
from engine.core.names import Names
from engine.for_a_crown import chest, effects, rules
from engine.for_a_crown.data import EFFECT_CODES, EFFECTS, MERCENARIES, effect_name
from engine.for_a_crown.effects import BRIBE_OFFER, CHOOSE, MOVE, TARGET, unpack
from engine.for_a_crown.galerie import DIRECTIONS


_DIRECTION_NAMES = Names(DIRECTIONS, "direction")

class DecisionHandlers:
    """Handlers of the decision actions (``ForACrownState``'s methods)."""

    def _choose(self, seat: int, action: Action) -> list[Event]:
        card = unpack(self.decisions.top)[2]
        effect = effect_name(action.get("effect"))
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
        portrait, direction = action.get("portrait"), action.get("direction")
        direction = DIRECTIONS.get(_DIRECTION_NAMES.canonical(direction, "direction") if direction in _DIRECTION_NAMES
                                   else direction)
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
            face = Names([EFFECTS[f] for f in self.game.die_faces], "die face").canonical(face, "face")
        events: list[Event] = []
        effects.roll(self, EFFECT_CODES[face], events)
        self._settle(events)
        return events

    def _payment(self, seat: int, cost: int, action: Action) -> tuple[int, int] | Event:
        splits = chest.payment_splits(self, seat, cost)
        if not splits:
            return rejection("cannot_afford", f"Paying {cost} needs more than the chest holds.", rules.PAY_COINS,
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
        elif count == "most":
            count = self._most_bought_off(seat, action.get("rubies"))
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

    def _most_bought_off(self, seat: int, rubies: int | None) -> int:
        """The most Ratons Voleurs the chest can buy off, one Pièce or Rubis each; ``rubies``: the Rubis the family
        is willing to spend, when it says (« sans toucher à mes Rubis »: 0)."""
        for count in range(self.raccoons[seat], 0, -1):
            if any(rubies is None or split[1] <= rubies for split in chest.payment_splits(self, seat, count)):
                return count
        return 0

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


def option_action(kind: int, seat: int, option, any_mix: bool) -> Action:
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
