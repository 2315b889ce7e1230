"""A placement told card by card: each card said, whose it is, its ranks by side, and where it lies.

"Je pose ma carte en B2, son rang de droite est un 6. En C2 il y a une carte de
mon adversaire qui a un 3 à gauche." "My card's top rank is 3 and the enemy card
above it has a 3 on the bottom." Players often describe the cards one after the
other rather than as a pair ("6 contre 3"): each rank told by side ("un 5 en
haut", "6 on its left", "right rank 4", "its bottom is 4") belongs to the card
said last before it (or to the asker's card when it says "mon", "my"). A card of
the other side faces the placed card on the side opposite the one its rank is
told on (its bottom faces my top), so each such card gives one ``face``,
``"mine:theirs:owner"``, as :mod:`engine.emprise.questions` makes from "5 contre
5". What the question says of where the cards lie must agree: a direction ("au-dessus
de moi", "to the left of an enemy card", "above it") or the squares (``B2``,
"column 3, row 2", « 2e colonne, 3e rangée »: adjacent squares, the side the row
or column gives; a row's number says the vertical axis only, players number rows
either way). A card of the other side whose facing rank is not told, told on two
sides, a side of the placed card faced twice, a position the sides contradict, or
cards said without saying they touch give nothing. The words are
``corpus/emprise/described.yaml``; works on folded text (no accents, lower case).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from engine.emprise.board import COLUMNS, OPPOSITE, ROWS

__all__ = ["faces_described"]

_WORDS_FILE = Path(__file__).resolve().parents[2] / "corpus" / "emprise" / "described.yaml"
_SIDE_INDEX = {"top": 0, "right": 1, "bottom": 2, "left": 3}


@dataclass
class _Card:
    owner: str  # mine | own | theirs
    start: int
    end: int
    many: bool = False
    ranks: list[tuple[int, int, int, int]] = field(default_factory=list)  # (side, value, start, end)


def faces_described(folded: str) -> list[dict]:
    """``face`` entities (and ``placed_ranks``/``square_told`` ones over the other numbers read), or ``[]``."""
    words = _patterns()
    ranks = _ranks(folded, words)
    cards = _cards(folded, words)
    if not ranks or not cards:
        return []
    mine: dict[int, tuple[int, int, int]] = {}
    for side, value, start, end, possessive in ranks:
        holder = None if possessive != "mine" else next((c for c in cards if c.owner == "mine"), None)
        holder = holder or next((c for c in reversed(cards) if c.start <= start), None)
        if holder is None:
            return []
        if holder.owner == "mine":
            if mine.get(side, (value,))[0] != value:
                return []
            mine[side] = (value, start, end)
        else:
            holder.ranks.append((side, value, start, end))
    faces = []
    asked_from = max(folded.rstrip().rstrip("?").rfind(mark) for mark in ".;!?") + 1 if folded.rstrip().endswith("?") else len(folded)
    for card in cards:
        if card.owner == "mine" or not card.ranks and card.start >= asked_from:
            continue  # a card the question itself names ("is the enemy card captured?") is one said before
        told = [[rank] for rank in card.ranks] if card.many else [card.ranks]
        for ranks_of_one in told:
            facing = [rank for rank in ranks_of_one if OPPOSITE[rank[0]] in mine]
            if len(facing) != 1:
                return []
            side, value, start, end = facing[0]
            faces.append((OPPOSITE[side], value, "enemy" if card.owner == "theirs" else "own", start, end))
    my_sides = [face[0] for face in faces]
    if not faces or len(set(my_sides)) != len(my_sides) or not any(face[2] == "enemy" for face in faces):
        return []
    squares = _squares(folded, words)
    said_sides = _sides_said(folded, words, ranks, cards)
    if said_sides is None or not said_sides <= set(my_sides):
        return []
    if squares and not _squares_agree(folded, squares, cards, my_sides):
        return []
    if not (said_sides or squares or words["touching"].search(folded)):
        return []
    found = [{"kind": "face", "value": f"{mine[side][0]}:{value}:{owner}", "start": start, "end": end}
             for side, value, owner, start, end in faces]
    found += [{"kind": "placed_ranks", "value": str(value), "start": start, "end": end} for value, start, end in mine.values()]
    found += [{"kind": "square_told", "value": _name(square), "start": start, "end": end} for square, start, end in squares]
    return found


def _ranks(folded: str, words: dict) -> list[tuple[int, int, int, int, str | None]]:
    """Each rank told by side: (side, value, start, end, ``mine`` when said with "mon"/"my", else None)."""
    found = []
    for pattern in (words["rank_after"], words["rank_before"]):
        for m in pattern.finditer(folded):
            if any(start < m.end() and m.start() < end for _, _, start, end, _ in found):
                continue
            possessive = "mine" if m.group("pos") in words["mine_possessives"] else None
            found.append((words["side_of"][m.group("side")], int(m.group("n")), m.start(), m.end(), possessive))
    return sorted(found, key=lambda rank: rank[2])


def _cards(folded: str, words: dict) -> list[_Card]:
    """Each card said, in order: the asker's placed card, one of the asker's own, or one of the other side's."""
    found: list[_Card] = []
    spans: list[tuple[int, int]] = []
    for owner, pattern in words["cards"]:
        for m in pattern.finditer(folded):
            if any(start < m.end() and m.start() < end for start, end in spans):
                continue
            spans.append((m.start(), m.end()))
            found.append(_Card(owner.removesuffix("_many"), m.start(), m.end(), many=owner.endswith("_many")))
    return sorted(found, key=lambda card: card.start)


