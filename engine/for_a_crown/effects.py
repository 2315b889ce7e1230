"""Mercenary effects, die faces and events, applied through a stack of tasks.

A revealed card pushes tasks; :func:`advance` pops and applies those that need
nobody (gain a Rubis, a Scandale) and stops at the first one that does: a
decision (which of a level-1 card's two effects, which family, which portrait,
how many Ratons Voleurs to buy off, whether to pay the Mages) or the die roll
(a chance node). « Dans l’ordre d’influence, chaque famille peut payer » is one
task per family, pushed so that the most influential decides first.

Tasks are core v2 :class:`~engine.core.decisions.Decision` objects on the
state's :class:`~engine.core.decisions.DecisionStack`: ``kind`` one of
:data:`TASK_NAMES`, ``player`` the deciding family (``CHANCE_DECIDES`` for a die
roll), ``data`` the family concerned and the effect or card. The automatic
``effect`` tasks sit on the same stack so that a card's symbols keep their order
around the decisions they raise; :func:`advance` never leaves one on top.
:func:`unpack` reads a task as ``(kind, seat, arg)`` with small integer codes.
"""

from __future__ import annotations

from engine.core.decisions import CHANCE_DECIDES, Decision
from engine.core.events import Event, MessageTemplate
from engine.for_a_crown import chest, rules
from engine.for_a_crown.assumptions import (
    BURGLARY_NOBODY, DIE_FACES_ASSUMPTION, GALERIE_ZONES, INFLUENCE_BLOCKED, KNOCKED_OUT_PENDING,
    RUBY_PAYMENT, SUPPLY_UNLIMITED,
)
from engine.for_a_crown.data import (
    BRIBE, BURGLARY, COIN, DIE, EFFECT_CODES, EFFECTS, EVENT_TYPES, MERCENARIES, MERCENARY_CODES, INFLUENCE, LOSE_RUBY, MAGES, MAGIC_BOOST, RACCOON, RUBY,
    RUBY_THEFT, SCANDAL, TAKE_RACCOON,
)
from engine.for_a_crown.galerie import EMPTY, ZONE_LOSS, influence_order, move, zones

CHOOSE, TARGET, MOVE, ROLL, BRIBE_OFFER, MAGES_OFFER, EFFECT = range(7)
TASK_NAMES = ("choose_effect", "target", "influence", "roll", "bribe", "mages", "effect")
TASK_CODES = {name: code for code, name in enumerate(TASK_NAMES)}
DECISIONS = (CHOOSE, TARGET, MOVE, BRIBE_OFFER, MAGES_OFFER)
TASK_RULES = {
    CHOOSE: rules.LEVEL_ONE_CHOICE, TARGET: rules.EFFECT_RACCOON, MOVE: rules.EFFECT_INFLUENCE,
    ROLL: rules.DIE_FACE, BRIBE_OFFER: rules.EVENT_BRIBE, MAGES_OFFER: rules.EVENT_MAGES,
    EFFECT: rules.MERCENARY_OWNER,
}


def task(kind: int, seat: int, arg: int = 0) -> Decision:
    """A task for the stack: ``arg`` is an effect code (``effect``, ``target``), a mercenary (``choose_effect``).

    Tasks are interned: one :class:`Decision` per ``(kind, seat, arg)``, built once
    and never changed (this engine fills no ``options``), so a playout pushes
    existing objects and :func:`unpack` reads their codes from a table instead
    of parsing ``data`` at every step.
    """
    if kind != EFFECT and kind != TARGET and kind != CHOOSE:
        arg = 0
    key = (kind, seat, arg)
    decision = _INTERNED.get(key)
    if decision is None:
        data: dict = {"family": seat}
        if kind == EFFECT or kind == TARGET:
            data["effect"] = EFFECTS[arg]
        elif kind == CHOOSE:
            data["card"] = MERCENARIES[arg].name
        decision = Decision(TASK_NAMES[kind], CHANCE_DECIDES if kind == ROLL else seat, None, TASK_RULES[kind], data)
        _INTERNED[key] = decision
        _CODES[id(decision)] = key
    return decision


_INTERNED: dict[tuple[int, int, int], Decision] = {}
_CODES: dict[int, tuple[int, int, int]] = {}
"""``id`` of an interned task -> its codes; interned tasks live as long as the module, so ids are never reused."""


