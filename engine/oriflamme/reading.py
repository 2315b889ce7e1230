"""What an Oriflamme question says about the line: its cards, their owners and states, and where they sit.

:func:`read_table` reads a question frame (``service/grounding/frame.py``, read
by attribute: ``text``, ``entities``, ``cards``) into a :class:`Table`:

- **cards**: each card named (``Reine``, ``my Cutthroat``) or described
  (``Hugo's face-down card``, ``la pile d'Hugo``), once: a card named again is
  the same card, and a described card later named ("it turns out to be his
  Felon", "c'était un félon") is that card. A name somebody only claims
  ("elle jure que c'est sa reine") names nothing.
- **owner** of each card: ``self`` (``ma``, ``my``), a player's name
  (``la reine d'Hugo``, ``Hugo's``, ``sa reine`` after ``Marc``), ``other``
  (``adverse``) or None.
- **state**: revealed or face down (None when unsaid), covered, the points on
  it, set aside, and a pile (a card said to be a stack, or the card under one).
- **relations**: adjacency (``à côté de``, ``next to``, ``entre A et B``,
  ``between``, a line listed in order), a card's sides (``à sa gauche … à sa
  droite``, ``d'un côté … de l'autre``, ``on one side … on the other side``,
  ``flanked by``: the lexicon's ``terms``), ``far`` (``plus loin``,
  ``elsewhere``) and ``end`` (``seul voisin``, ``at one end``).

Nothing here knows the rules: :mod:`engine.oriflamme.frames` turns a table into
a position. Text is read folded (accents and case) with offsets kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from language import first_person, fold_same_length

__all__ = ["SIDE_TERMS", "TERMS", "Card", "Table", "read_table"]

SIDE_TERMS = frozenset({"side", "other_side", "flanked"})
"""The lexicon ``terms`` (corpus/oriflamme/lexicon.yaml) that tell a card's neighbours as its sides."""
TERMS = SIDE_TERMS | {"bribed"}
"""Every lexicon ``term`` this reader reads (``bribed``: a corruption told by its verb)."""

GLOSSARY_NAMES = {
    "prince": "Prince", "jumeau": "Jumeau", "reine": "Reine", "coupe_jarret": "Coupe-jarret",
    "apothicaire": "Apothicaire", "felon": "Félon", "intrigante": "Intrigante", "usurpation": "Usurpation",
    "machination": "Machination", "guet_apens": "Guet-apens", "corruption": "Corruption",
}
SELF, OTHER = "self", "other"

_CLAUSE = re.compile(r"[.;!?\n]+|:\s|,\s+(?:and|et|mais|but)\s|\s(?:mais|but)\s")
_STATE_OF_IT = re.compile(r"\s*(?:,\s*)?(?:qui est|qui etait|that is|that's|which is|already|deja|deja|est|is)?\s*(?:deja\s+|already\s+)?(?:revele|revealed|face)")
"""A card's own state said right after it ("ma propre carte qui est déjà révélée"): a card described on the table."""
_FACE_DOWN = re.compile(r"\bface[ -]?(?:cachee|down)\b|\bcachee?s?\b|\bhidden\b|\bunrevealed\b|\bnon revelee?s?\b|\bpas (?:encore )?revelee?\b")
_REVEALED = re.compile(r"\b(?:revele|revelee|reveles|revelees|revealed|face visible|face[ -]up)\b")
_COVERED = re.compile(r"\b(?:recouverte?s?|covered|underneath|en dessous|dessous)\b"
                      r"|\bsous (?:sa|son|une|un|la|le|ma|mon|his|her|une autre|l['’ ]une)\b|\bunder (?:a|an|another|the|his|her|my|their)\b"
                      r"|\b(?:sous|under|beneath)\s*$")
_NOT_COVERED = re.compile(r"\b(?:non|pas|jamais|ni|not|never|uncovered)\s+(?:ete\s+|been\s+)?(?:recouverte?s?|covered)\b|\buncovered\b"
                          r"|\b(?:nobody|no one|personne n['’ ]a)\s+(?:has\s+)?(?:ever\s+|jamais\s+)?(?:covered|recouverte?)\b"
                          r"|\b(?:nothing|no card|rien|aucune carte)\s+(?:is\s+|n['’ ]est\s+)?(?:on top of (?:it|her|him)|par[- ]dessus|dessus)\b")
_ON_TOP = re.compile(r"\b(?:on top|au[- ]dessus|dessus de la pile|sur le dessus)\b")
_POINTS = re.compile(
    r"\b(\d+|un|une|deux|trois|quatre|cinq|six|one|two|three|four|five|six)\s+(?:points?\s+)?(?:d['’ ]?influence|influence|points?|pts?)"
    r"(?:\s+(?:points?))?\s*(?:dessus|sur elle|sur lui|on it|on top|posee?s? dessus)"
    r"|\b(?:avec|with|porte|portent|carries|bears)\s+(\d+|un|une|deux|trois|quatre|cinq|one|two|three|four|five)\s+(?:points?|influence|pts?)"
    r"|\b(?:sur laquelle|sur lequel|on which|onto which)\s+(?:[\w'’]+\s+){0,4}?"
    r"(\d+|un|une|deux|trois|quatre|cinq|one|two|three|four|five)\s+(?:points?\s+)?(?:d['’ ]?influence|influence|points?|pts?)"
)
"""The points on a card: said after it ("2 points dessus", "with 2 influence"), or in a relative clause of it ("sur
laquelle j'avais mis 2 points", "on which I had put two points"): placed there while it was face down (Phase de
résolution)."""
_PER_TURN = re.compile(r"\s*,?\s*(?:a chaque (?:fois|tour|manche)|chaque (?:fois|tour)|each (?:time|round|turn)|every (?:time|round|turn)"
                       r"|par tour|per (?:round|turn)|a round|a turn)\b")
_TURN_COUNT = re.compile(r"\b(\d|deux|trois|quatre|cinq|two|three|four|five)\s+(?:tours|manches|rounds|turns)\b")
"""Points said per turn ("j'ai mis un point dessus à chaque fois", "one point on it every round") over the one count
of turns the question gives ("restée 3 tours")."""
_NO_POINTS = re.compile(r"\b(?:aucun point|pas de points?|sans points?|no (?:points?|influence)|nothing on (?:it|his cards?))\b")
_SET_ASIDE = re.compile(r"(?:\becart\w*|\bset[ -]aside\b|\bmis(?:e|es)? de cote\b)"
                        r"(?:\s+(?:au debut(?: de (?:la )?partie)?|en debut de partie|a la mise en place|des le debut"
                        r"|at (?:the )?(?:start|setup|set-up|beginning)(?: of the game)?|during (?:the )?set[ -]?up)\b)?")
"""A card set aside, and when ("écartée au début", "set aside at setup": the set-up's, not a place in the line)."""
_NEGATED = re.compile(r"\b(?:no|nobody has any(?: other)?|any other|aucune?(?: autre)?|pas d['’ ]autre|personne n['’ ]a|sans)\s+(?:[\w'’]+\s+){0,2}$")
_NUMBERS = {"un": 1, "une": 1, "one": 1, "deux": 2, "two": 2, "trois": 3, "three": 3, "quatre": 4, "four": 4,
            "cinq": 5, "five": 5, "six": 6}
_IDENTITY = re.compile(r"\b(?:c['’ ]?etait|c['’ ]?est en fait|en fait|turns? out to be|turned out to be|is actually|which is actually|qui est en fait|en realite)\b")
_IDENTITY_BEFORE = re.compile(
    r"\b(?:it|this|which|that|elle|ce|c)['’ ]?\s*(?:was|is|etait|est)\s+(?:actually\s+|really\s+|en fait\s+|bien\s+)?"
    r"(?:his|her|their|my|a|an|the|sa|son|ma|mon|un|une|le|la)?\s*$"
)
"""Right before the name: "I eliminate it: it was his Felon", "c'était son félon"."""
_CLAIM = re.compile(r"\b(?:jure|jurent|pretend|affirme|pense|croit|sure? que|suis sure?|claims?|swears?|says?|thinks?|believes?|i'm sure|sure it)\b")
_DESCRIBED = re.compile(r"\b(?:cartes?|cards?)\b")
_PILE = re.compile(r"\b(?:pile|piles|stack|stacks)\b(?!\s+(?:entre|a|au|sur|dessus|devant|derriere|en face|au milieu|quand|a cote))")
"""A stack of cards; "pile entre", "pile à côté" (exactly between, right beside) say where, not a stack."""
_TWO_BESIDE = re.compile(r"\b(?:entre|between)\s+(?:les\s+|the\s+)?(?:[\w-]+['’]s\s+)?(?:deux|2|two)\s+(?:of\s+|de\s+|d['’]\s*)?"
                         r"(?:[\w-]+(?:['’]s)?\s+)?(?:own\s+|propres\s+)?$")
