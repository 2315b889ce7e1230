"""Emblèmes positions for the effects that target a selected (face-down) card: the Courtisane's swap and the
Stratège's imposed location ("I am the last one to reveal this turn and my card is the Courtesan. Can I still change
somebody's card?", "Alice a le pion, puis c'est moi, puis Chloé. Je révèle mon Stratège : je peux imposer un lieu à
qui ?").

The asker's card is revealed at the rank the question gives: last or first ("je suis le dernier à révéler", "I
reveal first"), or from the seating and the token holder (engine/emblemes/frame_order.py reads them the same way).
Every player after the asker still has a face-down card; the engine places the asker's card and offers its own
targets (the players whose card is still face down), and the asker's choices are branched over. Asked: whether the
effect can apply (yes when one choice does it), or whom it can target (one player).

Refused: another card of the asker, a count, an unsaid rank, another player as the one who reveals.
"""

from __future__ import annotations

import re
from typing import Any

from language import fold_same_length as fold

from engine.emblemes.frame_order import _holder, _order_said, _seating

__all__ = ["SELECTED_ASKS", "compile_selected"]

SELECTED_ASKS = frozenset({"swap", "impose"})
_SELF = "self"
_CARDS = {"courtisane": "Courtisane", "stratege": "Stratège"}
_ASKED_CARD = {"swap": "courtisane", "impose": "stratege"}
_PLAYER_COUNTS = (3, 4, 5)
_TITLE = "the asker reveals a card that targets a face-down card"
_FILLER = "Marchand"
_FIRST_PERSON = re.compile(r"\b(?:my card|ma carte|i am|i'm|je suis|je revele|i reveal)\b")


def compile_selected(frame: Any) -> dict[str, Any] | None:
    """The runs that answer whom the Courtisane or the Stratège can target (module docstring), or None."""
    asked = frame.asked
    if asked is None or asked.what not in SELECTED_ASKS or frame.counts or frame.vague:
        return None
    card = _asker_card(frame)
    if card is None or card != _ASKED_CARD[asked.what]:
        return None
    if frame.form not in ("polar", "who", "which"):
        return None
    text = fold(frame.text)
    markers = set(frame.markers)
    order = _seated_rank(frame, text)
    if order is not None:
        seats, rank, orders = order
        counts = [len(seats)]
    elif markers & {"last_revealed", "first_revealed"} and set(frame.players) <= {asked.player}:
        # "I'm the last to flip: can I still swap Paul's card?": the one asked about, no seating
        seats, orders = None, None
        counts = [frame.player_count] if frame.player_count else list(_PLAYER_COUNTS)
        rank = None
    else:
        return None
    variants, names = [], []
    for players in counts:
        for reading, revealing, asker_rank in _placements(seats, orders, rank, players, markers):
            said = dict(reading)
            if len(counts) > 1:
                said["number of players"] = players
            variants.append({"reading": said, "scenario": _scenario(players, asker_rank, _CARDS[card]),
                             "read": _reader(frame.form, revealing, seats)})
            names.append(revealing)
    if not variants:
        return None
    who = frame.form in ("who", "which")
    if who and (seats is None or len(variants) > 1):
        return None  # whom, without the seating or its direction: a reading with no target would go unsaid
    you = "toi" if frame.language == "fr" else "you"
    return {
        "title": _TITLE, "verdict": "player" if who else "yes_no", "modal": not who, "unit": None,
        "players": {} if names[0] is None else {seat: you if name == _SELF else name for seat, name in enumerate(names[0])},
        "variants": variants, "then": {"type": "choose"}, "read": variants[0]["read"],
        "reads": ("effect_without_target", "courtisane_target", "stratege_impose"),
        "facts": _facts(card, seats, counts, markers),
    }


def _asker_card(frame) -> str | None:
    mine = [c.card for c in frame.cards if c.owner == _SELF]
    if not mine and not frame.players and _FIRST_PERSON.search(fold(frame.text)):
        mine = [c.card for c in frame.cards if c.owner is None]  # "I am the last to reveal and my card is the Courtesan"
    if frame.action is not None and frame.action.card is not None and frame.action.actor == _SELF:
        mine.append(frame.action.card.card)
    others = [c for c in frame.cards if c.owner not in (_SELF, None)]
    return mine[0] if len(set(mine)) == 1 and not others and mine[0] in _CARDS else None


def _seated_rank(frame, text: str):
    """(seats as listed, the asker's place in the reveal order, the seat orders to play) from the seating and the
    token holder; None when the question does not give them."""
    seats = _seating(frame, text)
    if seats is None or _SELF not in seats:
        return None
    holder = _holder(frame, text, seats, frame.asking_clause)
    if holder is None:
        return None
    orders = [("listed", seats)]
    if not _order_said(frame, text):
        orders.append(("reversed", seats[::-1]))
    return seats, holder[0], orders


def _placements(seats, orders, holder, players, markers):
    """(reading, the players in reveal order, the asker's rank in it) for each way the question can be read."""
    if seats is None:
        rank = players - 1 if "last_revealed" in markers else 0
        return [({}, None, rank)]
    found = []
    for name, order in orders:
        first = order.index(seats[holder])
        revealing = order[first:] + order[:first]
        found.append(({} if name == "listed" else {"clockwise order": "the reverse of the order listed"},
                      revealing, revealing.index(_SELF)))
    return found


def _scenario(players: int, rank: int, card: str) -> dict[str, Any]:
    """Seat 0 holds the token; the asker sits at seat ``rank``; seats after it still hold a face-down card."""
    position = {"round": 1, "turn": 1, "phase": "place", "first_player": 0, "revealed": rank,
                "locations": {"Château": [], "Village": [], "Port": []},
                "players": [{"selected": card if seat == rank else (_FILLER if seat > rank else None)}
                            for seat in range(players)]}
    return {"game": "emblemes", "title": _TITLE, "players": players, "position": position,
            "steps": [{"type": "place", "player": rank, "location": "Village"}]}


def _reader(form: str, revealing, seats):
    """Whether the effect applies (a target chosen), or whom it targets (as listed in the question)."""

    def listed(seat: int):
        return None if revealing is None else seats.index(revealing[seat])

    def read(events):
        targets = [e["data"]["target"] for e in events if e["kind"] in ("courtisane_target", "stratege_impose")]
        if form in ("who", "which"):
            return listed(targets[0]) if targets else None
        return bool(targets)

    return read


def _facts(card, seats, counts, markers) -> list[dict]:
    facts = [{"fact": f"the asker reveals the {_CARDS[card]}", "source": "stated"}]
    if seats is not None:
        facts.append({"fact": f"seats in the order listed: {', '.join('the asker' if s == _SELF else s for s in seats)}",
                      "source": "stated"})
    else:
        facts.append({"fact": "the asker reveals " + ("last" if "last_revealed" in markers else "first"),
                      "source": "stated"})
        if len(counts) > 1:
            facts.append({"fact": "number of players", "source": "default", "varies": "number of players"})
    facts.append({"fact": "every player after the asker holds a face-down card", "source": "default"})
    return facts
