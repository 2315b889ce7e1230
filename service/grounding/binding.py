"""Whether a template is about the question, and whether everything the question states is bound.

Close words are not enough for an engine check: "Can I take two gold tokens?"
is near a template about reserving with no gold left, and "only 3 green gems
left" is near a template whose pile holds 4 by default. A template is used only
when

1. the question mentions everything the template ``requires`` (an action, a card,
   a marker, ``value:role`` for a mention with that owner; a mention right after a negation, "pas adjacente", "not adjacent",
   does not count) and nothing it ``conflicts`` with, and, for a number verdict,
   its asking clause (the last one, up to a condition: if, si, quand) names none
   of its cards or at least one the template requires:
   "My Spy is with my Merchant. How many coins does the Spy earn?" is not about
   the Merchant's income; and
2. every particular the question states (a count, a card, a colour, a location,
   a player count, a card value, a seat) is bound to a slot, is a repeat of one
   that is, or is part of the template's fixed situation (its phrasings name it
   with the same value and no slot could take it, or it ``requires`` it). A
   glossary term without attributes (``carte``, ``jeton``) names a class of
   things and states nothing; but "only gold tokens" restricts the position,
   and is stray unless a slot holds it.
   Otherwise the engine would silently run a default in place of what the
   player said. Conversely, a ``requires`` item may name a slot the verdict
   hinges on (the number of cards already reserved): the question must fill it
   (a list slot, the other cards of a location: with a card besides the
   template's subject, or by saying the subject is alone).
3. what the question says is absent (``pas de Sorcière``, ``no Witch``) fills no
   slot, and a slot left at its default that could hold it rejects the template
   (its default may be exactly that card).
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping, Sequence

from service.grounding.catalog import Template
from service.grounding.entities import SELF, Entity, Recogniser, Term
from service.grounding.filling import Filling, can_fill
from language import fold, tokens

PARTICULAR_KINDS = frozenset(
    {"number", "player_count", "value", "card", "token", "location", "player", "seat_order", "level", "relation"}
)
"""Entity kinds that state a fact of the position (topics such as phases or concepts do not)."""
_TOPIC_KINDS = frozenset({"concept", "phase"})
_NEGATIONS = frozenset({"pas", "not", "sans", "without", "never", "jamais", "ni", "nor"})
_ABSENCE = frozenset({"no", "aucun", "aucune", "any"})
"""With the negations, words that say a thing is absent ("no Witch"); not used for requirements,
where "no gold left" is still about gold."""
_CONDITION = re.compile(r"\s(?:if|when|whenever|si|s['’]il|s['’]ils|quand|lorsqu\w*)\s")
_NEGATION_WINDOW = 2
"""A mention is negated when one of the two words before it is a negation (``n'est pas adjacente``)."""

Signature = tuple


def signature(entity: Entity) -> Signature:
    """What identifies a stated fact: kind and value, plus unit and qualifier for counts; any named player."""
    if entity.kind in ("number", "player_count"):
        return (entity.kind, entity.value, entity.unit, entity.qualifier)
    if entity.kind == "player":
        return ("player",)
    return (entity.kind, entity.value)


def fixed_mentions(template: Template, recogniser: Recogniser) -> frozenset[Signature]:
    """Signatures of the particulars the template's phrasings name and no slot could take."""
    fixed = set()
    for _, text in template.phrasings:
        for entity in recogniser.recognise(text):
            if entity.kind == "player" or not any(can_fill(spec, entity, recogniser.terms) for spec in template.slots):
                fixed.add(signature(entity))
    return frozenset(fixed)


def mismatch(template: Template, question: str, entities: Sequence[Entity]) -> str | None:
    """Why ``template`` is not about the question (a requirement unmet, a conflict), or None."""
    negated = _negated(question, entities)
    mentioned = {entity.value for entity in entities if id(entity) not in negated}
    mentioned |= {f"{entity.value}:{entity.role}" for entity in entities if entity.role and id(entity) not in negated}
    slots = {spec.name for spec in template.slots}
    for alternatives in template.requires:
        if not mentioned & set(alternatives) and not slots & set(alternatives):
            return f"requires {' or '.join(alternatives)}"
    offered = _offered_alternatives(question, entities)
    for conflict in template.conflicts:
        value, _, role = conflict.partition(":")
        if any(entity.value == value and (not role or entity.role == role) and id(entity) not in offered
               for entity in entities):
            return f"conflicts with {conflict}"
    if template.answer.get("type") != "number":
        return None  # a yes/no clause names the card acted upon ("can I move that Merchant?")
    required = _required_values(template)
    start, end = _asking_clause(question)
    asked = {entity.value for entity in entities if entity.kind == "card" and start <= entity.start < end}
    if asked and any(entity.kind == "card" and entity.value in required for entity in entities) and not asked & required:
        return f"the question asks about {' and '.join(sorted(asked))}"
    return None


def binding_problem(
    template: Template, filling: Filling, entities: Sequence[Entity], missing: Sequence[Entity],
    fixed: Iterable[Signature], terms: Mapping[str, Term],
) -> str | None:
    """Why the filled template does not hold the question's position (rules 2 and 3 above), or None.

    Args:
        template: the template, filled into ``filling`` from the entities not in ``missing``.
        entities: every entity of the question.
        missing: the entities the question says are absent (:func:`absent`).
        fixed: the template's :func:`fixed_mentions`.
        terms: the game's glossary by id.
    """
    stray = unbound(template, filling, fixed, terms)
    if stray:
        return "states what no slot holds: " + ", ".join(repr(entity.text) for entity in stray)
    unsaid = unfilled(template, filling, entities)
    if unsaid:
        return "does not say " + ", ".join(unsaid)
    defaulted = absent_but_rendered(template, filling, missing, terms)
    if defaulted:
        return "a default may hold what the question says is absent: " + ", ".join(repr(e.text) for e in defaulted)
    return None


def unfilled(template: Template, filling: Filling, entities: Sequence[Entity] = ()) -> list[str]:
    """Required slots the question did not fill (a ``requires`` item may name a slot: the
    verdict hinges on it, so a default would answer a position nobody described).

    A list slot (the other cards of a location) is filled when the question puts
    something in it besides the template's required entities (its subject), or
    says the subject is alone (the ``alone`` marker: ``seule``, ``alone``, ``lieu vide``).
    """
    required = _required_values(template)
    alone = any(entity.kind == "marker" and entity.value == "alone" for entity in entities)
    specs = {spec.name: spec for spec in template.slots}

    def filled(name: str) -> bool:
        taken = filling.sources.get(name) or []
        if specs[name].is_list:
            # "alone" says the list holds nothing more: true of an empty default, never of one that holds things
            # ("la seule égalité": a default "6 against 5" would answer a position nobody described)
            return (alone and not specs[name].slot.default) or any(entity.value not in required for entity in taken)
        return bool(taken)

    return [
        " or ".join(alternatives) for alternatives in template.requires
        if set(alternatives) <= set(specs) and not any(filled(name) for name in alternatives)
    ]


def unbound(
    template: Template, filling: Filling, fixed: Iterable[Signature], terms: Mapping[str, Term]
) -> list[Entity]:
    """The particulars the question states that the filled template does not hold."""
    fixed = set(fixed)
    required = _required_values(template)
    bound = [entity for taken in filling.sources.values() for entity in taken]
    stray = []
    for entity in filling.unused:
        if entity.qualifier == "only" and entity.kind in PARTICULAR_KINDS:
            stray.append(entity)  # "with only gold tokens": a restriction on the position no slot expresses
            continue
        if entity.kind not in PARTICULAR_KINDS or entity.value in required or _names_a_class(entity, terms):
            continue
        if any(_same_fact(entity, other) for other in bound) or _is_fixed(entity, fixed, terms):
            continue
        stray.append(entity)
    return stray


def absent(question: str, entities: Sequence[Entity]) -> list[Entity]:
    """The particulars the question says are not there (``pas de Sorcière``, ``no Witch``, ``without a Spy``).

    They must not fill a slot: slot filling gets the other entities only, and
    :func:`absent_but_rendered` rejects a template whose defaults would put them back.
    """
    ids = _negated(question, entities, _NEGATIONS | _ABSENCE)
    return [entity for entity in entities if id(entity) in ids and entity.kind in PARTICULAR_KINDS - {"number"}]


def absent_but_rendered(template: Template, filling: Filling, missing: Sequence[Entity], terms: Mapping[str, Term]) -> list[Entity]:
    """Absent entities that a slot left at its default could hold (the default may be exactly them)."""
    found = []
    for entity in missing:
        defaulted = [spec for spec in template.slots if not filling.sources.get(spec.name) and can_fill(spec, entity, terms)]
        if defaulted:
            found.append(entity)
    return found


def _required_values(template: Template) -> set[str]:
    """The entity values ``requires`` names, without their roles (``marchand:self`` -> ``marchand``)."""
    return {value.partition(":")[0] for alternatives in template.requires for value in alternatives}


def _is_fixed(entity: Entity, fixed: set[Signature], terms: Mapping[str, Term]) -> bool:
    """Whether the template's own situation states ``entity``.

    A number whose unit is a topic rather than a thing (``15 en fin de partie``)
    or missing is compared on its value and qualifier alone.
    """
    if signature(entity) in fixed:
        return True
    if entity.kind not in ("number", "player_count"):
        return False
    unit = terms.get(entity.unit) if entity.unit else None
    if entity.unit is not None and (unit is None or unit.kind not in _TOPIC_KINDS):
        return False
    return any(kind == entity.kind and value == entity.value and qualifier == entity.qualifier
               for kind, value, *rest in (f for f in fixed if len(f) == 4) for qualifier in rest[1:])


def _names_a_class(entity: Entity, terms: Mapping[str, Term]) -> bool:
    """A glossary term without attributes (``carte``, ``jeton``) names a kind of thing, not a fact of the position."""
    term = terms.get(entity.value) if isinstance(entity.value, str) else None
    return term is not None and term.kind == entity.kind and not term.attributes


def _same_fact(entity: Entity, other: Entity) -> bool:
    """A second mention of a bound fact: same thing, and no owner said, or the same one said twice."""
    if signature(entity) != signature(other) or entity.kind in ("number", "player_count"):
        return False  # "2 of one colour and 2 of another": a count said twice is two counts
    return entity.role is None or entity.role == other.role == SELF or entity.kind not in ("card", "player")


def _asking_clause(question: str) -> tuple[int, int]:
    """Where the last clause starts (after the last ``.``, ``:``, ``;``, ``!`` or ``?`` before the end) and
    ends (before a condition it carries: "how much does my Spy earn *if my Merchant is there*")."""
    body = question.rstrip().rstrip("?!. ")
    start = max(body.rfind(mark) for mark in ".:;!?") + 1
    condition = _CONDITION.search(fold(question), start)
    return start, condition.start() if condition else len(question)


_ALTERNATIVE = re.compile(
    r"\bou\s+(?:seulement\s+|bien\s+|plutot\s+)?(?:quand|lorsqu\w*|apres|a\s+partir\s+du\s+moment)\b"
    r"|\bor\s+(?:only\s+)?(?:when|once|after)\b"
)


def offers_a_time(question: str) -> bool:
    """"Now, or only when I buy it?": a choice between two moments is a question of when."""
    return _ALTERNATIVE.search(fold(question)) is not None


def _offered_alternatives(question: str, entities: Sequence[Entity]) -> set[int]:
    """Ids of entities in an alternative the asker offers ("now, or only when I buy it?"): not a stated fact."""
    match = _ALTERNATIVE.search(fold(question))
    if match is None:
        return set()
    return {id(entity) for entity in entities if entity.start >= match.start()}


def _negated(question: str, entities: Sequence[Entity], negations: frozenset[str] = _NEGATIONS) -> set[int]:
    """Ids of the entities mentioned right after a negation."""
    words = tokens(question)
    negated = set()
    for entity in entities:
        before = [word.text for word in words if word.end <= entity.start][-_NEGATION_WINDOW:]
        if negations & set(before):
            negated.add(id(entity))
    return negated