_ADJACENT = re.compile(
    r"\b(?:(?:juste|tout|right|just|directly|immediately|directement|immediatement)\s+)?"
    r"(?:a cote(?: d[eu'])?|colle(?:e|s|es)? (?:a|au|contre)|contre|adjacente?s? (?:a|au)|voisine? d[eu']?"
    r"|touche|touchent|next to|beside|adjacent to|touching|touches|neighbou?r(?:s|ing)? (?:of|to)?|alongside"
    r"|(?:on|of) the other side of|de l['’ ]autre cote d[eu'’])\b"
    r"|\b(?:juste|right|just|immediately|directly|directement|immediatement) (?:apres|avant|after|before)\b"
)
"""Neighbours, said outright (with or without an intensifier: "right beside", "tout contre") or as the next card in
the line's order ("right after my Queen", "juste avant")."""
_ADJACENT_AFTER = re.compile(r"\b(?:juste a cote|a cote|right next to it|next to it|just beside|right beside it|beside it|juste a sa gauche|juste a sa droite|collee?)\s*$")
_APPOSED_BESIDE = re.compile(r"[^,.;:?!]{0,20},\s*((?:juste |just |right )?(?:a cote|next to it|beside it|a cote d['’ ]elle|a cote de lui"
                             r"|right beside|juste a cote d['’ ]elle|juste a cote de lui))\s*,")
"""Beside said between commas right after a card ("Le Coupe-jarret de Léa, juste à côté, l'élimine", "Tom's Cutthroat,
right next to it, eliminates it"): that card sits beside the card spoken of before it."""
_BESIDE_IT = re.compile(r"\b(?:right next to|next to|beside|a cote d['’ ]?|juste a cote d['’ ]?|adjacent to|colle a)\s*(?:it|lui|elle)\b")
_SUBJECT_FIRST = re.compile(r"\s*(?:(?:my|mon|ma|son|sa|his|her|[a-z]+['’]s)\s+|[a-z]+\s+(?:has|a)\s+(?:her|his|their|sa|son)\s+)")
_DETERMINER = re.compile(r"\b(?:la|le|les|l['’]|une?|sa|son|ses|ma|mon|mes|du|des|the|an?|his|her|my|their|[a-z]+['’]s)(?=\s|['’])")
_PRONOUN_SUBJECT = re.compile(r"\s*(?:elle|il|it|she|he|this card|cette carte)\s+(?:est|is|sits|se trouve|lies|touche|touches|a|has)\b")
_BETWEEN = re.compile(r"\b(?:entre|between)\b")
_ONLY_NEIGHBOUR = re.compile(r"\b(?:seule? voisine?|seul voisin|un seul voisin|une seule voisine|only (?:one )?neighbou?r|sole neighbou?r|only adjacent card)\b")
_GONE = re.compile(
    r"\b(?:(?:was|has been|had been|is|a ete|est|etait|avait ete|deja) (?:eliminated|discarded|eliminee?|defaussee?)"
    r"|in front of (?:me|him|her|them|its owner)|devant (?:moi|lui|elle|son proprietaire)|dans (?:ma|sa) defausse|in (?:my|his|her) discard)\b"
)
_PILE_SIZE = re.compile(
    r"\s*(?:\(|,|:)?\s*(?:(?:de|of|with)\s+)?(?:\d+|deux|trois|quatre|two|three|four)\s+(?:cartes?|cards?)"
    r"(?:\s+(?:l['’ ]une sur l['’ ]autre|on top of (?:each other|one another)|stacked|empilees))?"
)
_IN_HAND = re.compile(r"\b(?:(?:encore |toujours )?(?:dans (?:ma|sa|ta|la) main|en main)|(?:still )?in (?:my|his|her|the) hand|in hand)\b")
_AT_END = re.compile(r"\b(?:(?:a|at) (?:une|l['’ ]une des|one|the) (?:very )?(?:extremites?|bouts?|ends?)|(?:tout )?(?:au|en) (?:bout|debut|fin|tete) de (?:la )?file"
                     r"|a la (?:toute )?fin de la file|at (?:the )?(?:very |far )?(?:start|end|beginning) of the (?:line|queue))\b")
_FAR = re.compile(
    r"\b(?:(?:\d+|deux|trois|quatre|cinq|two|three|four|five) (?:cartes?|cards?) (?:plus loin|further|farther|more far|away)"
    r"|plus loin|ailleurs|autre part|loin de|au loin|far away|far off|elsewhere|further|farther|more far|far from|away from|down the line|pas a cote|not next to|not adjacent)\b"
)
_LIST = re.compile(r"\((\d)\)|\bthen\b|\bpuis\b|\bensuite\b")
_LINE_HEAD = re.compile(r"\b(?:the line is|line is|la file est|la file|ordre de resolution|resolution order|in order"
                        r"|(?:the |our |influence )?(?:line|queue)(?=[^.?!:]{0,30}:)|file d['’ ]influence)\b")
_POSSESSIVE_SELF = re.compile(r"\b(?:ma|mon|mes|my|mine|ma propre|mon propre|my own)\s*$")
_THIRD = re.compile(r"\b(?:sa|son|ses|his|her|their|sa propre|son propre|his own|her own)\s*$")
_MEANS = re.compile(r"\b(?:avec|with|using|grace a)\s+(?:son|sa|ses|his|her|their)\s+$")
"""A card said as the means of the sentence's action ("avec son usurpation", "with her Apothecary"): its owner is the
sentence's subject when a player opens it, not the player named last."""
_OWNER_AFTER = re.compile(r"^\s*(?:(?:de|of)\s+(?:\d|deux|trois|quatre|cinq|two|three|four|five)\s+(?:cartes|cards)\s+)?"
                          r"(?:de |d['’]\s*|du joueur |of |belonging to )([a-z]+)")
""""la Reine de Tom", "une pile de deux cartes de Hugo", "a stack of two cards of Lea's": the player named after."""
_OPPONENT = re.compile(r"\b(?:adverses?|adversaire|opponent['’]?s?|enemy)\b")


@dataclass
class Card:
    """One card the question puts on the table (``kind`` None: described, not named)."""

    kind: str | None
    owner: str | None
    start: int
    end: int
    said: str
    revealed: bool | None = None
    covered: bool = False
    points: int | None = None
    set_aside: bool = False
    in_hand: bool = False
    gone: bool = False
    """Discarded or eliminated earlier: face up in front of its owner."""
    pile: bool = False
    on_top: bool = False
    mentions: list[int] = field(default_factory=list)
    ends: dict[int, int] = field(default_factory=dict)
    """Where each mention ends, by its start."""
    corrupted_by: str | None = None
    counted: bool = False
    """One of the cards a count describes in one phrase ("entre deux cartes d'Hugo"): never merged with another."""
    implied: bool = False
    """Not told: a card a stated event needs (the Apothicaire's target beside another card of its family)."""


@dataclass
class Table:
    """The cards of a question, who owns them, and what the question says about where they sit."""

    cards: list[Card]
    adjacent: list[tuple[int, int]] = field(default_factory=list)
    between: list[tuple[int, int, int]] = field(default_factory=list)
    far: set[int] = field(default_factory=set)
    at_end: set[int] = field(default_factory=set)
    chain: bool = False
    listed: bool = False
    """The line told as a list ("La file : A, B, C"): the whole line, its first and last cards at its ends."""
    names: tuple[str, ...] = ()
    used: list[tuple[int, int]] = field(default_factory=list)
    """Spans of the folded text this reading turned into a fact (for the trace of what it ignored)."""
    eliminated_by: tuple[int, int] | None = None
    """A card said to be eliminated by another, told in the passive: (eliminated, eliminator)."""
    eliminated_span: tuple[int, int] | None = None


def read_table(frame: Any) -> Table | None:
    """The table a frame's question describes, or None when a card cannot be told apart (two unnamed piles)."""
    text = fold_same_length(frame.text)
    if any(_PER_TURN.match(text, said.end()) for said in _POINTS.finditer(text)) and len(list(_TURN_COUNT.finditer(text))) != 1:
        return None  # "un point dessus à chaque fois" over turns not counted once: how many points lie there is unsaid
    terms = [(e.start, e.end) for e in getattr(frame, "entities", ()) if e.kind in _NAMED_THINGS]
    names = tuple(dict.fromkeys([*frame.players, *_more_names(frame.text, terms)]))
    folded_names = {fold_same_length(name): name for name in names}
    skipped: list[tuple[int, int]] = []
    cards = _named_cards(frame, text, folded_names, skipped) + _described_cards(frame, text, folded_names)
    cards.sort(key=lambda card: card.start)
    cards = _merge(cards, text, skipped)
    clauses = _clauses(text)
    used = skipped + [(start, card.ends.get(start, start + 1)) for card in cards for start in card.mentions]
    for card in cards:
        _read_state(card, text, cards, clauses, used)
    _read_detached_states(cards, text, clauses, used)
    _read_covers(cards, text, used)
    cards = _piles_named_again(cards, text)
    if not _read_corruption(cards, text, folded_names, used):
        return None
    cards = _read_bribed(cards, text, folded_names, [t for t in getattr(frame, "terms", ()) if t.term == "bribed"], used)
    if cards is None:
        return None
    table = Table(cards, names=names, used=used)
    _read_relations(table, text, clauses, [(w.start, w.start + len(w.said)) for w in getattr(frame, "asking_words", ())
                                           if w.term == "line_head"])
    _read_relative_sides(table, text, clauses)
    _read_sides(table, text, [t for t in getattr(frame, "terms", ()) if t.term in SIDE_TERMS], clauses)
    _read_eliminated_by(table, text)
    return table


