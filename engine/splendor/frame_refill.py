"""Splendor positions for what fills the display after a card is taken from it (docs/grounding.md, the contract).

"Je réserve une des cartes visibles du niveau 2. On la remplace ?", "The level 3
deck is empty. I buy one of the visible level 3 cards: do we fill the gap with a
level 2 card?", "…how many level 1 cards are face up now?" become the asker's
turn with a full display: the stated move (a purchase or a reservation of a
face-up card of the stated level) is applied, and the engine's own refill says
whether a card of that level's deck replaces it (``market_refilled``) or the
slot stays empty (``market_gap``).

Bound: the move (a purchase or a reservation, one of them, of a face-up card),
the level of the card taken (when unsaid, each level is a reading), a deck
said to be empty (``pioche_vide``: the deck of the level said beside it, else
the taken card's). A deck the question does not say empty holds cards (a
default, shown). Asked: whether the card is replaced, whether by a card of a
stated level, or how many cards of the level are face up afterwards.
Refused: a reservation from the top of a deck (no display card is taken), a
purchase of a reserved card, two levels for the card taken, another player.
"""

from __future__ import annotations

import re
from typing import Any

from language import fold_same_length as fold

from engine.splendor.data import CARDS, GEM_COLORS, LEVELS
from engine.splendor.frame_actions import bonus_cards

__all__ = ["REFILL_ASKS", "REFILL_TERMS", "compile_refill"]

REFILL_ASKS = frozenset({"refill"})
REFILL_TERMS = frozenset({"refill"})
_BUY, _RESERVE = "buy", "reserve"
_TITLE = "the asker takes a face-up card from the display"
_TELLING_ENDS = re.compile(r"\s[—–-]\s|[:;]")
_FACE_UP = re.compile(r"\b(?:face visible|visibles?|face[ -]up|showing|on display|in the display)\b")
"""Asked after the move ("how many level 1 cards are face up now?"): the count the display shows. Read here, not as a
lexicon term, so that a set-up question ("combien de cartes face visible par niveau ?") stays a state quantity."""


def compile_refill(frame: Any) -> dict[str, Any] | None:
    """The runs that answer what replaces a card taken from the display (module docstring), or None."""
    asking = _asking_clause(frame)
    counting = frame.form in ("count", "open")
    refill_asked = any(t.term == "refill" and asking[0] <= t.start < asking[1] for t in frame.terms)
    if not (refill_asked or (counting and _FACE_UP.search(fold(frame.text), asking[0], asking[1]))):
        return None
    if frame.players or frame.vague or frame.counts:
        return None  # another player, a thing stated without saying which, or a count: nothing the display reads
    if any(e.kind == "token" and asking[0] <= e.start < asking[1] for e in frame.entities):
        return None  # "gold replaces a gem?": a token stands in, no card is replaced
    move = _move(frame, asking)
    if move is None:
        return None
    levels_said = _levels(frame, outside=asking)
    asked_levels = _levels(frame, inside=asking)
    if len(set(levels_said)) > 1 or len(set(asked_levels)) > 1:
        return None
    empty = _empty_decks(frame, levels_said)
    if empty is None:
        return None
    asked_level = asked_levels[0] if asked_levels else None
    if counting and asked_level is not None and levels_said and asked_level != levels_said[0]:
        return None  # "how many level 2 cards are face up?" after taking a level 1 card: nothing the move changes
    taken = levels_said or ([asked_level] if counting and asked_level else [])
    variants = []
    for level in taken or LEVELS:
        said = {} if taken or level == LEVELS[0] else {"level of the card taken": level}
        decks_empty = sorted(empty | ({level} if empty_unplaced(frame, levels_said) else set()))
        variants.append(_variant(move, level, decks_empty, said))
    if counting:
        read, verdict = _visible, "number"
    elif asked_level is not None:
        read, verdict = (lambda events: _refill_level(events) == asked_level), "yes_no"
    else:
        read, verdict = (lambda events: _refill_level(events) is not None), "yes_no"
    return {
        "title": _TITLE, "verdict": verdict, "modal": False,
        "unit": {"fr": "carte(s) face visible", "en": "face-up card(s)"} if counting else None,
        "players": {}, "variants": variants, "then": None, "read": read,
        "reads": ("market_refilled", "market_gap"), "facts": _facts(move, taken, empty, levels_said, frame),
    }


def _asking_clause(frame) -> tuple[int, int]:
    """The part of the question's last clause that holds its asking words: a dash or a colon ends what the
    question tells ("I buy one of the level 3 cards — do we fill the gap…?")."""
    start, end = frame.asking_clause
    asked = ([t.start for t in frame.terms if t.term == "refill" and start <= t.start < end]
             or [m.start() for m in _FACE_UP.finditer(fold(frame.text), start, end)][-1:])
    if asked:
        cuts = [start + m.end() for m in _TELLING_ENDS.finditer(frame.text[start : asked[0]])]
        start = max([start, *cuts])
    return start, end


