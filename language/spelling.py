"""One slip per word mended before a question is parsed: ``disacrded`` is ``discarded``, ``Mercneaire`` is ``Mercenaire``.

Players type fast: two letters swapped, one missing, one doubled, one wrong.
Every reader after this one (glossary matching, the frame parser, the games'
own readers) compares words exactly or nearly, each with its own tolerance; a
slip mended once, here, reaches all of them.

A word is mended only when it is unknown: not a word of the French or English
word lists (pyspellchecker's frequency lists, accents ignored), nor of the
game's own vocabulary (its rulebook, translation, glossary and lexicons, given
by the caller), nor a first name. Then the one known word one edit away
(Damerau: a swap of two neighbouring letters is one edit) replaces it, if it
is a word of the game's vocabulary ("defuassé" is "défaussé", a rulebook word
the general list lacks); among several, one of the typed length first (a swap or
a wrong letter: "peruds" is "perdus", not "perds"), then the most frequent in the
general lists.
A word one edit from general words only ("gratos", "gratis") is left as typed:
what it would become matters to no reader, and a guess could change a verdict.

Words shorter than six letters, the first half of an elision ("quelqu'un"),
numbers, a word typed the same way twice, and first names are left as typed;
except that a word of four or five letters becomes a word of the game's
*question words* (the caller's short vocabulary: what questions ask, "gagne",
"perd", "lance", "take") one edit away that starts with the same letter
("gange", "pedr", "lacne", "taek"): those few words decide what a question asks,
and one edit from them is rarely another word the game knows.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Iterable, Mapping

import yaml

from language.folding import fold

__all__ = ["Speller", "vocabulary_of", "word_frequency"]

_MIN_LENGTH = 6
"""Shorter words are left alone: one edit from a five-letter word is too often another word ("perso", "verso")..."""
_MIN_SHORT = 4
"""...but for the game's question words, from four letters, when exactly one is one edit away (same first letter)."""
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD = re.compile(r"[^\W\d_]+")
_WORD_RUN = re.compile(r"\w+")


class Speller:
    """Mends one slip per unknown word of a question (see the module docstring).

    Args:
        vocabulary: the game's own words, as written (accents kept: the mended word is written that way).
        names: folded first names, never mended.
    """

    def __init__(self, vocabulary: frozenset[str] | set[str], names: frozenset[str] = frozenset(),
                 question_words: Mapping[str, Iterable[str]] | None = None):
        self._vocabulary: dict[str, str] = {}
        for word in sorted(vocabulary):  # one spelling per folded word, the same on every run
            self._vocabulary.setdefault(fold(word), word)
        self._question_words: dict[str, dict[str, str]] = {}
        for language, words in sorted((question_words or {}).items()):
            for word in sorted(words):
                if len(fold(word)) >= _MIN_SHORT:
                    self._question_words.setdefault(language, {}).setdefault(fold(word), word)
        self._names = names

    def mend(self, text: str, language: str | None = None) -> str:
        """``text`` with each unknown word of six letters or more replaced by the game's word one edit away, and
        each of four or five letters by a question word of ``language`` (of every language when None).

        Example:
            >>> Speller({"défaussé"}).mend("Il est défuassé ?")
            'Il est défaussé ?'
        """
        pieces, last = [], 0
        # A word is all letters, so it stands alone (``\bword\b``) exactly where it is a whole run of word
        # characters: counting the runs once replaces a regex compiled per word (which evicted every
        # other module's patterns from ``re``'s cache).
        typed = Counter(_WORD_RUN.findall(text))
        for match in _WORD.finditer(text):
            word = match.group()
            if text[match.end() : match.end() + 1] in ("'", "’"):
                continue  # an elision's first half: "quelqu'un", "doesn't"
            if typed[word] > 1:
                continue  # typed the same way twice: meant
            mended = self._mended(word, language)
            if mended is not None:
                pieces += [text[last : match.start()], mended]
                last = match.end()
        return "".join(pieces) + text[last:] if pieces else text

    def _mended(self, word: str, language: str | None = None) -> str | None:
        folded = fold(word)
        if len(folded) < _MIN_SHORT or "'" in folded or self._known(folded) or folded in self._names:
            return None
        if _elided(folded):
            return None  # "cest", "jpeux", "quil": an elision typed without its apostrophe, not a slip
        candidates = _edits(folded)
        if len(folded) < _MIN_LENGTH:  # a short word: only a question word with the same first letter
            words = {w: said for lang, by_fold in self._question_words.items() if language in (None, lang)
                     for w, said in by_fold.items()}
            short = sorted(c for c in candidates if c in words and c[:1] == folded[:1])
            same_length = [c for c in short if len(c) == len(folded)]  # a swap or a wrong letter: "wisn" is "wins"
            chosen = same_length if len(same_length) == 1 else short
            return _cased(words[chosen[0]], word) if len(chosen) == 1 else None
        ours = [c for c in candidates if c in self._vocabulary]
        if not ours:
            return None
        best = max(ours, key=lambda c: (len(c) == len(folded), _frequency(c), c))  # "peruds": "perdus", not "perds"
        return _cased(self._vocabulary[best], word)

    def warm_up(self) -> None:
        """Load the French and English word lists now rather than at the first question (about a second)."""
        for language in ("fr", "en"):
            _words(language)

    def _known(self, folded: str) -> bool:
        return folded in self._vocabulary or any(folded in _words(language) for language in ("fr", "en"))


