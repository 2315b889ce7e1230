"""The abstention threshold of ``scripts/fit_answers.py``: chosen on training rates, engine checks never abstain."""

import importlib
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sklearn")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
fit_answers = importlib.import_module("fit_answers")


def test_rates_count_rule_gates_and_never_an_engine_checked_answer():
    p = [0.1, 0.1, 0.9, 0.9, 0.1]
    gated = [False, False, True, False, False]
    engine = [False, True, False, False, False]
    unanswerable = [True, True, True, False, False]
    recall, false = fit_answers.abstention_rates(p, gated, engine, unanswerable, 0.5)
    assert recall == pytest.approx(2 / 3)  # the engine-checked one is answered
    assert false == pytest.approx(1 / 2)


def test_the_threshold_abstains_on_the_most_unanswerable_questions_net_within_the_false_abstention_budget():
    p = np.array([0.05, 0.15, 0.25, 0.35, 0.30, 0.60, 0.70, 0.80, 0.90, 0.95])
    unanswerable = [True, True, True, True] + [False] * 6
    none = [False] * 10
    assert fit_answers.choose_threshold(p, none, none, unanswerable, max_false=0.0) == 0.26
    assert fit_answers.choose_threshold(p, none, none, unanswerable, max_false=0.2) == 0.26, "0.36 nets the same"
    gated = [False] * 5 + [True] + [False] * 4  # a rule gate's false abstention uses the budget
    assert fit_answers.choose_threshold(p, gated, none, unanswerable, max_false=0.2) == 0.26


def test_a_threshold_that_only_adds_false_abstentions_is_not_chosen():
    p = np.array([0.05, 0.15, 0.20, 0.40, 0.60, 0.80])
    unanswerable = [True, True, False, False, False, False]
    none = [False] * 6
    assert fit_answers.choose_threshold(p, none, none, unanswerable, max_false=0.5) == 0.16
    gated = [True, True] + [False] * 4  # the rule gates already abstain on both unanswerable questions
    assert fit_answers.choose_threshold(p, gated, none, unanswerable, max_false=0.5) == 0.0


def test_auc_orders_positives_above_negatives():
    assert fit_answers.auc(np.array([0.9, 0.8, 0.1]), np.array([True, True, False])) == 1.0
    assert fit_answers.auc(np.array([0.5, 0.5]), np.array([True, False])) == 0.5


def test_log_loss_rewards_confident_right_predictions_and_a_coin_scores_ln2():
    y = np.array([1, 0, 1, 0])
    assert fit_answers.log_loss(np.array([0.5] * 4), y) == pytest.approx(np.log(2))
    assert fit_answers.log_loss(np.array([0.99, 0.01, 0.99, 0.01]), y) < 0.02
    assert fit_answers.log_loss(np.array([0.01, 0.99, 0.01, 0.99]), y) > 4


def test_answers_composed_for_fitting_carry_the_known_gap_threshold():
    # The fit's answers must abstain where the service's do: the known-gap gate included.
    ranking = fit_answers.Ranking(None, None, {}, None, {}, 0.5, {}, known_gap_at=3.2)
    assert ranking.models().known_gap_at == 3.2
    assert fit_answers.Ranking(None, None, {}, None, {}, 0.5, {}).models().known_gap_at == float("inf")


def test_the_candidate_cache_is_keyed_by_the_checkout_and_its_edits(tmp_path, monkeypatch):
    """Worktrees share TMPDIR: records retrieved by one tree, or before an edit, are never read by another state."""
    import subprocess

    def git(*args):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / "rules.md").write_text("Une règle.\n", encoding="utf-8")
    git("add", "rules.md")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "corpus")
    monkeypatch.setattr(fit_answers, "ROOT", tmp_path)
    committed = fit_answers.tree_state()
    assert fit_answers.tree_state() == committed, "the same state reads the same cache"
    (tmp_path / "rules.md").write_text("Une autre règle.\n", encoding="utf-8")
    edited = fit_answers.tree_state()
    (tmp_path / "reader.py").write_text("WORDS = ()\n", encoding="utf-8")
    untracked = fit_answers.tree_state()
    assert len({committed, edited, untracked}) == 3


def test_the_confidence_c_is_the_strongest_regularisation_within_one_standard_error_of_the_lowest_loss():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 80)
    weaker = np.clip(np.where(y == 1, 0.65, 0.35) + rng.normal(0, 0.2, 80), 0.05, 0.95)
    best = np.clip(weaker + rng.normal(0, 0.05, 80), 0.05, 0.95)  # lower loss by less than one standard error
    coin = np.full(len(y), 0.5)  # worse by several standard errors
    assert fit_answers.log_loss(best, y) < fit_answers.log_loss(weaker, y) < fit_answers.log_loss(coin, y)
    assert fit_answers.within_one_standard_error({0.01: coin, 0.03: weaker, 0.1: best}, y) == 0.03
    assert fit_answers.within_one_standard_error({0.01: coin, 0.1: best}, y) == 0.1


def test_a_kind_right_nine_times_in_ten_states_less_than_confident_in_every_cell_and_a_precise_kind_does_not():
    pytest.importorskip("scipy")
    rows = ([("g", "frame", "no", 1.0, True)] * 26 + [("g", "frame", "no", 1.0, False)] * 3
            + [("g", "template", "no", 1.0, True)] * 5 + [("g", "frame", "number", 1.0, True)] * 20)
    for estimator in fit_answers.ENGINE_ESTIMATORS:
        table = fit_answers.engine_table(rows, estimator)
        assert table["frame/no"]["capped"] and table["frame/no"]["p"] == fit_answers.NOT_CONFIDENT < fit_answers.CONFIDENT
        assert table["template/no"]["p"] < fit_answers.CONFIDENT, "5 of 5 does not escape its kind"
        assert not table["frame/number"]["capped"] and table["frame/number"]["p"] >= fit_answers.CONFIDENT


def test_yes_and_no_make_one_precision_claim_so_a_streak_of_yeses_beside_imprecise_noes_is_not_confident():
    pytest.importorskip("scipy")
    noes = [("g", "frame", "no", 1.0, True)] * 27 + [("g", "frame", "no", 1.0, False)] * 3
    yeses = [("g", "frame", "yes", 1.0, True)] * 20
    for estimator in fit_answers.ENGINE_ESTIMATORS:
        assert fit_answers.engine_table(noes + yeses, estimator)["frame/yes"]["p"] < fit_answers.CONFIDENT
        assert not fit_answers.engine_table(yeses, estimator)["frame/yes"]["capped"]
