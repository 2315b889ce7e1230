"""Splendor positions for "my bonuses meet two nobles at once: do I get both?" (docs/grounding.md, the contract).

« À la fin de mon tour, mes bonus remplissent les conditions de deux nobles en même temps. Je les reçois tous les
deux ? », "I qualify for two nobles this turn. Do both visit me?" become the asker's end of turn with bonuses that meet
the requirements of two nobles (the two of the game that need 3 white, 3 blue and one more colour; both on the table)
and a move that changes no bonus (three gems: tokens never draw a noble). The engine asks the asker to choose (one
visit per turn) and every choice is played; the verdict is whether more than one noble visits.

Refused: no count of nobles of two or more said, or a both-word missing from the asking clause (a question about one
noble is :mod:`.frames`' or :mod:`.frame_noble_refusal`'s), another player named, a count of anything else.
"""

from __future__ import annotations

from typing import Any

from engine.splendor.data import GEM_COLORS, NOBLES
from engine.splendor.frame_actions import bonus_cards

__all__ = ["CHOICE_ASKS", "CHOICE_WORDS", "compile_noble_choice"]

CHOICE_ASKS = frozenset({"noble_visit", "take"})
CHOICE_WORDS = frozenset({"both"})
"""The words of the ``asking`` section this reader looks for in the asking clause ("tous les deux", "both")."""
_NOBLE = "noble"
_PAIR = (1, 5)
"""Two nobles whose requirements one set of bonuses meets (3 white, 3 blue, and 3 black or 3 green)."""
_TITLE = "the asker's end of turn with bonuses that meet two nobles' requirements"


def compile_noble_choice(frame: Any) -> dict[str, Any] | None:
    """The runs that answer whether several nobles visit in one turn (module docstring), or None."""
    asked = frame.asked
    if asked is not None and asked.what not in CHOICE_ASKS or frame.form != "polar" or frame.players or frame.vague:
        return None
    # the asking clause, or the last one when no ask word is said there (« je les reçois tous les deux ? »)
    at = asked.at if asked is not None else (frame.clauses[-1][0] if frame.clauses else None)
    clause = next((c for c in frame.clauses if at is not None and c[0] <= at < c[1]), None)
    if clause is None or not any(w.term == "both" and clause[0] <= w.start < clause[1] for w in frame.asking_words):
        return None
    several = [count for count in frame.counts if count.unit == _NOBLE and count.value >= 2]
    if len(several) != 1 or len(frame.counts) != 1:
        return None  # "deux nobles" said once, nothing else counted
    required: dict[str, int] = {}
    for noble in _PAIR:
        for colour, count in NOBLES.requirement_items[noble]:
            required[GEM_COLORS[colour]] = max(required.get(GEM_COLORS[colour], 0), count)
    cards = bonus_cards(required, None)
    if cards is None:
        return None
    take = list(GEM_COLORS[:3])  # tokens never draw a noble: any three colours
    scenario = {"game": "splendor", "title": _TITLE, "players": 2,
                "position": {"players": [{"cards": cards}, {}], "nobles": list(_PAIR), "current_player": 0},
                "steps": [{"type": "take_different", "player": 0, "colors": take}]}
    facts = [{"fact": "the asker's bonuses meet two nobles' requirements at the end of the turn", "source": "stated",
              "said": several[0].said},
             {"fact": f"those nobles ({', '.join(str(n) for n in _PAIR)}: bonuses {required}) on the table; the asker's "
                      "move takes gems (tokens never count for a noble)", "source": "default"}]
    return {
        "title": _TITLE, "verdict": "yes_no", "modal": bool(asked and asked.modal), "unit": None, "players": {},
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": {"type": "choose_noble", "player": 0},
        "read": lambda events: sum(e["kind"] == "noble_visit" and e["data"]["player"] == 0 for e in events) > 1,
        "reads": ("noble_choice_required", "noble_visit"), "facts": facts,
    }
