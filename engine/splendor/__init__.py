"""Splendor (Marc André, Space Cowboys, 2014): the base game for 2 to 4 players.

Every event cites ``corpus/splendor/rules.md`` (constants in :mod:`.rules`); the
gaps of that text are the named assumptions of :mod:`.assumptions`. Cards and
nobles are integer ids into ``corpus/splendor/cards.json`` and ``nobles.json``.
Colours are ``white``, ``blue``, ``green``, ``red``, ``black`` and ``gold``.

Actions (``player`` is optional; when given it must be the player to move):

- ``{"type": "take_different", "colors": ["white", "blue", "green"]}``: one gem of
  each of 3 different colours; fewer only when fewer colours are left in the bank
  (``splendor.take_different_fewer_colors``), and then one of each colour left.
- ``{"type": "take_same", "color": "red"}``: 2 gems of one colour, from a pile of
  at least 4 (else rejected ``pile_below_four``).
- ``{"type": "reserve", "card": 17}`` (face up) or ``{"type": "reserve", "level": 2}``
  (top of a deck, hidden from the others): at most 3 reserved, 1 gold if any left.
- ``{"type": "buy", "card": 17, "payment": {"red": 2, "gold": 1}}``: a face-up card
  or one of your reserved cards. Bonuses discount first; ``payment`` is optional and
  must cover the rest exactly (gold stands in for any gem). Without it the canonical
  payment spends your gems of the needed colours and gold only for the shortfall.
- ``{"type": "return", "tokens": {"green": 1}}``: in the ``return`` phase, give back
  tokens of your choice until you hold 10 (one or several per action).
- ``{"type": "choose_noble", "noble": 4}``: in the ``noble`` phase, when several
  nobles qualify; a single qualifying noble visits automatically.
- ``{"type": "pass"}``: only when no other action is legal (``splendor.no_legal_action``).
- ``{"type": "discard", "card": 17}``: always rejected (``reserved_cards_not_discardable``).

A turn: the main action (market refilled at once from the same level, or a gap
when that deck is empty), then returns above 10 tokens, then one noble visit; the
game ends when the round in which someone reached 15 prestige is complete. The
position format is documented in :mod:`.position`; partial positions for
scenarios in :class:`.game.SplendorGame`.
"""

from engine.splendor.game import SplendorGame
from engine.splendor.state import SplendorState

GAME = SplendorGame

__all__ = ["GAME", "SplendorGame", "SplendorState"]
