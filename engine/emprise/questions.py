"""What EMPRISE questions and templates need beyond the glossary: the frame of a placement.

Players describe a placement by the ranks that face each other ("5 contre 5",
"my 7 against her 4", "son rang du haut (5) touche le 5 d'une carte ennemie")
or by each card's ranks and where the cards lie ("je pose juste à gauche d'une
carte de Zoé ; mon rang de droite vaut 7, son rang de gauche vaut 4").
or one card after the other ("ma carte a un 5 en haut ; au-dessus, une carte ennemie a 3 en bas", squares named:
:mod:`engine.emprise.described`, tried last). ``recognise`` turns each into ``face`` entities, ``"mine:theirs:owner[:Order]"``,
which a template's list slot renders into ``position.frame`` (see
:mod:`engine.emprise.position`): the engine then places a card with those
facing ranks. Other entities: ``opener`` (who opened the duel: ``self``,
``other`` or ``name:<player>``), ``captor`` (who takes a card: ``self`` or a
player's name), ``face_by_other`` (a face of another player's placement, read
only by :mod:`engine.emprise.frame_placement`), ``onde_face`` (what a card the placement takes faces in turn: "the
card I took has a 5 facing another of Kai's cards that shows 5", read by :mod:`engine.emprise.frame_placement`), ``board_counts`` (``"mine:theirs"``, the cards each side owns at
the count), ``ties_unranked`` (two ties said without their ranks, ``"2:enemy"``) and the markers ``took_by_resonance`` (a card taken by Résonance), ``onde_told`` (an Onde face read)
and ``nothing_else`` ("aucune autre carte autour": the frame is all there is).
``describe`` words events in French for the account of an engine-checked answer.
All return plain data, so the engine never imports the service.
"""

from __future__ import annotations

import re
import unicodedata

from engine.core.wording import french_describer
from engine.emprise.around import faces_around_square
from engine.emprise.beside import faces_beside
from engine.emprise.described import faces_described
from engine.emprise.opener import openers
from engine.emprise.orders import ORDERS
from engine.emprise.placer import OTHER_FACE, placement_by_other
from engine.emprise.turned import RELATION as _RELATION
from engine.emprise.turned import RELATION_SIDE as _RELATION_SIDE
from engine.emprise.turned import mentions_a_turn, turned_face
from language import fold_same_length

__all__ = ["describe", "recognise"]

_N = r"(\d{1,2})"
_GAP = r"(?:\s+(?:de\s+|d'|of\s+)?(?:le|la|les|l'|the|its|his|her|their|son|sa|un|une|a|an|leur|mon|ma|my|votre|your)\b)?"
_FILLER = r"(?:\s+(?!\d)[\w'’-]+){0,4}?"
"""Up to four words between the comparison word and the second rank ("against the Plague card's 8")."""
_SIDE_SAID = r"(?:\s+(?:a\s+|en\s+|sur\s+(?:le\s+|la\s+)?|on\s+|at\s+)?(?:the\s+|its\s+|my\s+|mon\s+|ma\s+)?(?:droite|gauche|haut|bas|right|left|top|bottom)(?:\s+side)?)?"
"""A side said between a rank and its comparison ("8 à droite contre un 5", "my 9 on top against")."""
_COPULA = r"(?:\s+(?:est|sont|se\s+trouve|is|are|sits|lies|stands))?"
"""A verb of being between a rank and its comparison ("mon 6 est en face du 3", "my 4 sits opposite a 2")."""
_AT_THE_COUNT = r"(?![^.?!]{0,25}\b(?:decompte|count|score|points?|mort\s+subite|sudden\s+death)\b)"
"""Two equal numbers said of the count are a score, not two facing ranks: "tied 9 to 9 after the count"."""
_PAIR = re.compile(
    rf"\(?{_N}\)?{_SIDE_SAID}{_COPULA},?\s*(?:contre|against|vs\.?|versus|(?:en\s+)?face\s+(?:au|aux|a|a\s+la|du|de\s+la|de|d')|facing|faces|opposite(?:\s+to)?|across\s+from|touche(?:nt)?|attaque(?:nt)?|attacks?|bat|beats?|fait\s+face\s+(?:au|a))"
    rf"{_GAP}{_FILLER}\s*\(?{_N}\b(?!\s*(?:cartes?|cards?|points?|a\s+\d)){_AT_THE_COUNT}"
)
_TIE_PAIR = re.compile(rf"(?:\b(?:ties?|tied|egalite|egalites)\b[^.?!]{{0,40}}?\b{_N}\s*[–-]\s*{_N}\b|\b{_N}\s*[–-]\s*{_N}\b(?=[^.?!]{{0,30}}\b(?:tie|ties|egalite))){_AT_THE_COUNT}")
_SCORE_PAIR = re.compile(
    rf"\b(?:beats?|bat|battent|ties?|tied|egalise|fait\s+egalite\s+avec)\b{_FILLER}\s+{_N}\s*(?:to|a|contre|[–-])\s*{_N}\b"
    r"(?!\s*(?:cartes?|cards?|points?))" + _AT_THE_COUNT)
