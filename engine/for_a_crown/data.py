"""Cards, events and the magic die: PLACEHOLDER data, never stated to a player as fact.

The rulebook describes the effect symbols and the event types but lists neither
the cards of each level nor the event deck nor the die's faces
(``for-a-crown.card_list``, ``for-a-crown.event_deck``, ``for-a-crown.die_faces``).
What follows is invented so that the engine can play whole games; every
question whose answer depends on it is marked by those assumptions.

Codes are small integers so that playouts stay cheap: an effect is an index
into ``EFFECTS``, a mercenary an index into ``MERCENARIES``, an event an index
into ``EVENTS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.names import Names

# -- effect symbols (Les effets des Mercenaires), then the die's two constraints --------------
RUBY, RACCOON, RUBY_THEFT, DIE, COIN, INFLUENCE, LOSE_RUBY, TAKE_RACCOON = range(8)
EFFECTS = ("rubis", "raton", "vol", "de", "piece", "influence", "perte_rubis", "raton_pour_soi")
EFFECT_CODES = {name: code for code, name in enumerate(EFFECTS)}
MERCENARY_EFFECTS = EFFECTS[:6]
"""The six symbols a mercenary card can carry; the last two exist only on the die (placeholder)."""

# -- events (Les effets des Événements) ------------------------------------------------------
BURGLARY, MAGIC_BOOST, SCANDAL, BRIBE, MAGES = range(5)
EVENT_TYPES = ("Cambriolage", "Coup de pouce magique", "Scandale", "Pot-de-vin", "Mages mercenaires")
EVENT_CODES = {name: code for code, name in enumerate(EVENT_TYPES)}


@dataclass(frozen=True, slots=True)
class Mercenary:
    """One mercenary card: level 1 offers ``effects[0]`` / ``effects[1]``; higher levels apply all, in order."""

    name: str
    level: int
    effects: tuple[int, ...]

    @property
    def is_choice(self) -> bool:
        return self.level == 1


LEVEL_ONE_PILES = (("piece", "rubis"), ("raton", "vol"), ("influence", "de"))
"""PLACEHOLDER: the three level-1 piles sorted by effect (the rulebook says 3 piles, not which pairs)."""
LEVEL_ONE_COPIES = 6
HIGHER_LEVEL_CARDS = 8
"""PLACEHOLDER: cards per level 2 to 5; a level-L card carries L symbols, applied in order."""


def _build_mercenaries() -> tuple[Mercenary, ...]:
    cards = []
    for first, second in LEVEL_ONE_PILES:
        for copy in range(1, LEVEL_ONE_COPIES + 1):
            cards.append(Mercenary(f"{first}-{second}-{copy}", 1, (EFFECT_CODES[first], EFFECT_CODES[second])))
    for level in range(2, 6):
        for index in range(HIGHER_LEVEL_CARDS):
            effects = tuple((index + step) % len(MERCENARY_EFFECTS) for step in range(level))
            cards.append(Mercenary(f"n{level}-{index + 1}", level, effects))
    return tuple(cards)


MERCENARIES = _build_mercenaries()
MERCENARY_CODES = {card.name: code for code, card in enumerate(MERCENARIES)}
LEVELS = (1, 2, 3, 4, 5)
CARDS_BY_LEVEL = {level: tuple(c for c, card in enumerate(MERCENARIES) if card.level == level) for level in LEVELS}
LEVEL_ONE_PILE_CARDS = tuple(
    tuple(MERCENARY_CODES[f"{first}-{second}-{copy}"] for copy in range(1, LEVEL_ONE_COPIES + 1))
    for first, second in LEVEL_ONE_PILES
)
LEVEL_ONE_PILE_NAMES = tuple(f"{first}-{second}" for first, second in LEVEL_ONE_PILES)
REVEALED_PER_DECK = 2

STARTING_EVENTS = (SCANDAL, BURGLARY)
"""PLACEHOLDER: the two starting events (the rulebook names no card)."""
EVENT_DRAW_PILE = (BURGLARY, MAGIC_BOOST, SCANDAL, BRIBE, MAGES) * 2
"""PLACEHOLDER: the other events, two of each type, shuffled at setup."""

DIE_FACES = ("rubis", "piece", "influence", "raton", "perte_rubis", "raton_pour_soi")
"""PLACEHOLDER default of ``for-a-crown.die_faces``: four bonuses and two constraints, as the FAQ's
'des bonus ou des contraintes' suggests, without stating which."""


_MERCENARY_NAMES = Names((card.name for card in MERCENARIES), "mercenary")
_PILE_NAMES = Names(LEVEL_ONE_PILE_NAMES, "pile")
_EFFECT_NAMES = Names(EFFECTS, "effect")
_EVENT_NAMES = Names(EVENT_TYPES, "event")

def mercenary_code(name: str) -> int:
    """The code of a mercenary by name; ``ValueError`` lists the form of the names."""
    code = MERCENARY_CODES.get(name) if type(name) is str else None
    if code is not None:
        return code
    try:
        return _MERCENARY_NAMES.index(name, "card")
    except ValueError:
        raise ValueError(
            f"card: expected a mercenary name such as 'piece-rubis-1' (level 1: {list(LEVEL_ONE_PILE_NAMES)} "
            f"then -1..-{LEVEL_ONE_COPIES}) or 'n3-2' (levels 2-5, 1..{HIGHER_LEVEL_CARDS}), got {name!r}"
        ) from None


def card_name(name: Any) -> Any:
    """A mercenary or level-1 pile name as written in the data (accents and case do not matter); else unchanged."""
    if type(name) is not str or name in MERCENARY_CODES:
        return name
    for names in (_MERCENARY_NAMES, _PILE_NAMES):
        if name in names:
            return names.canonical(name, "card")
    return name


def effect_name(name: Any) -> Any:
    """An effect's name as written in the data (accents and case do not matter); else unchanged."""
    return _EFFECT_NAMES.canonical(name, "effect") if type(name) is str and name in _EFFECT_NAMES else name


def event_code(name: str) -> int:
    return _EVENT_NAMES.index(name, "event")


def effect_code(name: str, allowed: tuple[str, ...] = EFFECTS) -> int:
    return EFFECT_CODES[Names(allowed, "effect").canonical(name, "effect")]
