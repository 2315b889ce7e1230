"""Card abilities, eliminations and discards: what happens when a card of the line resolves.

Every function takes the state, mutates it and appends cited events. The
``actor`` is the player resolving the card (its family, corruption included);
cards are ids (:mod:`.cards`). Decisions are pushed on ``state.decisions``
(:mod:`.decisions`); :func:`hit`, :func:`activate` and :func:`machination_point`
run the rest of an ability once chosen.
"""

from __future__ import annotations

from engine.core.events import Event, MessageTemplate
from engine.oriflamme import assumptions as A
from engine.oriflamme import rules
from engine.oriflamme.cards import (
    APOTHICAIRE, CHARACTERS, CORRUPTION, COUPE_JARRET, FAMILY_SIZE, FELON, GUET_APENS, INTRIGANTE, JUMEAU,
    MACHINATION, NAMES, PRINCE, REINE, USURPATION,
)
from engine.oriflamme import decisions
from engine.oriflamme.decisions import ACTIVATE, POINT, POINT_OPTIONS, TARGET

_GAIN = MessageTemplate("Player {player} gains {amount} influence ({source}).")
_LOSS = MessageTemplate("Player {player} loses {amount} influence ({source}).")
_ELIMINATED = MessageTemplate("Player {player} eliminates {card} of player {owner}.")
_POINTS_LOST = MessageTemplate("The {amount} influence on the face-down {card} of player {owner} are lost; the card is revealed.")
_DISCARDED = MessageTemplate("{card} of player {owner} is discarded.")
_NO_TARGET = MessageTemplate("{card} of player {player} has no card to target.")
_CHOICE = MessageTemplate("Player {player} chooses the target of {card} ({options} options).")
_NO_POINT = MessageTemplate("{card} of player {player} eliminated a single card: no elimination point.")
_TWIN_PLACED = MessageTemplate("The Jumeau of player {player} enters the line, revealed, at position {position}.")
_PARTNER_COVERED = MessageTemplate("{card} of player {owner} is covered: it is not discarded.")
_PARTNER_ABSENT = MessageTemplate("{card} of player {owner} is not in the line: nothing is discarded.")
_TRAP = MessageTemplate("The Guet-apens of player {owner} was eliminated by player {player}'s {card}: that card is discarded.")
_STEAL = MessageTemplate("Player {thief} steals {amount} influence from player {player}.")
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


# -- reading the line ---------------------------------------------------------------------

def family(state, card: int) -> int:
    """The family a card belongs to now: its corrupter's, else its printer's."""
    corrupter = state.corrupt[card]
    return corrupter if corrupter >= 0 else card // FAMILY_SIZE


def index_of(state, card: int) -> int:
    """The index of the stack whose top is ``card``, or -1 (not in the line, or covered)."""
    for index, stack in enumerate(state.line):
        if stack[-1] == card:
            return index
    return -1


def stack_of(state, card: int) -> int:
    """The index of the stack holding ``card`` anywhere, or -1."""
    for index, stack in enumerate(state.line):
        if card in stack:
            return index
    return -1


def neighbours(state, index: int) -> list[int]:
    """Indices of the stacks adjacent to ``index`` (``oriflamme.line_ends_adjacent``)."""
    last = len(state.line) - 1
    found = []
    if index > 0:
        found.append(index - 1)
    elif state.game.circular and last > 1:
        found.append(last)
    if index < last:
        found.append(index + 1)
    elif state.game.circular and last > 1 and index == last:
        found.append(0)
    return found


# -- influence ----------------------------------------------------------------------------

def gain(state, player: int, amount: int, source: str, citation, events: list, assumptions=()) -> None:
    state.influence[player] += amount
    state.gained[player] += amount
    events.append(Event("influence_gained", _GAIN, citation,
                        {"player": player, "amount": amount, "source": source}, assumptions))


def lose(state, player: int, amount: int, source: str, citation, events: list) -> None:
    """Lose ``amount`` to the reserve (no lower than zero under ``oriflamme.influence_below_zero``)."""
    if state.game.floor:
        amount = max(0, min(amount, state.influence[player]))
    state.influence[player] -= amount
    state.lost[player] += amount
    events.append(Event("influence_lost", _LOSS, citation, {"player": player, "amount": amount, "source": source},
                        (A.INFLUENCE_BELOW_ZERO.id,)))


# -- leaving the line ---------------------------------------------------------------------

