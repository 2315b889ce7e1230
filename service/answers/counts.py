"""The counts a quoted rule spells out in words, said in figures: "Gain one Influence point" → "1 influence point".

A player asking what a card does or what happens reads the count first; the rulebook often writes it out ("deux
points d'avance", "une seule action"). The count is the rule's own number bound to its own noun, never computed:
the quote it comes from is cited beside it. French "un"/"une" are articles as often as counts and are not read;
"un seul"/"une seule" (the lexicon's ``single_words``) are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from language import fold, lexicon, stopwords

__all__ = ["MAX_COUNTS", "stated_counts"]

MAX_COUNTS = 2
"""Counts said beside the lead at most: the rule's own count, and the one beside it."""
_WORD = re.compile(r"[^\W\d_]+(?:[’'][^\W\d_]+)?|\d+")
_ELIDED = re.compile(r"^(?:d|l|qu)[’']", re.IGNORECASE)
_COMPLEMENT = {"fr": ("de", "d"), "en": ("of",)}
_NOT_NOUNS = frozenset({"per", "par", "at", "to", "or", "ou", "and", "et", "after", "apres", "more", "plus", "less",
                        "moins", "another", "other", "others", "autre", "autres", "again", "premiers", "premieres",
                        "derniers", "dernieres", "first", "last"})
"""Words that follow a number without being what it counts ("one per Order", "deux ou trois")."""
_PRONOUN_ONE = frozenset({"each", "every", "any", "no", "this", "that", "which", "the", "one", "someone", "anyone"})
"""Words after which English "one" is a pronoun ("each one triggers"), not a count."""


def stated_counts(sentences: Iterable[str], language: str, limit: int = MAX_COUNTS) -> tuple[str, ...]:
    """The counts ``sentences`` (in ``language``) write out in words, each in figures with the noun it counts.

    Args:
        sentences: rule sentences, as quoted (French, or their English translation).
        language: ``"fr"`` or ``"en"``.
        limit: how many counts at most, first written first.

    Returns:
        Phrases such as ``"2 points d'avance"`` or ``"1 Influence point"``; a count already in digits is not repeated,
        and "aucun"/"none" (zero) is not said: it counts nothing a player adds up.

    Example:
        >>> stated_counts(["Gagnez deux points d’influence."], "fr")
        ('2 points d’influence',)
    """
    words = lexicon(language)
    single = sorted((tuple(s.split()) for s in words.single_words), key=len, reverse=True)
    found: list[str] = []
    for sentence in sentences:
        matches = list(_WORD.finditer(sentence))
        tokens = [m.group() for m in matches]
        folded = [fold(t) for t in tokens]
        joined = [not sentence[a.end() : b.start()].strip() for a, b in zip(matches, matches[1:])]
        i = 0
        while i < len(tokens) and len(found) < limit:
            value, width = _count_at(folded, i, words.number_values, single)
            if value is None or (value == 1 and i and folded[i - 1] in _PRONOUN_ONE):
                i += 1
                continue
            after = i + width
            if after < len(folded) and folded[after] in words.single_words:  # "one single person": 1 person
                after += 1
            # "se joue à deux, en quelques minutes": a number parted from the next word counts nothing written
            noun = _noun_phrase(tokens, folded, joined, after, language) if after - 1 < len(joined) and joined[after - 1] \
                else ""
            if noun:
                phrase = f"{value} {noun}"
                if phrase not in found:
                    found.append(phrase)
            i += width
    return tuple(found)


def _count_at(folded: list[str], i: int, values: dict[str, int], single: list[tuple[str, ...]]
              ) -> tuple[int | None, int]:
    """The written-out count starting at token ``i`` and how many tokens it takes; (None, 1) when there is none."""
    for phrase in single:
        if tuple(folded[i : i + len(phrase)]) == phrase and len(phrase) > 1:
            return 1, len(phrase)
    value = values.get(folded[i])
    if value is None or value == 0:  # "aucun" / "none" counts nothing a player would add up
        return None, 1
    return value, 1


def _noun_phrase(tokens: list[str], folded: list[str], joined: list[bool], start: int, language: str) -> str:
    """The noun a count bears on, with its "de X" / "of X" complement: "points d’influence", "Influence point".
    ``joined[i]``: only spaces part token ``i`` from the next; a phrase does not run across punctuation."""
    if start >= len(tokens) or not _noun_like(folded[start]):
        return ""
    words = [tokens[start]]
    nxt = start + 1
    if nxt < len(tokens) and not joined[start]:
        return words[0]
    if nxt < len(tokens) and _ELIDED.match(tokens[nxt]) and language == "fr" and fold(tokens[nxt][:1]) == "d":
        words.append(tokens[nxt])  # « d’influence »
    elif nxt + 1 < len(tokens) and folded[nxt] in _COMPLEMENT.get(language, ()) and joined[nxt] \
            and tokens[nxt + 1][:1].isalpha() and folded[nxt + 1] not in stopwords():
        words += tokens[nxt : nxt + 2]
    elif language == "en" and nxt < len(tokens) and tokens[start][:1].isupper() and tokens[nxt].islower() \
            and _noun_like(folded[nxt]):
        words.append(tokens[nxt])  # "one Influence point": a capitalised name then its noun
    return " ".join(words)


def _noun_like(word: str) -> bool:
    """Whether a folded word may be the thing a number counts: not a digit, a function word, a preposition, a
    reflexive pronoun ("yourself") nor an English -ing form ("one applying")."""
    return not (word.isdigit() or word in stopwords() or word in _NOT_NOUNS or word.endswith(("self", "selves"))
                or (word.endswith("ing") and len(word) > 5))
