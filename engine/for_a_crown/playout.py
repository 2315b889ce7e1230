"""Quiet random playouts: the games of the ``random_step`` loop, without events or action dicts.

``ForACrownState.random_playout`` plays here. A 4-family game is ~204 actions;
the ``random_step`` loop builds an action dict and several events for each,
which checked playouts, scenarios and answers read but a speed benchmark or a
win-rate count does not. This loop keeps the task stack as ``(kind, seat, arg)``
tuples, updates the chests and their ledger in place and draws from the ``rng``
exactly as ``random_step`` does (the same options in the same order, the
same ``getrandbits`` and ``random`` calls), so the positions reached are the
same. What makes it cheap: recruitment options counted by column rather than
listed, Influence moves read from a table by occupied squares, the tasks of each
pile code built once, and one loop for automatic tasks, decisions and reveals.
``tests/engine/for_a_crown/test_playout.py`` compares the final position and
the generator's state with the ``random_step`` loop, game by game. The
rules it applies are those of :mod:`.effects`, :mod:`.chest`,
:mod:`.recruitment` and :mod:`.rounds`, which cite them (each step names the
function it mirrors); the final count, once a game, calls the state's own
method with an event list that is dropped.
"""

from __future__ import annotations

from bisect import bisect, insort

from engine.for_a_crown.chest import SALE_RUBIES, payment_splits
from engine.for_a_crown.codes import COLUMNS, EVENT_BASE, NO_OWNER, OVER, OWNER_BITS, RECRUIT, REVEAL, ROUNDS
from engine.for_a_crown.data import (
    BRIBE, BURGLARY, COIN, DIE, INFLUENCE, LOSE_RUBY, MAGES, MAGIC_BOOST, MERCENARIES, RACCOON, REVEALED_PER_DECK, RUBY,
    RUBY_THEFT, SCANDAL, TAKE_RACCOON,
)
from engine.for_a_crown.effects import BRIBE_OFFER, CHOOSE, EFFECT, MAGES_OFFER, MOVE, ROLL, TARGET, task, unpack
from engine.for_a_crown.galerie import EMPTY, ZONE_LOSS, move_table, moves_by_mask, zones

_LEVEL_ONE = tuple(card.level == 1 for card in MERCENARIES)
_EFFECTS = tuple(card.effects for card in MERCENARIES)
_REVEAL_TASKS = tuple(
    (((CHOOSE, code & NO_OWNER, code >> OWNER_BITS),) if _LEVEL_ONE[code >> OWNER_BITS]
     else tuple((EFFECT, code & NO_OWNER, effect) for effect in reversed(_EFFECTS[code >> OWNER_BITS])))
    for code in range(EVENT_BASE << OWNER_BITS)
)
"""Pile code of a sleeved mercenary -> the tasks its reveal pushes, bottom first (``state._revealed``)."""