def vocabulary_of(paths: Iterable[Path]) -> frozenset[str]:
    """The words of a game's files, as written, for :class:`Speller`: a text file's every word, a YAML file's
    parsed string values only.

    A YAML file's comments and keys are notes and field names, not the game's words: a first name in a lexicon's
    comment (« Léa prend 2 rouges ») made that name a game word, so a lower-case "léa" was no longer a player.
    Missing files are skipped.
    """
    words: set[str] = set()
    for path in paths:
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix in (".yaml", ".yml"):
            for value in _string_values(yaml.safe_load(text)):
                words.update(_WORD.findall(value))
        else:
            words.update(_WORD.findall(text))
    return frozenset(words)


def _string_values(data: object) -> Iterable[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _string_values(value)
    elif isinstance(data, list):
        for value in data:
            yield from _string_values(value)


_ELISIONS = ("qu", "c", "d", "j", "l", "m", "n", "s", "t")


def _elided(folded: str) -> bool:
    """A French elision typed without its apostrophe: a one-letter (or "qu") head and a French word ("c|est")."""
    return any(folded.startswith(head) and len(folded) - len(head) >= 2 and word_frequency(folded[len(head):], "fr")
               for head in _ELISIONS)


def _cased(written: str, typed: str) -> str:
    if typed.isupper() and len(typed) > 1:
        return written.upper()
    return written[:1].upper() + written[1:] if typed[:1].isupper() else written


def _edits(word: str) -> set[str]:
    """Every string one edit from ``word``: a letter deleted, two neighbours swapped, one replaced, one inserted."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    swaps = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    replaces = {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    inserts = {a + c + b for a, b in splits for c in _LETTERS}
    return (deletes | swaps | replaces | inserts) - {word}


def word_frequency(folded: str, language: str) -> int:
    """How often the folded word occurs in pyspellchecker's list of ``language`` (0 when it is not there)."""
    return _words(language).get(folded, 0)


def _frequency(folded: str) -> int:
    return max(word_frequency(folded, language) for language in ("fr", "en"))


@functools.cache
def _words(language: str) -> dict[str, int]:
    """pyspellchecker's word list of ``language``, folded: ``{folded word: frequency}`` (the highest of its spellings)."""
    raw = resources.files("spellchecker").joinpath("resources", f"{language}.json.gz").read_bytes()
    counts = json.loads(gzip.decompress(raw))
    found: dict[str, int] = {}
    # one fold of the whole list: folding 150,000 words one by one costs seconds
    for key, count in zip(fold("\n".join(counts)).split("\n"), counts.values()):
        if count > found.get(key, 0):
            found[key] = count
    return found
