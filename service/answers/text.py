"""Word-level text helpers for answer composition: folding, content words, language.

Quotes are never rewritten; these helpers only compare words, so they may fold
accents, case and apostrophes freely.
"""

from __future__ import annotations

import functools
import re
import unicodedata

_WORD = re.compile(r"[a-z0-9]+")

_FRENCH_FUNCTION_WORDS = frozenset(
    "le la les un une des du de d l au aux et ou est sont que qui quoi quand comment combien "
    "pourquoi quel quelle quels quelles je tu il elle on nous vous ils elles mon ma mes ton ta tes "
    "son sa ses notre votre leur leurs ce cet cette ces dans sur avec pour par sans ne pas plus "
    "peut peux faut si c qu j n s t m y en a ai as avez avons ont etre avoir fait faire moi toi me te lui eux sien sienne".split()
)
_ENGLISH_FUNCTION_WORDS = frozenset(
    "the a an of to in on at for with by from and is are was were be been do does did can "
    "could should would will shall may might must what when where which who whom whose why how "
    "many much if i you he she it we they my your his her its our their this that these those "
    "there not no any some all each every than then".split()
)
_QUESTION_FILLER = frozenset(
    "est ce c qu quoi exactement alors donc bien aussi encore ou comment combien quel quelle "
    "quels quelles pourquoi quand qui que dois doit peut peux faut jeu partie joueur joueurs "
    "game player players rules rule regle regles happens happen get does".split()
)
_FRENCH_ONLY = _FRENCH_FUNCTION_WORDS - _ENGLISH_FUNCTION_WORDS
_ENGLISH_ONLY = _ENGLISH_FUNCTION_WORDS - _FRENCH_FUNCTION_WORDS
STOPWORDS = _FRENCH_FUNCTION_WORDS | _ENGLISH_FUNCTION_WORDS | _QUESTION_FILLER
"""Words that carry no evidence about *which* rule a question is about."""


def fold(text: str) -> str:
    """Lower-case ``text`` and strip accents, so ``Élu`` and ``elu`` compare equal."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def words(text: str) -> list[str]:
    """The folded alphanumeric words of ``text`` (apostrophes and hyphens split words)."""
    return _WORD.findall(fold(text))


@functools.lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A crude French/English stem: plural and feminine endings off, then six letters.

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
    seen: dict[str, None] = {}
    for word in words(text):
        if word in STOPWORDS or (len(word) < 2 and not word.isdigit()):
            continue
        seen.setdefault(stem(word), None)
    return tuple(seen)


def detect_language(text: str) -> str:
    """``"fr"`` or ``"en"`` from function-word counts; accents break ties towards French.

    A question is short, so this counts the few words that differ most between
    the two languages instead of calling a model.
    """
    tokens = words(text)
    french = sum(token in _FRENCH_ONLY for token in tokens)
    english = sum(token in _ENGLISH_ONLY for token in tokens)
    if english != french:
        return "en" if english > french else "fr"
    return "fr" if fold(text) != text.lower() else ("en" if english else "fr")
