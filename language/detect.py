"""Which language a question is in: French or English, from function words.

A question is short, so this counts the few words that differ most between the
languages (the function words one lexicon has and the other lacks) instead of
calling a model; accents break ties towards French.
"""

from __future__ import annotations

import functools

from language.folding import fold
from language.lexicon import LANGUAGES, lexicon
from language.tokens import words

__all__ = ["detect_language"]


def detect_language(text: str) -> str:
    """``"fr"`` or ``"en"``.

    Example:
        >>> detect_language("Does the Sailor double a loss too?")
        'en'
    """
    french_only, english_only = _distinctive()
    tokens = words(text)
    french = sum(token in french_only for token in tokens)
    english = sum(token in english_only for token in tokens)
    if english != french:
        return "en" if english > french else "fr"
    return "fr" if fold(text) != text.lower() else ("en" if english else "fr")


@functools.cache
def _distinctive() -> tuple[frozenset[str], frozenset[str]]:
    french, english = (lexicon(language).function_words for language in LANGUAGES)
    return french - english, english - french
