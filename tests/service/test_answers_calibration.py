"""Calibration measures and the stored logistic models, on synthetic data."""

from __future__ import annotations

import random

import pytest

from service.answers.calibration import expected_calibration_error, reliability
from service.answers.linear import LinearModel, load_model


def test_a_calibrated_predictor_has_a_small_error_and_a_shifted_one_a_large_error() -> None:
    rng = random.Random(0)
    probabilities = [rng.random() for _ in range(20000)]
    outcomes = [rng.random() < p for p in probabilities]
    assert expected_calibration_error(probabilities, outcomes) < 0.02
    overconfident = [min(1.0, p + 0.3) for p in probabilities]
    assert expected_calibration_error(overconfident, outcomes) == pytest.approx(0.26, abs=0.03)


def test_reliability_bins_hold_mean_prediction_and_observed_frequency() -> None:
    bins = reliability([0.05, 0.15, 0.95, 0.95], [False, True, True, False], bins=10)
    assert [(b.low, b.count) for b in bins] == [(0.0, 1), (0.1, 1), (0.9, 2)]
    assert bins[-1].mean_predicted == pytest.approx(0.95) and bins[-1].observed == 0.5


def test_reliability_refuses_mismatched_inputs() -> None:
    with pytest.raises(ValueError, match="outcomes: expected 2 values"):
        reliability([0.1, 0.2], [True])


def test_a_linear_model_round_trips_and_applies_standardisation() -> None:
    model = LinearModel("m", ("a", "b"), (2.0, -1.0), (1.0, 0.0), (2.0, 1.0), 0.5, {"n": 3})
    assert LinearModel.from_dict("m", model.to_dict()) == model
    assert model.logit((3.0, 1.0)) == pytest.approx(0.5 + 2.0 * (3.0 - 1.0) / 2.0 - 1.0)
    with pytest.raises(ValueError, match="expected 2 feature values"):
        model.logit((1.0,))


@pytest.mark.parametrize("name", ["reranker", "polarity", "confidence", "answerable"])
def test_every_shipped_model_reports_how_it_was_fit(name: str) -> None:
    model = load_model(name)
    assert model is not None
    assert model.report["fit_on"].startswith("train_questions.jsonl")


def test_a_model_capped_by_its_fit_states_at_most_its_cap_and_keeps_it_through_its_file():
    from service.answers.linear import LinearModel

    model = LinearModel("confidence", ("a",), (3.0,), (0.0,), (1.0,), -1.0, {}, at_most=0.79)
    assert model.probability([0.0]) < 0.79 and model.probability([5.0]) == 0.79
    assert LinearModel.from_dict("confidence", model.to_dict()).at_most == 0.79
    uncapped = LinearModel("confidence", ("a",), (3.0,), (0.0,), (1.0,), -1.0, {})
    assert "at_most" not in uncapped.to_dict() and uncapped.probability([5.0]) > 0.99
