"""Counts said as one list share the noun said once for it (docs/grounding.md, "Counts said as one list").

"2 white and 4 blue bonuses" are two counts of bonuses, though "bonuses" stands 17 characters after the "2";
« 2 bonus rouges et 4 bleus » likewise, the noun said first. A reader that looks for a count's noun just after
it (a few words, a few characters) reads the first count of such a list as a count of something else, or of
nothing, and the engine plays a position missing a stated fact. Here, once for every game:

- a **list** is a run of two or more counts joined only by commas and the language layer's ``list_joiners``
  ("and", "plus", « et »), each count followed only by glossary terms before the joiner;
- a count of the list said with fewer terms than others ("2 white", « 4 bleus ») takes the terms a longer one
  adds: where nouns follow their adjectives (the lexicon's ``noun_first``) the noun ends a phrase and closes the
  counts before it ("2 white and 4 blue bonuses": "2" shares "bonus"); in French it opens the counts after it.

Each number of a list gets ``shares`` (the term ids it takes from the list) and ``listed_with`` (the start of the
list's first count), so a reader can both read the noun and check that it read one list one way.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterable

from language import detect_language, fold
from language.lexicon import LANGUAGES, lexicon

__all__ = ["share_list_nouns"]

_NOT_TERMS = frozenset({"number", "player_count", "player", "marker"})
_COUNT_KINDS = frozenset({"number"})


def _joiner() -> re.Pattern[str]:
    words = sorted({word for language in LANGUAGES for word in lexicon(language).list_joiners}, key=len, reverse=True)
    return re.compile(rf"\s*(?:,\s*)?(?:(?:{'|'.join(map(re.escape, words))})\s+)?")


_JOINER = _joiner()
_BETWEEN_TERMS = re.compile(r"\s*")


def share_list_nouns(question: str, entities: Iterable, terms: Iterable[str]) -> list:
    """``entities`` with each count of a list given the terms the list says once (module docstring).

    Args:
        question: the question as typed.
        entities: its entities, in order of mention.
        terms: the ids of the game's glossary terms: only they are a list's nouns.

    Returns:
        The entities, those of a list replaced with ``shares`` and ``listed_with`` set.
    """
    entities = sorted(entities, key=lambda entity: (entity.start, entity.end))
    known = set(terms)
    named = [e for e in entities if e.kind not in _NOT_TERMS and isinstance(e.value, str) and e.value in known]
    counts = [e for e in entities if e.kind in _COUNT_KINDS]
    phrases = {count.start: _phrase(question, count, named) for count in counts}
    shared: dict[int, tuple[tuple[str, ...], int]] = {}
    noun_first = lexicon(detect_language(question)).noun_first
    for run in _lists(question, counts, phrases):
        said = [phrases[count.start][0] for count in run]
        shortest = min(len(terms) for terms in said)
        for index, count in enumerate(run):
            adds = _shared_with(said, index, shortest, noun_first)
            shared[count.start] = (adds, run[0].start)
    return [replace(e, shares=shared[e.start][0], listed_with=shared[e.start][1])
            if e.kind in _COUNT_KINDS and e.start in shared else e for e in entities]


def _phrase(question: str, count, named) -> tuple[tuple[str, ...], int]:
    """The terms said right after a count, each after the last with nothing but spaces between, and where they end."""
    values, end = [], count.end
    for entity in named:
        if entity.start < end:
            continue
        if entity.start > end and not _BETWEEN_TERMS.fullmatch(question, end, entity.start):
            break
        values.append(entity.value)
        end = entity.end
    return tuple(values), end


def _lists(question: str, counts, phrases) -> list[list]:
    """Runs of two or more counts said with terms, each joined to the next by a comma or a list joiner alone."""
    runs, run = [], []
    for count, following in zip(counts, [*counts[1:], None]):
        said, end = phrases[count.start]
        if said:  # a bare number ("1 or" read as no gem) belongs to no list
            run.append(count)
        if said and following is not None and following.start > end \
                and _JOINER.fullmatch(fold(question[end:following.start])):
            continue
        if len(run) > 1:
            runs.append(run)
        run = []
    return runs


def _shared_with(said: list[tuple[str, ...]], index: int, shortest: int, noun_first: bool) -> tuple[str, ...]:
    """The terms count ``index`` of a list takes from a longer phrase of it: the noun opening the nearest longer
    phrase before it where nouns come first (« 2 bonus rouges et 4 bleus »), else the noun ending the next longer
    phrase after it ("2 white and 4 blue bonuses")."""
    if len(said[index]) > shortest:
        return ()
    if noun_first:
        earlier = next((phrase for phrase in reversed(said[:index]) if len(phrase) > shortest), ())
        return earlier[: len(earlier) - shortest]
    later = next((phrase for phrase in said[index + 1:] if len(phrase) > shortest), ())
    return later[shortest:]