def unpack(decision: Decision) -> tuple[int, int, int]:
    """``(kind, seat, arg)`` of a task (see :func:`task`); a task not built by :func:`task` is read from its data."""
    codes = _CODES.get(id(decision))
    if codes is not None:
        return codes
    data = decision.data
    if "effect" in data:
        arg = EFFECT_CODES[data["effect"]]
    elif "card" in data:
        arg = MERCENARY_CODES[data["card"]]
    else:
        arg = 0
    return TASK_CODES[decision.kind], data["family"], arg


def drop_family(state, seat: int) -> None:
    """Remove every task of a family (knocked out), keeping the others in order."""
    kept = [decision for decision in state.decisions if decision.data.get("family") != seat]
    state.decisions.clear()
    state.decisions.push_in_order(kept)

_RACCOON_GIVEN = MessageTemplate("Family {player} gives a Raton Voleur to family {target}.")
_RACCOON_TAKEN = MessageTemplate("Family {player} takes a Raton Voleur from the reserve (die).")
_MOVED = MessageTemplate("Family {player} moves family {portrait}'s portrait {direction} to square {square}.")
_NO_MOVE = MessageTemplate("Family {player}'s Influence: no portrait can move, the effect is lost.")
_NO_TARGET = MessageTemplate("Family {player}'s {effect}: no other family in the game, the effect is lost.")
_ROLLED = MessageTemplate("Family {player} rolls the magic die: {face}.")
_BURGLARY = MessageTemplate("Cambriolage: families {players} have the most Ratons Voleurs ({raccoons}).")
_BURGLARY_NONE = "Cambriolage: no family has a Raton Voleur, nobody loses anything."
_RACCOONS_RETURNED = MessageTemplate("Family {player} returns its {raccoons} Ratons Voleurs to the reserve.")
_SCANDAL_ZONE = MessageTemplate("Scandale: family {player} is in the {zone} zone and loses {amount} Rubis.")
_BOOST = MessageTemplate("Coup de pouce magique: family {player}, the least influential, rolls the die.")
_BRIBE_PAID = MessageTemplate(
    "Family {player} pays {coins} Pièce(s) and {rubies} Rubis to remove {raccoons} Ratons Voleurs."
)
_BRIBE_DECLINED = MessageTemplate("Family {player} keeps its Ratons Voleurs.")
_MAGES_PAID = MessageTemplate("Family {player} pays {coins} Pièce(s) and {rubies} Rubis to roll the die.")
_MAGES_DECLINED = MessageTemplate("Family {player} does not pay the Mages.")
_EFFECT_CHOSEN = MessageTemplate("Family {player} applies {effect} of {card}.")
_ZONE_NAMES = ("left", "centre", "right")
_SHARED: dict[tuple, Event] = {}
"""Frequent events built once per distinct content (events are read-only; see chest._GAINED)."""


# -- the task loop -------------------------------------------------------------------------------

def advance(state, events: list) -> bool:
    """Apply automatic tasks until a decision or a die roll is awaited, or the stack is empty (then ``False``)."""
    stack = state.decisions
    out = state.out
    while True:
        top = stack.top
        if top is None:
            return False
        kind, seat, arg = _CODES.get(id(top)) or unpack(top)
        if out[seat]:  # a knocked-out family's tasks are dropped by knock_out; this is a guard
            stack.pop()
            continue
        if kind == EFFECT:
            stack.pop()
            if arg == RUBY:
                chest.gain_rubies(state, seat, 1, rules.EFFECT_RUBY, events)
            elif arg == COIN:
                chest.gain_coins(state, seat, 1, rules.EFFECT_COIN, events)
            else:
                apply_effect(state, seat, arg, events)
        elif kind == TARGET:
            if out.count(False) > 1:
                return True
            stack.pop()
            events.append(Event("effect_lost", _NO_TARGET, TASK_RULES[TARGET] if arg == RACCOON
                                else rules.EFFECT_RUBY_THEFT, {"player": seat, "effect": EFFECTS[arg]}))
        elif kind == MOVE:
            if _can_move(state):
                return True
            stack.pop()
            events.append(Event("effect_lost", _NO_MOVE, rules.EFFECT_INFLUENCE, {"player": seat},
                                (INFLUENCE_BLOCKED.id,)))
        elif kind == BRIBE_OFFER:
            if state.raccoons[seat] and state.coins[seat] + state.rubies[seat]:
                return True
            stack.pop()
        elif kind == MAGES_OFFER:
            if state.coins[seat] + state.rubies[seat]:
                return True
            stack.pop()
        else:  # CHOOSE, ROLL
            return True


