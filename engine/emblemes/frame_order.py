"""Emblèmes positions for the order of play: who holds the first-player token on a later turn, and who reveals
first, last or in a given rank on a turn ("Ana, Ben, Cleo and Dan sit clockwise. Ana has the first player token on
turn 1. Who has it on turn 2?", "Zoé a le pion Premier joueur, puis dans le sens horaire Yann, Xavier et Walid. Qui
révèle sa carte en dernier ?").

The named players sit in the order the question lists them (the asker where "moi"/"me" stands in the list); that
order is clockwise when the question says so, else its reverse is a second reading. The token holder is the one
player named beside the first-player token, on the turn said there (else the turn asked about). The engine plays
each turn from there: every player selects a card without immediate effect, then the players reveal and place in
the order the engine's flow gives, and the token passes at the end of the turn; the verdict is read off those
events (``token_passed``, ``card_placed``). Turns stay inside one round (the turns per round at that number of
players).

Refused: a card, a count other than coins (which the order of play never reads), two token holders, a turn beyond
the round, a player the list does not place.
"""

from __future__ import annotations

import re
from typing import Any

from language import fold_same_length as fold

from engine.emblemes.cards import LOCATIONS

__all__ = ["ORDER_ASKS", "compile_order"]

ORDER_ASKS = frozenset({"token_holder", "reveal_order"})
_SELF = "self"
_TOKEN = "pion_premier_joueur"
_COIN = "piece_d_or"
_QUIET_CARDS = ("Princesse", "Sorcière", "Traître", "Marchand", "Espionne", "Matelot")
"""Cards without immediate effect: their placement asks nothing more of the engine."""
_TURNS_PER_ROUND = {3: 4, 4: 3, 5: 3}
_TITLE = "the turns of the round the question describes, played in the engine's order"
_ME = re.compile(r"\b(?:moi|me|myself)\b")
_SEQUENCE = re.compile(r"\b(?:puis|then|ensuite|followed by|suivi de|suivie de)\b")
_NAMED_ME = re.compile(r"\s*\(\s*(\w+)\s*\)")
_SEGMENT = re.compile(r"[,;:.!?\n]|\b(?:and|et|puis|then)\b")
_TURN_ORDINALS = {"premier": 1, "first": 1, "1er": 1, "deuxieme": 2, "second": 2, "seconde": 2, "2e": 2, "2eme": 2,
                  "2nd": 2, "troisieme": 3, "third": 3, "3e": 3, "3eme": 3, "3rd": 3, "quatrieme": 4, "fourth": 4,
                  "4e": 4, "4eme": 4, "4th": 4}
_TURN_NUMBER = re.compile(r"\b(?:turn|tour)\s+(?:n°\s*|no\.?\s*)?(\d)\b")
_ORDINAL_TURN = re.compile(r"\b(\w+)(?=\s+(?:turn|tour)\b)")
_NEXT_TURN = re.compile(r"\b(?:next turn|following turn|tour suivant|prochain tour|suivant)\b")
_WHEN = re.compile(r"\b(?:(?:en|in)\s+)?(dernier|derniere|last|premier|premiere|first)\b")


