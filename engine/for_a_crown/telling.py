"""What a For a Crown question tells about the table, read from its words: families, chests, the Galerie, the reveal.

The grounding's frame (read by attribute, the engine never imports the
service) gives the recognised entities with their spans (glossary terms with
typos forgiven, numbers written in digits or words, the hook's concepts), the
players it names and the question form. This module binds each fact to its
noun and its family, as a referee reading the question would:

- a count to the unit written after it (``3 Ratons Voleurs``) or, when the unit
  is left out, to the unit of the count before it (``Anna a 3 Ratons, Ben 1``),
  and to the family named last before it (``Ben 3``), ``je``/``I`` being the asker,
  ``both``/``tous les deux`` every family of the sentence;
- a sale of the Objet précieux (``a vendu``, ``sold``; ``hasn't sold``,
  ``pas encore vendu`` say the opposite) and a knock-out (``hors jeu``,
  ``knocked out``) to the family of its sentence;
- the Galerie from an ordered list after a direction (``de droite à gauche : A,
  B``), from ``la plus influente``/``rightmost``/``zone de gauche`` beside a family,
  or from ``X's Portrait is to the right of Y's``;
- what is revealed: one event card, or a mercenary effect (``Vol de Rubis``,
  ``Raton``, ``Mercenaire Rubis``) with its owner (``Anna's``, ``son``, ``au blason de
  Chloé``) and, for a target, the family picked (``picks Ben``, ``sur moi``).

Only what the words say is returned; what they leave out stays None and the
frame module varies it or refuses to run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.for_a_crown.galerie import ZONE_LOSS
from language import LANGUAGES, first_person, fold_same_length

SELF = "self"
EVENTS = {"cambriolage": "Cambriolage", "scandale": "Scandale", "coup_de_pouce_magique": "Coup de pouce magique",
          "pot_de_vin": "Pot-de-vin", "mages_mercenaires": "Mages mercenaires"}
UNITS = {"rubis": "rubies", "raton_voleur": "raccoons", "piece": "coins"}

_SENTENCE = re.compile(r"[.;!?\n]+")
_ASKER = {language: first_person(language) for language in LANGUAGES}
_OPPONENT = re.compile(r"\b(?:my|mon|ton|your|an|un|the|l'|l’)\s*(?:opponent|adversaire|other player|autre joueur|"
                       r"autre famille|other family|rival)\b")
OPPONENT = "#opponent"
"""An unnamed other family ("my opponent", "l'autre joueur"): a family of its own, worded "another family"."""
_PRONOUN = re.compile(r"\b(?:il|elle|he|she|they|ils|elles|her|his|their|sa|son|ses)\b")
_EVERYONE = re.compile(r"\b(?:both|tous les deux|toutes les deux|chacun|chacune|each)\b")
_NEGATION = re.compile(r"\b(?:pas|jamais|not|never|hasn'?t|haven'?t|hadn'?t|didn'?t|n'a|n’a|no longer|plus)\b")
_NOT_A_COUNT_BEFORE = re.compile(r"(?:player|joueuse|joueur|famille|family|manche|round|tour|niveau|level|partie a|"
                                 r"game of|cout|costs?|coute|paie|pays?|"
                                 r"paye|payer|perdre|perd|lose|loses|owes?|doit|must pay|retirer|remove|buy off|"
                                 r"de|d'|of)\s*$")
"""Numbers that are not what a chest holds: a round, a level, a cost, an amount owed or paid."""
_NOT_A_COUNT_AFTER = re.compile(r"^\s*(?:of us|of them|d'entre (?:eux|nous|elles)|joueurs|players|familles|families|"
                                r"e |eme|th\b|rd\b|nd\b|st\b)")
_MOST = re.compile(r"\b(?:la plus influente|le plus influent|plus influent\w*(?!\s+que)|most influential|rightmost|right-most|"
                   r"plus a droite(?!\s+que)|(?:further|farther|more) (?:to the )?right(?!\s+than| of)|"
                   r"tout a droite|le plus a droite|la plus a droite|zone de droite|right zone|far right)\b")
_LEAST = re.compile(r"\b(?:moins influent\w*(?!\s+que)|least influential|leftmost|left-most|tout a gauche|le plus a gauche|"
                    r"plus a gauche(?!\s+que)|(?:further|farther|more) (?:to the )?left(?!\s+than| of)|"
                    r"la plus a gauche|zone de gauche|left zone|far left)\b")
_MOST_SAID_BEFORE = re.compile(r"\b(?:the most|le plus|la plus)(?=\s*(?:[.,;!?)]|$|and\b|et\b))")
_LEAST_SAID_BEFORE = re.compile(r"\b(?:the least|le moins|la moins)(?=\s*(?:[.,;!?)]|$|and\b|et\b))")
"""« Bob is the most influential and I am the least »: the adjective said once for both (an "influen" word in the
sentence is required, so "I have the most." about Ratons is not read as a Galerie place)."""
_CENTRE = re.compile(r"\b(?:zone du centre|zone centrale|au centre|au milieu|cent(?:er|re) zone|middle zone|"
                     r"in the middle|in the cent(?:er|re))\b")
_RIGHT_OF = re.compile(r"\b(?:to the right of|right of|(?:further|farther|more) (?:to the )?right than|a droite de|"
                       r"a droite du|plus a droite que|more influential than|plus influente? que)\b")
_LEFT_OF = re.compile(r"\b(?:to the left of|left of|(?:further|farther|more) (?:to the )?left than|a gauche de|"
                      r"a gauche du|plus a gauche que|less influential than|moins influente? que)\b")
"""``X ... right of Y``: X's portrait is right of Y's (more influential); the comparative says the same."""
_TARGET = re.compile(r"\b(?:picks?|picked|chooses?|chose|choisi[st]?|choisie|choisissent|vis(?:e|es|ent|ait|ais)|"
                     r"cibl(?:e|es|ent|ait|ais)|targets?|targeted|hits?|"
                     r"strikes?|frappe|touche|sur|on|against|contre)\s*$")
_SLEEVE_OWNER = re.compile(r"(?:blason de|blason d'|aux couleurs de|sleeve of|in the sleeve of|"
                           r"protege-cartes? de|protege-cartes? d')\s*$")
_OWNED_SLEEVE = re.compile(r"['’]s\s+(?:card\s+)?(?:sleeve|coat of arms|crest|colou?rs)")
"""``in Kim's sleeve``, ``a sleeve with Kim's coat of arms``: the sleeve, so the card, is Kim's."""
_TARGETS_ME = re.compile(r"\b(?:me|m['’])\s*(?:a\s+)?(?:vise|visee?|cible|ciblee?|choisit|choisie?|attaque|prend pour cible)\b")
"""French puts an object pronoun before the verb: « elle me vise » picks the asker."""
_TARGETS_PRONOUN = re.compile(r"\b(?:(?:la|le|l['’])\s*(?:a\s+)?(?:vise|visee?|cible|ciblee?|choisit|choisie?|attaque|"
                              r"prend pour cible)|(?:picks?|picked|chooses?|chose|targets?|targeted|hits?)\s+(?:her|him))\b")
