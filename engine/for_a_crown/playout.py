"""Quiet random playouts: the games of the ``random_step`` loop, without events or action dicts.

``ForACrownState.random_playout`` plays here. A 4-family game is ~204 actions;
the ``random_step`` loop builds an action dict and several events for each,
which checked playouts, scenarios and answers read but a speed benchmark or a
win-rate count does not. This loop keeps the task stack as ``(kind, seat, arg)``
tuples, updates the chests and their ledger in place and draws from the ``rng``
exactly as ``random_step`` does (the same option lists in the same order, the
same ``getrandbits`` and ``random`` calls), so the positions reached are the
same: ``tests/engine/for_a_crown/test_playout.py`` compares the final position
and the generator's state with the ``random_step`` loop, game by game. The
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
from engine.for_a_crown.galerie import EMPTY, ZONE_LOSS, move, zones

_LEVEL_ONE = tuple(card.level == 1 for card in MERCENARIES)
_EFFECTS = tuple(card.effects for card in MERCENARIES)


def random_playout(state, rng, limit: int) -> int:
    """Play ``state`` (a ``ForACrownState``) randomly to its end or ``limit`` actions; return the actions played.

    ``rng`` must be a ``random.Random``: ``random_step`` draws its choices with
    ``getrandbits`` as ``Random.choice`` does, and this loop repeats those draws.
    """
    game = state.game
    n = state.n
    rubies, coins, raccoons, out = state.rubies, state.coins, state.raccoons, state.out
    ruby_in, ruby_out, coin_in, coin_out = state.ruby_in, state.ruby_out, state.coin_in, state.coin_out
    any_mix, swap = game.any_mix, game.swap_when_blocked
    roll_faces, roll_cumulative, roll_total, roll_last = (
        game.roll_faces, game.roll_cumulative, game.roll_total, game.roll_last)
    random, getrandbits = rng.random, rng.getrandbits
    stack = [unpack(decision) for decision in reversed(list(state.decisions))]  # bottom first, as DecisionStack
    state.decisions.clear()
    push = stack.append
    sink: list = []

    def index(count: int) -> int:  # Random.choice's draw over ``count`` options (state._pick)
        bits = count.bit_length()
        found = getrandbits(bits)
        while found >= count:
            found = getrandbits(bits)
        return found

    def lose(seat: int, amount: int) -> None:  # chest.lose_rubies
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
                state.squares[state.squares.index(seat)] = EMPTY
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
        order = [seat for seat in reversed(state.squares) if seat != EMPTY]
        if code == BURGLARY:
            most = max((raccoons[seat] for seat in order), default=0)
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
            family_zones = zones(state.squares, game.zones_by_square)
            for seat in order:
                if not out[seat]:
                    loss = ZONE_LOSS[family_zones[seat]]
                    if loss:
                        lose(seat, loss)
        elif code == MAGIC_BOOST:
            if order:
                push((ROLL, order[-1], 0))
        elif code == BRIBE:
            stack.extend([(BRIBE_OFFER, seat, 0) for seat in reversed(order)])
        elif code == MAGES:
            stack.extend([(MAGES_OFFER, seat, 0) for seat in reversed(order)])
        else:
            raise ValueError(f"event: expected an event code, got {code!r}")

    def next_recruiter() -> None:  # recruitment.RecruitmentMixin._next_recruiter, _refill, start_recruitment
        queue = state.queue
        while queue:
            if state.can_recruit(queue[0]):
                return
            queue.pop(0)
        for display, deck in zip(state.display, state.decks):
            while len(display) < REVEALED_PER_DECK and deck:
                display.append(deck.pop())
        if state.round == 1 and state.recruit_pass == 0:
            state.recruit_pass = 1
            start_recruitment()
        else:
            state.phase = REVEAL

    def start_recruitment() -> None:
        state.phase = RECRUIT
        state.queue = [seat for seat in reversed(state.squares) if seat != EMPTY]
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
    while played < limit and state.phase != OVER:
        played += 1
        if not stack:
            if state.phase == REVEAL:  # state._do_reveal
                pile = state.pile
                at = int(random() * len(pile))
                code = pile[at]
                del pile[at]
                state.played.append(code)
                card = code >> OWNER_BITS
                if card >= EVENT_BASE:
                    event(card - EVENT_BASE)
                else:
                    owner = code & NO_OWNER
                    if not out[owner]:
                        if _LEVEL_ONE[card]:
                            push((CHOOSE, owner, card))
                        else:
                            stack.extend([(EFFECT, owner, e) for e in reversed(_EFFECTS[card])])
            else:  # recruitment.RecruitmentMixin._do_recruit
                seat = state.queue[0]
                options = state.recruit_options(seat)
                target, blind, cost, paid_coins, paid_rubies = options[index(len(options))]
                if blind:
                    card = state.decks[target - 2].pop()
                elif _LEVEL_ONE[target]:
                    card = next(pile for pile in state.level_one if pile and pile[-1] == target).pop()
                else:
                    card = target
                    state.display[MERCENARIES[target].level - 2].remove(target)
                coins[seat] -= paid_coins
                coin_out[seat] += paid_coins
                rubies[seat] -= paid_rubies
                ruby_out[seat] += paid_rubies
                state.sleeves[seat] += 1
                insort(state.pile, card << OWNER_BITS | seat)
                state.queue.pop(0)
                next_recruiter()
                continue
        else:
            kind, seat, arg = stack[-1]
            if kind == TARGET:  # effects.target
                victims = [other for other in range(n) if other != seat and not out[other]]
                count = len(victims)
                bits = count.bit_length()
                drawn = getrandbits(bits)
                while drawn >= count:
                    drawn = getrandbits(bits)
                victim = victims[drawn]
                stack.pop()
                if arg == RACCOON:
                    raccoons[victim] += 1
                else:
                    lose(victim, 1)
            elif kind == ROLL:  # effects.roll
                face = roll_faces[bisect(roll_cumulative, random() * roll_total, 0, roll_last)]
                stack.pop()
                effect(seat, face)
            elif kind == CHOOSE:  # effects.choose_effect
                first, second = _EFFECTS[arg]
                if first == second:
                    index(1)  # Random.choice draws even from a single option
                    chosen = first
                else:
                    chosen = (first, second)[index(2)]
                stack.pop()
                effect(seat, chosen)
            elif kind == MOVE:  # effects.influence
                moves = state.moves()
                portrait, _, square = moves[index(len(moves))]
                stack.pop()
                move(state.squares, portrait, square)
            elif kind == BRIBE_OFFER:  # effects.bribe
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
        while stack:  # effects.advance: automatic tasks until a decision or a roll is awaited
            kind, seat, arg = stack[-1]
            if out[seat]:
                stack.pop()
            elif kind == EFFECT:  # effects.apply_effect; a task it pushes takes the popped task's place
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
            elif kind == TARGET:
                if out.count(False) > 1:
                    break
                stack.pop()
            elif kind == MOVE:
                squares = state.squares
                free = squares.count(EMPTY)
                if free != len(squares) and (free > 0 or (swap and len(squares) > 1)):
                    break
                stack.pop()
            elif kind == BRIBE_OFFER:
                if raccoons[seat] and coins[seat] + rubies[seat]:
                    break
                stack.pop()
            elif kind == MAGES_OFFER:
                if coins[seat] + rubies[seat]:
                    break
                stack.pop()
            else:  # CHOOSE, ROLL
                break
        else:  # state._settle: nothing pending and an empty pile end the round
            if state.phase == REVEAL and not state.pile:
                end_round()
    state.decisions.push_in_order([task(*codes) for codes in reversed(stack)])
    return played


__all__ = ["random_playout"]
