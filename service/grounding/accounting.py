"""Fact accounting: an engine verdict is computed from the position the question states, or it is not given.

A frame module compiles the facts it understands and fills the rest with neutral
defaults, which it names (``facts`` with ``source: default``: "every player has 5
influence"). Two ways a stated fact can still be lost on the way, and be answered
over at engine confidence:

- **a count overridden by a default**: the question says "Sam only has 1 influence
  point", no stated fact of the compiled position carries that 1, and a default
  fact sets the same quantity to another number (5). The position is replayed
  with the stated number in the owner's record: when the verdict stays, the
  default did not decide it; when it moves, or the quantity cannot be found in
  the owner's record, the engine check is declined.
- **a card named by its value the frame did not place** ("un 5, un 3" beside the
  Merchant): the position lacks cards the question put there, so no verdict.

Both checks read only the frame, the compiled facts and the position's shape
(per-seat records, keys named like the quantity), no game's rules.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from language import fold
from service.grounding.frame import CountFact, Frame

_NUMBER = re.compile(r"(?<![\w.])(\d+)(?!\w)")
_NUMBER_THEN_WORD = re.compile(r"(?<![\w.])(\d+)\s+([^\W\d_]+)")
_STEM = 4
"""Letters two words share when they name the same quantity ("influence"/"influence", "rubis"/"rubies")."""
_OWNERS_NOT_A_SEAT = (None, "*", "other")
_ARTICLE_BEFORE = re.compile(r"(?:^|[\s,;:(])(?:un|une|a|an)\s+$", re.IGNORECASE)
"""An article right before a value makes it a card named by its value ("un 5", "a 5"); "valeur inférieure à 6" or
"à 4" is a bound or a player count, not a card."""


@dataclass(frozen=True)
class Overridden:
    """A stated count the compiled position left at a default: ``default`` says ``was`` instead of ``count.value``."""

    count: CountFact
    default: str
    was: int
    seat: int | None


def unplaced_values(frame: Frame, players: int | None) -> str | None:
    """Why no verdict when the question names a card by its value ("un 5": an article before it) and the frame
    placed no card, count or rank there (a number equal to the player count is read as that); None when every such
    value is placed."""
    placed = {card.start for card in frame.cards} | {count.start for count in frame.counts} | {
        rank.start for rank in frame.ranks}
    left = [entity for entity in frame.entities
            if entity.kind == "value" and entity.start not in placed and entity.value != players
            and _ARTICLE_BEFORE.search(frame.text[:entity.start])]
    if not left:
        return None
    said = ", ".join(repr(entity.text) for entity in left)
    return f"the question names card(s) by value ({said}) that the position does not place"


def overridden_counts(frame: Frame, compiled: Mapping[str, Any], unit_names: Callable[[str], Iterable[str]]) -> list[Overridden]:
    """The stated counts of an owner that the compiled position does not hold while a default fact sets the same
    quantity to another number. ``unit_names(unit)`` gives the names of a count's unit (French, English, aliases).

    Where the owner's record has a key named like the quantity, that key must hold the stated count ("I have 5
    coins" is not carried by a reward of 5 elsewhere); where it has none, a stated fact must carry the number."""
    facts = compiled.get("facts") or ()
    stated_numbers = {int(number) for fact in facts if fact.get("source") == "stated"
                      for number in _NUMBER.findall(f"{fact.get('fact', '')} {fact.get('said') or ''}")}
    defaults = [str(fact.get("fact", "")) for fact in facts if fact.get("source") == "default"]
    seats = {name: int(seat) for seat, name in (compiled.get("players") or {}).items()}
    scenario = compiled["variants"][0]["scenario"]
    found = []
    for count in frame.counts:
        if count.owner in _OWNERS_NOT_A_SEAT or count.negative or not count.unit:
            continue
        seat = 0 if count.owner == "self" else seats.get(count.owner)
        held = [record[key] for record, key in _quantity_keys(scenario, Overridden(count, "", 0, seat), unit_names)]
        if count.value in held or not held and count.value in stated_numbers:
            continue
        stems = _stems(unit_names(count.unit))
        for default in defaults:
            others = [int(number) for number, word in _NUMBER_THEN_WORD.findall(default)
                      if fold(word)[:_STEM] in stems and int(number) != count.value
                      and (not held or int(number) in held)]  # another family's default is not this owner's
            if others:
                found.append(Overridden(count, default, others[0], seat))
                break
    return found


