"""For a Crown positions compiled from question frames (docs/grounding.md, the contract): who recruits
first, given the Galerie as a list of named families.

"Gallery from left to right: Dan, Chloé, Ben, Anna. Who picks a Mercenary first?" becomes those families
with their portraits in that order (the direction said in words: « de droite à gauche », "from left to
right") at the start of a recruitment; the engine plays the first recruitment (every option it allows,
branched) and names who made it. Without a direction, or with fewer than two named families, there is no
position. Questions answered by a revealed card (who rolls at a Coup de pouce magique) are not compiled
here: the reveal is a chance node, and frame runs only follow the players' legal actions.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ACTIONS", "ASKS", "compile"]

ACTIONS: frozenset[str] = frozenset()
ASKS = frozenset({"first"})

_MAX_FAMILIES = 6


def compile(frame: Any) -> dict[str, Any] | None:  # noqa: A001 - the contract's name
    """The position that answers the frame (see the module docstring), or None."""
    if frame.asked is None or frame.vague or frame.form not in ("who", "which"):
        return None
    direction = [m for m in frame.markers if m in ("galerie_right_to_left", "galerie_left_to_right")]
    names = [name for name in frame.players if name not in ("self", "other")]
    if len(direction) != 1 or not 2 <= len(names) <= _MAX_FAMILIES or len(set(names)) != len(names):
        return None
    influence = names if direction[0] == "galerie_right_to_left" else list(reversed(names))
    order = [names.index(name) for name in influence]
    if frame.asked.what != "first" or {card.card for card in frame.cards} - {"mercenaire"}:
        return None
    position = {"influence": order, "families": [{"coins": 5} for _ in names]}
    steps = [{"type": "recruit"}]
    scenario = {"game": "for-a-crown", "title": "the Galerie the question describes", "players": len(names),
                "position": position, "steps": steps}
    return {
        "title": "the Galerie the question describes",
        "verdict": "player",
        "modal": False,
        "unit": None,
        "players": dict(enumerate(names)),
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": None,
        "read": _first_recruiter,
        "reads": ("recruited", "influence_order"),
        "facts": [{"fact": f"Galerie from the most influential: {influence}", "source": "stated",
                   "said": direction[0]}],
    }


def _first_recruiter(events: list[dict]) -> int | None:
    recruited = [e for e in events if e["kind"] == "recruited"]
    return recruited[0]["data"]["player"] if recruited else None