"""A facing said as a score after its verb: "beats one enemy card 6 to 3", "ties another 4 to 4" (mine first)."""
_AND_TIE = re.compile(rf"\b(?:and|et|puis|then|plus)\s+(?:a\s+|une?\s+)?{_N}\s*[–-]\s*{_N}\b(?!\s*(?:cartes?|cards?|points?))")
"""A further tie said after one ("ties 4-4 with one card and 7-7 with another"): its two ranks."""
_OWN = re.compile(
    r"\b(?:mes\s+propres|ma\s+propre|mon\s+propre|une\s+de\s+mes|l'une\s+de\s+mes|une\s+autre\s+de\s+mes|my\s+own|one\s+of\s+my|own\s+card"
    r"|alliee?s?|allied|friendly|a\s+moi)\b"
)
_ENEMY = re.compile(r"\b(?:ennemie?s?|adverses?|adversaire|enemy|enemies|opponent'?s?)\b")
_ORDER_WORDS = {
    "dore": "Dorés", "gilded": "Dorés", "cendre": "Cendres", "ash": "Cendres", "pique": "Piques", "pike": "Piques",
    "archer": "Archers", "abysse": "Abysses", "abyss": "Abysses", "chimere": "Chimères", "chimera": "Chimères",
    "pestifere": "Pestiférés", "plague": "Pestiférés", "gardien": "Gardiens", "guardian": "Gardiens",
    "scribe": "Scribes", "maudit": "Maudits", "cursed": "Maudits",
}
_MY_ORDER = re.compile(r"\b(?:mon|ma|mes|my)\s+(?:propres?\s+|own\s+)?\w+$")
"""An Order word said as the asker's ("mon Archer"): the card placed, not the one faced."""
_ORDER_IN = re.compile(r"\b(" + "|".join(sorted(_ORDER_WORDS, key=len, reverse=True)) + r")")

# -- the frame told side by side: where the target lies and each card's ranks ---------------------------------
_SIDES = {"haut": 0, "top": 0, "droite": 1, "droit": 1, "right": 1, "bas": 2, "bottom": 2, "gauche": 3, "left": 3}
_SIDE_RANK = re.compile(
    r"\b(mon|ma|son|sa|my|its|their|his|her|leur|whose|dont\s+le)\s+(?:rang\s+(?:de\s+|du\s+)?|cote\s+(?:de\s+|du\s+)?)?(haut|bas|gauche|droite?|top|bottom|left|right)\b"
    r"(?:\s+(?:rank|side))?\s*(?:\(\s*|vaut\s+|est\s+(?:de\s+)?|is\s+|=\s*|:\s*|of\s+|shows\s+|montre\s+|affiche\s+)"
    r"(?:(?:a|an|un|une)\s+)?" + _N
    + r"|\b" + _N + r"\s+(?:on\s+top|en\s+haut|at\s+the\s+top)\b"
    + r"|\b" + _N + r"\s+(?:sur|on)\s+(mon|ma|son|sa|my|its|their|his|her|leur)\s+(?:rang\s+(?:de\s+|du\s+)?|cote\s+(?:de\s+|du\s+)?)?"
    r"(haut|bas|gauche|droite?|top|bottom|left|right)\b"
)
_MINE_RANK = re.compile(r"\b(?:mon|ma|my)\s+(?:rang|cote|haut|bas|gauche|droite|top|bottom|left|right)\b")
_MINE_SUBJECT = re.compile(r"\b(?:mine|my\s+card|ma\s+carte|la\s+mienne|(?:i|je)\s+(?:play|place|put|pose|joue|mets)\s+(?:a|une)\s+(?:card|carte))\b")
_THEIRS_SUBJECT = re.compile(
    r"\b(?:theirs|their\s+card|his\s+card|her\s+card|sa\s+carte|la\s+sienne|la\s+leur|the\s+enemy'?s?\s+card"
    r"|(?:la|une|the|an?)\s+(?:carte\s+(?:ennemie|adverse)|(?:enemy|opponent'?s?)\s+card)|\w+'s\s+(?:[\w-]+\s+)?card|(?:la|une)\s+carte\s+(?:de|d')\s*[a-z]\w+)\b")
