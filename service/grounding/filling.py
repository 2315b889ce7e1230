"""Fill a template's slots from the entities of a question.

Each slot takes the question's entities of its kind, by role and in order of
mention: a slot with ``role: self`` first takes an entity the player marked as
theirs (``mon``, ``my``), a ``role: other`` slot one marked as someone else's
or unmarked, and a list slot (list ``default``) every remaining entity it
accepts. A second mention of something already filled (``mon Marchand ... Mon
Marchand me rapporte``) is the same thing, not a new one. Slots the question
does not fill keep their defaults.

A count slot takes a number whose unit is its own, none (``il en reste 3``,
``only 3 left``), or a term of the same kind when the slot counts a plain term
(``3 émeraudes`` fills a slot that counts ``jeton``). It never takes a bound
(``at least 4``, ``more than 3``): the position needs one number, and picking
one would answer another question.

Entity values are glossary ids; a slot wants the engine's value. The value is
the first of the term's French name, id, ``colour`` attribute or English name
that the slot's ``choices`` allow (the French name when it has none).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from service.grounding.catalog import SlotSpec, Template
from service.grounding.entities import SELF, Entity, Term

_NUMBER_KINDS = {"count": "number", "players": "player_count"}
"""Slot kinds filled from number entities, and the entity kind each reads."""
_BOUNDS = frozenset({"at_least", "more_than", "less_than"})


@dataclass(frozen=True)
class Filling:
    """The slot values for one template and where each came from."""

    values: dict[str, Any]
    sources: dict[str, list[Entity]] = field(default_factory=dict)
    unused: tuple[Entity, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            name: {
                "value": value,
                "from": [entity.to_dict() for entity in self.sources.get(name, [])] or "default",
            }
            for name, value in self.values.items()
        }


def fill_slots(template: Template, entities: Iterable[Entity], terms: Mapping[str, Term]) -> Filling:
    """Slot values for ``template`` from the question's ``entities`` (in order of mention).

    Args:
        template: the chosen template.
        entities: the question's entities.
        terms: the game's glossary by id (to turn entity values into slot values).

    Returns:
        Every slot's value; unfilled slots keep their default.
    """
    pool = sorted(entities, key=lambda entity: entity.start)
    used: list[Entity] = []
    sources: dict[str, list[Entity]] = {}
    ordered = sorted(template.slots, key=lambda spec: (spec.slot.role != SELF, spec.is_list))
    for spec in ordered:
        candidates = [e for e in pool if e not in used and not _repeats(e, used) and _fits(spec, e, terms)]
        if spec.slot.role is not None:
            candidates.sort(key=lambda entity: entity.role != spec.slot.role)  # stable: marked first
        taken: list[Entity] = []
        for entity in candidates[: None if spec.is_list else 1]:
            if not _repeats(entity, used):
                taken.append(entity)
                used.append(entity)
        if taken:
            sources[spec.name] = taken
    values = {}
    for spec in template.slots:
        chosen = sources.get(spec.name)
        if not chosen:
            values[spec.name] = spec.slot.default
        elif spec.is_list:
            values[spec.name] = [_item(spec, slot_value(spec, entity, terms), entity.role) for entity in chosen]
        else:
            values[spec.name] = slot_value(spec, chosen[0], terms)
    unused = tuple(e for e in pool if e not in used and not _repeats(e, used))
    return Filling(values, sources, unused)


def can_fill(spec: SlotSpec, entity: Entity, terms: Mapping[str, Term]) -> bool:
    """Whether ``entity`` could go into the slot (kind, unit, choices; role ignored)."""
    return _fits(spec, entity, terms, check_role=False)


def slot_value(spec: SlotSpec, entity: Entity, terms: Mapping[str, Term]) -> Any:
    """The engine value ``entity`` stands for in ``spec``."""
    if entity.kind in _NUMBER_KINDS.values() or entity.kind not in _glossary_kinds(terms):
        return entity.value
    for candidate in _candidates(entity, terms):
        if spec.accepts(candidate):
            return candidate
    return _candidates(entity, terms)[0]


def _item(spec: SlotSpec, value: Any, role: str | None) -> Any:
    """One element of a list slot: the value alone, or the slot's ``item`` with it filled in."""
    if spec.item is None:
        return value
    return _fill_item(spec.item, {"${value}": value, "${role}": role})


def _fill_item(node: Any, values: Mapping[str, Any]) -> Any:
    if isinstance(node, str):
        return values.get(node, node)
    if isinstance(node, Mapping):
        return {key: _fill_item(child, values) for key, child in node.items()}
    if isinstance(node, list):
        return [_fill_item(child, values) for child in node]
    return node


def _fits(spec: SlotSpec, entity: Entity, terms: Mapping[str, Term], check_role: bool = True) -> bool:
    wanted_kind = _NUMBER_KINDS.get(spec.kind, spec.kind)
    if entity.kind != wanted_kind:
        return False
    if spec.kind == "count" and not _counts(spec.unit, entity, terms):
        return False
    if check_role and spec.slot.role is not None and entity.role is not None and entity.role != spec.slot.role:
        return False
    if entity.kind in _NUMBER_KINDS.values() or entity.kind not in _glossary_kinds(terms):
        return spec.accepts(entity.value)
    return any(spec.accepts(candidate) for candidate in _candidates(entity, terms))


def _counts(units: tuple[str, ...], entity: Entity, terms: Mapping[str, Term]) -> bool:
    """Whether a number entity can be a count of one of ``units`` (see the module docstring)."""
    if entity.qualifier in _BOUNDS:
        return False
    if not units or entity.unit is None or entity.unit in units:
        return True
    said = terms.get(entity.unit)
    return said is not None and any(
        unit in terms and not terms[unit].attributes and terms[unit].kind == said.kind for unit in units
    )


def _repeats(entity: Entity, used: list[Entity]) -> bool:
    """A later mention of something already filled: the same owner again, or no owner said."""
    return entity.role in (SELF, None) and any(
        other.kind == entity.kind and other.value == entity.value and other.role == SELF for other in used
    )


def _candidates(entity: Entity, terms: Mapping[str, Term]) -> list[Any]:
    term = terms.get(entity.value)
    if term is None:
        return [entity.value]
    candidates = [term.fr, term.id]
    if "colour" in term.attributes:
        candidates.append(term.attributes["colour"])
    candidates.append(term.en)
    return candidates


def _glossary_kinds(terms: Mapping[str, Term]) -> set[str]:
    return {term.kind for term in terms.values()}