"""« Mon Vol de Rubis la vise », "my Ruby Theft targets her": the family the pronoun stands for, the one named last
before it (neither the card's owner nor the asker)."""
_ROUND = re.compile(r"\b(?:manche|round|tour)\s*(\d)\b|\b(\d)(?:e|eme|th|rd|nd|st)?\s+(?:manche|round)\b")


@dataclass
class FamilyFacts:
    """What the question says of one family; None where it says nothing."""

    name: str
    rubies: int | None = None
    coins: int | None = None
    raccoons: int | None = None
    sold: bool | None = None
    out: bool = False
    said: list[str] = field(default_factory=list)


@dataclass
class Told:
    """The facts of a question (see the module docstring)."""

    language: str
    families: dict[str, FamilyFacts]
    influence: list[str] | None
    """Every family, most influential first, when the words fix the whole order."""
    first: str | None
    last: str | None
    centre: list[str]
    right_of: list[tuple[str, str]]
    events: list[str]
    effect: str | None
    effect_owner: str | None
    effect_target: str | None
    round: int | None
    unread: list[str]
    """Counts stated but not bound to a unit or a family: the position would not be the one described."""
    asking: tuple[int, int]
    """The asking sentence (the last with a question mark; :func:`asking_sentences` lists every one)."""
    text: str
    mentions: list[tuple[int, int, str]]
    reveal_at: dict[str, int] = field(default_factory=dict)
    """Where each revealed card is first named: an event by its name, the mercenary's effect as ``"effect"``."""
    event_mentions: list[tuple[int, str]] = field(default_factory=list)
    """Every mention of an event card, (position, event name), in the order of the words."""
    fact_at: list[int] = field(default_factory=list)
    """Where each count, sale or knock-out bound to a family is said (:mod:`.sequence` reads when it holds)."""
    entities: list = field(default_factory=list)
    not_first: list[str] = field(default_factory=list)
    """Families said not to be the most influential ("she is not the most influential")."""
    not_last: list[str] = field(default_factory=list)
    words: list[tuple[str, int, str]] = field(default_factory=list)
    """The lexicon's ``asking`` words said, ``(id, position, word)`` (the frame's ``asking_words``)."""
    most_raccoons: str | None = None
    """The family said to have the most Ratons Voleurs, its count unsaid: placed one above every other family's
    (:func:`_most_raccoons`), a count only the ranking of the Ratons may read."""


