"""What a placed card does: its ability, its comparisons, Résonance, captures, and the Onde.

``resolve_placement(state, card, events)`` is called once the card lies on its
square. Every capture goes to the placing side (only its cards attack during a
placement), so each card changes sides at most once per placement and the
chain ends. Comparisons use effective ranks: printed ranks (after swaps and
flips) + the Maudits' permanent bonus + the Abysses' bonus - poison, and a
Gardien defending gets +1 on the attacked rank.

``events`` is the list the placement's events go to, or ``None`` for a quiet
playout (``EmpriseState.random_playout``): the same rules and the same positions,
no event built.
"""

from __future__ import annotations

from collections import deque

from engine.core.events import Event, MessageTemplate
from engine.emprise import assumptions as A
from engine.emprise import rules as R
from engine.emprise.board import DIRECTION_NAMES, LINES, NEIGHBOURS, OPPOSITE, SQUARE_NAMES
from engine.emprise.orders import ABYSSES, ARCHERS, CENDRES, CHIMERES, DORES, GARDIENS, MAUDITS, ORDERS, PESTIFERES, PIQUES

_CAPTURED = MessageTemplate("{attacker_order} on {by} takes the {order} on {square} ({attack} against {defence}, {rule}); it now belongs to player {player}.")
_HELD = MessageTemplate("{attacker_order} on {by} does not take the {order} on {square}: {attack} against {defence} is not strictly greater.")
_TIE = MessageTemplate("Tie {attack} against {defence} between {by} and {square} ({whose} card).")
_TIE_ALONE = MessageTemplate("A single tie takes nothing: the {order} on {square} stays where it is.")
_RESONANCE = MessageTemplate("Résonance on {by}: {ties} exact ties on the same placement, every tied enemy card falls ({squares}).")
_ONDE = MessageTemplate("Onde: the {order} on {square}, taken by {taken_by}, now serves player {player}: its ability, then it attacks its enemy neighbours with the normal rule.")
_SWAPPED = MessageTemplate("Dorés on {square} swaps its {side} rank ({mine}) with the {order} on {target} ({theirs}).")
_FLIPPED = MessageTemplate("Chimère on {square} turns over the {order} on {target} on its axis: its rank facing the Chimère goes from {before} to {after}.")
_PULLED = MessageTemplate("Cendres on {square} pull the {order} on {origin} to {target}.")
_CURSED = MessageTemplate("The Maudit on {square} is captured: +1 on its four ranks for good (bonus now +{bonus}).")
_MODIFIED = MessageTemplate("{source} changes the {side} rank of the {order} on {square} by {delta:+d}.")


_FACING = tuple(tuple((d, sq, 1) for d, sq in pairs) for pairs in NEIGHBOURS)
"""``_FACING[square]``: ``(direction, square, distance 1)`` for each neighbour, as ``_archer_targets`` gives them."""


def effective_rank(state, card, direction: int) -> int:
    """The rank ``card`` shows in ``direction`` now, before a Gardien's defence bonus."""
    value = card.ranks[direction] + card.bonus
    if card.order == ABYSSES:
        value += state.abyss_bonus(card)
    if state.poisoned[card.square]:
        value -= state.poison(card)
    return value


def resolve_placement(state, card, events: list | None) -> None:
    """Ability, comparisons, Résonance and captures of a card just placed, then the Onde."""
    game = state.game
    order = card.order
    if order == CENDRES and game.pull_first:
        pull(state, card, events)
    if game.ability_first and (order == DORES or order == CHIMERES):
        _swap_or_flip(state, card, events)
    fallen = attack(state, card, events, resonance=True)
    if not game.ability_first and (order == DORES or order == CHIMERES):
        _swap_or_flip(state, card, events)
    if order == CENDRES and not game.pull_first:
        pull(state, card, events)
    if fallen:
        _onde(state, fallen, events)


