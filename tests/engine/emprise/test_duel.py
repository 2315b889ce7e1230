"""EMPRISE: setup, random duels (no draw, invariants), the fast sampler, views, rule coverage and bad input."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core.game import random_action_by_listing
from engine.core.scenario import load_scenario_file, run_scenario, scenario_files
from engine.core.simulate import simulate
from engine.emprise import GAME
from engine.emprise.game import draw_orders
from engine.emprise.orders import ORDERS, PLACEHOLDER_DECKS, rotated
from engine.emprise.rules import NOT_EXECUTABLE
from tests.engine.sections import corpus_sections

SCENARIOS = Path(__file__).resolve().parents[3] / "corpus" / "emprise" / "scenarios"


def test_setup_two_orders_eight_cards_and_a_reserve_of_one_card_per_order():
    for seed in range(50):
        state = GAME(2).new_initial_state(random.Random(seed))
        view = state.to_dict()
        for p in (0, 1):
            orders = view["orders"][p]
            assert len(set(orders)) == 2
            assert sorted(c["order"] for c in view["hands"][p]) == sorted(orders * 4)
            assert sorted(c["order"] for c in view["reserves"][p]) == sorted(orders)
        assert view["first_player"] in (0, 1) and view["to_move"] == view["first_player"]


def test_first_player_is_drawn():
    firsts = {GAME(2).new_initial_state(random.Random(seed)).first_player for seed in range(40)}
    assert firsts == {0, 1}


def test_random_duels_end_without_a_draw_and_keep_every_invariant():
    summary = simulate(lambda: GAME(2), 400, seed=11)
    report = summary.to_dict()
    assert report["violation_count"] == 0, report["violations"]
    assert sum(report["wins_by_seat"].values()) == 400  # one winner per duel: never both seats
    assert report["event_kinds"].get("sudden_death", 0) > 0  # the tie-breaks are exercised


@pytest.mark.parametrize("overrides", [
    {},
    {"emprise.onde_order": "depth_first", "emprise.archers_blocking": "shoots_over_own_cards",
     "emprise.piques_pierce": "through_own_cards", "emprise.sudden_death_rounds": "always_two_rounds",
     "emprise.sudden_death_first": "non_opener", "emprise.ability_timing": "after_combat",
     "emprise.chimeres_flip": "mirror_value", "emprise.pestiferes_stack": "once"},
])
def test_fast_sampler_plays_what_the_reference_sampler_plays(overrides):
    game = GAME(2, assumption_overrides=overrides)
    for seed in range(30):
        fast, slow = game.new_initial_state(random.Random(seed)), game.new_initial_state(random.Random(seed))
        rng_fast, rng_slow = random.Random(seed), random.Random(seed)
        while not fast.is_terminal():
            action, events = fast.random_step(rng_fast)
            expected = random_action_by_listing(slow, rng_slow)
            assert action == expected
            assert [e.to_dict() for e in events] == [e.to_dict() for e in slow.apply(expected)]
            assert fast.to_dict() == slow.to_dict()
            assert game.state_from_dict(fast.to_dict()).to_dict() == fast.to_dict()


def test_fast_sampler_keeps_the_action_numbering_when_a_hand_interleaves_orders():
    # the cached kinds of a hand must follow its first-seen order, which a placement can change
    game = GAME(2, options={"orders": [["Piques", "Maudits"], ["Archers", "Gardiens"]]})
    hand = ["Piques", "Maudits", "Piques", {"order": "Maudits", "ranks": [9, 1, 1, 1]}, "Maudits", "Piques"]
    position = {"first_player": 0, "hands": [hand, ["Archers", "Gardiens"] * 3]}
    for seed in range(40):
        fast, slow = game.scenario_state(position), game.scenario_state(position)
        rng_fast, rng_slow = random.Random(seed), random.Random(seed)
        for _ in range(12):  # every card of both hands
            action, _ = fast.random_step(rng_fast)
            expected = random_action_by_listing(slow, rng_slow)
            assert action == expected
            slow.apply(expected)
            assert fast.to_dict() == slow.to_dict()


def test_fast_sampler_refuses_an_empty_hand():
    state = GAME(2).scenario_state({"first_player": 0, "hands": [[], ["Piques"]]})
    with pytest.raises(ValueError, match="hand: player 0"):
        state.random_step(random.Random(0))


def test_order_draw_is_the_draw_of_random_sample():
    for seed in range(2000):
        assert draw_orders(random.Random(seed)) == random.Random(seed).sample(range(len(ORDERS)), 2)


def test_observation_hides_a_fresh_scribe_and_the_other_reserve():
    game = GAME(2, options={"orders": [["Scribes", "Gardiens"], ["Piques", "Maudits"]]})
    state = game.scenario_state({"first_player": 0})
    assert not state.apply({"type": "place", "player": 0, "order": "Scribes", "square": "a1"})[0].is_rejection
    view = state.observation(1)
    assert view["board"]["a1"]["ranks"] is None and view["board"]["a1"]["hidden"]
    assert all(card["ranks"] is None for card in view["hands"][0] if card["order"] == "Scribes")
    assert view["reserves"][0] == ["face down", "face down"]
    assert state.observation(0)["board"]["a1"]["ranks"] == list(PLACEHOLDER_DECKS["Scribes"])
    state.apply({"type": "place", "player": 1, "order": "Piques", "square": "e4"})
    assert state.observation(1)["board"]["a1"]["ranks"] == list(PLACEHOLDER_DECKS["Scribes"])


def test_quarter_turns_move_the_top_rank_clockwise():
    assert rotated((1, 2, 3, 4), 1) == (4, 1, 2, 3)
    assert rotated((1, 2, 3, 4), 4) == (1, 2, 3, 4)


def test_placeholder_deck_is_labelled_and_covers_every_order():
    assert sorted(PLACEHOLDER_DECKS) == sorted(ORDERS)
    assert GAME(2).placeholder_ranks
    real = {name: [5, 5, 5, 5] for name in ORDERS}
    assert not GAME(2, assumption_overrides={"emprise.rank_decks": real}).placeholder_ranks


@pytest.mark.parametrize("action,field", [
    ({"type": "place", "player": 2, "order": "Piques", "square": "a1"}, "player"),
    ({"type": "place", "player": 0, "order": "Piques", "square": "f9"}, "square"),
    ({"type": "place", "player": 0, "order": "Lanciers", "square": "a1"}, "order"),
    ({"type": "place", "player": 0, "order": "Piques", "square": "a1", "rotation": 4}, "rotation"),
    ({"type": "jump"}, "type"),
])
def test_malformed_actions_name_the_field(action, field):
    state = GAME(2).new_initial_state(random.Random(0))
    with pytest.raises(ValueError, match=field):
        state.apply(action)


def test_bad_options_and_rank_decks_name_the_field():
    with pytest.raises(ValueError, match="options.orders.0"):
        GAME(2, options={"orders": [["Piques", "Piques"], ["Archers", "Gardiens"]]})
    with pytest.raises(ValueError, match="missing"):
        GAME(2, assumption_overrides={"emprise.rank_decks": {"Piques": [1, 2, 3, 4]}})


def test_every_section_is_cited_or_not_executable():
    cited = {event.citation.section for path in scenario_files(SCENARIOS)
             for event in run_scenario(load_scenario_file(path)).events if event.citation}
    sections = corpus_sections("emprise")
    unexplained = [s for s in sections if s not in cited and s not in NOT_EXECUTABLE]
    assert not unexplained, unexplained
    for section, reason in NOT_EXECUTABLE.items():
        assert section in sections and section not in cited and len(reason) > 20
