"""The JSON form of an EMPRISE position, partial positions for scenarios, views and invariants.

Position format (``to_dict``; in a scenario's ``position`` every field is optional)::

    phase: place                # place | count | sudden_death | over
    first_player: 0             # the seat that opened the duel (drawn at random)
    placements: 3               # cards placed so far, Réserve cards included
    orders: [[Archers, Gardiens], [Piques, Maudits]]   # partial default: options.orders, else none
    hands: [[{order: Archers, ranks: [4, 5, 3, 4]}, ...], [...]]     # ranks as printed: top, right, bottom, left
    reserves: [[{order: Archers, ranks: [...]}, {order: Gardiens, ranks: [...]}], [...]]
    board:
      c2: {owner: 1, order: Piques, ranks: [7, 2, 5, 2], bonus: 0, turn: 0, by: 1, reserve: false}
    sudden_death: {round: 0, placed: 0}   # the Mort Subite round (0: not begun) and cards placed in it
    last_word: null             # the seat the Dernier Mot gave its point to

``to_dict`` also writes derived fields, ignored when read back: ``to_move``,
``counts`` (cards owned on the board), ``hand_sizes``, ``scores`` (with the
opener's head start) and ``winner``.

Partial positions (scenarios) may also give:

- ``to_move``: the seat to play now; sets ``first_player`` from ``placements``
  when ``first_player`` is not given (and must agree with it when it is);
- a board card's ``ranks`` (as it lies: top, right, bottom, left), or its
  ``rotation`` from the rank deck of its Order (default: rotation 0); ``by``
  defaults to ``owner``, ``turn`` to long ago (a Scribe's ranks visible);
- hand and Réserve cards as plain Order names (ranks from the rank deck);
- ``counts: [a, b]`` (or ``"a:b"``): fill the first empty squares (a1, b1, ...) with ``a`` cards
  of player 0 and ``b`` of player 1, of rank 1 on every side (positions about the count);
- ``hands`` default: the four cards of each of the player's ``orders`` minus the
  ones on the board that player placed; ``reserves`` default: one card per Order;
- ``frame``: a placement as a question tells it (the frame a question describes,
  turned into a position): ``{square: c2, order: Maudits, faces: [...]}``. Each
  face is ``"mine:theirs:owner[:Order]"`` (or the same as a mapping): the placed
  card's rank on that side, the rank facing it, whose card it is (``enemy`` or
  ``own``) and its Order (default Scribes, whose ability does nothing on the
  board). Faces take the sides top, right, bottom, left in turn; the placed card
  (default Maudits, no ability when placed) goes to the player to move's hand
  with rank 0 on the sides no face names, and each faced card gets rank 0 on its
  other sides. The four squares around ``square`` do not touch each other, so
  which side a face takes changes nothing but for the Archers' and Piques' lines.
  ``onde: [faces]`` adds what the first faced card meets once it is taken (by a
  Résonance of the placement): each face ``"its rank:rank facing it:owner"``
  puts a card beside it (right, then left; faced card on the top side only).
  ``named: [Orders]``: the Orders a question names; each must be the Order of a
  card of the frame, else the position is refused (a question about an Order
  the frame cannot place gets no position rather than one without that Order).
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.emprise.board import ADJACENT, SQUARE_NAMES, SQUARES, square_index
from engine.emprise.orders import (
    CARDS_PER_ORDER, HAND_SIZE, ORDERS, ORDERS_PER_SIDE, PESTIFERES, RESERVE_SIZE, SCRIBES, order_index, parse_ranks,
    rotated,
)

_LONG_AGO = -100
_FILLER_RANKS = (1, 1, 1, 1)
"""Ranks of the cards ``counts`` fills in: fixed, never the (placeholder) rank deck, so no answer quotes it."""


def state_to_dict(state) -> dict[str, Any]:
    board = {}
    for card in state.board:
        if card is not None:
            board[SQUARE_NAMES[card.square]] = {
                "owner": card.owner, "order": ORDERS[card.order], "ranks": list(card.ranks), "bonus": card.bonus,
                "turn": card.turn, "by": card.by, "reserve": card.reserve,
            }
    from engine.emprise.state import PHASES

    scores = state.scores()
    winners = state.winners()
    data = {
        "phase": PHASES[state.phase],
        "first_player": state.first_player,
        "placements": state.placements,
        "orders": [[ORDERS[o] for o in orders] for orders in state.orders],
        "hands": [[_card(c) for c in hand] for hand in state.hands],
        "reserves": [[_card(c) for c in reserve] for reserve in state.reserves],
        "board": {name: board[name] for name in SQUARE_NAMES if name in board},
        "sudden_death": {"round": state.sd_round, "placed": state.sd_placed},
        "last_word": state.last_word,
        "to_move": state.current_player() if state.current_player() >= 0 else None,
        "counts": list(state.counts),
        "hand_sizes": [len(hand) for hand in state.hands],
        "scores": scores,
        "winner": winners[0] if len(winners) == 1 else None,
    }
    if state.unsaid_order is not None:
        data["unsaid_order"] = [state.unsaid_order[0], ORDERS[state.unsaid_order[1]]]
    return data


def build_state(game, data: Mapping[str, Any], *, partial: bool):
    """A state from a position dict; ``partial`` fills missing fields with the documented defaults.

    Raises:
        ValueError: naming the bad field, what was expected and what was received.
    """
    from engine.emprise.state import MAIN_PLACEMENTS, PHASES, Card, EmpriseState

    if not isinstance(data, Mapping):
        raise ValueError(f"position: expected a mapping, got {type(data).__name__}")
    known = {"phase", "first_player", "placements", "orders", "hands", "reserves", "board", "sudden_death",
             "last_word", "to_move", "counts", "hand_sizes", "scores", "winner", "frame",
             "unsaid_order"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"position.{unknown[0]}: unknown field; expected some of {sorted(known)}")
    decks = game.rank_decks
    orders = _orders(data, partial, game.fixed_orders)
    board_cards: list = []
    for name, raw in _required(data, "board", partial, {}).items():
        board_cards.append(_board_card(Card, name, raw, decks, partial))
    counts = data.get("counts") if partial else None
    if counts is not None:
        board_cards += _filler_cards(Card, counts, {c.square for c in board_cards}, orders, decks)
    frame = _frame(data.get("frame"), decks) if partial and data.get("frame") is not None else None
    if frame is not None:
        board_cards += [Card(0, order, ranks, sq, _LONG_AGO, 0) for sq, order, ranks, _ in frame[2]]
    placements = _int(data, "placements", partial, len(board_cards), 0, SQUARES)
    hands = [_cards(data, "hands", p, partial, _default_hand(orders[p], board_cards, p, decks), decks)
             for p in (0, 1)]
    reserves = [_cards(data, "reserves", p, partial, [(o, decks[o]) for o in orders[p]], decks) for p in (0, 1)]
    first = data.get("first_player")
    to_move = data.get("to_move") if partial else None
    if first is None and partial:
        first = 0 if to_move is None else _seat(to_move, "to_move") ^ (placements & 1)
    first = _seat(first, "first_player")
    if frame is not None:
        mover = first ^ (placements & 1)
        hands[mover] = [frame[0]] + hands[mover]
        for card, (_, _, _, own) in zip(board_cards[-len(frame[2]):] if frame[2] else [], frame[2]):
            card.owner = card.by = mover if own else 1 - mover
    state = EmpriseState(game, orders, hands, reserves, first)
    if frame is not None and data["frame"].get("order_unsaid"):
        state.unsaid_order = (first ^ (placements & 1), frame[0][0])
    elif data.get("unsaid_order") is not None:
        player, order = data["unsaid_order"]
        state.unsaid_order = (_seat(player, "unsaid_order"), order_index(order, "position.unsaid_order"))
    for card in board_cards:
        if state.board[card.square] is not None:
            raise ValueError(f"position.board.{SQUARE_NAMES[card.square]}: two cards on one square")
        state._put(card)
    state.placements = placements
    phase = data.get("phase")
    if phase is None and partial:
        phase = "count" if placements >= MAIN_PLACEMENTS and not data.get("sudden_death") else "place"
    if phase not in PHASES:
        raise ValueError(f"position.phase: expected one of {list(PHASES)}, got {phase!r}")
    state.phase = PHASES.index(phase)
    sudden = _required(data, "sudden_death", partial, {})
    if not isinstance(sudden, Mapping):
        raise ValueError(f"position.sudden_death: expected {{round, placed}}, got {sudden!r}")
    state.sd_round = _int(sudden, "round", partial, 1 if phase == "sudden_death" else 0, 0, 2, "position.sudden_death.")
    state.sd_placed = _int(sudden, "placed", partial, 0, 0, 2, "position.sudden_death.")
    last_word = _required(data, "last_word", partial, None)
    state.last_word = None if last_word is None else _seat(last_word, "last_word")
    if partial and to_move is not None and state.current_player() >= 0 and state.current_player() != to_move:
        raise ValueError(f"position.to_move: first_player {first} and {placements} placements give player "
                         f"{state.current_player()} to move, not {to_move!r}")
    return state


def observation(state, player: int) -> dict[str, Any]:
    """What ``player`` sees: Scribes' ranks are hidden in the opponent's hand and for a turn after their
    placement (``emprise.scribes_reveal``); the opponent's Réserve is face down."""
    if not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1):
        raise ValueError(f"player: expected seat 0 or 1, got {player!r}")
    view = state_to_dict(state)
    other = 1 - player
    for card in view["hands"][other]:
        if card["order"] == ORDERS[SCRIBES]:
            card["ranks"] = None
    view["reserves"][other] = ["face down"] * len(view["reserves"][other])
    delay = state.game.scribes_delay
    for card in view["board"].values():
        if card["order"] == ORDERS[SCRIBES] and card["by"] != player and state.placements < card["turn"] + delay:
            card["ranks"] = None
            card["hidden"] = True
    return view


