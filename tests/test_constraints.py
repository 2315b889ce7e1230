"""constraints.txt pins every dependency the project declares, at a version the declaration allows."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent


def _pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        name, _, version = line.partition("==")
        pins[_canonical(name)] = version
    return pins


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    return [Requirement(spec) for spec in project["dependencies"] + extras["test"] + extras["ray"]]


def test_every_line_is_an_exact_pin():
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        assert re.fullmatch(r"[A-Za-z0-9_.\-]+==[A-Za-z0-9_.+\-]+", line), line


def test_every_declared_dependency_is_pinned_within_its_range():
    pins = _pins()
    for requirement in _declared():
        if requirement.name == "arbitre":
            continue
        name = _canonical(requirement.name)
        assert name in pins, f"{requirement.name} is declared in pyproject.toml but not pinned: run scripts/pin_packages"
        version = pins[name].split("+")[0]
        assert requirement.specifier.contains(version, prereleases=True), (requirement, pins[name])
