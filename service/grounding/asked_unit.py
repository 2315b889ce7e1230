"""Does a count verdict count what the question asks? "How many cards do I get?" is not answered by "2 coins".

A reader that answers a number counts one thing, its ``unit`` (``{"fr": "pièce(s) d’or", "en": "coin(s)"}``).
The asking sentence says what it counts in the noun phrase its cue opens: "how many cards", "combien de
cartes", "combien je gagne de points" (a verb between "combien" and "de", no article: "combien me rapporte
l'effet de mon Marchand" counts nothing said). When that noun phrase names neither a word of the unit nor a name
of the glossary term the unit is (singular, folded, either language), the verdict answers another question: no
engine verdict (the text answers; ``explain.declined`` says why). Game-neutral: the game's glossary and the
reader's own unit, never a list of questions.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from language import fold, lexicon
from language.lexicon import stopwords
from language.tokens import Token, singular, tokens
from service.grounding.entities import Entity, Term
from service.grounding.quantity_reading import count_asking_span, find_mentions, words

COUNTED_KINDS = frozenset({"card", "component", "token", "concept"})
"""Glossary kinds that name things a count can be of (moves, moments, markers and places are not counted)."""
_PHRASE = 3
"""Words of the counted noun phrase read ("recruitment cost tiles", "propres Mercenaires")."""
_BEFORE_DE = 2
"""Words a French count may put between "combien" and its "de" ("combien je gagne de points")."""
_BARE_CUE = "combien"
"""The one cue whose noun follows a "de" ("combien de cartes"); the others open it ("how many cards", "nombre de")."""


def unit_mismatch(question: str, entities: Sequence[Entity], unit: Mapping[str, str] | None,
                  terms: Mapping[str, Term]) -> str | None:
    """Why a count in ``unit`` does not answer ``question`` (what it counts instead), or None when it does or when
    the asking sentence says no counted noun."""
    if not unit:
        return None
    span = count_asking_span(question)
    if span is None:
        return None
    sentence = question[span[0]:span[1]]
    cues = find_mentions(sentence, {"cue": words().cues})
    if not cues:
        return None
    said = tokens(sentence)
    phrase = _counted_phrase(said[cues[0].end:], cues[0].phrase == _BARE_CUE)
    if not phrase:
        return None
    start, end = span[0] + phrase[0].start, span[0] + phrase[-1].end
    counted = _content_words(" ".join(token.text for token in phrase))
    for entity in entities:
        if entity.kind in COUNTED_KINDS and start <= entity.start < end:
            counted |= _names(terms.get(entity.value)) if isinstance(entity.value, str) else frozenset()
    if not counted or counted & _unit_words(unit, terms):
        return None
    return (f"asked count: the question counts « {question[start:end]} », the engine's reader counts "
            f"{unit.get('en') or unit.get('fr')}")


def _counted_phrase(after: Sequence[Token], bare: bool) -> list[Token]:
    """The noun phrase a count cue opens (``after``: the words after the cue; ``bare``: "combien", whose noun
    follows a "de"), or [] when none is said there."""
    dangling = lexicon("fr").dangling_words | lexicon("en").dangling_words
    unread = stopwords()
    index = 0
    if bare:
        introducer = next((i for i, token in enumerate(after[:_BEFORE_DE + 1]) if token.text in ("de", "d")), None)
        if introducer is None or any(token.text in dangling for token in after[:introducer]):
            return []  # "combien au total", "combien me rapporte l'effet de mon Marchand": no counted noun said
        index = introducer + 1  # "combien de cartes", "combien je gagne de points"
    while index < len(after) and after[index].text in dangling:
        index += 1  # "de mes propres Mercenaires", "how many of my cards"
    phrase = []
    said = list(after[index:])
    for position, token in enumerate(said):
        if len(phrase) == _PHRASE:
            break
        if token.text == "s" or position + 1 < len(said) and said[position + 1].text == "s":
            continue  # "how many of Zoé's cards": the owner is no counted noun
        if token.text in unread and not token.text.isdigit():
            break
        phrase.append(token)
    return phrase


def _unit_words(unit: Mapping[str, str], terms: Mapping[str, Term]) -> frozenset[str]:
    """The unit's words, and every name of the glossary term the unit is (its French or English name said the
    same: "pièce(s) d’or" is ``piece_d_or``, so "money" and "points" count coins too)."""
    by_language = {language: _content_words(label) for language, label in unit.items()}
    same = [_names(term) for term in terms.values()
            if _content_words(term.fr) == by_language.get("fr") or _content_words(term.en) == by_language.get("en")]
    return frozenset().union(*by_language.values(), *same)


def _names(term: Term | None) -> frozenset[str]:
    if term is None:
        return frozenset()
    return _content_words(" ".join(name for name in (term.fr, term.en, *term.aliases) if name))


def _content_words(text: str) -> frozenset[str]:
    unread = stopwords()
    return frozenset(singular(token.text) for token in tokens(fold(text.replace("(s)", "")))
                     if token.text not in unread and not token.text.isdigit())
