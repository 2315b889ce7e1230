"""Immediate (♦) effects: applied when a card is placed, with the owner's choices.

An effect with several legal targets becomes a pending decision on
``state.decisions`` (kind ``effect_target``, decided by the owner, phase
``choice``) answered by a ``choose`` action; with a single legal target it is
applied at once (unless ``emblemes.optional_effects`` lets the owner decline).
The Courtisane's random card is a decision of chance (kind ``courtisane_draw``,
phase ``chance``). A decision's ``data`` holds ``effect`` (card value),
``owner`` (seat), ``source`` (card code) and, for the draw, ``target`` (seat).
``source`` is the card whose position defines "adjacent" and "this location":
the card itself, or the Alchimiste that copies it.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.core.decisions import CHANCE_DECIDES, Decision
from engine.core.events import Event, MessageTemplate, rejection
from engine.emblemes import assumptions as A
from engine.emblemes import rules
from engine.emblemes.phases import CHOICE, DRAW, PLACE
from engine.emblemes.cards import (
    ALCHIMISTE, BARDE, CHASSEUR, COURTISANE, GARDE, GUERRIERE, IMMEDIATE, LOCATIONS, NAMES, OWNER_BITS,
    OWNER_MASK, ROI, SIDE_NAMES, SIDES, STRATEGE, VOLEUSE, card_value, insertion_bounds, location_index,
)

EFFECT_TARGET = "effect_target"
COURTISANE_DRAW = "courtisane_draw"
_NO_TARGET = MessageTemplate("{effect} of player {player}: no legal target, the effect does not apply.")
_CHOICE_REQUIRED = MessageTemplate("{effect} of player {player}: player {player} chooses among {options} options.")


def trigger(state, effect: int, source: int, loc: int) -> list[Event]:
    """Apply ``effect`` for the card ``source`` just placed (or copying) in location ``loc``."""
    owner = source & OWNER_MASK
    if effect == ROI:
        return _roi(state, owner, source, loc)
    if effect == CHASSEUR:
        return _chasseur(state, owner, source, loc)
    options = _OPTIONS[effect](state, owner, source, loc)
    name = NAMES[effect]
    if not options:
        citation = _NO_TARGET_CITATION.get(effect, rules.ADJACENT)
        if effect in (COURTISANE, STRATEGE) and state.revealed == state.n - 1:
            citation = rules.COURTISANE_LAST if effect == COURTISANE else rules.STRATEGE_LAST
        if effect == ALCHIMISTE and any(c is not None and c >> OWNER_BITS == ALCHIMISTE
                                        for c in _adjacent(state, source, loc, keep_sides=True)):
            citation = rules.ALCHIMISTE_NOT_ALCHIMISTE  # beside another Alchimiste only: the rule that forbids it
        return [Event("effect_without_target", _NO_TARGET, citation, {"player": owner, "effect": name})]
    if len(options) == 1 and not state.game.optional_effects:
        events = _EXECUTORS[effect](state, owner, source, options[0])
        # Applied without asking because effects are mandatory: that reading is the assumption.
        if A.OPTIONAL_EFFECTS not in events[0].assumptions:
            events[0].assumptions += (A.OPTIONAL_EFFECTS,)
        return events
    if state.game.optional_effects:
        options.append({"type": "choose", "player": owner, "effect": name, "skip": True})
    state.decisions.push(Decision(EFFECT_TARGET, owner, options, rules.IMMEDIATE_EFFECTS,
                                  {"effect": effect, "owner": owner, "source": source}))
    state.phase = CHOICE
    return [Event("choice_required", _CHOICE_REQUIRED, rules.IMMEDIATE_EFFECTS,
                  {"player": owner, "effect": name, "options": len(options)},
                  (A.OPTIONAL_EFFECTS,))]


def choice_actions(state) -> list[dict]:
    """The legal ``choose`` actions for the pending effect (computed once per pending choice)."""
    decision = state.decisions.top
    options = decision.options
    if options is None:  # a decision read from a position
        data = decision.data
        effect, owner, source = data["effect"], data["owner"], data["source"]
        options = decision.options = _OPTIONS[effect](state, owner, source, _locate(state, source)[0])
        if state.game.optional_effects:
            options.append({"type": "choose", "player": owner, "effect": NAMES[effect], "skip": True})
    return options


def choose(state, action: Mapping[str, Any]) -> list[Event]:
    """Apply the owner's ``choose`` action, or reject it if it is not among the legal ones."""
    data = state.decisions.top.data
    effect, owner = data["effect"], data["owner"]
    name = NAMES[effect]
    options = choice_actions(state)
    if action in options:  # one of the listed options (as random playouts pass them): already canonical
        canonical = action
    else:
        if "effect" in action and card_value(action["effect"], "effect") != effect:
            return [rejection("wrong_decision", f"The pending effect is the {name}, not the {action['effect']}.",
                              rules.IMMEDIATE_EFFECTS, player=owner)]
        canonical = {"type": "choose", "player": owner, "effect": name}
        if action.get("skip"):
            canonical["skip"] = True
        for field in _FIELDS[effect]:
            if field in action:
                canonical[field] = _parse(state, field, action[field])
        if canonical not in options:
            return [rejection("illegal_choice", f"Not a legal choice for the {name}; {len(options)} legal options, e.g. {options[0]}.",
                              _OPTION_CITATION[effect], player=owner, effect=name)]
    return play_choice(state, canonical)