_TOUCHING = re.compile(
    r"\b(?:next\s+to|beside|touch\w*|adjacent\w*|a\s+cote|voisin\w*|en\s+dessous|au-dessus|au\s+dessus|au-dessous"
    r"|juste\s+(?:a\s+gauche|a\s+droite)|above|below|underneath)\b")
"""Two cards said to touch without saying which way: the facing sides come from the ranks told."""

_OPENER = (
    ("other", re.compile(
        r"\b(?:(?:mon\s+adversaire|l'adversaire|il|elle|mon\s+ami\w*|mon\s+pote|mon\s+pere|ma\s+mere|mon\s+frere|ma\s+soeur)\s+"
        r"(?:a\s+(?:ouvert|commence|gagne\s+le\s+tirage)|commence|ouvre|joue\s+en\s+premier)"
        r"|je\s+n'?ai\s+pas\s+(?:ouvert|commence)|je\s+(?:n'?)?(?:ouvre|commence)\s+pas|j'?ai\s+joue\s+en\s+second|je\s+(?:joue|suis)\s+(?:en\s+)?second"
        r"|i\s+(?:went|go|play(?:ed)?)\s+second|i\s+(?:did\s+not|didn't|didnt)\s+(?:open|start|go\s+first)"
        r"|(?:my\s+)?(?:opponent|friend|buddy|brother|sister|dad|mom|he|she)\s+(?:opened|started|went\s+first|goes\s+first|won\s+the\s+(?:draw|toss)))")),
    ("self", re.compile(
        r"\b(?:j'?ai\s+(?:ouvert|commence|gagne\s+le\s+tirage)|je\s+(?:commence|ouvre|joue\s+en\s+premier)|j'?ouvre"
        r"|c'est\s+moi\s+qui\s+(?:ai\s+)?(?:ouvert|commence|ouvre)"
        r"|i\s+(?:opened|open|started|went\s+first|go\s+first|played\s+first|began|won\s+the\s+(?:draw|toss|coin\s+flip))"
        r"|i\s+was\s+(?:the\s+)?first)")),
)
_NAMED_OPENER = re.compile(
    r"\b([A-Z][\w-]+)\s+(?:won\s+the\s+draw\s+and\s+|a\s+gagne\s+le\s+tirage\s+et\s+)?"
    r"(?:opened|started|began|went\s+first|goes\s+first|played\s+first|a\s+ouvert|a\s+commence|commence|ouvre"
    r"|a\s+joue\s+en\s+premier|joue\s+en\s+premier)\b"
    r"|\bc'est\s+([A-Z][\w-]+)\s+qui\s+(?:a\s+gagne\s+le\s+tirage\s+et\s+qui\s+)?(?:commence|ouvre|a\s+ouvert)\b"
)
"""A named player who opened the duel: ``Lea won the draw and opened``, ``c'est Hugo qui commence``."""
_BOARD_EACH = re.compile(r"\b(?:we\s+each\s+(?:own|have)|each\s+(?:side\s+)?(?:owns?|has)|chacun\s+(?:a|possede)?)\s+" + _N + r"\b")
_BOARD_MINE_THEIRS = re.compile(
    r"\b(?:j'ai|i\s+(?:have|own)|me)\s+" + _N + r"\s+(?:cartes?|cards?)\b[^.?!]{0,40}?\b(?:mon\s+adversaire|il|elle|lui|he|she|him|my\s+opponent|my\s+friend)"
    r"\s+(?:en\s+a\s+|a\s+|has\s+|owns\s+)?" + _N + r"\b"
    r"|\b(?:he|she|il|elle|mon\s+adversaire|my\s+opponent|my\s+friend)\s+(?:has|a|owns|en\s+a)\s+" + _N
    + r"\s+(?:cartes?|cards?)\b[^.?!]{0,20}?\b(?:and\s+me|et\s+moi|i\s+have|j'en\s+ai|j'ai)\s+" + _N + r"\b"
)
_NOTHING_ELSE = re.compile(
    r"\b(?:aucune\s+autre\s+carte|rien\s+d'autre|pas\s+d'autre\s+carte)\s+(?:n'est\s+)?(?:autour|a\s+cote)"
    r"|\b(?:nothing\s+else|no\s+other\s+cards?)\s+(?:is\s+|are\s+)?(?:around|next\s+to\s+it|nearby)"
)
"""``aucune autre carte autour``: the frame holds only the cards the question names (a ``nothing_else`` marker)."""
_CAPTOR = re.compile(r"\b([A-Z][\w-]+)\s+(?:captures?|captured|prend|a\s+pris|a\s+capture|takes|took)\b")
"""A named player who takes a card: ``Jade capture par Résonance une carte Cendres de Tom``."""
_SELF_CAPTOR = re.compile(r"\b(?:je\s+(?:capture|prends)|j'?ai\s+(?:capture|pris)|i\s+(?:capture|captured|take|took))\b")
_NOT_NAMES = {"il", "elle", "he", "she", "who", "qui", "i", "je", "on", "we", "nous"}
_RESONANCE_TAKEN = re.compile(r"\b(?:par\s+(?:la\s+)?resonance|by\s+(?:a\s+)?resonance|resonance-captured|taken\s+by\s+resonance)")


