"""Card abilities: what a revealed card of the line does when it resolves.

Every function takes the state, mutates it and appends cited events. The
``actor`` is the player resolving the card (its family, corruption included);
cards are ids (:mod:`.cards`). Decisions are pushed on ``state.decisions``
(:mod:`.decisions`); :func:`hit`, :func:`activate` and :func:`machination_point`
run the rest of an ability once chosen. Eliminations, discards and influence
moves are in :mod:`.line`.
"""

from __future__ import annotations

from engine.core.events import Event, MessageTemplate
from engine.oriflamme import assumptions as A
from engine.oriflamme import decisions, rules
from engine.oriflamme.cards import (
    APOTHICAIRE, CHARACTERS, CORRUPTION, COUPE_JARRET, FAMILY_SIZE, INTRIGANTE, JUMEAU, NAMES, USURPATION,
)
from engine.oriflamme.decisions import ACTIVATE, POINT, POINT_OPTIONS, TARGET
from engine.oriflamme.line import (
    counted_family, discard, eliminate, family, gain, index_of, insert_stack, lose, neighbours, stack_of,
)

_NO_TARGET = MessageTemplate("{card} of player {player} has no card to target.")
_CHOICE = MessageTemplate("Player {player} chooses the target of {card} ({options} options).")
_NO_POINT = MessageTemplate("{card} of player {player} eliminated a single card: no elimination point.")
_TWIN_PLACED = MessageTemplate("The Jumeau of player {player} enters the line, revealed, at position {position}.")
_REPLACED = MessageTemplate("Player {player} replaces it with their own {card}, revealed, from their {source}.")
_NO_REPLACEMENT = MessageTemplate("Player {player} has no {card} set aside, discarded or eliminated: nothing replaces it.")
_NOT_DUE = MessageTemplate("{card} of player {owner} is not an opposing character: nothing replaces it.")
_CORRUPTED = MessageTemplate("Player {player} puts their corruption token on {card} of player {owner}.")
_ACTIVATED = MessageTemplate("The Machination of player {player} activates {card}.")
_POINT_GAINED = MessageTemplate("Player {player} gains a point of the Machination.")
_POINT_SPENT = MessageTemplate("Player {player} discards a point of the Machination to repeat its effect.")
_SAME_NAME = MessageTemplate("Player {player}'s Coupe-jarret also eliminates {count} other revealed opposing {card}(s).")
_AMBUSH_POINTS = MessageTemplate("The {amount} influence on the Guet-apens are discarded.")
_PILE = MessageTemplate("{card} of player {player} is adjacent to a pile.")
_OUT_OF_REACH = MessageTemplate("{card} of player {owner} is covered: it cannot be targeted.")




def resolve(state, card: int, actor: int, events: list, *, revealing: bool = False) -> None:
    """Apply the ability of ``card`` (a top card of the line) for ``actor``."""
    _ABILITIES[card % FAMILY_SIZE](state, card, actor, events, revealing)


def place_twin(state, prince: int, events: list) -> None:
    """'Lorsque vous révélez le prince': its family's Jumeau enters the line, revealed (``oriflamme.twin_position``)."""
    family_seat = prince // FAMILY_SIZE
    twin = state.twins[family_seat]
    if twin < 0:
        return
    where = state.game.twin_position
    index = index_of(state, prince)
    position = index + 1 if where == "after_prince" else index if where == "before_prince" else len(state.line)
    state.twins[family_seat] = -1
    state.revealed[twin] = True
    insert_stack(state, position, twin)
    events.append(Event("twin_placed", _TWIN_PLACED, rules.PRINCE_REVEAL,
                        {"player": family_seat, "position": position}, (A.TWIN_POSITION.id,)))


def _prince(state, card, actor, events, revealing):
    if revealing:
        place_twin(state, card, events)
        gain(state, actor, 1, "Prince", rules.PRINCE_GAIN, events)
    elif state.game.prince_gains:
        gain(state, actor, 1, "Prince", rules.PRINCE_GAIN, events, (A.PRINCE_LATER_TURNS.id,))


