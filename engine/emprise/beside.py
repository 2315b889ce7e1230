"""An Order's card lying beside the card a placement faces: an effect reaching from a third square.

"Mon Pestiféré est juste à gauche d'une carte d'Eva dont le rang de droite vaut
5. Je pose une carte à droite de la carte d'Eva, avec un 5 sur mon rang de
gauche. Je la prends ?" The Pestiféré never touches the card placed (two
squares beside one card never touch each other), yet it poisons the card faced
("Empoisonne les 4 cases voisines"). :func:`faces_beside` reads the card said
beside the target (its Order, whose it is, on which side of the target), then the
placement told side by side without that clause (:func:`engine.emprise.questions`'s
reader), and gives the placement's ``face`` and a ``beside`` entity
``"owner:Order"`` (``own``: the placer's). The frame puts that card next to the
faced card (``position.frame``'s ``onde`` squares, beside the first faced card)
and the engine applies whatever its Order does there: a Pestiféré poisons, a
Gardien or an Abysse changes nothing for the card faced. A card said on the side
where the placement goes, or whose owner is not said, gives nothing.
"""

from __future__ import annotations

import re
from typing import Callable

from engine.emprise.turned import RELATION, RELATION_SIDE

__all__ = ["faces_beside"]

_ORDER_WORDS = {
    "dore": "Dorés", "gilded": "Dorés", "cendre": "Cendres", "ash": "Cendres", "pique": "Piques", "pike": "Piques",
    "archer": "Archers", "abysse": "Abysses", "abyss": "Abysses", "chimere": "Chimères", "chimera": "Chimères",
    "pestifere": "Pestiférés", "plague": "Pestiférés", "gardien": "Gardiens", "guardian": "Gardiens",
    "scribe": "Scribes", "maudit": "Maudits", "cursed": "Maudits",
}
_ORDER = "|".join(sorted(_ORDER_WORDS, key=len, reverse=True))
_BESIDE = re.compile(
    rf"\b(?P<whose>mon|ma|my|(?:le|la|un|une|the|an?)(?=\s)|[a-z][\w-]*'s)?\s*(?:carte\s+)?(?P<order>{_ORDER})[\w-]*"
    r"(?:\s+card)?(?:\s+(?P<fr_owner>d'[a-z][\w-]*|de\s+[a-z][\w-]*|ennemie?|adverse|enemy))?"
    r"\s+(?:est|sits?|is|lies?|se\s+trouve|stands?|placed|pose)\s+(?:pose\s+|placed\s+)?"
    r"(?P<where>(?:juste\s+|directement\s+|directly\s+|right\s+|just\s+)?(?:a\s+gauche|a\s+droite|au-dessus|au\s+dessus|en\s+dessous"
    r"|au-dessous|au\s+dessous|to\s+the\s+left|to\s+the\s+right|above|below|under)\s+(?:d'une|d'un|de\s+la|du|de|of\s+an?|of\s+the|of))"
    r"\s+(?:[a-z][\w-]*'s\s+|enemy\s+|\w+\s+)?(?:carte|card)\b")


def faces_beside(folded: str, side_by_side: Callable[[str], list[dict]]) -> list[dict]:
    """The placement's ``face`` and the ``beside`` entity (module docstring), or ``[]``."""
    beside = _BESIDE.search(folded)
    if beside is None:
        return []
    owner = _owner(beside)
    if owner is None:
        return []
    where = RELATION.search(beside.group("where") + " ")
    if where is None:
        return []
    beside_on = (RELATION_SIDE[re.sub(r"\s+", " ", where.group(1))] + 2) % 4  # the target's side it lies on
    rest = folded[:beside.start()] + " " * (beside.end() - beside.start()) + folded[beside.end():]
    faces = side_by_side(rest)
    placed = RELATION.search(rest, beside.end())
    if len(faces) != 1 or placed is None:
        return []
    placed_on = (RELATION_SIDE[re.sub(r"\s+", " ", placed.group(1))] + 2) % 4
    if placed_on == beside_on or faces[0]["value"].split(":")[2] != "enemy":
        return []
    order = _ORDER_WORDS[beside.group("order")]
    return faces + [{"kind": "beside", "value": f"{owner}:{order}", "start": beside.start(), "end": beside.end()}]


def _owner(beside: re.Match) -> str | None:
    """``own`` for the asker's card, ``enemy`` for the opponent's; None when unsaid."""
    whose, fr_owner = beside.group("whose") or "", beside.group("fr_owner") or ""
    if whose in ("mon", "ma", "my"):
        return "own"
    if whose.endswith("'s") or fr_owner:
        return "enemy"
    return None
