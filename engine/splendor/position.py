"""Positions as plain JSON: the full dict, per-player observations, and parsing.

The full position (``to_dict``)::

    {"players": [{"tokens": {"white": 0, ..., "gold": 0}, "bonuses": {"white": 0, ...},
                  "cards": [ids bought], "reserved": [ids], "blind": [reserved ids taken face down],
                  "nobles": [ids], "prestige": 0}, ...],
     "bank": {colour: n}, "supply": {colour: n},        # supply = the setup totals
     "market": {"1": [4 ids or null], "2": [...], "3": [...]},
     "decks": {"1": [ids, top first], ...}, "nobles": [visible ids], "set_aside": [ids],
     "first_player": 0, "turn": 0, "current_player": 0, "phase": "play",
     "pending_nobles": [], "final_round": false, "passes": 0, "terminal": false}

A hand-built position may also state cards no printed card matches (``"stated_cards": [{"level", "bonus",
"points", "cost"}]``, ids 91 on, placed like any card; :func:`engine.splendor.data.with_stated_cards`): the cost a
player's question gives; and nobles (``"stated_nobles": [{"requirements"}]``, ids 11 on, visible only when
``nobles`` lists them). ``to_dict`` writes each key back only when the position states some.

:func:`fill_position` reads the same shape and also accepts partial positions
for scenarios; the defaults are documented on :class:`engine.splendor.game.SplendorGame`.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.splendor.data import CARDS, GEM_COLORS, LEVELS, NOBLES, TOKEN_COLORS, with_stated_cards, with_stated_nobles
from engine.splendor.seat import NOBLE, PHASES, PLAY, RESERVE_LIMIT, Seat
from engine.splendor.turn import eligible_nobles, noble_choice

_POSITION_KEYS = {
    "players", "bank", "supply", "market", "decks", "nobles", "set_aside", "first_player", "turn",
    "current_player", "phase", "pending_nobles", "final_round", "passes", "terminal", "stated_cards", "stated_nobles",
}
_SEAT_KEYS = {"tokens", "bonuses", "cards", "reserved", "blind", "nobles", "prestige"}


def position_dict(state) -> dict[str, Any]:
    """The whole position, deck order included (see the module docstring)."""
    stated = {"stated_cards": [dict(card) for card in state.stated_cards]} if state.stated_cards else {}
    if state.stated_nobles:
        stated["stated_nobles"] = [dict(noble) for noble in state.stated_nobles]
    return {**stated,
        "players": [_seat_dict(seat) for seat in state.seats],
        "bank": _named(state.bank),
        "supply": _named(state.supply),
        "market": {str(level): list(row) for level, row in zip(LEVELS, state.market)},
        "decks": {str(level): deck[::-1] for level, deck in zip(LEVELS, state.decks)},
        "nobles": list(state.nobles),
        "set_aside": list(state.set_aside),
        "first_player": state.first_player,
        "turn": state.turn,
        "current_player": state.current_player(),
        "phase": state.phase,
        "pending_nobles": list(eligible_nobles(state)),
        "final_round": state.final_round,
        "passes": state.passes,
        "terminal": state.terminal,
    }


def observation_dict(state, player: int) -> dict[str, Any]:
    """What ``player`` sees: deck sizes instead of deck order, others' blind reserves as level only."""
    if not 0 <= player < state.num_players:
        raise ValueError(f"player: expected a seat from 0 to {state.num_players - 1}, got {player!r}")
    view = position_dict(state)
    view["viewer"] = player
    view["decks"] = {level: len(deck) for level, deck in view["decks"].items()}
    for index, seat in enumerate(view["players"]):
        if index != player:
            hidden = set(seat["blind"])
            seat["reserved"] = [{"hidden": True, "level": state.cards.level[c]} if c in hidden else c
                                for c in seat["reserved"]]
            del seat["blind"]
    return view


def fill_position(state, data: Mapping[str, Any]) -> None:
    """Load a full or partial position into a freshly built state; ``ValueError`` names the bad field."""
    if not isinstance(data, Mapping):
        raise ValueError(f"position: expected a mapping, got {type(data).__name__}")
    _no_unknown_keys(data, _POSITION_KEYS, "position")
    players = data.get("players", [])
    if not isinstance(players, list) or len(players) > state.num_players:
        raise ValueError(f"players: expected a list of at most {state.num_players} seats, got {players!r}")
    if "stated_cards" in data:
        state.cards = with_stated_cards(CARDS, data["stated_cards"])
        state.stated_cards = [dict(card) for card in data["stated_cards"]]
    if "stated_nobles" in data:
        state.noble_tables = with_stated_nobles(NOBLES, data["stated_nobles"])
        state.stated_nobles = [dict(noble) for noble in data["stated_nobles"]]
    for index, raw in enumerate(players):
        _fill_seat(state, state.seats[index], raw, f"players[{index}]")
    _fill_tokens(state, data)
    _fill_cards(state, data)
    _fill_nobles(state, data)
    _fill_turn(state, data)


