"""An Archer's capture at range compiled from a question frame: does my Archer take the enemy card down its line?

"Je pose mon Archer en a1, son rang de droite est 6. En c1 il y a une carte de Yann qui montre 4 à gauche, b1 est
vide. Je la prends ?", "My Archer has 6 on top. Two squares above, with an empty square between, there is Ada's
card with 4 at the bottom. Does it take it?": the Archers « Capture en ligne droite, même à distance », with the
normal rule (« strictement supérieur »). The position holds the Archer placed on its square with the stated rank
toward the target, the target with the stated rank toward the Archer, the squares between empty, every other rank 1
(no comparison can take or hold on it); the engine places the Archer and the verdict reads whether the target
changes sides.

What is read: the two squares named (``a1`` … ``e4``, in one row or column) or a distance in squares with a
direction ("deux cases au-dessus", "2 squares to the right"); the two ranks, the Archer's said first. A rank said
with its side must face the other card. A question that leaves the squares between unsaid, names another card, or
gives more numbers gets no position. The range (``emprise.archers_range``) is rerun when the distance is over 2.
"""

from __future__ import annotations

import re
from typing import Any

from language import fold

__all__ = ["compile_ranged_capture"]

_SQUARE = re.compile(r"\b([a-e])([1-4])\b")
_DIRECTION = re.compile(r"\b(?:(up|above|en\s+haut|au-dessus|au\s+dessus|plus\s+haut)|(down|below|en\s+bas|en\s+dessous"
                        r"|au-dessous|plus\s+bas)|(left|a\s+gauche)|(right|a\s+droite))\b")
_SIDE_OF_RANK = re.compile(r"\b(?:(haut|top|du\s+haut)|(droite|right)|(bas|bottom|du\s+bas)|(gauche|left))\b")
_CAPTURE = re.compile(r"\b(?:prends?|prendr\w*|prend|captur\w*|retourn\w*|tombe\w*|takes?|flips?|wins?)\b")
_OPPOSITE = {0: 2, 1: 3, 2: 0, 3: 1}
_PLAIN = [1, 1, 1, 1]
_YOU = {"fr": "vous", "en": "you"}
_OPPONENT = {"fr": "votre adversaire", "en": "your opponent"}


def compile_ranged_capture(frame: Any) -> dict[str, Any] | None:
    """The run that answers whether my Archer takes a card at range, or None when the frame does not bind it."""
    archers = {c.owner for c in frame.cards if c.card == "archers"}
    if archers - {None, "self"} or len(archers) != 1 or any(c.card != "archers" for c in frame.cards):
        return None
    if frame.vague or frame.form != "polar" or not _CAPTURE.search(_asking(frame)):
        return None
    text = fold(frame.text)
    line = _line(frame, text)
    if line is None:
        return None
    archer, target, side, distance = line
    ranks = [c for c in frame.counts if c.unit is None]
    if len(ranks) != 2 or len(frame.counts) - len(ranks) > (1 if distance_said(frame) else 0):
        return None
    if not (_fits(text, ranks[0], side) and _fits(text, ranks[1], _OPPOSITE[side])):
        return None
    mine, theirs = list(_PLAIN), list(_PLAIN)
    mine[side], theirs[_OPPOSITE[side]] = ranks[0].value, ranks[1].value
    position = {"to_move": 0, "board": {target: {"owner": 1, "order": "Scribes", "ranks": theirs}},
                "hands": [[{"order": "Archers", "ranks": mine}], [{"order": "Scribes", "ranks": _PLAIN}]]}
    scenario = {"game": "emprise", "players": 2, "position": position,
                "steps": [{"type": "place", "player": 0, "order": "Archers", "square": archer, "rotation": 0}]}
    variants = [{"reading": {}, "scenario": scenario}]
    if distance > 2:
        variants.append({"reading": {"emprise.archers_range": "two_squares"},
                         "scenario": {**scenario, "assumptions": {"emprise.archers_range": "two_squares"}}})

    def taken(events: list[dict]) -> bool | None:
        placed = any(e.get("kind") == "card_placed" for e in events)
        return None if not placed else any(e.get("kind") == "captured" and e["data"].get("square") == target
                                           for e in events)

    players = {0: _YOU[frame.language], 1: frame.players[0] if len(frame.players) == 1 else _OPPONENT[frame.language]}
    return {
        "title": "L'Archer prend-il la carte ennemie à distance ?", "verdict": "yes_no", "modal": False, "unit": None,
        "players": players, "variants": variants, "then": None, "read": taken,
        "reads": ("captured", "held", "tie", "tie_alone"),
        "facts": [{"fact": "the Archer's square and the target's", "source": "stated", "said": f"{archer}, {target}"},
                  {"fact": "the Archer's rank toward the target", "source": "stated", "said": ranks[0].said},
                  {"fact": "the target's rank toward the Archer", "source": "stated", "said": ranks[1].said},
                  {"fact": "the squares between", "source": "stated", "said": "empty"},
                  {"fact": "the Archer's other ranks and the target's", "source": "default", "said": "1"}],
    }