def with_stated_count(scenario: Mapping[str, Any], overridden: Overridden,
                      unit_names: Callable[[str], Iterable[str]]) -> dict[str, Any] | None:
    """``scenario`` with the owner's record holding the stated count where it held the default; None when the
    owner has no seat, or no single key of their record, named like the quantity, holds the default."""
    if overridden.seat is None or scenario.get("position") is None:
        return None
    changed = copy.deepcopy(dict(scenario))
    if placed(changed, overridden, unit_names):
        return changed  # this variant holds it already
    keys = [(record, key) for record, key in _quantity_keys(changed, overridden, unit_names)
            if record[key] == overridden.was]
    if len(keys) != 1:
        return None
    record, key = keys[0]
    record[key] = overridden.count.value
    return changed


def placed(scenario: Mapping[str, Any], overridden: Overridden, unit_names: Callable[[str], Iterable[str]]) -> bool:
    """Whether the owner's record in ``scenario`` already holds the stated count under a key named like it."""
    if overridden.seat is None:
        return False
    return any(record[key] == overridden.count.value for record, key in _quantity_keys(scenario, overridden, unit_names))


def _quantity_keys(scenario: Mapping[str, Any], overridden: Overridden,
                   unit_names: Callable[[str], Iterable[str]]) -> list[tuple[dict, str]]:
    """The (record, key) pairs of the owner's records whose key is named like the count's unit, holding a number."""
    if overridden.seat is None:
        return []
    stems = _stems(unit_names(overridden.count.unit or ""))
    return [(record, key) for record in _seat_records(scenario.get("position"), scenario.get("players"), overridden.seat)
            for key, value in record.items()
            if fold(str(key))[:_STEM] in stems and isinstance(value, int) and not isinstance(value, bool)]


def _seat_records(position: Any, players: Any, seat: int) -> list[dict]:
    """The records of ``seat`` in ``position``: the ``seat``-th dict of every list with one dict per player."""
    found: list[dict] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            if isinstance(players, int) and len(node) == players and all(isinstance(item, dict) for item in node) \
                    and seat < len(node):
                found.append(node[seat])
            for item in node:
                walk(item)

    walk(position)
    return found


def _stems(names: Iterable[str]) -> frozenset[str]:
    return frozenset(word[:_STEM] for name in names for word in re.findall(r"[a-z]+", fold(name or ""))
                     if len(word) >= _STEM)


def overridden_reason(overridden: Sequence[Overridden]) -> str:
    """Why a verdict computed over defaults is withdrawn."""
    first = overridden[0]
    whose = "the asker" if first.count.owner == "self" else first.count.owner
    return (f"the question states {first.count.said} {first.count.unit} for {whose}; the position kept the default "
            f"({first.default}) and the verdict changes with it, or the stated count cannot be placed")


def other_count(slot: Any, value: Any) -> Any:
    """A count the slot allows beside ``value`` (the next one up, else down), to replay a default with; None when the
    slot is no plain count (a list, a mapped value, no other choice)."""
    if slot.kind != "count" or isinstance(value, (bool, list)) or not isinstance(value, int):
        return None
    choices = tuple(slot.slot.choices)
    for candidate in (value + 1, value - 1):
        if candidate >= 0 and (not choices or candidate in choices):
            return candidate
    return None


def deciding_defaults(template: Any, values: Mapping[str, Any], stated: Iterable[str], described: Iterable[str],
                      replay: Callable[[Mapping[str, Any]], Any], verdict: Any) -> list[str]:
    """The count slots left at their default whose other value moves the verdict (``replay(values)`` gives the
    verdict of a filled template, None when it cannot be played), of a quantity the question never describes:
    the verdict rests on them, not on the question's facts.

    ``described`` are the glossary terms the question names outside its asking clause: "mon coffre est vide"
    or "la 4e manche" describe the quantity in words a count slot does not read, and the default may be what
    they say; a quantity named only where it is asked ("how many rubies does he spend?") is not described."""
    stated, described = set(stated), set(described)
    deciding = []
    for slot in template.slots:
        if slot.name in stated or slot.name not in values:
            continue
        units = {part for unit in slot.unit for part in unit.split(":")}
        if not units or units & described:
            continue
        other = other_count(slot, values[slot.name])
        if other is None:
            continue
        again = replay({**values, slot.name: other})
        if again is not None and repr(again) != repr(verdict):
            deciding.append(slot.name)
    return deciding


def described_terms(frame: Frame, terms: Mapping[str, Any]) -> frozenset[str]:
    """The glossary terms the question names outside its asking clause, by id and by French and English name;
    of a count, what it counts ("3 coins" in the chest describes coins, not the chest's rubies)."""
    start, end = frame.asking_clause
    described: set[str] = set()
    for entity in frame.entities:
        if start <= entity.start < end:
            continue
        for said in (entity.value, entity.unit):
            if said is None:
                continue
            named = str(said).split(":")[-1]
            term = terms.get(named)
            described |= {named} | ({fold(term.fr), fold(term.en)} if term is not None else set())
    return frozenset(described)
