"""A choice among the question's own candidates: "à gauche ou à droite ?", "quel effet je peux copier ?".

A referee answers such a question with the candidate the rule leaves ("À droite.", "Guerrière.").
The candidates come from the question itself:

* the two alternatives of an either-or asking sentence, one on each side of "ou" / "or", each told
  apart by the content words the other lacks ("avantage" / "désavantage");
* for a "which" question, the things it names with a capital (cards, places: "entre l'Alchimiste
  de Hugo et une Guerrière"), players' first names left out.

A rule sentence about the question's topic decides between them in one of two ways:

* ``stated`` (alternatives): it holds one alternative's telling words in a clause that is not
  negative ("ne … pas", "not": it may be saying the opposite), and the other's only where it
  leaves it out ("la Reine, jamais le Roi"), if at all;
* ``excluded`` (the named things of a "which" question, which asks for one of them): it leaves
  candidates out ("sauf d'un autre Alchimiste", "jamais", "except", "not") and exactly one is left.
  An either-or question is not read this way: "can it X or Y?" may be answered "neither".

The ruling is the candidate as the question words it, so it is in the asker's language; an
English question is read against the sentences' English translations. "Ou pas ?" / "or not?",
and an alternative that is itself a yes/no question, are not a choice between things.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from language import content_stems, lexicon, stem, trim_function_words, words
from language.names import is_first_name
from language.sentences import asking_sentence

__all__ = ["Alternative", "Choice", "alternatives", "choose", "named_candidates"]

_OR = re.compile(r"(?<![\w’'])(?:ou|or)(?![\w’'])", re.IGNORECASE)
"""The joining word, as written: "où" (where) is another word, which folding would merge with "ou"."""
_CLAUSE_BREAK = re.compile(r"[,;:!?.()\u2014\u2013]")
_NOT_A_CHOICE = frozenset("pas non not no nope".split())
""""… ou pas ?", "… or not?": the question asks yes or no."""
_QUANTITIES = frozenset("plus moins davantage tout tous toute toutes chacun chaque more less fewer all every each "
                        "everyone everything".split())
"""Words of quantity: "une action ou plus ?", "lui ou tout le monde ?" ask how many, not which."""
_MAX_WORDS = 6
"""The clause after "ou" / "or" is short; a longer one is a story."""
_MAX_PHRASE = 3
"""An alternative is a short phrase ("face cachée", "un désavantage"); a longer one is a clause."""
_CAPITALISED = re.compile(r"(?<![\w’'])([A-ZÀ-Ý][\w’'-]{2,})")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s*|\n\s*)$")


@dataclass(frozen=True)
class Alternative:
    """One candidate answer of the question.

    Attributes:
        text: the words as the question writes them ("à droite", "face down", "Guerrière").
        telling: the content stems that tell it from the other candidates.
    """

    text: str
    telling: frozenset[str]


@dataclass(frozen=True)
class Choice:
    """The candidate a sentence leaves, how, and which sentence (its index among those read)."""

    chosen: Alternative
    how: str
    index: int


def alternatives(question: str) -> tuple[Alternative, Alternative] | None:
    """The two alternatives of ``question``'s asking sentence, or None when it asks no choice between two things.

    The right side runs from "ou"/"or" to the end of its clause; the left side is as many words before it,
    within the same clause ("c'est plutôt *un avantage* ou *un désavantage*").

    Example:
        >>> [a.text for a in alternatives("Dans la galerie, c'est mieux d'être à gauche ou à droite ?")]
        ['à gauche', 'à droite']
    """
    asking = asking_sentence(question)
    joins = list(_OR.finditer(asking))
    if len(joins) != 1:
        return None
    join = joins[0]
    before = _CLAUSE_BREAK.split(asking[: join.start()])[-1].split()
    after = _CLAUSE_BREAK.split(asking[join.end() :])[0].split()
    if not before or not after or len(after) > _MAX_WORDS or set(words(" ".join(after))) & _NOT_A_CHOICE:
        return None
    if _counts(before[-len(after) :]) or _counts(after):
        return None
    right = _up_to_telling(after, set(content_stems(" ".join(before))))
    if len(right) > _MAX_PHRASE:  # "… ou il y a une hauteur maximale ?": a clause, the question asks yes or no
        return None
    left = before[-len(right) :]
    left_stems, right_stems = set(content_stems(" ".join(left))), set(content_stems(" ".join(right)))
    if not left_stems - right_stems or not right_stems - left_stems:
        return None
    return (Alternative(" ".join(trim_function_words(left, keep=1)), frozenset(left_stems - right_stems)),
            Alternative(" ".join(trim_function_words(right, keep=1)), frozenset(right_stems - left_stems)))


def named_candidates(question: str) -> tuple[Alternative, ...]:
    """The things ``question`` names with a capital, once each (players' first names and sentence openings left out).

    Example:
        >>> [c.text for c in named_candidates("Mon Alchimiste est entre l'Alchimiste de Hugo et une Guerrière. Lequel ?")]
        ['Alchimiste', 'Guerrière']
    """
    found: dict[str, Alternative] = {}
    for match in _CAPITALISED.finditer(question):
        name = match.group(1)
        if _SENTENCE_START.search(question[: match.start()]) or is_first_name(name):
            continue
        stems = frozenset(stem(word) for word in words(name))
        if stems and all(stems != known.telling for known in found.values()):
            found[name] = Alternative(name, stems)
    return tuple(found.values())


def choose(question: str, options: Sequence[Alternative], sentences: Sequence[str], language: str,
           how: tuple[str, ...] = ("stated", "excluded")) -> Choice | None:
    """The candidate the first deciding sentence leaves; None when none decides.

    Args:
        question: the question (its asking sentence gives the topic a deciding sentence must share).
        options: its candidates, two or more.
        sentences: the sentences to read, best first, in the question's language (an English question:
            their translations).
        language: that language, for its negation and exception words.
        how: the readings allowed (``stated`` only makes sense for either-or alternatives).
    """
    said_words = lexicon(language).polarity
    leaving = said_words.negations | said_words.exceptions
    told = frozenset().union(*(option.telling for option in options))
    topic = set(content_stems(asking_sentence(question))) - told
    for index, sentence in enumerate(sentences):
        said = set(content_stems(sentence))
        if not topic & said:
            continue
        clauses = [set(content_stems(c)) for c in _CLAUSE_BREAK.split(sentence)]
        negative = [_is_negative(c) for c in _CLAUSE_BREAK.split(sentence)]
        mentioned = [option for option in options if option.telling <= said]
        left_out = [option for option in options if _left_out(option, sentence, leaving)]
        denied = [option for option in mentioned
                  if any(neg and option.telling & clause for clause, neg in zip(clauses, negative))]
        plain = [option for option in mentioned if option not in left_out and option not in denied]
        if "stated" in how and len(plain) == 1 and all(o in plain or o in left_out or o in denied for o in mentioned):
            return Choice(plain[0], "stated", index)  # "la Reine, jamais le Roi" states the Reine
        remaining = [option for option in options if option not in left_out and option not in denied]
        if "excluded" in how and left_out and len(remaining) == 1:
            return Choice(remaining[0], "excluded", index)
    return None


def _left_out(option: Alternative, sentence: str, leaving: frozenset[str]) -> bool:
    """Whether a clause of ``sentence`` names ``option`` after a word that leaves it out ("sauf", "jamais", "not")."""
    for clause in _CLAUSE_BREAK.split(sentence):
        tokens = words(clause)
        marks = [i for i, token in enumerate(tokens) if token in leaving]
        if marks and option.telling <= {stem(token) for token in tokens[marks[0] + 1 :]}:
            return True
    return False


def _is_negative(clause: str) -> bool:
    tokens = set(words(clause))
    return bool(tokens & (lexicon("fr").polarity.negations | lexicon("en").polarity.negations)) or "n't" in clause


def _up_to_telling(after: list[str], before: set[str]) -> list[str]:
    """The words after "ou" up to the first one the left side lacks: "face cachée | dans la file"."""
    for index, word in enumerate(after):
        if set(content_stems(word)) - before:
            return after[: index + 1]
    return after


def _counts(phrase: list[str]) -> bool:
    folded = words(" ".join(phrase))
    return any(w.isdigit() or w in _QUANTITIES or w in lexicon("fr").number_words or w in lexicon("en").number_words
               for w in folded)
