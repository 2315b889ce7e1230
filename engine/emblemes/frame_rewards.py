"""Emblèmes positions for questions that state a place's reward ("mon Matelot finit 4e au Port et la carte Lieu
indique -1 pièce pour cette place : je perds combien ?").

The rulebook gives the kinds of reward (coins, "Vol", "Moitié de valeur") but no
printed table, so the engine's table is placeholder data. A question that
*states* the reward of its card's place needs no table: the position puts the
stated reward on the place the card takes, in a location holding the card and
the other cards the question puts there, and the engine scores the round.

- What is asked: coins earned, lost, or whether the card is discarded; a count
  of coins asked with no verb ("how many coins is that?") is what it earns.
- The card is the asker's (or a named player's) card the question names; "ma
  carte" without a name is a card without end-of-round effect (a Garde), since
  only the Matelot changes a reward and the question would name it.
- The stated rank ("4e", "fourth") does not change a fixed, theft or half-value
  reward: the neutral run puts the card at the first place the stated cards
  leave it, and a second run puts cards without end-of-round effect before it
  to reach the stated rank; the service says "it depends" if they differ.
- A theft takes one coin from each other player: the number of players is read
  from the question, else each of 3, 4 and 5 is a reading.
- A place that pays nothing is a place the Lieu card does not list, so the card
  has received no reward (the rulebook discards only rewarded cards).

Returns the contract's plain data (docs/grounding.md), or None when the question
does not describe such a position (a Traître in the location, which moves the
card to another place; a reward "per card", whose amount needs every card of
the location; two stated rewards).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Any

from language import fold

from engine.emblemes.cards import LOCATIONS, NAMES, card_value, location_index

__all__ = ["REWARD_TERMS", "compile_reward"]

REWARD_TERMS = frozenset({"reward_steal", "reward_half", "reward_nothing", "reward_place"})
_KINDS = {"reward_steal": "steal", "reward_half": "half_value", "reward_nothing": None}
_SELF, _OTHER = "self", "other"
_COIN = "piece_d_or"
_NEUTRAL_CARD = "garde"
_FILLERS = ("Roi", "Garde", "Voleuse", "Alchimiste", "Courtisane", "Stratège", "Guerrière", "Barde")
"""Cards without end-of-round effect, highest first: they fill the places before the card when a rank is stated."""
_PLAYER_COUNTS = (3, 4, 5)
_STARTING_COINS = 3
_RICH = 20
"""A loss bigger than a purse stops at zero (emblemes.coins_below_zero): a rich owner is a second reading."""
_COINS = {"fr": "pièce(s) d’or", "en": "coin(s)"}
_PURSE = {"fr": "les pièces que possède le joueur de la carte", "en": "the coins the card's owner holds"}
"""The purse reading's name in the asker's language (a loss stops at zero: the purse can decide)."""
_ASKS = ("earn", "lose", "discard")


@dataclass(frozen=True)
class _Card:
    """"Ma carte", "my card": the asker's card, no name said."""

    card: str | None
    owner: str
    place: str | None


def compile_reward(frame: Any) -> dict[str, Any] | None:
    """The runs that answer a question stating its card's reward (module docstring), or None."""
    if frame.asked is None and _asks_coins(frame):
        frame = replace(frame, asked=SimpleNamespace(what="earn", card=None, number=None))
    asked = frame.asked
    if asked is None or asked.what not in _ASKS or frame.vague:
        return None
    reward = _stated_reward(frame)
    if reward is None:
        return None
    subject = _subject(frame)
    if subject is None:
        return None
    name = NAMES[card_value(subject.card)] if subject.card else NAMES[card_value(_NEUTRAL_CARD)]
    place = subject.place or (frame.action.place if frame.action else None)
    others = [card for card in frame.cards if card is not subject]
    if place is None and any(card.place for card in others):
        return None
    location = LOCATIONS[location_index(place)] if place else LOCATIONS[0]
    if any(card.card == "traitre" and (card.place or place) == place for card in others):
        return None  # a Traître reverses the ranking: the place the question states is not the card's
    seats = _seats(frame, subject)
    if seats is None:
        return None
    counts = _player_counts(frame, seats, reward)
    rank = frame.ranks[0].value if frame.ranks else None
    owner = seats[subject.owner]
    variants = []
    purses = (_STARTING_COINS, _RICH) if isinstance(reward, int) and reward < 0 else (_STARTING_COINS,)
    for players in counts:
        for (reading, fillers), coins in ((r, c) for r in _rank_readings(name, others, rank) for c in purses):
            row = _row(name, owner, others, seats, fillers)
            if row is None:
                return None
            at = next(index for index, entry in enumerate(row) if entry == {"card": name, "owner": owner})
            table = {loc: [] for loc in LOCATIONS}
            if reward != "nothing":
                table[location] = [0] * at + [reward]
            said = dict(reading)
            if len(counts) > 1:
                said["number of players"] = players
            if coins != _STARTING_COINS:
                said[_PURSE.get(frame.language, _PURSE["en"])] = coins
            variants.append({"reading": said, "scenario": _scenario(location, row, table, players, owner, coins)})
    read, verdict = _reader(frame, name, owner)
    if read is None:
        return None
    return {
        "title": "the round scored with the reward the question states",
        "verdict": verdict,
        "modal": False,
        "unit": _COINS if verdict == "number" else None,
        "players": {seat: who for who, seat in seats.items() if who not in (_SELF, _OTHER)},
        "variants": variants,
        "then": None,
        "read": read,
        "reads": ("reward", "cards_discarded", "cards_stay", "matelot_double", "effect_cancelled"),
        "facts": _facts(frame, name, location, reward, rank, counts),
    }


