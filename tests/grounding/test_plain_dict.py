"""``as_dict`` returns what ``dataclasses.asdict`` returns, without deep-copying immutable leaves."""

from __future__ import annotations

import enum
from collections import namedtuple
from dataclasses import asdict, dataclass, field
from typing import Any

import pytest

from service.grounding.plain import as_dict

Point = namedtuple("Point", "x y")


class Colour(enum.Enum):
    RED = "red"


@dataclass(frozen=True)
class Inner:
    name: str
    weights: tuple[float, ...]
    point: Point


@dataclass
class Outer:
    verdict: Any
    trace: list[dict[str, Any]]
    readings: tuple[Inner, ...]
    extra: dict[Any, Any] = field(default_factory=dict)
    colour: Colour = Colour.RED
    mutable: set[int] = field(default_factory=lambda: {1, 2})


def _sample() -> Outer:
    inner = Inner("a", (0.5, 1e-7), Point(1, [2, {"z": None}]))
    return Outer(
        verdict=True,
        trace=[{"step": 0, "kind": "reveal", "data": {"cards": [1, 2, 3], "who": None}, "flag": b"x"}],
        readings=(inner, Inner("b", (), Point("p", ("q",)))),
        extra={("k", 1): [inner], 2.5: {"deep": [[1], (2,)]}},
    )


def test_as_dict_equals_asdict_with_types_kept() -> None:
    sample = _sample()
    ours, theirs = as_dict(sample), asdict(sample)
    assert ours == theirs
    assert repr(ours) == repr(theirs)  # the same container types all the way down (namedtuples, tuples, lists)


def test_mutable_leaves_are_copied_and_immutable_ones_shared() -> None:
    sample = _sample()
    ours = as_dict(sample)
    assert ours["mutable"] == sample.mutable and ours["mutable"] is not sample.mutable  # deep-copied, as asdict does
    assert ours["trace"][0] is not sample.trace[0] and ours["trace"][0]["data"]["cards"] is not sample.trace[0]["data"]["cards"]
    assert ours["readings"][0]["name"] is sample.readings[0].name


def test_only_dataclass_instances() -> None:
    with pytest.raises(TypeError):
        as_dict(Outer)
    with pytest.raises(TypeError):
        as_dict({"a": 1})


def test_engine_check_and_explanation_dicts_are_unchanged() -> None:
    from service.grounding.results import EngineCheck, Reading

    reading = Reading(**{name: None for name in Reading.__dataclass_fields__})
    check = EngineCheck(scenario={"position": {"families": [{"rubies": 3}]}, "steps": [{"type": "reveal"}]},
                        outcome="ok", verdict=3, trace=[{"step": 0, "data": {"seat": 1}}], assumptions=["x"],
                        agrees_with_text=None, readings=(reading,))
    assert repr(check.to_dict()) == repr(asdict(check))
