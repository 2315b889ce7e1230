"""The small interface every game engine implements (OpenSpiel's Game/State split).

A :class:`Game` holds configuration (players, options, assumption overrides) and
creates :class:`State` objects. A State answers whose turn it is, which actions
are legal, applies one action and returns the :class:`Event` objects it caused,
and round-trips through a plain JSON dict. Randomness never comes from a global
RNG: a seeded :class:`random.Random` is passed in where a State is created, and
random effects during play are chance nodes whose outcome the caller picks.
"""

from engine.core.assumptions import Assumption, AssumptionBook
from engine.core.citations import Citation
from engine.core.events import Event, rejection
from engine.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, State
from engine.core.registry import available_games, load_game

__all__ = [
    "Action",
    "Assumption",
    "AssumptionBook",
    "CHANCE",
    "Citation",
    "Event",
    "Game",
    "SIMULTANEOUS",
    "State",
    "TERMINAL",
    "available_games",
    "load_game",
    "rejection",
]
