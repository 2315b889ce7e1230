"""Emblèmes positions for "who wins?" at the end of the game, from the seating, the token holder and the coins a
question states ("Ana, Ben, Cléo puis Dan dans le sens horaire. Ben a le pion Premier joueur, Ana et Dan sont à
égalité avec 20 pièces. Qui gagne ?").

The named players sit in the order the question lists them (seat 0 first). That
order is clockwise when the question says so ("sens horaire", "clockwise", "turn
order"); otherwise the reverse order is a second reading, and the service says
"it depends" when the winner moves with it. The token holder is the player named
beside the first-player token; the coins are those stated (a count said of
several players, "Ana et Dan … 20", is each one's), and a player whose coins are
not stated has fewer than the most stated (0, and one less as a second reading). When the asker states their own
coins ("I have 5 coins and Tom has 5"), the asker is a player too, and unnamed players fill the table to the stated
count (3 at least); the position is then kept only when the winner cannot turn on where those unnamed players sit
(one player has the most coins, or the token holder is among the tied).
The position is the end of the third round with empty locations: the engine
scores nothing and names the winner (most coins, then the token, then the
tied player closest clockwise to its holder).
"""

from __future__ import annotations

import re
from typing import Any

from engine.emblemes.cards import LOCATIONS
from language import fold

__all__ = ["ENDGAME_TERMS", "ENDGAME_WORDS", "compile_endgame", "is_time"]

ENDGAME_TERMS = frozenset({"clockwise"})
ENDGAME_WORDS = frozenset({"holds_it"})
"""Plain words (the lexicon's ``asking`` section): no facts."""
_TOKEN = "pion_premier_joueur"
_SELF, _OTHER = "self", "other"
_FIRST_PERSON = re.compile(r"\b(?:i|je|j|moi|me)\b")
_MIN_PLAYERS = 3
"""Emblèmes is played by 3 to 5 (corpus/emblemes/rules.md, the header): unnamed players fill the table to 3."""
_COIN = "piece_d_or"
_SEGMENT = re.compile(r"[,;:.!?\n]|\b(?:and|et)\b(?=\s+[A-ZÀ-Ý][a-zà-ÿ]+\s+(?:holds|has|a|gets|tient|détient)\b)")


def compile_endgame(frame: Any) -> dict[str, Any] | None:
    """The end-of-game position that answers "who wins?" (module docstring), or None."""
    asked = frame.asked
    if asked is None or asked.what != "win" or frame.cards or frame.vague:
        return None
    names = _seating_listed(frame) or list(frame.players)
    asker_counted = any(count.owner == _SELF and count.unit == _COIN for count in frame.counts)
    if asker_counted and _SELF not in names:
        names = [_SELF, *names]  # "I have 5 coins and Tom has 5": the asker is a player whose coins are stated
    unnamed = max(0, (frame.player_count or _MIN_PLAYERS) - len(names)) if asker_counted else 0
    names += [f"{_OTHER}#{seat}" for seat in range(len(names), len(names) + unnamed)]
    if len(names) < 3 or len(names) > 5 or (frame.player_count and frame.player_count != len(names)):
        return None  # the asker or unnamed players sit somewhere the question does not say
    holder = _token_holder(frame, names)
    coins = _stated_coins(frame, names)
    if coins is None or (holder is None and _token_said(frame)):
        return None  # a token said without saying whose: no position
    holders = [holder] if holder is not None else names  # unsaid: each seat holds it in turn, shown not to decide
    best = max(coins.values())
    tied = [name for name, value in coins.items() if value == best]
    if unnamed and not (len(tied) == 1 or holder in tied):
        return None  # the winner would turn on where the unnamed players sit, which the question does not say
    subject = names.index(asked.player) if asked.player in names else None
    if frame.form not in ("who", "which") and subject is None:
        return None
    orders = [("listed", names)]
    if not any(term.term == "clockwise" for term in frame.terms):
        orders.append(("reversed", names[::-1]))
    variants = []
    for order_name, order in orders:
        for fewer in (0, best - 1):
            for seated in holders:
                purse = [coins.get(name, fewer) for name in order]
                reading = {}
                if order_name != "listed":
                    reading["clockwise order"] = "the reverse of the order listed"
                if fewer and len(coins) < len(names):
                    reading["coins not stated"] = fewer
                if seated != holders[0]:
                    reading["first-player token"] = seated
                variants.append({"reading": reading, "scenario": _scenario(order, purse, order.index(seated)),
                                 "read": _reader(names, order, subject)})
    return {
        "title": "the end of the game the question describes",
        "verdict": "player" if subject is None else "yes_no",
        "modal": False,
        "unit": None,
        "players": {seat: name for seat, name in enumerate(names) if name != _SELF and not name.startswith(_OTHER)},
        "variants": variants,
        "then": None,
        "read": _reader(names, names, subject),
        "reads": ("game_over",),
        "facts": _facts(names, holder or holders[0], coins, len(orders) > 1, holder is None),
    }


def _reader(names, order, subject):
    """The winner as the index of the name listed (a variant seats the players in reverse order)."""

    def read(events):
        over = [e for e in events if e["kind"] == "game_over"]
        if not over:
            return None
        listed = names.index(order[over[0]["data"]["winner"]])
        return listed if subject is None else listed == subject

    return read


