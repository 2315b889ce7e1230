"""What kind of answer a question asks for, so that a template only answers questions of its kind.

A yes/no template must not answer "what does my Guard do?" or "how many turns
are there at 4 players?" just because the words are close: it would lead with
a verdict ("Oui", "Non") to a question that asked for none. A question is
``count`` (combien, how many, how much), ``open`` (what does, comment,
c'est quoi, il fait quoi) or ``polar`` (everything else: can I, est-ce que,
je peux, who wins). Forms are read on folded text with a few patterns per
language; anything unrecognised is ``polar``, the form of most edge questions.
"""

from __future__ import annotations

import re
from typing import Sequence

from service.grounding.catalog import Template
from service.grounding.entities import Entity
from service.grounding.folding import fold

COUNT, OPEN, POLAR = "count", "open", "polar"
_COUNT = re.compile(r"\bcombien\b|\bhow\s+(?:many|much)\b")
_OPEN = re.compile(
    r"\bqu\W?est\W?ce\s+qu|\bque\s+(?:fait|font|se\s+passe)|\b(?:fait|font|copie|rapporte|donne)\s+quoi\b"
    r"|\bc\W?est\s+quoi\b|\bcomment\b|\bexplique|\bwhat\s+(?:does|do|is|are|happens)\b|\bhow\s+(?:does|do|is)\b|\bexplain\b"
)
_POSITION_KINDS = frozenset({"card", "location", "token", "number", "player_count", "player", "marker", "value", "seat_order"})
_MIN_POSITION_ENTITIES = 2
"""An open question gets a number answer only when it sets up a position (two things at least)."""


def question_form(question: str) -> str:
    """``count``, ``open`` or ``polar``."""
    folded = fold(question)
    if _COUNT.search(folded):
        return COUNT
    if _OPEN.search(folded):
        return OPEN
    return POLAR


def answers_form(template: Template, form: str, entities: Sequence[Entity]) -> bool:
    """Whether ``template``'s kind of verdict answers a question of ``form``.

    Yes/no templates answer polar questions only; number and player templates
    answer any count or polar question, and an open one that describes a position.
    """
    if template.answer.get("type") == "yes_no":
        return form == POLAR
    if form == OPEN:
        return sum(entity.kind in _POSITION_KINDS for entity in entities) >= _MIN_POSITION_ENTITIES
    return True