def compile_order(frame: Any) -> dict[str, Any] | None:
    """The runs that answer who holds the token or who reveals when (module docstring), or None."""
    asked = frame.asked
    if asked is None or asked.what not in ORDER_ASKS or frame.cards or frame.vague or frame.action is not None:
        return None
    if frame.form not in ("who", "which"):
        return None
    text = fold(frame.text)
    asking = frame.asking_clause
    seats = _seating(frame, text)
    if seats is None or any(c.unit not in (_COIN,) and not _is_turn_number(text, c) for c in frame.counts):
        return None
    holder = _holder(frame, text, seats, asking)
    if holder is None:
        return None
    holder_seat, holder_turn = holder
    asked_turn = _asked_turn(text, asking, holder_turn)
    if asked.what == "token_holder":
        if asked_turn is None or holder_turn is None or asked_turn <= holder_turn:
            return None
        start, end, rank = holder_turn, asked_turn, None
    else:
        start = holder_turn or asked_turn or 1
        end = asked_turn or start
        rank = _rank_asked(frame, text, asking, len(seats))
        if rank is None or end < start:
            return None
    if end > _TURNS_PER_ROUND[len(seats)]:
        return None
    orders = [("listed", seats)]
    if not _order_said(frame, text):
        orders.append(("reversed", seats[::-1]))
    variants = []
    for name, order in orders:
        reading = {} if name == "listed" else {"clockwise order": "the reverse of the order listed"}
        scenario = _scenario(order, order.index(seats[holder_seat]), start, end, asked.what == "token_holder")
        variants.append({"reading": reading, "scenario": scenario, "read": _reader(seats, order, asked.what, rank)})
    return {
        "title": _TITLE, "verdict": "player", "modal": False, "unit": None,
        "players": {seat: ({"fr": "toi", "en": "you"}.get(frame.language, "you") if name == _SELF else name)
                    for seat, name in enumerate(seats)},
        "variants": variants, "then": None, "read": _reader(seats, seats, asked.what, rank),
        "reads": ("token_passed",),  # the token's holder reveals first, then clockwise: the rule that decides
        "facts": _facts(seats, holder_seat, start, end, len(orders) > 1, frame),
    }


def _order_said(frame, text: str) -> bool:
    """The players are listed in the order of play: said clockwise, or listed as a sequence ("Alice a le pion, puis
    c'est moi, puis Chloé", "Ana, then Ben, then me")."""
    return any(term.term == "clockwise" for term in frame.terms) or len(_SEQUENCE.findall(text)) >= 2


def _seating(frame, text: str) -> list[str] | None:
    ranked = {rank.start for rank in frame.ranks}
    names = [name for name in frame.players if _at(text, name) >= 0 and _at(text, name) not in ranked]
    names.sort(key=lambda name: _at(text, name))
    if not names:
        return None
    seats = list(names)
    first_at, last_at = _at(text, names[0]), _at(text, names[-1]) + len(names[-1])
    listed_me = [m for m in _ME.finditer(text) if first_at - 12 <= m.start() <= last_at + 14]
    if listed_me:
        named_me = _NAMED_ME.match(text, listed_me[0].end())  # "moi (Bastien)": the asker's own name
        own = next((n for n in names if named_me and fold(n) == named_me.group(1)), None)
        if own is not None:
            seats[seats.index(own)] = _SELF
        else:
            seats.insert(len([n for n in names if _at(text, n) < listed_me[0].start()]), _SELF)
    if frame.player_count is not None and frame.player_count != len(seats):
        return None
    return seats if len(seats) in _TURNS_PER_ROUND else None


def _at(text: str, name: str) -> int:
    match = re.search(rf"\b{re.escape(fold(name))}\b", text)
    return match.start() if match else -1


def _segment(text: str, position: int) -> tuple[int, int]:
    breaks = [m.start() for m in _SEGMENT.finditer(text)]
    return (max([b + 1 for b in breaks if b < position], default=0),
            min([b for b in breaks if b >= position], default=len(text)))


def _holder(frame, text: str, seats: list[str], asking) -> tuple[int, int | None] | None:
    """The seat named beside the one first-player token said outside the asking clause, and the turn said there."""
    tokens = [e for e in frame.entities if e.kind == "token" and e.value == _TOKEN and not asking[0] <= e.start < asking[1]]
    if len(tokens) != 1:
        return None
    segment = _segment(text, tokens[0].start)
    clause = next((c for c in frame.clauses if c[0] <= tokens[0].start < c[1]), segment)
    named = [seat for seat, name in enumerate(seats)
             if name != _SELF and re.search(rf"\b{re.escape(fold(name))}\b", text[segment[0] : segment[1]])]
    if not named and _SELF in seats and re.search(r"\b(?:j|je|i|moi)\b", text[segment[0] : segment[1]]):
        named = [seats.index(_SELF)]
    if len(named) != 1:
        return None
    turns = _turns_in(text, clause)
    return named[0], (turns[0] if len(turns) == 1 else None)


