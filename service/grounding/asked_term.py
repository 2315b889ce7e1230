"""Does a count verdict count the glossary term the question asks? "Combien de pièces je perds ?" is not
answered by "2 Rubis", although Pièces and Rubis are both "jetons" in the glossary.

:mod:`.asked_unit` compares the words of the asked noun phrase with the words of the reader's unit, aliases
included; two terms that share an alias word ("jetons Pièce", "jetons Rubis") then pass for each other. When
the noun the count cue opens is itself a glossary term, identity decides instead: the count answers it only
when that term is the unit's own (the term whose French or English name the unit says). Game-neutral: the
game's glossary and the reader's unit.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from language import fold
from language.lexicon import stopwords
from language.tokens import singular, tokens
from service.grounding.asked_unit import COUNTED_KINDS
from service.grounding.entities import Entity, Term
from service.grounding.quantity_reading import count_asking_span, find_mentions, words

_NOUN_WITHIN = 4
"""Words after the count cue the asked noun may start at ("combien je gagne de points", "how many of my cards")."""
_BARE_CUE = "combien"
"""The one cue whose noun follows a "de" (as in :mod:`.asked_unit`)."""
_BEFORE_DE = 2
"""Words a French count may put between "combien" and its "de"."""


def other_term_asked(question: str, entities: Sequence[Entity], unit: Mapping[str, str] | None,
                     terms: Mapping[str, Term]) -> str | None:
    """Why a count in ``unit`` does not answer ``question``: the noun counted is a glossary term that is not the
    unit's; None when it is, when the unit is no glossary term, or when the asking sentence counts no term."""
    own = unit_terms(unit or {}, terms)
    span = count_asking_span(question)
    if not own or span is None:
        return None
    sentence = question[span[0]:span[1]]
    cues = find_mentions(sentence, {"cue": words().cues})
    if not cues:
        return None
    said = tokens(sentence)
    after = said[cues[0].end:cues[0].end + _NOUN_WITHIN]
    if cues[0].phrase == _BARE_CUE:  # "combien de pièces", "combien je perds de pièces"; "combien rapporte mon
        introducer = next((i for i, token in enumerate(after[:_BEFORE_DE + 1]) if token.text in ("de", "d")), None)
        after = [] if introducer is None else after[introducer + 1:]  # Espionne" counts no noun
    if not after:
        return None
    start, end = span[0] + after[0].start, span[0] + after[-1].end
    asked = [entity for entity in entities
             if entity.kind in COUNTED_KINDS and start <= entity.start < end and isinstance(entity.value, str)]
    if not asked or own & {entity.value for entity in asked[:1]}:
        return None
    return (f"asked count: the question counts « {asked[0].text} », the engine's reader counts "
            f"{unit.get('en') or unit.get('fr')}")


def unit_terms(unit: Mapping[str, str], terms: Mapping[str, Term]) -> frozenset[str]:
    """The glossary terms a reader's unit is: those whose French or English name the unit says ("Rubis" is
    ``rubis``; "pièce(s) d’or" is ``piece_d_or``)."""
    by_language = {language: _content_words(label) for language, label in unit.items()}
    return frozenset(term.id for term in terms.values()
                     if by_language.get("fr") and _content_words(term.fr) == by_language["fr"]
                     or by_language.get("en") and _content_words(term.en) == by_language["en"])


def _content_words(text: str | None) -> frozenset[str]:
    unread = stopwords()
    return frozenset(singular(token.text) for token in tokens(fold((text or "").replace("(s)", "")))
                     if token.text not in unread and not token.text.isdigit())
