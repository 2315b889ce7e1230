"""For a Crown counts that only the course of the rounds decides: "how many Event cards are shuffled in for the round
4 reveal?", "how many cost tiles are in the gutter at the start of round 2?", "how many Mercenaries will I have
recruited by the end of round 2?", "how many of my own Mercenaries are in the common pile at round 3?".

The question states a round and asks a count and states nothing else about the table. The engine plays a whole
game from the set-up to the end of that round (any legal play: the first legal choice at each decision, the first
outcome at each draw), and the count is read off its events: the cards revealed in that round, the tiles after
the round before it ended, the asker's recruitments. A second line of play (another choice each time, or
another set-up) and a second number of families are played too: a count that moved with them would say "it
depends"; the rules make them agree. The asker is the family of seat 0.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable

from engine.core.game import CHANCE
from engine.core.scenario import build_game, initial_state
from language import fold

__all__ = ["compile_round_count"]

_ROUND = re.compile(r"\b(?:manche|round)\s*(\d)\b|\b(\d)\s?(?:e|eme|er|ere|th|rd|nd|st)?\s+(?:manche|round)\b")
_ROUND_WORDS = {"premiere": 1, "first": 1, "deuxieme": 2, "seconde": 2, "second": 2, "troisieme": 3, "third": 3,
                "quatrieme": 4, "derniere": 4, "fourth": 4, "last": 4}
_ROUND_BY_WORD = re.compile(r"\b(" + "|".join(_ROUND_WORDS) + r")\s+(?:manche|round)\b")
_HOW_MANY = re.compile(r"\b(?:combien|how many|how much)\b")
_EVENTS = re.compile(r"\b(?:evenements?|events?)\b")
_TILES = re.compile(r"\b(?:tuiles?|tiles?)\b")
_ZERO_TILES = re.compile(r"\b(?:tuiles?[\s-]+(?:cout[\s-]+(?:de recrutement[\s-]+)?)?(?:0|zero)|(?:0|zero)[- ]cost|"
                         r"(?:cout|cost)[\s-]+(?:de recrutement[\s-]+)?(?:0|zero)\b|tiles?[\s-]+(?:of\s+)?(?:value\s+|valeur\s+)?(?:0|zero)"
                         r"|tuiles?\s+(?:de\s+)?valeur\s+(?:0|zero))")
"""A cost-0 tile however the 0 is joined to its noun: "tuile Coût 0", "0-cost tile", "cost-0 tile"."""
_MERCENARIES = re.compile(r"\b(?:mercenaires?|mercenar(?:y|ies)|recrues?|recruits?)\b")
_RECRUITED = re.compile(r"\b(?:recrute\w*|recruited|recruit)\b")
_IN_PILE = re.compile(r"\b(?:pile|melange\w*|shuffled|revel\w*|reveal\w*)\b")
_MINE = re.compile(r"\b(?:mes|mon|my|mine|i|je|j'|moi|chaque (?:joueur|joueuse|famille)|chacune?|each (?:of us|player|family)|"
                   r"every (?:player|family))\b")
"""The asker's own count, or each family's, which is the asker's as much as anyone's ("each of us recruits …")."""
_SO_FAR = re.compile(r"\b(?:en tout|au total|jusqu'a|jusqu a|jusque|depuis le debut|deja|so far|by the end of|by round|"
                     r"in total|altogether|up to|until|through|already)\b|\b(?:ai|as|a|avons|have|has)\s+(?:\w+\s+)?"
                     r"(?:recrute\w*|recruited)\b")
"""Recruitments counted from the start ("so far", « en tout », "have I recruited by …"), not in the round alone."""
_EVERY_FAMILY = re.compile(r"\b(?:en tout|au total|tous|toutes|all|in total|altogether|every(?:one|body)?|"
                           r"de toutes les familles|of all (?:the )?families)\b")
_FAMILIES = (4, 3)
_LINES = tuple((policy, seed) for seed in (0, 1) for policy in ("first", "middle", "last"))
"""Ways to play a game through (which choice and outcome to take, the set-up's seed): the first two that get
to the end of the round are played."""
_READINGS = {"fr": {"families": "le nombre de familles", "line": ("les choix et tirages de la partie", "une autre partie")},
             "en": {"families": "the number of families", "line": ("the choices and draws of the game",
                                                                   "another line of play")}}
"""What a variant varies, in the asker's language (an answer that moves with it says so)."""
_UNITS = {"events": {"fr": "carte(s) Événement", "en": "Event card(s)"},
          "tiles": {"fr": "tuile(s) Coût de recrutement", "en": "recruitment cost tile(s)"},
          "zero_tiles": {"fr": "tuile(s) Coût 0", "en": "0 cost tile(s)"},
          "own_in_pile": {"fr": "Mercenaire(s)", "en": "Mercenary card(s)"},
          "all_in_pile": {"fr": "Mercenaire(s)", "en": "Mercenary card(s)"},
          "pile": {"fr": "carte(s)", "en": "card(s)"},
          "recruited": {"fr": "Mercenaire(s)", "en": "Mercenaries"},
          "recruited_in": {"fr": "Mercenaire(s)", "en": "Mercenaries"}}


def compile_round_count(frame: Any) -> dict[str, Any] | None:
    """The game played to the stated round and the asked count read off it (module docstring), or None."""
    if frame.form != "count":
        return None
    text = fold(frame.text)
    asking = fold(frame.text[slice(*frame.asking_clause)])
    if not _HOW_MANY.search(asking):
        return None
    number = _round_number(text)
    what = _asked(asking)
    if number is None or what is None or not _states_nothing_else(frame, text, number):
        return None
    if what == "tiles" and re.search(r"\b(?:0|zero)\b", asking):
        return None  # a 0 said beside tiles the tile words did not bind: all tiles would not be the asked count
    if what in ("tiles", "zero_tiles") and _after_the_end(text, number):
        if number == 4:
            return None  # no end-of-round steps after round 4: the game is over
        number += 1  # "after the end of round 2": the gutter round 3 is played with
    if what == "zero_tiles" and number == 1 or what == "tiles" and number == 1:
        return None  # the set-up's tiles are no event of the engine's: nothing to read them from
    families = (frame.player_count,) if frame.player_count else _FAMILIES
    variants = []
    for players in families:
        lines = [line for line in (_played_to(players, number, *way) for way in _LINES) if line is not None][:2]
        if len(lines) < 2:
            return None
        for index, (seed, steps) in enumerate(lines):
            said = _READINGS["en" if frame.language == "en" else "fr"]
            reading = {}
            if players != families[0]:
                reading[said["families"]] = players
            if index:
                reading[said["line"][0]] = said["line"][1]
            variants.append({"reading": reading, "scenario": {
                "game": "for-a-crown", "title": "a game played to the end of the round the question names",
                "players": players, "seed": seed, "steps": list(steps)}})
    return {
        "title": "a game played to the end of the round the question names",
        "verdict": "number",
        "modal": False,
        "unit": _UNITS[what],
        "players": {},
        "variants": variants,
        "then": None,
        "read": _READERS[what](number),
        "reads": _READS[what],
        "facts": [{"fact": f"round {number}", "source": "stated"},
                  {"fact": "the families play any legal choice; nobody is knocked out", "source": "default",
                   "varies": "the choices and draws of the game"},
                  {"fact": f"{families[0]} families", "source": "stated" if frame.player_count else "default",
                   "varies": "the number of families"}],
    }


def _round_number(text: str) -> int | None:
    found = {int(m.group(1) or m.group(2)) for m in _ROUND.finditer(text)}
    found |= {_ROUND_WORDS[m.group(1)] for m in _ROUND_BY_WORD.finditer(text)}
    if len(found) != 1:
        return None  # no round, or two ("rounds 3 and 4"): not one moment of the game
    number = found.pop()
    return number if 1 <= number <= 4 else None


def _asked(asking: str) -> str | None:
    if _EVENTS.search(asking):
        return "events"
    if _TILES.search(asking):
        return "zero_tiles" if _ZERO_TILES.search(asking) else "tiles"
    if _MERCENARIES.search(asking) and _MINE.search(asking):
        if _RECRUITED.search(asking):
            return "recruited" if _SO_FAR.search(asking) else "recruited_in"
        if _IN_PILE.search(asking):
            return "own_in_pile"
    if _MERCENARIES.search(asking) and _IN_PILE.search(asking) and _EVERY_FAMILY.search(asking):
        return "all_in_pile"  # "combien de Mercenaires en tout dans la pile commune ?": every family's
    if _CARDS.search(asking) and _COMMON_PILE.search(asking) and not _MINE.search(asking):
        return "pile"  # "how many cards are in the common pile when round 1's reveal starts?": Mercenaries and Events
    return None


_CARDS = re.compile(r"\b(?:cartes?|cards?)\b")
_COMMON_PILE = re.compile(r"\b(?:pile commune|common pile)\b")
_END_OF = (r"\b(?:apres|a l'issue de|a la fin de|after|at the end of)\s+(?:la fin de\s+|the end of\s+|"
           r"(?:the\s+)?end[- ]of[- ]round\s+steps\s+of\s+|les etapes de fin de manche de\s+|la\s+|the\s+)*")


def _after_the_end(text: str, number: int) -> bool:
    """The moment is once round ``number`` is over, its end-of-round steps done: "après la fin de la manche 2",
    "after the end-of-round steps of round 2", "at the end of round 2", "once round 2 is over"."""
    said = rf"(?:(?:manche|round)\s*{number}\b|{number}\s?(?:e|eme|nd|rd|th|st)?\s+(?:manche|round)\b)"
    return bool(re.search(_END_OF + said, text)
                or re.search(rf"\b(?:once|when|une fois|quand)\s+(?:la\s+|the\s+)?{said}\s+(?:est\s+|is\s+)?"
                             r"(?:finie|terminee|over|finished|done)\b", text))


def _states_nothing_else(frame, text: str, number: int) -> bool:
    """No count but the round's (and a tile's 0), no family named, no card revealed: a game like any other."""
    if frame.players or frame.vague:
        return False
    for entity in frame.entities:
        if entity.kind in ("number", "player_count") and entity.value not in (number, 0):
            if not (entity.kind == "player_count" and entity.value == frame.player_count):
                return False
        if entity.kind == "card" and entity.value not in ("mercenaire", "carte_evenement"):
            return False  # a Scandale, a Vol de Rubis...: something happened that the question tells
    return not any(not _NEGATED.search(text[max(0, m.start() - 24) : m.start()]) for m in _KNOCKED_OUT.finditer(text))


_KNOCKED_OUT = re.compile(r"\b(?:hors[- ]jeu|knocked out|elimin\w*|out of the game)\b")
_NEGATED = re.compile(r"\b(?:jamais|pas|never|not|n't|no one|personne|nobody)\b")


@functools.lru_cache(maxsize=64)
def _played_to(players: int, number: int, policy: str, seed: int) -> tuple[int, tuple[dict, ...]] | None:
    """The set-up's seed and the actions of one line of play to the end of round ``number``, as ``try`` steps;
    None when that line ends the game sooner (a knock-out)."""
    game = build_game({"game": "for-a-crown", "players": players})
    state = initial_state(game, {"seed": seed})
    steps: list[dict] = []
    for _ in range(20000):
        if state.is_terminal():
            return None  # over before the round ended: a knock-out, not the question's game
        if state.current_player() == CHANCE:
            options = [action for action, _ in state.chance_outcomes()]
        else:
            options = state.legal_actions()
        action = options[{"first": 0, "middle": len(options) // 2, "last": -1}[policy]]
        events = state.apply(action)
        steps.append({**action, "try": True})
        if any(e.kind == "round_over" and e.data["round"] == number for e in events):
            return seed, tuple(steps)
    return None


def _round_spans(events: list[dict]) -> dict[int, list[dict]]:
    """Each round's events, from its recruitment to its end."""
    rounds: dict[int, list[dict]] = {}
    current = 1  # the set-up starts round 1's recruitment without an event
    for event in events:
        if event["kind"] == "recruitment_starts":
            current = event["data"]["round"]
        rounds.setdefault(current, []).append(event)
    return rounds


def _events_revealed(number: int) -> Callable[[list[dict]], int | None]:
    def read(events: list[dict]) -> int | None:
        spent = _round_spans(events).get(number)
        return None if spent is None else sum(e["kind"] == "revealed" and "event" in e["data"] for e in spent)
    return read


def _own_revealed(number: int) -> Callable[[list[dict]], int | None]:
    def read(events: list[dict]) -> int | None:
        spent = _round_spans(events).get(number)
        return None if spent is None else sum(e["kind"] == "revealed" and e["data"].get("player") == 0
                                              and "event" not in e["data"] for e in spent)
    return read


def _all_revealed(number: int) -> Callable[[list[dict]], int | None]:
    def read(events: list[dict]) -> int | None:
        spent = _round_spans(events).get(number)
        return None if spent is None else sum(e["kind"] == "revealed" and "event" not in e["data"] for e in spent)
    return read


def _recruited(number: int, first: int = 1) -> Callable[[list[dict]], int | None]:
    """The asker's recruitments from round ``first`` to round ``number`` (from the start by default)."""
    def read(events: list[dict]) -> int | None:
        spans = _round_spans(events)
        if number not in spans:
            return None
        return sum(e["kind"] == "recruited" and e["data"]["player"] == 0
                   for round_ in range(first, number + 1) for e in spans.get(round_, ()))
    return read


def _recruited_in(number: int) -> Callable[[list[dict]], int | None]:
    """"How many do I recruit in round 3?": that round's recruitments alone."""
    return _recruited(number, first=number)


def _tiles(zero: bool) -> Callable[[int], Callable[[list[dict]], int | None]]:
    def for_round(number: int) -> Callable[[list[dict]], int | None]:
        def read(events: list[dict]) -> int | None:
            inserted = [e for e in _round_spans(events).get(number - 1, ()) if e["kind"] == "cost_tile_inserted"]
            if not inserted:
                return None
            gutter = inserted[-1]["data"]["gutter"]
            return sum(tile == 0 for tile in gutter) if zero else len(gutter)
        return read
    return for_round


def _pile_revealed(number: int) -> Callable[[list[dict]], int | None]:
    def read(events: list[dict]) -> int | None:
        spent = _round_spans(events).get(number)
        return None if spent is None else sum(e["kind"] == "revealed" for e in spent)
    return read


_READERS = {"events": _events_revealed, "own_in_pile": _own_revealed, "all_in_pile": _all_revealed,
            "pile": _pile_revealed,
            "recruited": _recruited, "recruited_in": _recruited_in,
            "tiles": _tiles(False), "zero_tiles": _tiles(True)}
_READS = {"events": ("reveal_starts", "revealed", "event_added"), "own_in_pile": ("reveal_starts", "revealed"),
          "all_in_pile": ("reveal_starts", "revealed"), "pile": ("reveal_starts", "revealed"),
          "recruited": ("recruited",), "recruited_in": ("recruited",), "tiles": ("cost_tile_inserted",),
          "zero_tiles": ("cost_tile_inserted",)}
