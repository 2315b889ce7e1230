"""The cards a player still holds after some turns (rules.md MISE EN PLACE, Tour de jeu, Fin de partie).

"Le placement du 4e tour est fini : il me reste combien de cartes en main ?", "After the 6 rounds, how many cards are
left in my hand?": the engine deals the set-up (7 cards in hand) and plays the turns the question says are done,
each player placing one card a turn (the rules' placement), every face-down card taking a point (no effect on the
hands); the verdict reads the hand size the engine reports with the asker's last placement. None when the question
does not say how many turns are done, or states a fact this does not read.
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.scenario import build_game, initial_state
from engine.oriflamme.cards import FAMILY_SIZE, NAMES
from engine.oriflamme.frame_trace import decisive, ignored, question_start
from language import fold_same_length as fold

__all__ = ["cards_left_in_hand"]

_LAST_TURN = 6
_NUMBER = r"(\d|un|deux|trois|quatre|cinq|six|one|two|three|four|five|six|premier|first|1er|1st)"
_WORDS = {"un": 1, "one": 1, "premier": 1, "first": 1, "1er": 1, "1st": 1, "deux": 2, "two": 2, "trois": 3, "three": 3,
          "quatre": 4, "four": 4, "cinq": 5, "five": 5, "six": 6}
_TURN = r"(?:tours?|rounds?|turns?|manches?)"
_DONE = r"(?:fini|finie|finis|termine|terminee|termines|acheve|over|done|finished|played|joues?|complete|completed)"
_IN_HAND = re.compile(r"\b(?:en main|dans (?:ma|ta|sa|la) main|in (?:my |his |her |their |your )?hand|left in hand)\b")
_TURNS_DONE = re.compile(
    rf"\b(?:apres|after|(?:on a |we(?:['’]ve| have) )?(?:fini|termine|finished|played|joue))\s+(?:les\s+|the\s+|all\s+)?(?:premiers?\s+|first\s+)?{_NUMBER}\s+"
    rf"(?:premiers?\s+|first\s+)?{_TURN}"
    rf"|\b(?:les|the)\s+{_NUMBER}\s+(?:premiers?\s+|first\s+)?{_TURN}\s+(?:sont\s+|are\s+|have been\s+)?{_DONE}"
    rf"|\b(?:(?:la\s+)?fin|(?:the\s+)?end)\s+(?:du|of the|of)\s+{_NUMBER}(?:e|eme|th|rd|nd|st)?\s+{_TURN}"
    rf"|\b(?:(?:le\s+)?placement|(?:the\s+)?placement|placing)\s+(?:du|of the|of)\s+{_NUMBER}(?:e|eme|th|rd|nd|st)?\s+{_TURN}"
    rf"\s+(?:est\s+|is\s+)?{_DONE}"
    rf"|\b{_NUMBER}(?:e|eme|th|rd|nd|st)\s+{_TURN}\s+(?:est\s+|is\s+)?{_DONE}"
)
"""How many turns are done: "on a fini les 6 tours", "after 3 rounds", "fin du 4e tour", "le placement du 4e tour est
fini" (a turn's placement done: its card is placed)."""
_ONE_A_TURN = re.compile(r"\b(?:(?:j['’ ]\s*ai|i(?:['’]ve| have)?|on a|we(?:['’]ve| have)?)\s+)?(?:pose|place|played|placed|put|joue)\s+"
                         r"(?:une|one|a)\s+(?:carte|card)(?:\s+(?:de ma main|from my hand))?\s+"
                         r"(?:a chaque tour|chaque tour|each (?:round|turn)|every (?:round|turn)|par tour|per (?:round|turn))")
_NOTHING_ELSE = re.compile(r"\b(?:rien d['’ ]autre|nothing else)\b")
_PLAYERS = re.compile(r"\b(?:on joue a|on est|nous sommes|we(?:['’]re| are) playing with|we(?:['’]re| are)|playing with)\s+"
                      r"(\d|deux|trois|quatre|cinq|two|three|four|five)\b(?:\s+(?:joueurs|players|of us))?"
                      r"|\b(\d|deux|trois|quatre|cinq|two|three|four|five)[ -](?:joueurs|players)\b")


def _number(said: str) -> int:
    return _WORDS.get(said) or int(said)


def cards_left_in_hand(frame: Any) -> dict[str, Any] | None:
    asked = frame.asked
    text = fold(frame.text)
    hand = _IN_HAND.search(text)
    if asked is None or asked.what != "left" or hand is None:
        return None
    done = list(_TURNS_DONE.finditer(text))
    if len(done) != 1:
        return None  # how many turns are done is unsaid, or said twice
    turns = _number(next(group for group in done[0].groups() if group))
    stated = _PLAYERS.search(text)
    players = _number(stated.group(1) or stated.group(2)) if stated else 2
    if not 1 <= turns <= _LAST_TURN or not 2 <= players <= 5:
        return None
    used = [hand.span(), done[0].span(), *(m.span() for m in _ONE_A_TURN.finditer(text)),
            *(m.span() for m in _NOTHING_ELSE.finditer(text)), *([stated.span()] if stated else [])]
    if asked.number_at is not None:
        used.append((asked.number_at, asked.number_at + len(str(asked.number))))
    cards = [(e.start, e.end, e.value) for e in frame.entities if e.kind == "card"]
    if cards or frame.players or decisive(ignored(text, used, cards), question_start(text)):
        return None  # a card or a player named, or a fact this does not read: not only the turns
    scenario = {"game": "oriflamme", "title": f"the hand after {turns} turn(s)", "players": players, "seed": 0,
                "steps": _placements(players, turns)}
    if scenario["steps"] is None:
        return None

    def read(events):
        placed = [e for e in events if e["kind"] == "card_placed" and e["data"]["player"] == 0]
        return placed[-1]["data"].get("hand") if placed else None
    return {
        "title": scenario["title"],
        "verdict": "number",
        "modal": False,
        "unit": {"fr": "carte(s) en main", "en": "card(s) in hand"},
        "players": {},
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": None,
        "read": read,
        "reads": ("card_placed",),
        "facts": [{"fact": f"{turns} turn(s) played, one card placed by each player a turn", "source": "stated"},
                  {"fact": f"{players} players; every face-down card takes a point (the hands do not depend on it)",
                   "source": "stated" if stated else "default"}],
    }


def _placements(players: int, turns: int) -> list[dict] | None:
    """The actions of ``turns`` turns from the engine's set-up: each player places the first card of their hand at the
    end of the line (the centre for the first), each face-down card takes a point; stops after the last placement."""
    scenario = {"game": "oriflamme", "players": players, "seed": 0}
    state = initial_state(build_game(scenario), scenario)
    steps: list[dict] = []
    placed = 0
    while placed < players * turns:
        legal = state.legal_actions()
        kinds = {action.get("type") for action in legal}
        if "place" in kinds:
            player = state.current_player()
            card = state.hands[player][0]
            action = {"type": "place", "player": player, "card": NAMES[card % FAMILY_SIZE],
                      "at": "end" if state.line else "center"}
            placed += 1
        elif "influence" in kinds:
            action = {"type": "influence"}
        elif "resolve" in kinds:
            action = {"type": "resolve"}
        else:
            return None  # a choice this line of play does not make
        state.apply(action)
        steps.append(action)
    return steps
