"""A card placed turned: its four ranks, the quarter turns, and the rank that ends up facing the target.

"Chaque Ordre compte quatre cartes. Elles portent les mêmes chiffres, tournés
d'un quart de tour : à vous de choisir quel côté montrer à l'adversaire." A
player asks: "Ma carte a 7 en haut, 2 à droite, 4 en bas et 5 à gauche. Je la
tourne d'un quart de tour dans le sens des aiguilles d'une montre et je la pose
à gauche d'une carte ennemie dont le rang de gauche vaut 6. Je la prends ?".
:func:`turned_face` reads the card's ranks side by side, the turn (a quarter
turn clockwise moves the top rank to the right, as :func:`engine.emprise.orders.rotated`
does; counter-clockwise, a half turn, or none: "sans la tourner", "as it is"),
where it goes (``à gauche d'une carte``: its right side faces the target) and
the target's facing rank, and returns the one ``face`` those give. A turn said
without its direction, a rank that the turn brings to the facing side left
unsaid, or a target rank told on another side gives no face: the question then
gets no position (a turn is said, so the unturned ranks must not be used).
"""

from __future__ import annotations

import re

from engine.emprise.orders import rotated

__all__ = ["RELATION", "RELATION_SIDE", "mentions_a_turn", "turned_face"]

_N = r"(\d{1,2})"
_SIDE_WORDS = {"haut": 0, "top": 0, "droite": 1, "right": 1, "bas": 2, "bottom": 2, "gauche": 3, "left": 3}
_SIDE = r"(haut|droite|bas|gauche|top|right|bottom|left)"
_RANK_AFTER = re.compile(rf"\b{_N}\s+(?:en|a|à|sur\s+le|on\s+the|on|at\s+the|at)\s+(?:cote\s+)?{_SIDE}\b")
"""``7 en haut``, ``2 à droite``, ``3 on top``, ``8 on the right``."""
_RANK_BEFORE = re.compile(rf"\b{_SIDE}(?:\s+(?:rank|side))?\s*(?::|=|is|vaut|de)?\s*{_N}\b")
"""``top 3``, ``right 8``, ``haut : 7``."""
_TURN = re.compile(
    r"\b(?:tourn\w*|quart\s+de\s+tour|demi-?\s*tour|pivot\w*|rotation|rotat\w+|quarter[\s-]+turn|half[\s-]+(?:a\s+)?turn"
    r"|turn(?:s|ed|ing)?\s+(?:it|my\s+card|the\s+card)|upside\s+down|as\s+it\s+is|unturned|sans\s+la\s+tourner)\b")
_NO_TURN = re.compile(
    r"\b(?:sans\s+(?:la\s+|le\s+)?tourner|sans\s+rotation|telle\s+quelle|as\s+it\s+is|as\s+is|without\s+(?:turning|rotating)"
    r"|unturned|not\s+turned|no\s+rotation|(?:ne|n')\s*(?:la\s+)?tourne\s+pas|(?:don't|do\s+not)\s+turn)\b")
_HALF = re.compile(r"\b(?:demi-?\s*tour|half[\s-]+(?:a\s+)?turn|180|upside\s+down|deux\s+quarts\s+de\s+tour|two\s+quarter[\s-]+turns)\b")
_QUARTER = re.compile(r"\b(?:(?:un|d'un|1)\s+quart\s+de\s+tour|quart\s+de\s+tour|(?:a|one)\s+quarter[\s-]+turn|quarter[\s-]+turn|90)\b")
_CLOCKWISE = re.compile(r"\b(?:sens\s+(?:des\s+aiguilles|horaire)|aiguilles\s+d'une\s+montre|clockwise|vers\s+la\s+droite|to\s+the\s+right)\b(?!\s+(?:of|de|d'|du)\b)")
_COUNTER = re.compile(
    r"\b(?:sens\s+(?:inverse|contraire|anti-?\s*horaire)|anti-?\s*horaire|counter-?\s*clockwise|anti-?\s*clockwise"
    r"|vers\s+la\s+gauche|to\s+the\s+left)\b(?!\s+(?:of|de|d'|du)\b)")
