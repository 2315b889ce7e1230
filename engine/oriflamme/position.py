"""The JSON form of an Oriflamme position, partial positions for scenarios, views and invariants.

Position format (``to_dict``; every field optional in a scenario's ``position``)::

    turn: 1                  # 1-6
    phase: placement         # placement | resolution | game_over
    first_player: 0          # seat holding the first player tile
    placed: 0                # cards placed this turn (placement phase)
    cursor: 0                # resolution: index of the next stack to resolve
    line:                    # resolution order; a stack is a list, bottom first, or a single card
      - {card: Reine, owner: 1, revealed: true}
      - [{card: Félon, owner: 0, points: 2}, {card: Coupe-jarret, owner: 0}]
    players:
      - influence: 1
        hand: [Reine, Félon]               # default: every card of the family not placed elsewhere
        set_aside: [Usurpation]            # the 3 cards set aside face down (default none)
        twin_aside: true                   # the Jumeau still set aside face up (default: if not placed elsewhere)
        discard: [Prince]                  # face up in front of the player: names of its family, or {card, owner}
        ledger: {start: 1, gained: 0, lost: 0, stolen: 0}   # default: start = influence
    card_points: {placed: 2, removed: 0}   # influence put on cards since the start, and taken off (default: what lies on them)
    decisions: []                          # the decision stack, top first (engine.core.decisions; data holds card ids)

Line cards: ``card``, ``owner`` (the printing family), ``revealed`` (default
false), ``points`` (default 0), ``corrupted_by`` (a seat, default null). A
hand-built position in the ``resolution`` phase with no pending decision waits
for a ``{"type": "resolve"}`` step, which resolves from ``cursor`` on.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.core.decisions import DecisionStack
from engine.oriflamme import decisions
from engine.oriflamme.cards import (
    CHARACTERS, FAMILY_SIZE, GUET_APENS, HAND_SIZE, JUMEAU, MACHINATION, NAMES, STARTING_INFLUENCE, TURNS, card_id,
    card_ref, kind_of, parse_ref,
)
from engine.oriflamme.phases import PHASE_NAMES, PHASES

HIDDEN = "face down"
"""What a seat sees instead of the name of another family's face-down card."""
_PLAYER_KEYS = {"influence", "hand", "set_aside", "twin_aside", "discard", "ledger"}
_TOP_KEYS = {"turn", "phase", "first_player", "placed", "cursor", "line", "players", "card_points", "decisions"}


def state_to_dict(state) -> dict[str, Any]:
    players = []
    for p in range(state.n):
        players.append({
            "influence": state.influence[p],
            "hand": [NAMES[c % FAMILY_SIZE] for c in state.hands[p]],
            "set_aside": [NAMES[c % FAMILY_SIZE] for c in state.aside[p]],
            "twin_aside": state.twins[p] >= 0,
            "discard": [card_ref(c) for c in state.discards[p]],
            "ledger": {"start": state.start[p], "gained": state.gained[p], "lost": state.lost[p],
                       "stolen": state.stolen[p]},
        })
    return {
        "turn": state.turn + 1,
        "phase": PHASE_NAMES[state.phase],
        "first_player": state.first_player,
        "placed": state.placed,
        "cursor": state.cursor,
        "line": [[_line_card(state, c) for c in stack] for stack in state.line],
        "players": players,
        "card_points": {"placed": state.card_in, "removed": state.card_out},
        "decisions": _decisions(state),
    }


def _decisions(state) -> list[dict[str, Any]]:
    for decision in state.decisions:
        decisions.options(decision)  # written in full, whichever path created the decision
    return state.decisions.to_list()


def _line_card(state, card: int) -> dict[str, Any]:
    corrupter = state.corrupt[card]
    return {**card_ref(card), "revealed": state.revealed[card], "points": state.points[card],
            "corrupted_by": corrupter if corrupter >= 0 else None}


