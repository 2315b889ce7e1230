"""Words of a text: folded, with offsets into the original, singular keys and crude stems.

Three granularities, each for one use:

* :func:`tokens`: every word with its ``(start, end)`` in the unfolded text and its
  singular ``key`` (entity recognition points back at what the player typed);
* :func:`words`: the folded alphanumeric words (comparisons that need no offsets);
* :func:`stem` / :func:`content_stems`: crude stems of the words that can point at a
  rule, for weighing evidence (over-matching is harmless there).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from language.folding import fold, fold_with_offsets
from language.lexicon import LANGUAGES, lexicon, stopwords

__all__ = ["Token", "content_stems", "keys", "singular", "stem", "tokens", "trim_function_words", "words"]

_TOKEN = re.compile(r"[a-z0-9]+|[♦☐]")
"""Words, and the rulebooks' effect symbols (♦ immediate, ☐ end of round), which name rules."""
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True, slots=True)
class Token:
    """One word: ``text`` folded, ``key`` folded and singular, ``start:end`` its span in the original."""

    text: str
    key: str
    start: int
    end: int


def tokens(text: str) -> list[Token]:
    """The words (and effect symbols) of ``text``, folded, with their offsets into ``text``.

    Example:
        >>> [(t.key, t.start, t.end) for t in tokens("Les Sorcières")]
        [('les', 0, 3), ('sorciere', 4, 13)]
    """
    return list(_tokens(text))


@functools.lru_cache(maxsize=1024)
def _tokens(text: str) -> tuple[Token, ...]:
    # Cached: one question's words are read by the recogniser, the frame parser and the matcher.
    folded, origin = fold_with_offsets(text)
    return tuple(
        Token(match.group(), singular(match.group()), origin[match.start()], origin[match.end() - 1] + 1)
        for match in _TOKEN.finditer(folded)
    )


def keys(text: str) -> tuple[str, ...]:
    """The folded singular words of ``text`` (for glossary names and aliases)."""
    return tuple(token.key for token in tokens(text))


def words(text: str) -> list[str]:
    """The folded alphanumeric words of ``text`` (apostrophes and hyphens split words)."""
    return _WORD.findall(fold(text))


def singular(word: str) -> str:
    """Drop a plural ``s``/``x`` so ``jetons``/``jeton`` and ``chateaux``/``chateau`` compare equal.

    Words of three letters or fewer are kept whole so function words do not collide with content words.
    """
    if len(word) > 3 and word[-1] in "sx" and not word.endswith("ss"):
        return word[:-1]
    return word


@functools.lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A crude French/English stem: one plural or feminine ending off, then six letters.

    Enough to match ``manches``/``manche`` or ``revele``/``revelee`` without a
    linguistic library; over-matching is harmless because stems only weigh evidence.
    """
    for suffix in ("ees", "es", "ee", "s", "x", "e"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    return word[:6]


def content_stems(text: str) -> list[str]:
    """Stems of the words of ``text`` that can point at a rule (no function words), in order, unique."""
    return list(_content_stems(text))


@functools.lru_cache(maxsize=8192)
def _content_stems(text: str) -> tuple[str, ...]:
    # Cached: the same rulebook sentences are weighed again for every question.
    stop = stopwords()
    seen: dict[str, None] = {}
    for word in words(text):
        if word in stop or (len(word) < 2 and not word.isdigit()):
            continue
        seen.setdefault(stem(word), None)
    return tuple(seen)


def trim_function_words(phrase_words: list[str], keep: int = 1) -> list[str]:
    """``phrase_words`` without the articles, possessives or prepositions it ends on: "11 cards of their" → "11 cards".

    A phrase cut at a word count or a pattern's end must not stop in the middle of a noun
    group ("de sa", "of the", "au maximum en"). The first ``keep`` words stay whatever they are.

    Example:
        >>> trim_function_words(["le", "joueur", "ayant", "le", "plus", "de", "cartes", "de", "sa"])
        ['le', 'joueur', 'ayant', 'le', 'plus', 'de', 'cartes']
    """
    kept = list(phrase_words)
    while len(kept) > keep and _is_function_word(kept[-1]):
        kept.pop()
    return kept


def _is_function_word(word: str) -> bool:
    folded = words(word)
    return len(folded) == 1 and folded[0] in _dangling_words()


@functools.cache
def _dangling_words() -> frozenset[str]:
    return frozenset().union(*(lexicon(language).dangling_words for language in LANGUAGES))
