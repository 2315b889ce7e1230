"""The toy game is found by ``load_game`` (hence by scenarios) in every engine test."""

import pytest

from engine.core.registry import registered
from tests.engine.toy import ToyGame


@pytest.fixture(autouse=True, scope="session")
def _toy_game_registered():
    with registered(ToyGame):
        yield