def read(frame: Any) -> Told:
    """The facts of ``frame``'s question (see the module docstring)."""
    text = fold_same_length(frame.text)
    language = frame.language if frame.language in _ASKER else "fr"
    spans = [(e.start, e.end) for e in frame.entities]
    mentions = _mentions(frame.text, text, frame.players, language, spans)
    asking = _asking_span(text)
    families: dict[str, FamilyFacts] = {}
    for _, _, name in mentions:
        families.setdefault(name, FamilyFacts(name))
    told = Told(language, families, None, None, None, [], [], [], None, None, None, _round(text), [], asking, text,
                mentions)
    entities = sorted(frame.entities, key=lambda e: e.start)
    told.entities = entities
    told.words = [(word.term, word.start, word.said) for word in getattr(frame, "asking_words", ())]
    _counts(told, entities)
    _most_raccoons(told)
    _states(told, entities)
    _galerie(told, entities)
    _reveal(told, entities)
    _scandal_loss_said(told)
    return told


# -- who is named where ----------------------------------------------------------------------------

def _mentions(original: str, text: str, players, language: str, spans=()) -> list[tuple[int, int, str]]:
    found = []
    for name in [*players, *_named_subjects(original, players, spans)]:
        if name in ("self", "other"):
            continue
        for match in re.finditer(rf"\b{re.escape(name)}\b", original):
            found.append((match.start(), match.end(), name))
    others = [(m.start(), m.end()) for m in _OPPONENT.finditer(text)]
    found += [(start, end, OPPONENT) for start, end in others]
    for match in _ASKER[language].finditer(text):
        if not any(start <= match.start() < end for start, end in others):
            found.append((match.start(), match.end(), SELF))
    return sorted(found)


def _named_subjects(original: str, players, spans=()) -> list[str]:
    """A capitalised first word the frame did not take for a name, when a count follows ("Paul a 2 ratons"), a
    pronoun of its sentence refers back to it ("Chloé got knocked out ... one of her Mercenaries") or its
    sentence places it in the Galerie ("Tom is in the left zone", "Ben is to the left of Anna")."""
    found = []
    for match in re.finditer(r"(?:^|[.!?:;]\s+)([A-ZÀ-Ý][a-zà-ÿ]+)\s+(?:got|has|had|is|was|gets|sits|stands|a|avait|"
                             r"est|vient|se trouve)\b", original):
        word = match.group(1)
        if word in players or fold_same_length(word.lower()) in _NOT_NAMES or any(
                start <= match.start(1) < end for start, end in spans):
            continue  # a glossary term ("Scandal is revealed") or a sentence's first function word
        rest = fold_same_length(original[match.end(1) : match.end(1) + 160])
        clause = rest[: _SENTENCE.search(rest).start()] if _SENTENCE.search(rest) else rest
        counted = re.match(r"\s+(?:a|has|had|avait)\s+\d", rest)  # "Paul a 2 ratons"
        placed = _MOST.search(clause) or _LEAST.search(clause) or _CENTRE.search(clause) or _RIGHT_OF.search(
            clause) or _LEFT_OF.search(clause)
        if counted or placed or re.search(r"\b(?:her|his|she|he|sa|son|ses|elle|il)\b", rest):
            found.append(word)
    return found


_NOT_NAMES = frozenset({
    "the", "a", "an", "it", "this", "that", "there", "everyone", "nobody", "each", "who", "what", "which", "my", "your",
    "le", "la", "les", "un", "une", "il", "elle", "ce", "cela", "ca", "tout", "chacun", "personne", "qui", "mon", "ma",
})


def asking_sentences(text: str) -> list[tuple[int, int]]:
    """Every sentence ending with a question mark, the last first (or the last sentence when none does)."""
    spans = [_sentence(text, match.start() - 1 if match.start() else 0) for match in re.finditer(r"\?", text)]
    return list(dict.fromkeys(reversed(spans))) or [_sentence(text, len(text) - 1)]


def _sentence(text: str, position: int) -> tuple[int, int]:
    start = 0
    for match in _SENTENCE.finditer(text):
        if match.end() <= position:
            start = match.end()
        elif match.start() >= position:
            return start, match.start()
    return start, len(text)


def _asking_span(text: str) -> tuple[int, int]:
    mark = text.rfind("?")
    if mark < 0:
        return _sentence(text, len(text) - 1)
    return _sentence(text, mark - 1 if mark else 0)