def _asks_coins(frame) -> bool:
    """"How many coins is that?", "combien de pièces ?": a count of coins asked with no asking verb."""
    if frame.form != "count" or not frame.clauses:
        return False
    start, end = frame.clauses[-1]
    return any(e.kind == "token" and e.value == _COIN and start <= e.start < end for e in frame.entities)


def _stated_reward(frame) -> Any:
    """The reward the question gives the card's place: coins (negative for a loss), ``steal``, ``half_value``,
    ``"nothing"``; None when it states none or several."""
    kinds = list(dict.fromkeys(term.term for term in frame.terms if term.term in _KINDS))
    coins = [count for count in frame.counts if count.unit == _COIN or (count.unit is None and count.negative)]
    placed = any(term.term == "reward_place" for term in frame.terms) or frame.ranks
    if len(kinds) + (len(coins) if placed else 0) != 1:
        return None
    if kinds:
        return _KINDS[kinds[0]] or "nothing"
    value = -coins[0].value if coins[0].negative else coins[0].value
    return value if value else "nothing"


def _subject(frame):
    """The card whose reward is asked: the asker's (or one named player's) card, or "ma carte" unnamed."""
    action = frame.action.card if frame.action else None
    candidates = [card for card in (*frame.cards, *([action] if action else [])) if card.owner == _SELF]
    if not candidates and frame.asked.card is not None:
        candidates = [frame.asked.card]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates and _says_my_card(frame):
        places = [entity.value for entity in frame.entities if entity.kind == "location"]
        return _Card(None, _SELF, places[0] if places else None)
    return None


_MY_CARD = re.compile(r"\b(?:ma|my)\s+(?:carte|card|perso|personnage|character)\b")


def _says_my_card(frame) -> bool:
    """"ma carte", "my card": words the glossary names no term with."""
    return _MY_CARD.search(fold(frame.text)) is not None


def _seats(frame, subject) -> dict[str, int] | None:
    seats = {_SELF: 0}
    for name in frame.players:
        seats[name] = len(seats)
    if any(card.owner in (None, _OTHER) for card in frame.cards if card is not subject):
        seats[_OTHER] = len(seats)
    if subject.owner not in seats:
        return None
    return seats


def _player_counts(frame, seats, reward) -> tuple[int, ...]:
    if frame.player_count:
        return (frame.player_count,) if len(seats) <= frame.player_count <= 5 else ()
    if reward == "steal":
        return tuple(n for n in _PLAYER_COUNTS if n >= len(seats))
    return (max(3, len(seats)),)


def _rank_readings(name, others, rank) -> list[tuple[dict, int]]:
    """(reading, filler cards before the card): none first; then enough to reach the stated rank."""
    readings = [({}, 0)]
    above = sum(card_value(card.card) >= card_value(name) for card in others)
    if rank and rank - 1 > above:
        readings.append(({"cards ranked before it": rank - 1}, rank - 1 - above))
    return readings


def _row(name, owner, others, seats, fillers) -> list[dict] | None:
    row = [{"card": name, "owner": owner}]
    for card in others:
        who = seats.get(card.owner if card.owner not in (None,) else _OTHER, seats.get(_OTHER))
        row.append({"card": NAMES[card_value(card.card)], "owner": who})
    higher = [filler for filler in _FILLERS if card_value(filler) > card_value(name)]
    if fillers > len(higher):
        return None
    filler_owner = len(seats)  # an unnamed opponent's cards
    row += [{"card": filler, "owner": filler_owner} for filler in higher[:fillers]]
    if len({(e["card"], e["owner"]) for e in row}) != len(row):
        return None
    row.sort(key=lambda entry: -card_value(entry["card"]))
    return row


def _scenario(location, row, table, players, owner, coins) -> dict[str, Any]:
    rows = {loc: (row if loc == location else []) for loc in LOCATIONS}
    seats_needed = max(entry["owner"] for entry in row) + 1
    players = max(players, seats_needed)
    position = {"round": 1, "turn": 1, "first_player": 0, "revealed": 0, "locations": rows, "phase": "end_of_round",
                "players": [{"coins": coins if seat == owner else _STARTING_COINS} for seat in range(players)]}
    return {"game": "emblemes", "title": "the round scored with the reward the question states", "players": players,
            "position": position, "steps": [{"type": "resolve_round"}],
            "assumptions": {"emblemes.reward_tables": {"A": {"3-4": table, "5": table}}}}


def _reader(frame, name, owner):
    asked = frame.asked
    if asked.what == "discard":
        if frame.form != "polar":
            return None, None
        return (lambda events: any(card == {"card": name, "owner": owner}
                                   for e in events if e["kind"] == "cards_discarded" for card in e["data"]["cards"]),
                "yes_no")

    def amount(events):
        got = sum(e["data"]["amount"] for e in events
                  if e["kind"] == "reward" and e["data"]["card"] == name and e["data"]["player"] == owner)
        return -got if asked.what == "lose" else got

    if frame.form in ("count", "open"):
        return amount, "number"
    if asked.number is None or frame.form != "polar":
        return None, None
    return (lambda events: amount(events) == asked.number), "yes_no"


def _facts(frame, name, location, reward, rank, counts) -> list[dict]:
    facts = [{"fact": f"{name} in the {location}", "source": "stated"},
             {"fact": f"its place pays {reward}", "source": "stated"}]
    if rank:
        facts.append({"fact": f"its place: {rank}", "source": "stated",
                      "varies": "cards ranked before it"})
    if len(counts) > 1:
        facts.append({"fact": "number of players: 3, 4 or 5", "source": "default", "varies": "number of players"})
    facts.append({"fact": "the other places of the Lieu card pay nothing; every player has 3 coins", "source": "default"})
    return facts
