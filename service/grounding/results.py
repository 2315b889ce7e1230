"""The typed result of grounding: what the engine was asked, on which position, and why.

:class:`GroundedAnswer` is what :meth:`Grounder.check` returns and what the
answer layer and the HTTP schema (``service/api/schemas/ask.py`` mirrors each
class here) receive. Every fact of the position the engine ran carries its
:class:`Provenance`: said in the question, or a default that reruns showed not
to change the verdict. When a default (or a named assumption) does change it,
the answer lists the :class:`Reading` under each option instead of pretending
the question settles it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Sequence

from service.answers.compose import Citation
from service.grounding.plain import as_dict
from service.grounding.wording import MAX_QUOTED, quoted_rules

STATED, DEFAULT, RULE = "stated", "default", "rule"
Source = Literal["stated", "default", "rule"]
"""Said in the question, a neutral default, or settled by a rulebook sentence the fact quotes."""


@dataclass(frozen=True)
class Provenance:
    """One fact of the run position: ``what`` it is, and whether the question said it.

    ``said`` is the question's words for a stated fact; for a default,
    ``decisive`` tells whether reruns under other defaults moved the verdict.
    """

    fact: str
    source: Source
    said: str | None = None
    decisive: bool = False


@dataclass(frozen=True)
class Reading:
    """The verdict under one option of something the question leaves open (a default or a named assumption)."""

    about: str
    option: Any
    verdict: Any


@dataclass(frozen=True)
class PassedOver:
    """A better-scored candidate that was not used, and why (the question's form, a requirement, a stray fact...)."""

    template: str
    score: float
    reason: str


@dataclass(frozen=True)
class EngineCheck:
    """``/v1/ask``'s ``engine_check``: the run, its verdict and what it rests on."""

    scenario: dict[str, Any]
    outcome: str
    verdict: str | int | float | None
    trace: list[dict[str, Any]]
    assumptions: list[str]
    agrees_with_text: bool | None
    method: Literal["template", "frame", "quantity", "legality"] = "template"
    readings: tuple[Reading, ...] = ()
    open: bool = False
    """True when the verdict moves with something the question does not say (``readings`` give each way)."""

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self)


@dataclass(frozen=True)
class Explanation:
    """``explain``: how the question became a position (the template or the frame), and what was passed over."""

    template: dict[str, Any] | None
    entities: list[dict[str, Any]]
    slots: dict[str, Any]
    position: Any
    steps: list[dict[str, Any]]
    by_assumption: list[dict[str, Any]]
    passed_over: list[PassedOver] = field(default_factory=list)
    frame: dict[str, Any] | None = None
    provenance: list[Provenance] = field(default_factory=list)
    declined: str | None = None
    """Why the question got no engine verdict although a check had started (the wall-clock fuse blew, or the
    position compiled does not answer what is asked: :class:`Declined`)."""

    @classmethod
    def of_declined(cls, reason: str) -> "Explanation":
        """The explanation of an answer from the text whose engine check was stopped: ``reason`` says why."""
        return cls(template=None, entities=[], slots={}, position=None, steps=[], by_assumption=[], declined=reason)

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self)


@dataclass(frozen=True)
class Declined:
    """A position the grounder compiled and withdrew: it does not answer what the question asks (``reason``, shown
    as ``explain.declined``); the question gets the text's answer."""

    reason: str


@dataclass(frozen=True)
class GroundedAnswer:
    """An engine-checked answer: its wording's parts, the cited rules, the check and its explanation.

    The text is worded from parts, never patched: ``head`` (the verdict first), the quoted rules,
    then ``account`` (what the engine did). :attr:`text` quotes the engine's own first rules; the
    referee words it with the decisive rules instead (:meth:`worded`, :mod:`.decisive`).
    ``score`` is how well the question fits what was run (a template's match
    score; 1.0 for a frame whose every fact was placed). ``raw`` is the verdict
    before wording: a bool for yes/no, a number, a player's name.
    """

    head: str
    account: str
    language: str
    check: EngineCheck
    citations: tuple[Citation, ...]
    explanation: Explanation
    score: float
    raw: Any = None
    verdict_type: str = ""
    """What a frame asks (``yes_no``, ``number``, ``player``, ``card``, ``text``); "" for a template."""
    deciding: int = 0
    """How many of the leading ``citations`` cite the rules of the events the verdict is read from (the rest cite
    the other rules the engine applied on the way: set-up, turn order, bookkeeping)."""

    def worded(self, rules: Sequence[Citation]) -> str:
        """The answer quoting ``rules`` (each of them, in order) between the verdict and the account."""
        quoted = quoted_rules(rules, self.language, most=len(rules))
        return " ".join(part for part in (self.head, quoted, self.account) if part)

    @property
    def text(self) -> str:
        """The answer quoting the engine's first rules (:data:`~.wording.MAX_QUOTED`)."""
        return self.worded(self.citations[:MAX_QUOTED])

    @property
    def verdict(self) -> Any:
        return self.check.verdict

    @property
    def agrees_with_text(self) -> bool | None:
        return self.check.agrees_with_text

    @property
    def engine_check(self) -> dict[str, Any]:
        """The check as a plain dict (``/v1/ask``'s ``engine_check``)."""
        return self.check.to_dict()

    @property
    def explain(self) -> dict[str, Any]:
        """The explanation as a plain dict (``/v1/ask``'s ``explain``)."""
        return self.explanation.to_dict()