def play_choice(state, option: dict) -> list[Event]:
    """Play one of the pending effect's listed options (``choice_actions``): decline it, or apply it."""
    if option.get("skip"):
        data = state.decisions.pop().data
        effect, owner = data["effect"], data["owner"]
        state.phase = PLACE
        return [Event("effect_declined", f"Player {owner} declines the effect of the {NAMES[effect]}.", rules.IMMEDIATE_EFFECTS,
                      {"player": owner, "effect": NAMES[effect]}, (A.OPTIONAL_EFFECTS,))]
    return _execute(state, option)


def courtisane_draw(state, value: int) -> list[Event]:
    """The chance outcome of a Courtisane: ``value`` replaces the target's selected card."""
    data = state.decisions.top.data
    owner, target = data["owner"], data["target"]
    hand = state.hands[target]
    if value not in hand:
        return [rejection("not_in_hand", f"Player {target} has no {NAMES[value]} in hand to draw.", rules.COURTISANE,
                          player=target, card=NAMES[value])]
    replaced = state.selected[target]
    hand.remove(value)
    hand.append(replaced)
    state.selected[target] = value
    state.decisions.pop()
    state.phase = PLACE
    return [Event("courtisane_swap", _COURTISANE_SWAP, rules.COURTISANE, {"player": owner, "target": target, "replaced": NAMES[replaced], "card": NAMES[value]},
                  (A.COURTISANE_SWAP,))]


# -- executing a choice ----------------------------------------------------

def _execute(state, action: Mapping[str, Any]) -> list[Event]:
    data = state.decisions.pop().data
    state.phase = PLACE
    return _EXECUTORS[data["effect"]](state, data["owner"], data["source"], action)


def _garde(state, owner: int, source: int, action) -> list[Event]:
    card = _card(action)
    dest = location_index(action["location"])
    from_loc = _locate(state, card)[0]
    state.rows[from_loc].remove(card)
    return _insert_moved(state, card, from_loc, dest, action.get("side"), "garde_move", rules.GARDE, owner, source)


def _barde(state, owner: int, source: int, action) -> list[Event]:
    card = _card(action)
    from_loc = _locate(state, card)[0]
    dest = _locate(state, source)[0]
    state.rows[from_loc].remove(card)
    return _insert_moved(state, card, from_loc, dest, action.get("side"), "barde_move", rules.BARDE, owner, source)


def _insert_moved(state, card: int, from_loc: int, dest: int, side, kind: str, citation, owner: int, source: int) -> list[Event]:
    row = state.rows[dest]
    lo, hi = insertion_bounds(row, card >> OWNER_BITS)
    used = [A.NO_RETRIGGER]
    if lo != hi:
        rule = state.game.moved_equal
        side = side if rule == "mover_chooses" else rule
        used.append(A.MOVED_EQUAL)
    index = hi if lo != hi and side == "right" else lo
    row.insert(index, card)
    data = {"player": owner, "card": NAMES[card >> OWNER_BITS], "owner": card & OWNER_MASK,
            "from": LOCATIONS[from_loc], "location": LOCATIONS[dest], "index": index}
    copied = _copied(source, data)
    return [Event(kind, (_GARDE_MOVE if kind == "garde_move" else _BARDE_MOVE)[copied], citation, data, tuple(used))]


