"""One rejection vocabulary across engines (``engine/core/rejections.py``)."""

from __future__ import annotations

import pytest

from engine.core.registry import registered
from engine.core.rejections import ALIASES, SHARED, canonical, meaning, same_reason
from engine.core.scenario import run_scenario
from engine.core.source_scan import scan_package
from engine.core.wording import french_describer
from tests.engine.engines import ENGINES
from tests.engine.toy import ToyGame


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_no_engine_emits_an_older_code(game):
    package = ENGINES[game].__module__.rsplit(".", 1)[0]
    scan = scan_package(package)
    assert scan.rejections, f"{game}: no rejection found in its code"
    assert sorted(set(scan.rejection_codes()) & set(ALIASES)) == []


def test_every_alias_names_a_shared_code():
    assert set(ALIASES.values()) <= set(SHARED) and not set(ALIASES) & set(SHARED)
    assert canonical("not_your_turn") == "wrong_turn" and canonical("pile_below_four") == "pile_below_four"
    assert meaning("not_your_turn") == SHARED["wrong_turn"] and meaning("pile_below_four") is None
    assert same_reason("not_your_turn", "wrong_turn") and not same_reason("wrong_phase", "wrong_turn")


def test_a_scenario_may_still_expect_an_older_code():
    scenario = {"game": "toy", "title": "older code", "players": 2, "position": {"first_player": 1, "players": [{"hand": [1, 5]}, {"hand": [3, 4]}],
                                                                 "deck": [2], "discard": [1, 2, 3, 4, 5]},
                "steps": [{"type": "play", "player": 0, "card": 1, "expect_rejection": "not_your_turn"}]}
    with registered(ToyGame):
        assert run_scenario(scenario).passed
        scenario["steps"][0]["expect_rejection"] = "wrong_phase"
        result = run_scenario(scenario)
    assert result.failures == ["steps[0]: expected rejection 'wrong_phase', got 'wrong_turn'"]


def test_french_wording_written_for_an_older_code_words_the_shared_one():
    describe = french_describer({}, {"not_your_turn": "ce n’est pas son tour", "wrong_phase": "pas maintenant"})
    event = {"kind": "rejected", "data": {"reason": "wrong_turn"}}
    assert describe(event, "fr") == "action refusée : ce n’est pas son tour"
    assert describe({"kind": "rejected", "data": {"reason": "wrong_phase"}}, "fr") == "action refusée : pas maintenant"
