"""A face-down card at its resolution: must its owner reveal it, can they, and can a covered card be revealed?

rules.md "Phase de résolution": the owner of a face-down card either places an
influence point on it or reveals it; "PILE DE CARTES": a covered card is not
taken into account in the resolution and cannot be revealed. The run stops the
resolution on that card (or on the pile it lies under) and applies, as the
question states it, the other option ("must I reveal it?": placing a point) or
the reveal ("can Hugo reveal the covered card?"); the engine's acceptance or
rejection, with its citation, is the ruling.

Plain data as :mod:`engine.oriflamme.frames` returns it; None when the question
does not say whose face-down card it is, or states a fact not read.
"""

from __future__ import annotations

import re
from typing import Any

from engine.oriflamme.frame_trace import decisive, ignored, question_start
from engine.oriflamme.reading import OTHER, SELF, read_table
from language import fold_same_length as fold

__all__ = ["face_down_choice"]

_STAND_INS = ("Félon", "Apothicaire", "Coupe-jarret")
_MUST = re.compile(r"\b(?:oblige|obligee|obligatoire|force|forcee|dois|doit|faut|must|have to|has to|forced|required|need to|needs to)\b")
_RESOLUTION = re.compile(
    r"\b(?:arrive en resolution|(?:a|au) (?:sa|son) tour de resolution|est resolue?|quand (?:elle|il) est resolue?"
    r"|(?:lors de|pendant|during|at|in) (?:la |the )?(?:phase de )?resolution(?: phase)?|resolves|is resolved|comes up|reaches (?:it|that stack|that pile|the stack|the pile)"
    r"|when (?:the )?resolution reaches (?:it|that stack|that pile|the stack|the pile|my card|his card|her card))\b"
)
_COVERED_BY = re.compile(r"\b(?:recouverte? par|covered by|sous|under|beneath)\b")


def face_down_choice(frame: Any) -> dict[str, Any] | None:
    asked = frame.asked
    if asked is None or asked.what != "reveal":
        return None
    text = fold(frame.text)
    table = read_table(frame)
    if table is None:
        return None
    subjects = [i for i, c in enumerate(table.cards) if (c.revealed is False or c.covered) and not c.set_aside
                and not c.in_hand and not c.gone]
    subjects = [i for i in subjects if not (len(subjects) > 1 and table.cards[i].kind is None and table.cards[i].owner is None)]
    if len(subjects) != 1:
        return None
    subject = table.cards[subjects[0]]
    others = [c for i, c in enumerate(table.cards) if i != subjects[0] and not (subject.covered and c.covered and c.kind is None)]
    cover = next((c for c in others if c.owner == subject.owner or c.owner is None), None) if subject.covered else None
    if subject.owner is None or len(others) > (1 if subject.covered else 0) or (subject.covered and cover is None):
        return None  # another card in the line, or a covered card with nothing named on it
    used = list(table.used) + [(c.start, c.end) for c in table.cards]
    used += [m.span() for pattern in (_RESOLUTION, _COVERED_BY) for m in pattern.finditer(text)]
    cards = [(e.start, e.end, e.value) for e in frame.entities if e.kind == "card"]
    start = question_start(text)
    if decisive(ignored(text, used, cards), start):
        return None
    seat = 0 if subject.owner == SELF else 1
    named = {c.kind for c in table.cards if c.kind is not None}
    kind = subject.kind or next(k for k in _STAND_INS if k not in named)
    entries = [{"card": kind, "owner": seat, "revealed": False}]
    if cover is not None:
        cover_kind = cover.kind or next(k for k in _STAND_INS if k != kind and k not in named)
        entries.append({"card": cover_kind, "owner": seat, "revealed": bool(cover.revealed)})
    must = bool(_MUST.search(fold(asked.said)))
    # a face-down card after it stops the walk there (no turn end told); none after a pile, whose top may act on it
    after = [] if cover is not None else [[{"card": "Corruption", "owner": 1 - seat, "revealed": False}]]
    position = {"turn": 3, "phase": "resolution", "first_player": 0, "cursor": 0, "line": [entries, *after],
                "players": [{"influence": 5}, {"influence": 5}]}
    other_option = {"type": "influence" if must else "reveal", "player": seat, "try": True}
    scenario = {"game": "oriflamme", "title": "a face-down card at its resolution", "players": 2, "position": position,
                "steps": [{"type": "resolve"}, other_option]}

    def read(events):
        if must:  # "must I reveal it?": no when placing a point on it is accepted
            return not any(e["kind"] == "influence_placed" and e["data"]["card"] == kind for e in events)
        return any(e["kind"] == "card_revealed" and e["data"]["card"] == kind and e["data"]["player"] == seat for e in events)
    name = subject.owner if subject.owner not in (SELF, OTHER) else None
    return {
        "title": "a face-down card at its resolution",
        "verdict": "yes_no",
        "modal": False,
        "unit": None,
        "players": {1: name} if name else {},
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": None,
        "read": read,
        "reads": ("influence_placed", "card_revealed", "rejected"),
        "facts": [{"fact": f"{subject.kind or 'a card'} of {subject.owner}: {'covered' if subject.covered else 'face down'}",
                   "source": "stated", "said": subject.said}]
        + ([{"fact": f"{cover.kind or 'a card'} on top of it", "source": "stated", "said": cover.said}] if cover else []),
    }