def recognise(question: str) -> list[dict]:
    """``face``, ``opener`` and ``board_counts`` entities, and the ``took_by_resonance`` marker (see the module docstring)."""
    folded = fold_same_length(question).replace("’", "'")
    if mentions_a_turn(folded):  # the ranks told are the unturned ones: only the turned reading places the card
        found = turned_face(folded)
    else:
        found = (faces_beside(folded, _side_by_side) or _pairs(folded) or _side_by_side(folded)
                 or faces_around_square(folded) or faces_described(folded))
    if not any(face["kind"] == "face" for face in found):
        found += _unranked_ties(folded)
    found = _with_onde_faces(folded, found)
    if placement_by_other(question) is not None:
        # faces are read as the asker's placement; another player's move is read by frame_placement alone, from
        # the possessives, so no template runs it as the asker's
        found = [{**face, "kind": OTHER_FACE} for face in found]
    for value, pattern in _OPENER:
        found += [{"kind": "opener", "value": value, "start": m.start(), "end": m.end(), "role": "self"}
                  for m in pattern.finditer(folded)]
    cased = "".join(unicodedata.normalize("NFKD", c)[0] if c.isalpha() else c for c in question).replace("’", "'")
    for m in _NAMED_OPENER.finditer(cased):
        group = 1 if m.group(1) else 2
        name = question[m.start(group):m.end(group)]
        if fold_same_length(name) not in _NOT_NAMES:  # the span leaves the name to the players' reading
            found.append({"kind": "opener", "value": f"name:{name}", "start": m.end(group), "end": m.end()})
    if not any(entity["kind"] == "opener" for entity in found):
        found += openers(question)  # the subject of an opening verb, however the sentence is built
    # who takes a card, only where it is taken by Résonance (the one capture whose taker a question asks about)
    for m in _CAPTOR.finditer(cased):
        name = question[m.start(1):m.end(1)]
        if fold_same_length(name) not in _NOT_NAMES and _RESONANCE_TAKEN.search(folded, m.end(), m.end() + 60):
            found.append({"kind": "captor", "value": name, "start": m.start(), "end": m.end()})
    found += [{"kind": "captor", "value": "self", "start": m.start(), "end": m.end()} for m in _SELF_CAPTOR.finditer(folded)
              if _RESONANCE_TAKEN.search(folded, m.end(), m.end() + 60)]
    for m in _BOARD_EACH.finditer(folded):
        found.append({"kind": "board_counts", "value": f"{m.group(1)}:{m.group(1)}", "start": m.start(), "end": m.end()})
    for m in _BOARD_MINE_THEIRS.finditer(folded):
        mine, theirs = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        found.append({"kind": "board_counts", "value": f"{mine}:{theirs}", "start": m.start(), "end": m.end()})
    found += [{"kind": "marker", "value": "nothing_else", "start": m.start(), "end": m.end()}
              for m in _NOTHING_ELSE.finditer(folded)]
    found += [{"kind": "marker", "value": "took_by_resonance", "start": m.start(), "end": m.end()}
              for m in _RESONANCE_TAKEN.finditer(folded)]
    return found