def invariant_violations(state) -> list[str]:
    """Cards conserved per side, ownership counts, 16 cards and 4 empty squares at the count, no draw."""
    from engine.emprise.state import MAIN_PLACEMENTS, OVER, PHASES, SUDDEN_DEATH

    problems = []
    on_board = [c for c in state.board if c is not None]
    for sq, card in enumerate(state.board):
        if card is not None and card.square != sq:
            problems.append(f"card on {SQUARE_NAMES[sq]} believes it is on {SQUARE_NAMES[card.square]}")
    poisoned = [sum(other is not None and other.order == PESTIFERES for other in (state.board[n] for n in ADJACENT[sq]))
                for sq in range(SQUARES)]
    if state.empties != [sq for sq in range(SQUARES) if state.board[sq] is None]:
        problems.append(f"the list of empty squares is out of date: {state.empties}")
    if poisoned != state.poisoned:
        problems.append("the per-square count of neighbouring Pestiférés is out of date")
    owned = [sum(c.owner == p for c in on_board) for p in (0, 1)]
    if owned != state.counts:
        problems.append(f"ownership counts {state.counts} but the board holds {owned}")
    if len(on_board) != state.placements:
        problems.append(f"{state.placements} placements but {len(on_board)} cards on the board")
    for p in (0, 1):
        from_hand = sum(c.by == p and not c.reserve for c in on_board)
        from_reserve = sum(c.by == p and c.reserve for c in on_board)
        if from_hand + len(state.hands[p]) != HAND_SIZE:
            problems.append(f"player {p}: {len(state.hands[p])} in hand + {from_hand} placed != {HAND_SIZE}")
        if from_reserve + len(state.reserves[p]) != RESERVE_SIZE:
            problems.append(f"player {p}: {len(state.reserves[p])} in Réserve + {from_reserve} placed != {RESERVE_SIZE}")
        if len({o for o, _ in state.reserves[p]}) != len(state.reserves[p]):
            problems.append(f"player {p}: two Réserve cards of the same Order")
    main = sum(not c.reserve for c in on_board)
    if state.phase == SUDDEN_DEATH or state.sd_round:
        if main != MAIN_PLACEMENTS or SQUARES - main != 4:
            problems.append(f"Mort Subite with {main} cards placed from hands (expected 16, 4 squares empty)")
    if PHASES[state.phase] == "count" and not state.sd_round and main != MAIN_PLACEMENTS:
        problems.append(f"count after {main} placements, expected {MAIN_PLACEMENTS}")
    if state.phase == OVER:
        scores = state.scores()
        if scores[0] == scores[1]:
            problems.append(f"the duel ended in a draw {scores}")
    return problems


