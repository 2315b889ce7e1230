"""Emblèmes' fifteen cards by value for the generated engine reference (``engine.core.reference``)."""

from __future__ import annotations

from engine.core.reference import Table
from engine.emblemes.cards import FAMILY_SIZE, IMMEDIATE, LOCATIONS, NAMES


def tables() -> list[Table]:
    cards = tuple((value, NAMES[value], "♦ when placed" if value in IMMEDIATE else "☐ at the end of the round")
                  for value in range(FAMILY_SIZE, 0, -1))
    return [
        Table("Personnage cards (one of each per family)", ("value", "name", "effect"), cards,
              "Positions and actions name cards as written here; accents and case are optional in actions."),
        Table("Locations, in scoring order", ("order", "location"),
              tuple((index + 1, name) for index, name in enumerate(LOCATIONS))),
    ]
