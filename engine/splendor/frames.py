"""Splendor positions compiled from question frames (docs/grounding.md, the contract): who wins a finished
game, and whether a noble visits.

"Eva 16 points with 10 cards bought, Finn 16 with 12: who wins?" becomes the
last turn of the final round: each player named holds development cards (and
nobles) that give exactly the points and the number of cards the question
states; the last player in turn order makes a move that scores nothing (any
three gems), the round completes and the engine ranks the players (highest
total, nobles included, then fewest development cards). The verdict is the
winner, named as in the question, or whether the asker (or the player asked
about) wins alone.

"My bonuses: 4 red and 4 green; a noble needs 4 red and 4 green: does it visit me?" becomes the asker's
turn with development cards giving exactly those bonuses (tokens as stated, which the rules say do not
count), that noble alone on the table and a move that changes no bonus (three gems); the engine's end of
turn says whether the noble comes. A requirement no noble of the game has, or a required colour whose
bonus the question does not give, is no position.

A player's number of cards, when the question does not give it, is a default
that is varied (fewest cards that make the points, and five more): when the
verdict moves with it, the answer says the question leaves it open. A tie the
rules leave open (same points, same cards) gives no verdict at all.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.splendor.data import CARDS, GEM_COLORS, NOBLE_COUNT, NOBLES
from engine.splendor.frame_actions import ACTION_ASKS, ACTION_TERMS, bank_beside, bonus_cards, compile_action
from engine.splendor.frame_bank import BANK_WORDS, compile_bank_take
from engine.splendor.frame_final_round import FINAL_ROUND_ASKS, FINAL_ROUND_WORDS, compile_final_round
from engine.splendor.frame_noble_choice import CHOICE_WORDS, compile_noble_choice
from engine.splendor.frame_noble_refusal import REFUSAL_ASKS, compile_noble_refusal
from engine.splendor.frame_refill import REFILL_ASKS, REFILL_TERMS, compile_refill
from engine.splendor.frame_token_limit import LIMIT_ASKS, compile_token_limit
from engine.splendor.frame_two_actions import compile_two_actions
from language import fold

__all__ = ["ACTIONS", "ASKING", "ASKS", "TERMS", "compile"]

ACTIONS: frozenset[str] = frozenset()
ASKS = frozenset({"win", "noble_visit", "keep"}) | ACTION_ASKS | REFILL_ASKS | FINAL_ROUND_ASKS | REFUSAL_ASKS
TERMS = ACTION_TERMS | REFILL_TERMS
ASKING = BANK_WORDS | CHOICE_WORDS | FINAL_ROUND_WORDS
"""Plain words readers look for anywhere in the question (the lexicon's ``asking`` section: no facts)."""

_POINTS, _CARDS, _NOBLES, _RESERVED = "points_de_prestige", "carte_developpement", "noble", "reserve"
_NOBLE_POINTS = 3
_MAX_PLAYERS = 4
_MORE_CARDS = 5
_SELF, _OTHER, _EVERYONE = "self", "other", "*"
_NAMES = {"fr": {_SELF: "toi", _OTHER: "ton adversaire"}, "en": {_SELF: "you", _OTHER: "your opponent"}}
_ANOTHER = {"fr": "un autre joueur", "en": "another player"}


def compile(frame: Any) -> dict[str, Any] | None:  # noqa: A001 - the contract's name
    """The position that answers the frame (see the module docstring), or None."""
    refill = compile_refill(frame)
    if refill is not None:
        return refill  # "…do we fill the gap?": what the display does, whatever move word the question says first
    several = compile_noble_choice(frame)
    if several is not None:
        return several  # "two nobles at once: do I get both?", whichever of visit or take the asker says, or none
    if frame.asked is None or frame.vague:
        return None
    if frame.asked.what == "keep":
        return _kept(frame)
    if frame.asked.what in LIMIT_ASKS:
        limit = compile_token_limit(frame)
        if limit is not None:
            return limit  # how many tokens go back, whether any must, which may
    if frame.asked.what in ACTION_ASKS:
        return compile_two_actions(frame) or compile_bank_take(frame) or compile_action(frame)
    if frame.asked.what == "noble_visit":
        return _noble_visit(frame)
    if frame.asked.what in FINAL_ROUND_ASKS:
        return compile_final_round(frame)
    if frame.asked.what in REFUSAL_ASKS:
        return compile_noble_refusal(frame)
    if frame.asked.what != "win":
        return None
    players = _players(frame)
    if players is None:
        return None
    stated = _stated(frame, players)
    if stated is None:
        return None
    seats = {name: seat for seat, name in enumerate(players)}
    asks_who = frame.form in ("who", "which")
    subject = None if asks_who else _subject(frame, seats)  # "who wins?" names the winner, whoever asks
    if not asks_who and subject is None:
        return None
    variants = []
    for reading in _readings(stated):
        position = _position(players, stated, reading["cards"], reading["points"], reading.get("outside", ()))
        if position is None:
            return None
        scenario = {"game": "splendor", "title": "final turn of the game the question describes",
                    "players": len(players), "position": position,
                    "steps": [{"type": "take_different", "player": len(players) - 1}]}
        variants.append({"reading": reading["said"], "scenario": scenario})
    names = _NAMES.get(frame.language, _NAMES["en"])
    return {
        "title": "final turn of the game the question describes",
        "verdict": "player" if subject is None else "yes_no",
        "modal": False,
        "unit": None,
        "players": {seat: names.get(name, _ANOTHER.get(frame.language, _ANOTHER["en"]) if name.startswith(f"{_OTHER}#") else name)
                    for name, seat in seats.items() if seat or name != _SELF},
        "variants": variants,
        "then": None,
        "read": _winner if subject is None else (lambda events: _wins_alone(events, subject)),
        "reads": ("game_over", "final_round"),
        "facts": _facts(stated),
    }


def _players(frame) -> list[str] | None:
    owners = [count.owner for count in frame.counts if count.owner not in (None, _EVERYONE)]
    named = list(dict.fromkeys([*frame.players, *owners]))
    players = ([_SELF] if _SELF in named else []) + [name for name in named if name != _SELF]
    if len(players) < 2:
        return None  # "if two players reach 15, who wins?": nobody's totals are given
    if frame.player_count:
        players += [f"{_OTHER}#{index}" for index in range(frame.player_count - len(players))]
    return players if 2 <= len(players) <= _MAX_PLAYERS else None


def _stated(frame, players) -> dict[str, dict[str, int]] | None:
    """Per player: points, cards, nobles and reserved cards when said (points for one at least);
    a count of anything else: None."""
    stated: dict[str, dict[str, int]] = {name: {} for name in players}
    owners_shared = _shared_owners(frame, players)
    for count in frame.counts:
        if _noble_worth(frame, count):
            if count.value != _NOBLE_POINTS:
                return None  # "a noble worth 4": every noble of the game is worth 3
            continue
        kind = {_POINTS: "points", None: "points", _CARDS: "cards", _NOBLES: "nobles", _RESERVED: "reserved"}.get(count.unit)
        if kind is None or count.qualifier not in (None, "exactly"):
            return None
        owner = count.owner if count.owner is not None else owners_shared.get(count.start)
        owners = players if owner in (_EVERYONE, None) and kind == "points" else [owner]
        for owner in owners:
            if owner not in stated or kind in stated[owner]:
                return None
            stated[owner][kind] = count.value
    if not any("points" in facts for facts in stated.values()):
        return None
    return _with_nobles_said(frame, stated)


_COORDINATED = re.compile(r"^[^.;!?]*\b(?:et|and|avec|with|plus)\s+(?:\w+\s+)?$")
"""« J'ai 15 points et 9 cartes », "Eva has 16 points and 10 cards": the second count shares the first one's
subject (nothing but a coordination, and no other player, between them)."""


def _shared_owners(frame, players) -> dict[int, str]:
    """The owner of each count said without one, from the count coordinated just before it in its sentence."""
    text = fold(frame.text)
    counts = sorted(frame.counts, key=lambda c: c.start)
    shared: dict[int, str] = {}
    for before, count in zip(counts, counts[1:]):
        owner = before.owner if before.owner is not None else shared.get(before.start)
        if count.owner is not None or owner in (None, _EVERYONE):
            continue
        between = text[before.start + len(before.said) : count.start]
        if _COORDINATED.match(between) and not any(fold(name) in between for name in players if name != _SELF):
            shared[count.start] = owner
    return shared


_FROM_CARDS = re.compile(
    r"^\s*(?:points?\s+)?(?:(?:all|only|just|tout|tous|toutes|uniquement|seulement)\s+)?"
    r"(?:(?:from|in|on|via|through)\s+(?:(?:his|her|their|my|your|the|its)\s+)?(?:development\s+)?cards?"
    r"|(?:en|de|par|via|grace\s+a(?:ux)?|avec)\s+(?:(?:ses|mes|tes|leurs|des|les)\s+)?cartes?)\b")
"""Points said to come from the development cards ("13 from cards", "14 points en cartes"): nobles come on top."""
_WORTH = re.compile(r"^(?:\s+tiles?)?\s+(?:worth|de|valant|qui vaut|a|at|of|\()\s*$")
"""Between a noble and its worth: "a noble (tile) worth 3", "un noble de 3 points"."""


def _noble_worth(frame, count) -> bool:
    """Whether the count is the worth of a noble said just before it, not a player's points."""
    if count.unit not in (None, _POINTS):
        return False
    text = fold(frame.text)
    nobles = [c for c in frame.cards if c.card == _NOBLES and c.start < count.start]
    return bool(nobles) and bool(_WORTH.match(text[nobles[-1].start + len(nobles[-1].said) : count.start]))


def _with_nobles_said(frame, stated):
    """The nobles said without a count ("plus a noble tile worth 3", "et un noble") and the points said to come from
    cards ("13 from cards", "14 points en cartes"): such points leave the nobles out of them (``"card_points"``).

    A noble said belongs to the player of the last count before it in its clause; a noble's worth said with it must be
    the 3 points every noble of the game gives (else no position). None when a fact cannot be placed so."""
    text = fold(frame.text)
    counts = sorted((c for c in frame.counts if not _noble_worth(frame, c)), key=lambda c: c.start)
    for count in counts:
        after = text[count.start + len(count.said):]
        if count.owner in stated and count.unit in (None, _POINTS) and _FROM_CARDS.match(after):
            stated[count.owner]["card_points"] = 1
    for card in frame.cards:
        if card.card != _NOBLES:
            continue
        clause = next((c for c in frame.clauses if c[0] <= card.start < c[1]), (0, len(text)))
        before = [c for c in counts if clause[0] <= c.start < card.start]
        if before and before[-1].unit == _NOBLES and card.start - before[-1].start < 12:
            continue  # "2 nobles": the count said it
        owner = before[-1].owner if before else None
        if owner not in stated or "nobles" in stated[owner] and not stated[owner].get("said_nobles"):
            return None
        stated[owner]["nobles"] = stated[owner].get("nobles", 0) + 1
        stated[owner]["said_nobles"] = 1
    return stated


def _subject(frame, seats) -> int | None:
    """Whom a yes/no question asks about: the player named in the asking clause, else the asker."""
    if frame.asked.player in seats:
        return seats[frame.asked.player]
    return seats.get(_SELF)


def _readings(stated) -> list[dict]:
    """Neutral defaults first (fewest cards for the points; 0 points when unsaid), then each varied."""
    best = max(facts["points"] for facts in stated.values() if "points" in facts)
    readings = [{"cards": {}, "points": {}, "said": {}}]
    for name, facts in stated.items():
        if facts.get("said_nobles") and "points" in facts and not facts.get("card_points"):
            # "Marie a 14 points et un noble": the 14 with the noble in them, or the noble on top
            readings.append({"cards": {}, "points": {}, "outside": (name,),
                             "said": {f"points of {name}": f"{facts['points']} without the nobles"}})
        if "cards" not in facts:
            readings.append({"cards": {name: _MORE_CARDS}, "points": {},
                             "said": {f"cards bought by {name}": f"{_MORE_CARDS} more"}})
        if "points" not in facts and best > 0:
            readings.append({"cards": {}, "points": {name: best - 1},
                             "said": {f"points of {name}": best - 1}})
    return readings


def _position(players, stated, extra_cards, unsaid_points, nobles_outside=()) -> dict[str, Any] | None:
    used: set[int] = set()
    seats = []
    for name in players:
        facts = stated[name]
        nobles = facts.get("nobles", 0)
        outside = facts.get("card_points") or name in nobles_outside
        points = facts.get("points", unsaid_points.get(name, 0)) - (0 if outside else _NOBLE_POINTS * nobles)
        cards = _cards_worth(points, facts.get("cards"), extra_cards.get(name, 0), used)
        if cards is None:
            return None
        used |= set(cards)
        reserved = _unused(facts.get("reserved", 0), used)
        used |= set(reserved)
        seats.append({"cards": cards, "reserved": reserved, "nobles": [], "_nobles": nobles})
    noble_ids = iter(range(1, 11))
    for seat in seats:
        seat["nobles"] = [next(noble_ids) for _ in range(seat.pop("_nobles"))]
    last = len(players) - 1
    return {"players": seats, "nobles": [], "first_player": 0, "current_player": last, "final_round": True}


def _cards_worth(points: int, count: int | None, extra: int, used: set[int]) -> list[int] | None:
    """``count`` distinct unused cards worth ``points`` in all (the fewest that can, plus ``extra``, when unsaid)."""
    if points < 0:
        return None
    free = [card for card in range(1, len(CARDS.points)) if card not in used]
    sizes = [count] if count is not None else [n + extra for n in range(0, 25)]
    for size in sizes:
        chosen = _subset(free, size, points)
        if chosen is not None:
            return chosen
    return None


def _unused(count: int, used: set[int]) -> list[int]:
    """Reserved cards: they score nothing, any unused ones will do."""
    return [card for card in range(len(CARDS.points) - 1, 0, -1) if card not in used][:count]


def _subset(free: list[int], size: int, points: int) -> list[int] | None:
    """Cards for exactly ``size`` and ``points``: a small knapsack over the free cards."""
    reach: dict[tuple[int, int], list[int]] = {(0, 0): []}
    for card in free:
        worth = CARDS.points[card]
        for (n, p), chosen in list(reach.items()):
            key = (n + 1, p + worth)
            if n + 1 <= size and p + worth <= points and key not in reach:
                reach[key] = chosen + [card]
        if (size, points) in reach:
            return reach[(size, points)]
    return reach.get((size, points))


def _winner(events: list[dict]) -> int | None:
    over = [e for e in events if e["kind"] == "game_over"]
    if not over or over[0]["data"]["decided_by"] == "shared":
        return None  # a tie the rules do not settle: no verdict
    winners = over[0]["data"]["winners"]
    return winners[0] if len(winners) == 1 else None


def _wins_alone(events: list[dict], subject: int) -> bool | None:
    winner = _winner(events)
    over = [e for e in events if e["kind"] == "game_over"]
    if winner is None and over and over[0]["data"]["decided_by"] == "shared":
        return None
    return winner == subject


def _facts(stated) -> list[dict]:
    facts = []
    for name, given in stated.items():
        for kind, value in given.items():
            if kind in ("card_points", "said_nobles"):
                continue
            said = " from development cards, nobles on top" if kind == "points" and given.get("card_points") else ""
            facts.append({"fact": f"{name}: {value} {kind}{said}", "source": "stated"})
        if given.get("said_nobles") and not given.get("card_points") and "points" in given:
            facts.append({"fact": f"{name}: the points said include the nobles", "source": "default",
                          "varies": f"points of {name}"})
        if "cards" not in given:
            facts.append({"fact": f"{name}: the fewest cards that make the points", "source": "default",
                          "varies": f"cards bought by {name}"})
        if "points" not in given:
            facts.append({"fact": f"{name}: 0 points", "source": "default", "varies": f"points of {name}"})
    facts.append({"fact": "the last player in turn order ends the final round with a move that scores nothing",
                  "source": "default"})
    return facts


_TOKEN_WORDS = frozenset({"jeton", "gemme", "pierre"})
_UNIT_GAP = 5
"""How far after a count's colour its unit word may stand ("3 verts en jetons"), in characters."""
_BONUS_WORDS = frozenset({"bonus", _CARDS})


def _kept(frame) -> dict[str, Any] | None:
    """"Can I keep all 13 until my next turn?": must tokens go back at the end of the turn, the answer negated
    (the token limit's own reader, asked as "do I have to return some?")."""
    if frame.form != "polar":
        return None
    asked = replace(frame.asked, what="return", modal=False, number=None, number_at=None)
    compiled = compile_token_limit(replace(frame, asked=asked))
    if compiled is None or compiled["verdict"] != "yes_no" or any("read" in v for v in compiled["variants"]):
        return None
    read = compiled["read"]
    return {**compiled, "read": lambda events: not read(events)}


def _noble_visit(frame) -> dict[str, Any] | None:
    """The asker's end of turn with the stated bonuses and tokens, the stated noble alone on the table."""
    if frame.form != "polar":
        return None
    stated = _noble_counts(frame)
    if stated is None:
        return None
    required, bonuses, tokens = stated
    printed = next((n for n in range(1, len(NOBLES.points))
                    if {GEM_COLORS[c]: k for c, k in NOBLES.requirement_items[n]} == required), None)
    if not set(required) <= set(bonuses) or sum(tokens.values()) > 7:
        return None  # a required bonus unsaid, or a token return that would need choices
    noble = printed or STATED_NOBLE  # no printed noble asks that: the noble the question states
    cards = bonus_cards(bonuses, None)
    if cards is None:
        return None
    take = [colour for colour in GEM_COLORS if colour not in required][:3]
    bank = bank_beside(tokens, {})  # a colour held beyond the setup's pile: none left in the bank
    scenario = {"game": "splendor", "title": "the asker's end of turn with the bonuses the question states",
                "players": 2, "position": {"players": [{"cards": cards, "tokens": tokens}], "nobles": [noble],
                                           "current_player": 0, **({"bank": bank} if bank else {}),
                                           **({} if printed else {"stated_nobles": [{"requirements": required}]})},
                "steps": [{"type": "take_different", "player": 0, "colors": take}]}
    facts = [{"fact": f"the asker's bonuses: {bonuses}", "source": "stated"},
             {"fact": f"a noble requiring {required} " + (f"(noble {printed})" if printed else
                      "(as the question states it: no printed noble asks that)") + ", the only one on the table",
              "source": "stated"}]
    if tokens:
        facts.append({"fact": f"the asker's tokens: {tokens}", "source": "stated"})
    if bank:
        facts.append({"fact": f"the bank's piles of the colours held beyond a setup pile: {bank} (nobles never read "
                              "tokens)", "source": "default"})
    facts.append({"fact": "two players; the asker's move takes three gems of other colours", "source": "default"})
    return {
        "title": scenario["title"], "verdict": "yes_no", "modal": False, "unit": None, "players": {},
        "variants": [{"reading": {}, "scenario": scenario}], "then": None,
        "read": lambda events: any(e["kind"] in ("noble_visit", "noble_choice_required") and e["data"]["player"] == 0
                                   for e in events),
        "reads": ("noble_visit", "noble_choice_required"), "facts": facts,
    }


STATED_NOBLE = NOBLE_COUNT + 1
"""The id of the noble a Splendor frame states (engine.splendor.data.with_stated_nobles)."""


def _noble_counts(frame):
    """(noble's requirement, the asker's bonuses, the asker's tokens) by colour, or None when a count is unplaced.

    A count's colour is its unit or the first colour named after it in its clause; it is the noble's when
    its clause names a noble before it, a token count when it counts tokens, else a bonus count.
    """
    if any(e.kind == "component" and e.value == _RESERVED for e in frame.entities):
        return None  # a reserved card said: a fact this position does not place (a reserved card gives no bonus)
    numbers = [e for e in frame.entities if e.kind == "number" and e.value >= 0]  # "aucun jeton rouge" binds its colour
    counted: set[int] = set()
    required: dict[str, int] = {}
    bonuses: dict[str, int] = {}
    tokens: dict[str, int] = {}
    for number in numbers:
        clause = next((c for c in frame.clauses if c[0] <= number.start < c[1]), (0, 10**6))
        following = [n.start for n in numbers if n.start > number.start] + [clause[1]]
        later = [e for e in frame.entities if number.end <= e.start < min(clause[1], number.end + 30, following[0])]
        said_colour = next((e for e in later if e.kind == "token" and e.attributes.get("colour")), None)
        colour = _colour(number.unit, frame) or (said_colour.attributes["colour"] if said_colour else None)
        if colour is None or colour == "gold":
            return None
        if said_colour is not None:
            counted.add(said_colour.start)
        nobles_before = [e for e in frame.entities if e.kind == "card" and e.value == _NOBLES
                         and clause[0] <= e.start < number.start]
        # the unit is said with the count ("3 jetons verts", "3 verts en jetons"), not later in the clause
        # ("3 vertes mais aucun jeton rouge": bonuses)
        unit_end = (said_colour.end if said_colour else number.end) + _UNIT_GAP
        counts_tokens = number.unit == "jeton" or any(e.value in _TOKEN_WORDS for e in later if e.start <= unit_end) \
            or bool(_TOKEN_WORDS & set(number.shares))  # "2 white and 4 black tokens": the list's noun
        target = required if nobles_before else tokens if counts_tokens else bonuses
        if colour in target:
            return None
        target[colour] = number.value
    if any(e.kind == "token" and e.attributes.get("colour") and e.start not in counted for e in frame.entities):
        return None  # a colour said without its count ("a third red card"): a stated fact no count places
    return (required, bonuses, tokens) if required and bonuses else None


def _colour(unit, frame) -> str | None:
    for entity in frame.entities:
        if entity.value == unit and entity.kind == "token":
            return entity.attributes.get("colour")
    return None
