"""Every rule constant is cited by some event: no dead citations, no rule applied silently.

The generic ``tests/engine/test_citations.py`` checks that each quote is verbatim;
this test checks the other direction, by playing every Splendor scenario and a
few hundred random games and collecting the citations of their events.
"""

import random
from pathlib import Path

from engine.core.scenario import load_scenario_file, run_scenario, scenario_files
from engine.splendor import GAME, rules

SCENARIOS = Path(__file__).resolve().parents[3] / "corpus" / "splendor" / "scenarios"
SETUP_ONLY = {rules.SETUP_TWO_THREE, rules.SETUP_GOLD_AND_REST}
"""Cited by ``SplendorGame.describe_setup`` and the 4-player assumption: setup has no events."""


def _cited_by_events() -> set:
    cited = set()
    for path in scenario_files(SCENARIOS):
        result = run_scenario(load_scenario_file(path))
        cited.update(event.citation for event in result.events)
    for players in (2, 3, 4):
        game = GAME(players)
        for seed in range(100):
            rng = random.Random(seed)
            state = game.new_initial_state(rng)
            while not state.is_terminal():
                cited.update(event.citation for event in state.apply(rng.choice(state.legal_actions())))
    return cited


def test_every_rule_constant_is_cited_by_an_event():
    unused = set(rules.ALL_CITATIONS) - SETUP_ONLY - _cited_by_events()
    assert unused == set(), sorted(c.quote for c in unused)


def test_setup_rules_are_cited_by_the_setup_description():
    described = GAME(2).describe_setup()
    assert [c["quote"] for c in described["citations"]] == [rules.SETUP_TWO_THREE.quote, rules.SETUP_GOLD_AND_REST.quote]
    assert (described["gems_per_color"], described["nobles"], described["gold"]) == (4, 3, 5)
    assert GAME(4).describe_setup()["assumptions"] == ["splendor.four_player_setup"]
