"""Confidence that means something: calibrated probabilities, and the measures that check them.

Two logistic models over :data:`ANSWER_FEATURES`, fit on the training questions with
cross-validation by ``scripts/fit_answers.py``:

* ``confidence``: P(the ruling is right) — right meaning the referee's answer's
  keywords are all in it; an unanswerable question answered counts as wrong;
* ``answerable``: P(the rules answer the question), fit on the answers the rules engine
  does not check (those never abstain); the answer abstains below
  :attr:`AnswerModels.abstain_below`, the threshold chosen on the training questions'
  out-of-fold probabilities (folds by game) for at most 4 % false abstentions.

:func:`reliability` and :func:`expected_calibration_error` measure how well a
probability matches the observed frequency (``docs/calibration.md``).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from language import COUNT, POLAR
from service.answers.abstention import QuestionSignals
from service.answers.evidence import Evidence
from service.answers.linear import LinearModel, load_model
from service.answers.polarity import PolarityPolicy, load_policy
from service.answers.rulings import Ruling

__all__ = ["ANSWER_FEATURES", "ENGINE_METHODS", "AnswerModels", "Bin", "answer_features", "default_models", "engine_cell",
           "engine_confidence", "expected_calibration_error", "reliability", "verdict_kind"]

ANSWER_FEATURES = (
    "best_sentence",
    "best_margin",
    "coverage",
    "unknown",
    "relevance",
    "answer_type_given",
    "form_polar",
    "form_count",
    "ruling_polarity",
    "ruling_number",
    "polarity_certainty",
    "english",
    "translated",
    "foreign",
    "alternative",
)
"""The answer-level features, in vector order."""
DEFAULT_ABSTAIN_BELOW = 0.5
DEFAULT_SECOND_QUOTE_RATIO = 0.5
KNOWN_GAP_MODEL = Path(__file__).parent / "models" / "known_gap.json"
"""The known-gap gate's threshold and its fit report (``scripts/fit_answers.py``)."""
ENGINE_CONFIDENCE_MODEL = Path(__file__).parent / "models" / "engine_confidence.json"
"""How often an engine-checked verdict of each method and kind was right on the training questions
(``scripts/fit_answers.py``)."""
VERDICT_KINDS = ("yes", "no", "number", "name", "text", "open")
ENGINE_METHODS = ("frame", "template", "quantity", "legality")
"""How an engine check was set up: a typed frame compiled from the question, a matched scenario template, a
state quantity read off the engine (``service/grounding/quantity.py``), or the legal actions searched for a
"can I …?" move (``service/grounding/legality.py``)."""
UNFIT_ENGINE_CONFIDENCE = 0.5
"""An engine-checked answer's confidence before the table is fit (no ``engine_confidence.json``): a coin's."""


@dataclass(frozen=True)
class AnswerModels:
    """The fitted models of answer composition and their thresholds (``abstain_below``, ``known_gap_at``: training CV).

    Any model may be None (not fit yet): the answer then falls back to the retriever's
    order and the evidence strength.
    """

    reranker: LinearModel | None
    polarity: LinearModel | None
    confidence: LinearModel | None
    answerable: LinearModel | None
    abstain_below: float = DEFAULT_ABSTAIN_BELOW
    second_quote_ratio: float = DEFAULT_SECOND_QUOTE_RATIO
    known_gap_at: float = math.inf
    """Abstain on a known gap whose phrasing's specificity reaches this (:func:`service.answers.gaps.match`);
    infinite (never) until fit."""
    reading: PolarityPolicy | None = None
    """When the reading of the rule decides a yes/no ruling before the polarity model (:mod:`.polarity`)."""


@functools.cache
def default_models() -> AnswerModels:
    """The models saved under ``service/answers/models/``, thresholds from the answerable model's report
    and from ``known_gap.json``."""
    answerable = load_model("answerable")
    report = answerable.report if answerable else {}
    gap_at = json.loads(KNOWN_GAP_MODEL.read_text(encoding="utf-8"))["threshold"] if KNOWN_GAP_MODEL.is_file() else math.inf
    return AnswerModels(
        load_model("reranker"), load_model("polarity"), load_model("confidence"), answerable,
        float(report.get("abstain_below", DEFAULT_ABSTAIN_BELOW)),
        float(report.get("second_quote_ratio", DEFAULT_SECOND_QUOTE_RATIO)),
        float(gap_at),
        load_policy(),
    )


