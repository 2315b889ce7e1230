"""The small interface every game engine implements (OpenSpiel's Game/State split).

A :class:`Game` holds configuration (players, options, assumption overrides) and
creates :class:`State` objects. A State answers whose turn it is, which actions
are legal, applies one action and returns the :class:`Event` objects it caused,
and round-trips through a plain JSON dict. Randomness never comes from a global
RNG: a seeded :class:`random.Random` is passed in where a State is created, and
random effects during play are chance nodes whose outcome the caller picks.

Each Game declares a :class:`GameType` (players, chance, information, turn
structure); decisions asked mid-action wait on a :class:`DecisionStack`;
phases are listed once in a :class:`PhaseTable`; draws from piles reshuffled
during play are chance actions (:mod:`engine.core.chance`). The canonical
layout of an engine is in ``docs/engine.md``.
"""

from engine.core.assumptions import Assumption, AssumptionBook
from engine.core.citations import Citation
from engine.core.decisions import Decision, DecisionStack
from engine.core.events import Event, rejection
from engine.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, State
from engine.core.game_type import GameType
from engine.core.phases import Phase, PhaseTable
from engine.core.registry import available_games, load_game

__all__ = [
    "Action",
    "Assumption",
    "AssumptionBook",
    "CHANCE",
    "Citation",
    "Decision",
    "DecisionStack",
    "Event",
    "Game",
    "GameType",
    "Phase",
    "PhaseTable",
    "SIMULTANEOUS",
    "State",
    "TERMINAL",
    "available_games",
    "load_game",
    "rejection",
]
