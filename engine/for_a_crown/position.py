"""The For a Crown position as JSON, partial positions for scenarios, observations and invariants.

Position format (every field optional in a scenario; :func:`fill_position`)::

    round: 1                    # 1 to 4
    phase: recruit | reveal | over
    families:                   # per seat
      - {rubies: 10, coins: 3, raccoons: 0, object: chest | sold, out: false, sleeves: 0,
         ledger: {start_rubies, start_coins, ruby_in, ruby_out, coin_in, coin_out}}
    galerie: [null, null, 3, 2, 1, 0]     # squares left to right: a seat or null
    influence: [0, 1, 2, 3]     # instead of galerie: most influential first, placed from the right
    royal_square: {level_one: {piece-rubis: [names, top last], ...}, decks: {"2": [...]}, display: {"2": [...]}}
    gutter: [1, 3, 5]           # cost tiles left to right; column c is level c + 1
    pile: [{card: n3-2, owner: 1}, {event: Scandale}]    # the common pile (order is irrelevant)
    played: [...]               # cards revealed this round
    event_draw: [Scandale, ...] # top last
    decisions: [{kind: target, player: 0, data: {family: 0, effect: vol}}]   # the core's decision stack, top first
    queue: [2, 3]               # families still to recruit in this pass
    recruit_pass: 0             # 1 during round 1's second recruitment
    knocked_out_round: null

In a partial position, families default to 10 Rubis, the setup's coins
(``for-a-crown.starting_coins``) or 0 and an unsold object; the Galerie to the
seats in order from the right; cards not placed complete the level-1 piles and
the decks (then 2 face up per deck); the phase to ``reveal`` when a pile is
given and ``recruit`` otherwise; the recruitment queue to every family in
influence order; the ledger to the values given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.decisions import CHANCE_DECIDES, DecisionStack
from engine.core.names import Names
from engine.for_a_crown.codes import EVENT_BASE, NO_OWNER, OVER, OWNER_BITS, PHASE_NAMES, RECRUIT, REVEAL, ROUNDS, SLEEVES
from engine.for_a_crown.data import (
    CARDS_BY_LEVEL, EFFECT_CODES, EFFECTS, EVENT_DRAW_PILE, EVENT_TYPES, LEVEL_ONE_PILE_CARDS, LEVEL_ONE_PILE_NAMES,
    MERCENARIES, MERCENARY_CODES, STARTING_EVENTS, card_name, event_code, mercenary_code,
)
from engine.for_a_crown.effects import EFFECT, ROLL, TASK_CODES, TASK_NAMES, task
from engine.for_a_crown.galerie import EMPTY, influence_order

_PHASES = ("recruit", "reveal", "over")
_NAMES = tuple(card.name for card in MERCENARIES)
_LEDGER = ("start_rubies", "start_coins", "ruby_in", "ruby_out", "coin_in", "coin_out")


_OBJECT_PLACES = Names(("chest", "sold", "unsaid"), "object")

def position_dict(state) -> dict[str, Any]:
    return {
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "families": [_family_dict(state, seat) for seat in range(state.n)],
        "galerie": [None if seat == EMPTY else seat for seat in state.squares],
        "royal_square": {
            "level_one": {name: [_NAMES[c] for c in pile] for name, pile in zip(LEVEL_ONE_PILE_NAMES, state.level_one)},
            "decks": {str(level): [_NAMES[c] for c in deck] for level, deck in zip(range(2, 6), state.decks)},
            "display": {str(level): [_NAMES[c] for c in row] for level, row in zip(range(2, 6), state.display)},
            "set_aside": [_NAMES[c] for c in state.set_aside],
        },
        "gutter": list(state.gutter),
        "pile": [dict(_code_entry(code)) for code in state.pile],
        "played": [dict(_code_entry(code)) for code in state.played],
        "event_draw": [EVENT_TYPES[e] for e in state.event_draw],
        "events_in_play": state.events_in_play,
        "decisions": state.decisions.to_list(),
        "queue": list(state.queue),
        "recruit_pass": state.recruit_pass,
        "knocked_out_round": state.knocked_out_round or None,
        "last_out": state.last_out,
        "final": list(state.final) if state.final is not None else None,
        "winner": state.winner,
        "full_setup": state.full_setup,
    }


def _family_dict(state, seat: int) -> dict[str, Any]:
    return {
        "rubies": state.rubies[seat],
        "coins": state.coins[seat],
        "raccoons": state.raccoons[seat],
        "object": ("unsaid" if state.object_unsaid[seat] else "chest") if state.object_kept[seat] else "sold",
        "out": state.out[seat],
        "sleeves": state.sleeves[seat],
        "ledger": {"start_rubies": state.start_rubies[seat], "start_coins": state.start_coins[seat],
                   "ruby_in": state.ruby_in[seat], "ruby_out": state.ruby_out[seat],
                   "coin_in": state.coin_in[seat], "coin_out": state.coin_out[seat]},
    }


def _code_entry(code: int) -> dict[str, Any]:
    """A pile code as its position entry, built once per code (callers copy it): checked playouts write
    the position twice per step."""
    entry = _CODE_ENTRIES.get(code)
    if entry is None:
        card = code >> OWNER_BITS
        entry = _CODE_ENTRIES[code] = ({"event": EVENT_TYPES[card - EVENT_BASE]} if card >= EVENT_BASE
                                       else {"card": _NAMES[card], "owner": code & NO_OWNER})
    return entry


_CODE_ENTRIES: dict[int, dict[str, Any]] = {}


def _is_mapping(value: Any) -> bool:
    return type(value) is dict or isinstance(value, Mapping)  # the abc check is slow; positions are mostly dicts


def observation_dict(state, player: int) -> dict[str, Any]:
    """What ``player`` sees: its own chest; of the others only what lies in front of them (Ratons, a sold
    object); the face-down decks, event draw pile and common pile as counts, its own sleeved cards by name.

    Raises:
        ValueError: ``player`` is not a seat of this game.
    """
    if type(player) is not int or not 0 <= player < state.n:
        raise ValueError(f"player: expected a seat 0 to {state.n - 1}, got {player!r}")
    data = position_dict(state)
    for seat, family in enumerate(data["families"]):
        if seat != player:
            family["rubies"] = family["coins"] = None
            family["ledger"] = None
            if family["object"] in ("chest", "unsaid") and state.phase != 2:
                family["object"] = "hidden"
    square = data["royal_square"]
    square["decks"] = {level: len(cards) for level, cards in square["decks"].items()}
    data["event_draw"] = len(data["event_draw"])
    data["pile"] = [entry if entry.get("owner") == player else ({"owner": entry["owner"]} if "owner" in entry else {})
                    for entry in data["pile"]]
    return data


def fill_position(state, data: Mapping[str, Any], *, partial: bool) -> None:
    """Load ``data`` into a fresh ``state``; raises ``ValueError`` naming the bad field."""
    if not _is_mapping(data):
        raise ValueError(f"position: expected a mapping, got {type(data).__name__}")
    n = state.n
    state.round = _int(data, "round", 1, 1, ROUNDS)
    _fill_galerie(state, data)
    families = data.get("families", [])
    if not isinstance(families, list) or len(families) > n:
        raise ValueError(f"families: expected a list of at most {n} families, got {families!r}")
    setup_coins = state.game.coins_by_rank(len(influence_order(state.squares)))
    rank = {seat: r for r, seat in enumerate(influence_order(state.squares))}
    for seat in range(n):
        family = families[seat] if seat < len(families) else {}
        if not _is_mapping(family):
            raise ValueError(f"families[{seat}]: expected a mapping, got {family!r}")
        default_coins = setup_coins[rank[seat]] if seat in rank and partial else 0
        state.rubies[seat] = _int(family, "rubies", 10, 0, None, f"families[{seat}].")
        state.coins[seat] = _int(family, "coins", default_coins, 0, None, f"families[{seat}].")
        state.raccoons[seat] = _int(family, "raccoons", 0, 0, None, f"families[{seat}].")
        state.sleeves[seat] = _int(family, "sleeves", 0, 0, 5, f"families[{seat}].")
        obj = _OBJECT_PLACES.canonical(family.get("object", "chest"), f"families[{seat}].object")
        state.object_kept[seat] = obj != "sold"
        state.object_unsaid[seat] = obj == "unsaid"
        state.out[seat] = bool(family.get("out", False))
        ledger = family.get("ledger") or {}
        state.start_rubies[seat] = ledger.get("start_rubies", state.rubies[seat])
        state.start_coins[seat] = ledger.get("start_coins", state.coins[seat])
        for name in _LEDGER[2:]:
            getattr(state, name)[seat] = ledger.get(name, 0)
    for seat in range(n):
        if state.out[seat] == (seat in state.squares):
            raise ValueError(f"galerie: family {seat} must be in the Galerie exactly when it is still in the game")
    used: set[int] = set()

    def pile_codes(field: str) -> list[int]:
        codes = []
        for i, entry in enumerate(data.get(field, []) or []):
            if not _is_mapping(entry):
                raise ValueError(f"{field}[{i}]: expected {{card, owner}} or {{event}}, got {entry!r}")
            if "event" in entry:
                codes.append((EVENT_BASE + event_code(entry["event"])) << OWNER_BITS | NO_OWNER)
                continue
            owner = entry.get("owner")
            if not isinstance(owner, int) or not 0 <= owner < n:
                raise ValueError(f"{field}[{i}].owner: expected a family 0 to {n - 1}, got {owner!r}")
            card = _take_card(entry.get("card"), used, f"{field}[{i}].card")
            codes.append(card << OWNER_BITS | owner)
        return codes

    state.pile = sorted(pile_codes("pile"))
    state.played = pile_codes("played")
    square = data.get("royal_square") or {}
    level_one = square.get("level_one") or {}
    for index, name in enumerate(LEVEL_ONE_PILE_NAMES):
        if name in level_one:
            state.level_one[index] = [_take_card(c, used, f"royal_square.level_one.{name}") for c in level_one[name]]
    for index, level in enumerate(range(2, 6)):
        for field, target in (("display", state.display), ("decks", state.decks)):
            given = (square.get(field) or {}).get(str(level), (square.get(field) or {}).get(level))
            if given is not None:
                target[index] = [_take_card(c, used, f"royal_square.{field}.{level}") for c in given]
    state.set_aside = [_take_card(c, used, "royal_square.set_aside") for c in square.get("set_aside", [])]
    if partial:
        _complete_cards(state, square, used)
    gutter = data.get("gutter", ([0] * (state.round - 1) + [1, 3, 5])[:5])
    if not isinstance(gutter, list) or not all(isinstance(t, int) and t >= 0 for t in gutter) or len(gutter) > 5:
        raise ValueError(f"gutter: expected at most 5 cost tiles (integers), got {gutter!r}")
    state.gutter = gutter[:5]
    state.event_draw = [event_code(e) for e in data.get("event_draw", [] if not partial else [])]
    in_play = sum(1 for code in state.pile + state.played if code >> OWNER_BITS >= EVENT_BASE)
    state.events_in_play = data.get("events_in_play", in_play)
    phase = data.get("phase", "reveal" if state.pile or data.get("decisions") else "recruit")
    if phase not in _PHASES:
        raise ValueError(f"phase: expected one of {list(_PHASES)}, got {phase!r}")
    state.phase = PHASE_NAMES.index(phase)
    state.decisions = _decisions(data.get("decisions", []) or [], n)
    queue = data.get("queue")
    if queue is None:
        queue = influence_order(state.squares) if state.phase == 0 else []
    if not isinstance(queue, list) or any(seat not in range(n) or state.out[seat] for seat in queue):
        raise ValueError(f"queue: expected families still in the game, got {queue!r}")
    state.queue = list(queue)
    state.recruit_pass = _int(data, "recruit_pass", 0, 0, 1)
    state.knocked_out_round = data.get("knocked_out_round") or 0
    state.last_out = data.get("last_out")
    last = state.last_out
    if last is not None and not (type(last) is int and 0 <= last < n and state.out[last]):
        raise ValueError(f"last_out: expected a family that is out of the game, got {state.last_out!r}")
    state.final = data.get("final")
    state.winner = data.get("winner")
    state.full_setup = bool(data.get("full_setup", False))
    if state.phase == 0 and not state.queue and not state.decisions:
        raise ValueError("queue: the recruitment phase needs a family to recruit")


def _fill_galerie(state, data: Mapping[str, Any]) -> None:
    n = state.n
    size = state.game.galerie_size
    if "galerie" in data:
        squares = data["galerie"]
        if not isinstance(squares, list) or not squares:
            raise ValueError(f"galerie: expected a list of squares (a seat or null), got {squares!r}")
        state.squares = [EMPTY if s is None else s for s in squares]
    else:
        order = data.get("influence", list(range(n)))
        if not isinstance(order, list):
            raise ValueError(f"influence: expected seats, most influential first, got {order!r}")
        state.squares = [EMPTY] * max(size, len(order))
        for offset, seat in enumerate(order):
            state.squares[len(state.squares) - 1 - offset] = seat
    seats = [s for s in state.squares if s != EMPTY]
    if any(not isinstance(s, int) or not 0 <= s < n for s in seats) or len(set(seats)) != len(seats):
        raise ValueError(f"galerie: expected distinct seats 0 to {n - 1} (or null), got {state.squares!r}")


def _complete_cards(state, square: Mapping[str, Any], used: set[int]) -> None:
    """Cards the position does not place: level-1 piles, then decks; 2 face up per deck unless given."""
    level_one = square.get("level_one") or {}
    for index, name in enumerate(LEVEL_ONE_PILE_NAMES):
        if name not in level_one:
            state.level_one[index] = [c for c in LEVEL_ONE_PILE_CARDS[index] if c not in used]
            used.update(state.level_one[index])
    for index, level in enumerate(range(2, 6)):
        rest = [c for c in CARDS_BY_LEVEL[level] if c not in used]
        if str(level) not in (square.get("display") or {}) and level not in (square.get("display") or {}):
            state.display[index] = rest[:2]
            rest = rest[2:]
        if str(level) not in (square.get("decks") or {}) and level not in (square.get("decks") or {}):
            state.decks[index] = list(reversed(rest))
        else:
            state.set_aside += rest
        used.update(rest)


def _take_card(name: Any, used: set[int], field: str) -> int:
    """A mercenary by name; a level-1 pile name takes the first copy not yet placed."""
    name = card_name(name)
    card = MERCENARY_CODES.get(name) if type(name) is str else None
    if card is not None and card not in used:
        used.add(card)
        return card
    if not isinstance(name, str):
        raise ValueError(f"{field}: expected a mercenary name, got {name!r}")
    if name in LEVEL_ONE_PILE_NAMES:
        copies = LEVEL_ONE_PILE_CARDS[LEVEL_ONE_PILE_NAMES.index(name)]
        free = [c for c in copies if c not in used]
        if not free:
            raise ValueError(f"{field}: every copy of {name!r} is already placed")
        card = free[0]
    else:
        try:
            card = mercenary_code(name)
        except ValueError as error:
            raise ValueError(f"{field}: {error}") from None
        if card in used:
            raise ValueError(f"{field}: {name!r} is placed twice")
    used.add(card)
    return card


def _decisions(raw: Any, n: int) -> DecisionStack:
    """The decision stack of a position (top first), each entry checked and rebuilt as the engine makes it."""
    loaded = DecisionStack.from_list(raw)
    rebuilt = []
    for index, decision in enumerate(loaded):
        field = f"decisions[{index}]"
        if decision.kind not in TASK_CODES:
            raise ValueError(f"{field}.kind: expected one of {list(TASK_NAMES)}, got {decision.kind!r}")
        kind = TASK_CODES[decision.kind]
        seat = decision.data.get("family", decision.player)
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"{field}.data.family: expected a family 0 to {n - 1}, got {seat!r}")
        if decision.player != (CHANCE_DECIDES if kind == ROLL else seat):
            raise ValueError(f"{field}.player: expected {CHANCE_DECIDES if kind == ROLL else seat}, got {decision.player!r}")
        arg = 0
        if decision.kind == "choose_effect":
            arg = mercenary_code(decision.data.get("card"))
            if MERCENARIES[arg].level != 1:
                raise ValueError(f"{field}.data.card: expected a level-1 card, got {decision.data.get('card')!r}")
        elif decision.kind in ("target", "effect"):
            effect = decision.data.get("effect")
            allowed = ("raton", "vol") if decision.kind == "target" else EFFECTS
            if effect not in allowed:
                raise ValueError(f"{field}.data.effect: expected one of {list(allowed)}, got {effect!r}")
            arg = EFFECT_CODES[effect]
        if index == 0 and kind == EFFECT:
            raise ValueError(f"{field}.kind: an automatic effect is never awaited on top of the stack")
        rebuilt.append(task(kind, seat, arg))
    return DecisionStack(rebuilt)


def _int(data: Mapping[str, Any], key: str, default: int, low: int, high: int | None, prefix: str = "") -> int:
    value = data.get(key, default)
    if type(value) is int and low <= value and (high is None or value <= high):
        return value
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        expected = f"an integer from {low}" + (f" to {high}" if high is not None else " up")
        raise ValueError(f"{prefix}{key}: expected {expected}, got {value!r}")
    return value


def invariant_violations(state) -> list[str]:
    """Rubies and coins accounted for, cards conserved, pile size per round, the Galerie, the end of the game."""
    problems = []
    for seat in range(state.n):
        rubies = state.start_rubies[seat] + state.ruby_in[seat] - state.ruby_out[seat]
        if rubies != state.rubies[seat]:
            problems.append(f"family {seat}: {state.rubies[seat]} Rubis, the ledger gives {rubies}")
        coins = state.start_coins[seat] + state.coin_in[seat] - state.coin_out[seat]
        if coins != state.coins[seat]:
            problems.append(f"family {seat}: {state.coins[seat]} Pièces, the ledger gives {coins}")
        if min(state.rubies[seat], state.coins[seat], state.raccoons[seat]) < 0:
            problems.append(f"family {seat}: a negative count")
        if state.sleeves[seat] > SLEEVES:
            problems.append(f"family {seat}: {state.sleeves[seat]} cards recruited, it has {SLEEVES} sleeves")
        if state.out[seat] and state.raccoons[seat]:
            problems.append(f"family {seat} is out but keeps {state.raccoons[seat]} Ratons Voleurs")
    seats = [s for s in state.squares if s != EMPTY]
    alive = [s for s in range(state.n) if not state.out[s]]
    if sorted(seats) != alive:
        problems.append(f"galerie: portraits {sorted(seats)}, families in the game {alive}")
    places = [c for pile in state.level_one for c in pile] + [c for d in state.decks for c in d]
    places += [c for row in state.display for c in row] + state.set_aside
    sleeved = [code >> OWNER_BITS for code in state.pile + state.played if code >> OWNER_BITS < EVENT_BASE]
    places += sleeved
    if sorted(places) != list(range(len(MERCENARIES))):
        problems.append(f"cards: {len(places)} placed ({len(set(places))} distinct), expected each of {len(MERCENARIES)}")
    events = len(state.pile) + len(state.played) - len(sleeved)
    if events != state.events_in_play:
        problems.append(f"pile: {events} event cards in play, expected {state.events_in_play}")
    if state.full_setup:
        expected_events = len(STARTING_EVENTS) + min(state.round - 1, len(EVENT_DRAW_PILE))
        if state.events_in_play != expected_events:
            problems.append(f"pile: {state.events_in_play} events in round {state.round}, expected {expected_events}")
        if len(sleeved) != sum(state.sleeves):
            problems.append(f"pile: {len(sleeved)} sleeved mercenaries, the families recruited {sum(state.sleeves)}")
        if state.phase == REVEAL and not state.knocked_out_round:
            per_family = 1 + state.round
            if any(state.sleeves[s] > per_family for s in range(state.n)):
                problems.append(f"a family recruited more than {per_family} mercenaries by round {state.round}")
    if state.phase == OVER and not (state.round == ROUNDS or state.knocked_out_round == state.round):
        problems.append(f"game over in round {state.round} without a knock-out in that round")
    if state.phase != OVER and state.knocked_out_round and state.knocked_out_round != state.round:
        problems.append("the game went on past the round of a knock-out")
    if state.phase == RECRUIT and state.decisions:
        problems.append("decisions pending during the recruitment")
    return problems
