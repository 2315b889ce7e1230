"""Splendor positions for who still plays once a player reaches 15 (docs/grounding.md, the contract).

"On joue à 3 : Léa commence, puis Nico, puis moi. J'atteins 15 points. On rejoue
un tour ?", "Order: Ana (who started), Ben, Chloé, David. Chloé reaches 15 during
her turn. Who still plays before the end?" become the turn of the player who
reaches 15, in the seating the question lists (the asker where "moi"/"me" stands
in the list, or where "je suis le dernier / I'm last" puts them), the first
player as stated. That player holds 15 prestige and ends the turn with a move
that scores nothing (three gems); every other player then tries the same kind of
move in turn order, and the reacher once more: the engine's end of turn decides
when the game is over (the round is played out, then the game ends), so a move
after it is rejected.

Asked ("play_on"): who still plays (one player), whether a named player or the
asker still plays, whether "we" play another round (the reacher plays again),
how many turns are still played; ("end_now") whether the game stops right away (nobody plays after the
reacher). Bound: the seating (every player named or
placed, their number as stated), the first player (each seat is a reading
when unsaid), who reaches 15. Refused: any other count, a card, a player the
list does not place.
"""

from __future__ import annotations

import re
from typing import Any

from language import fold_same_length as fold

from engine.splendor.data import CARDS, GEM_COLORS

__all__ = ["FINAL_ROUND_ASKS", "FINAL_ROUND_WORDS", "compile_final_round"]

FINAL_ROUND_ASKS = frozenset({"play_on", "end_now"})
_SELF = "self"
_WINNING = 15
_MAX_PLAYERS, _MIN_PLAYERS = 4, 2
_FIFTEEN_POINTS = [c for c in range(1, len(CARDS.points)) if CARDS.points[c] == 5][:3]
_TITLE = "the turn in which a player reaches 15 prestige, then the rest of the round"
FINAL_ROUND_WORDS = frozenset({"me_word", "i_word", "we_word"})
"""Who a clause is about: the lexicon's ``asking`` words (corpus/splendor/lexicon.yaml), no facts."""
_ME, _I = ("me_word",), ("me_word", "i_word")
_WE = ("we_word",)
_STARTED = re.compile(r"\b(?:commence|commencait|a commence|avait commence|started|starts|start|began|begins|"
                      r"goes first|went first|first player|premier joueur|first to play|joue en premier|"
                      r"jouait en premier)\b")
_ORDER = re.compile(r"\b(?:puis|ensuite|then|next|ordre|order|horaire|clockwise|apres|after|followed|suivi|suivie)\b")
_REACH = 40
"""How far before a word its subject may stand, in characters."""


def compile_final_round(frame: Any) -> dict[str, Any] | None:
    """The runs that answer who still plays after a player reaches 15 (module docstring), or None."""
    asked = frame.asked
    if asked is None or asked.what not in FINAL_ROUND_ASKS or frame.cards or frame.vague:
        return None
    text = fold(frame.text)
    seats = _seating(frame, text)
    if seats is None:
        return None
    reacher = _reacher(frame, text, seats)
    if reacher is None:
        return None
    subject = _subject(frame, text, seats, reacher)
    if subject is None:
        return None
    starter = _starter(frame, text, seats)
    starters = [starter] if starter is not None else list(range(len(seats)))
    variants = [_variant(len(seats), first, reacher, subject == "round", {} if starter is not None or index == 0
                         else {"first player": _name(seats[first], frame.language)})
                for index, first in enumerate(starters)]
    return {
        "title": _TITLE, "verdict": _verdict(frame, subject), "modal": False,
        "unit": {"fr": "tour(s)", "en": "turn(s)"} if frame.form in ("count", "open") else None,
        "players": {seat: _name(name, frame.language) for seat, name in enumerate(seats)},
        "variants": variants, "then": None, "read": _reader(frame, subject, reacher, len(seats)),
        "reads": ("final_round", "game_over"), "facts": _facts(seats, starter, reacher),
    }


def _seating(frame, text: str) -> list[str] | None:
    """The players in the order the question lists them, the asker where "moi"/"me" stands in the list or where
    "dernier/last", "premier/first" puts them; None when the list and the stated number of players differ."""
    names = sorted(frame.players, key=lambda name: _at(text, name))
    if any(_at(text, name) < 0 for name in names) or not names:
        return None
    seats = list(names)
    first_at, last_at = _at(text, names[0]), _at(text, names[-1]) + len(fold(names[-1]))
    listed_me = [at for at in _said(frame, _ME) if first_at - 12 <= at <= last_at + 14]
    if listed_me:
        before = [name for name in names if _at(text, name) < listed_me[0]]
        seats.insert(len(before), _SELF)
    for entity in frame.entities:
        if entity.kind == "seat_order" and entity.value in ("first", "last"):
            wanted = 0 if entity.value == "first" else len(seats) - (1 if _SELF in seats else 0)
            if _SELF in seats and seats.index(_SELF) != wanted:
                return None
            if _SELF not in seats:
                seats.insert(wanted, _SELF)
    count = frame.player_count
    if count is None and not any(c.unit is None and c.value == len(seats) for c in frame.counts) and not _ORDER.search(text):
        return None  # "Ana reaches 15. Does Ben still play?": who else plays, and in which order, is unsaid
    if count is not None and count != len(seats) or any(c.unit is None and c.value < _WINNING and c.value != len(seats)
                                                           for c in frame.counts):
        return None
    if not _MIN_PLAYERS <= len(seats) <= _MAX_PLAYERS:
        return None
    return seats