def attack(state, card, events: list | None, *, resonance: bool, onde: int = 0) -> list:
    """Compare ``card`` with the card it faces in each direction; capture; return the cards taken by Résonance
    (with ``resonance``) or every card taken (in an Onde, ``onde`` = its generation, 1 for the first)."""
    board = state.board
    poisoned = state.poisoned
    player = card.owner
    game = state.game
    square = card.square
    if card.order == ARCHERS and (not onde or game.onde_reach):
        faced = _archer_targets(board, square, player, game)
    else:
        faced = _FACING[square]
    ranks = card.ranks
    bonus = card.bonus
    plain = card.order != ABYSSES and not poisoned[square]
    own_ties = 0
    tied = None
    taken = []
    for d, sq, distance in faced:
        target = board[sq]
        if target is None:
            continue
        own = target.owner == player
        if own and not resonance:
            continue
        attack_value = ranks[d] + bonus if plain else effective_rank(state, card, d)
        back = OPPOSITE[d]
        target_order = target.order
        target_plain = target_order != ABYSSES and not poisoned[target.square]
        defence = target.ranks[back] + target.bonus if target_plain else effective_rank(state, target, back)
        if own:
            if attack_value == defence and (distance == 1 or game.ranged_ties):
                own_ties += 1
                if events is not None:
                    events.append(_tie_event(card, target, attack_value, defence, "own", distance))
            continue
        if target_order == GARDIENS:
            defence += 1
            if events is not None:
                _modifier_events(state, card, d, target, back, events)
        elif events is not None and (not (plain and target_plain) or bonus or target.bonus):
            _modifier_events(state, card, d, target, back, events)
        if attack_value > defence:
            taken.append((target, d, attack_value, defence, distance))
        elif attack_value == defence and resonance and (distance == 1 or game.ranged_ties):
            if tied is None:
                tied = []
            tied.append((target, d, attack_value, defence, distance))
            if events is not None:
                events.append(_tie_event(card, target, attack_value, defence, "enemy", distance))
        elif events is not None:
            events.append(Event("held", _HELD, R.TIE_NOTHING if attack_value == defence else R.FACING_RANKS,
                                _comparison_data(card, target, attack_value, defence, distance),
                                (A.ARCHERS_RANGE,) if distance > 1 else ()))
    for target, d, attack_value, defence, distance in taken:
        rule = f"onde {onde}" if onde else "capture"
        citation = (R.ONDE_ATTACK if onde == 1 else R.ONDE_CHAIN) if onde else (R.ARCHERS if distance > 1 else R.STRICTLY_GREATER)
        _capture(state, card, target, attack_value, defence, "archers" if distance > 1 else rule, citation, events,
                 (A.ARCHERS_RANGE, A.ARCHERS_BLOCKING) if distance > 1 else ())
    by_resonance = []
    if tied is not None:
        if own_ties + len(tied) >= 2:
            if events is not None:
                events.append(Event("resonance", _RESONANCE, R.OWN_CARD_TIE if own_ties else R.TWO_TIES, {
                    "by": SQUARE_NAMES[square], "player": player, "ties": own_ties + len(tied), "own_ties": own_ties,
                    "squares": ", ".join(SQUARE_NAMES[t.square] for t, *_ in tied),
                }))
            for target, d, attack_value, defence, distance in tied:
                _capture(state, card, target, attack_value, defence, "resonance", R.TWO_TIES, events,
                         (A.RANGED_TIES,) if distance > 1 else ())
                by_resonance.append(target)
        elif events is not None:
            target = tied[0][0]
            events.append(Event("tie_alone", _TIE_ALONE, R.SINGLE_TIE,
                                {"square": SQUARE_NAMES[target.square], "order": ORDERS[target.order], "player": target.owner}))
    if card.order == PIQUES and (taken or by_resonance) and (not onde or game.onde_reach):
        pierced = _pierce(state, card, [(t, d) for t, d, *_ in taken] + [(t, _direction(card, t)) for t in by_resonance],
                          events)
        if onde:
            taken.extend((t, 0, 0, 0, 1) for t in pierced)
    if onde:
        return [t for t, *_ in taken]
    return by_resonance


def pull(state, card, events: list | None) -> None:
    """Cendres: in each direction the nearest card, if not already adjacent, moves next to the Cendres."""
    board = state.board
    for d, line in enumerate(LINES[card.square]):
        if len(line) < 2 or board[line[0]] is not None:
            continue
        for sq in line[1:]:
            pulled = board[sq]
            if pulled is not None:
                state.move(pulled, line[0])
                if events is not None:
                    events.append(Event("card_pulled", _PULLED, R.CENDRES, {
                        "square": SQUARE_NAMES[card.square], "order": ORDERS[pulled.order], "owner": pulled.owner,
                        "origin": SQUARE_NAMES[sq], "target": SQUARE_NAMES[line[0]],
                    }, (A.CENDRES_PULL,)))
                break


def _swap_or_flip(state, card, events: list | None) -> None:
    board = state.board
    player = card.owner
    mirror = state.game.chimeres_mirror
    for d, sq in NEIGHBOURS[card.square]:
        target = board[sq]
        if target is None or target.owner == player:
            continue
        back = OPPOSITE[d]
        if card.order == DORES:
            mine, theirs = card.ranks[d], target.ranks[back]
            card.ranks[d], target.ranks[back] = theirs, mine
            if events is not None:
                events.append(Event("ranks_swapped", _SWAPPED, R.DORES, {
                    "square": SQUARE_NAMES[card.square], "target": SQUARE_NAMES[sq], "order": ORDERS[target.order],
                    "side": DIRECTION_NAMES[d], "mine": mine, "theirs": theirs,
                }, (A.ABILITY_TIMING,)))
        else:
            before = target.ranks[back]
            if mirror:
                target.ranks[back] = 10 - before
            else:
                target.ranks[back], target.ranks[d] = target.ranks[d], before
            if events is not None:
                events.append(Event("rank_flipped", _FLIPPED, R.CHIMERES, {
                    "square": SQUARE_NAMES[card.square], "target": SQUARE_NAMES[sq], "order": ORDERS[target.order],
                    "before": before, "after": target.ranks[back],
                }, (A.ABILITY_TIMING, A.CHIMERES_FLIP)))


