"""A placement told by the ranks that face each other, compiled from a question frame: does it capture, how many?

Players describe a placement by its facing ranks ("5 contre 5 avec une ennemie
et 6 contre 6 avec ma propre carte", "my right 7 against her left 4"); the
question hook (:mod:`engine.emprise.questions`) turns each into a ``face``
entity, ``"mine:theirs:owner[:Order]"``. The position is the smallest that
shows them: the asker's card (a Maudit, no ability when placed) goes on ``c2``
with the stated ranks facing the stated cards, every other rank 0 (see
``position.frame``), and the engine applies the capture rule, the Résonance
(an own card's tie counts) and the Onde.

What is asked is read from the asking clause, not from the lexicon's ``asks``
(a word such as "capturé" also tells a past capture in other questions):

- a count ("combien", "how many") -> the number of cards taken;
- yes/no ("je prends ?", "does it flip?") -> whether the enemy cards faced are
  taken: all of them or none gives the answer; when only some are, "les deux",
  "both", "all" is no, "quelque chose", "anything" is yes, and any other wording
  (which card?) gets no position.

The frame answers only what it has bound: an Order the question names must be
the Order of a faced card, a number must be one of the faces' ranks or a count
of the cards faced, and a card taken by Résonance (the Onde, another set-up)
is left to the templates.
"""

from __future__ import annotations

import re
from typing import Any

from language import fold

__all__ = ["compile_placement", "faces_of"]

_YOU = {"fr": "vous", "en": "you"}
_OPPONENT = {"fr": "votre adversaire", "en": "your opponent"}
_UNIT = {"fr": "carte(s) prise(s)", "en": "card(s) taken"}
_ORDER_IDS = {"dores": "Dorés", "cendres": "Cendres", "piques": "Piques", "archers": "Archers", "abysses": "Abysses",
              "chimeres": "Chimères", "pestiferes": "Pestiférés", "gardiens": "Gardiens", "scribes": "Scribes",
              "maudits": "Maudits"}
_CAPTURE = re.compile(
    r"\b(?:prends?|prendr\w*|captur\w*|retourn\w*|tombe\w*|passe\w*\s+(?:dans\s+mon\s+camp|chez\s+moi|de\s+mon\s+cote)"
    r"|change\w*\s+de\s+camp|(?:est|sont|devien\w+)\s+(?:a\s+moi|mienne?s?)|gagne\w*\s+(?:la|les|cette|ces)\s+cartes?"
    r"|takes?|taken|captur\w*|flips?|flipped|turns?\s+over|turned\s+over|(?:becomes?|is|are)\s+mine"
    r"|changes?\s+sides|switch\w*\s+sides|fall|falls)\b"
)
_COUNT = re.compile(r"\b(?:combien|how\s+many|how\s+much|nombre\s+de|number\s+of)\b")
_ALL = re.compile(r"\b(?:les\s+deux|toutes|tous|les\s+trois|both|all|each|every|them\s+all|chacune)\b")
_ANY = re.compile(r"\b(?:quelque\s+chose|au\s+moins\s+une|une\s+carte|anything|something|any|at\s+least\s+one|a\s+card)\b")
_SQUARE = "c2"


def faces_of(frame: Any) -> list[str]:
    """The ``face`` entities of a frame, in the order the question says them."""
    return [e.value for e in sorted(frame.entities, key=lambda e: e.start) if e.kind == "face"]


def compile_placement(frame: Any) -> dict[str, Any] | None:
    """The run that answers a placement told by its facing ranks, or None when the frame does not bind it."""
    faces = faces_of(frame)
    if not 1 <= len(faces) <= 4 or "took_by_resonance" in frame.markers:
        return None
    asking = fold(frame.asked.said) if frame.asked is not None else _asking_clause(fold(frame.text))
    if not _CAPTURE.search(asking):
        return None
    parts = [face.split(":") for face in faces]
    enemies = sum(part[2] == "enemy" for part in parts)
    if not enemies or not _bound(frame, parts):
        return None
    counting = bool(_COUNT.search(asking))
    if counting:
        verdict, read = "number", _taken
    else:
        whole = bool(_ALL.search(asking))
        some = bool(_ANY.search(asking)) and not whole
        verdict, read = "yes_no", _all_or_none(enemies, whole, some)
    names = [name for name in frame.players]
    players = {0: _YOU[frame.language], 1: names[0] if len(names) == 1 else _OPPONENT[frame.language]}
    position = {"to_move": 0, "frame": {"square": _SQUARE, "faces": faces}}
    scenario = {"game": "emprise", "players": 2, "position": position,
                "steps": [{"type": "place", "player": 0, "order": "Maudits", "square": _SQUARE, "rotation": 0}]}
    return {
        "title": "La carte posée prend-elle les cartes d'en face ?", "verdict": verdict, "modal": False,
        "unit": _UNIT if counting else None, "players": players, "variants": [{"reading": {}, "scenario": scenario}],
        "then": None, "read": read, "reads": ("captured", "resonance", "tie_alone", "held", "tie"),
        "facts": [{"fact": f"face {i + 1} (mine:theirs:whose)", "source": "stated", "said": face}
                  for i, face in enumerate(faces)],
    }


def _bound(frame, parts: list[list[str]]) -> bool:
    """Every Order named is a faced card's, every number a stated rank or a count of the cards faced."""
    orders = {part[3] for part in parts if len(part) > 3}
    for card in frame.cards:
        if card.card in _ORDER_IDS and _ORDER_IDS[card.card] not in orders:
            return False
    ranks = {int(n) for part in parts for n in part[:2]}
    return all(count.value in ranks or count.value <= len(parts) for count in frame.counts)


def _asking_clause(text: str) -> str:
    clauses = [c for c in re.split(r"[.;!?\n]+", text) if c.strip()]
    asked = [c for c, end in zip(clauses, re.findall(r"[.;!?\n]+|$", text)) if "?" in end]
    return (asked or clauses or [""])[-1]


def _taken(events: list[dict]) -> int:
    return sum(1 for e in events if e.get("kind") == "captured" and e["data"]["player"] == 0)


def _all_or_none(enemies: int, whole: bool, some: bool):
    def read(events: list[dict]) -> bool | None:
        taken = _taken(events)
        if taken == 0:
            return False
        if taken >= enemies:
            return True
        return False if whole else True if some else None  # only some taken: "which one?" is not said
    return read