def _sides_said(folded: str, words: dict, ranks: list, cards: list[_Card]) -> set[int] | None:
    """The sides of the placed card the question says an other card lies on ("au-dessus de moi": top; "to the left
    of an enemy card": right); None when a direction is said whose card is unclear."""
    sides = set()
    for m in words["direction"].finditer(folded):
        if any(start <= m.start() < end for _, _, start, end, _ in ranks):
            continue
        side = words["direction_of"][re.sub(r"\s+", " ", m.group("dir"))]
        after = folded[m.end():m.end() + 30].lstrip()
        subject = next((c for c in reversed(cards) if c.start < m.start()
                        and not re.search(r"[.;!?]", folded[c.start:m.start()])), None)
        located = next((c for c in reversed(cards) if 0 <= m.start() - c.end <= 2), None)  # "the enemy card above"
        follows = _card_follows(m.end(), cards)
        if m.group("my") or words["me_after"].match(after):
            sides.add(side)  # the other card lies that way from mine
        elif located is not None and located.owner != "mine":
            sides.add(side)
        elif follows and m.group("dir") not in words["direct_object"]:
            sides.add(side)  # « à droite, une carte ennemie »: that card lies there
        elif words["of"].match(after) or after.startswith(("it", "elle")) or follows:
            if subject is None or subject.owner == "mine":
                sides.add(OPPOSITE[side])  # mine lies that way from the other card
            elif after.startswith(("it", "elle")):
                sides.add(side)  # "the enemy card above it": it is mine
            else:
                return None
        elif subject is None and _next_card_is_other(folded, m.end(), cards):
            sides.add(side)  # "Juste au-dessus, il y a une carte adverse": from mine, said before
        elif " " in m.group("dir"):
            return None  # "une carte est à droite": of what is not said
    return sides


def _card_follows(at: int, cards: list[_Card]) -> bool:
    """A card of the other side said right after a direction: its referent ("below an enemy card"), or the card
    that lies there (« à droite, une carte ennemie »)."""
    return any(0 <= card.start - at <= 6 and card.owner != "mine" for card in cards)


def _next_card_is_other(folded: str, at: int, cards: list[_Card]) -> bool:
    """Whether the next card said after ``at``, in the same sentence, is not the asker's placed card."""
    card = next((c for c in cards if c.start >= at), None)
    return card is not None and card.owner != "mine" and not re.search(r"[.;!?]", folded[at:card.start])


def _squares(folded: str, words: dict) -> list[tuple[int, int, int]]:
    """Each square named: (index, start, end); a column or row off the board names none (the whole reading stops)."""
    found = []
    for m in words["square"].finditer(folded):
        said = {name: value for name, value in m.groupdict().items() if value}  # c1 or c1b: said either way
        column = said.get("letter") or said.get("c1") or said.get("c1b") or said.get("c2") or said.get("c2b")
        row = said.get("digit") or said.get("r1") or said.get("r1b") or said.get("r2") or said.get("r2b")
        column = "abcde".index(column) if column.isalpha() else int(column) - 1
        row = int(row) - 1
        if not (0 <= column < COLUMNS and 0 <= row < ROWS):
            return [(-1, m.start(), m.end())]
        found.append((row * COLUMNS + column, m.start(), m.end()))
    return found


def _squares_agree(folded: str, squares: list, cards: list[_Card], my_sides: list[int]) -> bool:
    """The placed card's square is the first said in the sentence of the placed card; every other square is
    adjacent to it, on a side a face says (a column's order gives left and right; a row's number only the axis)."""
    if any(square < 0 for square, _, _ in squares):
        return False
    placed = next((c for c in cards if c.owner == "mine"), None)
    if placed is None:
        return False
    sentence_end = re.search(r"[.;!?]|$", folded[placed.start:]).start() + placed.start
    sentence_start = max(folded.rfind(mark, 0, placed.start) for mark in ".;!?") + 1
    mine = next((s for s in squares if sentence_start <= s[1] < sentence_end), None)
    if mine is None:
        return False
    others = [s for s, _, _ in squares if s != mine[0]]
    if len(others) > len(my_sides):
        return False
    left = list(my_sides)
    for other in others:
        (row, column), (my_row, my_column) = divmod(other, COLUMNS), divmod(mine[0], COLUMNS)
        if abs(row - my_row) + abs(column - my_column) != 1:
            return False
        allowed = {0, 2} if column == my_column else {1 if column > my_column else 3}
        match = next((side for side in left if side in allowed), None)
        if match is None:
            return False
        left.remove(match)
    return True


