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
is left to the templates, unless the question tells what that card faces apart
from the placement's faces (``onde_face``: "the card I took on the left has a 5
facing another of Kai's cards that shows 5"): the Onde's face then goes beside
the first card faced, and the engine says whether the Résonance took it, so
whether it attacks in turn. Asked whether that card is taken, or how many cards
are taken in all; when the placement takes no first card (the question said it
did), no verdict.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.emprise.board import NEIGHBOURS, SQUARE_NAMES, TOP, square_index
from engine.emprise.each_card import each_card
from engine.emprise.placer import OTHER_FACE, asks_about_my_cards, faces_for_other, placement_by_other
from engine.emprise.questions import ONDE_FACE, TIE_FACE
from language import fold

__all__ = ["compile_placement", "faces_of"]

_YOU = {"fr": "vous", "en": "you"}
_OPPONENT = {"fr": "votre adversaire", "en": "your opponent"}
_UNIT = {"fr": "carte(s) prise(s)", "en": "card(s) taken"}
_ORDER_IDS = {"dores": "Dorés", "cendres": "Cendres", "piques": "Piques", "archers": "Archers", "abysses": "Abysses",
              "chimeres": "Chimères", "pestiferes": "Pestiférés", "gardiens": "Gardiens", "scribes": "Scribes",
              "maudits": "Maudits"}
_CAPTURE = re.compile(
    r"\b(?:prends?|prendr\w*|pris(?:es?)?|captur\w*|retourn\w*|tombe\w*|passe\w*\s+(?:(?:aussi|egalement|donc|alors)\s+)?(?:dans\s+mon\s+camp|chez\s+moi|de\s+mon\s+cote)"
    r"|change\w*\s+de\s+camp|(?:est|sont|devien\w+)\s+(?:a\s+moi|mienne?s?)|gagne\w*\s+(?:la|les|cette|ces)\s+cartes?"
    r"|takes?|taken|captur\w*|flips?|flipped|turns?\s+over|turned\s+over|(?:becomes?|is|are)\s+mine"
    r"|changes?\s+sides|switch\w*\s+sides|fall|falls)\b"
)
_COUNT = re.compile(r"\b(?:combien|how\s+many|how\s+much|nombre\s+de|number\s+of)\b")
_ALL = re.compile(r"\b(?:les\s+deux|toutes|tous|les\s+trois|both|all|each|every|them\s+all|chacune)\b")
_ANY = re.compile(r"\b(?:quelque\s+chose|au\s+moins\s+une|une\s+carte|anything|something|any|at\s+least\s+one|a\s+card)\b")
_EACH = re.compile(
    r"\b(?:(?:que|qu'est-ce\s+qui)\s+(?:devien\w+|arrive\w*|se\s+passe\w*)|qu'arrive-t-il|qu'advient-il"
    r"|what\s+(?:happens|becomes|will\s+happen|happened))\b")
"""The asking clause asks what happens (to each card, to my card): the outcome card by card."""
_ASIDE = re.compile(r"\s*(?:minutes?|min|secondes?|heures?|jours?|ans|seconds?|hours?|days?|years?|parties|games?)\b")
_SQUARE = "c2"
_FIRST_FACED = SQUARE_NAMES[dict(NEIGHBOURS[square_index(_SQUARE)])[TOP]]
"""Where the first face's card lies (``position.frame`` puts it on the top side): the card an Onde face is said of."""
_PESTIFERES_OWN = "emprise.pestiferes_own_cards"


def faces_of(frame: Any) -> list[str]:
    """The ``face`` entities of a frame, in the order the question says them."""
    return [e.value for e in _face_entities(frame)]


