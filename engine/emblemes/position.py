"""The JSON form of an Emblèmes position, partial positions for scenarios, views and invariants.

Position format (``to_dict``; every field optional in a scenario's ``position``)::

    round: 1                # 1-3            turn: 1           # 1-based within the round
    phase: select           # select | place | choice | chance | end_of_round | game_over
    first_player: 0         # seat holding the first-player token now
    revealed: 0             # seats that revealed this turn (phase place/choice/chance)
    rounds_scored: 0        # default round - 1
    locations: {Château: [{card: Roi, owner: 1}, ...], Village: [], Port: []}   # left to right
    players:
      - coins: 3
        hand: [Roi, Matelot]          # default: dealt to 6 from the deck
        deck: [Garde, ...]            # top first; default: the family's unused cards, shuffled by position.seed
        selected: null                # the face-down card this turn
        discard: []
        forced_location: null         # imposed by a Stratège
        ledger: {start: 3, bank: 0, transfers: 0}   # default: start = coins
    pending: {effect: Garde, player: 0, source: {card: Alchimiste, owner: 0}, target: null}
    seed: 0                           # only for partial positions: default deck order

A scenario that scores a board starts with ``phase: end_of_round`` and plays one
``{type: resolve_round}`` step.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from engine.core.decisions import CHANCE_DECIDES, Decision
from engine.emblemes.cards import (
    FAMILY_SIZE, HAND_SIZE, LOCATIONS, NAMES, OWNER_BITS, OWNER_MASK, ROUNDS, STARTING_COINS, card_dict, card_value,
    location_index,
)
from engine.emblemes import rules
from engine.emblemes.effects import COURTISANE_DRAW, EFFECT_TARGET
from engine.emblemes.phases import CHOICE, DRAW, OVER, PHASE_NAMES, PLACE

_VALUE_BY_NAME = {NAMES[value]: value for value in range(1, FAMILY_SIZE + 1)}
"""Exact rulebook names only: the fast path; anything else goes through ``card_value``."""



def state_to_dict(state) -> dict[str, Any]:
    players = []
    for p in range(state.n):
        players.append({
            "coins": state.coins[p],
            "hand": [NAMES[v] for v in state.hands[p]],
            "deck": [NAMES[v] for v in reversed(state.decks[p])],
            "selected": NAMES[state.selected[p]] if state.selected[p] else None,
            "discard": [NAMES[v] for v in state.discards[p]],
            "forced_location": LOCATIONS[state.forced[p]] if state.forced[p] >= 0 else None,
            "ledger": {"start": state.start_coins[p], "bank": state.bank[p], "transfers": state.transfers[p]},
        })
    pending = None
    decision = state.decisions.top
    if decision is not None:
        data = decision.data
        pending = {"effect": NAMES[data["effect"]], "player": data["owner"], "source": card_dict(data["source"]),
                   "target": data.get("target")}
    return {
        "round": state.round + 1,
        "turn": state.turn + 1,
        "phase": PHASE_NAMES[state.phase],
        "first_player": state.first_player,
        "revealed": state.revealed,
        "rounds_scored": state.rounds_scored,
        "locations": {name: [card_dict(c) for c in state.rows[i]] for i, name in enumerate(LOCATIONS)},
        "players": players,
        "pending": pending,
    }


def build_state(game, data: Mapping[str, Any], *, partial: bool):
    """A state from a position dict; ``partial`` fills missing fields with the documented defaults.

    Raises:
        ValueError: naming the bad field, what was expected and what was received.
    """
    from engine.emblemes.state import EmblemesState

    if not isinstance(data, Mapping):
        raise ValueError(f"position: expected a mapping, got {type(data).__name__}")
    n = game.num_players
    reader = _Reader(data, partial)
    raw_players = reader.get("players", [{} for _ in range(n)], list)
    if len(raw_players) != n:
        raise ValueError(f"players: expected {n} players, got {len(raw_players)}")
    rows: list[list[int]] = []
    used: list[set[int]] = [set() for _ in range(n)]
    locations = reader.get("locations", {}, Mapping)
    unknown = [k for k in locations if k not in LOCATIONS]
    if unknown:
        raise ValueError(f"locations: expected keys among {list(LOCATIONS)}, got {unknown[0]!r}")
    for name in LOCATIONS:
        if name not in locations and not partial:
            raise ValueError(f"locations.{name}: missing")
        row = [_table_card(entry, f"locations.{name}[{i}]", n, used) for i, entry in enumerate(locations.get(name, []))]
        for i in range(1, len(row)):
            if row[i] >> OWNER_BITS > row[i - 1] >> OWNER_BITS:
                raise ValueError(f"locations.{name}: expected values in descending order, got {[NAMES[c >> OWNER_BITS] for c in row]}")
        rows.append(row)
    seed = data.get("seed", 0)
    hands, decks, discards, selected, forced, coins, ledgers = [], [], [], [], [], [], []
    for p, raw in enumerate(raw_players):
        if not isinstance(raw, Mapping):
            raise ValueError(f"players[{p}]: expected a mapping, got {type(raw).__name__}")
        player = _Reader(raw, partial, f"players[{p}].")
        coins.append(player.get("coins", STARTING_COINS, int))
        chosen = player.get("selected", None, (str, type(None)))
        selected.append(_claim(card_value(chosen, f"players[{p}].selected"), p, used, f"players[{p}].selected") if chosen else 0)
        discards.append(_values(player.get("discard", [], list), p, used, f"players[{p}].discard"))
        hand = _values(raw["hand"], p, used, f"players[{p}].hand") if "hand" in raw else None
        if "deck" in raw or not partial:
            deck = _values(player.get("deck", None, list), p, used, f"players[{p}].deck")[::-1]
        else:
            deck = [v for v in range(1, FAMILY_SIZE + 1) if v not in used[p]]
            random.Random(f"{seed}/{p}").shuffle(deck)
        if hand is None:
            if not partial:
                raise ValueError(f"players[{p}].hand: missing")
            hand = [deck.pop() for _ in range(min(HAND_SIZE, len(deck)))]
        hands.append(hand)
        decks.append(deck)
        where = player.get("forced_location", None, (str, type(None)))
        forced.append(location_index(where, f"players[{p}].forced_location") if where else -1)
        ledger = player.get("ledger", {"start": coins[p], "bank": 0, "transfers": 0}, Mapping)
        ledgers.append([_int(ledger, key, f"players[{p}].ledger") for key in ("start", "bank", "transfers")])
    first_player = reader.get("first_player", 0, int)
    if not 0 <= first_player < n:
        raise ValueError(f"first_player: expected a seat from 0 to {n - 1}, got {first_player}")
    state = EmblemesState(game, decks, hands, coins, first_player)
    state.rows, state.discards, state.selected, state.forced = rows, discards, selected, forced
    state.start_coins = [l[0] for l in ledgers]
    state.bank = [l[1] for l in ledgers]
    state.transfers = [l[2] for l in ledgers]
    round_number = reader.get("round", 1, int)
    if not 1 <= round_number <= ROUNDS:
        raise ValueError(f"round: expected 1 to {ROUNDS}, got {round_number}")
    turn = reader.get("turn", 1, int)
    if not 1 <= turn <= game.turns_per_round:
        raise ValueError(f"turn: expected 1 to {game.turns_per_round}, got {turn}")
    state.round, state.turn = round_number - 1, turn - 1
    phase = reader.get("phase", "select", str)
    if phase not in PHASE_NAMES:
        raise ValueError(f"phase: expected one of {list(PHASE_NAMES)}, got {phase!r}")
    state.phase = PHASE_NAMES.index(phase)
    state.revealed = reader.get("revealed", 0, int)
    if not 0 <= state.revealed < n:
        raise ValueError(f"revealed: expected 0 to {n - 1}, got {state.revealed}")
    state.rounds_scored = reader.get("rounds_scored", round_number - 1 + (state.phase == OVER), int)
    decision = _pending(reader.get("pending", None, (Mapping, type(None))), n, state)
    if decision is not None:
        state.decisions.push(decision)
    _check_phase(state)
    return state


def observation(state, player: int) -> dict[str, Any]:
    """What ``player`` sees: his own hand; others' hands, decks and face-down cards as counts.

    Raises:
        ValueError: ``player`` is not a seat.
    """
    if type(player) is not int or not 0 <= player < state.n:
        raise ValueError(f"player: expected a seat from 0 to {state.n - 1}, got {player!r}")
    view = state_to_dict(state)
    hidden = state.game.hidden_coins
    for seat, info in enumerate(view["players"]):
        info["deck"] = len(info["deck"])
        if seat == player:
            continue
        info["hand"] = len(info["hand"])
        if info["selected"] is not None:
            info["selected"] = "face down"
        if hidden:
            info["coins"] = None
            info["ledger"] = None
    return view


def invariant_violations(state) -> list[str]:
    """Card conservation, descending rows, coins explained by the ledger, three rounds."""
    problems = []
    counts = [[0] * (FAMILY_SIZE + 1) for _ in range(state.n)]
    for p in range(state.n):
        for pile in (state.decks[p], state.hands[p], state.discards[p]):
            for v in pile:
                counts[p][v] += 1
        if state.selected[p]:
            counts[p][state.selected[p]] += 1
    for loc, row in enumerate(state.rows):
        for i, card in enumerate(row):
            counts[card & OWNER_MASK][card >> OWNER_BITS] += 1
            if i and card >> OWNER_BITS > row[i - 1] >> OWNER_BITS:
                problems.append(f"{LOCATIONS[loc]} not in descending order: {[NAMES[c >> OWNER_BITS] for c in row]}")
    for p in range(state.n):
        wrong = [NAMES[v] for v in range(1, FAMILY_SIZE + 1) if counts[p][v] != 1]
        if wrong:
            problems.append(f"player {p}: cards not present exactly once: {wrong}")
        if state.coins[p] != state.start_coins[p] + state.bank[p] + state.transfers[p]:
            problems.append(f"player {p}: {state.coins[p]} coins, the ledger explains {state.start_coins[p] + state.bank[p] + state.transfers[p]}")
        if state.coins[p] < 0 and state.game.floor:
            problems.append(f"player {p}: negative coins {state.coins[p]} although coins are floored at zero")
        if len(state.hands[p]) > HAND_SIZE:
            problems.append(f"player {p}: {len(state.hands[p])} cards in hand")
    if (state.phase in (CHOICE, DRAW)) != bool(state.decisions):
        problems.append(f"phase {PHASE_NAMES[state.phase]} with {len(state.decisions)} pending decisions")
    if sum(state.transfers):
        problems.append(f"thefts are not zero-sum: {state.transfers}")
    if state.phase == OVER and (state.rounds_scored != ROUNDS or state.round != ROUNDS - 1):
        problems.append(f"game over after {state.rounds_scored} scored rounds")
    if state.phase != OVER and state.rounds_scored != state.round:
        problems.append(f"round {state.round + 1} with {state.rounds_scored} rounds scored")
    return problems


class _Reader:
    """Reads fields with defaults (partial positions) or requires them (full positions)."""

    def __init__(self, data: Mapping[str, Any], partial: bool, prefix: str = ""):
        self.data, self.partial, self.prefix = data, partial, prefix

    def get(self, key: str, default: Any, kind) -> Any:
        if key not in self.data:
            if self.partial:
                return default
            raise ValueError(f"{self.prefix}{key}: missing")
        value = self.data[key]
        if isinstance(value, bool) or not isinstance(value, kind):
            raise ValueError(f"{self.prefix}{key}: expected {_kind_name(kind)}, got {value!r}")
        return value


def _kind_name(kind) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join("null" if k is type(None) else getattr(k, "__name__", str(k)) for k in kinds)


def _int(data: Mapping[str, Any], key: str, path: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise ValueError(f"{path}.{key}: expected int, got {value!r}")
    return value


def _claim(value: int, owner: int, used: list[set[int]], path: str) -> int:
    if value in used[owner]:
        raise ValueError(f"{path}: expected each card of player {owner} once, got {NAMES[value]} twice")
    used[owner].add(value)
    return value


def _values(names: Any, owner: int, used: list[set[int]], path: str) -> list[int]:
    if not isinstance(names, list):
        raise ValueError(f"{path}: expected a list of card names, got {names!r}")
    values = [_VALUE_BY_NAME.get(name) for name in names]
    if None in values or len(set(values)) != len(values) or used[owner].intersection(values):
        return [_claim(card_value(name, f"{path}[{i}]"), owner, used, f"{path}[{i}]") for i, name in enumerate(names)]
    used[owner].update(values)
    return values


def _table_card(entry: Any, path: str, n: int, used: list[set[int]]) -> int:
    if not isinstance(entry, Mapping) or "card" not in entry or "owner" not in entry:
        raise ValueError(f"{path}: expected {{card: <name>, owner: <seat>}}, got {entry!r}")
    owner = entry["owner"]
    if type(owner) is not int or not 0 <= owner < n:
        raise ValueError(f"{path}.owner: expected a seat from 0 to {n - 1}, got {owner!r}")
    value = _claim(card_value(entry["card"], f"{path}.card"), owner, used, path)
    return value << OWNER_BITS | owner


def _pending(raw: Mapping[str, Any] | None, n: int, state) -> Decision | None:
    """The ``pending`` field as the decision it stands for: an effect's target (phase ``choice``) or the Courtisane's draw."""
    if raw is None:
        return None
    effect = card_value(raw.get("effect"), "pending.effect")
    player = raw.get("player")
    if type(player) is not int or not 0 <= player < n:
        raise ValueError(f"pending.player: expected a seat from 0 to {n - 1}, got {player!r}")
    source = raw.get("source")
    if not isinstance(source, Mapping):
        raise ValueError(f"pending.source: expected {{card, owner}} of a card on the table, got {source!r}")
    card = card_value(source.get("card"), "pending.source.card") << OWNER_BITS | (source.get("owner") if type(source.get("owner")) is int else -1)
    if not any(card in row for row in state.rows):
        raise ValueError(f"pending.source: expected a card on the table, got {source!r}")
    target = raw.get("target")
    if target is not None and (type(target) is not int or not 0 <= target < n):
        raise ValueError(f"pending.target: expected null or a seat from 0 to {n - 1}, got {target!r}")
    if state.phase == DRAW:
        return Decision(COURTISANE_DRAW, CHANCE_DECIDES, None, rules.COURTISANE,
                        {"effect": effect, "owner": player, "source": card, "target": target})
    return Decision(EFFECT_TARGET, player, None, rules.IMMEDIATE_EFFECTS,
                    {"effect": effect, "owner": player, "source": card, "target": target})


def _check_phase(state) -> None:
    phase = state.phase
    decision = state.decisions.top
    if (phase in (CHOICE, DRAW)) != (decision is not None):
        raise ValueError(f"pending: expected a pending effect exactly in phases choice and chance, got phase {PHASE_NAMES[phase]!r} with pending {decision!r}")
    if phase == DRAW and (decision.data["target"] is None or not state.hands[decision.data["target"]]):
        raise ValueError("pending.target: expected the seat whose selected card the Courtisane replaces (with cards in hand)")
    if phase in (PLACE, CHOICE, DRAW):
        order = [(state.first_player + k) % state.n for k in range(state.n)]
        waiting = order[state.revealed:] if phase == PLACE else order[state.revealed + 1:]
        missing = [p for p in waiting if not state.selected[p]]
        if missing:
            raise ValueError(f"players[{missing[0]}].selected: expected a face-down card (this player has not revealed yet), got null")
