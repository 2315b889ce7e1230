"""Scenario text as designers write it (YAML, or JSON, which is YAML), with the line of every field.

:func:`parse_scenario_text` reads a scenario and remembers where each field is
written, so an error about ``steps[2].type`` (a :class:`ScenarioError` path, from
parsing or from running) can say ``line 9``. Only what JSON can say is accepted:
mappings, lists, strings, integers, finite numbers, booleans and null. Anchors
and aliases, dates, binary data and documents nested past ``max_depth`` are
refused with the line, so a pasted scenario cannot expand into something huge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import yaml

from engine.core.scenario import ScenarioError

__all__ = ["ScenarioText", "parse_scenario_text"]

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_TAG = "tag:yaml.org,2002:"
_SCALARS = {f"{_TAG}str", f"{_TAG}int", f"{_TAG}float", f"{_TAG}bool", f"{_TAG}null"}


@dataclass(frozen=True)
class ScenarioText:
    """A parsed scenario and the 1-based line where each field path is written."""

    data: Any
    lines: dict[str, int] = field(default_factory=dict)

    def line_of(self, path: str) -> int | None:
        """The line of ``path`` (``steps[2].type``), else of its nearest written parent."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = _parent(path)
        return self.lines.get("")


def parse_scenario_text(text: str, *, max_depth: int = 32) -> ScenarioText:
    """Parse a YAML (or JSON) scenario.

    Raises:
        ScenarioError: not YAML (``path`` ``<yaml>``, the message starts with ``line N``), or a value
            JSON cannot hold (``path`` names the field, the message gives its line).
    """
    try:
        for token in yaml.scan(text, Loader=_LOADER):
            if isinstance(token, (yaml.AnchorToken, yaml.AliasToken)):
                raise ScenarioError("<yaml>", f"line {token.start_mark.line + 1}: anchors and aliases (& and *) "
                                              "are not accepted; write the value out")
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise ScenarioError("<yaml>", f"{where}not valid YAML: {error.problem or error}") from None
    except yaml.YAMLError as error:
        raise ScenarioError("<yaml>", f"not valid YAML: {error}") from None
    if node is None:
        raise ScenarioError("<root>", "line 1: the scenario is empty")
    lines: dict[str, int] = {}
    return ScenarioText(_Reader(lines, max_depth).value(node, "", 0), lines)


class _Reader:
    """Walks the composed nodes, recording lines and building plain values (one per parse: not thread-safe)."""

    def __init__(self, lines: dict[str, int], max_depth: int) -> None:
        self.lines = lines
        self.max_depth = max_depth
        self.scalars = yaml.SafeLoader("")

    def value(self, node: yaml.Node, path: str, depth: int) -> Any:
        return _value(self, node, path, depth)

    def scalar(self, node: yaml.Node) -> Any:
        return self.scalars.construct_object(node)


def _value(reader: _Reader, node: yaml.Node, path: str, depth: int) -> Any:
    lines, max_depth = reader.lines, reader.max_depth
    lines.setdefault(path, node.start_mark.line + 1)
    where = path or "<root>"
    if depth > max_depth:
        raise ScenarioError(where, f"line {node.start_mark.line + 1}: nested deeper than {max_depth} levels")
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _key(reader, key_node, path)
            child = f"{path}.{key}" if path else str(key)
            lines[child] = key_node.start_mark.line + 1
            result[key] = _value(reader, value_node, child, depth + 1)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_value(reader, item, f"{path}[{index}]", depth + 1) for index, item in enumerate(node.value)]
    if node.tag not in _SCALARS:
        raise ScenarioError(where, f"line {node.start_mark.line + 1}: {node.value!r} reads as "
                                   f"{node.tag.removeprefix(_TAG)}; quote it to make it text")
    value = reader.scalar(node)
    if isinstance(value, float) and not math.isfinite(value):
        raise ScenarioError(where, f"line {node.start_mark.line + 1}: {node.value!r} is not a finite number")
    return value


def _key(reader: _Reader, node: yaml.Node, path: str) -> str | int:
    if isinstance(node, yaml.ScalarNode) and node.tag in _SCALARS and node.tag != f"{_TAG}float":
        return reader.scalar(node)
    raise ScenarioError(path or "<root>", f"line {node.start_mark.line + 1}: a key must be text, an integer or a boolean")


def _parent(path: str) -> str:
    cut = max(path.rfind("."), path.rfind("["))
    return path[:cut] if cut > 0 else ""
