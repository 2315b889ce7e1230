"""Players' names in a question typed all in lower case: ``c'est ben qui retourne`` names Ben.

Every reader of a question takes a capitalised word that names no term for a
player ("Bob's Princess", "la Sorcière de Léa"). A player who types without
capitals ("anna a 3 ratons, ben 3 aussi") loses every name. When the question
has no capital letter but at the start of a sentence, each word that is a
common first name (``language/lexicons/first_names.txt``) and no word the caller
knows (the game's vocabulary: "ruby", "lance", "reine" are names too) nor a
common French or English word ("mien", "will") gets its capital back, so the question reads as if typed with care. Offsets do not move.
"""

from __future__ import annotations

import functools
import re
from importlib import resources

from language.folding import fold
from language.lexicon import stopwords
from language.spelling import word_frequency

__all__ = ["capitalise_names", "first_names", "is_first_name", "is_plain_word"]

_WORD = re.compile(r"[^\W\d_]+")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;(]\s*|\n\s*)$")
_MIN_LENGTH = 3
_COMMON_WORD = {"fr": 5000, "en": 10000}
"""A name this frequent as a word is read as the word: "mien", "will", "mark", "rose", "pierre" (pyspellchecker's
lists; "ben" 4,356 and "tom" 6,969 in English stay names)."""
_PLAIN_WORD = 60000
"""A capitalised word this frequent in French or English ("Sure" 1.4 million, "Premier" 116,000, "Okay") that is no
first name is emphasis or a sentence start, never a player; names that are words too ("Grace" 45,592, "Mark",
"Pierre") stay below it or are first names."""


@functools.cache
def first_names() -> frozenset[str]:
    """The folded first names of ``language/lexicons/first_names.txt``."""
    text = resources.files("language").joinpath("lexicons", "first_names.txt").read_text(encoding="utf-8")
    return frozenset(fold(line.strip()) for line in text.splitlines() if line.strip() and not line.startswith("#"))


def is_first_name(word: str) -> bool:
    """A common first name that is no common French or English word: "Ana", "Tom", not "Will" or "Mien"."""
    folded = fold(word)
    return (len(folded) >= _MIN_LENGTH and folded in first_names() and folded not in stopwords()
            and all(word_frequency(folded, language) < most for language, most in _COMMON_WORD.items()))


def is_plain_word(word: str) -> bool:
    """A very common French or English word and no first name: "Sure", "Premier", "Okay" name no player.

    Example:
        >>> is_plain_word("Sure"), is_plain_word("Pierre"), is_plain_word("Léa")
        (True, False, False)
    """
    folded = fold(word)
    return folded not in first_names() and any(word_frequency(folded, language) >= _PLAIN_WORD
                                               for language in _COMMON_WORD)


def capitalise_names(text: str, known: frozenset[str] | set[str] = frozenset()) -> str:
    """``text`` with the first names it types in lower case capitalised, when it types no capital mid-sentence.

    Args:
        text: the question.
        known: folded words that are not names here (the game's vocabulary).

    Example:
        >>> capitalise_names("anna a 3 ratons, ben 3 aussi. qui perd ?")
        'Anna a 3 ratons, Ben 3 aussi. qui perd ?'
    """
    matches = list(_WORD.finditer(text))
    if any(m.group()[:1].isupper() and not _SENTENCE_START.search(text[: m.start()]) and fold(m.group()) not in known
           for m in matches):
        return text  # the asker capitalises: a lower-case word is not a name (a game's word capitalised says nothing)
    chars = list(text)
    for match in matches:
        if is_first_name(match.group()) and fold(match.group()) not in known:
            chars[match.start()] = chars[match.start()].upper()
    return "".join(chars)