_SIDE_ENDS_PHRASE = re.compile(r"\s*(?:[;.?!:]|,?\s*(?:and|et|but|mais)\b|$)")
"""Side words that end their phrase ("Tom's Queen on its left and my Prince on its right") follow the card they place;
others ("à sa gauche mon Prince", "on one side is Ana's Queen", "à sa gauche, la reine") come before it. When that
reading places no card at a side, the other is tried ("la reine de Tom à sa gauche, mon prince à sa droite")."""


def _cards_at_sides(sides: list, mentions: list, clauses, before: bool) -> list[tuple[int, int]] | None:
    """The card said at each side: ``(mention, card)`` right before the side's words (``before``) or right after
    them, in their clause and not past another side's words; None when a side has no card or two sides share one."""
    placed: list[tuple[int, int]] = []
    for index, term in enumerate(sides):
        clause = _clause_of(term.start, clauses)
        stop = min([clause[1]] + [t.start for t in sides[index + 1:]])
        start = max([clause[0]] + [t.start + len(t.said) for t in sides[:index]])
        near = ([(m, i) for m, i in mentions if start <= m < term.start][-1:] if before
                else [(m, i) for m, i in mentions if term.start + len(term.said) <= m < stop][:1])
        if not near or near[0][1] in [i for _, i in placed]:
            return None
        placed.append(near[0])
    return placed


def _read_sides(table: Table, text: str, said: list, clauses) -> None:
    """A card's neighbours told as its sides: "mon Félon, avec à sa gauche mon Prince et à sa droite la Reine de
    Paul", "My Felon is revealed. On one side is Ana's Queen; on the other side is Ana's Prince", "Tom's Queen on its
    left and Tom's Prince on its right", "flanked by Tom's Queen and Ana's card". Each card said at a side (the card
    right after the words in their clause, or right before them when the words end their phrase) is beside the card
    named before them all;
    two sides told, it sits between them. Words another relation already read are left to it; more than two sides, or
    a side with no card, is left unread (the precision rule then refuses the question)."""
    said = [t for t in said if not any(s <= t.start < e for s, e in table.used)]
    sides = [t for i, t in enumerate(said) if t.term != "other_side" or any(o.term == "side" for o in said[:i])]
    if not sides:
        lone = [(t.start, t.start + len(t.said)) for t in said if t.term == "other_side"]
        if lone and all(start < min(e for _, e in lone) for start, _ in lone):  # one phrase, however many entries
            _read_other_side_of_neighbour(table, text, (min(s for s, _ in lone), max(e for _, e in lone)))
        return
    cards = table.cards
    mentions = sorted((m, i) for i, c in enumerate(cards) for m in c.mentions
                      if not (c.set_aside or c.in_hand or c.gone))
    flanked = [t for t in sides if t.term == "flanked"]
    if flanked:
        if len(sides) != 1:
            return
        after = [i for m, i in mentions if m >= flanked[0].start + len(flanked[0].said)]
        neighbours = list(dict.fromkeys(after))[:2]
        first = flanked[0].start
    else:
        if len(sides) > 2:
            return
        ends_phrase = bool(_SIDE_ENDS_PHRASE.match(text, sides[0].start + len(sides[0].said)))
        placed = _cards_at_sides(sides, mentions, clauses, before=ends_phrase) or _cards_at_sides(
            sides, mentions, clauses, before=not ends_phrase)
        if placed is None:
            return
        neighbours = [i for _, i in placed]
        first = min([sides[0].start] + [m for m, _ in placed])
    if len(neighbours) != (2 if flanked else len(sides)):
        return
    subjects = [i for m, i in mentions if m < first and i not in neighbours]
    if not subjects:
        return
    subject = subjects[-1]
    table.adjacent += [(subject, n) for n in neighbours]
    if len(neighbours) == 2:
        table.between.append((neighbours[0], subject, neighbours[1]))
    table.used += [(t.start, t.start + len(t.said)) for t in sides]
    table.adjacent = list(dict.fromkeys((min(a, b), max(a, b)) if -1 not in (a, b) else (a, b) for a, b in table.adjacent
                                        if a != b))


def _read_other_side_of_neighbour(table: Table, text: str, other_side: tuple[int, int]) -> None:
    """"Zoé's Felon is next to my Queen, and on the other side is my Prince", « à côté de ma Reine, et de l'autre côté
    il y a mon Prince »: the other side told after a plain neighbour is the other neighbour of the same card, which
    then sits between them. Read only when that neighbour was read beside it and one card is named after the words."""
    cards = table.cards
    mentions = sorted((m, i) for i, c in enumerate(cards) for m in c.mentions
                      if not (c.set_aside or c.in_hand or c.gone))
    beside = [m for m in _ADJACENT.finditer(text, 0, other_side[0]) if m.end() <= other_side[0]]
    if not beside:
        return
    near = beside[-1]
    subjects = [i for m, i in mentions if m < near.start()]
    neighbours = [i for m, i in mentions if near.end() <= m < other_side[0]]
    stop = re.search(r"[.;!?]", text[other_side[1]:])
    stop_at = other_side[1] + stop.start() if stop else len(text)
    later = list(dict.fromkeys(i for m, i in mentions if other_side[1] <= m < stop_at))  # in the same sentence
    if not subjects or len(set(neighbours)) != 1 or len(later) != 1:
        return
    subject, neighbour, other = subjects[-1], neighbours[0], later[0]
    if len({subject, neighbour, other}) != 3 or (min(subject, neighbour), max(subject, neighbour)) not in table.adjacent:
        return
    table.adjacent.append((min(subject, other), max(subject, other)))
    table.between.append((neighbour, subject, other))
    table.used.append(other_side)


_ELIMINATED_BY = re.compile(
    r"\b(?:(?:est|a ete|sera|se fait|is|was|gets|got|has been|will be|(?:vient|viennent|venait) d['’ ]\s*etre"
    r"|(?:has|have|had) just been|(?:was|is|got|gets) just|just got)\s+)(?:elimine|eliminee|eliminer|eliminated"
    r"|tue|tuee|killed|taken out)\s+(?:par|by)\b"
)


def _read_eliminated_by(table: Table, text: str) -> None:
    """"Mon guet-apens est éliminé par le coupe-jarret de Zoé", "my Ambush gets eliminated by Hugo's Cutthroat": the
    card named last before the verb in its sentence is eliminated now (not gone before) by the card named right after
    it. Read once: two such sentences are left unread."""
    said = list(_ELIMINATED_BY.finditer(text))
    if len(said) != 1:
        return
    match = said[0]
    sentence_start = max(text.rfind(".", 0, match.start()), text.rfind(";", 0, match.start()),
                         text.rfind("?", 0, match.start())) + 1
    cards = table.cards
    before = [i for i, c in enumerate(cards) if any(sentence_start <= m < match.start() for m in c.mentions)
              and not c.set_aside and not c.in_hand]
    after = sorted((m, i) for i, c in enumerate(cards) for m in c.mentions if match.end() <= m < match.end() + 40)
    if not before or not after or before[-1] == after[0][1]:
        return
    eliminated = max(before, key=lambda i: max(m for m in cards[i].mentions if m < match.start()))
    cards[eliminated].gone = False
    table.eliminated_by = (eliminated, after[0][1])
    table.eliminated_span = match.span()
    table.used.append(match.span())


_COVERED_BY = re.compile(r"^\s*(?:(?:revelee?|revealed|face[ -]cachee?|face[ -]down)\s+)?(?:is |est |sits |lies |se trouve )?"
                         r"(?:under|sous|beneath|underneath|recouverte? par|covered by)\s+"
                         r"(?:[\w'’-]+\s+){0,3}$")


def _read_detached_states(cards: list[Card], text: str, clauses, used: list) -> None:
    """A clause naming no card that says a state ("…, mais face cachée"): the last card named before it."""
    for start, end in clauses:
        if any(start <= m < end for card in cards for m in card.mentions):
            continue
        before = [(m, card) for card in cards for m in card.mentions if m < start]
        words = text[start:end]
        if not before or not re.match(r"\s*(?:mais|but|and|et|,)?\s*(?:still\s+|encore\s+|toujours\s+)?(?:face|cachee?|hidden|revel|reveal|recouv|covered)", words):
            continue
        card = max(before, key=lambda pair: pair[0])[1]
        for pattern, state in ((_FACE_DOWN, False), (_REVEALED, True)):
            said = pattern.search(words)
            if said and card.revealed in (None, state):
                card.revealed = state
                used.append((start + said.start(), start + said.end()))
                break
        covered = _COVERED.search(words)
        if covered and not _NOT_COVERED.search(words):
            card.covered = True
            used.append((start + covered.start(), start + covered.end()))


_ON_TOP_OF = re.compile(r"^\s*(?:(?:de|d['’]|of)\s*[\w'’-]+)?\s*,?\s*(?:(?:is|was|sits|lies|est|placed|put|laid|played|posee?|placee?|mise?|jouee?)\s+)?"
                        r"(?:on top of|on|onto|sur|au[- ]dessus de|par[- ]dessus"
                        r"|(?:which |that |qui )?(?:covering|covers|recouvrant|recouvre|couvrant|couvre))\s+(?:[\w'’-]+\s+){0,2}$")