def _at(text: str, name: str) -> int:
    match = re.search(rf"\b{re.escape(fold(name))}\b", text)
    return match.start() if match else -1


def _said(frame, ids: tuple[str, ...], start: int = 0, end: int | None = None) -> list[int]:
    """Where the lexicon words ``ids`` are said in ``frame.text[start:end]``."""
    end = len(frame.text) if end is None else end
    return [word.start for word in frame.asking_words if word.term in ids and start <= word.start < end]


def _subject_before(frame, text: str, seats: list[str], at: int, start: int) -> str | None:
    """The player named nearest before ``at`` (not before ``start``), or the asker said there ("je", "I")."""
    begin = max(start, at - _REACH)
    window = text[begin : at]
    best, best_at = None, -1
    for name in seats:
        if name == _SELF:
            continue
        for match in re.finditer(rf"\b{re.escape(fold(name))}\b", window):
            if match.start() > best_at:
                best, best_at = name, match.start()
    for said in _said(frame, _I, begin, at):
        if said - begin > best_at and _SELF in seats:
            best, best_at = _SELF, said - begin
    return best


def _reacher(frame, text: str, seats: list[str]) -> int | None:
    """The seat of the player the question says reaches 15: the one count it states (15 or more points)."""
    counts = [c for c in frame.counts if not (c.unit is None and c.value == len(seats))]  # "on était 4": the players
    if len(counts) != 1:
        return None
    count = counts[0]
    if count.value < _WINNING or count.unit not in (None, "points_de_prestige") or count.start is None:
        return None
    clause = next((c for c in frame.clauses if c[0] <= count.start < c[1]), (0, len(text)))
    who = _subject_before(frame, text, seats, count.start, clause[0])
    return seats.index(who) if who in seats else None


def _starter(frame, text: str, seats: list[str]) -> int | None:
    starts = {_subject_before(frame, text, seats, m.start(), 0) for m in _STARTED.finditer(text)}
    starts.discard(None)
    return seats.index(starts.pop()) if len(starts) == 1 else None


def _subject(frame, text: str, seats: list[str], reacher: int):
    """Whom the question asks about: a named player, the asker ("do I…"), everyone ("on rejoue un tour ?": does the
    round start again, the reacher playing once more), or "who" / "how many"."""
    if frame.form in ("who", "which", "count", "open"):
        return "who" if frame.form in ("who", "which") else "count"
    if frame.asked.what == "end_now":
        return "end_now"  # "does the game end right away?": does anyone still play after the reacher
    if frame.asked.player in seats:
        return seats.index(frame.asked.player)
    clause_start = max([c[0] for c in frame.clauses if c[0] <= frame.asked.at], default=0)
    asking = (max(clause_start, frame.asked.at - 30), frame.asked.at)
    if _said(frame, _WE, *asking):
        return "round"
    if _said(frame, _I, *asking) and _SELF in seats:
        return seats.index(_SELF)
    return None


def _verdict(frame, subject) -> str:
    return {"who": "player", "count": "number"}.get(subject, "yes_no")


def _reader(frame, subject, reacher: int, players: int):
    def played_after(events) -> list[int] | None:
        reached = [i for i, e in enumerate(events) if e["kind"] == "final_round"]
        over = [i for i, e in enumerate(events) if e["kind"] == "game_over"]
        if not reached or not over:
            return None
        return [e["data"]["player"] for e in events[reached[0] + 1 : over[0]] if e["kind"] == "tokens_taken"]

    def read(events):
        after = played_after(events)
        if after is None:
            return None
        if subject == "who":
            return after[0] if len(after) == 1 else None
        if subject == "count":
            return len(after)
        if subject == "round":
            return reacher in after
        if subject == "end_now":
            return not after
        return subject in after

    return read


def _variant(players: int, first: int, reacher: int, reacher_again: bool, said: dict) -> dict[str, Any]:
    seats: list[dict] = [{} for _ in range(players)]
    seats[reacher] = {"cards": list(_FIFTEEN_POINTS)}
    steps = []
    for offset in range(players + (1 if reacher_again else 0)):
        colours = [GEM_COLORS[(offset + k) % len(GEM_COLORS)] for k in range(3)]
        steps.append({"type": "take_different", "player": (reacher + offset) % players, "colors": colours, "try": True})
    position = {"players": seats, "nobles": [], "first_player": first, "current_player": reacher,
                "final_round": False, "bank": {colour: 4 for colour in GEM_COLORS}}
    return {"reading": said, "scenario": {"game": "splendor", "title": _TITLE, "players": players,
                                          "position": position, "steps": steps}}


def _name(seat: str, language: str) -> str:
    return ({"fr": "toi", "en": "you"}.get(language, "you")) if seat == _SELF else seat


def _facts(seats, starter, reacher) -> list[dict]:
    facts = [{"fact": f"turn order: {', '.join(_name(s, 'en') for s in seats)}", "source": "stated"},
             {"fact": f"{_name(seats[reacher], 'en')} reaches 15 prestige in their turn", "source": "stated"}]
    if starter is None:
        facts.append({"fact": "the first player: each seat", "source": "default", "varies": "first player"})
    else:
        facts.append({"fact": f"{_name(seats[starter], 'en')} played first", "source": "stated"})
    facts.append({"fact": "every move after it scores nothing (three gems)", "source": "default"})
    return facts
