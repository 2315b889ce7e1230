"""EMPRISE: the duel as ``corpus/emprise/rules.md`` states it.

Use::

    import random
    from engine.emprise import GAME
    game = GAME(2, options={"orders": [["Archers", "Gardiens"], ["Piques", "Maudits"]]})
    state = game.new_initial_state(random.Random(7))
    events = state.apply({"type": "place", "player": state.current_player(), "order": "Archers",
                          "rotation": 1, "square": "c2"})

Actions (JSON dicts; Order names as in the rulebook, accents optional):

``{"type": "place", "player": 0, "order": "Archers", "rotation": 0, "square": "c2"}``
    Place a card of that Order from the hand (from the Réserve during the Mort
    Subite) on an empty square, turned ``rotation`` quarter turns clockwise (0-3;
    the top rank goes to the right side). ``ranks`` (the card's unturned ranks)
    is needed only when the hand holds cards of one Order with different ranks.
    Squares: ``a1`` (top left) to ``e4`` (bottom right), see :mod:`engine.emprise.board`.
``{"type": "count"}``
    Chance node with a single outcome once the 16 cards (or a Mort Subite round)
    are placed: the count, then the end of the duel, the next Mort Subite round or
    the Dernier Mot.

Positions: :mod:`engine.emprise.position`. Assumptions (every open reading of the
one-line Order texts, and the PLACEHOLDER rank deck): :mod:`engine.emprise.assumptions`.
Rules cited: :mod:`engine.emprise.rules`. Captures: :mod:`engine.emprise.combat`.
"""

from engine.emprise.game import EmpriseGame
from engine.emprise.state import EmpriseState

GAME = EmpriseGame

__all__ = ["GAME", "EmpriseGame", "EmpriseState"]