def _voleuse(state, owner: int, source: int, action) -> list[Event]:
    victim = action["target"]
    neighbours = _adjacent(state, source, _locate(state, source)[0])
    used = [A.VOLEUSE_OWN] if any(c & OWNER_MASK == owner for c in neighbours) else []
    if state.coins[victim] < 2:
        used.append(A.VOLEUSE_SHORT)
    taken = state.transfer(victim, owner, 2)
    if taken < 2 and A.COINS_FLOOR not in used:
        used.append(A.COINS_FLOOR)
    data = {"player": owner, "target": victim, "amount": taken}
    return [Event("voleuse_steal", _VOLEUSE_STEAL[_copied(source, data)], rules.VOLEUSE, data, tuple(used))]


def _guerriere(state, owner: int, source: int, action) -> list[Event]:
    card = _card(action)
    state.discard(card)
    data = {"player": owner, "card": NAMES[card >> OWNER_BITS], "owner": card & OWNER_MASK}
    return [Event("guerriere_discard", _GUERRIERE_DISCARD[_copied(source, data)], rules.GUERRIERE, data)]


def _alchimiste(state, owner: int, source: int, action) -> list[Event]:
    copied = card_value(action["card"])
    loc = _locate(state, source)[0]
    both = sum(1 for c in _adjacent(state, source, loc) if _copyable(c)) == 2
    event = Event("alchimiste_copy", _ALCHIMISTE_COPY, rules.ALCHIMISTE_FAQ if both else rules.ALCHIMISTE,
                  {"player": owner, "card": NAMES[copied], "owner": action["owner"]},
                  (A.ALCHIMISTE_BOTH,) if both else ())
    return [event, *trigger(state, copied, source, loc)]


def _courtisane(state, owner: int, source: int, action) -> list[Event]:
    target = action["target"]
    state.decisions.push(Decision(COURTISANE_DRAW, CHANCE_DECIDES, None, rules.COURTISANE,
                                  {"effect": COURTISANE, "owner": owner, "source": source, "target": target}))
    state.phase = DRAW
    data = {"player": owner, "target": target}
    return [Event("courtisane_target", _COURTISANE_TARGET[_copied(source, data)], rules.COURTISANE, data)]


def _stratege(state, owner: int, source: int, action) -> list[Event]:
    target = action["target"]
    loc = location_index(action["location"])
    used = (A.STRATEGE_STACK,) if state.forced[target] >= 0 else ()
    state.forced[target] = loc
    data = {"player": owner, "target": target, "location": LOCATIONS[loc]}
    return [Event("stratege_impose", _STRATEGE_IMPOSE[_copied(source, data)], rules.STRATEGE, data, used)]


# -- effects without choices -----------------------------------------------

def _roi(state, owner: int, source: int, loc: int) -> list[Event]:
    copied = source >> OWNER_BITS != ROI
    if not any(c >> OWNER_BITS == VOLEUSE for c in state.rows[loc]):
        return [Event("roi_stays", _ROI_STAYS[copied], rules.ROI, {"player": owner, "location": LOCATIONS[loc]})]
    if copied and state.game.alchimiste_roi == "nothing":
        return [Event("roi_stays", f"Alchimiste of player {owner} copies the Roi beside a Voleuse: nothing is discarded.",
                      rules.ROI, {"player": owner, "location": LOCATIONS[loc]}, (A.ALCHIMISTE_ROI,))]
    state.discard(source, loc)
    return [Event("roi_flees", _ROI_FLEES[copied], rules.ROI, {"player": owner, "card": NAMES[source >> OWNER_BITS], "location": LOCATIONS[loc]},
                  (A.ALCHIMISTE_ROI,) if copied else ())]


def _chasseur(state, owner: int, source: int, loc: int) -> list[Event]:
    row = state.rows[loc]
    candidates = row if state.game.chasseur_self else [c for c in row if c != source]
    if not candidates:
        return [Event("effect_without_target", f"Chasseur of player {owner}: no other card in the {LOCATIONS[loc]}.",
                      rules.CHASSEUR, {"player": owner, "effect": "Chasseur"}, (A.CHASSEUR_SELF,))]
    target = candidates[0]
    tie = len(candidates) > 1 and candidates[1] >> OWNER_BITS == target >> OWNER_BITS
    used = (A.CHASSEUR_SELF,) if target == source or row[0] == source else ()
    state.discard(target, loc)
    data = {"player": owner, "card": NAMES[target >> OWNER_BITS], "owner": target & OWNER_MASK, "tie": tie}
    actor = "Alchimiste (as Chasseur)" if _copied(source, data) else "Chasseur"
    return [Event("chasseur_discard", f"{actor} of player {owner} discards the highest card of the {LOCATIONS[loc]}: {_label(target)}"
                  + (" (leftmost of the tie)." if tie else "."), rules.CHASSEUR_FAQ if tie else rules.CHASSEUR, data, used)]


