"""Emblèmes: is another turn played in this round? ("On est 4 et on vient de finir le 3e tour de la première
manche. On joue encore un tour avant de compter les lieux ?")

The question states which turn of the round was just played (an ordinal beside "tour"/"turn") and asks whether
another turn follows. The position is that turn with every player but the last having revealed and placed; the
last player places a card without immediate effect (a Marchand), and the engine's flow says whether the round's
turns are over (then the locations are scored) or a next turn starts. The number of players decides it: when the
question does not give it, 3, 4 and 5 players are each a reading ("it depends").
"""

from __future__ import annotations

import re
from typing import Any

from language import fold

__all__ = ["TURN_ASKS", "TURN_WORDS", "compile_turns"]

TURN_ASKS = frozenset({"another_turn", "round_over"})
TURN_WORDS = frozenset({"played_word"})
"""Plain words (the lexicon's ``asking`` section): turns said played ("on a déjà joué 3 tours")."""
_TURN_WORD = re.compile(r"^\s*(?:tours?|turns?)\b")
_PLAYER_COUNTS = (3, 4, 5)
_LAST_CARD = "Marchand"
"""A card with no immediate effect: its placement asks nothing more of the engine before the turn ends."""
_ROUND_ORDINAL = re.compile(r"\b(premiere|deuxieme|seconde|troisieme|derniere|first|second|third|last)\s+(?:manche|round)\b"
                            r"|\b(?:manche|round)\s*(\d)\b|\b(\d)\s?(?:e|eme|ere|er|st|nd|rd|th)?\s+(?:manche|round)\b")
_ROUND_WORDS = {"premiere": 1, "first": 1, "deuxieme": 2, "seconde": 2, "second": 2, "troisieme": 3, "third": 3,
                "derniere": 3, "last": 3}


def compile_turns(frame: Any) -> dict[str, Any] | None:
    """The runs that answer "is another turn played?" (module docstring), or None."""
    if frame.form != "polar" or frame.cards:  # "another turn" reads as vague: not here
        return None
    if frame.players and not (frame.player_count and len(frame.players) < frame.player_count):
        return None  # players named beside a count of the table are its roster ("à trois, Léo, Zoé et moi")
    text = fold(frame.text)
    turns = [rank.value for rank in frame.ranks if _TURN_WORD.match(text[rank.start + len(rank.said):])]
    turns += [count.value for count in frame.counts if _turns_played(frame, text, count)]
    if len(turns) != 1 or not 1 <= turns[0] <= 4:
        return None
    turn = turns[0]
    round_number = _round(text)
    if round_number is None:
        return None
    counts = (frame.player_count,) if frame.player_count else _PLAYER_COUNTS
    variants = []
    for players in counts:
        if turn > (4 if players == 3 else 3):
            continue  # no such turn at this count: the question's table is not this one
        position = {"round": round_number, "turn": turn, "phase": "place", "first_player": 0,
                    "revealed": players - 1, "locations": {"Château": [], "Village": [], "Port": []},
                    "players": [{"selected": _LAST_CARD if seat == players - 1 else None} for seat in range(players)]}
        reading = {} if len(counts) == 1 else {"number of players": players}
        variants.append({"reading": reading, "scenario": {
            "game": "emblemes", "title": "the last placement of the turn the question names", "players": players,
            "position": position, "steps": [{"type": "place", "player": players - 1}]}})
    if not variants:
        return None
    return {
        "title": "the last placement of the turn the question names",
        "verdict": "yes_no",
        "modal": False,
        "unit": None,
        "players": {},
        "variants": variants,
        "then": None,
        "read": (lambda events: any(e["kind"] == "turns_over" for e in events)) if frame.asked.what == "round_over"
        else (lambda events: not any(e["kind"] == "turns_over" for e in events)),
        "reads": ("turns_over", "token_passed"),
        "facts": [{"fact": f"turn {turn} of round {round_number} just played", "source": "stated"},
                  {"fact": "number of players", "source": "stated" if frame.player_count else "default",
                   "varies": None if frame.player_count else "number of players"}],
    }


def _turns_played(frame: Any, text: str, count: Any) -> bool:
    """« on a déjà joué 3 tours », "we've played 3 turns": a count of turns said played, so the last one is that turn."""
    if count.start is None or not _TURN_WORD.match(text[count.start + len(count.said):]):
        return False
    return any(word.term == "played_word" and count.start - 20 <= word.start < count.start for word in frame.asking_words)


def _round(text: str) -> int | None:
    """The round the question names (1 when it names none); None when it names two."""
    found = set()
    for match in _ROUND_ORDINAL.finditer(text):
        found.add(_ROUND_WORDS[match.group(1)] if match.group(1) else int(match.group(2) or match.group(3)))
    if len(found) > 1:
        return None
    number = found.pop() if found else 1
    return number if 1 <= number <= 3 else None