def _can_move(state) -> bool:
    """Whether :meth:`ForACrownState.moves` lists any move: a portrait and a free square (every portrait lies
    left or right of it), or, when a blocked portrait swaps, a portrait in a Galerie of two squares or more."""
    squares = state.squares
    free = squares.count(EMPTY)
    if free == len(squares):
        return False
    return free > 0 or (state.game.swap_when_blocked and len(squares) > 1)


def apply_effect(state, seat: int, effect: int, events: list) -> None:
    """One symbol of a mercenary or a die face, for ``seat``."""
    if effect == RUBY:
        chest.gain_rubies(state, seat, 1, rules.EFFECT_RUBY, events)
    elif effect == COIN:
        chest.gain_coins(state, seat, 1, rules.EFFECT_COIN, events)
    elif effect == RACCOON or effect == RUBY_THEFT:
        state.decisions.push(task(TARGET, seat, effect))
    elif effect == INFLUENCE:
        state.decisions.push(task(MOVE, seat))
    elif effect == DIE:
        state.decisions.push(task(ROLL, seat))
    elif effect == LOSE_RUBY:
        chest.lose_rubies(state, seat, 1, rules.DIE_FACE, "die", events)
    elif effect == TAKE_RACCOON:
        state.raccoons[seat] += 1
        events.append(Event("raccoon_given", _RACCOON_TAKEN, rules.DIE_FACE, {"player": seat, "target": seat},
                            (DIE_FACES_ASSUMPTION.id, SUPPLY_UNLIMITED.id)))
    else:
        raise ValueError(f"effect: expected a code below {len(EFFECTS)}, got {effect!r}")


# -- decisions ------------------------------------------------------------------------------------

def choose_effect(state, seat: int, card: int, effect: int, events: list) -> None:
    state.decisions.pop()
    key = ("effect_chosen", seat, effect, card)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = Event("effect_chosen", _EFFECT_CHOSEN, rules.LEVEL_ONE_CHOICE,
                                     {"player": seat, "effect": EFFECTS[effect], "card": state.card_name(card)})
    events.append(event)
    apply_effect(state, seat, effect, events)


def target(state, seat: int, effect: int, victim: int, events: list) -> None:
    state.decisions.pop()
    if effect == RACCOON:
        state.raccoons[victim] += 1
        key = ("raccoon_given", seat, victim)
        event = _SHARED.get(key)
        if event is None:
            event = _SHARED[key] = Event("raccoon_given", _RACCOON_GIVEN, rules.EFFECT_RACCOON,
                                         {"player": seat, "target": victim}, (SUPPLY_UNLIMITED.id,))
        events.append(event)
    else:
        chest.lose_rubies(state, victim, 1, rules.EFFECT_RUBY_THEFT, f"Vol de Rubis of family {seat}", events)


def influence(state, seat: int, portrait: int, direction: int, square: int, events: list) -> None:
    state.decisions.pop()
    swapped = state.squares[square] != EMPTY
    move(state.squares, portrait, square)
    key = ("portrait_moved", seat, portrait, direction, square, swapped)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = Event(
            "portrait_moved", _MOVED, rules.EFFECT_INFLUENCE,
            {"player": seat, "portrait": portrait, "direction": "left" if direction < 0 else "right", "square": square},
            (INFLUENCE_BLOCKED.id,) if swapped else ())
    events.append(event)


def roll(state, face: int, events: list) -> None:
    seat = state.decisions.pop().data["family"]
    key = ("die_rolled", seat, face)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = Event("die_rolled", _ROLLED, rules.DIE_FACE, {"player": seat, "face": EFFECTS[face]},
                                     (DIE_FACES_ASSUMPTION.id,))
    events.append(event)
    apply_effect(state, seat, face, events)