def _family_before(told: Told, position: int, *, pronouns: bool = True) -> str | None:
    """The family named last before ``position`` in its sentence; a pronoun there means the last family named."""
    start, _ = _sentence(told.text, position)
    named = [(s, name) for s, e, name in told.mentions if start <= s and e <= position]
    pronoun = [m.start() for m in _PRONOUN.finditer(told.text, start, position)] if pronouns else []
    if named and (not pronoun or named[-1][0] > pronoun[-1]):
        return named[-1][1]
    if pronoun:
        earlier = [name for s, e, name in told.mentions if e <= pronoun[-1] and name != SELF]
        return earlier[-1] if earlier else None
    return None


def _family_near(told: Told, start: int, end: int) -> str | None:
    """The family named closest to ``start..end`` in its sentence, before it preferred."""
    before = _family_before(told, start)
    if before is not None:
        return before
    sentence = _sentence(told.text, start)
    after = [name for s, e, name in told.mentions if end <= s < sentence[1]]
    return after[0] if after else None


# -- chests ------------------------------------------------------------------------------------------

def _counts(told: Told, entities) -> None:
    text = told.text
    last_unit = None
    previous_end = 0
    for entity in sorted([*entities, *_zero_counts(told, entities)], key=lambda e: e.start):
        if entity.kind != "number" or told.asking[0] <= entity.start < told.asking[1]:
            continue
        if entity.value == 0 and _MEANWHILE.search(text, *_sentence(text, entity.start)):
            continue
        if _NOT_A_COUNT_BEFORE.search(text[max(0, entity.start - 14) : entity.start]) or _NOT_A_COUNT_AFTER.match(
                text[entity.end : entity.end + 12]):
            continue
        ends = _sentence(text, entity.start)[1]  # a unit is looked for in the count's own sentence
        unit = next((e.value for e in entities if e.kind == "token" and e.value in UNITS
                     and entity.end <= e.start <= min(entity.end + 12, ends)), None)
        if unit is None and entity.value == 0 and re.match(r"\s*(?:rubis|rubies|ruby)", text[entity.end : ends]):
            unit = "rubis"
        unit = unit or _unit_by_stem(text[entity.end : min(entity.end + 16, ends)]) or _unit_before(
            entities, text, entity) or _in_front(text, entity) or last_unit
        if unit is None:
            told.unread.append(text[entity.start : entity.end + 12])
            continue
        last_unit = unit
        owners = _owners(told, entity, previous_end)
        previous_end = entity.end
        if not owners:
            told.unread.append(text[entity.start : entity.end + 12])
        if owners:
            told.fact_at.append(entity.start)
        for owner in owners:
            # "in my chest" names the asker even where the asker's own words were not read (a French question
            # asked with lang "en")
            family = told.families.setdefault(owner, FamilyFacts(owner))
            if getattr(family, UNITS[unit]) not in (None, entity.value):
                told.unread.append(text[entity.start : entity.end + 12])  # two counts of one thing: which holds?
            setattr(family, UNITS[unit], entity.value)
            family.said.append(text[entity.start : entity.end + 16].strip())
    for match in re.finditer(r"\b(?:coffre (?:est )?vide|empty chest|chest is empty|no rubies)\b", text):
        owner = _family_before(told, match.start())
        if owner and not told.asking[0] <= match.start() < told.asking[1]:
            told.families[owner].rubies = 0


_MOST_RACCOONS = re.compile(
    r"\ble plus (?:grand nombre )?de ratons?\b|\bplus de ratons?(?: voleurs?)? que (?:tout le monde|les autres|"
    r"personne|quiconque|n'importe qui)\b|\bthe (?:most|largest number of|biggest pile of) (?:thie\w+ )?raccoons?\b|"
    r"\bmore (?:thie\w+ )?raccoons? than (?:anyone|anybody|everyone|everybody|the others|all the others|any other)\b")
"""« Paul a le plus de ratons », "I have the most raccoons": the Cambriolage's own words (its losers are "la ou les
familles ayant le plus de Ratons Voleurs"), said of one family."""


_NEGATED = re.compile(r"(?:n't|\bnot\b|\bpas\b|\bn'a\b|\bne\b|\bnever\b|\bjamais\b)")


def _most_raccoons(told: Told) -> None:
    """The family said to have the most Ratons Voleurs gets one more than any other family's count (stated, or 1
    at most by default): the ranking is what the words fix; a said count that is not the most is a contradiction."""
    found = [match for match in _MOST_RACCOONS.finditer(told.text)
             if not told.asking[0] <= match.start() < told.asking[1]]
    if not found:
        return
    negated = any(_NEGATED.search(told.text, max(0, m.start() - 24), m.start()) for m in found)
    family = _family_before(told, found[0].start())
    if negated or family is None or len(found) > 1 and any(_family_before(told, m.start()) != family for m in found[1:]):
        told.unread.append(found[0].group(0))
        return
    facts = told.families.setdefault(family, FamilyFacts(family))
    others = [f.raccoons for name, f in told.families.items() if name != family and f.raccoons is not None]
    if facts.raccoons is not None:
        if any(count >= facts.raccoons for count in others):
            told.unread.append(found[0].group(0))  # "the most" yet another family has as many
        return
    facts.raccoons = max([*others, 1]) + 1
    facts.said.append(found[0].group(0))
    told.most_raccoons = family


