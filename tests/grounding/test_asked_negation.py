"""A negated "who" or "how many" gets no engine verdict (session 12, ``service/grounding/asked_negation.py``): the
reader answers the positive ask, "Qui ne lance pas le dé ?" is everyone else."""

from __future__ import annotations

import pytest

from service.grounding.asked_negation import negated_ask
from service.grounding.results import Declined

GALLERY_FR = "Galerie, de droite à gauche : Anna, Ben, Chloé, Dan. Un Coup de pouce magique est révélé. "
GALLERY_EN = "Gallery from right to left: Anna, Ben, Chloé, Dan. A Magic Boost is revealed. "


@pytest.mark.parametrize("question", [
    GALLERY_FR + "Qui ne lance pas le dé ?",
    GALLERY_FR + "Qui n'a pas le droit de lancer le dé ?",
    GALLERY_EN + "Who doesn't roll the die?",
    GALLERY_EN + "Who does not roll the die?",
])
def test_a_negated_who_gets_no_engine_verdict_and_says_why(grounder, question):
    positive = grounder.check(question.replace("ne lance pas", "lance").replace("n'a pas le droit de lancer", "lance")
                              .replace("doesn't roll", "rolls").replace("does not roll", "rolls"), "for-a-crown")
    assert positive is not None and positive.verdict == "Dan", "the same ask said positively is checked"
    assert grounder.check(question, "for-a-crown") is None
    declined = grounder.attempt(question, "for-a-crown")
    assert isinstance(declined, Declined) and declined.reason.startswith("asked negation:")


@pytest.mark.parametrize("question", [
    "Lea won the draw and opened against Max. Who puts down the last card of the duel (not counting Sudden Death)?",
    "Qui gagne, si on ne compte pas la Mort Subite ?",
    "How many coins do I get if there is no Witch?",
    "Combien de pièces je gagne, sans Sorcière ?",
])
def test_a_negation_elsewhere_in_the_asking_sentence_is_no_negated_ask(question):
    assert negated_ask(question) is None


@pytest.mark.parametrize("question", ["Qui ne lance pas le dé ??", "Who doesn't roll the die?!"])
def test_a_doubled_mark_ends_the_asking_sentence_and_keeps_its_negation(question):
    """The asking sentence is quantity_reading's: a mark alone after "?" is no sentence of its own."""
    assert negated_ask(question) is not None