# -- legal options ----------------------------------------------------------

def _garde_options(state, owner: int, source: int, loc: int) -> list[dict]:
    options = []
    for card in _adjacent(state, source, loc):
        for dest in range(3):
            if dest != loc:
                base = {"type": "choose", "player": owner, "effect": "Garde", "card": NAMES[card >> OWNER_BITS],
                        "owner": card & OWNER_MASK, "location": LOCATIONS[dest]}
                options.extend(_with_sides(state, base, dest, card))
    return options


def _barde_options(state, owner: int, source: int, loc: int) -> list[dict]:
    options = []
    for other in range(3):
        if other != loc:
            for card in state.rows[other]:
                base = {"type": "choose", "player": owner, "effect": "Barde", "card": NAMES[card >> OWNER_BITS],
                        "owner": card & OWNER_MASK}
                options.extend(_with_sides(state, base, loc, card))
    return options


def _with_sides(state, base: dict, dest: int, card: int) -> list[dict]:
    lo, hi = insertion_bounds(state.rows[dest], card >> OWNER_BITS)
    if lo == hi or state.game.moved_equal != "mover_chooses":
        return [base]
    return [{**base, "side": side} for side in SIDES]


def _voleuse_options(state, owner: int, source: int, loc: int) -> list[dict]:
    targets = {c & OWNER_MASK for c in _adjacent(state, source, loc)}
    if not state.game.voleuse_includes_owner:
        targets.discard(owner)
    if state.game.voleuse_needs_two:
        targets = {t for t in targets if state.coins[t] >= 2}
    return [{"type": "choose", "player": owner, "effect": "Voleuse", "target": t} for t in sorted(targets)]


def _guerriere_options(state, owner: int, source: int, loc: int) -> list[dict]:
    return [{"type": "choose", "player": owner, "effect": "Guerrière", "card": NAMES[c >> OWNER_BITS], "owner": c & OWNER_MASK}
            for c in _adjacent(state, source, loc)]


def _alchimiste_options(state, owner: int, source: int, loc: int) -> list[dict]:
    neighbours = _adjacent(state, source, loc, keep_sides=True)
    copyable = [c for c in neighbours if c is not None and _copyable(c)]
    if len(copyable) == 2 and state.game.alchimiste_both != "owner_chooses":
        copyable = [neighbours[0] if state.game.alchimiste_both == "left" else neighbours[1]]
    return [{"type": "choose", "player": owner, "effect": "Alchimiste", "card": NAMES[c >> OWNER_BITS], "owner": c & OWNER_MASK}
            for c in copyable]


def _courtisane_options(state, owner: int, source: int, loc: int) -> list[dict]:
    return [{"type": "choose", "player": owner, "effect": "Courtisane", "target": t}
            for t in _unrevealed(state) if state.hands[t]]


def _stratege_options(state, owner: int, source: int, loc: int) -> list[dict]:
    return [{"type": "choose", "player": owner, "effect": "Stratège", "target": t, "location": name}
            for t in _unrevealed(state) for name in LOCATIONS]


# -- helpers ---------------------------------------------------------------

def _unrevealed(state) -> list[int]:
    """Seats whose selected card is still face down this turn (after the current revealer)."""
    return [(state.first_player + k) % state.n for k in range(state.revealed + 1, state.n)]


def _locate(state, card: int) -> tuple[int, int]:
    for loc, row in enumerate(state.rows):
        if card in row:
            return loc, row.index(card)
    raise ValueError(f"card: {_label(card)} is not on the table")


def _adjacent(state, source: int, loc: int, keep_sides: bool = False) -> list:
    """The cards beside ``source`` in location ``loc``; with ``keep_sides``, ``[left, right]`` (``None`` where none)."""
    row = state.rows[loc]
    index = row.index(source)
    left = row[index - 1] if index > 0 else None
    right = row[index + 1] if index + 1 < len(row) else None
    if keep_sides:
        return [left, right]
    return [c for c in (left, right) if c is not None]