ONDE_FACE = "onde_face"
ONDE_TOLD = "onde_told"
"""The marker of a question whose faces are told apart, the placement's and the Onde's: a template whose faces are
all the placement's (``conflicts: [onde_told]``) is not about it."""
_TAKEN_SUBJECT = re.compile(
    r"(?:^|[.?!;]\s+)\s*(?:la\s+(?:(?:premiere|deuxieme|seconde|autre)\s+)?carte\s+(?:que\s+(?:je\s+prends|j'ai\s+(?:prise|capturee))|prise|capturee)|cette\s+carte(?:\s+prise)?"
    r"|the\s+(?:(?:first|second|other)\s+)?(?:card\s+(?:i\s+(?:took|take|captured|capture|won)|taken|captured)|captured\s+card|taken\s+card)|that\s+card|this\s+card"
    r"|one\s+of\s+(?:those|these|the|them)(?:\s+two)?(?:\s+cards)?|(?:l'une?|une?)\s+(?:des\s+deux|d'entre\s+elles|de\s+ces\s+deux(?:\s+cartes)?))\b")
"""A sentence whose subject is a card the placement takes ("La carte prise en haut a…", "That card has…"): what it
faces is the Onde's, not the placement's."""
_SHOWN_PAIR = re.compile(
    rf"\b{_N}{_SIDE_SAID}(?:\s+side)?,?\s*(?:contre|against|face\s+(?:au|a|a\s+la)|facing|faces|fait\s+face\s+(?:au|a))"
    rf"(?:[^.?!;\d]|(?<=\b[a-e])[1-5]){{0,60}}?\b(?:qui\s+(?:montre|a|affiche)|montrant|that\s+(?:shows|has)|which\s+(?:shows|has)|showing|shows|with|avec)"
    rf"\s+(?:(?:a|an|un|une)\s+)?{_N}\b(?!\s*(?:cartes?|cards?|points?))")
"""A facing said with the other card's rank after a verb of showing (a square's name may stand between): "a 6 facing
another enemy card on b3 with a 1",
« un 6 à gauche, face à une autre carte de Chloé qui montre 2 »."""


TIE_FACE = "ties_unranked"
_UNRANKED_TIES = re.compile(
    r"\b(?:two|2|deux)\s+(?:exact\s+|perfect\s+)?(?:ties|egalites)(?:\s+exactes|\s+parfaites)?\b(?:[^.?!;\d]{0,40}?\b(?:with|avec)\s+"
    r"(?:(?:two|2|deux)\s+(?:of\s+)?)?(?P<whose>[^.?!;\d]{0,25}?)\b(?:cards?|cartes?)\b)?")
"""Two ties said without their ranks ("two exact ties with two of Sam's cards", « deux égalités exactes »): the
Résonance needs only that the ranks be equal."""


def _unranked_ties(folded: str) -> list[dict]:
    """One ``ties_unranked`` entity, ``"2:enemy"`` (or ``own``: whose cards), for two ties said without their ranks
    (:mod:`engine.emprise.frame_placement` gives them a default rank, shown not to decide)."""
    found = []
    for m in _UNRANKED_TIES.finditer(folded):
        owner = "own" if m.group("whose") and _OWN.search(m.group("whose")) else "enemy"
        found.append({"kind": TIE_FACE, "value": f"2:{owner}", "start": m.start(), "end": m.end()})
    return found if len(found) == 1 else []


