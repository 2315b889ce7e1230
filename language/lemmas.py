"""Forms of one word, French and English: "posera", "posé" and "poser" are one verb, "wins" and "win" one.

The frame parser reads what a question asks from lexicon entries (``corpus/<game>/lexicon.yaml``);
a lexicon lists some forms of a verb, a player says any ("qui remportera", "je toucherai",
"who gets"). Two words are forms of one word here when, in one language, their Snowball stems
are equal (regular inflection: "gagne", "gagnera", "gagnerait") or simplemma's dictionary gives
them one lemma (irregular ones: "pris" / "prendre", "got" / "get"). Both ship with their
packages: no model download.
"""

from __future__ import annotations

import functools
import threading

import simplemma
import snowballstemmer

from language.folding import fold
from language.lexicon import LANGUAGES

__all__ = ["is_dictionary_form", "lemma_keys", "load_dictionaries", "same_word", "same_word_in"]

_SNOWBALL = {"fr": "french", "en": "english"}
_MIN_STEM = 3
"""Shorter stems say too little ("a", "es"): such words are only ever equal to themselves."""


_PER_THREAD = threading.local()


def load_dictionaries() -> None:
    """Read simplemma's dictionaries of every language now: it reads one on its first use (0.4 s), which a
    server does during warm-up rather than in a worker's first question."""
    for language in LANGUAGES:
        simplemma.is_known("a", lang=language)


def _stemmer(language: str):
    """This thread's stemmer for ``language``: a Snowball stemmer keeps its cursor in the object, so two request
    threads stemming with one object corrupt each other's word (an ``AssertionError`` from inside ``stemWord``)."""
    stemmers = _PER_THREAD.__dict__.setdefault("stemmers", {})
    if language not in stemmers:
        stemmers[language] = snowballstemmer.stemmer(_SNOWBALL[language])
    return stemmers[language]


@functools.lru_cache(maxsize=32768)
def lemma_keys(word: str) -> frozenset[str]:
    """What identifies ``word`` up to inflection: ``"<language>:<stem>"`` (Snowball, on the folded word) and
    ``"<language>=<lemma>"`` where the language's dictionary knows the word (as typed: "reçoit"; or folded).

    Example:
        >>> sorted(lemma_keys("gagnera"))
        ['en:gagnera', 'fr:gagn', 'fr=gagner']
    """
    folded = fold(word)
    keys = set()
    for language in LANGUAGES:
        stem = _stemmer(language).stemWord(folded)
        if len(stem) >= _MIN_STEM:
            keys.add(f"{language}:{stem}")
        for form in dict.fromkeys((word.lower(), folded)):
            lemma = simplemma.lemmatize(form, lang=language)
            if lemma.lower() != form or simplemma.is_known(form, lang=language):
                keys.add(f"{language}={fold(lemma)}")
                break
    return frozenset(keys)


@functools.lru_cache(maxsize=1 << 16)  # the frame parser compares the same (question word, entry word) pairs again
def same_word(word: str, other: str) -> bool:
    """Whether ``word`` and ``other`` are forms of one word in one language.

    Example:
        >>> same_word("remportera", "remporte"), same_word("got", "get"), same_word("rendre", "prendre")
        (True, True, False)
    """
    return fold(word) == fold(other) or bool(lemma_keys(word) & lemma_keys(other))


@functools.lru_cache(maxsize=1 << 16)
def same_word_in(word: str, other: str, language: str) -> bool:
    """:func:`same_word` in ``language`` only: "ranger" is no form of "range" though French stems both "rang"."""
    if fold(word) == fold(other):
        return True
    return bool({k for k in lemma_keys(word) if k[2:3] in ":=" and k[:2] == language}
                & {k for k in lemma_keys(other) if k[:2] == language})


@functools.lru_cache(maxsize=1 << 14)
def is_dictionary_form(word: str, language: str) -> bool:
    """Whether ``word`` is its own lemma in ``language`` ("take", « payer »), not an inflected form ("took", « paie »);
    a word the dictionary does not know counts as its own."""
    folded = fold(word)
    return fold(simplemma.lemmatize(folded, lang=language)) == folded