def answer_features(form: str, ruling: Ruling, sentence_probabilities: Sequence[float], evidence: Evidence,
                    language: str, translated: bool, question: QuestionSignals) -> tuple[float, ...]:
    """The :data:`ANSWER_FEATURES` of one answer."""
    best = sentence_probabilities[0] if sentence_probabilities else 0.0
    second = sentence_probabilities[1] if len(sentence_probabilities) > 1 else 0.0
    return (
        best,
        best - second,
        evidence.coverage,
        evidence.unknown,
        evidence.relevance,
        float(evidence.answer_type_given),
        float(form == POLAR),
        float(form == COUNT),
        float(ruling.kind in ("yes", "no")),
        float(ruling.kind == "number"),
        ruling.probability if ruling.kind in ("yes", "no") else 0.0,
        float(language == "en"),
        float(translated),
        question.foreign,
        float(question.alternative),
    )


def verdict_kind(raw: object, verdict_type: str = "") -> str:
    """The kind of an engine verdict before wording (:data:`VERDICT_KINDS`).

    Args:
        raw: ``GroundedAnswer.raw``: a bool, a number, a name or a description.
        verdict_type: what a frame asks (``GroundedAnswer.verdict_type``); a ``text`` verdict is a description
            ("captured by Resonance: …"), not a name.
    """
    if isinstance(raw, bool):
        return "yes" if raw else "no"
    if raw == "open" or raw is None:
        return "open"
    if verdict_type == "text":
        return "text"
    return "number" if isinstance(raw, (int, float)) else "name"


def engine_confidence(raw: object, method: str = "frame", verdict_type: str = "", score: float = 1.0) -> float:
    """P(an engine-checked answer is right): the fitted table's value for its method (:data:`ENGINE_METHODS`) and
    verdict kind (a "no" is wrong more often: a move the question describes loosely is refused by
    the engine), times a template's match ``score`` when the fit chose that (``scaled_by_template_score``).

    Raises:
        ValueError: when ``method`` is not one of :data:`ENGINE_METHODS`.
    """
    if method not in ENGINE_METHODS:
        raise ValueError(f"method: expected one of {ENGINE_METHODS}, got {method!r}")
    table, scaled = _engine_table()
    p = float(table.get(engine_cell(method, verdict_kind(raw, verdict_type)), UNFIT_ENGINE_CONFIDENCE))
    return p * score if scaled and method == "template" else p


def engine_cell(method: str, kind: str) -> str:
    """The key of a method and verdict kind in ``engine_confidence.json``'s ``by_cell`` ("template/yes")."""
    return f"{method}/{kind}"


@functools.cache
def _engine_table() -> tuple[dict[str, float], bool]:
    if not ENGINE_CONFIDENCE_MODEL.is_file():
        return {}, False
    fitted = json.loads(ENGINE_CONFIDENCE_MODEL.read_text(encoding="utf-8"))
    return {cell: row["p"] for cell, row in fitted["by_cell"].items()}, bool(fitted.get("scaled_by_template_score"))


@dataclass(frozen=True)
class Bin:
    """One bin of a reliability diagram: predictions in ``[low, high)``."""

    low: float
    high: float
    count: int
    mean_predicted: float
    observed: float


def reliability(probabilities: Sequence[float], outcomes: Sequence[bool], bins: int = 10) -> list[Bin]:
    """Equal-width bins of predicted probability with the observed frequency in each (empty bins left out).

    Raises:
        ValueError: when the two sequences differ in length or ``bins`` < 1.
    """
    if len(probabilities) != len(outcomes):
        raise ValueError(f"outcomes: expected {len(probabilities)} values (one per probability), got {len(outcomes)}")
    if bins < 1:
        raise ValueError(f"bins: expected at least 1, got {bins}")
    grouped: list[list[tuple[float, bool]]] = [[] for _ in range(bins)]
    for probability, outcome in zip(probabilities, outcomes):
        grouped[min(bins - 1, max(0, math.floor(probability * bins)))].append((probability, bool(outcome)))
    return [
        Bin(index / bins, (index + 1) / bins, len(members), sum(p for p, _ in members) / len(members),
            sum(o for _, o in members) / len(members))
        for index, members in enumerate(grouped) if members
    ]


def expected_calibration_error(probabilities: Sequence[float], outcomes: Sequence[bool], bins: int = 10) -> float:
    """Σ over bins of (share of predictions in the bin) × |mean predicted − observed frequency|."""
    total = len(probabilities)
    if not total:
        return 0.0
    return sum(b.count / total * abs(b.mean_predicted - b.observed) for b in reliability(probabilities, outcomes, bins))