def bribe(state, seat: int, raccoons: int, coins: int, rubies: int, events: list) -> None:
    state.decisions.pop()
    if raccoons == 0:
        events.append(Event("bribe_declined", _BRIBE_DECLINED, rules.EVENT_BRIBE, {"player": seat}))
        return
    chest.pay(state, seat, coins, rubies)
    state.raccoons[seat] -= raccoons
    events.append(Event("bribe_paid", _BRIBE_PAID, rules.EVENT_BRIBE,
                        {"player": seat, "raccoons": raccoons, "coins": coins, "rubies": rubies, "paid": coins + rubies},
                        (RUBY_PAYMENT.id,) if rubies else ()))


def mages(state, seat: int, paid: bool, coins: int, rubies: int, events: list) -> None:
    state.decisions.pop()
    if not paid:
        events.append(Event("mages_declined", _MAGES_DECLINED, rules.EVENT_MAGES, {"player": seat}))
        return
    chest.pay(state, seat, coins, rubies)
    events.append(Event("mages_paid", _MAGES_PAID, rules.EVENT_MAGES,
                        {"player": seat, "coins": coins, "rubies": rubies}, (RUBY_PAYMENT.id,) if rubies else ()))
    state.decisions.push(task(ROLL, seat))


# -- events ---------------------------------------------------------------------------------------

def apply_event(state, event: int, events: list) -> None:
    """An event card just revealed: every family concerned applies it."""
    order = influence_order(state.squares)
    if event == BURGLARY:
        _burglary(state, order, events)
    elif event == SCANDAL:
        by_square = state.game.zones_by_square
        family_zones = zones(state.squares, by_square)
        for seat in order:
            if state.out[seat]:
                continue
            zone = family_zones[seat]
            loss = ZONE_LOSS[zone]
            key = ("scandal_zone", seat, zone)
            event = _SHARED.get(key)
            if event is None:
                event = _SHARED[key] = Event("scandal_zone", _SCANDAL_ZONE, rules.EVENT_SCANDAL,
                                             {"player": seat, "zone": _ZONE_NAMES[zone], "amount": loss},
                                             (GALERIE_ZONES.id,))
            events.append(event)
            if loss:
                chest.lose_rubies(state, seat, loss, rules.EVENT_SCANDAL, "Scandale", events)
    elif event == MAGIC_BOOST:
        if order:
            seat = order[-1]
            events.append(Event("magic_boost", _BOOST, rules.EVENT_MAGIC_BOOST, {"player": seat}))
            state.decisions.push(task(ROLL, seat))
    elif event == BRIBE:
        state.decisions.push_in_order([task(BRIBE_OFFER, seat) for seat in order])
    elif event == MAGES:
        state.decisions.push_in_order([task(MAGES_OFFER, seat) for seat in order])
    else:
        raise ValueError(f"event: expected a code below {len(EVENT_TYPES)}, got {event!r}")


def _burglary(state, order: list[int], events: list) -> None:
    most = max((state.raccoons[seat] for seat in order), default=0)
    if most == 0:
        if state.game.burglary_everyone:
            hit = list(order)
            events.append(Event("burglary", _BURGLARY, rules.EVENT_BURGLARY, {"players": hit, "raccoons": 0},
                                (BURGLARY_NOBODY.id,)))
        else:
            events.append(Event("burglary", _BURGLARY_NONE, rules.EVENT_BURGLARY, {"players": [], "raccoons": 0},
                                (BURGLARY_NOBODY.id,)))
            return
    else:
        hit = [seat for seat in order if state.raccoons[seat] == most]
        events.append(Event("burglary", _BURGLARY, rules.EVENT_BURGLARY, {"players": hit, "raccoons": most}))
    for seat in hit:
        if state.out[seat]:
            continue
        chest.lose_rubies(state, seat, 2, rules.EVENT_BURGLARY, "Cambriolage", events)
        returned = state.raccoons[seat]
        if not state.out[seat] and returned:
            state.raccoons[seat] = 0
            events.append(Event("raccoons_returned", _RACCOONS_RETURNED, rules.EVENT_BURGLARY,
                                {"player": seat, "raccoons": returned}))


def ignored_card(seat: int, card_name: str) -> Event:
    return Event("card_ignored", f"The card {card_name} of knocked-out family {seat} is ignored.",
                 rules.KNOCKED_OUT_CARDS_IGNORED, {"player": seat, "card": card_name}, (KNOCKED_OUT_PENDING.id,))


__all__ = ["DECISIONS", "TASK_NAMES", "advance", "apply_effect", "apply_event", "drop_family", "task", "unpack"]