def _with_onde_faces(folded: str, found: list[dict]) -> list[dict]:
    """The faces said in a sentence about a card the placement takes become ``onde_face`` entities (that card's
    rank, the rank facing it, whose card), with the facings of such a sentence said with a verb of showing; only
    when the placement itself faces something (a face said in another sentence)."""
    sentences = []
    for match in _TAKEN_SUBJECT.finditer(folded):
        end = re.search(r"[.?!;]", folded[match.end():])
        sentences.append((match.start(), match.end() + end.start() if end else len(folded)))
    inside = lambda face: any(start <= face["start"] < end for start, end in sentences)  # noqa: E731
    if sentences and not any(face["kind"] in ("face", TIE_FACE) and not inside(face) for face in found):
        found = found + [tie for tie in _unranked_ties(folded) if not inside(tie)]  # "two exact ties … One of those two has…"
    faces = [face for face in found if face["kind"] in ("face", TIE_FACE)]
    if not sentences or not any(not inside(face) for face in faces):
        return found
    onde = [{**face, "kind": ONDE_FACE, "value": ":".join(face["value"].split(":")[:3])} for face in faces if inside(face)]
    for start, end in sentences:
        for m in _SHOWN_PAIR.finditer(folded, start, end):
            if not any(face["start"] < m.end() and m.start() < face["end"] for face in onde):
                owner = "own" if _OWN.search(folded, m.start(), m.end()) else "enemy"
                onde.append({"kind": ONDE_FACE, "value": f"{m.group(1)}:{m.group(2)}:{owner}", "start": m.start(), "end": m.end()})
    told = {"kind": "marker", "value": ONDE_TOLD, "start": sentences[0][0], "end": sentences[0][1]}
    return [face for face in found if not (face["kind"] == "face" and inside(face))] + sorted(onde, key=lambda f: f["start"]) + [told]


def _pairs(folded: str) -> list[dict]:
    """Facing ranks said as pairs: "5 contre 5", "my 7 against her 4", "ties 6–6"."""
    matches = []
    for pattern in (_PAIR, _TIE_PAIR, _SCORE_PAIR):
        for m in pattern.finditer(folded):
            if not any(start < m.end() and m.start() < end for start, end, _ in matches):
                matches.append((m.start(), m.end(), m))
    ties = [end for start, end, m in matches if m.re is _TIE_PAIR]
    for m in _AND_TIE.finditer(folded):  # "ties 4-4 with one enemy card and 7-7 with another"
        if any(end <= m.start() and not re.search(r"[.?!;]", folded[end:m.start()]) for end in ties) and not any(
                start < m.end() and m.start() < end for start, end, _ in matches):
            matches.append((m.start(1), m.end(), m))
    matches.sort(key=lambda item: item[0])
    found = []
    for i, (start, end, m) in enumerate(matches):
        numbers = [g for g in m.groups() if g is not None]
        mine, theirs = int(numbers[0]), int(numbers[1])
        owner = _pair_owner(folded, matches, i)
        face = f"{mine}:{theirs}:{owner}"
        order = _pair_order(folded, matches, i)
        if order:
            face += ":" + order
        found.append({"kind": "face", "value": face, "start": start, "end": end})
    return found


def _pair_order(folded: str, matches: list, i: int) -> str | None:
    """The Order of the card a pair faces: named in the pair ("against the Plague card's 8"), else after it up to
    the next pair ("5 contre 5 avec un Gardien ennemi"), else before it unless it is the asker's ("mon Archer")."""
    start, end, _ = matches[i]
    after, before = _pair_segments(folded, matches, i)
    for words, own_excluded in ((folded[start:end], False), (after, False), (before, True)):
        found = _ORDER_IN.search(words)
        if found and not (own_excluded and _MY_ORDER.search(words[:found.end()])):
            return _ORDER_WORDS[found.group(1)]
    return None


def _pair_segments(folded: str, matches: list, i: int) -> tuple[str, str]:
    """The words after a pair up to the next pair or clause break, and those before it from the clause break,
    the previous pair or the conjunction after it (the previous pair's own words are not this pair's)."""
    start, end, _ = matches[i]
    after = re.split(r"[,.;:?!]", folded[end:matches[i + 1][0] if i + 1 < len(matches) else len(folded)])[0]
    before = re.split(r"[,.;:?!]", folded[matches[i - 1][1] if i else 0:start])[-1]
    if i:
        before = re.split(r"\b(?:et|and|puis|mais|but|then)\b", before)[-1]
    return after, before