def compile_placement(frame: Any) -> dict[str, Any] | None:
    """The run that answers a placement told by its facing ranks, or None when the frame does not bind it."""
    entities = _face_entities(frame) or _face_entities(frame, OTHER_FACE)
    onde = [e.value for e in _face_entities(frame, ONDE_FACE)]
    unranked = [] if entities else _face_entities(frame, TIE_FACE)
    if unranked and placement_by_other(frame.text) is None:  # two ties said without their ranks: a default rank
        entities = [replace(unranked[0], kind="face", value=f"{_TIE_RANK}:{_TIE_RANK}:{unranked[0].value.split(':')[1]}")] * 2
    if not 1 <= len(entities) <= 4 or "took_by_resonance" in frame.markers and not onde:
        return None
    asking = fold(frame.asked.said) if frame.asked is not None else fold(frame.text[slice(*frame.asking_clause)])
    counting = bool(_COUNT.search(asking))
    each = bool(_EACH.search(asking))
    names = list(frame.players)
    placer = placement_by_other(frame.text)
    if placer is not None:  # another player's move: my cards are the ones faced
        faces = faces_for_other(frame.text, entities)
        if faces is None or not (asks_about_my_cards(asking, counting) or each):
            return None
        placer = placer or (names[0] if len(names) == 1 else _OPPONENT[frame.language])
        players = {0: placer, 1: _YOU[frame.language]}
    else:
        if not (_CAPTURE.search(asking) or each):
            return None
        faces = [e.value for e in entities]
        players = {0: _YOU[frame.language], 1: names[0] if len(names) == 1 else _OPPONENT[frame.language]}
    parts = [face.split(":") for face in faces]
    enemies = sum(part[2] == "enemy" for part in parts)
    if not enemies or onde and not _onde_bound(parts, onde, placer, each, counting):
        return None
    beside = [e.value for e in frame.entities if e.kind == "beside"]
    if beside and len(parts) != 1:
        return None
    placed = _placed_order(frame) if placer is None else None
    if placed is False:
        return None
    if not beside:  # an Order named beside the faced card is not the faced card's
        parts = _with_named_order(frame, parts, placed)
    if beside and onde or not _bound(frame, parts, entities + _face_entities(frame, ONDE_FACE),
                                     {value.split(":")[1] for value in beside} | ({placed} if placed else set())):
        return None
    faces = [":".join(part) for part in parts]
    if each:
        verdict, read, unit = "text", each_card(parts, frame.language, players), None
    elif counting:
        verdict, read, unit = "number", _onde_read(_taken) if onde else _taken, _UNIT
    elif onde:
        verdict, read, unit = "yes_no", _onde_read(_onde_taken), None
    else:
        whole = bool(_ALL.search(asking))
        some = bool(_ANY.search(asking)) and not whole
        verdict, read, unit = "yes_no", _all_or_none(enemies, whole, some), None
    position = {"to_move": 0, "frame": {"square": _SQUARE, "faces": faces, "order": placed or _NO_ABILITY}}
    if not placed:
        position["frame"]["order_unsaid"] = True  # a default: the account must not tell it as the player's card
    if onde:  # what the first card faced meets once taken: the Onde attacks from it only if the Résonance took it
        position["frame"]["onde"] = onde
    if beside:  # a card beside the one faced (engine.emprise.beside), the side it is on changes nothing
        owner, order = beside[0].split(":")
        position["frame"]["onde"] = [f"0:0:{'own' if (owner == 'own') == (placer is None) else 'enemy'}:{order}"]
    scenario = {"game": "emprise", "players": 2, "position": position,
                "steps": [{"type": "place", "player": 0, "order": placed or _NO_ABILITY, "square": _SQUARE,
                           "rotation": 0}]}
    return {
        "title": "La carte posée prend-elle les cartes d'en face ?", "verdict": verdict, "modal": False,
        "unit": unit, "players": players,
        "variants": _variants(scenario, parts, beside, placed) + (_other_tie_ranks(scenario, frame.language) if unranked else []),
        "then": None, "read": read, "reads": ("captured", "rank_modified", "resonance", "tie_alone", "held", "tie"),
        "facts": [{"fact": f"face {i + 1} (placed:faced:whose)", "source": "default" if unranked else "stated",
                   "said": face} for i, face in enumerate(faces)]
                 + ([{"fact": "placed by", "source": "stated", "said": players[0]}] if placer is not None else [])
                 + [{"fact": "beside the card faced (owner:Order)", "source": "stated", "said": value} for value in beside]
                 + [{"fact": f"what the card taken then faces {i + 1} (its rank:facing rank:whose)", "source": "stated",
                     "said": value} for i, value in enumerate(onde)]
                 + ([{"fact": "the Order of the card placed", "source": "stated", "said": placed}] if placed else
                    [{"fact": "the card placed has no ability (Maudits)", "source": "default"}]),
    }


def _variants(scenario: dict, parts: list[list[str]], beside: list[str], placed: str | None = None) -> list[dict]:
    """The neutral reading, and the other reading of whether a Pestiféré poisons its own side's cards when one
    lies beside the faced card, is an own card faced or is the card placed beside an own card; and, for a placed
    Doré or Chimère, the other readings of its ability (after the comparisons; the mirrored rank): a verdict that
    moves with one of them is "it depends"."""
    variants = [{"reading": {}, "scenario": scenario}]
    own_pestiferes = any(part[2] == "own" and part[3:] == ["Pestiférés"] for part in parts)
    placed_poison = placed == "Pestiférés" and any(part[2] == "own" for part in parts)
    readings = []
    if own_pestiferes or placed_poison or any(value.endswith(":Pestiférés") for value in beside):
        readings.append({_PESTIFERES_OWN: "enemy_cards_only"})
    readings += _PLACED_READINGS.get(placed, [])
    for reading in readings:
        variants.append({"reading": reading, "scenario": {**scenario, "assumptions": reading}})
    return variants


_PLACED_READINGS = {
    "Dorés": [{"emprise.ability_timing": "after_combat"}],
    "Chimères": [{"emprise.ability_timing": "after_combat"}, {"emprise.chimeres_flip": "mirror_value"}],
}
"""The named assumptions a placed Order's ability reads at a single placement (the others act the same whatever
their reading when nothing else lies on the board: an Archer's or a Pique's line holds the faced card only)."""
_NO_ABILITY = "Maudits"
_PLACING_MINE = re.compile(
    r"\b(?:je\s+(?:pose|place|joue|mets)|j'?ai\s+(?:pose|place|joue|mis)|i\s+(?:place|play|put|lay|placed|played)"
    r"|i'm\s+(?:placing|playing|putting)|placing|posant)\s+(?:mon|ma|mes|un|une|my|a|an|the|le|la|l')?\s*$")