_IN_FRONT = re.compile(r"\s*(?:devant|in front of)\b")


def _in_front(text: str, entity) -> str | None:
    """« 2 devant lui », "3 in front of her": what lies in front of a family is its Ratons Voleurs (a Raton is
    placed « devant elle »)."""
    return "raton_voleur" if _IN_FRONT.match(text, entity.end) else None


def _unit_before(entities, text: str, entity) -> str | None:
    """« the most raccoons: 3 »: a unit right before the count, a colon between."""
    return next((e.value for e in entities if e.kind == "token" and e.value in UNITS and e.end <= entity.start
                 and re.fullmatch(r"\s*:\s*", text[e.end : entity.start])), None)


def _owners(told: Told, entity, previous_end: int) -> list[str]:
    """The families a count belongs to: the one named last before it, or every family named since the previous
    count when "both"/"each" goes with this count ("Anna and Ben both have 23", "2 raccoons each")."""
    text = told.text
    sentence = _sentence(text, entity.start)
    since = max(sentence[0], previous_end)
    named = list(dict.fromkeys(n for s, e, n in told.mentions if since <= s < entity.start))
    last_named = max((e for s, e, n in told.mentions if since <= s < entity.start), default=since)
    after = text[entity.end : entity.end + 24]
    if named and (_EVERYONE.search(text, last_named, entity.start) or _EACH_AFTER.match(after)):
        return named
    owner = _family_before(told, entity.start)
    if owner is None:
        chest = _CHEST_AFTER.match(text, entity.end)
        if chest:
            owner = SELF if chest.group(1) in ("my", "mon") else _family_before(told, chest.start(1))
    return [owner] if owner else []


_CHEST_AFTER = re.compile(r"\s*\w+\s+(?:\w+\s+)?(?:in|dans)\s+(my|mon|his|her|their|son)\s+(?:chest|coffre)\b")
"""« three rubies in my chest »: the chest named after the count says whose count it is."""


_ZERO_ALONE = re.compile(r"\b(?:aucun|aucune|none|zero)\b")
_EACH_AFTER = re.compile(r"\s*(?:\w+\s+){0,2}(?:each|chacun|chacune|apiece)\b")
_ZERO = re.compile(r"\b(?:no|not have any|not any|doesn'?t have any|don'?t have any|has none of|without|aucune?|"
                   r"pas de|pas d'|(?<!\ble )(?<!\bla )plus de|zero)\s+(?:\w+\s+)?$")
"""« plus de » alone is "no more" (« il n'a plus de Rubis »); « le plus de » is "the most" (:data:`_MOST_RACCOONS`)."""


@dataclass
class _Zero:
    """A count of zero said with words ("no raccoons", "aucun Raton"), read as the number 0 before its unit."""

    start: int
    end: int
    kind: str = "number"
    value: int = 0


def _zero_counts(told: Told, entities) -> list[_Zero]:
    """Zeros said with words: before a unit ("no raccoons"), or alone for the unit of the count before ("Dan aucun")."""
    found = []
    units = [e for e in entities if e.kind == "token" and e.value in UNITS]
    for entity in units:
        before = told.text[max(0, entity.start - 24) : entity.start]
        match = _ZERO.search(before)
        if match:
            found.append(_Zero(entity.start - len(before) + match.start(), entity.start))
    for match in _ZERO_ALONE.finditer(told.text):
        if not any(match.end() <= e.start <= match.end() + 24 for e in units):
            found.append(_Zero(match.start(), match.end()))
    return found


_MEANWHILE = re.compile(r"\b(?:entre-temps|entre temps|dans l'intervalle|meanwhile|in the meantime|in between)\b")
"""« Aucun Raton n'est distribué entre-temps »: nothing else happened between the cards, not a chest's count (the
frames play only the cards the question names)."""


_STEMS = (("rub", "rubis"), ("racc", "raton_voleur"), ("rato", "raton_voleur"), ("raco", "raton_voleur"),
          ("coin", "piece"), ("piec", "piece"))


def _unit_by_stem(after: str) -> str | None:
    """The unit of a misspelt noun right after a count ("3 raccons", "2 rubys") that the glossary did not match."""
    word = re.match(r"\s*(\w+)", after)
    if word is None:
        return None
    return next((unit for stem, unit in _STEMS if word.group(1).startswith(stem)), None)


