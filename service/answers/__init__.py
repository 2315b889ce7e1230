"""Answers: a ruling by question form, verified quotes (and their English), calibrated confidence, abstention."""

from service.answers.answer_types import Expectation, expected_answers, gives_answer
from service.answers.calibration import AnswerModels, default_models, expected_calibration_error, reliability
from service.answers.compose import LANGUAGES, Answer, Citation, HitLike, compose_answer
from service.answers.corpus import CorpusTexts, QuoteMismatchError, Rulebook
from service.answers.evidence import Evidence
from service.answers.metadata import unstated_field
from language import detect_language
from service.answers.rulings import Ruling

__all__ = [
    "AnswerModels",
    "Ruling",
    "default_models",
    "expected_calibration_error",
    "reliability",
    "Answer",
    "Citation",
    "CorpusTexts",
    "Evidence",
    "Expectation",
    "HitLike",
    "LANGUAGES",
    "QuoteMismatchError",
    "Rulebook",
    "compose_answer",
    "detect_language",
    "expected_answers",
    "gives_answer",
    "unstated_field",
]
