"""Oriflamme Embrasement: the whole game as ``corpus/oriflamme/rules.md`` states it.

Use::

    import random
    from engine.oriflamme import GAME
    game = GAME(4)
    state = game.new_initial_state(random.Random(7))
    events = state.apply({"type": "place", "player": state.current_player(), "card": "Reine", "at": "center"})

Actions (JSON dicts; card names as in the rulebook, accents and case optional;
a card of the line is ``{"card": "Reine", "owner": 1}``, ``owner`` being the
family that printed it):

``{"type": "place", "player": 0, "card": "Reine", "at": "start" | "end" | "center"}``
    Placement, from the first player clockwise: face down at either end of the
    line (``center`` for the first card of an empty line), or
    ``"at": {"card": "Félon", "owner": 0}`` (or just ``"at": "Félon"``) on top of
    a card of your own family, forming a pile.
``{"type": "influence"}`` / ``{"type": "reveal"}``
    Resolution of your face-down card: place a point from the reserve on it, or
    reveal it (``oriflamme.face_down_second_option``). Revealed cards apply
    their ability without an action.
``{"type": "choose", "target": {"card": "Reine", "owner": 1}}``
    The target of an ability with several possible targets (Coupe-jarret,
    Apothicaire, Usurpation, Corruption, the character a Machination activates;
    the pile under ``oriflamme.intrigante_discard = the_adjacent_pile``). A
    single possible target is hit without asking.
``{"type": "choose", "option": "gain" | "repeat"}``
    Each point of a resolving Machination: gain it, or discard it to activate a
    character again.
``{"type": "resolve"}``
    A chance node with one outcome, only in hand-built positions stopped between
    two cards of the resolution: resolve from ``cursor`` on.

The decisions awaited form a stack (:mod:`.decisions`): a Machination's points
wait under the choice of the ability it activated. Positions:
:mod:`.position`; assumptions: :mod:`.assumptions`; rules cited: :mod:`.rules`.
"""

from engine.oriflamme.game import OriflammeGame
from engine.oriflamme.state import OriflammeState

GAME = OriflammeGame

__all__ = ["GAME", "OriflammeGame", "OriflammeState"]