def observation(state, player: int) -> dict[str, Any]:
    """What ``player`` sees: others' hands and set-aside cards as counts, others' face-down cards as ``"face down"``.

    Raises:
        ValueError: ``player`` is not a seat.
    """
    if not isinstance(player, int) or not 0 <= player < state.n:
        raise ValueError(f"player: expected a seat from 0 to {state.n - 1}, got {player!r}")
    view = state_to_dict(state)
    for seat, data in enumerate(view["players"]):
        if seat != player:
            data["hand"] = len(data["hand"])
            data["set_aside"] = len(data["set_aside"])
    for stack in view["line"]:
        for card in stack:
            if not card["revealed"] and card["owner"] != player:
                card["card"] = HIDDEN
    for decision, raw in zip(view["decisions"], state.decisions):
        if any(_hidden(state, c, player) for c in [raw.data["source"], *raw.data.get("targets", ())]):
            decision["data"] = {}
            decision["options"] = [_seen_option(state, option, player) for option in decision["options"]]
    return view


def _hidden(state, card: int, player: int) -> bool:
    return not state.revealed[card] and card // FAMILY_SIZE != player


def _seen_option(state, option: dict[str, Any], player: int) -> dict[str, Any]:
    """A target as ``player`` may name it: by name if face up or theirs, else ``"face down"`` and its place in the line."""
    target = option.get("target")
    if target is None:
        return option
    card = card_id(target["owner"], kind_of(target["card"]))
    if not _hidden(state, card, player):
        return option
    index = next(i for i, stack in enumerate(state.line) if stack[-1] == card)
    return {**option, "target": {"card": HIDDEN, "owner": target["owner"], "position": index}}


def build_state(game, data: Mapping[str, Any], *, partial: bool):
    """A state from a position dict; ``partial`` fills missing fields with the documented defaults.

    Raises:
        ValueError: naming the bad field, what was expected and what was received.
    """
    from engine.oriflamme.state import OriflammeState

    if not isinstance(data, Mapping):
        raise ValueError(f"position: expected a mapping, got {type(data).__name__}")
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise ValueError(f"position.{unknown[0]}: unknown field; expected some of {sorted(_TOP_KEYS)}")
    n = game.num_players
    state = OriflammeState(game)
    state.turn = _int(data, "turn", 1, 1, TURNS) - 1
    state.phase = PHASE_NAMES.index(PHASES.parse(data.get("phase", "placement"), "position.phase"))
    state.first_player = _int(data, "first_player", 0, 0, n - 1)
    state.placed = _int(data, "placed", 0, 0, n)
    placed_cards: set[int] = set()
    line = data.get("line", [])
    if not isinstance(line, list):
        raise ValueError(f"position.line: expected a list of stacks, got {line!r}")
    for i, raw in enumerate(line):
        stack = raw if isinstance(raw, list) else [raw]
        if not stack:
            raise ValueError(f"position.line[{i}]: expected a card or a non-empty list of cards, got []")
        cards = []
        for j, entry in enumerate(stack):
            field = f"position.line[{i}]" + (f"[{j}]" if isinstance(raw, list) else "")
            card = parse_ref(entry, n, field)
            _claim(card, placed_cards, field)
            state.revealed[card] = bool(entry.get("revealed", False))
            state.points[card] = _int(entry, "points", 0, 0, 10_000, field)
            corrupter = entry.get("corrupted_by")
            if corrupter is not None:
                if not isinstance(corrupter, int) or not 0 <= corrupter < n:
                    raise ValueError(f"{field}.corrupted_by: expected a seat from 0 to {n - 1} or null, got {corrupter!r}")
                state.corrupt[card] = corrupter
            cards.append(card)
        state.line.append(cards)
    state.cursor = _int(data, "cursor", 0, 0, len(state.line))
    players = data.get("players", [])
    if not isinstance(players, list) or len(players) > n:
        raise ValueError(f"position.players: expected a list of at most {n} players, got {players!r}")
    rows = [dict(p) if isinstance(p, Mapping) else _bad_player(i, p) for i, p in enumerate(players)]
    rows += [{} for _ in range(n - len(rows))]
    for p, row in enumerate(rows):
        field = f"position.players[{p}]"
        unknown = sorted(set(row) - _PLAYER_KEYS)
        if unknown:
            raise ValueError(f"{field}.{unknown[0]}: unknown field; expected some of {sorted(_PLAYER_KEYS)}")
        state.aside[p] = _own_cards(row.get("set_aside", []), p, f"{field}.set_aside", placed_cards)
        state.discards[p] = _cards(row.get("discard", []), n, p, f"{field}.discard", placed_cards)
        if "hand" in row:
            state.hands[p] = _own_cards(row["hand"], p, f"{field}.hand", placed_cards)
        influence = _int(row, "influence", STARTING_INFLUENCE, -10_000, 10_000, field)
        state.influence[p] = influence
        ledger = row.get("ledger", {})
        state.start[p] = _int(ledger, "start", influence, -10_000, 10_000, f"{field}.ledger")
        state.gained[p] = _int(ledger, "gained", 0, 0, 10_000, f"{field}.ledger")
        state.lost[p] = _int(ledger, "lost", 0, 0, 10_000, f"{field}.ledger")
        state.stolen[p] = _int(ledger, "stolen", 0, -10_000, 10_000, f"{field}.ledger")
    for p, row in enumerate(rows):
        field = f"position.players[{p}]"
        twin = card_id(p, JUMEAU)
        twin_aside = row.get("twin_aside", partial and twin not in placed_cards)
        if twin_aside:
            _claim(twin, placed_cards, f"{field}.twin_aside")
            state.twins[p] = twin
            state.revealed[twin] = True
        if "hand" not in row and partial:
            state.hands[p] = [c for c in range(p * FAMILY_SIZE, (p + 1) * FAMILY_SIZE) if c not in placed_cards]
            placed_cards.update(state.hands[p])
    for p in range(n):
        for card in state.discards[p]:
            state.revealed[card] = True
    on_cards = sum(state.points)
    points = data.get("card_points", {})
    state.card_in = _int(points, "placed", on_cards, 0, 1_000_000, "position.card_points")
    state.card_out = _int(points, "removed", state.card_in - on_cards, 0, 1_000_000, "position.card_points")
    state.decisions = DecisionStack.from_list(data.get("decisions", []), "position.decisions")
    for i, decision in enumerate(state.decisions):
        _check_decision(state, decision, f"position.decisions[{i}]")
    return state


