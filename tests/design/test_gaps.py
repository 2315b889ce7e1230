"""Gap impact (engine.core.gaps) and variants (engine.core.variants): pairing, intervals, ranking."""

from __future__ import annotations

import pytest

from engine.core.assumptions import Assumption
from engine.core.gaps import gap_impact, variants_of, wilson_interval
from engine.core.registry import load_game
from engine.core.variants import describe, parse_setting, parse_settings

Emblemes = load_game("emblemes")

UNREAD = Assumption(
    id="emblemes.unread_by_the_engine",
    question="Test only: an option no rule reads.",
    options=("one", "other"),
    default="one",
    citation=Emblemes.assumptions[0].citation,
)


class EmblemesWithAnUnreadGap(Emblemes):
    """Emblèmes plus an assumption nothing reads: changing it must change no game."""

    assumptions = (*Emblemes.assumptions, UNREAD)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_no_op_option_change_changes_no_outcome(workers):
    report = gap_impact(EmblemesWithAnUnreadGap, 4, 12, seed=5, workers=workers, only=[UNREAD.id])
    (impact,) = report.impacts
    (option,) = impact.options
    assert option.option == "other" and option.counts.games == 12
    assert (option.counts.winners_changed, option.counts.scores_changed, option.counts.length_changed) == (0, 0, 0)
    assert option.rate("winners_changed")["high"] < 0.25  # Wilson upper bound of 0/12


def test_a_rule_changing_option_changes_outcomes_and_runs_are_reproducible():
    only = ["emblemes.traitre_rewarded_cards"]
    first = gap_impact(Emblemes, 4, 40, seed=0, only=only).to_dict()
    again = gap_impact(Emblemes, 4, 40, seed=0, workers=2, only=only).to_dict()
    assert first == again  # same seeds, same pairs, whatever the chunking
    option = first["ranking"][0]["options"][0]
    assert option["option"] == "original_places"
    assert option["scores_changed"]["changed"] > 0
    assert 0 <= option["winners_changed"]["low"] <= option["winners_changed"]["rate"] <= option["winners_changed"]["high"]


def test_ranking_is_by_winner_change_rate_and_covers_every_multi_option_assumption():
    report = gap_impact(Emblemes, 4, 15, seed=1)
    rates = [impact.winner_change_rate for impact in report.impacts]
    assert rates == sorted(rates, reverse=True)
    multi = {a.id for a in Emblemes.assumptions if len(a.options) > 1}
    assert {impact.assumption_id for impact in report.impacts} == multi
    assert len(report.top(3)) == 3


def test_variants_skip_the_baseline_option_and_single_option_assumptions():
    variants = variants_of(Emblemes, {"emblemes.coins_below_zero": "allow_negative"})
    options = {(v.assumption_id, v.option) for v in variants}
    assert ("emblemes.coins_below_zero", "floor_at_zero") in options
    assert ("emblemes.coins_below_zero", "allow_negative") not in options
    assert not any(v.assumption_id == "emblemes.seat_order" for v in variants)  # one option only
    with pytest.raises(ValueError, match="only: unknown assumptions"):
        variants_of(Emblemes, only=["emblemes.nope"])


def test_wilson_interval_known_values():
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(1.96**2 / (10 + 1.96**2))
    low, high = wilson_interval(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson_interval(10, 10)[1] == 1.0 and wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="successes"):
        wilson_interval(11, 10)


def test_parse_setting_matches_options_and_names_the_problem():
    assert parse_setting(Emblemes, "emblemes.coins_below_zero=allow_negative") == (
        "emblemes.coins_below_zero", "allow_negative")
    with pytest.raises(ValueError, match="expected ASSUMPTION=OPTION"):
        parse_setting(Emblemes, "emblemes.coins_below_zero")
    with pytest.raises(ValueError, match="unknown assumption 'emblemes.nope'"):
        parse_setting(Emblemes, "emblemes.nope=x")
    with pytest.raises(ValueError, match=r"expected one of \['floor_at_zero', 'allow_negative'\], got 'maybe'"):
        parse_setting(Emblemes, "emblemes.coins_below_zero=maybe")
    free_form = next(a for a in Emblemes.assumptions if not a.options)
    with pytest.raises(ValueError, match="must be JSON"):
        parse_setting(Emblemes, f"{free_form.id}={{not json")
    assert parse_settings(Emblemes, []) == {}
    assert describe({}) .startswith("defaults")
    assert describe({"b": 1, "a": "x"}) == "a=x, b=1"
