"""For a Crown: secret chests, a shuffled common pile and a moving Galerie of portraits, for 2 to 6 families.

Every event cites ``corpus/for-a-crown/rules.md`` (constants in :mod:`.rules`);
the gaps of that text are the named assumptions of :mod:`.assumptions`; the card
list, the event deck and the die are PLACEHOLDER data (:mod:`.data`).

Actions (``player`` is optional; when given it must be the family to act):

- ``{"type": "recruit", "card": "n3-2"}`` (face up; a level-1 pile by its name,
  ``"piece-rubis"``) or ``{"type": "recruit", "level": 4}`` (the top face-down card);
  ``"rubies": k`` chooses the split under ``for-a-crown.ruby_payment: any_mix``.
- ``{"type": "reveal", "card": "n3-2", "owner": 1}`` or ``{"type": "reveal", "event": "Scandale"}``:
  the chance node that draws the next card of the common pile.
- ``{"type": "choose_effect", "effect": "rubis"}``: one of a level-1 card's two effects.
- ``{"type": "target", "family": 2}``: the family a Raton Voleur or a Vol de Rubis hits.
- ``{"type": "influence", "portrait": 2, "direction": "left"}``: the Influence move.
- ``{"type": "roll", "face": "piece"}``: the chance node of the magic die.
- ``{"type": "bribe", "raccoons": 2}`` (Pot-de-vin; ``"all"``: every Raton in front of the family; ``"most"``: as many as the chest pays, with ``"rubies": 0`` in Pièces only), ``{"type": "mages", "pay": true}`` (Mages mercenaires):
  each family in influence order.

A round: recruitment (twice in round 1), the reveal until the pile is empty,
then the end of the round, on their own; after round 4, or after the round in
which a family is knocked out, the final count. Position format: :mod:`.position`.
"""

from engine.for_a_crown.game import ForACrownGame
from engine.for_a_crown.state import ForACrownState

GAME = ForACrownGame

__all__ = ["GAME", "ForACrownGame", "ForACrownState"]