"""The words between a card and the one it covers: "his queen (placed) on top of his twin", « sa reine posée sur »,
"my Queen covering my Felon", « ma Reine qui recouvre mon Félon »."""


def _read_covers(cards: list[Card], text: str, used: list) -> None:
    """"Hugo's Prince is under his Felon": the card named right after is the one on top of it."""
    mentions = sorted(((m, card) for card in cards for m in card.mentions), key=lambda pair: pair[0])
    for (start, card), (following, other) in zip(mentions, mentions[1:]):
        between = _mention_end(text, card, start)
        if card.covered and other is not card and _COVERED_BY.match(text[between:following]):
            other.on_top = True
            used.append((between, following))
        elif other is not card and _ON_TOP_OF.match(text[between:following]):
            card.on_top, other.covered = True, True
            if card.kind is None and card.owner is None:
                card.owner = other.owner  # a card is placed only on one of its owner's own cards (PILE DE CARTES)
            used.append((between, following))
    for (start, card), (following, other) in zip(mentions, mentions[1:]):
        before = _COVER_VERB.search(text, max(0, start - 40), start)
        if before and other is not card and card.owner == other.owner and not card.on_top and not other.covered \
                and _COVERED_WITH.fullmatch(text[_mention_end(text, card, start) : following]):
            card.covered, other.on_top = True, True  # "Léa a recouvert son prince avec sa reine": the second is on top
            used += [before.span(), (_mention_end(text, card, start), following)]
    for index, (start, card) in enumerate(mentions):
        end = _mention_end(text, card, start)
        on_it = _ON_IT.match(text, end)
        if on_it and index + 1 < len(mentions) and re.fullmatch(r"\s*(?:[\w'’-]+\s+)?", text[on_it.end():mentions[index + 1][0]]):
            on_it = None  # "on top of her own Apothecary": "her" is the next card's owner, not a pronoun
        placed = _PLACED_BEFORE.search(text, max(0, start - 40), start)
        earlier = [other for _, other in mentions[:index] if other is not card]
        if on_it and placed and earlier and not card.covered and not earlier[-1].on_top:
            card.on_top, earlier[-1].covered = True, True  # "Hugo a posé son apothicaire dessus", "put … on top of it"
            used.append((placed.start(), on_it.end()))


_COVER_VERB = re.compile(r"\b(?:a|avait|ai|as|has|had|have)?\s*(?:recouvert|couvert|covered)\s+(?:[\w'’-]+\s+){0,1}$")
_COVERED_WITH = re.compile(r"\s*(?:avec|par|with|using)\s+(?:son|sa|mon|ma|ton|ta|his|her|my|their|your|le|la|the)?\s*")
"""A pile told by its owner's act ("Léa a recouvert son prince avec sa reine", "Tom covered his Queen with his Felon"):
the card named after "avec"/"with" is on top of the first (of one owner only: PILE DE CARTES)."""
_ON_IT = re.compile(r"\s*(?:on top of (?:it|her|him)|on it|onto it|par[- ]dessus|dessus|sur (?:elle|lui))\b")
_PLACED_BEFORE = re.compile(r"\b(?:pose|posee|a pose|mis|mise|met|place|placee|put|placed|laid|played|joue|jouee)\s+(?:[\w'’-]+\s+){0,4}$")
"""A card placed on the card named before it: "Hugo a posé son apothicaire dessus", "he put another of his cards on
top of it"."""


_TOKEN_ON = re.compile(r"\b(?:token|jeton)(?:\s+[\w'’-]+){0,3}?\s+(?:on|onto|sur)\s+")


def _read_corruption(cards: list[Card], text: str, names: dict[str, str], used: list) -> bool:
    """"Léa put her Bribery token on Hugo's Queen": that card is now of the family of the token's owner (the
    Corruption played, when the question names it, is gone from the line). False when a token is placed on a card
    this cannot tell, or by a player it cannot tell."""
    for match in _TOKEN_ON.finditer(text):
        if _is_asked(text, match.start()):
            continue  # the token asked about: not placed yet
        target = next((c for c in cards if any(match.end() <= m <= match.end() + 30 for m in c.mentions)), None)
        corruption = [c for c in cards if c.kind == "Corruption" and c.start < match.start()]
        said = re.search(r"\b(?:bribery|corruption)\s+$", text[: match.start()])  # "her Bribery token"
        start = said.start() if said else match.start()
        owner = corruption[-1].owner if corruption else _owner_from_words(text, start, match.end(), names)
        if target is None or owner is None:
            return False
        target.corrupted_by = owner
        used.append((start, match.end()))
        if corruption:
            corruption[-1].set_aside = True  # discarded after use: not in the line
    return True


_BRIBED_BY = re.compile(r"\s*(?:by|par)\s+([a-z]+)\b")
_NAMED_AGAIN = re.compile(r"\b(?:la|le|les|sa|son|ses|the|his|her|their|cette|ce|this|that)\s+$")
"""Right before the verb: "the bribed Queen", "la … corrompue" name a corrupted card again (its corruption told elsewhere)."""
_FIRST_PERSON = first_person()


def _read_bribed(cards: list[Card], text: str, names: dict[str, str], said: list, used: list) -> list[Card] | None:
    """A corruption told by its verb (``bribed`` of the lexicon's terms): "Ana's Queen, which I bribed", "Nina a
    corrompu la reine de Paul", "le félon de Léa que j'avais corrompu", "Tom's Queen, bribed by Ana": the card named
    right after the verb in its clause (else right before it) is now of the family of the player said last before
    the verb ("par"/"by" after it). English "bribed" read as the Corruption card is the verb, no card. None when a
    corruption is told that this cannot read (whose, or which card): no position rests on a guess."""
    for term in said:
        start, end = term.start, term.start + len(term.said)
        if _is_asked(text, start):
            continue  # "can I bribe…?": asked, not told
        cards = [c for c in cards if not (c.kind == "Corruption" and any(start <= m < end for m in c.mentions))]
        clause = _clause_of(start, _clauses(text))
        mentions = sorted((m, c) for c in cards for m in c.mentions if c.kind != "Corruption"
                          and clause[0] <= m < clause[1])
        after = [c for m, c in mentions if end <= m <= end + 35]
        before = [c for m, c in mentions if m < start]
        target = after[0] if after else before[-1] if before else None
        if target is None:
            return None
        if _NAMED_AGAIN.search(text, max(0, start - 12), start) or not after and text[target.end:start].strip() == "":
            if target.corrupted_by is None:
                return None  # "the bribed Queen" with its corruption told nowhere
            used.append((start, end))
            continue
        by = _BRIBED_BY.match(text, end)
        if by:
            corrupter = SELF if by.group(1) in ("me", "moi") else names.get(by.group(1))
            used.append((by.start(), by.end()))
        else:
            subject_start = max([clause[0]] + [m + len(c.said) for m, c in mentions if m < start and c is target])
            subject = text[subject_start:start]  # "Ana's Queen, which I bribed": after the target, "I"
            said_before = [(m.start(), names[n]) for n in names for m in re.finditer(rf"\b{re.escape(n)}\b", subject)]
            said_before += [(m.start(), SELF) for m in _FIRST_PERSON.finditer(subject)]
            corrupter = max(said_before)[1] if said_before else None
            if said_before:
                at = max(said_before)[0] + subject_start
                used.append((at, at + 1))
        if corrupter is None:
            return None
        target.corrupted_by = corrupter
        used.append((start, end))
    return cards


def _is_asked(text: str, position: int) -> bool:
    """Whether ``position`` is in the question's own sentence (the token is asked about, not already placed)."""
    return "?" in text[position:] and not re.search(r"[.!;]", text[position : text.find("?", position)])


_NAME_AFTER = re.compile(r"(?:\b(?:de|à|a|avec|and|et|pour|than|que)\s+|\bd['’]|,\s*)([A-ZÀ-Ý][a-zà-ÿ]+)\b")
_NAME_OWNS = re.compile(r"\b([A-ZÀ-Ý][a-zà-ÿ]+)['’]s\b|\b([A-ZÀ-Ý][a-zà-ÿ]+)\s+(?:a|has|eliminates|élimine|reveals|révèle|vient|resolves|plays|joue|pose)\b")
_NOT_NAMES = frozenset({
    "je", "il", "elle", "on", "mon", "ma", "mes", "the", "my", "his", "her", "last", "this", "round", "tour", "if", "si",
    "and", "et", "mais", "but", "who", "qui", "what", "que", "est", "can", "does", "is", "nobody", "personne", "situation",
    "rules", "question", "fin", "end", "resolution", "queen", "twin", "prince", "felon", "cutthroat", "apothecary", "schemer",
    "usurpation", "machination", "ambush", "bribery", "reine", "jumeau", "intrigante", "corruption", "oriflamme", "hier",
    "ben", "after", "apres", "how", "combien", "when", "quand", "then", "puis", "plus", "line", "file", "avec",
    "it", "that", "there", "here", "she", "he", "let", "where", "which", "everyone", "everybody", "one", "today",
})


_NAMED_THINGS = ("card", "token", "component")
"""Glossary kinds of the things a capitalised word may name instead of a player ("Traitor", "Bribery token")."""