def _jumeau(state, card, actor, events, revealing):
    gain(state, actor, 1, "Jumeau", rules.JUMEAU_GAIN, events)


def _reine(state, card, actor, events, revealing):
    gain(state, actor, 2, "Reine", rules.REINE_GAIN, events)


def _adjacent_tops(state, card) -> tuple[int, ...]:
    line = state.line
    return tuple(line[i][-1] for i in neighbours(state, index_of(state, card)))


def _coupe_jarret(state, card, actor, events, revealing):
    _target_or_ask(state, card, actor, _adjacent_tops(state, card), rules.COUPE_JARRET_ABILITY, events)


def _apothicaire(state, card, actor, events, revealing):
    line = state.line
    corrupt = state.corrupt
    own = index_of(state, card)
    reachable = set()
    for index, stack in enumerate(line):
        top = stack[-1]
        owner = corrupt[top]
        if top != card and (owner if owner >= 0 else top // FAMILY_SIZE) == actor:
            reachable.update(neighbours(state, index))
    reachable.discard(own)
    targets = tuple(line[i][-1] for i in sorted(reachable))
    _target_or_ask(state, card, actor, targets, rules.APOTHICAIRE_ABILITY, events)


def _felon(state, card, actor, events, revealing):
    for top in _adjacent_tops(state, card):
        lose(state, counted_family(state, top, events), 1, "Félon", rules.FELON_ABILITY, events)


def _intrigante(state, card, actor, events, revealing):
    line = state.line
    piles = tuple(line[i][-1] for i in neighbours(state, index_of(state, card)) if len(line[i]) > 1)
    if not piles:
        gain(state, actor, 2, "Intrigante", rules.INTRIGANTE_ABILITY, events)
        return
    events.append(Event("beside_pile", _PILE, rules.INTRIGANTE_ABILITY, {"card": "Intrigante", "player": actor},
                        (A.INTRIGANTE_DISCARD.id,)))
    if state.game.intrigante_discards_itself:
        discard(state, card, rules.INTRIGANTE_ABILITY, events, (A.INTRIGANTE_DISCARD.id,))
    else:
        _target_or_ask(state, card, actor, piles, rules.INTRIGANTE_ABILITY, events)


def _usurpation(state, card, actor, events, revealing):
    _target_or_ask(state, card, actor, _adjacent_tops(state, card), rules.USURPATION_ELIMINATE, events, discard_after=True)


def _machination(state, card, actor, events, revealing):
    state.decisions.push(decisions.machination_point(actor, card))
    _activate_or_ask(state, card, actor, events)


def _guet_apens(state, card, actor, events, revealing):
    points = state.points[card]
    if points:
        state.points[card] = 0
        state.card_out += points
    events.append(Event("points_discarded", _AMBUSH_POINTS,
                        rules.GUET_APENS_REVEALED, {"amount": points, "player": actor}))
    gain(state, actor, 1, "Guet-apens", rules.GUET_APENS_REVEALED, events)
    discard(state, card, rules.GUET_APENS_DISCARD, events)


def _corruption(state, card, actor, events, revealing):
    line = state.line
    targets = tuple(stack[-1] for stack in line if stack[-1] % FAMILY_SIZE in CHARACTERS and state.revealed[stack[-1]])
    _target_or_ask(state, card, actor, targets, rules.CORRUPTION_TOKEN, events, discard_after=True)


_ABILITIES = (_prince, _jumeau, _reine, _coupe_jarret, _apothicaire, _felon, _intrigante,
              _usurpation, _machination, _guet_apens, _corruption)
_INTRIGUE_DISCARD = {USURPATION: rules.USURPATION_DISCARD, CORRUPTION: rules.CORRUPTION_DISCARD}


def _target_or_ask(state, card, actor, targets, citation, events, *, discard_after: bool = False) -> None:
    """No target: nothing happens; one: it is hit; several: ``actor`` chooses (a ``TARGET`` decision). The cards
    covered under a target are out of its reach (PILE DE CARTES: « ni être prise pour cible »): said, with that rule."""
    for top in targets:
        stack = state.line[index_of(state, top)]
        for covered in stack[:-1]:
            events.append(Event("covered_out_of_reach", _OUT_OF_REACH, rules.COVERED_NOTHING,
                                {"card": NAMES[covered % FAMILY_SIZE], "owner": covered // FAMILY_SIZE}))
    if not targets:
        events.append(Event("no_target", _NO_TARGET, citation, {"card": NAMES[card % FAMILY_SIZE], "player": actor}))
        if discard_after:
            discard(state, card, _INTRIGUE_DISCARD[card % FAMILY_SIZE], events)
    elif len(targets) == 1:
        hit(state, card, actor, targets[0], events)
    else:
        events.append(Event("choice_required", _CHOICE, citation,
                            {"card": NAMES[card % FAMILY_SIZE], "player": actor, "options": len(targets)}))
        state.decisions.push(decisions.choice(TARGET, actor, card, targets, citation))


def hit(state, card: int, actor: int, target: int, events: list) -> None:
    """The rest of a targeting ability once its target is known."""
    kind = card % FAMILY_SIZE
    if kind == COUPE_JARRET:
        _cutthroat_hit(state, card, actor, target, events)
    elif kind == APOTHICAIRE:
        eliminate(state, target, actor, card, events, point=True)
    elif kind == USURPATION:
        _usurp(state, card, actor, target, events)
    elif kind == CORRUPTION:
        _corrupt(state, card, actor, target, events)
    elif kind == INTRIGANTE:
        for pile_card in reversed(state.line[stack_of(state, target)]):
            discard(state, pile_card, rules.INTRIGANTE_ABILITY, events, (A.INTRIGANTE_DISCARD.id,))


def _cutthroat_hit(state, card, actor, target, events) -> None:
    name = target % FAMILY_SIZE
    covered_too = state.game.cutthroat_covered
    victims = [target]
    for stack in state.line:
        for other in (stack if covered_too else stack[-1:]):
            if other != target and other % FAMILY_SIZE == name and state.revealed[other] and family(state, other) != actor:
                victims.append(other)
    single = len(victims) == 1
    if any(other % FAMILY_SIZE == name and family(state, other) != actor and state.revealed[other]
           for stack in state.line for other in stack[:-1]):
        events.append(Event("same_name_victims", _SAME_NAME, rules.COUPE_JARRET_ABILITY,
                            {"player": actor, "card": NAMES[name], "count": len(victims) - 1},
                            (A.CUTTHROAT_COVERED.id,)))
    for victim in victims:
        if stack_of(state, victim) >= 0:
            eliminate(state, victim, actor, card, events, point=not single, single_cutthroat=single)
    if single:
        events.append(Event("no_elimination_point", _NO_POINT, rules.COUPE_JARRET_SINGLE,
                            {"card": "Coupe-jarret", "player": actor}))


def _usurp(state, card, actor, target, events) -> None:
    replace = target % FAMILY_SIZE in CHARACTERS and family(state, target) != actor
    spot = _spot(state, target)
    eliminate(state, target, actor, card, events, point=True)
    if replace:
        _replace(state, actor, target % FAMILY_SIZE, spot, events)
    else:
        events.append(Event("replacement_not_due", _NOT_DUE, rules.USURPATION_REPLACE,
                            {"player": actor, "card": NAMES[target % FAMILY_SIZE], "owner": target // FAMILY_SIZE,
                             "character": target % FAMILY_SIZE in CHARACTERS}))
    if index_of(state, card) >= 0:
        discard(state, card, rules.USURPATION_DISCARD, events)


def _spot(state, target: int) -> tuple[int, int, int]:
    """What locates ``target``'s place after it leaves: the card under it, the tops before and after it."""
    line = state.line
    index = index_of(state, target)
    stack = line[index]
    below = stack[-2] if len(stack) > 1 else -1
    before = line[index - 1][-1] if index > 0 else -1
    after = line[index + 1][-1] if index + 1 < len(line) else -1
    return below, before, after


def _replace(state, actor: int, kind: int, spot, events) -> None:
    mine = actor * FAMILY_SIZE + kind
    if mine in state.aside[actor]:
        state.aside[actor].remove(mine)
        source = "set-aside cards"
    elif mine in state.discards[actor]:
        state.discards[actor].remove(mine)
        source = "discarded or eliminated cards"
    elif kind == JUMEAU and state.twins[actor] == mine and state.game.twin_is_set_aside:
        state.twins[actor] = -1
        source = "set-aside cards"
    else:
        events.append(Event("no_replacement", _NO_REPLACEMENT, rules.USURPATION_REPLACE,
                            {"player": actor, "card": NAMES[kind]}, (A.USURPATION_MISSING.id,)))
        return
    state.revealed[mine] = True
    below, before, after = spot
    if below >= 0 and stack_of(state, below) >= 0:
        state.line[stack_of(state, below)].append(mine)
    elif before >= 0 and stack_of(state, before) >= 0:
        insert_stack(state, stack_of(state, before) + 1, mine)
    elif after >= 0 and stack_of(state, after) >= 0:
        insert_stack(state, stack_of(state, after), mine)
    else:
        insert_stack(state, len(state.line), mine)
    events.append(Event("card_replaced", _REPLACED, rules.USURPATION_REPLACE,
                        {"player": actor, "card": NAMES[kind], "source": source}, (A.REPLACEMENT_SPOT.id,)))


def _corrupt(state, card, actor, target, events) -> None:
    previous = state.corrupt[target]
    state.corrupt[target] = actor
    events.append(Event("card_corrupted", _CORRUPTED, rules.CORRUPTION_FAMILY,
                        {"player": actor, "card": NAMES[target % FAMILY_SIZE], "owner": target // FAMILY_SIZE,
                         "previous": previous}))
    discard(state, card, rules.CORRUPTION_DISCARD, events)


# -- the Machination ----------------------------------------------------------------------

def _activate_or_ask(state, machination: int, actor: int, events: list, previous: int = -1) -> None:
    if previous >= 0 and not state.game.machination_any:
        targets = (previous,) if index_of(state, previous) >= 0 else ()
    else:
        targets = tuple(stack[-1] for stack in state.line
                        if stack[-1] % FAMILY_SIZE in CHARACTERS and state.revealed[stack[-1]]
                        and family(state, stack[-1]) == actor)
    if not targets:
        events.append(Event("no_target", _NO_TARGET, rules.MACHINATION_ACTIVATE, {"card": "Machination", "player": actor}))
    elif len(targets) == 1:
        activate(state, machination, actor, targets[0], events)
    else:
        events.append(Event("choice_required", _CHOICE, rules.MACHINATION_ACTIVATE,
                            {"card": "Machination", "player": actor, "options": len(targets)}))
        state.decisions.push(decisions.choice(ACTIVATE, actor, machination, targets, rules.MACHINATION_ACTIVATE))


def activate(state, machination: int, actor: int, character: int, events: list) -> None:
    for decision in state.decisions:  # from the top
        if decision.kind == POINT and decision.data["source"] == machination:
            decision.data["activated"] = character
            break
    events.append(Event("machination_activates", _ACTIVATED, rules.MACHINATION_ACTIVATE,
                        {"player": actor, "card": NAMES[character % FAMILY_SIZE], "owner": character // FAMILY_SIZE}))
    resolve(state, character, actor, events)


def machination_point(state, decision, option: str, events: list) -> None:
    machination, actor = decision.data["source"], decision.player
    state.points[machination] -= 1
    state.card_out += 1
    if option == POINT_OPTIONS[0]:
        events.append(Event("machination_point", _POINT_GAINED, rules.MACHINATION_POINTS, {"player": actor, "option": "gain"}))
        gain(state, actor, 1, "Machination", rules.MACHINATION_POINTS, events)
    else:
        events.append(Event("machination_point", _POINT_SPENT, rules.MACHINATION_POINTS, {"player": actor, "option": "repeat"}))
        _activate_or_ask(state, machination, actor, events, decision.data["activated"])


def finish_machination(state, decision, events: list) -> None:
    if index_of(state, decision.data["source"]) >= 0:
        discard(state, decision.data["source"], rules.MACHINATION_DISCARD, events)