def _states(told: Told, entities) -> None:
    """Sales of the Objet précieux and knock-outs, outside the question itself."""
    text = told.text
    for entity in entities:
        if told.asking[0] <= entity.start < told.asking[1]:
            continue
        if entity.value == "vendre_objet_precieux":
            owner = _family_before(told, entity.start)
            if owner:
                negated = bool(_NEGATION.search(text, max(0, entity.start - 16), entity.start))
                told.families[owner].sold = not negated
                told.fact_at.append(entity.start)
                _elided_sale(told, entity.end, owner, not negated)
        elif entity.value == "objet_precieux":
            _kept(told, entity)
        elif entity.value == "hors_jeu":
            owner = _family_before(told, entity.start)
            if owner and not _NEGATION.search(text, max(0, entity.start - 14), entity.start):
                told.families[owner].out = True
                told.fact_at.append(entity.start)


_KEPT_AFTER = re.compile(r"\s*(?:(?:est|is|reste|remains|stays|sits)\s+)?(?:encore|toujours|still)\b"
                         r"|\s*(?:(?:est|is|was|n'a|has)\s+)?(?:not|pas|never|jamais)\s+(?:(?:été|been)\s+)?(?:sold|vendu)")
_KEPT_BEFORE = re.compile(r"(?:(?:encore|toujours|still)\s+(?:a|ai|has|have|got|garde)|gard[eé]e?s?|kept|keeps?|keep)"
                          r"\s+(?:mon|ma|son|sa|leur|my|his|her|its|their|the|l'|le|la)?\s*$")
_MINE = re.compile(r"\b(?:mon|ma|my)\s*$")
"""The Objet précieux said kept: "mon objet précieux est encore dans mon coffre", "my Precious Object is still in
it", "Tom still has his treasure", "elle a gardé son Objet précieux": a sale the question rules out."""


def _kept(told: Told, entity) -> None:
    text = told.text
    sentence_end = _sentence(text, entity.end)[1]
    if not (_KEPT_AFTER.match(text[entity.end:sentence_end]) or _KEPT_BEFORE.search(text, max(0, entity.start - 24),
                                                                                     entity.start)):
        return
    mine = _MINE.search(text, max(0, entity.start - 4), entity.start)
    owner = SELF if mine and SELF in told.families else _family_before(told, entity.start)
    if owner and told.families[owner].sold is None:
        told.families[owner].sold = False
        told.fact_at.append(entity.start)


_ELLIPSIS_GAP = re.compile(
    r"\s*(?:(?:son|sa|ses|his|her|their|its|the|le|leur)\s+)?(?:objet précieux|objet precieux|precious object)?"
    r"\s*[,;]?\s*(?:et|mais|but|and|alors que|tandis que|while|whereas)?\s*"
    r"(?P<lead>pas|not|neither did|nor did|so did|neither has|nor has|so has|neither have|so have)?\s*$")
_ELLIPSIS_TAIL = re.compile(
    r"\s*,?\s*(?P<tail>non plus|non|pas|aussi|oui|si|too|also|as well|either|didn'?t|hasn'?t|haven'?t|hadn'?t"
    r"|did|has|have|had|not)\b")
_SAME = frozenset({"aussi", "too", "also", "as well", "so did", "so has", "so have"})
_NEITHER = frozenset({"non plus", "either", "neither did", "nor did", "neither has", "nor has", "neither have"})
_NOT = re.compile(r"^(?:non|pas|not|didn'?t|hasn'?t|haven'?t|hadn'?t)$")


def _elided_sale(told: Told, end: int, owner: str, sold: bool) -> None:
    """The same verb said of a second family by ellipsis: "Léa a vendu son Objet précieux et moi non", "but I
    haven't", "moi aussi", "neither did Tom": the second family's sale is read from the coordinated remnant."""
    sentence_end = _sentence(told.text, end)[1]
    after = [(s, e, name) for s, e, name in told.mentions if end <= s < sentence_end]
    if not after:
        return
    start, stop, name = after[0]
    gap = _ELLIPSIS_GAP.fullmatch(told.text, end, start)
    if gap is None or name == owner or told.families[name].sold is not None:
        return
    tail = _ELLIPSIS_TAIL.match(told.text, stop, sentence_end)
    marker = gap["lead"] or (tail["tail"] if tail else None)
    if marker is None:
        return
    if marker in _SAME:
        value = sold
    elif marker in _NEITHER or _NOT.match(marker):
        value = False
    else:
        value = True
    told.families[name].sold = value
    told.fact_at.append(start)


# -- the Galerie ---------------------------------------------------------------------------------------