def _pair_owner(folded: str, matches: list, i: int) -> str:
    """``own`` or ``enemy``: the pair's own words ("against my own card's 7"), else those after it up to the next
    pair ("5 contre 5 avec une ennemie et 6 contre 6 avec ma propre carte"), else before it; enemy when unsaid."""
    start, end, _ = matches[i]
    after, before = _pair_segments(folded, matches, i)
    for words in (folded[start:end], after, before):
        if _OWN.search(words):
            return "own"
        if _ENEMY.search(words):
            return "enemy"
    return "enemy"
    return "enemy"


def _side_by_side(folded: str) -> list[dict]:
    """One face from where I place (``juste à gauche d'une carte``) and each card's rank on the facing sides."""
    relation = _RELATION.search(folded)
    if relation is None and not _TOUCHING.search(folded):
        return []
    ranks: dict[tuple[str, int], int] = {}
    spans = []
    subject = "mine"
    mentions = sorted(
        [(m.start(), "subject", "mine") for m in _MINE_SUBJECT.finditer(folded)]
        + [(m.start(), "subject", "theirs") for m in _THEIRS_SUBJECT.finditer(folded)]
        + [(m.start(), "rank", m) for m in _SIDE_RANK.finditer(folded)],
        key=lambda item: item[0],
    )
    seen_mine = False
    said_subject_at = -1  # where the sentence's own subject was said ("Ma carte a un 9 en haut et un 3 sur son côté gauche")
    for at, what, item in mentions:
        if what == "subject":
            subject = item
            said_subject_at = at
            continue
        m = item
        if m.group(1):
            owner_word, side_word, value = m.group(1), m.group(2), m.group(3)
        elif m.group(4):
            owner_word, side_word, value = "its", "top", m.group(4)  # "a 9 on top": the card being described
        else:
            owner_word, side_word, value = m.group(6), m.group(7), m.group(5)
        same_sentence = said_subject_at >= 0 and not re.search(r"[.;!?]", folded[said_subject_at:at])
        if owner_word in ("mon", "ma", "my"):
            owner = "mine"
        elif owner_word in ("son", "sa") and same_sentence and not _MINE_RANK.search(folded, said_subject_at, at):
            owner = subject  # its own subject's rank, no "mon" rank between them
        elif owner_word in ("son", "sa") and not seen_mine:
            owner = subject  # "son rang du haut" before any "mon": the card being placed
        elif owner_word == "its":
            owner = subject
        else:
            owner = "theirs"
        seen_mine = seen_mine or owner == "mine"
        ranks[(owner, _SIDES[side_word])] = int(value)
        spans.append((m.start(), m.end()))
    if relation is not None:
        my_side = _RELATION_SIDE[re.sub(r"\s+", " ", relation.group(1))]
    else:  # no "à gauche de": the two ranks told must be on opposite sides ("7 on its left … 7 on its right")
        mine = [side for owner, side in ranks if owner == "mine"]
        theirs = [side for owner, side in ranks if owner == "theirs"]
        facing = [side for side in mine if (side + 2) % 4 in theirs]
        if len(facing) != 1:
            return []
        my_side = facing[0]
        relation = next(_TOUCHING.finditer(folded))
    their_side = (my_side + 2) % 4
    if ("mine", my_side) not in ranks or ("theirs", their_side) not in ranks:
        return []
    owner = "own" if _OWN.search(folded[relation.start():relation.end() + 40]) else "enemy"
    start = min(relation.start(), *(s for s, _ in spans))
    end = max(relation.end(), *(e for _, e in spans))
    return [{"kind": "face", "value": f"{ranks[('mine', my_side)]}:{ranks[('theirs', their_side)]}:{owner}",
             "start": start, "end": end}]


