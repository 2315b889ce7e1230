"""Grounded answers: edge-case questions answered by running the rules engines.

The question's entities are recognised from the game's glossary (and its
optional hook ``engine/<game>/questions.py``), the closest scenario template of
``corpus/<game>/scenarios/`` is chosen when one fits, its slots are filled, the
engine plays the position and the verdict leads the answer. See docs/grounding.md.
"""

from service.grounding.catalog import SlotSpec, Template, load_templates, template_from_dict
from service.grounding.budget import Budget, FuseBlown
from service.grounding.checking import AssumptionOutcome, Run, run_template
from service.grounding.entities import Entity, Recogniser, Term, load_glossary
from service.grounding.filling import Filling, fill_slots
from service.grounding.grounder import Grounder
from service.grounding.results import (
    Declined, EngineCheck, Explanation, GroundedAnswer, PassedOver, Provenance, Reading,
)
from service.grounding.matching import MATCH_THRESHOLD, Match, TemplateMatcher

__all__ = [
    "AssumptionOutcome",
    "Budget",
    "Declined",
    "EngineCheck",
    "Entity",
    "Explanation",
    "Filling",
    "FuseBlown",
    "GroundedAnswer",
    "Grounder",
    "MATCH_THRESHOLD",
    "Match",
    "PassedOver",
    "Provenance",
    "Reading",
    "Recogniser",
    "Run",
    "SlotSpec",
    "Template",
    "TemplateMatcher",
    "Term",
    "fill_slots",
    "load_glossary",
    "load_templates",
    "run_template",
]
