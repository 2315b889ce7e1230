"""What kind of answer a question asks for, so that a template only answers questions of its kind.

A yes/no template must not answer "what does my Guard do?" or "who wins?" just
because the words are close: it would lead with "Oui" or "Non" to a question
that asked for something else, and a number template must not answer "do I
earn 3 coins?" with "2 coins". A question is

- ``count``: combien, how many, how much;
- ``who``: qui gagne, qui l'emporte, à qui, "je vole qui ?", who, which player;
- ``open``: what does, what happens, comment, c'est quoi, il fait quoi;
- ``when``: quand... ?, à quel moment, when does;
- ``which``: quel/quelle, lequel, which (a choice among things);
- ``polar``: everything else (can I, est-ce que, je peux), the form of most edge questions.

A template answers the forms of its verdict type (:data:`DEFAULT_FORMS`), or the
ones its ``answer.forms`` lists: a yes/no template whose labels say "tout de
suite" / "pas tout de suite" also answers ``when``, one whose labels say "You
win" / "You do not win alone" also answers ``who``.
"""

from __future__ import annotations

import re
from typing import Sequence

from service.grounding.catalog import QUESTION_FORMS, Template
from service.grounding.entities import Entity
from service.grounding.folding import fold

COUNT, WHO, OPEN, WHEN, WHICH, POLAR = "count", "who", "open", "when", "which", "polar"
FORMS = QUESTION_FORMS
DEFAULT_FORMS = {"yes_no": (POLAR,), "number": (COUNT, OPEN), "player": (WHO,), "text": (OPEN, WHICH)}
"""The forms each verdict type answers when a template does not list its own."""

_PATTERNS = (
    (COUNT, re.compile(r"\bcombien\b|\bhow\s+(?:many|much)\b")),
    (WHO, re.compile(
        r"\bqui\s+(?:gagne|l\W?emporte|remporte|est\s+(?:le\s+)?(?:gagnant|vainqueur)|a\s+gagne)"
        r"|\bwho\b|\bwhom\b|\bwhich\s+player\b|\bquel\s+joueur\b|\bqui\s*\?\s*$|\ba\s+qui\b|\bde\s+qui\b"
    )),
    (OPEN, re.compile(
        r"\bqu\W?est\W?ce\s+qu|\bque\s+(?:fait|font|se\s+passe)|\b(?:fait|font|copie|rapporte|donne)\s+quoi\b"
        r"|\bc\W?est\s+quoi\b|\bcomment\b|\bexplique|\bwhat\s+(?:does|do|is|are|happens)\b|\bhow\s+(?:does|do|is)\b"
        r"|\bexplain\b|\bse\s+passe\W+t\W+il\b"
    )),
    (WHEN, re.compile(r"\bquand\s*\?|\bquand\s+est\W?ce\b|\ba\s+quel\s+moment\b|^\s*when\b|\bwhen\s+(?:does|do|is|will)\b")),
    (WHICH, re.compile(r"\bquel(?:le)?s?\b|\blesquel|\blaquelle\b|\blequel\b|\bwhich\b")),
)
_POSITION_KINDS = frozenset({"card", "location", "token", "number", "player_count", "player", "marker", "value", "seat_order"})
_MIN_POSITION_ENTITIES = 2
"""An open question gets a number answer only when it sets up a position (two things at least)."""


def question_form(question: str) -> str:
    """One of :data:`FORMS` (the first pattern that matches, in that order; else ``polar``)."""
    folded = fold(question)
    for form, pattern in _PATTERNS:
        if pattern.search(folded):
            return form
    return POLAR


def template_forms(template: Template) -> tuple[str, ...]:
    """The forms ``template`` answers: its ``answer.forms`` or its verdict type's defaults."""
    return tuple(template.answer.get("forms") or DEFAULT_FORMS[template.answer["type"]])


def asks_opposite(template: Template, question: str) -> bool:
    """Whether a yes/no question asks the opposite of what the template's verdict says.

    The deck template's verdict is "the deck runs out"; "does my deck last?" asks
    the opposite, and a bare "non" would then be wrong. A template lists in
    ``answer.opposite`` word stems that ask the other way (``suffi``, ``enough``,
    ``interdit``, ``forbidden``); the verdict is then flipped before it is worded.
    """
    stems = template.answer.get("opposite") or ()
    if template.answer.get("type") != "yes_no" or not stems:
        return False
    words = re.findall(r"[a-z]+", fold(question))
    return any(word.startswith(fold(stem)) for word in words for stem in stems)


def answers_form(template: Template, form: str, entities: Sequence[Entity]) -> bool:
    """Whether ``template``'s verdict answers a question of ``form``.

    An open question ("what happens?") gets a verdict only when it sets up a
    position (two entities at least): "what does my Guard do?" stays a lookup.
    """
    if form not in template_forms(template):
        return False
    if form == OPEN:
        return sum(entity.kind in _POSITION_KINDS for entity in entities) >= _MIN_POSITION_ENTITIES
    return True
