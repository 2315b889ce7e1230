"""Extractive answers with verified quotes, and the evidence that decides abstention."""

from service.answers.compose import LANGUAGES, Answer, Citation, HitLike, compose_answer
from service.answers.corpus import CorpusTexts, QuoteMismatchError, Rulebook
from service.answers.evidence import ABSTAIN_BELOW, Evidence
from service.answers.text import detect_language

__all__ = [
    "ABSTAIN_BELOW",
    "Answer",
    "Citation",
    "CorpusTexts",
    "Evidence",
    "HitLike",
    "LANGUAGES",
    "QuoteMismatchError",
    "Rulebook",
    "compose_answer",
    "detect_language",
]
