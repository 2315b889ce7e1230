"""The circumstance a question states, and the rule written for it.

"Quand un Événement est révélé, qui applique l'effet ?", "What happens to my twin when Paul eliminates my prince?":
the question tells a circumstance (a clause a condition word opens, or the clause told before the asking one) and
asks what the rules do in it. The rule that answers is the one written for that circumstance (« Quand un Événement
est révélé : toutes les familles concernées appliquent l'effet »), not a neighbour that shares the asked verb or
object (« La famille la moins influente lance le dé magique et applique son effet »). A sentence *meets* the
circumstance when it says most of its content words, in the question's language (an English question reads the
sentence's English translation).
"""

from __future__ import annotations

import math
import re

from language import POLAR, content_stems, fold, lexicon, question_form, words
from language.sentences import asking_sentence

__all__ = ["MEETS_SHARE", "circumstance", "meets"]

MEETS_SHARE = 1 / 2
"""A sentence meets a circumstance when it says at least half of its content stems (and never fewer than
:data:`MIN_STEMS`): "posé sa carte" meets "joué sa carte" once "une fois", "tout le monde" and "carte" agree."""
MIN_STEMS = 2
"""A circumstance of fewer content stems tells too little to pick a rule by."""
_CLAUSE_END = r"[,;:?!.]"


def circumstance(text: str, language: str, asked: bool = False) -> frozenset[str]:
    """The content stems of the circumstance a question tells or a rule is written for; empty when it tells none of
    :data:`MIN_STEMS`.

    The circumstance is every clause a condition word opens (« si j'ai 12 jetons », "when Paul eliminates my
    prince", « Si le guet-apens est éliminé par une carte adverse »), up to the next punctuation; without one, the
    clause told before the rest (« Une fois que tout le monde a joué sa carte, à qui passe le pion ? », « Le
    coupe-jarret de Léa élimine mon guet-apens : qu'est-ce qui arrive ? »). A question (``asked``) is read in its
    asking sentence, and a lead clause that itself asks ("Where do eliminated cards end up, and …?") tells nothing.
    """
    folded = fold(asking_sentence(text))
    openers = sorted(lexicon(language).condition_words, key=len, reverse=True)
    pattern = r"(?<![a-z0-9])(?:" + "|".join(re.escape(o).replace(r"\ ", r"[\s']+") for o in openers) + r")(?![a-z0-9])"
    told = [re.split(_CLAUSE_END, folded[match.end():], maxsplit=1)[0] for match in re.finditer(pattern, folded)]
    if not told:
        clauses = [clause for clause in re.split(_CLAUSE_END, folded) if words(clause)]
        told = clauses[:1] if len(clauses) >= 2 and not (asked and question_form(clauses[0]) != POLAR) else []
    stems = frozenset(stem for clause in told for stem in content_stems(clause))
    return stems if len(stems) >= MIN_STEMS else frozenset()


def meets(told: frozenset[str], sentence: str, language: str) -> bool:
    """Whether ``sentence`` is written for the circumstance ``told``: its own circumstance says at least
    :data:`MEETS_SHARE` of it. A sentence that only shares the question's nouns elsewhere is a neighbour."""
    if not told or not sentence:
        return False
    said = told & circumstance(sentence, language)
    return len(said) >= max(MIN_STEMS, math.ceil(MEETS_SHARE * len(told)))