# -- helpers -----------------------------------------------------------------------------------------------------
def _card(card) -> dict[str, Any]:
    order, ranks = card
    return {"order": ORDERS[order], "ranks": list(ranks)}


def _required(data: Mapping[str, Any], key: str, partial: bool, default: Any) -> Any:
    if key in data:
        return data[key]
    if partial:
        return default
    raise ValueError(f"position.{key}: missing (a full position lists every field)")


def _int(data, key, partial, default, low, high, prefix="position.") -> int:
    value = data.get(key, default) if partial else data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{prefix}{key}: expected an integer from {low} to {high}, got {value!r}")
    return value


def _seat(value: Any, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value not in (0, 1):
        raise ValueError(f"position.{field}: expected seat 0 or 1, got {value!r}")
    return value


def _orders(data, partial, fixed) -> list[list[int]]:
    if "orders" not in data and partial and fixed:
        return [list(side) for side in fixed]
    raw = _required(data, "orders", partial, [[], []])
    if not isinstance(raw, list) or len(raw) != 2:
        raise ValueError(f"position.orders: expected two lists of Orders (one per player), got {raw!r}")
    orders = []
    for p, names in enumerate(raw):
        if not isinstance(names, list) or len(names) > ORDERS_PER_SIDE:
            raise ValueError(f"position.orders.{p}: expected at most {ORDERS_PER_SIDE} Orders, got {names!r}")
        indexes = [order_index(name, f"position.orders.{p}") for name in names]
        if len(set(indexes)) != len(indexes):
            raise ValueError(f"position.orders.{p}: two different Orders expected, got {names!r}")
        orders.append(indexes)
    return orders


def _parse_card(raw: Any, field: str, decks) -> tuple[int, tuple]:
    if isinstance(raw, str):
        order = order_index(raw, field)
        return order, decks[order]
    if not isinstance(raw, Mapping):
        raise ValueError(f"{field}: expected an Order name or {{order, ranks}}, got {raw!r}")
    order = order_index(raw.get("order"), f"{field}.order")
    ranks = parse_ranks(raw["ranks"], f"{field}.ranks") if raw.get("ranks") is not None else decks[order]
    return order, ranks


def _cards(data, key, player, partial, default, decks) -> list:
    raw = _required(data, key, partial, None)
    if raw is None:
        return list(default)
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(side, list) for side in raw):
        raise ValueError(f"position.{key}: expected two lists of cards (one per player), got {raw!r}")
    return [_parse_card(card, f"position.{key}.{player}.{i}", decks) for i, card in enumerate(raw[player])]