def take_out(state, card: int) -> int:
    """Remove ``card`` from wherever it is in the line and close up; returns the points it carried."""
    line = state.line
    index = stack_of(state, card)
    stack = line[index]
    stack.remove(card)
    if not stack:
        del line[index]
        if index < state.cursor:
            state.cursor -= 1
    points = state.points[card]
    if points:
        state.points[card] = 0
        state.card_out += points
    state.corrupt_leaving(card)
    state.revealed[card] = True
    return points


def insert_stack(state, index: int, card: int) -> None:
    state.line.insert(index, [card])
    if index < state.cursor:
        state.cursor += 1


def discard(state, card: int, citation, events: list, assumptions=()) -> None:
    """Discard a card of the line: out of the line, face up in front of its owner (no point for anyone)."""
    owner = state.owner_on_leaving(card)
    face_down = not state.revealed[card]
    lost = take_out(state, card)
    state.discards[owner].append(card)
    events.append(Event("card_discarded", _DISCARDED, citation,
                        {"card": NAMES[card % FAMILY_SIZE], "owner": card // FAMILY_SIZE, "face_down": face_down,
                         "points_lost": lost}, assumptions))


def eliminate(state, target: int, actor: int, by: int, events: list, *, point: bool, single_cutthroat: bool = False) -> None:
    """``actor``'s card ``by`` eliminates ``target``: point, Reine's bonus, partner discards, the Guet-apens' trap."""
    kind = target % FAMILY_SIZE
    printer = target // FAMILY_SIZE
    adverse = family(state, target) != actor
    face_down = not state.revealed[target]
    owner = state.owner_on_leaving(target)
    lost = take_out(state, target)
    state.discards[owner].append(target)
    data = {"player": actor, "card": NAMES[kind], "owner": printer, "by": NAMES[by % FAMILY_SIZE], "face_down": face_down}
    events.append(Event("card_eliminated", _ELIMINATED, rules.REMOVED, data))
    if face_down:
        events.append(Event("points_lost", _POINTS_LOST, rules.FACE_DOWN_POINTS_LOST,
                            {"card": NAMES[kind], "owner": printer, "amount": lost}))
    if point:
        gain(state, actor, 1, "elimination", rules.ELIMINATION_POINT, events)
    if kind == REINE and adverse:
        if not single_cutthroat:
            gain(state, actor, 1, "Reine", rules.REINE_BONUS, events)
        elif state.game.queen_bonus_single:
            gain(state, actor, 1, "Reine", rules.REINE_BONUS, events, (A.QUEEN_BONUS_SINGLE.id,))
    if kind == PRINCE:
        _discard_partner(state, printer * FAMILY_SIZE + JUMEAU, rules.PRINCE_ELIMINATED, events)
    elif kind == JUMEAU:
        _discard_partner(state, printer * FAMILY_SIZE + PRINCE, rules.JUMEAU_ELIMINATED, events)
    elif kind == GUET_APENS and actor != printer:
        if index_of(state, by) >= 0:
            events.append(Event("trap_sprung", _TRAP, rules.GUET_APENS_TRAP,
                                {"player": actor, "owner": printer, "card": NAMES[by % FAMILY_SIZE]}))
            discard(state, by, rules.GUET_APENS_TRAP, events)
        steal(state, printer, actor, 3, events)


def _discard_partner(state, partner: int, citation, events: list) -> None:
    data = {"card": NAMES[partner % FAMILY_SIZE], "owner": partner // FAMILY_SIZE}
    if index_of(state, partner) >= 0:
        discard(state, partner, citation, events)
    elif stack_of(state, partner) >= 0:
        events.append(Event("partner_covered", _PARTNER_COVERED, citation, data))
    else:
        events.append(Event("partner_not_in_line", _PARTNER_ABSENT, citation, data, (A.PAIR_OUTSIDE_LINE.id,)))


def steal(state, thief: int, victim: int, amount: int, events: list) -> None:
    if state.game.take_what_there_is:
        amount = min(amount, max(state.influence[victim], 0))
    state.influence[victim] -= amount
    state.influence[thief] += amount
    state.stolen[victim] -= amount
    state.stolen[thief] += amount
    events.append(Event("influence_stolen", _STEAL, rules.GUET_APENS_TRAP,
                        {"thief": thief, "player": victim, "amount": amount}, (A.STEAL_SHORT.id,)))


# -- abilities ----------------------------------------------------------------------------

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
    counted = family if state.game.corrupter_counts else _printer
    for top in _adjacent_tops(state, card):
        lose(state, counted(state, top), 1, "Félon", rules.FELON_ABILITY, events)


def _printer(state, card: int) -> int:
    return card // FAMILY_SIZE


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
    """No target: nothing happens; one: it is hit; several: ``actor`` chooses (a ``TARGET`` decision)."""
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
