"""What kind of answer a question asks for, so that a template only answers questions of its kind.

A yes/no template must not answer "what does my Guard do?" or "who wins?" just
because the words are close: it would lead with "Oui" or "Non" to a question
that asked for something else, and a number template must not answer "do I
earn 3 coins?" with "2 coins". The question's form comes from the shared text
layer (:func:`language.question_form`: count, who, open, when, which, polar).

A template answers the forms of its verdict type (:data:`DEFAULT_FORMS`), or the
ones its ``answer.forms`` lists: a yes/no template whose labels say "tout de
suite" / "pas tout de suite" also answers ``when``, one whose labels say "You
win" / "You do not win alone" also answers ``who``.
"""

from __future__ import annotations

import re
from typing import Sequence

from language import COUNT, OPEN, POLAR, WHEN, WHICH, WHO, fold, question_form  # noqa: F401  (re-exported: the forms templates name)
from service.grounding.catalog import QUESTION_FORMS, Template
from service.grounding.entities import Entity

FORMS = QUESTION_FORMS
DEFAULT_FORMS = {"yes_no": (POLAR,), "number": (COUNT, OPEN), "player": (WHO,), "text": (OPEN, WHICH)}
"""The forms each verdict type answers when a template does not list its own."""

_POSITION_KINDS = frozenset({"card", "location", "token", "number", "player_count", "player", "marker", "value", "seat_order"})
_MIN_POSITION_ENTITIES = 2
"""An open question gets a number answer only when it sets up a position (two things at least)."""


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
