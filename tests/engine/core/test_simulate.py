"""Random playouts: the sampler hook of the State protocol and the per-step checks of ``simulate``."""

from __future__ import annotations

import random

from engine.core.game import State, random_action, random_action_by_listing
from engine.core.simulate import play_random_game, simulate
from engine.emblemes import GAME
from engine.emblemes.state import EmblemesState


class _OffByOneSampler(EmblemesState):
    """A broken fast path: it selects a card the player does not hold."""

    random_step = State.random_step  # playouts then apply what random_action returns

    def random_action(self, rng):
        action = super().random_action(rng)
        if action["type"] == "select":
            hand = self.to_dict()["players"][action["player"]]["hand"]
            absent = next(card for card in ("Roi", "Princesse", "Sorcière", "Garde", "Voleuse", "Alchimiste", "Courtisane")
                          if card not in hand)
            return {**action, "card": absent}
        return action


class _BrokenGame(GAME):
    def new_initial_state(self, rng):
        state = super().new_initial_state(rng)
        state.__class__ = _OffByOneSampler
        return state


def test_module_random_action_delegates_to_the_state():
    state = _BrokenGame(3).new_initial_state(random.Random(0))
    action = random_action(state, random.Random(1))
    assert action["card"] not in state.to_dict()["players"][action["player"]]["hand"]


def test_the_default_sampler_is_the_reference():
    class Plain(EmblemesState):
        random_action = State.random_action  # the protocol's default

    game = GAME(4)
    state = game.new_initial_state(random.Random(3))
    state.__class__ = Plain
    assert state.random_action(random.Random(9)) == random_action_by_listing(state, random.Random(9))


def test_the_default_random_step_applies_the_sampled_action():
    class Plain(EmblemesState):
        random_action = State.random_action
        random_step = State.random_step

    game = GAME(4)
    state, reference = game.new_initial_state(random.Random(3)), game.new_initial_state(random.Random(3))
    state.__class__ = Plain
    action, events = state.random_step(random.Random(9))
    assert action == random_action_by_listing(reference, random.Random(9))
    assert [e.to_dict() for e in events] == [e.to_dict() for e in reference.apply(action)]
    assert state.to_dict() == reference.to_dict()


def test_checked_playout_reports_an_unlisted_sampled_action():
    record = play_random_game(_BrokenGame(3), seed=0, check=True)
    assert len(record.violations) == 1
    assert "is not among the legal actions" in record.violations[0]


def test_unchecked_summary_counts_events_and_assumptions():
    summary = simulate(lambda: GAME(3), games=20, seed=5, check=False)
    assert summary.games == 20 and summary.event_kinds["game_over"] == 20
    assert summary.event_kinds["card_selected"] == 20 * 3 * 4 * 3
    assert summary.assumptions["emblemes.reward_tables"] == summary.event_kinds["reward"]
