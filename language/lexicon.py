"""Per-language word lists, read once from ``language/lexicons/<lang>.yaml``.

Language knowledge is data: adding a language is adding a lexicon file with the
same keys (see ``fr.yaml``), not editing code.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources

import yaml

__all__ = ["LANGUAGES", "Lexicon", "lexicon", "stopwords"]

LANGUAGES = ("fr", "en")
"""The languages Arbitre reads questions in; the rulebooks are French."""


@dataclass(frozen=True)
class Lexicon:
    """The word lists of one language (all folded: lower case, no accents).

    Attributes:
        language: ``"fr"`` or ``"en"``.
        function_words: closed-class words; they decide the language and are never evidence.
        question_filler: words of the asking itself (``exactement``, ``happens``).
        question_forms: form name → compiled patterns over the folded question.
        number_words: numbers written out.
        negations: words that make a statement negative.
    """

    language: str
    function_words: frozenset[str]
    question_filler: frozenset[str]
    question_forms: dict[str, tuple[re.Pattern[str], ...]]
    number_words: frozenset[str]
    negations: frozenset[str]


@functools.cache
def lexicon(language: str) -> Lexicon:
    """The lexicon of ``language``.

    Raises:
        ValueError: when ``language`` is not one of :data:`LANGUAGES`.
    """
    if language not in LANGUAGES:
        raise ValueError(f"language: expected one of {LANGUAGES}, got {language!r}")
    text = resources.files("language").joinpath("lexicons", f"{language}.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    return Lexicon(
        language=language,
        function_words=_words(data["function_words"]),
        question_filler=_words(data["question_filler"]),
        question_forms={form: tuple(re.compile(p) for p in patterns) for form, patterns in data["question_forms"].items()},
        number_words=_words(data["number_words"]),
        negations=_words(data["negations"]),
    )


@functools.cache
def stopwords() -> frozenset[str]:
    """Words that carry no evidence about *which* rule a question is about, in every language.

    Questions mix languages ("le Sailor"), so every language's function words and filler count.
    """
    return frozenset().union(*(lexicon(lang).function_words | lexicon(lang).question_filler for lang in LANGUAGES))


def _words(items: list) -> frozenset[str]:
    return frozenset(str(item) for item in items)
