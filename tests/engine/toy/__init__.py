"""Tas, the toy game of the engine core's tests (see :mod:`tests.engine.toy.game`)."""

from tests.engine.toy.game import ToyGame

GAME = ToyGame

__all__ = ["GAME", "ToyGame"]
