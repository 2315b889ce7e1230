"""Who places the card a question describes, and its facing ranks told from the placer's side.

A player often asks about the opponent's move: "Eva pose une carte : son 6 contre
mon 2. Elle me prend ma carte ?", "Tom places his card: his 7 against my 4. Do I
lose my card?". The ``face`` entities of :mod:`engine.emprise.questions` are read
from the asker's side (the first rank of a pair is the placed card's), which is
right only when the asker places. :func:`placement_by_other` says whether the
question's placement is another player's (a subject other than the asker with a
placing verb, and no placement of the asker's), and :func:`faces_for_other`
re-reads each pair from the placer's side by the possessive each rank carries
("son 7", "my 4") and the owner said beside it ("une de mes cartes": the
asker's, an enemy of the placer; "une de ses propres cartes", "her own card":
the placer's own). A pair whose ranks differ and carry no possessive, or a card
whose owner is not said, binds nothing: the frame then gets no position.
"""

from __future__ import annotations

import re

from language import fold_same_length

__all__ = ["OTHER_FACE", "asks_about_my_cards", "faces_for_other", "placement_by_other"]

OTHER_FACE = "face_by_other"
"""The entity kind of a pair said in another player's placement (the templates read only ``face``)."""

_RELATIVES = (r"(?:mon|ma|my)\s+(?:adversaire|opponent|ami\w*|amie|pote|copain|copine|pere|mere|frere|soeur|cousin\w*"
              r"|friend|buddy|brother|sister|dad|mom|mum|rival\w*|partenaire|partner|fils|fille|son|daughter)")
_OTHER = (rf"(?:il|elle|he|she|they|{_RELATIVES}|l'adversaire|l'autre\s+joueu\w+|the\s+opponent|the\s+other\s+player"
          r"|mon\s+adversaire|my\s+opponent)")
_PLACING = (r"(?:(?:me\s+)?(?:pose\w*|a\s+pose|joue\w*|a\s+joue|met|mets|a\s+mis|placed?|places|plays?|played|puts?"
            r"|lays?|laid|lands?|drops?|dropped)|vient\s+de\s+(?:poser|jouer)|just\s+(?:placed|played|put))")
_OTHER_PLACES = re.compile(rf"\b{_OTHER}\s+{_PLACING}\b")
_NAMED_PLACES = re.compile(rf"\b([A-Z][\w-]+)\s+{_PLACING}\b")
_SELF_PLACES = re.compile(
    r"\b(?:je\s+(?:pose|joue|mets|place|vais\s+poser)|j'ai\s+(?:pose|joue|mis)|j'pose|i\s+(?:place|placed|play|played|put"
    r"|lay|laid|drop|dropped)|i'm\s+(?:placing|playing|putting)|(?:si|if)\s+(?:je|i)\s+(?:pose|place|play|put))\b")
_NOT_NAMES = {"je", "i", "il", "elle", "he", "she", "on", "we", "nous", "they", "if", "si", "then", "puis", "my", "mon",
              "ma", "when", "quand", "and", "et", "but", "mais", "so", "alors"}

_FIRST = {"mon", "ma", "mes", "my"}
_THIRD = {"son", "sa", "ses", "her", "his", "their", "leur", "its"}
_FIRST_CARD = re.compile(r"\b(?:mes|ma|mon|my|mine|a\s+moi|la\s+mienne|les\s+miennes)\b")
_THIRD_OWN = re.compile(
    r"\b(?:ses\s+propres|sa\s+propre|son\s+propre|leurs?\s+propres?|(?:her|his|their)\s+own|une\s+des\s+siennes"
    r"|one\s+of\s+(?:hers|his|theirs))\b")
_WORD_BEFORE = re.compile(r"([a-z']+)\s*\(?$")
"""The word right before a rank ("son 7", "my (4)"): its possessive, when it has one."""
_LOSE = re.compile(
    r"\b(?:je\s+(?:la\s+|le\s+|les\s+)?perds|(?:do|will|would)\s+i\s+lose|i\s+lose|perdre\s+(?:ma|mes)"
    r"|(?:ma|mes)\s+cartes?\s+(?:est|sont|sera|seront)\s+(?:prises?|capturees?|retournees?)"
    r"|(?:is|are)\s+my\s+cards?\s+(?:taken|captured|flipped)|my\s+cards?\s+(?:gets?|is|are)\s+(?:taken|captured|flipped)"
    # the asker's card named by its Order: "mon Gardien est-il capturé ?", "is my Guardian taken?"
    r"|(?:mon|ma|mes)\s+[a-z]+\s+(?:est|sont|sera|seront)(?:-(?:il|elle|ils|elles))?\s+(?:pris|prise|prises|captur\w*|retourn\w*)"
    r"|(?:is|are|will)\s+my\s+[a-z]+\s+(?:be\s+)?(?:taken|captured|flipped)|my\s+[a-z]+\s+(?:gets?|is|are)\s+(?:taken|captured|flipped))")