def _bad_player(index: int, value: Any):
    raise ValueError(f"position.players[{index}]: expected a mapping, got {value!r}")


def _check_decision(state, decision, field: str) -> None:
    """The game's part of a decision: a known kind, a decider who is a seat, card ids in range."""
    cards = state.n * FAMILY_SIZE
    if decision.kind not in decisions.KINDS:
        raise ValueError(f"{field}.kind: expected one of {list(decisions.KINDS)}, got {decision.kind!r}")
    if not 0 <= decision.player < state.n:
        raise ValueError(f"{field}.player: expected a seat from 0 to {state.n - 1}, got {decision.player!r}")
    data = decision.data
    ids = [data.get("source"), *data.get("targets", ())]
    if decision.kind == decisions.POINT and data.get("activated", -1) != -1:
        ids.append(data["activated"])
    if any(type(c) is not int or not 0 <= c < cards for c in ids):
        raise ValueError(f"{field}.data: expected card ids from 0 to {cards - 1} (source, targets), got {data!r}")
    if decision.kind in (decisions.TARGET, decisions.ACTIVATE) and not data.get("targets"):
        raise ValueError(f"{field}.data.targets: expected a non-empty list of card ids, got {data.get('targets')!r}")


def _claim(card: int, seen: set[int], field: str) -> None:
    if card in seen:
        raise ValueError(f"{field}: {NAMES[card % FAMILY_SIZE]} of player {card // FAMILY_SIZE} is already placed elsewhere")
    seen.add(card)


def _own_cards(names: Any, player: int, field: str, seen: set[int]) -> list[int]:
    if not isinstance(names, list):
        raise ValueError(f"{field}: expected a list of card names, got {names!r}")
    cards = []
    for i, name in enumerate(names):
        card = card_id(player, kind_of(name, f"{field}[{i}]"))
        _claim(card, seen, f"{field}[{i}]")
        cards.append(card)
    return cards


def _cards(entries: Any, players: int, player: int, field: str, seen: set[int]) -> list[int]:
    if not isinstance(entries, list):
        raise ValueError(f"{field}: expected a list of cards, got {entries!r}")
    cards = []
    for i, entry in enumerate(entries):
        card = parse_ref(entry, players, f"{field}[{i}]", player)
        _claim(card, seen, f"{field}[{i}]")
        cards.append(card)
    return cards


def _int(data: Any, key: str, default, low: int, high: int, field: str = "position") -> int:
    if type(data) is not dict and not isinstance(data, Mapping):
        raise ValueError(f"{field}: expected a mapping, got {data!r}")
    value = data.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{field}.{key}: expected an integer from {low} to {high}, got {value!r}")
    return value