def distance_said(frame: Any) -> bool:
    return any(c.unit == "case" for c in frame.counts)


def _asking(frame: Any) -> str:
    if frame.asked is not None:
        return fold(frame.asked.said)
    clauses = [c for c in re.split(r"[.;!\n]+", fold(frame.text)) if c.strip()]
    return next((c for c in reversed(clauses) if "?" in c), clauses[-1] if clauses else "")


def _line(frame: Any, text: str) -> tuple[str, str, int, int] | None:
    """(Archer's square, target's square, the Archer's side facing the target 0-3, distance), with every square
    between said empty; None when the question does not place both cards in one line."""
    squares = list(dict.fromkeys(m.group() for m in _SQUARE.finditer(text)))
    if squares:
        if len(squares) < 2 or not _said_empty(frame):
            return None
        archer, target = squares[0], squares[1]
        (ac, ar), (tc, tr) = ("abcde".index(archer[0]), int(archer[1])), ("abcde".index(target[0]), int(target[1]))
        if ac != tc and ar != tr:
            return None
        between = ([f"{'abcde'[c]}{ar}" for c in range(min(ac, tc) + 1, max(ac, tc))] if ar == tr
                   else [f"{archer[0]}{r}" for r in range(min(ar, tr) + 1, max(ar, tr))])
        if set(squares[2:]) - set(between) or (len(between) > 1 and set(squares[2:]) != set(between)):
            return None
        side = (1 if tc > ac else 3) if ar == tr else (0 if tr < ar else 2)
        return archer, target, side, max(abs(ac - tc), abs(ar - tr))
    counts = [c for c in frame.counts if c.unit == "case"]
    direction = _DIRECTION.search(text)
    if len(counts) != 1 or direction is None or not _said_empty(frame):
        return None
    distance, side = counts[0].value, (0, 2, 3, 1)[direction.lastindex - 1]
    if not 2 <= distance <= (3 if side in (0, 2) else 4):
        return None
    if side in (0, 2):
        archer, target = ("c4", f"c{4 - distance}") if side == 0 else ("c1", f"c{1 + distance}")
    else:
        archer, target = ("a2", "abcde"[distance] + "2") if side == 1 else ("abcde"[distance] + "2", "a2")
    return archer, target, side, distance


def _said_empty(frame: Any) -> bool:
    """A square said empty (the lexicon's ``empty`` asking words: "vide", "empty", "libre")."""
    return any(word.term == "empty" for word in getattr(frame, "asking_words", ()))


def _fits(text: str, rank: Any, side: int) -> bool:
    """A rank said with its side ("6 en haut", "son rang de droite est 6", "4 on its left"): the side named nearest
    the number must face the other card; a rank said with no side is the facing one."""
    if rank.start is None:
        return False
    start, end = max(0, rank.start - 20), rank.start + len(rank.said) + 14
    said = [(min(abs(m.start() + start - rank.start), abs(m.end() + start - rank.start)), m.lastindex - 1)
            for m in _SIDE_OF_RANK.finditer(text[start:end])]
    return not said or min(said)[1] == side
