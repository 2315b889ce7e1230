"""French-aware text normalisation for lexical matching (folding is :func:`language.fold`).

``Normalizer.tokens`` lower-cases and folds accents (``élimine`` → ``elimine``),
strips elided articles (``l’Espionne``, ``qu'il``: both apostrophes), drops
French and English stopwords and applies a light stemmer that folds plurals,
feminine ``e`` and the common verb endings (``éliminez``/``éliminé`` →
``elimin``). Each step is a switch so the evaluation can measure it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from language import fold

__all__ = ["STEMMING_MODES", "Normalizer", "general_vocabulary", "stopwords", "stopwords_by_language"]

STEMMING_MODES = ("none", "plural", "light")

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z0-9]+)*")
_ELIDED = re.compile(r"^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu)'")
_VERB_ENDINGS = ("ees", "ee", "es", "ez", "er", "e")
_MIN_STEM = 4


@cache
def general_vocabulary() -> dict:
    """The shared rules vocabulary of ``index/vocabulary.yaml`` (EN→FR words, stopwords)."""
    text = resources.files("index").joinpath("vocabulary.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


@dataclass(frozen=True)
class Normalizer:
    """Turns text into lexical tokens.

    Args:
        elision: strip elided articles and pronouns (``l'``, ``d'``, ``qu'``...).
        stopwords: drop the French and English stopwords of the general vocabulary.
        stemming: ``"none"``, ``"plural"`` (final s/x) or ``"light"`` (plural,
            feminine e and verb endings).

    Example:
        >>> Normalizer().tokens("L’Espionne éliminée")
        ['espionn', 'elimin']
    """

    elision: bool = True
    stopwords: bool = True
    stemming: str = "light"

    def __post_init__(self) -> None:
        if self.stemming not in STEMMING_MODES:
            raise ValueError(f"stemming: expected one of {STEMMING_MODES}, got {self.stemming!r}")

    def tokens(self, text: str) -> list[str]:
        words = _WORD.findall(fold(text))
        if self.elision:
            words = [_ELIDED.sub("", word) for word in words]
        if self.stopwords:
            stop = stopwords()
            words = [word for word in words if word not in stop]
        return [self.stem(word) for word in words]

    def stem(self, word: str) -> str:
        if self.stemming == "none":
            return word
        if len(word) > _MIN_STEM and word[-1] in "sx":
            word = word[:-1]
        if self.stemming == "light":
            for ending in _VERB_ENDINGS:
                if word.endswith(ending) and len(word) - len(ending) >= _MIN_STEM:
                    return word[: -len(ending)]
        return word


@cache
def stopwords_by_language(language: str) -> frozenset[str]:
    """The accent-folded stopwords of one language (``fr`` or ``en``) of the general vocabulary."""
    lists = general_vocabulary()["stopwords"]
    if language not in lists:
        raise ValueError(f"language: expected one of {sorted(lists)}, got {language!r}")
    return frozenset(fold(word) for word in lists[language])


@cache
def stopwords() -> frozenset[str]:
    """French and English stopwords together (questions mix both)."""
    return frozenset().union(*(stopwords_by_language(language) for language in general_vocabulary()["stopwords"]))