def _seating_listed(frame) -> list[str] | None:
    """The players in the order of the sentence that says the list is clockwise ("Neither has the token, Lucas has
    it, and going clockwise it's Lucas, Sara, Tom"), when that sentence names every player; else None."""
    for term in frame.terms:
        if term.term != "clockwise":
            continue
        start = max(frame.text.rfind(stop, 0, term.start) for stop in ".?!\n") + 1
        ends = [at for at in (frame.text.find(stop, term.start) for stop in ".?!\n") if at >= 0]
        sentence = frame.text[start : min(ends, default=len(frame.text))]
        said = sorted((m.start(), name) for name in frame.players
                      for m in [re.search(rf"\b{re.escape(name)}\b", sentence)] if m)
        if len(said) == len(frame.players):
            return [name for _, name in said]
    return None


def _token_holder(frame, names) -> str | None:
    tokens = [e for e in frame.entities if e.kind == "token" and e.value == _TOKEN]
    if len(tokens) != 1:
        return None
    segment = _segment_of(frame.text, tokens[0].start)
    holders = [name for name in names if _named_in(frame.text, name, segment)]
    if _SELF in names:
        # "Tom a 12 pièces et c'est moi qui ai le pion", "I hold the first player token": the subject said last
        # before the token holds it
        before = fold(frame.text[segment[0] : tokens[0].start])
        said = [(m.start(), _SELF) for m in _FIRST_PERSON.finditer(before)]
        said += [(m.start(), name) for name in holders for m in re.finditer(rf"\b{re.escape(fold(name))}\b", before)]
        if said:
            return max(said)[1]
    if len(holders) == 1:
        return holders[0]
    said_again = [word for word in frame.asking_words if word.term == "holds_it"]  # "…, Lucas has it", « c'est Lucas qui l'a »
    if len(said_again) != 1:
        return None
    segment = _segment_of(frame.text, said_again[0].start)
    holders = [name for name in names if _named_in(frame.text, name, segment)]
    return holders[0] if len(holders) == 1 else None


def _token_said(frame) -> bool:
    return any(e.kind == "token" and e.value == _TOKEN for e in frame.entities)


def _stated_coins(frame, names) -> dict[str, int] | None:
    coins: dict[str, int] = {}
    for count in frame.counts:
        if count.start is not None and is_time(frame.text, count):
            continue  # "after round 3": when, not how many coins
        if count.unit not in (None, _COIN) or count.start is None:
            return None
        segment = _segment_of(frame.text, count.start)
        owners = [name for name in names if _named_in(frame.text, name, segment)]
        if count.owner in owners:
            owners = [count.owner]  # "Karim 19 and Lucas 25": each number is its own player's
        if not owners and count.owner == _SELF and _SELF in names:
            owners = [_SELF]  # "I have 5 coins"
        if not owners and count.unit is None and count.value == len(names):
            continue  # "Five of us sit…": the number of players
        if not owners:
            return None
        for owner in owners:
            if owner in coins:
                return None
            coins[owner] = count.value
    return coins or None


_TIME_WORDS = ("tour", "turn", "manche", "round")
_ORDINAL_TAIL = re.compile(r"^(?:e|er|eme|st|nd|rd|th)?\s+")


def is_time(text: str, count) -> bool:
    """Whether a number said is a turn's or a round's ("tour 2", "after round 3", "au 2e tour"): a time, not a count
    of coins or cards."""
    before = fold(text[max(0, count.start - 8) : count.start]).split()
    after = _ORDINAL_TAIL.sub("", fold(text[count.start + len(count.said) : count.start + len(count.said) + 12])).split()
    return bool(before and before[-1] in _TIME_WORDS) or bool(after and after[0] in _TIME_WORDS)


def _segment_of(text: str, position: int) -> tuple[int, int]:
    breaks = [m.start() for m in _SEGMENT.finditer(text)]
    start = max([b + 1 for b in breaks if b < position], default=0)
    end = min([b for b in breaks if b >= position], default=len(text))
    return start, end


def _named_in(text: str, name: str, segment: tuple[int, int]) -> bool:
    return re.search(rf"\b{re.escape(name)}\b", text[segment[0] : segment[1]]) is not None


def _scenario(order, purse, holder_seat) -> dict[str, Any]:
    position = {"round": 3, "turn": 1, "first_player": holder_seat, "revealed": 0, "phase": "end_of_round",
                "locations": {name: [] for name in LOCATIONS}, "players": [{"coins": coins} for coins in purse]}
    return {"game": "emblemes", "title": "the end of the game the question describes", "players": len(order),
            "position": position, "steps": [{"type": "resolve_round"}]}


def _facts(names, holder, coins, order_unsaid, holder_unsaid=False) -> list[dict]:
    facts = [{"fact": f"seats in the order listed: {', '.join(names)}", "source": "stated"}]
    if holder_unsaid:
        facts.append({"fact": f"{holder} holds the first-player token", "source": "default",
                      "varies": "first-player token"})
    else:
        facts.append({"fact": f"{holder} holds the first-player token", "source": "stated"})
    facts += [{"fact": f"{name}: {value} coins", "source": "stated"} for name, value in coins.items()]
    if order_unsaid:
        facts.append({"fact": "the order listed is clockwise", "source": "default", "varies": "clockwise order"})
    if len(coins) < len(names):
        facts.append({"fact": "players whose coins are not stated have fewer", "source": "default",
                      "varies": "coins not stated"})
    return facts