def _placed_order(frame) -> str | None | bool:
    """The Order of the asker's placed card, when the question names it ("je pose mon Pestiféré", "I place my Pikes
    card"): the Order card named right after the asker's placing verb (an own card said elsewhere, "mon Gardien est à
    côté", is a card on the board); None when none is named; False when two are (which one is placed is not said)."""
    mine = [_ORDER_IDS[card.card] for card in frame.cards if card.card in _ORDER_IDS
            and _PLACING_MINE.search(fold(frame.text[max(0, card.start - 30) : card.start]))]
    orders = set(mine)
    if len(orders) > 1:
        return False
    return orders.pop() if orders else None



def _face_entities(frame: Any, kind: str = "face") -> list:
    return [e for e in sorted(frame.entities, key=lambda e: e.start) if e.kind == kind]


def _with_named_order(frame, parts: list[list[str]], placed: str | None = None) -> list[list[str]]:
    """The one enemy card faced is the one enemy Order card named ("mon 6 contre le 5 d'un Gardien ennemi"), not the
    card placed."""
    named = [c for c in frame.cards if c.card in _ORDER_IDS and c.owner != "self" and _ORDER_IDS[c.card] != placed]
    bare = [i for i, part in enumerate(parts) if part[2] == "enemy" and len(part) == 3]
    on_faces = {part[3] for part in parts if len(part) > 3}
    unplaced = {_ORDER_IDS[c.card] for c in named} - on_faces
    others = [c for c in frame.cards if not (placed and c.card in _ORDER_IDS and _ORDER_IDS[c.card] == placed)]
    if len(unplaced) != 1 or len(bare) != 1 or len(others) != len(named):
        return parts
    parts = [list(part) for part in parts]
    parts[bare[0]].append(unplaced.pop())
    return parts


def _bound(frame, parts: list[list[str]], entities: list, beside: set[str] = frozenset()) -> bool:
    """Every Order named is a faced card's, every number a stated rank, a count of the cards faced, said inside
    a face's own words (a turned card's ranks) or an aside ("ten minutes")."""
    orders = {part[3] for part in parts if len(part) > 3} | beside
    for card in frame.cards:
        if card.card in _ORDER_IDS and _ORDER_IDS[card.card] not in orders:
            return False
    ranks = {int(n) for part in parts for n in part[:2]}
    return all(count.value in ranks or count.value <= len(parts) or _inside(count, entities) or _aside(frame.text, count)
               for count in frame.counts)


def _inside(count, entities: list) -> bool:
    return count.start is not None and any(e.start <= count.start < e.end for e in entities)


def _aside(text: str, count) -> bool:
    """A number that counts no cards or ranks ("on joue depuis 10 minutes"): an irrelevant fact."""
    return count.start is not None and bool(_ASIDE.match(text, count.start + len(count.said)))


_TIE_RANK = 5
_OTHER_TIE_RANK = 9
_TIED_RANKS = {"fr": "le rang des deux égalités", "en": "the rank of the two ties"}


def _other_tie_ranks(scenario: dict, language: str) -> list[dict]:
    """Two ties said without their ranks are played at rank 5 and at rank 9: a verdict that moves with it says so."""
    frame = scenario["position"]["frame"]
    faces = [face.replace(f"{_TIE_RANK}:{_TIE_RANK}:", f"{_OTHER_TIE_RANK}:{_OTHER_TIE_RANK}:", 1) for face in frame["faces"]]
    other = {**scenario, "position": {**scenario["position"], "frame": {**frame, "faces": faces}}}
    return [{"reading": {_TIED_RANKS[language]: str(_OTHER_TIE_RANK)}, "scenario": other}]


def _onde_bound(parts: list[list[str]], onde: list[str], placer, each: bool, counting: bool) -> bool:
    """Whether the frame binds the card an Onde face belongs to: the asker's own placement, asked a count or whether
    the one card faced in turn is taken, and the card taken is the first faced or no other differs from it (every
    face a tie, or every face a win: which card it is changes nothing)."""
    if placer is not None or each or not counting and len(onde) != 1 or len(onde) > 2:
        return False
    outcomes = {(int(part[0]) > int(part[1])) - (int(part[0]) < int(part[1])) for part in parts}
    return len(outcomes) == 1 and all(part[2] == "enemy" for part in parts)


def _onde_taken(events: list[dict]) -> bool:
    """Whether the Onde took the card the taken card faces (its capture rule is ``onde N``)."""
    return any(e.get("kind") == "captured" and str(e["data"].get("rule", "")).startswith("onde") for e in events)


def _onde_read(read):
    """``read``, when the placement took the first card faced, as the question says it did; else no verdict (the
    position would not hold the card taken the question tells of)."""
    def onde_read(events: list[dict]):
        taken = any(e.get("kind") == "captured" and e["data"].get("square") == _FIRST_FACED for e in events)
        return read(events) if taken else None
    return onde_read


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
