"""Emblèmes: the whole game as ``corpus/emblemes/rules.md`` states it.

Use::

    import random
    from engine.emblemes import GAME
    game = GAME(4, options={"location_set": "A"})
    state = game.new_initial_state(random.Random(7))
    events = state.apply({"type": "select", "player": 0, "card": "Matelot"})

Actions (JSON dicts; card and location names as in the rulebook, accents optional):

``{"type": "select", "player": 0, "card": "Matelot"}``
    Secret selection; every player who has not selected yet may act
    (``current_player() == SIMULTANEOUS``, ``players_to_move()``).
``{"type": "place", "player": 0, "location": "Port", "side": "left"}``
    Reveal and place, in turn order from the first player. ``side`` (``left`` or
    ``right``) is required only when the location holds a card of equal value.
``{"type": "choose", "player": 0, "effect": "Garde", ...}``
    The owner's choice for a pending immediate effect (``effect`` optional, must
    match the pending one). Fields per effect:
    Garde ``card, owner, location[, side]`` (an adjacent card and where it goes);
    Voleuse ``target`` (a seat owning an adjacent card);
    Alchimiste ``card, owner`` (the adjacent card copied);
    Guerrière ``card, owner`` (the adjacent card discarded);
    Barde ``card, owner[, side]`` (a card of another location, brought here);
    Courtisane ``target`` (a seat whose card is still face down);
    Stratège ``target, location``;
    ``"skip": true`` declines, only under ``emblemes.optional_effects = optional``.
    A choice with a single legal option is applied without asking.
``{"type": "chance", "card": "Roi"}``
    Chance node (``current_player() == CHANCE``): the random card the Courtisane
    draws from the target's hand; ``chance_outcomes()`` lists them.
``{"type": "resolve_round"}``
    Chance node with a single outcome once every turn of the round is played:
    ☐ effects and rewards in the three locations, discard, redraw, next round or
    game over. A hand-built position with ``phase: end_of_round`` scores a board in
    one step.

Positions: see :mod:`engine.emblemes.position`. Assumptions:
:mod:`engine.emblemes.assumptions`. Rules cited: :mod:`engine.emblemes.rules`.
"""

from engine.emblemes.game import EmblemesGame
from engine.emblemes.state import EmblemesState

GAME = EmblemesGame

__all__ = ["GAME", "EmblemesGame", "EmblemesState"]