RELATION = re.compile(
    r"\b(?:juste\s+|directement\s+|directly\s+|right\s+|just\s+)?"
    r"(a\s+gauche|a\s+droite|au-dessus|au\s+dessus|en\s+dessous|au-dessous|au\s+dessous|to\s+the\s+left|to\s+the\s+right|above|below|under)"
    r"\s+(?:d'une|d'un|de\s+la|du|de|of\s+an?|of\s+the|of)\b"
)
RELATION_SIDE = {"a gauche": 1, "to the left": 1, "a droite": 3, "to the right": 3, "au-dessus": 2, "au dessus": 2,
                  "above": 2, "en dessous": 0, "au-dessous": 0, "au dessous": 0, "below": 0, "under": 0}
"""Where I place relative to the target -> the side of MY card that faces it (left of it: my right side)."""
_TARGET_RANK = re.compile(
    rf"\b(?:dont\s+le|whose|son|sa|its|with\s+(?:a\s+)?{_N}\s+on\s+its|qui\s+a\s+(?:un\s+)?{_N}\s+(?:a|en))\s*(?:rang\s+(?:de\s+|du\s+)?|cote\s+(?:de\s+|du\s+)?)?"
    rf"{_SIDE}(?:\s+(?:rank|side))?(?:\s*(?:vaut|est\s+de|is|shows|=|:)\s*{_N})?")
_OWN = re.compile(r"\b(?:mes\s+propres|ma\s+propre|mon\s+propre|une\s+de\s+mes|my\s+own|one\s+of\s+my)\b")


def mentions_a_turn(folded: str) -> bool:
    """The question says how the card is turned (or that it is not)."""
    return bool(_TURN.search(folded) or _NO_TURN.search(folded))


def turned_face(folded: str) -> list[dict]:
    """The one ``face`` of a turned card placed beside a target (module docstring), or ``[]``."""
    relation = RELATION.search(folded)
    turns = _quarter_turns(folded)
    if relation is None or turns is None:
        return []
    my_side = RELATION_SIDE[re.sub(r"\s+", " ", relation.group(1))]
    mine = _ranks(folded[:relation.start()])
    target = _TARGET_RANK.search(folded, relation.end())
    if target is None:
        return []
    side_word, value = target.group(3), target.group(4) or target.group(1) or target.group(2)
    if value is None or _SIDE_WORDS[side_word] != (my_side + 2) % 4:
        return []
    source = (my_side - turns) % 4
    if source not in mine:
        return []
    shown = rotated(tuple(mine.get(d, -1) for d in range(4)), turns)  # type: ignore[arg-type]
    owner = "own" if _OWN.search(folded[relation.start():target.end()]) else "enemy"
    start = min([relation.start()] + [m.start() for m in _RANK_AFTER.finditer(folded, 0, relation.start())]
                + [m.start() for m in _RANK_BEFORE.finditer(folded, 0, relation.start())])
    return [{"kind": "face", "value": f"{shown[my_side]}:{value}:{owner}", "start": start, "end": target.end()}]


def _quarter_turns(folded: str) -> int | None:
    """Quarter turns clockwise: 0 (not turned), 1, 2 or 3; None when a quarter turn's direction is unsaid."""
    if _NO_TURN.search(folded):
        return 0
    if _HALF.search(folded):
        return 2
    quarter = _QUARTER.search(folded)
    if quarter is None:
        return None
    after = folded[quarter.end():quarter.end() + 60]
    clockwise, counter = _CLOCKWISE.search(after), _COUNTER.search(after)
    if bool(clockwise) == bool(counter):
        return None
    return 1 if clockwise else 3


def _ranks(text: str) -> dict[int, int]:
    """The ranks told side by side before the placement ("7 en haut, 2 à droite", "top 3, right 8")."""
    ranks: dict[int, int] = {}
    for m in _RANK_AFTER.finditer(text):
        ranks.setdefault(_SIDE_WORDS[m.group(2)], int(m.group(1)))
    if not ranks:
        for m in _RANK_BEFORE.finditer(text):
            ranks.setdefault(_SIDE_WORDS[m.group(1)], int(m.group(2)))
    return ranks