def _more_names(text: str, terms: list[tuple[int, int]] | tuple = ()) -> list[str]:
    """Players named where the frame's parser may not see them: "de Hugo", "Hugo's", "Hugo a"; never a word the
    glossary reads as a term (``terms``: its entities' spans), whatever alias it is said by ("her Traitor resolves")."""
    found = []
    for match in list(_NAME_AFTER.finditer(text)) + list(_NAME_OWNS.finditer(text)):
        group = next(index for index, said in enumerate(match.groups(), 1) if said)
        start = match.start(group)
        if fold_same_length(match.group(group)) not in _NOT_NAMES and not any(s <= start < e for s, e in terms):
            found.append(match.group(group))
    return found


def _named_cards(frame, text: str, names: dict[str, str], skipped: list) -> list[Card]:
    owners = {card.start: card.owner for card in frame.cards}
    action = getattr(frame, "action", None)
    if action is not None and action.card is not None:
        owners[action.card.start] = action.card.owner
    found = []
    for entity in frame.entities:
        if entity.kind != "card" or entity.value not in GLOSSARY_NAMES:
            continue
        denied = _NEGATED.search(text[max(0, entity.start - 40) : entity.start])
        if denied:
            said = _DENIED_WHERE.match(text, entity.end)  # "pas d'autre guet-apens révélé nulle part": all one absence
            skipped.append((max(0, entity.start - 40) + denied.start(), said.end()))
            continue  # "nobody has any other revealed Felon": no card (read: that sentence states an absence)
        owner = _owner(text, entity.start, entity.end, names, owners.get(entity.start))
        found.append(Card(GLOSSARY_NAMES[entity.value], owner, entity.start, entity.end,
                          frame.text[entity.start:entity.end], mentions=[entity.start], ends={entity.start: entity.end}))
    return found


_DENIED_WHERE = re.compile(r"(?:\s+(?:revelee?s?|revealed|face[ -]?(?:visible|cachee?s?|up|down)|nulle part|anywhere|ailleurs|elsewhere"
                           r"|dans la file|in the line|in the queue))*")
"""The state and place words of a card said absent: part of the absence."""


def _described_cards(frame, text: str, names: dict[str, str]) -> list[Card]:
    """"Hugo's face-down card", "une carte cachée de Hugo", "la pile d'Hugo": cards the question does not name."""
    named_spans = [(e.start, e.end) for e in frame.entities if e.kind == "card"]
    found = []
    for match in list(_DESCRIBED.finditer(text)) + list(_PILE.finditer(text)):
        start, end = match.span()
        if any(s <= start < e for s, e in named_spans):
            continue
        window = text[max(0, start - 25) : min(len(text), end + 25)]
        is_pile = bool(_PILE.fullmatch(match.group()))
        if _NEGATED.search(text[max(0, start - 40) : start]):
            continue  # "aucune pile à côté": no card
        stated = _FACE_DOWN.search(window) or (_REVEALED.search(text, end, end + 30) and _STATE_OF_IT.match(text, end))
        one_of = _ONE_OF.search(text[max(0, start - 40) : start])
        owner = _owner(text, start, end, names, None)
        again = owner is not None and any(c.owner == owner and not c.pile and not c.counted for c in found)
        on = _PLACED_ON_NAMED.match(text, end)
        placed_on = on and _PLACED_BEFORE.search(text, max(0, start - 40), start) and any(
            on.end() <= s <= on.end() + 25 for s, _ in named_spans)  # on a card the question names
        apposed = _APPOSED.match(text, end)
        named_next = apposed is not None and any(end < s <= apposed.end() for s, _ in named_spans)
        two_beside = not is_pile and owner not in (None, OTHER) and not named_next \
            and bool(_TWO_BESIDE.search(text[max(0, start - 30) : start]))  # "…, my Queen and my Prince": those two
        if not is_pile and not stated and not one_of and not again and not placed_on and not two_beside \
                and owner in (None, SELF, OTHER):
            continue  # "3 cartes de sa famille", "a card", "ma carte": not a card described on the table
            # (unless that player's card was described before: "Ma carte est face cachée … il élimine ma carte")
        before = text[max(0, start - 30) : start]
        owner = _owner(text, start, end, names, None)
        if two_beside:
            # "entre deux cartes d'Hugo", "between Hugo's two cards": one card on each side
            found += [Card(None, owner, at, at + 1, frame.text[start:end], mentions=[at], ends={at: at + 1}, counted=True)
                      for at in (start, start + 1)]
            continue
        if re.search(r"\d+\s+(?:[\w-]+\s+){0,2}$|\b(?:plusieurs|several|deux|trois|quatre|two|three|four|both|les deux)\s+(?:[\w-]+\s+){0,2}$", before):
            continue  # a count of cards, not one card
        found.append(Card(None, owner, start, end, frame.text[start:end], pile=is_pile, mentions=[start], ends={start: end}))
    return found


_APPOSED = re.compile(r"\s*[,:(]\s*(?:(?:[\w-]+['’]s|[\w-]+)\s+){0,2}")
"""The words after a described card that lead to the cards it names again ("two of my own cards, my Queen and …")."""
_PLACED_ON_NAMED = re.compile(r"\s+(?:on top of|onto|sur|par[- ]dessus)\s+")
""""Tom put a new card on top of his Cutthroat", "Léa a posé une carte sur sa reine": a card placed on another, which
it covers (read by :func:`_read_covers`; its owner is the covered card's: one places a card on one's own card only)."""


_ONE_OF = re.compile(r"\b(?:une|one|une autre|another|l['’ ]une|l['’ ]autre)\s+(?:de|d['’]|of)\s*(?:mes|my|ses|his|her|their|leurs)"
                     r"\s+(?:propres\s+|own\s+)?$")
"""One card of a player's ("entre une de mes cartes et …", "another of my cards"): a card on the table, its owner said."""


def _owner(text: str, start: int, end: int, names: dict[str, str], parsed: str | None) -> str | None:
    found = _owner_from_words(text, start, end, names)
    return found if found is not None else parsed


def _owner_from_words(text: str, start: int, end: int, names: dict[str, str]) -> str | None:
    before = text[max(0, start - 40) : start]
    stripped = re.sub(r"\b(?:revealed|face-down|face down|hidden|own|alone|big|other|seule?|propre|single|lone|plain|unstacked)\s+$",
                      "", before)
    stripped = re.sub(r"\b(?:revealed|face-down|face down|hidden|own|alone|big)\s+$", "", stripped)
    described = {folded: name for folded, name in names.items() if " " in folded}
    owner = _named_before(stripped, described)  # "my left neighbour's Queen": the "my" is the description's
    if owner is not None:
        return owner
    if _POSSESSIVE_SELF.search(stripped):
        return SELF
    owner = _named_before(stripped, names)
    if owner is not None:
        return owner
    after = text[end : end + 40]
    after = re.sub(r"^\s*(?:face cachee?s?|cachee?s?|revelee?s?|face visible|non recouverte?s?|simples?|seules?|isolees?"
                   r"|non empilees?)\s*", " ", after)  # a card's state or "simple" (not a pile): not its owner
    for folded, name in described.items():  # "la carte face cachée de mon voisin de gauche"
        if re.match(rf"\s*(?:de |d['’]\s*|of |belonging to ){re.escape(folded)}\b", after):
            return name
    match = _OWNER_AFTER.match(after)
    if match and match.group(1) in names:
        return names[match.group(1)]
    if _MEANS.search(stripped):  # "Léa élimine le prince de Tom avec son usurpation": the means is the subject's
        sentence_start = max(text.rfind(".", 0, start), text.rfind(";", 0, start), text.rfind(":", 0, start),
                             text.rfind("?", 0, start)) + 1
        subject = re.match(r"\s*(?:(?:et|and|puis|then|alors|so)\s+)?([a-z]+)\b", text[sentence_start:start])
        if subject and subject.group(1) in names:
            return names[subject.group(1)]
    if _THIRD.search(stripped):
        subjects = [(m.start(), name) for folded, name in names.items() for m in re.finditer(rf"\b{re.escape(folded)}\b", text[:start])]
        if subjects:
            return max(subjects)[1]
    if _OPPONENT.search(text[max(0, start - 20) : end + 15]):
        return OTHER
    sentence_start = max(text.rfind(".", 0, start), text.rfind(";", 0, start), text.rfind(":", 0, start)) + 1
    subject = text[sentence_start:start]
    if re.search(r"\b(?:j['’ ]\s*ai|i have|i've got|i also have|j['’ ]ai moi aussi|j['’ ]ai aussi)\s+(?:[\w-]+\s+){0,3}$", subject):
        return SELF
    for folded, name in names.items():
        if re.search(rf"\b{re.escape(folded)}\s+(?:a|has|also has|a aussi|possede|owns|a laisse|left|played|a joue|a pose)\s+(?:[\w-]+\s+){{0,3}}$", subject):
            return name
    return None


def _named_before(stripped: str, names: dict[str, str]) -> str | None:
    """The player whose card follows: "Hugo's face-down card", "Hugo face-down" (not "Hugo has a card")."""
    for folded, name in names.items():
        if re.search(rf"\b{re.escape(folded)}(?:['’]s)?\s+(?:\w+\s+){{0,2}}$", stripped) and not re.search(
                rf"\b{re.escape(folded)}\s+(?:a|has|have|pose|posed|placed|eliminates?|elimine)\b", stripped[-40:]):
            if re.search(rf"\b{re.escape(folded)}(?:['’]s)\s+(?:\w+\s+){{0,2}}$", stripped) or re.search(
                    rf"\b{re.escape(folded)}\s+(?:face-down|face down|hidden|revealed)?\s*$", stripped):
                return name
    return None