def _archer_targets(board, square, player, game) -> list:
    """``(direction, square, distance)`` for an Archer: in each line the first card (or, shooting over own
    cards, the first enemy card) within range."""
    found = []
    limit = 2 if game.archers_short else 4
    for d, line in enumerate(LINES[square]):
        for distance, sq in enumerate(line[:limit], 1):
            target = board[sq]
            if target is None or (target.owner == player and game.shoot_over):
                continue
            found.append((d, sq, distance))
            break
    return found


def _pierce(state, card, hits, events: list | None) -> list:
    """Piques: after a capture, the same rank attacks the next card of that line while it captures."""
    board = state.board
    player = card.owner
    through_own = state.game.pierce_own
    pierced = []
    for target, d in hits:
        if d < 0:
            continue
        attack_value = effective_rank(state, card, d)
        for sq in LINES[target.square][d]:
            victim = board[sq]
            if victim is None:
                break
            if victim.owner == player:
                if through_own:
                    continue
                break
            defence = effective_rank(state, victim, OPPOSITE[d]) + (victim.order == GARDIENS)
            if attack_value <= defence:
                if events is not None:
                    events.append(Event("held", _HELD, R.PIQUES, _comparison_data(card, victim, attack_value, defence, 0),
                                        (A.PIQUES_PIERCE,)))
                break
            _capture(state, card, victim, attack_value, defence, "pierce", R.PIQUES, events, (A.PIQUES_PIERCE,))
            pierced.append(victim)
    return pierced


def _onde(state, fallen: list, events: list | None) -> None:
    """Each card taken by Résonance acts for its new side: ability, then normal attacks; every card taken chains."""
    depth_first = state.game.onde_depth_first
    queue = deque((card, 1) for card in fallen)
    while queue:
        card, generation = queue.popleft()
        if events is not None:
            events.append(Event("onde", _ONDE, R.ONDE_SERVES if generation == 1 else R.ONDE_CHAIN, {
                "square": SQUARE_NAMES[card.square], "order": ORDERS[card.order], "player": card.owner,
                "generation": generation, "taken_by": "Résonance" if generation == 1 else "the Onde",
            }, (A.ONDE_ORDER,)))
        order = card.order
        if order == CENDRES:
            pull(state, card, events)
        elif order == DORES or order == CHIMERES:
            _swap_or_flip(state, card, events)
        taken = attack(state, card, events, resonance=False, onde=generation)
        if depth_first:
            queue.extendleft(reversed([(t, generation + 1) for t in taken]))
        else:
            queue.extend((t, generation + 1) for t in taken)


def _capture(state, card, target, attack_value, defence, rule, citation, events, assumptions=()) -> None:
    state.change_owner(target, card.owner)
    if events is not None:
        events.append(Event("captured", _CAPTURED, citation, {
            "player": card.owner, "square": SQUARE_NAMES[target.square], "order": ORDERS[target.order],
            "by": SQUARE_NAMES[card.square], "attacker_order": ORDERS[card.order],
            "attack": attack_value, "defence": defence, "rule": rule,
        }, assumptions))
    if target.order == MAUDITS:
        target.bonus += 1
        if events is not None:
            events.append(Event("cursed_strengthened", _CURSED, R.MAUDITS,
                                {"square": SQUARE_NAMES[target.square], "bonus": target.bonus}))


def _direction(card, target) -> int:
    for d, sq in NEIGHBOURS[card.square]:
        if sq == target.square:
            return d
    return -1


def _comparison_data(card, target, attack_value, defence, distance) -> dict:
    return {
        "by": SQUARE_NAMES[card.square], "attacker_order": ORDERS[card.order], "square": SQUARE_NAMES[target.square],
        "order": ORDERS[target.order], "owner": target.owner, "attack": attack_value, "defence": defence,
        "distance": distance,
    }


def _tie_event(card, target, attack_value, defence, whose, distance) -> Event:
    data = _comparison_data(card, target, attack_value, defence, distance)
    data["whose"] = whose
    return Event("tie", _TIE, R.OWN_CARD_TIE if whose == "own" else R.FACING_RANKS, data,
                 (A.RANGED_TIES,) if distance > 1 else ())


def _modifier_events(state, card, d, target, back, events: list) -> None:
    """One event per modifier that changed a rank of this comparison, citing the Order responsible."""
    poisoned = state.poisoned
    for who, side in ((card, d), (target, back)):
        if not (who.bonus or poisoned[who.square] or who.order == ABYSSES or (who is target and who.order == GARDIENS)):
            continue  # no modifier can apply (``modifiers`` would find none)
        for source, delta, citation, assumptions in state.modifiers(who, defending=who is target):
            events.append(Event("rank_modified", _MODIFIED, citation, {
                "source": source, "square": SQUARE_NAMES[who.square], "order": ORDERS[who.order],
                "side": DIRECTION_NAMES[side], "delta": delta,
            }, assumptions))
