"""Score the grounder on a labelled probe set: wrong verdicts, right checks, abstentions.

A probe file (``tests/grounding/probe_questions.yaml``) lists questions with a
``kind``: ``covered`` (an edge situation a template family covers, with the
``verdict`` the rules give), ``uncovered`` (a situation no template covers, or a
trap that looks like one) or ``lookup``. An engine check is *right* when the
question is covered and the verdict is the expected one, and *wrong* otherwise:
a wrong verdict on a covered question, or any check on the others, except a
lookup that gives the number the rulebook states (``verdict`` on a lookup: a
state quantity the engine reads, session 7), which is *looked up*. Yes/no
verdicts are compared through the template's labels, so ``You win`` reads as
true and ``the spot is refilled`` as false.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import yaml

from language import fold
from service.grounding.grounder import Grounder

KINDS = ("covered", "uncovered", "lookup")


@dataclass(frozen=True)
class ProbeQuestion:
    """One labelled question; ``verdict`` for ``covered`` ones, and for a lookup whose answer is a number of the
    engine's state."""

    id: str
    game: str
    lang: str
    kind: str
    question: str
    verdict: Any = None


@dataclass
class ProbeReport:
    """Question ids by outcome."""

    right: list[str] = field(default_factory=list)
    wrong: list[tuple[str, Any]] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    abstained: list[str] = field(default_factory=list)
    looked_up: list[str] = field(default_factory=list)
    """Lookups answered from the engine's state with the rulebook's number."""
    covered: int = 0

    @property
    def checked(self) -> int:
        return len(self.right) + len(self.wrong)


def load_probe(path: Path) -> list[ProbeQuestion]:
    """The probe questions of ``path``.

    Raises:
        ValueError: naming the entry and field when one is malformed.
    """
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    questions = []
    for index, entry in enumerate(data.get("questions") or []):
        if entry.get("kind") not in KINDS:
            raise ValueError(f"{path}: questions[{index}].kind: expected one of {list(KINDS)}, got {entry.get('kind')!r}")
        if entry["kind"] == "covered" and entry.get("verdict") is None:
            raise ValueError(f"{path}: questions[{index}].verdict: expected a value for a covered question, got None")
        questions.append(ProbeQuestion(
            str(entry["id"]), entry["game"], entry["lang"], entry["kind"], entry["question"], entry.get("verdict"),
        ))
    return questions


def score_probe(grounder: Grounder, questions: list[ProbeQuestion]) -> ProbeReport:
    """Run every probe question through ``grounder.check`` and sort the outcomes."""
    report = ProbeReport()
    for probe in questions:
        report.covered += probe.kind == "covered"
        grounded = grounder.check(probe.question, probe.game, probe.lang)
        if grounded is None:
            (report.missed if probe.kind == "covered" else report.abstained).append(probe.id)
            continue
        if probe.kind == "covered" and _same(grounded.raw, probe.verdict):
            report.right.append(probe.id)
        elif probe.kind == "lookup" and probe.verdict is not None and _same(grounded.raw, probe.verdict):
            report.looked_up.append(probe.id)
        else:
            report.wrong.append((probe.id, grounded.verdict))
    return report


def _same(said: Any, expected: Any) -> bool:
    """Equal verdicts; names compare without case or accents (``Léa`` is ``lea``)."""
    if isinstance(said, str) and isinstance(expected, str):
        return fold(said) == fold(expected)
    return said == expected