def _last_end(card: Card, before: int) -> int:
    """Where the card's last mention before ``before`` ends ("… élimine ma carte (c'était mon félon)": the identity
    follows that mention, not the first)."""
    return max([card.ends.get(m, m + 1) for m in card.mentions if m < before] or [card.end])


def _merge(cards: list[Card], text: str, skipped: list) -> list[Card]:
    """One card per card: a card named again, and a described card whose identity is then told."""
    merged: list[Card] = []
    for card in cards:
        between = lambda other: text[_last_end(other, card.start) : card.start]  # noqa: E731
        if card.kind is not None:
            described = next((c for c in reversed(merged) if c.kind is None and not c.pile
                              and (_IDENTITY.search(between(c)) or _IDENTITY_BEFORE.search(between(c)))
                              and not _CLAIM.search(between(c))
                              and card.start - _last_end(c, card.start) < 200), None)
            if described is not None:
                described.kind, described.said = card.kind, f"{described.said} ({card.said})"
                described.owner = described.owner or card.owner
                described.mentions.append(card.start)
                described.ends[card.start] = card.end
                continue
            before = text[max(0, card.start - 40) : card.start]
            claim = _CLAIM.search(re.split(r"[.;:!?]", before)[-1])
            if claim:
                skipped.append((card.start - len(re.split(r"[.;:!?]", before)[-1]) + claim.start(), card.end))
                continue  # "elle jure que c'est sa reine": a claim names no card (read: a claim is no fact)
            same = next((c for c in merged if c.kind == card.kind and (card.owner is None or c.owner in (None, card.owner))
                         and not _is_second(text, c, card)), None)
            if same is not None:
                same.owner = same.owner or card.owner
                same.mentions.append(card.start)
                same.ends[card.start] = card.end
                if same.revealed is None:
                    same.revealed = card.revealed
                continue
        if card.kind is None and not card.pile and card.owner is not None:
            earlier = [c for c in merged if c.kind is None and not c.pile and c.owner == card.owner]
            if len(earlier) == 1 and not card.counted and not earlier[0].counted and not _FACE_DOWN.search(text[card.start - 25 : card.end + 15]) and not _is_second(text, earlier[0], card):
                earlier[0].mentions.append(card.start)  # "Hugo's face-down card … Hugo's card": one card
                earlier[0].ends[card.start] = card.end
                continue
        merged.append(card)
    return merged


def _piles_named_again(cards: list[Card], text: str) -> list[Card]:
    """A pile said of nobody after the one stack the question built ("Léa a posé sa carte sur son prince, il y a
    donc une pile de deux cartes. Mon intrigante est à côté de cette pile", "Marc's Queen is covered by another of
    his cards. My Cutthroat is next to that pile"): that stack, named again (its covered card stands for it)."""
    kept: list[Card] = []
    for card in cards:
        covered = [c for c in kept if c.covered]
        if (card.kind is None and card.pile and card.owner is None and not card.covered and not card.on_top
                and len(covered) == 1 and not any(c.pile and c.owner is not None for c in kept)
                and not _is_second(text, covered[0], card)):
            covered[0].mentions.append(card.start)
            covered[0].ends[card.start] = card.end
            continue
        kept.append(card)
    return _piles_told_after(kept, text)


_TOLD_AFTER = re.compile(r"\s*(?::|\(|—|–|-)")
"""A pile said first, then told after a colon or in brackets ("next to a stack: Lisa put her Queen on her Apothecary")."""


def _piles_told_after(cards: list[Card], text: str) -> list[Card]:
    """A pile said of nobody, then told right after it in the same sentence ("My Schemer sits next to a stack: Lisa
    put her Queen on top of her own Apothecary", "à côté d'une pile (Lisa a posé sa reine sur son apothicaire)"):
    that stack (the one covered card told there stands for it)."""
    kept: list[Card] = []
    for index, card in enumerate(cards):
        if card.kind is None and card.pile and card.owner is None and not card.covered and not card.on_top \
                and _TOLD_AFTER.match(text, card.end):
            end = min([p for p in (text.find(mark, card.end + 1) for mark in ".;?!") if p >= 0] or [len(text)])
            covered = [c for c in cards[index + 1:] if c.covered and c.start < end]
            if len(covered) == 1 and not any(c.covered for c in kept):
                covered[0].mentions.insert(0, card.start)
                covered[0].ends[card.start] = card.end
                continue
        kept.append(card)
    return kept


def _is_second(text: str, first: Card, card: Card) -> bool:
    """"ma reine … la reine d'Hugo": two cards of one name with different owners, or "another"/"une autre"."""
    return bool(re.search(r"\b(?:autre|another|other|aussi un|aussi une|also a|also an|also have an?|ai aussi une?|ai moi aussi une?)\s+(?:[\w-]+\s+)?$",
                          text[max(0, card.start - 25) : card.start])) or (
        first.owner is not None and card.owner is not None and first.owner != card.owner)