def _name(square: int) -> str:
    return "abcde"[square % COLUMNS] + str(square // COLUMNS + 1) if square >= 0 else "off"


@lru_cache(maxsize=1)
def _patterns() -> dict:
    raw = yaml.safe_load(_WORDS_FILE.read_text(encoding="utf-8"))
    side_of = {word: _SIDE_INDEX[side] for side, said in raw["sides"].items() for word in said}
    side = _alternatives(side_of)
    possessive = _alternatives(raw["possessive"]["mine"] + raw["possessive"]["said"])
    rank_word = _alternatives(raw["rank_words"])
    number = r"(?P<n>\d{1,2})(?!\s*(?:e|eme|er|ere|st|nd|rd|th)\b)"
    rank_after = re.compile(
        rf"\b{number}\s+(?:{_alternatives(raw['side_glue'])})\s+(?:(?P<pos>{possessive})\s+)?"
        rf"(?:(?:{rank_word})\s+(?:de\s+|du\s+|d')?)?(?P<side>{side})\b(?:\s+(?:{rank_word}))?")
    rank_before = re.compile(
        rf"\b(?:(?P<pos>{possessive})\s+)?(?:(?:{rank_word})\s+(?:de\s+|du\s+|d')?)?(?P<side>{side})"
        rf"(?:(?:\s+(?:{rank_word}))?\s*(?:{_alternatives(raw['value_glue'])})\s*|\s+(?:{rank_word})\s+)"
        rf"(?:(?:{_alternatives(raw['articles'])})\s+)?{number}\b(?!\s*(?:cartes?|cards?|points?))")
    order = rf"(?:{_alternatives(raw['orders'])})\w*"
    cards = raw["cards"]
    card_patterns = [
        ("own", re.compile(rf"\b(?:{_alternatives(cards['own'])})\b")),
        ("theirs_many", re.compile(rf"\b(?:{_alternatives(cards['theirs_many'])})\b")),
        ("theirs", re.compile(rf"\b(?:{_alternatives(cards['theirs'])})\b")),
        ("theirs", re.compile(rf"\b{order}\s+(?:{_alternatives(cards['order_theirs_after'])})s?\b")),
        ("theirs", re.compile(rf"\b(?:{_alternatives(cards['order_theirs_before'])})\s+{order}\b")),
        ("mine", re.compile(rf"\b(?:{_alternatives(cards['order_mine_before'])})\s+(?:\w+\s+)?{order}\b")),
        ("mine", re.compile(rf"\b(?:{_alternatives(cards['mine'])})\b")),
    ]
    direction_of = {re.sub(r"\s+", " ", word): _SIDE_INDEX[side] for side, said in raw["directions"].items() for word in said}
    me = raw["me"]
    direction = re.compile(rf"\b(?P<my>(?:{_alternatives(me['my_side'])})\s+)?(?P<dir>{_alternatives(direction_of)})\b")
    squares = raw["squares"]
    ordinal = rf"(?:\s*(?:{_alternatives(squares['ordinal'])}))?"
    column, row = _alternatives(squares["column"]), _alternatives(squares["row"])
    square = re.compile(
        rf"\b(?P<letter>[a-e])(?P<digit>[1-9])\b"
        rf"|\b(?:(?P<c1>\d){ordinal}\s+(?:{column})|(?:{column})\s+(?P<c1b>\d))\s*,?\s*(?:et\s+|and\s+)?(?:la\s+|the\s+)?"
        rf"(?:(?P<r1>\d){ordinal}\s+(?:{row})|(?:{row})\s+(?P<r1b>\d))\b"
        rf"|\b(?:(?P<r2>\d){ordinal}\s+(?:{row})|(?:{row})\s+(?P<r2b>\d))\s*,?\s*(?:et\s+|and\s+)?(?:la\s+|the\s+)?"
        rf"(?:(?P<c2>\d){ordinal}\s+(?:{column})|(?:{column})\s+(?P<c2b>\d))\b")
    return {
        "rank_after": rank_after, "rank_before": rank_before, "side_of": side_of,
        "mine_possessives": frozenset(raw["possessive"]["mine"]), "cards": card_patterns,
        "direction": direction, "direction_of": direction_of,
        "direct_object": frozenset(raw["direct_object"]),
        "me_after": re.compile(rf"\s*(?:{_alternatives(me['after'])})\b"),
        "of": re.compile(rf"\s*(?:{_alternatives(raw['of'])})(?:\s|\b)"),
        "touching": re.compile(rf"\b(?:{_alternatives(raw['touching'])})"),
        "square": square,
    }


def _alternatives(said) -> str:
    """A regex alternation of words and phrases, longest first (a phrase's spaces match any spacing; ``*`` a stem)."""
    parts = []
    for word in sorted(said, key=len, reverse=True):
        stem = word.endswith("*")
        escaped = r"\s+".join(re.escape(piece) for piece in word.rstrip("*").split())
        parts.append(escaped + (r"\w*" if stem else ""))
    return "|".join(parts)
