"""Engine-checked answers: a calibrated confidence by verdict kind, and "the rules do not settle it" when a named
assumption decides the verdict."""

import pytest

from service.answers import Answer, Evidence
from service.answers.calibration import engine_confidence, verdict_kind
from service.grounding.results import EngineCheck, Explanation, GroundedAnswer, Reading
from service.referee import _checked, rules_leave_it_open

ASSUMPTION = "jeu.coins_below_zero"


def _answer(language: str = "fr") -> Answer:
    return Answer("composed", False, 0.3, language, (), Evidence(0.8, 0.0, 0.6, 0.9), answerable=0.6)


def _grounded(raw, readings=(), is_open=False, used=(ASSUMPTION,)) -> GroundedAnswer:
    check = EngineCheck(scenario={}, outcome="Le moteur de règles a joué la position.", verdict="non", trace=[],
                        assumptions=list(used), agrees_with_text=None, readings=tuple(readings), open=is_open)
    explanation = Explanation(None, [], {}, None, [], [])
    return GroundedAnswer("Non. Le moteur de règles a joué la position.", check, (), explanation, 1.0, raw)


@pytest.mark.parametrize("raw, kind", [(True, "yes"), (False, "no"), (3, "number"), ("Léa", "name"), ("open", "open")])
def test_a_verdict_has_a_kind(raw, kind):
    assert verdict_kind(raw) == kind


def test_the_confidence_of_an_engine_verdict_is_its_kind_s_training_precision_not_the_template_score():
    checked = _checked(_answer(), _grounded(False))
    assert checked.confidence == round(engine_confidence(False), 4)
    assert 0.0 < checked.confidence < 1.0, "a fitted, smoothed share: never certainty"
    assert not checked.abstained and checked.text.startswith("Non.")


def test_a_no_is_less_certain_than_a_yes_as_measured_on_the_training_questions():
    assert engine_confidence(False) < engine_confidence(True)


@pytest.mark.parametrize("language, opening", [("fr", "Les règles ne tranchent pas ce point"),
                                               ("en", "The rules do not settle this")])
def test_a_verdict_that_a_named_assumption_decides_abstains_and_keeps_each_reading(language, opening):
    readings = (Reading(ASSUMPTION, "floor_at_zero", "non"), Reading(ASSUMPTION, "negative", "oui"))
    checked = _checked(_answer(language), _grounded(False, readings, is_open=True))
    assert checked.abstained is True
    assert checked.text.startswith(opening) and "Non. Le moteur" in checked.text, "the default reading stays, labelled"
    assert checked.confidence == 0.3, "an abstention's confidence: the composed answer's, at most P(answerable)"
    assert checked.engine_check.readings == readings


def test_a_check_open_only_on_what_the_question_leaves_unsaid_is_not_the_rules_gap():
    readings = (Reading("which card", "the Reine", "non"), Reading("which card", "the Roi", "oui"))
    check = _grounded(False, readings, is_open=True).check
    assert rules_leave_it_open(check) is False
    assert not _checked(_answer(), _grounded(False, readings, is_open=True)).abstained


def test_an_assumption_that_does_not_move_the_verdict_leaves_the_answer_standing():
    readings = (Reading(ASSUMPTION, "floor_at_zero", "non"), Reading(ASSUMPTION, "negative", "non"))
    assert rules_leave_it_open(_grounded(False, readings, is_open=False).check) is False