def _galerie(told: Told, entities) -> None:
    text = told.text
    for entity in entities:
        if entity.kind == "marker" and entity.value in ("galerie_right_to_left", "galerie_left_to_right"):
            sentence = _sentence(text, entity.start)
            names = list(dict.fromkeys(n for s, e, n in told.mentions if entity.end <= s < sentence[1]))
            if len(names) >= 2:
                told.influence = names if entity.value == "galerie_right_to_left" else names[::-1]
    for pattern, slot in ((_MOST, "first"), (_LEAST, "last"), (_MOST_SAID_BEFORE, "first"),
                          (_LEAST_SAID_BEFORE, "last")):
        for match in pattern.finditer(text):
            if pattern in (_MOST_SAID_BEFORE, _LEAST_SAID_BEFORE) and "influen" not in text[slice(*_sentence(
                    text, match.start()))]:
                continue
            if told.asking[0] <= match.start() < told.asking[1] and not _ASKER[told.language].search(
                    text, told.asking[0], told.asking[1]):
                continue
            family = _family_near(told, match.start(), match.end())
            if _NEGATION.search(text, max(0, match.start() - 16), match.start()):
                if family is None or pattern in (_MOST_SAID_BEFORE, _LEAST_SAID_BEFORE):
                    told.unread.append(text[max(0, match.start() - 16) : match.end()])
                else:  # "Ann is not the least influential": a place she does not hold
                    (told.not_first if slot == "first" else told.not_last).append(family)
                continue
            if family:
                setattr(told, slot, family)
    for match in _CENTRE.finditer(text):
        family = _family_near(told, match.start(), match.end())
        if family:
            told.centre.append(family)
    for pattern, right in ((_RIGHT_OF, True), (_LEFT_OF, False)):
        for match in pattern.finditer(text):
            left_name = _family_before(told, match.start())
            after = [n for s, e, n in told.mentions if match.end() <= s <= match.end() + 20]
            if left_name and after and left_name != after[0]:
                told.right_of.append((left_name, after[0]) if right else (after[0], left_name))


def _scandal_loss_said(told: Told) -> None:
    """« Un Scandale sort, Ben doit payer 2 Rubis », "a Scandal makes him pay 2 rubies": what a family loses to the
    Scandale says its zone (2 left, 1 centre, 0 right: ``galerie.ZONE_LOSS``), as "zone de gauche" would."""
    if told.events != ["Scandale"]:
        return
    for match in _LOSS_SAID.finditer(told.text):
        if told.asking[0] <= match.start() < told.asking[1]:
            continue  # "how many rubies does he pay?" asks it
        amount = int(match.group(1))
        family = _family_before(told, match.start()) or _object_of(told, match.start())
        if family is None or amount not in ZONE_LOSS:
            told.unread.append(match.group(0))
            continue
        zone = ZONE_LOSS.index(amount)
        if zone == 1:
            told.centre.append(family)
            continue
        slot = "last" if zone == 0 else "first"
        if getattr(told, slot) not in (None, family):
            told.unread.append(match.group(0))  # two families said to be in one end of the Galerie
        else:
            setattr(told, slot, family)


_LOSS_SAID = re.compile(r"\b(?:pay|pays|paie|paye|payer|perd|perdre|lose|loses|loses|owes?|doit|must pay)\s+"
                        r"(?:payer\s+)?(\d+)\s+(?:rubis|rubies|ruby)\b")
_OBJECT_PRONOUN = re.compile(r"\b(?:him|her|them|lui|leur)\b")


def _object_of(told: Told, position: int) -> str | None:
    """"makes him pay": the family an object pronoun of the sentence stands for, the last one named before it."""
    start, _ = _sentence(told.text, position)
    pronoun = list(_OBJECT_PRONOUN.finditer(told.text, start, position))
    if not pronoun:
        return None
    earlier = [name for s, e, name in told.mentions if e <= pronoun[-1].start() and name != SELF]
    return earlier[-1] if earlier else None


# -- what is revealed ------------------------------------------------------------------------------------

