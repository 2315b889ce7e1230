"""Splendor positions for "can I refuse a noble?" (docs/grounding.md, the contract).

"I qualify for a noble. Can I refuse it?", "Je peux refuser la visite du noble ?" become the asker's end of turn
with bonuses that meet one noble's requirement exactly (that noble alone on the table, as the question says the
asker qualifies) and a move that changes no bonus (three gems of other colours). The engine's end of turn has no
choice to offer there: the noble visits, and the rule that makes the visit mandatory is quoted. The verdict is
whether the turn can end without the visit.

Refused: a count (bonuses, tokens, points: a position this reader does not bind), another player, a question that
names no noble.
"""

from __future__ import annotations

from typing import Any

from engine.splendor.data import GEM_COLORS, NOBLES
from engine.splendor.frame_actions import bonus_cards

__all__ = ["REFUSAL_ASKS", "compile_noble_refusal"]

REFUSAL_ASKS = frozenset({"refuse_noble"})
_NOBLE = "noble"
_TITLE = "the asker's end of turn with bonuses that meet a noble's requirement"


def compile_noble_refusal(frame: Any) -> dict[str, Any] | None:
    """The run that answers whether the asker can refuse a noble's visit (module docstring), or None."""
    if frame.asked is None or frame.asked.what not in REFUSAL_ASKS or frame.form != "polar":
        return None
    if frame.counts or frame.players or frame.vague:
        return None
    if not any(e.kind == "card" and e.value == _NOBLE for e in frame.entities):
        return None
    noble = 1
    required = {GEM_COLORS[colour]: count for colour, count in NOBLES.requirement_items[noble]}
    cards = bonus_cards(required, None)
    if cards is None:
        return None
    take = list(GEM_COLORS[:3])  # tokens never draw a noble: any three colours
    scenario = {"game": "splendor", "title": _TITLE, "players": 2,
                "position": {"players": [{"cards": cards}, {}], "nobles": [noble], "current_player": 0},
                "steps": [{"type": "take_different", "player": 0, "colors": take}]}
    facts = [{"fact": "the asker's bonuses meet one noble's requirement (the asker qualifies)", "source": "stated"},
             {"fact": f"that noble ({required}) alone on the table; the asker's move takes three gems (tokens never count "
                      "for a noble)", "source": "default"}]
    return {
        "title": _TITLE, "verdict": "yes_no", "modal": bool(frame.asked.modal), "unit": None, "players": {},
        "variants": [{"reading": {}, "scenario": scenario}], "then": None,
        "read": lambda events: not any(e["kind"] == "noble_visit" and e["data"]["player"] == 0 for e in events),
        "reads": ("noble_visit",), "facts": facts,
    }