def _fill_seat(state, seat: Seat, raw: Any, field: str) -> None:
    cards, nobles = state.cards, state.noble_tables
    if not isinstance(raw, Mapping):
        raise ValueError(f"{field}: expected a mapping, got {type(raw).__name__}")
    _no_unknown_keys(raw, _SEAT_KEYS, field)
    highest = len(cards.level) - 1
    seat.tokens = _vector(raw.get("tokens", {}), TOKEN_COLORS, f"{field}.tokens")
    seat.cards = _ids(raw.get("cards", []), highest, f"{field}.cards")
    seat.reserved = _ids(raw.get("reserved", []), highest, f"{field}.reserved")
    seat.blind = _ids(raw.get("blind", []), highest, f"{field}.blind")
    seat.nobles = _ids(raw.get("nobles", []), len(nobles.points) - 1, f"{field}.nobles")
    if len(seat.reserved) > RESERVE_LIMIT:
        raise ValueError(f"{field}.reserved: expected at most {RESERVE_LIMIT} cards, got {len(seat.reserved)}")
    if not set(seat.blind) <= set(seat.reserved):
        raise ValueError(f"{field}.blind: expected a subset of reserved {seat.reserved}, got {seat.blind}")
    for card in seat.cards:
        seat.bonuses[cards.bonus[card]] += 1
        seat.points += cards.points[card]
    seat.points += sum(nobles.points[n] for n in seat.nobles)
    if "bonuses" in raw and _vector(raw["bonuses"], GEM_COLORS, f"{field}.bonuses") != seat.bonuses:
        raise ValueError(f"{field}.bonuses: expected {_named(seat.bonuses)} (from the cards), got {raw['bonuses']!r}")
    if "prestige" in raw and raw["prestige"] != seat.points:
        raise ValueError(f"{field}.prestige: expected {seat.points} (cards and nobles), got {raw['prestige']!r}")


def _fill_tokens(state, data: Mapping[str, Any]) -> None:
    """Bank defaults to the setup supply minus what the players hold, colour by colour."""
    held = [sum(seat.tokens[c] for seat in state.seats) for c in range(len(TOKEN_COLORS))]
    standard = state.supply
    given = data.get("bank", {})
    if not isinstance(given, Mapping):
        raise ValueError(f"bank: expected a mapping of colour to count, got {given!r}")
    _no_unknown_keys(given, set(TOKEN_COLORS), "bank")
    bank = []
    for c, name in enumerate(TOKEN_COLORS):
        if name in given:
            bank.append(_count(given[name], f"bank.{name}"))
        elif standard[c] < held[c]:
            raise ValueError(f"bank.{name}: players hold {held[c]}, more than the {standard[c]} of the setup; "
                             "give the bank explicitly")
        else:
            bank.append(standard[c] - held[c])
    supply = tuple(b + h for b, h in zip(bank, held))
    if "supply" in data and tuple(_vector(data["supply"], TOKEN_COLORS, "supply")) != supply:
        raise ValueError(f"supply: expected bank + players = {_named(supply)}, got {data['supply']!r}")
    state.bank = bank
    state.supply = supply


def _fill_cards(state, data: Mapping[str, Any]) -> None:
    """Place every card once.

    Cards not placed anywhere complete the market rows (lowest ids first; an explicit
    ``null`` stays a gap), then form the deck; when the deck is given, they are set aside.
    """
    placed: dict[int, str] = {}
    cards_of = state.cards
    highest = len(cards_of.level) - 1

    def place(cards: list[int], where: str) -> None:
        for card in cards:
            if card in placed:
                raise ValueError(f"{where}: card {card} is already in {placed[card]}")
            placed[card] = where

    for index, seat in enumerate(state.seats):
        place(seat.cards, f"players[{index}].cards")
        place(seat.reserved, f"players[{index}].reserved")
    market = _per_level(data.get("market"), "market")
    decks = _per_level(data.get("decks"), "decks")
    rows: dict[int, list[int | None]] = {}
    for level, row in market.items():
        if not isinstance(row, list) or len(row) > 4:
            raise ValueError(f"market.{level}: expected a list of at most 4 card ids or nulls, got {row!r}")
        _ids([c for c in row if c is not None], highest, f"market.{level}")
        rows[level] = list(row)
        place([c for c in row if c is not None], f"market.{level}")
    for level in LEVELS:
        if level in decks:
            place(_ids(decks[level], highest, f"decks.{level}"), f"decks.{level}")
    set_aside = _ids(data.get("set_aside", []), highest, "set_aside")
    place(set_aside, "set_aside")
    for level in LEVELS:
        free = [c for c in cards_of.ids_by_level[level] if c not in placed]
        row = rows.get(level, [])
        missing = 4 - len(row)
        row, free = row + free[:missing], free[missing:]
        row += [None] * (4 - len(row))
        deck = decks[level] if level in decks else free
        if level in decks:
            set_aside.extend(free)
        for where, cards in ((f"market.{level}", [c for c in row if c is not None]), (f"decks.{level}", deck)):
            wrong = [c for c in cards if cards_of.level[c] != level]
            if wrong:
                raise ValueError(f"{where}: expected level {level} cards, got card {wrong[0]} of level {cards_of.level[wrong[0]]}")
        state.market[level - 1] = row
        state.decks[level - 1] = list(deck)[::-1]
    state.set_aside = set_aside