def _default_hand(orders, board_cards, player, decks) -> list:
    hand = []
    for order in orders:
        placed = sum(c.by == player and c.order == order and not c.reserve for c in board_cards)
        hand += [(order, decks[order])] * max(0, CARDS_PER_ORDER - placed)
    return hand


def _board_card(card_class, name, raw, decks, partial):
    field = f"position.board.{name}"
    square = square_index(name, field)
    if not isinstance(raw, Mapping):
        raise ValueError(f"{field}: expected {{owner, order, ranks, ...}}, got {raw!r}")
    order = order_index(raw.get("order"), f"{field}.order")
    owner = _seat(raw.get("owner"), f"board.{name}.owner")
    if raw.get("ranks") is not None:
        ranks = list(parse_ranks(raw["ranks"], f"{field}.ranks"))
    elif partial:
        rotation = raw.get("rotation", 0)
        if rotation not in (0, 1, 2, 3):
            raise ValueError(f"{field}.rotation: expected 0, 1, 2 or 3, got {rotation!r}")
        ranks = list(rotated(decks[order], rotation))
    else:
        raise ValueError(f"{field}.ranks: missing")
    by = _seat(raw.get("by", owner) if partial else raw.get("by"), f"board.{name}.by")
    turn = raw.get("turn", _LONG_AGO) if partial else raw.get("turn")
    bonus = raw.get("bonus", 0) if partial else raw.get("bonus")
    reserve = raw.get("reserve", False) if partial else raw.get("reserve")
    for key, value in (("turn", turn), ("bonus", bonus)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{field}.{key}: expected an integer, got {value!r}")
    if not isinstance(reserve, bool):
        raise ValueError(f"{field}.reserve: expected true or false, got {reserve!r}")
    return card_class(owner, order, ranks, square, turn, by, reserve, bonus)


_FRAME_SIDES = ("top", "right", "bottom", "left")


def _frame(raw: Any, decks) -> tuple:
    """``(hand card, square, [(square, order, ranks, own)])`` of a ``frame`` (see the module docstring)."""
    from engine.emprise.board import NEIGHBOURS

    field = "position.frame"
    if not isinstance(raw, Mapping):
        raise ValueError(f"{field}: expected {{square, order, faces}}, got {raw!r}")
    square = square_index(raw.get("square", "c2"), f"{field}.square")
    order = order_index(raw.get("order", "Maudits"), f"{field}.order")
    faces = raw.get("faces") or []
    sides = {d: sq for d, sq in NEIGHBOURS[square]}
    if not isinstance(faces, list) or len(faces) > len(sides):
        raise ValueError(f"{field}.faces: expected at most {len(sides)} faces around {SQUARE_NAMES[square]}, got {faces!r}")
    mine = [0, 0, 0, 0]
    faced = []
    free = [d for d in range(4) if d in sides]
    for i, face in enumerate(faces):
        rank, theirs, own, face_order = _face(face, f"{field}.faces.{i}")
        d = free.pop(0)
        mine[d] = rank
        ranks = [0, 0, 0, 0]
        ranks[(d + 2) % 4] = theirs
        faced.append((sides[d], face_order, ranks, own))
    named = raw.get("named") or []
    placed_orders = {order} | {face_order for _, face_order, _, _ in faced}
    for name in named if isinstance(named, list) else [named]:
        if order_index(name, f"{field}.named") not in placed_orders:
            raise ValueError(f"{field}.named: {name!r} is not the Order of any card of the frame "
                             f"({sorted(ORDERS[o] for o in placed_orders)})")
    onde = raw.get("onde") or []
    if onde:
        if not faced or faced[0][0] != sides.get(0) or not isinstance(onde, list) or len(onde) > 2:
            raise ValueError(f"{field}.onde: expected at most two faces for the card faced on the top side, got {onde!r}")
        first_square, _, first_ranks, _ = faced[0]
        around = dict(NEIGHBOURS[first_square])
        for i, (face, d) in enumerate(zip(onde, (1, 3))):
            rank, theirs, own, face_order = _face(face, f"{field}.onde.{i}")
            if d not in around:
                raise ValueError(f"{field}.onde: no square on that side of {SQUARE_NAMES[first_square]}")
            first_ranks[d] = rank
            ranks = [0, 0, 0, 0]
            ranks[(d + 2) % 4] = theirs
            faced.append((around[d], face_order, ranks, own))
    return (order, tuple(mine)), square, faced


def _face(face: Any, field: str) -> tuple[int, int, bool, int]:
    if isinstance(face, str):
        parts = face.split(":")
        face = dict(zip(("mine", "theirs", "owner", "order"), parts))
    if not isinstance(face, Mapping):
        raise ValueError(f"{field}: expected 'mine:theirs:owner[:Order]', got {face!r}")
    try:
        rank, theirs = int(face["mine"]), int(face["theirs"])
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"{field}: expected two integer ranks (mine, theirs), got {face!r}") from None
    owner = face.get("owner", "enemy")
    if owner not in ("enemy", "own"):
        raise ValueError(f"{field}.owner: expected 'enemy' or 'own', got {owner!r}")
    return rank, theirs, owner == "own", order_index(face.get("order") or "Scribes", f"{field}.order")


def _filler_cards(card_class, counts, taken, orders, decks) -> list:
    if isinstance(counts, str) and counts.count(":") == 1 and all(part.isdigit() for part in counts.split(":")):
        counts = [int(part) for part in counts.split(":")]
    if (not isinstance(counts, list) or len(counts) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)):
        raise ValueError(f"position.counts: expected two card counts [player 0, player 1], got {counts!r}")
    free = [sq for sq in range(SQUARES) if sq not in taken]
    if sum(counts) > len(free):
        raise ValueError(f"position.counts: {sum(counts)} cards do not fit in {len(free)} empty squares")
    cards = []
    for player, count in enumerate(counts):
        order = orders[player][0] if orders[player] else order_index("Gardiens")
        for _ in range(count):
            cards.append(card_class(player, order, list(_FILLER_RANKS), free.pop(0), _LONG_AGO, player))
    return cards