def _reveal(told: Told, entities) -> None:
    text = told.text
    told.event_mentions = [(e.start, EVENTS[e.value]) for e in entities if e.kind == "card" and e.value in EVENTS]
    told.events = list(dict.fromkeys(name for _, name in told.event_mentions))
    for start, name in told.event_mentions:
        told.reveal_at.setdefault(name, start)
    theft = [e for e in entities if e.value == "vol_de_rubis"]
    if theft:
        told.effect = "vol"
        anchor = theft[0]
    else:
        raccoon = [e for e in entities if e.value == "raton_voleur" and re.search(
            r"(?:mercenaire|mercenary|merc)\W+(?:\w+\W+)?$", text[max(0, e.start - 22) : e.start])
            or e.value == "raton_voleur" and re.match(r"\W*(?:mercenaire|mercenary)", text[e.end : e.end + 14])
            or e.value == "raton_voleur" and _revealed_card(text, e)
            or e.value == "raton_voleur" and _beside_symbol(told, e)]
        gain = [e for e in entities if e.value in ("rubis", "piece") and (re.search(
            r"(?:mercenaire|mercenary)\W+$", text[max(0, e.start - 14) : e.start])
            or re.match(r"\W*(?:mercenary|merc)\b", text[e.end : e.end + 12]))]
        if raccoon:
            told.effect, anchor = "raton", raccoon[0]
        elif gain:
            told.effect, anchor = ("rubis" if gain[0].value == "rubis" else "piece"), gain[0]
        else:
            return
    told.effect_owner = _effect_owner(told, anchor)
    told.reveal_at["effect"] = anchor.start
    questions = asking_sentences(text) if "?" in text else []
    for match in _TARGETS_ME.finditer(text, anchor.end):
        if not any(s <= match.start() < e for s, e in questions):
            told.effect_target = SELF
            return
    for match in _TARGETS_PRONOUN.finditer(text, anchor.end):
        if any(s <= match.start() < e for s, e in questions):
            continue
        named = [n for s, _, n in told.mentions if s < match.start() and n not in (SELF, told.effect_owner)]
        if named:
            told.effect_target = named[-1]
            return
    for start, end, name in told.mentions:
        if any(s <= start < e for s, e in questions):
            continue  # "can I choose my own family?" asks, it does not say who was picked
        if start > anchor.end and _TARGET.search(text[max(anchor.end, start - 14) : start]):
            told.effect_target = name
            break


_REVEALED = re.compile(r"(?:\s+(?:d['’]\s*|de\s+|of\s+)?[a-z][\w'’-]*)?\s+(?:sort|sortent|est revele\w*|est retourne\w*|"
                       r"is revealed|is flipped|gets flipped|was revealed|was flipped|comes? (?:out|up)|came (?:out|up))\b")
"""« Le Raton Voleur d'Anna sort », "Ben's Raccoon is flipped": a token is never revealed, so it is the Mercenary."""


def _beside_symbol(told: Told, entity) -> bool:
    """"the Thieving Raccoon symbol", « le symbole Raton Voleur »: a card's symbol, so the Mercenary's effect."""
    return any(word == "symbol_word" and (entity.end <= at <= entity.end + 2 or entity.start - 10 <= at < entity.start)
               for word, at, _ in told.words)


def _revealed_card(text: str, entity) -> bool:
    """Whether the words right after ``entity`` (an owner at most) say it is revealed from the common pile."""
    return _REVEALED.match(text, entity.end) is not None


_CARD_OF = re.compile(r"['’]s\s+(?:own\s+)?(?:mercenary|merc|card)\b")


def _effect_owner(told: Told, anchor) -> str | None:
    text = told.text
    for start, end, name in told.mentions:
        if end <= anchor.start and re.fullmatch(r"['’]s\s+(?:\w+\s+)?", text[end : anchor.start]):
            return name  # "Anna's Ruby Theft"
        if start >= anchor.end and _SLEEVE_OWNER.search(text[anchor.end : start]) and start - anchor.end < 60:
            return name  # "glissé dans un protège-carte au blason de Chloé"
        if start >= anchor.end and start - anchor.end < 60 and _OWNED_SLEEVE.match(text, end):
            return name  # "a Ruby mercenary in Kim's sleeve"
        if start >= anchor.end and re.fullmatch(r"\s+(?:de|d['’]|from|of)\s*", text[anchor.end : start]):
            return name  # "le Vol de Rubis de Sarah", "a Ruby Theft from Ann"
    sentence = _sentence(text, anchor.start)
    for start, end, name in told.mentions:
        if sentence[0] <= start < sentence[1] and _CARD_OF.match(text, end):
            return name  # "Ruby Theft revealed: it's Lucas's mercenary"
    if re.match(r"\s+(?:in|dans)\s+(?:her|his|their|son|sa)\b", text[anchor.end : anchor.end + 20]):
        return _family_before(told, anchor.start)  # "a Ruby Theft in her sleeve"
    before = text[max(0, anchor.start - 24) : anchor.start]
    if re.search(r"\b(?:mon|ma|mes|my)\s+(?:\w+\s+)?$", before):
        return SELF
    if re.search(r"\b(?:mon|my)\s+(?:mercenaire|mercenary|merc)\b", text[sentence[0] : anchor.start]):
        return SELF  # "My mercenary has the Thieving Raccoon symbol"
    if re.search(r"\b(?:son|sa|ses|his|her|their)\s+(?:\w+\s+)?$", before):
        return _family_before(told, anchor.start)
    return None


def _round(text: str) -> int | None:
    match = _ROUND.search(text)
    if not match:
        return None
    value = int(match.group(1) or match.group(2))
    return value if 1 <= value <= 4 else None


__all__ = ["EVENTS", "OPPONENT", "SELF", "FamilyFacts", "Told", "read"]
