"""Emblèmes positions for the redraw at the end of a round: how many cards a player draws, or whether.

"À la fin de la manche il me reste 2 cartes en main : combien j'en pioche ?", "At the end of the round I have 2
cards left in hand. How many cards do I draw?" become the end of a round (round 1 unless the question says round 2)
with the asker's hand as stated and empty locations; the engine scores the round and every player draws back to
6 (« Ensuite, chaque joueur pioche jusqu’à avoir de nouveau 6 cartes en main. »). The verdict is the asker's draw.

Defaults, shown in ``facts``: the number of players (3, 4 and 5 are each a reading: the draw never depends on it)
and the cards of the hand (any of the family's). Refused: the last round (the game ends, nobody draws), a hand
above 6, a count of anything else, cards named in the question.
"""

from __future__ import annotations

import re
from typing import Any

from engine.emblemes.cards import LOCATIONS, NAMES
from language import fold

__all__ = ["DRAW_ASKS", "compile_draw"]

DRAW_ASKS = frozenset({"draw"})
_HAND = 6
_LAST_ROUND = 3
_PLAYER_COUNTS = (3, 4, 5)
_IN_HAND = re.compile(r"^\s*(?:cartes?|cards?)?\s*(?:left\s+)?(?:en main|in (?:my )?hand|dans (?:ma )?main|left)\b")
_ROUND = re.compile(r"\b(?:manche|round)\s+(\d)\b|\b(\d)(?:e|eme|nd|rd|st|th)?\s+(?:manche|round)\b")
_ORDINAL_ROUND = {"premiere": 1, "first": 1, "deuxieme": 2, "seconde": 2, "second": 2, "troisieme": 3, "third": 3,
                  "derniere": 3, "last": 3}


def compile_draw(frame: Any) -> dict[str, Any] | None:
    """The end-of-round runs that answer "how many cards do I draw?" (module docstring), or None."""
    asked = frame.asked
    if asked is None or asked.what not in DRAW_ASKS or frame.cards or frame.players or frame.vague or frame.action:
        return None
    text = fold(frame.text)
    hands = [c for c in frame.counts if c.unit is None and _IN_HAND.match(text[c.start + len(c.said):])]
    if len(hands) != 1 or len(frame.counts) != 1 or not 0 <= hands[0].value <= _HAND:
        return None
    held = hands[0].value
    round_said = _round(text)
    if round_said == _LAST_ROUND:
        return None  # after the third round the game is over: nobody draws
    number = 1 if round_said is None else round_said
    counts = (frame.player_count,) if frame.player_count else _PLAYER_COUNTS
    variants = []
    for players in counts:
        reading = {} if players == counts[0] else {"number of players": players}
        variants.append({"reading": reading, "scenario": _scenario(players, held, number)})
    facts = [{"fact": f"the asker holds {held} card(s) at the end of the round", "source": "stated"},
             {"fact": f"round {number} ends", "source": "stated" if round_said else "default"},
             {"fact": "which cards are in hand: any of the family's", "source": "default"}]
    if not frame.player_count:
        facts.append({"fact": f"{counts[0]} players", "source": "default", "varies": "number of players"})
    return {
        "title": "the end of the round the question describes",
        "verdict": "number" if frame.form in ("count", "open") else "yes_no",
        "modal": False,
        "unit": {"fr": "carte(s)", "en": "card(s)"},
        "players": {},
        "variants": variants,
        "then": None,
        "read": _drawn if frame.form in ("count", "open") else (lambda events: _drawn(events) == asked.number),
        "reads": ("cards_drawn",),
        "facts": facts,
    } if frame.form in ("count", "open") or asked.number is not None else None


def _round(text: str) -> int | None:
    found = _ROUND.search(text)
    if found:
        return int(found.group(1) or found.group(2))
    for word, number in _ORDINAL_ROUND.items():
        if re.search(rf"\b{word}\s+(?:manche|round)\b", text):
            return number
    return None


def _scenario(players: int, held: int, number: int) -> dict[str, Any]:
    hand = [NAMES[value] for value in range(1, held + 1)]
    position = {"round": number, "turn": 1, "first_player": 0, "revealed": 0, "phase": "end_of_round",
                "locations": {name: [] for name in LOCATIONS},
                "players": [{"coins": 3, **({"hand": hand} if seat == 0 else {})} for seat in range(players)]}
    return {"game": "emblemes", "title": "the end of the round the question describes", "players": players,
            "position": position, "steps": [{"type": "resolve_round"}]}


def _drawn(events) -> int | None:
    drawn = [e for e in events if e["kind"] == "cards_drawn"]
    return drawn[0]["data"]["drawn"][0] if drawn else None