def _clauses(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for match in _CLAUSE.finditer(text):
        if match.start() > start:
            spans.append((start, match.start()))
        start = match.end()
    if start < len(text):
        spans.append((start, len(text)))
    return spans


def _clause_of(position: int, clauses) -> tuple[int, int]:
    return next((span for span in clauses if span[0] <= position < span[1]), (0, 0))


def _read_state(card: Card, text: str, cards: list[Card], clauses, used: list) -> None:
    """Revealed or face down, covered, points, set aside: the words of the card's own part of its clauses.

    The few words right before a mention ("Hugo's face-down card", "la reine révélée") are that card's; the
    words after it, up to the words right before the next mention, too.
    """
    bounds = sorted(m for c in cards for m in c.mentions)
    ends = sorted(_mention_end(text, c, m) for c in cards for m in c.mentions)
    for mention in card.mentions:
        clause = _clause_of(mention, clauses)
        previous_end = max([clause[0], *(e for e in ends if e <= mention)])
        following = min([clause[1], *(b for b in bounds if b > mention)])
        pre_start = max(previous_end, mention - 25)
        comma = text.rfind(",", pre_start, mention)
        pre_start = pre_start if comma < 0 else comma + 1  # "carte cachée d'Inès, apothicaire révélé": the item before
        phrase = list(_DETERMINER.finditer(text, pre_start, mention))
        if _DETERMINER.match(text, mention):
            pre_start = mention  # the mention holds its article ("le félon"): no word before it is its own
        elif phrase:
            pre_start = phrase[-1].start()  # "Hugo's face-down [card]", not the words before
        else:
            words = list(re.finditer(r"[\w'’-]+", text[pre_start:mention]))
            pre_start = pre_start + words[-2].start() if len(words) >= 2 else pre_start  # "revealed [Cutthroat]"
            if words and _JOINS.fullmatch(words[-1].group()):
                pre_start = mention  # "… encore face cachée et l'usurpation": the state before "et" is the card before
        post_start = _mention_end(text, card, mention)
        pre = text[pre_start:mention]
        post = text[post_start:following]
        if following != clause[1]:
            determiners = list(_DETERMINER.finditer(post))
            post = post[: determiners[-1].start()] if determiners else post  # "… is Tom's own face-down [Queen]"
        own = pre + " " + post
        window = text[previous_end:following]

        def mark(match, base: int | None = None) -> None:
            """Record the words a fact came from (``base``: the window's start; None: ``own``)."""
            if base is not None:
                used.append((base + match.start(), base + match.end()))
            elif match.start() < len(pre):
                used.append((pre_start + match.start(), pre_start + min(match.end(), len(pre))))
            else:
                used.append((post_start + match.start() - len(pre) - 1, post_start + match.end() - len(pre) - 1))

        if card.revealed is None:
            down_pre, down_post = _FACE_DOWN.search(pre), _FACE_DOWN.search(post)
            if down_pre or (down_post and not _REVEALED.search(pre)):
                card.revealed = False
                mark(down_pre, pre_start) if down_pre else mark(down_post, post_start)
            elif _REVEALED.search(own):
                card.revealed = True
                mark(_REVEALED.search(own))
        if card.revealed is not None:
            for pattern in (_FACE_DOWN, _REVEALED):
                for said in pattern.finditer(own):
                    if (pattern is _REVEALED) == card.revealed:
                        mark(said)  # the same state said again ("le félon révélé de Tom a été révélé au tour 2")
        covered = _COVERED.search(own)
        if covered and not _NOT_COVERED.search(own) and not _ON_TOP.search(own):
            card.covered = True
            mark(covered)
        elif _NOT_COVERED.search(own):
            mark(_NOT_COVERED.search(own))
        if _ON_TOP.search(own) and not _NOT_COVERED.search(own):
            card.on_top = True
            mark(_ON_TOP.search(own))
        points = _POINTS.search(window)
        if points and card.points is None:
            said = points.group(1) or points.group(2) or points.group(3)
            count = _NUMBERS.get(said) or int(said)
            each = _PER_TURN.match(window, points.end())
            turns = [t for t in _TURN_COUNT.finditer(text)] if each else []
            if not each:
                card.points = count
                mark(points, previous_end)
            elif len(turns) == 1:  # "un point dessus à chaque fois", over "3 tours": a point a turn (Phase de résolution)
                card.points = count * (_NUMBERS.get(turns[0].group(1)) or int(turns[0].group(1)))
                mark(points, previous_end)
                mark(each, previous_end)
        elif _NO_POINTS.search(window) and card.points is None:
            card.points = 0
            mark(_NO_POINTS.search(window), previous_end)
        aside = _SET_ASIDE.search(window)
        if aside:
            card.set_aside = True
            used.append((previous_end, previous_end + aside.end()))  # "ma reine fait partie des 3 cartes écartées"
        gone = None if _is_asked(text, mention) else _GONE.search(post)  # "… est défaussé ?" asks, does not state
        if gone:
            card.gone = True
            used.append((post_start + gone.start(), post_start + gone.end()))
            for more in _GONE.finditer(window):
                used.append((previous_end + more.start(), previous_end + more.end()))
        hand = _IN_HAND.search(window)
        if hand:
            card.in_hand = True
            used.append((previous_end, previous_end + hand.end()))  # "ma reine est encore dans ma main"
        pile = _PILE.search(own)
        no_pile = re.search(r"\b(?:aucune|pas de|sans|no|not next to a|not beside a)\s+(?:pile|stack)", own)
        counted = _PILE_SIZE.match(text, post_start, following)
        if (pile and not no_pile) or counted:
            card.pile = True
            mark(pile) if pile and not no_pile else None
            if counted:
                used.append(counted.span())  # the pile's size: "(deux cartes l'une sur l'autre)", "of three cards"


_JOINS = re.compile(r"et|and|puis|then|ou|or|mais|but")
"""A word that joins two cards' phrases: what is said before it is the previous card's."""


def _mention_end(text: str, card: Card, mention: int) -> int:
    return card.ends.get(mention, card.end if mention == card.start else mention + 1)


def _read_relations(table: Table, text: str, clauses, heads: list[tuple[int, int]] = ()) -> None:
    """Where the cards sit; ``heads``: where the lexicon's ``line_head`` words open a line listed without a colon
    ("Queue is Anna's Twin, then my Felon, then …", "dans la file il y a …")."""
    cards = table.cards

    def mark(match, base: int) -> None:
        table.used.append((base + match.start(), base + match.end()))

    for clause in clauses:
        spots = sorted({(m, i) for i, c in enumerate(cards) for m in c.mentions if clause[0] <= m < clause[1]})
        inside = list(dict.fromkeys(i for _, i in spots))
        at = {}
        for m, i in spots:
            at.setdefault(i, m)
        end = {i: _mention_end(text, cards[i], at[i]) for i in inside}
        part = text[clause[0] : clause[1]]
        far = _FAR.search(part)
        for i in inside:
            if clause[0] <= cards[i].start < clause[1] and far and not _ADJACENT.search(part):
                table.far.add(i)
                mark(far, clause[0])
        only = _ONLY_NEIGHBOUR.search(part)
        if only and _AT_END.search(part):
            mark(_AT_END.search(part), clause[0])  # "at one end … its only neighbour": the same fact twice
        if only and len(inside) >= 2:
            table.at_end.add(inside[0])
            table.adjacent.append((inside[0], inside[-1]))
            mark(only, clause[0])
        elif only and inside:
            table.at_end.add(-1)  # "its only neighbour is Hugo's Queen": the acting card is at an end
            table.adjacent.append((inside[-1], -1))
            mark(only, clause[0])
        elif _AT_END.search(part):
            table.at_end.add(inside[0] if inside and _SUBJECT_FIRST.match(part) else -1)
            mark(_AT_END.search(part), clause[0])
        pronoun = _PRONOUN_SUBJECT.match(part)
        near = _ADJACENT.search(part[: at[inside[0]] - clause[0]]) if inside else None
        if pronoun and near:
            before = [i for i, c in enumerate(cards) if c.end <= clause[0] and not c.set_aside]
            if before:
                table.adjacent.append((before[-1], inside[0]))
                mark(near, clause[0])
        leading = _ADJACENT.search(part)
        if leading and not _negated(part[: leading.start()]) and len(inside) >= 2 and clause[0] + leading.start() < at[inside[0]] and re.match(
                r"\s*(?:[\w'’-]+\s+){0,3}?(?:there is|there's|sits|lies|il y a|se trouve|on trouve)\b",
                text[end[inside[0]] : at[inside[1]]]):
            table.adjacent.append((inside[0], inside[1]))  # "à côté de mon félon il y a la carte de Nina"
            mark(leading, clause[0])
        beside_it = _BESIDE_IT.search(part)
        if beside_it and not _negated(part[: beside_it.start()]):
            after = [i for i in inside if at[i] > clause[0] + beside_it.end()]
            before = [i for i, c in enumerate(cards) if c.end <= clause[0] + beside_it.start()]
            if after and before:
                table.adjacent.append((before[-1], after[0]))
                mark(beside_it, clause[0])
        between = _BETWEEN.search(part)
        if between:
            before = [i for i in inside if at[i] < clause[0] + between.start()]
            if not before and pronoun:
                before = [i for i, c in enumerate(cards) if c.end <= clause[0] and not c.set_aside][-1:]  # "It sits between"
            after = [i for i in inside if at[i] > clause[0] + between.start()]
            if before and len(after) >= 2:
                table.between.append((after[0], before[-1], after[1]))
                table.adjacent += [(before[-1], after[0]), (before[-1], after[1])]
                table.used.append((clause[0] + between.start(), at[after[1]]))  # "between two of my cards, A and B"
        for a, b in zip(inside, inside[1:]):
            gap = text[end[a] : at[b]]
            near = _ADJACENT.search(gap)
            tail_of_first = near is not None and re.match(r"\s*,", gap[near.end():])  # "le félon d'Hugo juste à côté, mon félon"
            if near and not tail_of_first and not _FAR.search(gap) and not _negated(gap[: near.start()]):
                table.adjacent.append((a, b))
                mark(near, end[a])
        tail = text[end[inside[-1]] : clause[1]] if inside else ""
        apposed = _APPOSED_BESIDE.match(tail)
        earlier = [i for i, c in enumerate(cards) if c.end <= clause[0] + (at[inside[-1]] - clause[0])
                   and i != inside[-1] and not (c.set_aside or c.in_hand or c.gone)] if inside else []
        if apposed and len(inside) <= 2 and earlier:
            # "Le Coupe-jarret de Léa, juste à côté, l'élimine": beside the card spoken of before it
            table.adjacent.append((earlier[-1], inside[-1]))
            table.used.append((end[inside[-1]] + apposed.start(1), end[inside[-1]] + apposed.end(1)))
            tail = ""
        tail = tail.split(",")[0]  # "… Ana's Felon right next to it, no other Felon anywhere": the words up to the comma
        beside_acting = _ADJACENT_AFTER.search(tail)
        if beside_acting and not _negated(tail[: beside_acting.start()]):
            table.adjacent.append((inside[-1], -1))  # "le félon d'Hugo juste à côté": beside the acting card
            mark(beside_acting, end[inside[-1]])
        for relation in (_ADJACENT, _BESIDE_IT):
            for said in relation.finditer(part):
                denied = _NEGATION_BEFORE.search(part[: said.start()])
                subjects = [i for i in inside if at[i] < clause[0] + said.start()]
                if denied and subjects:
                    table.far.add(subjects[-1])  # "Hugo's Queen is not next to it": not beside the acting card
                    table.used.append((clause[0] + denied.start(), clause[0] + said.end()))
    head = _LINE_HEAD.search(text)
    span, colon = (head.span(), True) if head else (heads[0], False) if heads else (_untitled_list(text), True)
    if span is not None:
        listed = [i for i, c in enumerate(cards) if c.start > span[0] and not c.set_aside]
        marks = list(_LIST.finditer(text, span[0]))
        if (head or heads) and len(listed) >= 3 and len(marks) >= 2:
            table.chain = True
            ordered = _first_mentions(text, cards, listed, span[0])
            table.adjacent += list(zip(ordered, ordered[1:]))
            table.used += [span] + [said.span() for said in marks]
        else:
            known = len(table.adjacent)
            _read_listed_line(table, text, span, colon, at_least=2 if head else 3)
            table.listed = len(table.adjacent) > known
    table.adjacent = list(dict.fromkeys((min(a, b), max(a, b)) if -1 not in (a, b) else (a, b) for a, b in table.adjacent if a != b))


_SIDE_OF = re.compile(
    r"\b(?:(?:juste|just|right|directement|immediately|immediatement)\s+)?"
    r"(?:a\s+(?:la\s+)?(gauche|droite)\s+d(?:e\s+|u\s+|['’]\s*)|(?:(?:to|on)\s+the\s+)?(left|right)\s+of\s+)"
)
"""A card's side of another card, its object named right after ("juste à gauche de ma carte", "to the left of Tom's
Queen"): the two cards are neighbours."""
_AND_SIDE = re.compile(r"\s*,?\s*(?:et|and|mais|but)\s*")
"""Two sides of one card told in a row ("à droite de ma Reine et à gauche du Prince de Sam")."""
_SIDE_ALONE = re.compile(
    r"\s*(?:[\w'’-]+\s+){0,2}?(?:(?:juste|just|right|directement|immediately|immediatement)\s+)?"
    r"(?:a\s+(?:sa\s+|la\s+)?(gauche|droite)|(?:to|on)\s+the\s+(left|right)|(?:to|on)\s+its\s+(left|right))\b(?!\s+(?:de|d['’]|du|of)\b)"
)
_STATE_WORDS = re.compile(r"^\s*(?:(?:est|is|sits|se trouve|lies|qui est|which is|that is|revelee?s?|revealed|face[ -]?(?:cachee|down|up|visible)"
                          r"|cachee?|hidden|posee?|placed|put|pose|deja|already|toujours|still|,|(?:de|du|d['’])\s*[\w-]+)\s*)*$")
"""The words between a card and its side of another: its state, its owner ("le félon révélé de Tom est")."""
_AND_THEN = re.compile(r"^[^,.;:?!]{0,30}?(?:,\s*)?\b(?:et|and)\s+(?:[\w'’-]+\s+){0,2}$")
"""From the card a side is told of to the next card: "… de la carte cachée de Tom et sa [reine]"."""
_SIDE = {"gauche": "left", "droite": "right", "left": "left", "right": "right"}


def _read_relative_sides(table: Table, text: str, clauses) -> None:
    """A card at one side of another card named after it ("Lucas a son apothicaire révélé juste à gauche de ma
    carte", "Tom's Queen sits to the right of my Felon"): the two are neighbours. A card then told at the other
    side without naming another ("… et sa reine juste à droite", "and Ana's Queen on the right") is the named card's
    other neighbour: the named card sits between them. Words already read by another relation are left to it."""
    cards = table.cards
    mentions = sorted((m, i) for i, c in enumerate(cards) for m in c.mentions
                      if not (c.set_aside or c.in_hand or c.gone))
    last = None  # the previous side read: (subject, reference, side)
    for said in _SIDE_OF.finditer(text):
        if any(s <= said.start() < e for s, e in table.used) or _negated(text[max(0, said.start() - 30) : said.start()]):
            continue
        clause = _clause_of(said.start(), clauses)
        before = [(m, i) for m, i in mentions if clause[0] <= m < said.start()]
        after = [(m, i) for m, i in mentions if said.end() <= m < clause[1]]
        if not before or not after or after[0][0] - said.end() > 30:
            continue
        subject, reference = before[-1][1], after[0][1]
        side = _SIDE[said.group(1) or said.group(2)]
        gap = text[_mention_end(text, cards[subject], before[-1][0]) : said.start()]
        if last is not None and last[1] == subject and _AND_SIDE.fullmatch(gap) and last[2] != side \
                and reference not in last[:2]:
            # "à droite de ma Reine et à gauche du Prince de Sam": the same subject, between the two
            table.adjacent.append((last[0], reference))
            table.between.append((last[1], last[0], reference))
            table.used.append(said.span())
            last = None
            continue
        if subject == reference or not _STATE_WORDS.match(gap):
            continue  # "ma reine, que Léa a posée à gauche de …": too far from its subject to tell
        table.adjacent.append((subject, reference))
        table.used.append(said.span())
        last = (subject, reference, side)
        reference_end = _mention_end(text, cards[reference], after[0][0])
        sentence_end = min([p for p in (text.find(mark, said.end()) for mark in ".;!?") if p >= 0] or [len(text)])
        more = [(m, i) for m, i in mentions if reference_end <= m < sentence_end]  # ", and her Queen on the left"
        if not more or not _AND_THEN.match(text[reference_end : more[0][0]]):
            continue
        other = _SIDE_ALONE.match(text, _mention_end(text, cards[more[0][1]], more[0][0]))
        if other is None or _SIDE[next(g for g in other.groups() if g)] == side or more[0][1] in (subject, reference):
            continue
        table.adjacent.append((reference, more[0][1]))
        table.between.append((subject, reference, more[0][1]))
        table.used.append((other.start() + len(other.group()) - len(other.group().lstrip()), other.end()))
    table.adjacent = list(dict.fromkeys((min(a, b), max(a, b)) if -1 not in (a, b) else (a, b) for a, b in table.adjacent
                                        if a != b))


_LIST_GAP = re.compile(r"^[^.?!:;]*?(?:,|\bthen\b|\bpuis\b|\bensuite\b|\bet\b|\band\b|->|→|/)[^.?!:;]*$")
_NOT_A_LIST = re.compile(
    r"\b(?:sur|on|onto|sous|under|beneath|over|dessus|dessous|loin|far|further|farther|elsewhere|ailleurs|entre|between"
    r"|a cote|next to|beside|adjacent|contre|touche\w*|colle\w*|main|hand|ecart\w*|aside|defauss\w*|discard\w*"
    r"|elimin\w*|eliminat\w*)\b"
)


_LIST_ORDER = re.compile(r"\b(?:from left to right|left to right|from right to left|de gauche a droite|de droite a gauche"
                         r"|in (?:this|that) order|dans (?:cet|l['’ ])ordre|in order)\b")


def _read_listed_line(table: Table, text: str, head: tuple[int, int], colon_after: bool = True, at_least: int = 2) -> None:
    """The line said as a list after its head ("Line right now: Léa's face-down card, my Felon, Hugo's Queen", "la
    file : ma reine, la carte d'Hugo et le félon de Léa"): the cards named one after the other, in that order, each
    beside the next. Read only when the head is followed by a colon (``colon_after``) and every gap between two listed
    cards is a separator (a comma, "then", "puis", "et", "and") that says nothing else about where the cards sit, but
    for the last card said at the line's end ("… et tout au bout la reine de Marc", "and at the far end …")."""
    start = head[1]
    if colon_after:
        colon = re.match(r"[^.?!:]{0,25}:", text[head[1]:])
        if colon is None:
            return
        start = head[1] + colon.end()
    end = min([p for p in (text.find(".", start), text.find("?", start), text.find(";", start)) if p >= 0] or [len(text)])
    cards = table.cards
    listed = sorted((m, i) for i, c in enumerate(cards) for m in c.mentions if start <= m < end)
    if len({i for _, i in listed}) != len(listed) or len(listed) < at_least:
        return  # a card named twice inside the list is no list
    ordered = [i for _, i in listed]
    if any(cards[i].set_aside or cards[i].in_hand or cards[i].gone for i in ordered):
        return
    gaps = [text[_mention_end(text, cards[a], m):n] for (m, a), (n, _) in zip(listed, listed[1:])]
    last_at_end = _LAST_AT_END.search(gaps[-1])
    if last_at_end:
        gaps[-1] = gaps[-1][: last_at_end.start()] + " " * len(last_at_end.group()) + gaps[-1][last_at_end.end():]
    if not all(_LIST_GAP.match(gap) and not _NOT_A_LIST.search(gap) for gap in gaps):
        return
    if _NOT_A_LIST.search(text[start:listed[0][0]]):
        return
    table.adjacent += list(zip(ordered, ordered[1:]))
    table.used += [(head[0], start)]
    if last_at_end:
        table.at_end.add(ordered[-1])
        at = _mention_end(text, cards[ordered[-2]], listed[-2][0])
        table.used.append((at + last_at_end.start(), at + last_at_end.end()))
    sentence_start = max(text.rfind(".", 0, head[0]), text.rfind("?", 0, head[0])) + 1
    table.used += [said.span() for said in _LIST_ORDER.finditer(text, sentence_start, end)]  # "from left to right"


_LAST_AT_END = re.compile(r"\b(?:tout\s+)?(?:au bout|a la fin|en dernier|(?:at|on) the (?:far |other )?end|last of all)\b")
"""The list's last card said at the line's end: what a list says already."""
_UNTITLED = re.compile(r"(?:^|(?<=[.!?\n]))\s*((?:[\w'’-]+\s+){0,2}[\w'’-]+)\s*:")
"""A colon after a word or three opening a sentence ("Situation :", "Right now:"): maybe a list's title."""


def _untitled_list(text: str) -> tuple[int, int] | None:
    """A sentence that opens on a short title and a colon ("Situation : mon prince, le félon de Marc, ma reine…"):
    the list after it may be the line (read only with 3 cards or more, each gap a bare separator). None when the
    title says something of where the cards are (in hand, set aside, discarded...)."""
    for match in _UNTITLED.finditer(text):
        if not _NOT_A_LIST.search(match.group(1)) and not _IN_HAND.search(match.group(1)):
            return match.span(1)
    return None


_NEGATION_BEFORE = re.compile(r"(?:\b(?:not|pas|plus|never|jamais|isn['’]t|aren['’]t|no longer|nowhere)|n['’]t)\s+(?:\w+\s+)?$")


def _negated(before: str) -> bool:
    """Whether the words right before a relation word deny it ("is not next to", "n'est pas à côté")."""
    return bool(_NEGATION_BEFORE.search(before))


def _first_mentions(text: str, cards: list[Card], listed: list[int], start: int) -> list[int]:
    """The listed cards up to the end of the list (the sentence holding the marks)."""
    end = text.find(".", start)
    end = len(text) if end < 0 else end
    return [i for i in listed if cards[i].start < end]