def _copyable(card: int) -> bool:
    value = card >> OWNER_BITS
    return value in IMMEDIATE and value != ALCHIMISTE


def _card(action: Mapping[str, Any]) -> int:
    return card_value(action["card"]) << OWNER_BITS | action["owner"]


def _parse(state, field: str, raw: Any) -> Any:
    if field == "card":
        return NAMES[card_value(raw)]
    if field == "location":
        return LOCATIONS[location_index(raw)]
    if field == "side":
        return raw if raw in SIDES else SIDE_NAMES.canonical(raw, "side")
    return state.seat({field: raw}, field)


def _label(card: int) -> str:
    return f"{NAMES[card >> OWNER_BITS]} of player {card & OWNER_MASK}"


def _copied(source: int, data: dict) -> bool:
    """Whether an Alchimiste applies the effect (its events then say ``copied_by``); marks ``data`` so."""
    if source >> OWNER_BITS == ALCHIMISTE:
        data["copied_by"] = "Alchimiste"
        return True
    return False


def _by_actor(effect: str, text: str) -> tuple[MessageTemplate, MessageTemplate]:
    """An effect's message as the card itself (``[False]``) and as an Alchimiste copying it (``[True]``)."""
    return (MessageTemplate(text.replace("{actor}", effect)),
            MessageTemplate(text.replace("{actor}", f"Alchimiste (as {effect})")))


_GARDE_MOVE = _by_actor("Garde", "{actor} of player {player} moves {card} of player {owner} to the {location}.")
_BARDE_MOVE = _by_actor("Barde", "{actor} of player {player} moves {card} of player {owner} to the {location}.")
_VOLEUSE_STEAL = _by_actor("Voleuse", "{actor} of player {player} steals {amount} coin(s) from player {target}.")
_GUERRIERE_DISCARD = _by_actor("Guerrière", "{actor} of player {player} discards {card} of player {owner}.")
_COURTISANE_TARGET = _by_actor("Courtisane", "{actor} of player {player} targets player {target}'s selected card.")
_STRATEGE_IMPOSE = _by_actor("Stratège", "{actor} of player {player} imposes the {location} on player {target}.")
_ROI_STAYS = _by_actor("Roi", "{actor} of player {player}: no Voleuse in the {location}, it stays.")
_ROI_FLEES = _by_actor("Roi", "{actor} of player {player} flees the Voleuse in the {location}: discarded.")
_ALCHIMISTE_COPY = MessageTemplate("Alchimiste of player {player} copies the effect of the {card}.")
_COURTISANE_SWAP = MessageTemplate("Courtisane: player {target}'s selected {replaced} goes back to hand, {card} drawn at random replaces it.")

_OPTIONS: dict[int, Callable[..., list[dict]]] = {
    GARDE: _garde_options, VOLEUSE: _voleuse_options, ALCHIMISTE: _alchimiste_options, COURTISANE: _courtisane_options,
    STRATEGE: _stratege_options, GUERRIERE: _guerriere_options, BARDE: _barde_options,
}
_EXECUTORS: dict[int, Callable[..., list[Event]]] = {
    GARDE: _garde, VOLEUSE: _voleuse, ALCHIMISTE: _alchimiste, COURTISANE: _courtisane, STRATEGE: _stratege,
    GUERRIERE: _guerriere, BARDE: _barde,
}
_FIELDS = {
    GARDE: ("card", "owner", "location", "side"), VOLEUSE: ("target",), ALCHIMISTE: ("card", "owner"),
    COURTISANE: ("target",), STRATEGE: ("target", "location"), GUERRIERE: ("card", "owner"), BARDE: ("card", "owner", "side"),
}
_OPTION_CITATION = {
    GARDE: rules.GARDE, VOLEUSE: rules.VOLEUSE, ALCHIMISTE: rules.ALCHIMISTE_NOT_ALCHIMISTE, COURTISANE: rules.SELECTED_CARD,
    STRATEGE: rules.SELECTED_CARD, GUERRIERE: rules.GUERRIERE, BARDE: rules.BARDE,
}
_NO_TARGET_CITATION = {VOLEUSE: rules.VOLEUSE, BARDE: rules.BARDE, COURTISANE: rules.COURTISANE, STRATEGE: rules.STRATEGE}
