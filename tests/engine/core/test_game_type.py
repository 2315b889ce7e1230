"""The game descriptor: validated fields, and the Game class reads its id, title and player range from it."""

from __future__ import annotations

import random

import pytest

from engine.core.game import Game
from engine.core.game_type import EXPLICIT_CHANCE, PERFECT, SEQUENTIAL, GameType
from tests.engine.toy import ToyGame

_FIELDS = dict(id="g", title="G", min_players=2, max_players=4, chance=EXPLICIT_CHANCE, information=PERFECT,
               turns=SEQUENTIAL, first_player=False, terminal="never")


@pytest.mark.parametrize("field,value", [("chance", "random"), ("information", "partial"), ("turns", "real_time")])
def test_a_value_outside_the_allowed_ones_names_the_field_and_the_choices(field, value):
    with pytest.raises(ValueError, match=rf"game_type\.{field}: expected one of \[.*\], got '{value}'"):
        GameType(**{**_FIELDS, field: value})


def test_player_range_must_be_ordered():
    with pytest.raises(ValueError, match="game_type.players"):
        GameType(**{**_FIELDS, "min_players": 5, "max_players": 3})


def test_the_game_class_reads_its_identity_from_the_descriptor():
    assert (ToyGame.id, ToyGame.title, ToyGame.min_players, ToyGame.max_players) == ("toy", "Tas", 2, 3)
    assert ToyGame.game_type.to_dict()["players"] == {"min": 2, "max": 3}


def test_a_game_without_a_descriptor_cannot_be_configured():
    class Bare(Game):
        min_players = max_players = 2

        def new_initial_state(self, rng: random.Random):
            raise NotImplementedError

        def state_from_dict(self, data):
            raise NotImplementedError

    with pytest.raises(TypeError, match="game_type"):
        Bare(2)


def test_a_descriptor_of_the_wrong_type_is_refused_at_class_creation():
    with pytest.raises(TypeError, match="game_type"):
        class Wrong(ToyGame):  # noqa: F841
            game_type = {"id": "wrong"}
