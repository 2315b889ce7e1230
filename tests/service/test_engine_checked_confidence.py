"""Engine-checked answers: a calibrated confidence by method and verdict kind, and "the rules do not settle it" when a
named assumption decides the verdict."""

import json

import pytest

from service.answers import Answer, Evidence
from service.answers.calibration import (ENGINE_CONFIDENCE_MODEL, ENGINE_METHODS, VERDICT_KINDS, engine_cell,
                                         engine_confidence, verdict_kind)
from service.grounding.results import EngineCheck, Explanation, GroundedAnswer, Reading
from service.referee import _checked, rules_leave_it_open

ASSUMPTION = "jeu.coins_below_zero"


def _answer(language: str = "fr") -> Answer:
    return Answer("composed", False, 0.3, language, (), Evidence(0.8, 0.0, 0.6, 0.9), answerable=0.6)


def _grounded(raw, readings=(), is_open=False, used=(ASSUMPTION,), method="frame", score=1.0,
              verdict_type="") -> GroundedAnswer:
    check = EngineCheck(scenario={}, outcome="Le moteur de règles a joué la position.", verdict="non", trace=[],
                        assumptions=list(used), agrees_with_text=None, readings=tuple(readings), open=is_open,
                        method=method)
    explanation = Explanation(None, [], {}, None, [], [])
    return GroundedAnswer("Non.", "Le moteur de règles a joué la position.", "fr", check, (), explanation, score, raw,
                          verdict_type)


def _fitted() -> dict:
    return json.loads(ENGINE_CONFIDENCE_MODEL.read_text(encoding="utf-8"))


@pytest.mark.parametrize("raw, kind", [(True, "yes"), (False, "no"), (3, "number"), ("Léa", "name"), ("open", "open")])
def test_a_verdict_has_a_kind(raw, kind):
    assert verdict_kind(raw) == kind


def test_a_frame_s_text_verdict_is_a_description_not_a_name():
    description = "captured by Resonance: Eva's card (3 against 3)"
    assert verdict_kind(description, "text") == "text"
    assert verdict_kind(description) == "name"
    assert verdict_kind(True, "text") == "yes" and verdict_kind("open", "text") == "open"


def test_the_fitted_table_has_every_method_and_kind_and_says_how_it_was_chosen():
    fitted = _fitted()
    assert set(fitted["by_cell"]) == {engine_cell(m, k) for m in ENGINE_METHODS for k in VERDICT_KINDS}
    assert fitted["estimator"] in fitted["by_estimator"], "the shipped estimator is one of those measured"
    assert all(0.0 < row["p"] < 1.0 for row in fitted["by_cell"].values()), "smoothed: never certainty"


def test_the_shipped_estimator_is_chosen_out_of_fold_precision_first():
    """Among the estimators whose confident answers are right >= 95 % out of fold: fewest confident-wrong, then
    the lowest Brier score (the tuning part is reported, never chosen on)."""
    fitted = _fitted()

    def rank(cv):
        precise = cv["confident_precision"] is None or cv["confident_precision"] >= 0.95
        return (not precise, cv["confident_wrong"], cv["brier"])

    best = min(rank(e["cv"]) for e in fitted["by_estimator"].values())
    assert rank(fitted["by_estimator"][fitted["estimator"]]["cv"]) == best
    assert fitted["cv"]["confident_precision"] >= 0.95, "a confident engine answer is right >= 95 % out of fold"
    assert sum(row["n"] for row in fitted["cv"]["reliability"]) == fitted["cv"]["n"], "every answer in one bin"


@pytest.mark.parametrize("method", ENGINE_METHODS)
@pytest.mark.parametrize("raw, verdict_type", [(True, ""), (False, ""), (3, ""), ("Léa", "player"),
                                               ("Eva's card is captured", "text")])
def test_an_engine_answer_gets_its_method_and_kind_s_cell(method, raw, verdict_type):
    cell = engine_cell(method, verdict_kind(raw, verdict_type))
    checked = _checked(_answer(), _grounded(raw, method=method, verdict_type=verdict_type))
    assert checked.confidence == round(_fitted()["by_cell"][cell]["p"], 4)


def test_an_unknown_method_is_refused_naming_the_field():
    with pytest.raises(ValueError, match="method: expected one of"):
        engine_confidence(True, "guess")


def test_the_confidence_of_an_engine_verdict_is_its_kind_s_training_precision_not_the_template_score():
    checked = _checked(_answer(), _grounded(False))
    assert checked.confidence == round(engine_confidence(False), 4)
    assert 0.0 < checked.confidence < 1.0, "a fitted, smoothed share: never certainty"
    assert not checked.abstained and checked.text.startswith("Non.")


def test_a_frame_s_no_is_never_more_certain_than_its_yes_as_measured_on_the_training_questions():
    # Both cells are capped at the precision bar's 0.79 when yes and no together are not right 95 % of the time (one
    # precision claim, fit_answers.PRECISION_FAMILY), so they may be equal; a "no" above a "yes" would contradict it.
    assert engine_confidence(False, "frame") <= engine_confidence(True, "frame")


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


def test_a_fit_that_chose_scaling_by_the_template_score_scales_templates_only(monkeypatch):
    from service.answers import calibration

    monkeypatch.setattr(calibration, "_engine_table", lambda: ({"template/yes": 0.9, "frame/yes": 0.9}, True))
    assert engine_confidence(True, "template", score=0.5) == pytest.approx(0.45)
    assert engine_confidence(True, "frame", score=0.5) == pytest.approx(0.9), "a frame's score is 1 by construction"