def _fill_nobles(state, data: Mapping[str, Any]) -> None:
    owned = [n for seat in state.seats for n in seat.nobles]
    if "nobles" in data:
        visible = _ids(data["nobles"], len(state.noble_tables.points) - 1, "nobles")
    else:
        visible = [n for n in NOBLES.ids if n not in owned][: state.num_players + 1]
    if len(set(visible + owned)) != len(visible) + len(owned):
        raise ValueError(f"nobles: expected each noble once among visible {visible} and owned {owned}")
    state.nobles = visible


def _fill_turn(state, data: Mapping[str, Any]) -> None:
    n = state.num_players
    state.first_player = _count(data.get("first_player", 0), "first_player")
    if state.first_player >= n:
        raise ValueError(f"first_player: expected a seat from 0 to {n - 1}, got {state.first_player}")
    default_turn = 0
    if "current_player" in data and not data.get("terminal"):
        current = _count(data["current_player"], "current_player")
        if current >= n:
            raise ValueError(f"current_player: expected a seat from 0 to {n - 1}, got {current}")
        default_turn = (current - state.first_player) % n
    state.turn = _count(data.get("turn", default_turn), "turn")
    if "current_player" in data and "turn" in data and not data.get("terminal") and state.turn % n != default_turn:
        raise ValueError(f"current_player: expected {(state.first_player + state.turn) % n} after {state.turn} "
                         f"turns from seat {state.first_player}, got {data['current_player']}")
    state.phase = data.get("phase", PLAY)
    if state.phase not in PHASES:
        raise ValueError(f"phase: expected one of {list(PHASES)}, got {state.phase!r}")
    eligible = _ids(data.get("pending_nobles", []), len(state.noble_tables.points) - 1, "pending_nobles")
    if state.phase == NOBLE and (len(eligible) < 2 or not set(eligible) <= set(state.nobles)):
        raise ValueError(f"pending_nobles: expected at least 2 visible nobles, got {eligible}")
    if state.phase != NOBLE and eligible:
        raise ValueError(f"pending_nobles: expected [] outside the noble phase (phase {state.phase!r}), got {eligible}")
    if state.phase == NOBLE:
        state.decisions.push(noble_choice((state.first_player + state.turn) % state.num_players, eligible))
    reached = any(seat.points >= 15 for seat in state.seats)
    state.final_round = _flag(data.get("final_round", reached), "final_round")
    state.passes = _count(data.get("passes", 0), "passes")
    state.terminal = _flag(data.get("terminal", False), "terminal")


# -- helpers ------------------------------------------------------------------------------------


def _seat_dict(seat: Seat) -> dict[str, Any]:
    return {
        "tokens": _named(seat.tokens),
        "bonuses": _named(seat.bonuses),
        "cards": list(seat.cards),
        "reserved": list(seat.reserved),
        "blind": list(seat.blind),
        "nobles": list(seat.nobles),
        "prestige": seat.points,
    }


def _named(vector) -> dict[str, int]:
    return dict(zip(TOKEN_COLORS, vector))


def _vector(amounts: Any, names: tuple[str, ...], field: str) -> list[int]:
    if not isinstance(amounts, Mapping):
        raise ValueError(f"{field}: expected a mapping of colour to count, got {amounts!r}")
    _no_unknown_keys(amounts, set(names), field)
    return [_count(amounts.get(name, 0), f"{field}.{name}") for name in names]


def _per_level(value: Any, field: str) -> dict[int, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping) or any(str(k) not in {"1", "2", "3"} for k in value):
        raise ValueError(f"{field}: expected a mapping with keys among '1', '2', '3', got {value!r}")
    return {int(k): v for k, v in value.items()}


def _ids(values: Any, highest: int, field: str) -> list[int]:
    if not isinstance(values, list):
        raise ValueError(f"{field}: expected a list of ids from 1 to {highest}, got {values!r}")
    for value in values:  # a plain loop: simulations rebuild every position through here
        if type(value) is not int or not 1 <= value <= highest:
            raise ValueError(f"{field}: expected a list of ids from 1 to {highest}, got {values!r}")
    if len(set(values)) != len(values):
        raise ValueError(f"{field}: expected distinct ids, got {values!r}")
    return list(values)


def _count(value: Any, field: str) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{field}: expected a non-negative integer, got {value!r}")
    return value


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{field}: expected true or false, got {value!r}")
    return value


def _no_unknown_keys(data: Mapping, allowed: set[str], field: str) -> None:
    unknown = sorted(set(map(str, data)) - allowed)
    if unknown:
        raise ValueError(f"{field}.{unknown[0]}: unknown field; expected some of {sorted(allowed)}")
