"""What form of answer a question asks for: yes/no, a count, a person, a choice, a moment, an explanation.

The form decides how a ruling is worded (``Oui``/``Non`` first, the number first,
the name first...) and which engine templates may answer. The patterns are data
(``question_forms`` in each lexicon); a question is matched against every
language's patterns, because questions mix languages.

Forms, tried in this order (the first that matches wins):

- ``count``: combien, how many, how much;
- ``who``: qui gagne, à qui, "je vole qui ?", who, which player;
- ``open``: what does / what happens / what if, comment, c'est quoi, il fait quoi, on joue où;
- ``when``: quand... ?, « quand est sorti… », « ça finit quand ? », à quel moment, when does, "ends when?";
- ``which``: quel/quelle, lequel, which (a choice among things);
- ``polar``: everything else (can I, est-ce que, je peux): a yes/no question.

A relative pronoun is not a word that asks (the lexicons' ``relative_pronouns``): "A card which is under
another, can it still be targeted?" and « Je peux poser sur la carte sur laquelle il y a un jeton ? » ask yes or no.
"""

from __future__ import annotations

import functools

from language.folding import fold
from language.lexicon import LANGUAGES, lexicon

__all__ = ["COUNT", "FORMS", "OPEN", "POLAR", "WHEN", "WHICH", "WHO", "question_form"]

COUNT, WHO, OPEN, WHEN, WHICH, POLAR = "count", "who", "open", "when", "which", "polar"
FORMS = (COUNT, WHO, OPEN, WHEN, WHICH, POLAR)
"""Every form, in matching order; :data:`POLAR` matches when nothing else does."""


@functools.lru_cache(maxsize=4096)  # asked 3-4 times per question (answer, grounder, its clauses)
def question_form(question: str) -> str:
    """One of :data:`FORMS` for ``question``.

    Example:
        >>> question_form("Mon Marchand me rapporte combien ?")
        'count'
    """
    lowered = _without_relative_pronouns(question)
    folded = fold(lowered)
    for form in FORMS[:-1]:
        if form == OPEN and _asks_where(lowered):
            return OPEN
        for language in LANGUAGES:
            if any(pattern.search(folded) for pattern in lexicon(language).question_forms.get(form, ())):
                return form
    return POLAR


def _asks_where(lowered: str) -> bool:
    """Whether a word of ``lowered`` (accents kept) asks where: folding would make « où » the « ou » of a choice."""
    return any(pattern.search(lowered) for language in LANGUAGES for pattern in lexicon(language).place_asks)


_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'"})


def _without_relative_pronouns(question: str) -> str:
    """``question`` lower-cased, each relative pronoun of every language blanked (its accents kept until then)."""
    lowered = question.translate(_APOSTROPHES).lower()
    for language in LANGUAGES:
        for pattern in lexicon(language).relative_pronouns:
            lowered = pattern.sub(" ", lowered)
    return lowered