def random_playout(state, rng, limit: int) -> int:
    """Play ``state`` (a ``ForACrownState``) randomly to its end or ``limit`` actions; return the actions played.

    ``rng`` must be a ``random.Random``: ``random_step`` draws its choices with
    ``getrandbits`` as ``Random.choice`` does, and this loop repeats those draws.
    """
    game = state.game
    n = state.n
    rubies, coins, raccoons, out = state.rubies, state.coins, state.raccoons, state.out
    ruby_in, ruby_out, coin_in, coin_out = state.ruby_in, state.ruby_out, state.coin_in, state.coin_out
    any_mix, swap, by_square = game.any_mix, game.swap_when_blocked, game.zones_by_square
    roll_faces, roll_cumulative, roll_total, roll_last = (
        game.roll_faces, game.roll_cumulative, game.roll_total, game.roll_last)
    random, getrandbits = rng.random, rng.getrandbits
    stack = [unpack(decision) for decision in reversed(list(state.decisions))]  # bottom first, as DecisionStack
    state.decisions.clear()
    push, extend = stack.append, stack.extend
    sink: list = []
    squares, level_one, display, decks = state.squares, state.level_one, state.display, state.decks
    size = len(squares)
    by_mask = move_table(size, swap)
    occupied = 0  # the squares holding a portrait, one bit each (keys of by_mask)
    for square, seat in enumerate(squares):
        if seat != EMPTY:
            occupied |= 1 << square
    victims_of: list[list[int]] = []  # per family, the others still in the game, in seat order (state.targets)

    def find_victims() -> None:
        victims_of[:] = [[other for other in range(n) if other != seat and not out[other]] for seat in range(n)]

    find_victims()

    def index(count: int) -> int:  # Random.choice's draw over ``count`` options (state._pick)
        bits = count.bit_length()
        found = getrandbits(bits)
        while found >= count:
            found = getrandbits(bits)
        return found

    def lose(seat: int, amount: int) -> None:  # chest.lose_rubies
        nonlocal occupied
        if amount <= rubies[seat] and not out[seat]:  # the chest pays it all, the usual case
            rubies[seat] -= amount
            ruby_out[seat] += amount
            return
        while amount > 0 and not out[seat]:
            paid = amount if amount < rubies[seat] else rubies[seat]
            if paid:
                rubies[seat] -= paid
                ruby_out[seat] += paid
                amount -= paid
            if amount == 0:
                return
            if state.object_kept[seat]:
                state.object_kept[seat] = False
                rubies[seat] += SALE_RUBIES
                ruby_in[seat] += SALE_RUBIES
            else:  # chest.knock_out
                out[seat] = True
                square = squares.index(seat)
                squares[square] = EMPTY
                occupied &= ~(1 << square)
                find_victims()
                raccoons[seat] = 0
                state.knocked_out_round = state.knocked_out_round or state.round
                state.last_out = seat
                stack[:] = [task_ for task_ in stack if task_[1] != seat]

    def effect(seat: int, code: int) -> None:  # effects.apply_effect
        if code == RUBY:
            rubies[seat] += 1
            ruby_in[seat] += 1
        elif code == COIN:
            coins[seat] += 1
            coin_in[seat] += 1
        elif code == RACCOON or code == RUBY_THEFT:
            push((TARGET, seat, code))
        elif code == INFLUENCE:
            push((MOVE, seat, 0))
        elif code == DIE:
            push((ROLL, seat, 0))
        elif code == LOSE_RUBY:
            lose(seat, 1)
        elif code == TAKE_RACCOON:
            raccoons[seat] += 1
        else:
            raise ValueError(f"effect: expected a mercenary or die effect code, got {code!r}")

    def event(code: int) -> None:  # effects.apply_event
        order = [seat for seat in reversed(squares) if seat != EMPTY]
        if code == BURGLARY:
            most = max(map(raccoons.__getitem__, order), default=0)
            if most == 0:
                if not game.burglary_everyone:
                    return
                hit = order
            else:
                hit = [seat for seat in order if raccoons[seat] == most]
            for seat in hit:
                if out[seat]:
                    continue
                lose(seat, 2)
                if not out[seat]:
                    raccoons[seat] = 0
        elif code == SCANDAL:
            if by_square:
                family_zones = zones(squares, True)
                for seat in order:
                    if not out[seat]:
                        loss = ZONE_LOSS[family_zones[seat]]
                        if loss:
                            lose(seat, loss)
            else:  # galerie.zones by rank, inlined: the right zone (the first ``edge`` in order) loses nothing
                count = len(order)
                edge = count // 3 or 1
                for rank in range(edge, count):
                    seat = order[rank]
                    if not out[seat]:
                        lose(seat, ZONE_LOSS[0] if rank >= count - edge else ZONE_LOSS[1])
        elif code == MAGIC_BOOST:
            if order:
                push((ROLL, order[-1], 0))
        elif code == BRIBE:
            stack.extend([(BRIBE_OFFER, seat, 0) for seat in reversed(order)])
        elif code == MAGES:
            stack.extend([(MAGES_OFFER, seat, 0) for seat in reversed(order)])
        else:
            raise ValueError(f"event: expected an event code, got {code!r}")

    def offer(column: int) -> int:  # the recruitments a column offers, costs aside (recruit_options)
        if column == 0:
            return sum(map(bool, level_one))
        return len(display[column - 1]) + (1 if decks[column - 1] else 0)

    offered = [offer(column) for column in range(COLUMNS)]

    def columns(seat: int) -> int:  # len(state.recruit_options(seat)) when rubies only make up for missing coins
        total = coins[seat] + rubies[seat]
        found = 0
        for cost, count in zip(state.gutter, offered):
            if cost <= total:
                found += count
        return found

    waiting = 0  # the options of the family first in the queue, counted by next_recruiter (0: not counted)

    def next_recruiter() -> None:  # recruitment.RecruitmentMixin._next_recruiter, _refill, start_recruitment
        nonlocal waiting
        queue = state.queue
        while queue:
            if any_mix:
                if state.can_recruit(queue[0]):
                    return
            else:
                waiting = columns(queue[0])
                if waiting:
                    return
            queue.pop(0)
        for shown, deck in zip(display, decks):
            while len(shown) < REVEALED_PER_DECK and deck:
                shown.append(deck.pop())
        offered[1:] = [offer(column) for column in range(1, COLUMNS)]
        if state.round == 1 and state.recruit_pass == 0:
            state.recruit_pass = 1
            start_recruitment()
        else:
            state.phase = REVEAL

    def recruit(seat: int) -> None:  # recruitment.RecruitmentMixin._do_recruit of state._pick(recruit_options)
        nonlocal waiting
        if any_mix:
            options = state.recruit_options(seat)
            target, blind, cost, paid_coins, paid_rubies = options[index(len(options))]
            if blind:
                card = decks[target - 2].pop()
            elif _LEVEL_ONE[target]:
                card = next(pile for pile in level_one if pile and pile[-1] == target).pop()
            else:
                card = target
                display[MERCENARIES[target].level - 2].remove(target)
            column = MERCENARIES[card].level - 1
        else:  # the options in recruit_options' order, counted rather than listed: column by column
            chosen = index(waiting or columns(seat))
            waiting = 0
            total = coins[seat] + rubies[seat]
            column = 0
            for cost, count in zip(state.gutter, offered):
                if cost <= total:
                    if chosen < count:
                        break
                    chosen -= count
                column += 1
            if column == 0:  # the top card of the chosen non-empty level-1 pile
                card = [pile for pile in level_one if pile][chosen].pop()
            else:  # a face-up card of the column, or the top of its deck after them
                shown = display[column - 1]
                card = shown.pop(chosen) if chosen < len(shown) else decks[column - 1].pop()
            paid_coins = coins[seat] if coins[seat] < cost else cost
            paid_rubies = cost - paid_coins
        offered[column] = offer(column)
        coins[seat] -= paid_coins
        coin_out[seat] += paid_coins
        rubies[seat] -= paid_rubies
        ruby_out[seat] += paid_rubies
        state.sleeves[seat] += 1
        insort(state.pile, card << OWNER_BITS | seat)
        state.queue.pop(0)
        next_recruiter()

    def start_recruitment() -> None:
        state.phase = RECRUIT
        state.queue = [seat for seat in reversed(squares) if seat != EMPTY]
        next_recruiter()

    def end_round() -> None:  # rounds.RoundEnd._end_round
        if state.knocked_out_round or state.round == ROUNDS:
            state._final_count(sink)  # once a game
            return
        state.pile = sorted(state.played)
        state.played = []
        if state.event_draw:
            insort(state.pile, (EVENT_BASE + state.event_draw.pop()) << OWNER_BITS | NO_OWNER)
            state.events_in_play += 1
        state.gutter = ([0] + state.gutter)[:COLUMNS]
        state.round += 1
        state.recruit_pass = 0
        start_recruitment()

    played = 0
    # One loop for the three kinds of step: automatic tasks (effects.advance: no action), decisions and die rolls
    # (an action each), and with nothing pending a reveal, a recruitment or the end of the round (state._settle).
    # The limit is checked only before an action, so the automatic tasks after the last action run, as in apply.
    while True:
        if stack:
            kind, seat, arg = stack[-1]
            if out[seat]:  # a knocked-out family's tasks are dropped
                stack.pop()
                continue
            if kind == EFFECT:  # effects.apply_effect; a decision it raises takes the popped task's place
                if arg == RUBY:
                    stack.pop()
                    rubies[seat] += 1
                    ruby_in[seat] += 1
                elif arg == COIN:
                    stack.pop()
                    coins[seat] += 1
                    coin_in[seat] += 1
                elif arg == RACCOON or arg == RUBY_THEFT:
                    stack[-1] = (TARGET, seat, arg)
                elif arg == INFLUENCE:
                    stack[-1] = (MOVE, seat, 0)
                else:
                    stack.pop()
                    effect(seat, arg)
                continue
            if kind == TARGET:  # effects.target
                victims = victims_of[seat]
                count = len(victims)
                if not count:  # nobody to aim at: nothing to decide
                    stack.pop()
                    continue
                if played >= limit:
                    break
                played += 1
                bits = count.bit_length()
                drawn = getrandbits(bits)
                while drawn >= count:
                    drawn = getrandbits(bits)
                stack.pop()
                if arg == RACCOON:
                    raccoons[victims[drawn]] += 1
                else:
                    lose(victims[drawn], 1)
            elif kind == ROLL:  # effects.roll
                if played >= limit:
                    break
                played += 1
                face = roll_faces[bisect(roll_cumulative, random() * roll_total, 0, roll_last)]
                stack.pop()
                effect(seat, face)
            elif kind == CHOOSE:  # effects.choose_effect
                if played >= limit:
                    break
                played += 1
                first, second = _EFFECTS[arg]
                if first == second:
                    index(1)  # Random.choice draws even from a single option
                    chosen = first
                else:
                    chosen = (first, second)[index(2)]
                stack.pop()
                effect(seat, chosen)
            elif kind == MOVE:  # effects.influence (galerie.move)
                options = by_mask.get(occupied)
                if options is None:
                    options = by_mask[occupied] = moves_by_mask(occupied, size, swap)
                if not options:
                    stack.pop()
                    continue
                if played >= limit:
                    break
                played += 1
                here, reached = options[index(len(options))]
                stack.pop()
                if squares[reached] == EMPTY:
                    occupied ^= 1 << here | 1 << reached
                squares[here], squares[reached] = squares[reached], squares[here]
            elif kind == BRIBE_OFFER:  # effects.bribe
                if not (raccoons[seat] and coins[seat] + rubies[seat]):
                    stack.pop()
                    continue
                if played >= limit:
                    break
                played += 1
                if any_mix:
                    options = [(0, 0, 0)]
                    for count in range(1, raccoons[seat] + 1):
                        options += [(count, c, r) for c, r in payment_splits(state, seat, count)]
                    count, paid_coins, paid_rubies = options[index(len(options))]
                else:  # one split per count the chest can pay: coins first
                    count = index(1 + min(raccoons[seat], coins[seat] + rubies[seat]))
                    paid_coins = count if count < coins[seat] else coins[seat]
                    paid_rubies = count - paid_coins
                stack.pop()
                if count:
                    coins[seat] -= paid_coins
                    coin_out[seat] += paid_coins
                    rubies[seat] -= paid_rubies
                    ruby_out[seat] += paid_rubies
                    raccoons[seat] -= count
            else:  # MAGES_OFFER, effects.mages
                if not coins[seat] + rubies[seat]:
                    stack.pop()
                    continue
                if played >= limit:
                    break
                played += 1
                splits = payment_splits(state, seat, 1)
                chosen = index(1 + len(splits))
                stack.pop()
                if chosen:
                    paid_coins, paid_rubies = splits[chosen - 1]
                    coins[seat] -= paid_coins
                    coin_out[seat] += paid_coins
                    rubies[seat] -= paid_rubies
                    ruby_out[seat] += paid_rubies
                    push((ROLL, seat, 0))
        elif state.phase == REVEAL:
            pile = state.pile
            if not pile:  # rounds.RoundEnd._end_round
                end_round()
                continue
            if played >= limit:
                break
            played += 1
            at = int(random() * len(pile))  # state._do_reveal
            code = pile[at]
            del pile[at]
            state.played.append(code)
            card = code >> OWNER_BITS
            if card >= EVENT_BASE:
                event(card - EVENT_BASE)
            elif not out[code & NO_OWNER]:
                extend(_REVEAL_TASKS[code])
        elif state.phase == RECRUIT:
            if played >= limit:
                break
            played += 1
            recruit(state.queue[0])
        else:  # OVER
            break
    state.decisions.push_in_order([task(*codes) for codes in reversed(stack)])
    return played


__all__ = ["random_playout"]
