"""Scenario templates: a scenario with ``slots`` that a question can fill.

A template is an ordinary scenario file with three extra fields::

    questions:                 # how players ask it (indexed beside the rules)
      fr: ["Mon Marchand au Village rapporte combien ?"]
      en: ["How much does my Merchant earn in the Village?"]
    slots:                     # what may vary, with the value used when nothing is said
      card: {kind: card, default: Marchand}
      location: {kind: location, default: Village}
    answer:                    # how to read the verdict off the result
      type: number             # yes_no | number | player | text
      value: {event_sum: {kind: coins_gained, field: amount, match: {data: {source: Marchand}}}}

A slot may also give ``map`` (value -> what to render), when the position needs
something derived from the value a question gives: ``reserved: {kind: count,
default: 3, map: {2: [11, 12], 3: [11, 12, 13]}}`` renders the list; the map's
keys are then the slot's allowed values.

Anywhere in the scenario, a string ``"${card}"`` is replaced by the slot value
(keeping its type, so ``"${count}"`` can become ``3``), and ``${card}`` inside a
longer string is replaced textually. Unfilled slots take their defaults, so a
template is also a runnable regression scenario.

Verdict specs (``answer``):

- ``type: yes_no`` with ``yes_if`` (or ``no_if``): ``{accepted: STEP}``,
  ``{rejected: STEP}``, ``{event: PATTERN}``, ``{state: {PATH: VALUE}}``,
  ``{observation: {player: SEAT, PATH: VALUE}}`` (what one seat sees; ``SEAT``
  is a number: ``answer`` is not rendered) or combinations via ``all``/``any``/``not``.
- ``type: number`` with ``value``: ``{state: PATH}``, ``{delta: PATH}`` (final
  minus initial), ``{observation: {player: SEAT, path: PATH}}``,
  ``{event_sum: {kind, field, match}}``, ``{event_count: PATTERN}``.
- ``type: player`` with ``value: {winners: true}`` or a number spec.
- ``type: text`` with ``value: {state: PATH}``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from engine.core.budget import RunBudget
from engine.core.scenario import ScenarioError, ScenarioResult, _matches, resolve_path

_WHOLE = re.compile(r"^\$\{([a-z_][a-z0-9_]*)\}$")
_INNER = re.compile(r"\$\{([a-z_][a-z0-9_]*)\}")
VERDICT_TYPES = ("yes_no", "number", "player", "text")


@dataclass(frozen=True)
class Slot:
    name: str
    kind: str
    default: Any
    choices: tuple[Any, ...] = ()
    role: str | None = None
    map: Mapping[Any, Any] | None = None


def slots_of(scenario: Mapping[str, Any]) -> dict[str, Slot]:
    """The declared slots; ``ScenarioError`` names a malformed one."""
    raw = scenario.get("slots") or {}
    if not isinstance(raw, Mapping):
        raise ScenarioError("slots", "expected a mapping of slot name to {kind, default}")
    slots = {}
    for name, spec in raw.items():
        if not isinstance(spec, Mapping) or "kind" not in spec or "default" not in spec:
            raise ScenarioError(f"slots.{name}", "expected {kind, default[, choices, role]}")
        mapping = spec.get("map")
        if mapping is not None and not isinstance(mapping, Mapping):
            raise ScenarioError(f"slots.{name}.map", f"expected a mapping of value to rendered value, got {mapping!r}")
        choices = tuple(spec.get("choices") or (mapping or {}).keys())
        slots[name] = Slot(name, spec["kind"], spec["default"], choices, spec.get("role"), mapping)
    return slots


def render(
    scenario: Mapping[str, Any], values: Mapping[str, Any] | None = None, *, budget: RunBudget | None = None,
) -> dict[str, Any]:
    """The scenario with every ``${slot}`` replaced (defaults for unfilled slots).

    Args:
        budget: when given, every node expanded and every character produced
            counts against it (a slot value repeated thousands of times stops early).

    Raises:
        ScenarioError: an unknown slot is filled, a value is outside the slot's
            ``choices``, or a placeholder names no slot.
        ScenarioBudgetExceeded: the expansion runs past ``budget``.
    """
    slots = slots_of(scenario)
    values = dict(values or {})
    unknown = sorted(set(values) - set(slots))
    if unknown:
        raise ScenarioError(f"slots.{unknown[0]}", f"no such slot; the template has {sorted(slots)}")
    filled = {}
    for name, slot in slots.items():
        value = values.get(name, slot.default)
        if slot.choices and value not in slot.choices:
            raise ScenarioError(f"slots.{name}", f"expected one of {list(slot.choices)}, got {value!r}")
        filled[name] = slot.map[value] if slot.map is not None else value
    body = {k: v for k, v in scenario.items() if k not in ("questions", "slots", "answer")}
    spend = budget.spend_chars if budget else _spend_nothing
    sizes = {name: len(str(value)) for name, value in filled.items()} if budget else {}
    rendered = _substitute(body, filled, "", spend, sizes)
    for key in ("questions", "slots", "answer"):
        if key in scenario:
            rendered[key] = scenario[key]
    return rendered


def verdict(answer: Mapping[str, Any], result: ScenarioResult, initial: Mapping[str, Any]) -> Any:
    """Read the verdict the template's ``answer`` spec asks for off a run.

    Returns ``"oui"``/``"non"`` semantics as booleans for ``yes_no``, a number, a
    list of winning seats, or a value; ``None`` when the spec cannot be read
    (for example a path absent from the position).
    """
    kind = answer.get("type")
    if kind not in VERDICT_TYPES:
        raise ScenarioError("answer.type", f"expected one of {list(VERDICT_TYPES)}, got {kind!r}")
    if kind == "yes_no":
        if "yes_if" in answer:
            return _condition(answer["yes_if"], result, initial)
        if "no_if" in answer:
            return not _condition(answer["no_if"], result, initial)
        raise ScenarioError("answer", "a yes_no answer needs yes_if or no_if")
    spec = answer.get("value")
    if not isinstance(spec, Mapping):
        raise ScenarioError("answer.value", "expected a value spec")
    return _value(spec, result, initial)


def _condition(spec: Any, result: ScenarioResult, initial: Mapping[str, Any]) -> bool:
    if not isinstance(spec, Mapping) or len(spec) != 1:
        raise ScenarioError("answer.yes_if", f"expected one condition, got {spec!r}")
    (op, arg), = spec.items()
    if op == "all":
        return all(_condition(s, result, initial) for s in arg)
    if op == "any":
        return any(_condition(s, result, initial) for s in arg)
    if op == "not":
        return not _condition(arg, result, initial)
    if op in ("accepted", "rejected"):
        step = result.steps[arg] if -len(result.steps) <= arg < len(result.steps) else None
        if step is None:
            return False
        was_rejected = any(e.is_rejection for e in step.events)
        return was_rejected if op == "rejected" else not was_rejected
    if op == "event":
        return any(_matches(e.to_dict(), arg) for e in result.events)
    if op == "state":
        try:
            return all(_matches(resolve_path(result.final_state, p), v) for p, v in arg.items())
        except (KeyError, IndexError, TypeError, ValueError):
            return False
    if op == "observation":
        view = result.observations.get(arg.get("player")) if isinstance(arg, Mapping) else None
        if view is None:
            return False
        try:
            return all(_matches(resolve_path(view, p), v) for p, v in arg.items() if p != "player")
        except (KeyError, IndexError, TypeError, ValueError):
            return False
    raise ScenarioError("answer", f"unknown condition {op!r}")


def _value(spec: Mapping[str, Any], result: ScenarioResult, initial: Mapping[str, Any]) -> Any:
    (op, arg), = spec.items()
    try:
        if op == "state":
            return resolve_path(result.final_state, arg)
        if op == "observation":
            return resolve_path(result.observations[arg["player"]], arg["path"])
        if op == "delta":
            return resolve_path(result.final_state, arg) - resolve_path(initial, arg)
        if op == "winners":
            return result.winners
        if op == "scores":
            return result.scores
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    if op == "event_count":
        return sum(1 for e in result.events if _matches(e.to_dict(), arg))
    if op == "event_sum":
        pattern = arg.get("match") or {}
        if "kind" in arg:
            pattern = {**pattern, "kind": arg["kind"]}
        total = 0
        for event in result.events:
            payload = event.to_dict()
            if _matches(payload, pattern):
                total += payload["data"].get(arg["field"], 0)
        return total
    raise ScenarioError("answer.value", f"unknown value spec {op!r}")


Spend = Callable[[int, str], None]


def _spend_nothing(count: int, where: str) -> None:
    return None


def _substitute(node: Any, values: Mapping[str, Any], path: str, spend: Spend, sizes: Mapping[str, int]) -> Any:
    if isinstance(node, str):
        whole = _WHOLE.match(node)
        if whole:
            value = _lookup(values, whole.group(1), path)
            spend(sizes.get(whole.group(1), 1), path or "<root>")
            return value
        # Counted before the string is built, so an expansion over budget never allocates.
        spend(len(node) + sum(sizes.get(m.group(1), 0) for m in _INNER.finditer(node)), path or "<root>")
        return _INNER.sub(lambda m: str(_lookup(values, m.group(1), path)), node)
    if isinstance(node, Mapping):
        return {
            _substitute(k, values, path, spend, sizes) if isinstance(k, str) else k:
                _substitute(v, values, f"{path}.{k}".lstrip("."), spend, sizes)
            for k, v in node.items()
        }
    if isinstance(node, list):
        spend(1, path or "<root>")
        return [_substitute(item, values, f"{path}[{i}]", spend, sizes) for i, item in enumerate(node)]
    return node


def _lookup(values: Mapping[str, Any], name: str, path: str) -> Any:
    if name not in values:
        raise ScenarioError(path or "<root>", f"placeholder ${{{name}}} names no slot; slots are {sorted(values)}")
    return values[name]