describe = french_describer(
    {
        "card_placed": lambda d: (
            f"Mort Subite, ronde {d['round']} : le joueur {d['player']} pose sa carte de Réserve {d['order']} sur {d['square']}"
            if "round" in d else
            f"le joueur {d['player']} pose sur {d['square']} une carte dont la question ne dit pas l'Ordre (jouée comme "
            f"un(e) {d['order']}, sans capacité à la pose ; haut {d['top']}, droite {d['right']}, bas {d['bottom']}, "
            f"gauche {d['left']})"
            if d.get("order_unsaid") else
            f"le joueur {d['player']} pose un(e) {d['order']} sur {d['square']} (haut {d['top']}, droite {d['right']}, "
            f"bas {d['bottom']}, gauche {d['left']})"
        ),
        "captured": lambda d: (
            f"{d['attacker_order']} en {d['by']} prend la carte {d['order']} en {d['square']} ({d['attack']} contre "
            f"{d['defence']}, {_RULE_FR.get(d['rule'].split(' ')[0], d['rule'])}) : elle passe au joueur {d['player']}"
        ),
        "held": lambda d: f"{d['attack']} contre {d['defence']} : la carte en {d['square']} ne change pas de camp",
        "tie": lambda d: f"égalité {d['attack']} contre {d['defence']} avec la carte en {d['square']} "
                         f"({'la vôtre' if d['whose'] == 'own' else 'ennemie'})",
        "tie_alone": lambda d: f"une égalité seule ne prend rien : la carte en {d['square']} reste où elle est",
        "resonance": lambda d: f"Résonance en {d['by']} : {d['ties']} égalités exactes au même coup, les ennemies à égalité "
                               f"tombent ({d['squares']})",
        "onde": lambda d: f"Onde : la carte en {d['square']} sert maintenant le joueur {d['player']}, déclenche sa capacité "
                          f"puis attaque ses voisines ennemies avec la règle normale (chaîne, étape {d['generation']})",
        "ranks_swapped": lambda d: f"les Dorés en {d['square']} échangent leur rang ({d['mine']}) avec celui de la carte en "
                                   f"{d['target']} ({d['theirs']})",
        "rank_flipped": lambda d: f"la Chimère en {d['square']} retourne le rang de la carte en {d['target']} : "
                                  f"{d['before']} devient {d['after']}",
        "card_pulled": lambda d: f"les Cendres en {d['square']} attirent la carte de {d['origin']} vers {d['target']}",
        "cursed_strengthened": lambda d: f"le Maudit en {d['square']} est capturé : +1 permanent sur ses 4 rangs (bonus +{d['bonus']})",
        "rank_modified": lambda d: f"{d['source']} : {d['delta']:+d} sur le rang ({d['side']}) de la carte en {d['square']}",
        "ranks_hidden": lambda d: f"les rangs du Scribe en {d['square']} restent cachés à l'adversaire jusqu'à la pose n° {d['visible_from']}",
        "duel_counted": lambda d: f"décompte : {d['count_0']} cartes contre {d['count_1']}, plus 2 points d'avance pour celui "
                                  f"qui a ouvert (joueur {d['opener']}) : {d['score_0']} à {d['score_1']}",
        "sudden_death": lambda d: f"égalité parfaite {d['score_0']} à {d['score_1']} : Mort Subite, ronde {d['round']}",
        "last_word": lambda d: f"égalité après les deux rondes : le Dernier Mot donne un point au joueur {d['player']}, "
                               f"qui n'a pas ouvert",
        "duel_won": lambda d: f"le joueur {d['winner']} gagne le duel, {d['score_0']} à {d['score_1']}",
        "reserve_set": lambda d: f"Réserve mise de côté avant le duel par le joueur {d['player']} : "
                                 f"{' et '.join(d['orders'])}, une carte par Ordre",
    },
    {
        "wrong_turn": "ce n'est pas à ce joueur de poser (une carte par camp, chacun son tour, et une seule par ronde de Mort Subite)",
        "square_taken": "la case n'est pas vide",
        "not_in_hand": "la main ne contient pas de carte de cet Ordre",
        "not_in_reserve": "la Réserve ne contient pas de carte de cet Ordre",
        "count_first": "toutes les cartes de la ronde sont posées : on passe au décompte",
        "game_over": "le duel est terminé",
        "reserve_one_per_order": "une Réserve compte deux cartes, une par Ordre, jamais deux fois le même Ordre",
        "wrong_phase": "la Réserve se met de côté avant le duel",
    },
)
_RULE_FR = {"capture": "prise", "resonance": "Résonance", "onde": "Onde", "pierce": "Piques", "archers": "Archers, à distance"}
