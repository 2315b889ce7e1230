"""A count verdict answers only the glossary term asked (``service/grounding/asked_term.py``): "combien de pièces"
is not answered in Rubis although both are "jetons" in the glossary; the template path checks the count asked as
the frame path does."""

from __future__ import annotations

import pytest

from service.grounding.asked_term import other_term_asked, unit_terms
from service.grounding.results import Declined, GroundedAnswer

RUBIES = {"fr": "Rubis", "en": "ruby(ies)"}


def test_a_unit_is_the_glossary_term_it_names(grounder):
    terms = grounder.recognisers["for-a-crown"].terms
    assert unit_terms(RUBIES, terms) == {"rubis"}
    assert unit_terms({"fr": "pièce(s) d’or", "en": "coin(s)"}, grounder.recognisers["emblemes"].terms) == {"piece_d_or"}


@pytest.mark.parametrize("question, declined", [
    ("Scandale : je suis tout à gauche de la Galerie. Combien de pièces je perds ?", True),
    ("Scandal hits and my portrait is in the left zone. How many coins do I lose?", True),
    ("Scandale : je suis tout à gauche de la Galerie. Combien de rubis je perds ?", False),
    ("Scandale : je suis tout à gauche de la Galerie. Combien je perds ?", False),  # no noun counted
])
def test_the_term_counted_must_be_the_units(grounder, question, declined):
    terms = grounder.recognisers["for-a-crown"].terms
    said = other_term_asked(question, grounder.entities(question, "for-a-crown"), RUBIES, terms)
    assert (said is not None) == declined


def test_a_count_of_another_term_gets_no_engine_verdict(grounder):
    question = "Scandale : ma famille est dans la zone de gauche. Combien de pièces je perds ?"
    assert isinstance(grounder.attempt(question, "for-a-crown"), Declined)
    kept = grounder.attempt(question.replace("pièces", "rubis"), "for-a-crown")
    assert isinstance(kept, GroundedAnswer) and kept.raw == 2