# -- invariants ---------------------------------------------------------------------------

def invariant_violations(state) -> list[str]:
    """Cards conserved, influence explained by its sources, covered cards inert, the 6-turn structure."""
    problems = []
    n = state.n
    where = [c for hand in state.hands for c in hand] + [c for aside in state.aside for c in aside]
    where += [t for t in state.twins if t >= 0] + [c for pile in state.discards for c in pile]
    in_line = [c for stack in state.line for c in stack]
    where += in_line
    if sorted(where) != list(range(n * FAMILY_SIZE)):
        problems.append(f"cards: {len(where)} placed ({len(set(where))} distinct), expected each of {n * FAMILY_SIZE} once")
    line_set = set(in_line)
    if any(not stack for stack in state.line):
        problems.append("line: an empty stack")
    for card in range(n * FAMILY_SIZE):
        if card not in line_set:
            if state.points[card]:
                problems.append(f"points: {state.points[card]} on {NAMES[card % FAMILY_SIZE]} of player {card // FAMILY_SIZE}, not in the line")
            if state.corrupt[card] >= 0:
                problems.append(f"corruption: a token on {NAMES[card % FAMILY_SIZE]}, not in the line")
        elif state.revealed[card] and state.points[card] and card % FAMILY_SIZE not in (MACHINATION, GUET_APENS):
            problems.append(f"points: {state.points[card]} on the revealed {NAMES[card % FAMILY_SIZE]} of player {card // FAMILY_SIZE}")
        if state.corrupt[card] >= 0 and (card % FAMILY_SIZE not in CHARACTERS or not state.revealed[card]):
            problems.append(f"corruption: a token on {NAMES[card % FAMILY_SIZE]}, not a revealed character")
    for family in range(n):
        tokens = sum(1 for c in state.corrupt if c == family)
        if tokens > 1:
            problems.append(f"corruption: player {family}'s token on {tokens} cards")
    for pile in state.discards:
        problems.extend(f"discard: {NAMES[c % FAMILY_SIZE]} face down" for c in pile if not state.revealed[c])
    for hand in state.hands + state.aside:
        problems.extend(f"hand or set-aside: {NAMES[c % FAMILY_SIZE]} revealed" for c in hand if state.revealed[c])
    if sum(state.points) != state.card_in - state.card_out:
        problems.append(f"points on cards {sum(state.points)}, reserve flows give {state.card_in} - {state.card_out}")
    for p in range(n):
        explained = state.start[p] + state.gained[p] - state.lost[p] + state.stolen[p]
        if state.influence[p] != explained:
            problems.append(f"player {p}: influence {state.influence[p]}, ledger gives {explained}")
        if state.game.floor and state.game.take_what_there_is and state.influence[p] < 0:
            problems.append(f"player {p}: negative influence {state.influence[p]}")
    if sum(state.stolen) != 0:
        problems.append(f"thefts do not balance: {state.stolen}")
    problems.extend(_covered_violations(state))
    problems.extend(_turn_violations(state))
    return problems


def _covered_violations(state) -> list[str]:
    tops = {stack[-1] for stack in state.line}
    problems = []
    for decision in state.decisions:
        cards = [decision.data["source"], *decision.data.get("targets", ())]
        problems.extend(f"decision {decision.kind}: covered {NAMES[c % FAMILY_SIZE]} of player {c // FAMILY_SIZE} acts or is targeted"
                        for c in cards if c not in tops)
    return problems


def _turn_violations(state) -> list[str]:
    """One card placed per player per turn from hands of 7; game over exactly after the 6th turn."""
    problems = []
    for p in range(state.n):
        placed_now = state.phase != 0 or (p - state.first_player) % state.n < state.placed
        expected = HAND_SIZE - state.turn - (1 if placed_now else 0)
        if len(state.hands[p]) != expected:
            problems.append(f"player {p}: {len(state.hands[p])} cards in hand in turn {state.turn + 1}, expected {expected}")
    if state.phase == 2 and state.turn != TURNS - 1:
        problems.append(f"game over in turn {state.turn + 1}, the game lasts {TURNS}")
    if state.phase == 1 and not state.decisions:
        problems.append("resolution stopped without a pending decision")
    return problems