_OTHER_TAKES = re.compile(
    rf"\b(?:{_OTHER}|[a-z][\w-]+)\s+(?:me\s+)?(?:la\s+|le\s+|les\s+)?(?:prend\w*|capture\w*|retourne\w*|takes?|captures?"
    r"|flips?|gets?)\b|\b(?:does|will|would|can)\s+(?:she|he|they|[a-z][\w-]+)\s+(?:take|capture|flip|get)\b")


def placement_by_other(question: str) -> str | None:
    """The placer when it is another player: their name, ``""`` for an unnamed one ("il", "my opponent"), None when
    the asker places or no placer is said (the asker then, as before)."""
    folded = fold_same_length(question).replace("’", "'")
    if _SELF_PLACES.search(folded):
        return None
    for m in _NAMED_PLACES.finditer(question.replace("’", "'")):
        if fold_same_length(m.group(1)) not in _NOT_NAMES:
            return m.group(1)
    return "" if _OTHER_PLACES.search(folded) else None


def asks_about_my_cards(asking: str, counting: bool) -> bool:
    """The asking clause (folded) asks whether the placer takes the asker's card(s), or how many."""
    if _LOSE.search(asking):
        return True
    return bool(_OTHER_TAKES.search(asking)) and (counting or bool(_FIRST_CARD.search(asking))
                                                  or re.search(r"\b(?:me|la|le|it)\b", asking) is not None)


def faces_for_other(question: str, faces: list) -> list[str] | None:
    """The ``face`` entities re-read from the placer's side, ``"placer's rank:faced rank:owner"``; None when a
    pair's order or a faced card's owner is not said."""
    folded = fold_same_length(question).replace("’", "'")
    read = []
    ordered = sorted(faces, key=lambda e: e.start)
    for i, entity in enumerate(ordered):
        first, second = (int(n) for n in entity.value.split(":")[:2])
        before = _WORD_BEFORE.search(folded[max(0, entity.start - 12):entity.start])
        inside = _WORD_BEFORE.search(re.sub(r"\(?\d{1,2}\)?$", "", folded[entity.start:entity.end]).rstrip())
        said_first = before.group(1) if before else ""
        said_second = inside.group(1) if inside else ""
        if said_first not in _FIRST | _THIRD and said_second not in _FIRST | _THIRD:
            said_first, said_second = _possessives_said_apart(folded, ordered, i)
        first_mine = said_first in _FIRST or said_second in _THIRD
        first_theirs = said_first in _THIRD or said_second in _FIRST
        if first_mine == first_theirs and first != second:
            return None
        placer, faced = (second, first) if first_mine else (first, second)
        owner = _owner(folded, ordered, i, faced_mine=first_theirs or first_mine)
        if owner is None:
            return None
        read.append(":".join([str(placer), str(faced), owner, *entity.value.split(":")[3:]]))  # the faced card's Order kept
    return read


_RANK_SAID = re.compile(r"\b(son|sa|mon|ma|my|his|her|its|their|leur)\s+(?:rang|rank|cote|side|chiffre|number)\b[^.;?!,]{0,25}$")
_SAID_AFTER = re.compile(r"^\s*(?:\w+\s+){0,3}?(?:de|of)\s+(son|sa|mon|ma|my|his|her|their|leur)\b")


def _possessives_said_apart(folded: str, ordered: list, i: int) -> tuple[str, str]:
    """The possessives of a pair's ranks said away from the numbers: "son rang du haut vaut 5 contre le 4 du bas de
    mon Gardien" -> ("son", "mon"): the rank's owner before its value, the faced rank's after it."""
    start = ordered[i - 1].end if i else max(0, ordered[i].start - 40)
    before = _RANK_SAID.search(folded[start : ordered[i].start])
    after = _SAID_AFTER.search(folded[ordered[i].end : ordered[i].end + 30])
    return (before.group(1) if before else "", after.group(1) if after else "")


def _owner(folded: str, ordered: list, i: int, faced_mine: bool) -> str | None:
    """``enemy`` (the asker's card) or ``own`` (the placer's) for the card the i-th pair faces."""
    start = ordered[i - 1].end if i else max(0, ordered[i].start - 40)
    end = ordered[i + 1].start if i + 1 < len(ordered) else min(len(folded), ordered[i].end + 60)
    words = re.split(r"[.;?!]", folded[start:end])[0] if i + 1 >= len(ordered) else folded[start:end]
    around = folded[ordered[i].end:end]
    if _THIRD_OWN.search(around) or (not i and _THIRD_OWN.search(folded[start:ordered[i].start])):
        return "own"
    if faced_mine or _FIRST_CARD.search(around) or _FIRST_CARD.search(words):
        return "enemy"
    return None
