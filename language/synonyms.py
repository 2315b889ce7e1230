"""Words players say for one act of play: "pocket" for "earn", « mettre de côté » for « réserver ».

A game's lexicon lists the words its questions were written with; a player says the act with any
other. The groups (``lexicons/synonyms.yaml``) are language, not game knowledge: each names one act
whatever the game, and a word that says two acts belongs to none. :func:`said_synonyms` reads which
groups a question says at a position, each member as its folded words, compared up to inflection
(:func:`language.lemmas.same_word`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Sequence

import yaml

from language.folding import fold
from language.lemmas import lemma_keys, same_word_in
from language.lexicon import LANGUAGES

__all__ = ["Synonym", "said_synonyms", "synonym_groups"]

Phrase = tuple[str, ...]


@dataclass(frozen=True)
class Synonym:
    """A member of a group, in its language: its folded words."""

    language: str
    words: Phrase


@functools.cache
def synonym_groups() -> tuple[tuple[Synonym, ...], ...]:
    """Every language's groups, each member as its folded words."""
    data = yaml.safe_load(resources.files("language").joinpath("lexicons/synonyms.yaml").read_text(encoding="utf-8"))
    unknown = set(data) - set(LANGUAGES)
    if unknown:
        raise ValueError(f"language/lexicons/synonyms.yaml: languages {sorted(unknown)}; expected {list(LANGUAGES)}")
    return tuple(
        tuple(Synonym(language, tuple(fold(member).replace("'", " ").split())) for member in group)
        for language in LANGUAGES for group in data.get(language) or ()
    )


def said_synonyms(words: Sequence[str], index: int) -> list[tuple[Synonym, tuple[Synonym, ...]]]:
    """The groups one of whose members ``words`` say from ``index``: (the member said, the group's other members).
    Only the longest members said count: « mettre de côté » is said, not « mettre »."""
    found, seen = [], set()
    for number, member in _members_said_by(words[index]):
        if number not in seen and _says_from(words, index, member):
            seen.add(number)
            found.append((member, tuple(other for other in synonym_groups()[number] if other != member)))
    longest = max((len(member.words) for member, _ in found), default=0)
    return [(member, others) for member, others in found if len(member.words) == longest]


_GAP = 2
"""Words a phrase's later words may stand after: a pronoun or a count inside a verb phrase ("put them aside",
« en mettre une de côté »)."""


def _says_from(words: Sequence[str], index: int, member: Synonym) -> bool:
    """Whether ``words`` say ``member`` from ``index``: its first word there, each later word within :data:`_GAP`
    words of the one before (a phrase's words in order; each compared up to inflection in the member's language)."""
    first, *rest = member.words
    if index >= len(words) or not same_word_in(words[index], first, member.language):
        return False
    at = index
    for part in rest:
        window = range(at + 1, min(at + 2 + _GAP, len(words)))
        at = next((i for i in window if same_word_in(words[i], part, member.language)), -1)
        if at < 0:
            return False
    return True


def _keys(word: str, language: str) -> frozenset[str]:
    """What :func:`language.lemmas.same_word_in` compares ``word`` by in ``language``."""
    return frozenset({f"={fold(word)}", *(key for key in lemma_keys(word) if key[:2] == language)})


@functools.cache
def _by_first_word() -> dict[str, tuple[tuple[int, Synonym], ...]]:
    index: dict[str, list[tuple[int, Synonym]]] = {}
    for number, group in enumerate(synonym_groups()):
        for member in group:
            for key in _keys(member.words[0], member.language):
                index.setdefault(key, []).append((number, member))
    return {key: tuple(members) for key, members in index.items()}


@functools.lru_cache(maxsize=1 << 14)
def _members_said_by(word: str) -> tuple[tuple[int, Synonym], ...]:
    """The (group number, member) pairs whose first word ``word`` may say, in group order: the candidates
    :func:`_says_from` then checks."""
    index = _by_first_word()
    found = {pair for language in LANGUAGES for key in _keys(word, language) for pair in index.get(key, ())}
    return tuple(sorted(found, key=lambda pair: (pair[0], synonym_groups()[pair[0]].index(pair[1]))))