def _move(frame, asking) -> str | None:
    """A purchase or a reservation of a face-up card, said outside the asking words; None for neither, both, a
    reservation from the top of a deck, or a card bought from the asker's reserve."""
    said = set()
    for entity in frame.entities:
        if entity.kind == "action" and entity.value == "acheter":
            said.add(_BUY)
        if entity.kind == "component" and entity.value == "reserve" and getattr(entity, "role", None) != "other":
            said.add(_RESERVE)
    for term in frame.terms:
        if term.term == "bought":
            said.add(_BUY)
        if term.term == "reserved":
            said.add(_RESERVE)
    if frame.asked is not None and frame.asked.what in (_BUY, _RESERVE):
        said.add(frame.asked.what)
    if len(said) != 1:
        return None
    deck_said = any(t.term == "blind" for t in frame.terms)
    empty_said = any(e.kind == "concept" and e.value == "pioche_vide" for e in frame.entities)
    if any(e.kind == "concept" and e.value == "reserve_cachee" for e in frame.entities) or (deck_said and not empty_said):
        return None  # from the top of a deck: no face-up card is taken
    return said.pop()


def _levels(frame, inside=None, outside=None) -> list[int]:
    found = []
    for entity in frame.entities:
        if entity.kind != "level" or entity.value not in LEVELS:
            continue
        within = inside is None or inside[0] <= entity.start < inside[1]
        without = outside is None or not outside[0] <= entity.start < outside[1]
        if within and without and not _beside_empty_deck(frame, entity.start):
            found.append(entity.value)
    return found


def _beside_empty_deck(frame, start: int) -> bool:
    clause = _clause_of(frame, start)
    return any(e.kind == "concept" and e.value == "pioche_vide" and _clause_of(frame, e.start) == clause
               for e in frame.entities) and not _takes_in(frame, clause)


def _takes_in(frame, clause) -> bool:
    """Whether the move is said in ``clause`` ("I just bought a level 1 card", beside "the deck is empty")."""
    return any(clause[0] <= e.start < clause[1] and e.kind in ("action",) for e in frame.entities) or any(
        clause[0] <= t.start < clause[1] and t.term in ("bought", "reserved") for t in frame.terms)


def _clause_of(frame, start: int) -> tuple[int, int]:
    return next((c for c in frame.clauses if c[0] <= start < c[1]), (0, len(frame.text)))


def _empty_decks(frame, levels_said) -> set[int] | None:
    """The levels whose deck the question says is empty (the level said in its clause)."""
    empty: set[int] = set()
    for entity in frame.entities:
        if entity.kind != "concept" or entity.value != "pioche_vide":
            continue
        clause = _clause_of(frame, entity.start)
        beside = {e.value for e in frame.entities if e.kind == "level" and clause[0] <= e.start < clause[1]}
        if len(beside) > 1:
            return None
        empty |= beside
    return empty


def empty_unplaced(frame, levels_said) -> bool:
    """An empty deck said without its level ("la pioche est vide") is the taken card's."""
    for entity in frame.entities:
        if entity.kind == "concept" and entity.value == "pioche_vide":
            clause = _clause_of(frame, entity.start)
            if not any(e.kind == "level" and clause[0] <= e.start < clause[1] for e in frame.entities):
                return True
            if _takes_in(frame, clause):
                return True
    return False


def _variant(move: str, level: int, decks_empty: list[int], said: dict) -> dict[str, Any]:
    card = CARDS.ids_by_level[level][0]
    seat: dict[str, Any] = {}
    if move == _BUY:
        seat["cards"] = bonus_cards({g: n for g, n in zip(GEM_COLORS, CARDS.cost[card]) if n}, card)
        step = {"type": "buy", "player": 0, "card": card, "try": True}
    else:
        step = {"type": "reserve", "player": 0, "card": card, "try": True}
    position = {"players": [seat, {}], "market": {str(level): [card]}, "nobles": [], "current_player": 0,
                "decks": {str(empty): [] for empty in decks_empty}}
    return {"reading": said, "scenario": {"game": "splendor", "title": _TITLE, "players": 2, "position": position,
                                          "steps": [step]}}


def _refill_level(events) -> int | None:
    refilled = [e for e in events if e["kind"] == "market_refilled"]
    return refilled[0]["data"]["level"] if refilled else None


def _visible(events) -> int | None:
    shown = [e for e in events if e["kind"] in ("market_refilled", "market_gap")]
    return shown[0]["data"]["visible"] if shown else None


def _facts(move, taken, empty, levels_said, frame) -> list[dict]:
    verb = "buys" if move == _BUY else "reserves"
    facts = [{"fact": f"the asker {verb} a face-up card" + (f" of level {taken[0]}" if taken else ""), "source": "stated"}]
    if not taken:
        facts.append({"fact": "the level of the card taken: each level", "source": "default",
                      "varies": "level of the card taken"})
    if empty or empty_unplaced(frame, levels_said):
        facts.append({"fact": "the deck the question says is empty holds no card", "source": "stated"})
    facts.append({"fact": "every deck the question does not say is empty still holds cards; the display is full",
                  "source": "default"})
    if move == _BUY:
        facts.append({"fact": "the asker's bonuses pay the card", "source": "default"})
    return facts