def _turns_in(text: str, span) -> list[int]:
    found = [(m.start(), int(m.group(1))) for m in _TURN_NUMBER.finditer(text, span[0], span[1])]
    found += [(m.start(), _TURN_ORDINALS[m.group(1)]) for m in _ORDINAL_TURN.finditer(text, span[0], span[1])
              if m.group(1) in _TURN_ORDINALS]
    return [number for _, number in sorted(found)]


def _is_turn_number(text: str, count) -> bool:
    return count.start is not None and re.match(r"\s*(?:e|eme|er|st|nd|rd|th)?\s*(?:turn|tour)\b", text[count.start + len(count.said):]) is not None or (
        count.start is not None and re.search(r"\b(?:turn|tour)\s+$", text[max(0, count.start - 6) : count.start]) is not None)


def _asked_turn(text: str, asking, holder_turn: int | None) -> int | None:
    turns = _turns_in(text, asking)
    if len(turns) == 1:
        return turns[0]
    if not turns and holder_turn is not None and _NEXT_TURN.search(text, asking[0], asking[1]):
        return holder_turn + 1
    return None


def _rank_asked(frame, text: str, asking, players: int) -> int | None:
    """0 for first, players - 1 for last, else the ordinal said in the asking clause."""
    said = [m.group(1) for m in _WHEN.finditer(text, asking[0], asking[1])]
    said = [word for word in said if not re.match(r"\s*(?:turn|tour)\b", text[text.find(word, asking[0]) + len(word):])]
    if len(said) == 1:
        return players - 1 if said[0] in ("dernier", "derniere", "last") else 0
    ranks = [rank.value for rank in frame.ranks if asking[0] <= rank.start < asking[1]
             and not re.match(r"\s*(?:turn|tour)\b", text[rank.start + len(rank.said):])]
    return ranks[0] - 1 if len(ranks) == 1 and 1 <= ranks[0] <= players else None


def _scenario(order: list[str], holder: int, start: int, end: int, token_only: bool) -> dict[str, Any]:
    players = len(order)
    position = {"round": 1, "turn": start, "phase": "select", "first_player": holder, "revealed": 0,
                "locations": {name: [] for name in LOCATIONS},
                "players": [{"hand": list(_QUIET_CARDS), "coins": 3} for _ in range(players)]}
    steps = []
    for k in range(end - start + (0 if token_only else 1)):
        steps += [{"type": "select", "player": p, "card": _QUIET_CARDS[(k + p) % len(_QUIET_CARDS)], "try": True}
                  for p in range(players)]
        steps += [{"type": "place", "location": LOCATIONS[k % len(LOCATIONS)]} for _ in range(players)]
    return {"game": "emblemes", "title": _TITLE, "players": players, "position": position, "steps": steps}


def _reader(seats, order, what: str, rank: int | None):
    def listed(seat: int) -> int:
        return seats.index(order[seat])

    def read(events):
        if what == "token_holder":
            passed = [e for e in events if e["kind"] == "token_passed"]
            return listed(passed[-1]["data"]["to"]) if passed else None
        turn_ends = [i for i, e in enumerate(events) if e["kind"] == "token_passed"]
        last_turn = events[turn_ends[-2] + 1 :] if len(turn_ends) > 1 else events
        placed = [e["data"]["player"] for e in last_turn if e["kind"] == "card_placed"]
        return listed(placed[rank]) if rank is not None and rank < len(placed) else None

    return read


def _facts(seats, holder, start, end, order_unsaid, frame) -> list[dict]:
    names = ["the asker" if s == _SELF else s for s in seats]
    facts = [{"fact": f"seats in the order listed: {', '.join(names)}", "source": "stated"},
             {"fact": f"{names[holder]} holds the first-player token on turn {start}", "source": "stated"}]
    if order_unsaid:
        facts.append({"fact": "the order listed is clockwise", "source": "default", "varies": "clockwise order"})
    if any(c.unit == _COIN for c in frame.counts):
        facts.append({"fact": "the coins stated: the order of play does not read them", "source": "stated"})
    facts.append({"fact": f"turns {start} to {end} of a round, every card placed without an immediate effect",
                  "source": "default"})
    return facts
