"""Extractive answers with verified quotes, and the evidence that decides abstention."""

from service.answers.answer_types import Expectation, expected_answers, gives_answer
from service.answers.compose import LANGUAGES, Answer, Citation, HitLike, compose_answer
from service.answers.corpus import CorpusTexts, QuoteMismatchError, Rulebook
from service.answers.evidence import ABSTAIN_BELOW, Evidence
from service.answers.metadata import unstated_field
from language import detect_language

__all__ = [
    "ABSTAIN_BELOW",
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
