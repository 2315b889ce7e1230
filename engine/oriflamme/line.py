"""The line of influence and influence points: neighbours, gains and losses, cards leaving the line.

Shared by the abilities (:mod:`.abilities`) and the turn structure
(:mod:`.state`). Every function takes the state, mutates it and appends cited
events. ``actor`` is the player resolving a card (its family, corruption
included); cards are ids (:mod:`.cards`).
"""

from __future__ import annotations

from engine.core.events import Event, MessageTemplate
from engine.oriflamme import assumptions as A
from engine.oriflamme import rules
from engine.oriflamme.cards import FAMILY_SIZE, GUET_APENS, JUMEAU, NAMES, PRINCE, REINE

_GAIN = MessageTemplate("Player {player} gains {amount} influence ({source}).")
_LOSS = MessageTemplate("Player {player} loses {amount} influence ({source}).")
_ELIMINATED = MessageTemplate("Player {player} eliminates {card} of player {owner}.")
_POINTS_LOST = MessageTemplate("The {amount} influence on the face-down {card} of player {owner} are lost; the card is revealed.")
_DISCARDED = MessageTemplate("{card} of player {owner} is discarded.")
_PARTNER_COVERED = MessageTemplate("{card} of player {owner} is covered: it is not discarded.")
_PARTNER_ABSENT = MessageTemplate("{card} of player {owner} is not in the line: nothing is discarded.")
_TRAP = MessageTemplate("The Guet-apens of player {owner} was eliminated by player {player}'s {card}: that card is discarded.")
_STEAL = MessageTemplate("Player {thief} steals {amount} influence from player {player}.")
_COUNTS_FOR = MessageTemplate("{card} of player {owner}, corrupted by player {player}, now counts for its corrupter's family.")


# -- reading the line ---------------------------------------------------------------------

def family(state, card: int) -> int:
    """The family a card belongs to now: its corrupter's, else its printer's."""
    corrupter = state.corrupt[card]
    return corrupter if corrupter >= 0 else card // FAMILY_SIZE


def counted_family(state, card: int, events: list) -> int:
    """The family ``card`` counts for in a tally (the Félon's, the tie-break's): its corrupter's under
    ``oriflamme.corrupted_card_family = corrupter`` (« Ce personnage est dorénavant de votre famille. »), told with
    an event citing that sentence, else its printer's."""
    corrupter, printer = state.corrupt[card], card // FAMILY_SIZE
    if corrupter in (-1, printer) or not state.game.corrupter_counts:
        return printer
    events.append(Event("corrupted_card_counted", _COUNTS_FOR, rules.CORRUPTION_FAMILY,
                        {"card": NAMES[card % FAMILY_SIZE], "owner": card // FAMILY_SIZE, "player": corrupter},
                        (A.CORRUPTED_FAMILY.id,)))
    return corrupter


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

POINTS_ON_CARD = "points on the revealed card"
"""The source of a gain made of the points that lay on a card (its owner's, when it is revealed: an assumption)."""


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
