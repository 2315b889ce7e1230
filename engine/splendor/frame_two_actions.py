"""Splendor: two of the game's actions in one turn ("je prends 3 jetons, et je peux aussi réserver une carte dans
la foulée ?", "can I buy a card and take two gems in the same turn?").

The question names two different actions of the game (take gems, reserve, buy) and says they happen in the
same turn. The position is the asker's turn with tokens enough for any first action (two players, the set-up's
display); the first action named is played (every legal way of doing it, branched over), then the second is
tried by the asker as stated: the engine accepts or rejects it, with the rule that decides. A question that
puts the second action in a later turn ("au tour suivant", "next turn") is not this one.
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.events import REJECTED
from language import fold

__all__ = ["compile_two_actions"]

_ACTIONS = {"reserver": "reserve", "acheter": "buy", "prendre_deux_jetons": "take_same",
            "prendre_trois_jetons": "take_different", "prendre_n_jetons": "take"}
_SAME_TURN = re.compile(r"\b(?:meme tour|same turn|one turn|un seul tour|dans la foulee|en meme temps|at the same time|"
                        r"a la fois|aussi|also|too|as well|en plus|puis|ensuite|then|direct|directement|straight away|"
                        r"right away|tout de suite)\b")
_LATER = re.compile(r"\b(?:tour suivant|prochain tour|tour d'apres|next turn|following turn|later|plus tard|"
                    r"au tour|on my next|a mon prochain)\b")
_TOKENS = {"white": 2, "blue": 1, "green": 1, "red": 1, "black": 1}
"""The asker's tokens: 6, so some card of the display can be bought and three more gems stay under the limit of 10
(the first action must not call for a return of tokens, which would be the turn's business first)."""


def compile_two_actions(frame: Any) -> dict[str, Any] | None:
    """The runs that answer "can I do both in one turn?" (module docstring), or None."""
    if frame.form != "polar" or frame.players or frame.vague:
        return None
    named = [(e.start, _ACTIONS[e.value]) for e in frame.entities if e.kind == "action" and e.value in _ACTIONS]
    kinds = list(dict.fromkeys(kind for _, kind in sorted(named)))
    if len(kinds) != 2 or any(e.kind == "number" and e.unit not in (None, "jeton") for e in frame.entities):
        return None
    text = fold(frame.text)
    if not _SAME_TURN.search(text) or _LATER.search(text):
        return None
    first, second = kinds
    scenario = {"game": "splendor", "title": "two actions in the asker's turn", "players": 2,
                "position": {"players": [{"tokens": dict(_TOKENS)}], "current_player": 0},
                "steps": [_first_step(first), {**_second_step(second), "player": 0, "try": True}]}
    return {
        "title": scenario["title"],
        "verdict": "yes_no",
        "modal": True,
        "unit": None,
        "players": {},
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": None,
        "read": _second_accepted,
        "reads": ("rejected",),
        "facts": [{"fact": f"the asker's first action: {first}", "source": "stated"},
                  {"fact": f"then, in the same turn, {second}", "source": "stated"},
                  {"fact": f"two players; the asker holds {_TOKENS}", "source": "default"}],
    }


def _first_step(kind: str) -> dict[str, Any]:
    return {"type": _TYPE.get(kind, kind), "player": 0}


def _second_step(kind: str) -> dict[str, Any]:
    return {"type": _TYPE.get(kind, kind)}


_TYPE = {"take": "take_different"}
""""je prends 3 jetons", "I take gems": the three-colour take (the engine's actions name each kind of take)."""


def _second_accepted(events: list[dict]) -> bool | None:
    """Whether the tried action, the last one played, was accepted (a rejection is the last event otherwise)."""
    if not events:
        return None
    return events[-1]["kind"] != REJECTED
