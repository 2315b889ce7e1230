"""Emblèmes positions compiled from question frames (the grounding plug-in contract, docs/grounding.md).

``compile(frame)`` turns what the question states into an engine position:
the asker sits at seat 0, each named player at the next seats, cards of
unnamed opponents at one more seat; every card named goes into the location
the question puts it in, in the row order the rules impose (descending values,
equal values in the order written). The asker's hypothetical move (placing a
card) becomes the steps, and the asker's choices after it (the Voleuse's
victim, the Guerrière's target...) are branched over by the service. The asked
quantity is read off the events (:func:`_reader`): where the card placed lands in its row
(``placed_at``, the ``card_placed`` index), which card or player takes a location's first reward place
(``first_place``, the ``reward`` events, after any Traître), a discard, a steal (yes/no or the coins taken)...

What the question leaves unsaid gets a neutral default, and the defaults that
could matter are varied (``variants``): a card whose owner is unsaid belongs to
an opponent, or to the asker; a card without a place sits where the asker
plays, or elsewhere. The service reruns each variant and says the question
leaves the answer open when the verdict moves. Reward amounts come from a
placeholder table (``emblemes.reward_tables``): no verdict here reads them.

Returns plain data (see ``service/grounding/framing.py``), so the engine never
imports the service.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable

from language import fold

from engine.emblemes.cards import LOCATIONS, NAMES, card_value, location_index
from engine.emblemes.frame_draw import DRAW_ASKS, compile_draw
from engine.emblemes.frame_endgame import ENDGAME_TERMS, ENDGAME_WORDS, compile_endgame, is_time
from engine.emblemes.frame_order import ORDER_ASKS, compile_order
from engine.emblemes.frame_selected import SELECTED_ASKS, compile_selected
from engine.emblemes.frame_rewards import REWARD_TERMS, compile_reward
from engine.emblemes.frame_turns import TURN_ASKS, TURN_WORDS, compile_turns

__all__ = ["ACTIONS", "ASKING", "ASKS", "RELATIONS", "TERMS", "compile"]

ACTIONS = frozenset({"place"})
ASKS = frozenset({"steal", "discard", "stay", "side", "placed_at", "first_place", "move", "copy", "double", "reverse", "win", "earn", "lose", "give", "cancel"}) | TURN_ASKS | ORDER_ASKS | SELECTED_ASKS | DRAW_ASKS
RELATIONS = frozenset({"adjacent"})
TERMS = REWARD_TERMS | ENDGAME_TERMS
ASKING = ENDGAME_WORDS | TURN_WORDS | frozenset({"card_word", "others_cards"})
"""Plain words readers look for anywhere in the question (the lexicon's ``asking`` section: no facts)."""

_SELF, _OTHER = "self", "other"
_MAX_PLAYERS, _MIN_PLAYERS = 5, 3
_IMMEDIATE_ASKS = {"steal", "discard", "move", "copy", "side", "placed_at"}
_END_OF_ROUND_ASKS = {"double", "reverse", "earn", "give", "cancel", "first_place"}
_FILLER_SELECTIONS = ("Matelot", "Espionne", "Chasseur", "Barde")
"""Face-down cards of the players who reveal after the asker (they never reveal in a compiled run)."""
_COINS = {"fr": "pièce(s) d’or", "en": "coin(s)"}
_DISCARDS = ("chasseur_discard", "guerriere_discard")
_INCOME = {"Marchand": ("marchand_income",), "Espionne": ("espionne_income", "espionne_not_alone")}


def compile(frame: Any) -> dict[str, Any] | None:  # noqa: A001 - the contract's name
    """The runs that answer ``frame``, or None when it does not describe an Emblèmes position the engine can play."""
    asked = frame.asked
    if asked is None and (frame.terms or frame.ranks):
        return compile_reward(frame)  # "how many coins is that?": no asking verb, a reward stated
    if asked is None or asked.what not in ASKS:
        return None
    if asked.what == "stay":
        return _negated(compile(replace(frame, asked=replace(asked, what="discard"))))
    if asked.what in TURN_ASKS:
        return compile_turns(frame)
    if asked.what in DRAW_ASKS:
        return compile_draw(frame)
    if asked.what in ORDER_ASKS:
        return compile_order(frame)
    if asked.what in SELECTED_ASKS:
        return compile_selected(frame)
    if asked.what == "win":
        return compile_endgame(frame)
    if _wins_the_game(frame):
        # "Game over: I have 20 coins, Lucas 18. Do I win?": nothing earned is said, the game's end and the purses are
        return compile_endgame(replace(frame, asked=replace(asked, what="win", player=asked.player or _SELF)))
    if frame.terms or frame.ranks:
        rewarded = compile_reward(frame)
        if rewarded is not None:
            return rewarded  # the question states the reward of its card's place
    action = frame.action
    if asked.what in _IMMEDIATE_ASKS and (action is None or action.card is None):
        return None
    cards = _with_counted_copies(frame)
    if cards is None or (not cards and action is None) or frame.vague:
        return None  # a card stated without saying which ("une autre de mes cartes") cannot be placed
    frame = _replace_cards(frame, cards)
    if asked.what == "placed_at":
        frame = _placed_in_the_row_described(frame)
    if not _described(frame):
        return None
    seats = _seats(frame)
    if seats is None:
        return None
    players = max(_MIN_PLAYERS, len(set(seats.values())), frame.player_count or 0)
    if players > _MAX_PLAYERS:
        return None
    target = _target(frame, seats)
    if target is None:
        return None
    read, reads, verdict = target
    end_of_round = asked.what in _END_OF_ROUND_ASKS
    anchor = action.place if action else None
    unplaced = [c for c in cards if c.place is None] + ([action.card] if action and not action.place else [])
    known_place = anchor or next((c.place for c in cards if c.place), None)
    variants = []
    for index, reading in enumerate(_readings(frame, unplaced, known_place)):
        scenario = _scenario(frame, seats, players, reading, end_of_round)
        if scenario is None and index == 0:
            return None
        if scenario is None:
            continue  # a reading that is no position (the asker's own card twice) is not a reading
        variants.append({"reading": reading["said"], "scenario": scenario})
    return {
        "title": _title(frame),
        "verdict": verdict,
        "modal": bool(asked.modal),
        "unit": _COINS if verdict == "number" and asked.what != "placed_at" else None,
        "players": {seat: name for name, seat in seats.items() if name not in (_SELF, _OTHER, None)},
        "variants": variants,
        "then": None if end_of_round else {"type": "choose", "player": _actor(frame, seats)},
        "read": read,
        "reads": reads,
        "facts": _facts(frame, seats, unplaced),
    }


def _wins_the_game(frame) -> bool:
    """Whether an "earn" ask ("do I win?", « je gagne ? ») asks who wins the game: a yes/no said at the game's end,
    with the players' coins stated and no card, amount or place of what would be earned."""
    asked = frame.asked
    return (asked.what == "earn" and frame.form == "polar" and not frame.cards and asked.number is None
            and asked.place is None and "end_of_game" in frame.markers
            and any(count.unit == "piece_d_or" for count in frame.counts))


def _negated(compiled: dict[str, Any] | None) -> dict[str, Any] | None:
    """"Does my King stay?": the discard runs, the yes/no read the other way round."""
    if compiled is None or compiled["verdict"] != "yes_no" or any("read" in v for v in compiled["variants"]):
        return None
    read = compiled["read"]
    return {**compiled, "read": lambda events: not read(events)}


def _with_counted_copies(frame) -> list | None:
    """The frame's cards, a card counted N times ("deux Traîtres") as N cards of distinct unnamed players.

    Every count must be placed so: a count of anything else ("2 autres cartes",
    "5 pièces") is a fact this module cannot put on the table, so no run.
    """
    cards = list(frame.cards)
    counted = set()
    for count in frame.counts:
        if count.unit in counted and _in_asking_clause(frame, count.start):
            continue  # "… two Traitors … Do the two Traitors cancel each other out?": the same cards named again
        if count.unit is None and is_time(frame.text, count):
            continue  # "Tour 2, Marco pose…": when the story happens, no count of anything on the table
        if count.unit is None and _restated(frame, count):
            continue  # "two cards worth less than 6, a Bard and a Sailor": the cards named next are those counted
        if count.unit is None and _card_word_after(frame, count):
            unnamed = _unnamed_cards(frame, count, cards)
            if unnamed is None:
                return None
            cards += unnamed
            continue
        same = [card for card in cards if card.card == count.unit]
        if not same or count.value < 1 or count.value > _MAX_PLAYERS:
            return None
        if count.value == 1:
            continue
        if len(same) != 1 or same[0].owner not in (None, _OTHER):
            return None
        first = same[0]
        cards += [replace(first, owner=f"{_OTHER}#{copy}") for copy in range(2, count.value + 1)]
        counted.add(count.unit)
    return cards


def _card_word_after(frame, count) -> bool:
    """"2 cartes", "two cards", "three small cards", "deux autres cartes": the count is of cards it does not name (one
    word may stand between)."""
    after = count.start + len(count.said)
    return any(word.term == "card_word" and after <= word.start <= after + 16 and len(frame.text[after:word.start].split()) <= 1
               for word in frame.asking_words)


def _restated(frame, count) -> bool:
    """A count of cards the same clause then names one by one ("two cards worth less than 6, a Bard and a Sailor"),
    or a bound inside such a count ("less than 6"): the named cards are the facts."""
    clause = next(((start, end) for start, end in frame.clauses if start <= count.start < end), None)
    if clause is None:
        return False
    for counted in frame.counts:
        if counted.unit is not None or counted.start > count.start or not _card_word_after(frame, counted):
            continue
        named = [card for card in frame.cards if counted.start < card.start < clause[1]]
        if len(named) == counted.value and (counted is count or count.start < named[0].start):
            return True
    return False


_FILLERS = ("Roi", "Garde", "Voleuse", "Alchimiste", "Courtisane")
"""Unnamed cards of other players: cards whose effect is immediate, so plays no part at the end of the round."""


def _unnamed_cards(frame, count, cards) -> list | None:
    """"Mon Espionne est au Port avec deux cartes de mes adversaires": N cards of other players in that place, as
    cards without an end-of-round effect (a default the facts name), valued above 6; None when the question does not
    say whose they are or where, when they are more than the fillers, or when the asked card reads their values (the
    Marchand counts the cards below 6)."""
    end = count.start + len(count.said) + 45
    if not any(word.term == "others_cards" and count.start < word.start <= end for word in frame.asking_words):
        return None
    if frame.asked is None or frame.asked.what not in _END_OF_ROUND_ASKS or not 1 <= count.value <= len(_FILLERS):
        return None
    if any(card.card == "marchand" for card in cards) or (frame.action and frame.action.card.card == "marchand"):
        return None
    before = [card for card in cards if card.start < count.start and card.place]
    place = before[-1].place if before else None
    if place is None:
        return None
    template = before[-1]
    return [replace(template, card=fold(name), owner=_OTHER, place=place, said=count.said, start=count.start)
            for name in _FILLERS[: count.value]]


def _in_asking_clause(frame, position: int) -> bool:
    at = frame.asked.at if frame.asked is not None else None
    return at is not None and any(start <= position < end and start <= at < end for start, end in frame.clauses)


def _replace_cards(frame, cards):
    return replace(frame, cards=tuple(cards))


def _described(frame) -> bool:
    """Whether the question says enough of the table: never a run on a position nobody described.

    The asker's move needs its location's other cards stated (a card placed
    there, or said to sit beside the asker's); a card the question does not put
    anywhere is only allowed next to the asker's ("à côté de", "between").
    """
    adjacent = "adjacent" in (getattr(frame, "relations", ()) or ())
    if any(card.place is None for card in frame.cards) and not adjacent:
        return False
    action = frame.action
    if action is not None and frame.asked.what in _IMMEDIATE_ASKS:
        where = action.place
        beside = adjacent and any(card.place is None for card in frame.cards)
        here = where is not None and any(card.place and _location_name(card.place) == _location_name(where) for card in frame.cards)
        return here or beside
    return True


def _actor(frame, seats) -> int:
    """The seat of whoever makes the move: the asker (0) or the player the question names as its subject."""
    action = frame.action
    return seats.get(action.actor, 0) if action is not None else 0


def _seats(frame) -> dict[Any, int] | None:
    seats: dict[Any, int] = {_SELF: 0}
    for name in frame.players:
        seats[name] = len(seats)
    acting_other = frame.action is not None and frame.action.actor == _OTHER  # "un adversaire pose sa Voleuse"
    if acting_other or any(c.owner in (_OTHER, None) for c in frame.cards):
        seats[_OTHER] = len(seats)
    for card in frame.cards:
        if isinstance(card.owner, str) and card.owner.startswith(f"{_OTHER}#"):
            seats[card.owner] = len(seats)
    return seats


def _owner_seat(card, seats, reading) -> int:
    if card.owner is None and reading.get("owner") == "asker":
        return 0
    if card.owner in (None, _OTHER):
        return seats[_OTHER]
    return seats[card.owner]


def _readings(frame, unplaced, known_place) -> list[dict]:
    """The neutral reading first, then one per unsaid fact that could matter."""
    base_place = known_place or LOCATIONS[0]
    readings = [{"place": base_place, "owner": "opponent", "said": {}}]
    if _unsaid_equal_order(frame):
        readings.append({"place": base_place, "owner": "opponent", "reversed": True,
                         "said": {"order of the cards of equal value": "reversed"}})
    relations = set(getattr(frame, "relations", ()) or ())
    if unplaced and not known_place and "adjacent" in relations:
        for other in LOCATIONS[1:]:
            readings.append({"place": other, "owner": "opponent", "said": {"location": other}})
    if any(c.owner is None for c in frame.cards):
        readings.append({"place": base_place, "owner": "asker", "said": {"owner of the cards not owned": "asker"}})
    return readings


def _location_name(place: str) -> str:
    return LOCATIONS[location_index(place)]


def _scenario(frame, seats, players, reading, end_of_round) -> dict[str, Any] | None:
    action = frame.action
    rows: dict[str, list[dict]] = {name: [] for name in LOCATIONS}
    try:
        for card in frame.cards:
            place = card.place or reading["place"]
            rows[_location_name(place)].append({"card": NAMES[card_value(card.card)], "owner": _owner_seat(card, seats, reading)})
        if action is not None and end_of_round:
            rows[_location_name(action.place or reading["place"])].append(
                {"card": NAMES[card_value(action.card.card)], "owner": _actor(frame, seats)})
    except ValueError:
        return None  # a card or place this game does not have
    if not _one_of_each(rows):
        return None
    sides = _sides(frame, seats, reading)
    for name, row in rows.items():
        if reading.get("reversed"):
            row.reverse()  # equal values then keep the reverse of the order written
        row.sort(key=lambda entry: (-card_value(entry["card"]), sides.get((entry["card"], entry["owner"]), 0)))
    actor = _actor(frame, seats)
    position: dict[str, Any] = {"round": 1, "turn": 1, "first_player": actor, "revealed": 0, "locations": rows}
    if end_of_round:
        position["phase"] = "end_of_round"
        position["players"] = [{"coins": 3} for _ in range(players)]
    else:
        played = NAMES[card_value(action.card.card)]
        if any(e["card"] == played and e["owner"] == actor for row in rows.values() for e in row):
            return None
        position["phase"] = "place"
        position["players"] = [
            {"selected": played if seat == actor else _filler(rows, seat), "coins": 3} for seat in range(players)
        ]
    steps = [{"type": "resolve_round"}] if end_of_round else [
        {"type": "place", "player": actor, "location": _location_name(action.place or reading["place"])}
    ]
    return {"game": "emblemes", "title": _title(frame), "players": players, "position": position, "steps": steps}


_LEFT = ("gauche", "left")
_RIGHT = ("droite", "right")


def _side_words(frame, card) -> int:
    """-1 when the question puts this card left of its equal ("à gauche de celle d'Alice"), 1 right, 0 unsaid."""
    following = [c.start for c in frame.cards if c.start > card.start]
    if frame.action is not None and frame.action.card.start > card.start:
        following.append(frame.action.card.start)
    end = min([card.start + 60, *following])
    text = frame.text[card.start : end].lower().split(".")[0].split(";")[0]
    others = [m.start() for name in frame.players if name != card.owner
              for m in re.finditer(rf"\b{re.escape(name.lower())}\b", text)]
    text = text[: min(others, default=len(text))]  # "Bob's Princess, Ana's on the left": the side is Ana's
    side = _side_in(text)
    if side or not isinstance(card.owner, str) or card.owner not in frame.players:
        return side
    # "…, Ana's on the left", "celle de Léa est à droite": the first saying of the owner's name with a side after it
    after = frame.text.lower()[card.start + len(card.said):]
    sides = (_side_in(_before_another(m.group(0) + m.group(1), frame, card.owner))  # a lookahead: sayings may overlap
             for m in re.finditer(rf"\b{re.escape(card.owner.lower())}\b(?=([^.;]{{0,30}}))", after))
    return next((side for side in sides if side), 0)


def _before_another(text: str, frame, owner: str) -> str:
    """``text`` (starting with ``owner``'s name) cut where another player is named: the side said is ``owner``'s."""
    others = [m.start() for name in frame.players if name != owner
              for m in re.finditer(rf"\b{re.escape(name.lower())}\b", text)]
    return text[: min(others, default=len(text))]


def _side_in(text: str) -> int:
    left = min((text.find(w) for w in _LEFT if w in text), default=-1)
    right = min((text.find(w) for w in _RIGHT if w in text), default=-1)
    if left < 0 and right < 0:
        return 0
    if right < 0 or 0 <= left < right:
        return -1
    return 1


def _sides(frame, seats, reading) -> dict:
    sides = {}
    for card in frame.cards:
        side = _side_words(frame, card)
        if side:
            sides[(NAMES[card_value(card.card)], _owner_seat(card, seats, reading))] = side
    return sides


def _unsaid_equal_order(frame) -> bool:
    """Two cards of one value in one place whose order the question does not give (a Chasseur tie hangs on it)."""
    groups: dict[tuple, list] = {}
    for card in frame.cards:
        groups.setdefault((card.card, card.place), []).append(card)
    return any(len(group) > 1 and not any(_side_words(frame, c) for c in group) for group in groups.values())


def _one_of_each(rows) -> bool:
    """Each family holds one card of each value: the same card twice for one seat is not a position."""
    seen = [(e["card"], e["owner"]) for row in rows.values() for e in row]
    return len(seen) == len(set(seen))


def _filler(rows, seat) -> str:
    used = {e["card"] for row in rows.values() for e in row if e["owner"] == seat}
    return next(card for card in _FILLER_SELECTIONS if card not in used)


def _target(frame, seats) -> tuple[Callable, tuple[str, ...], str] | None:
    """The reader of the asked quantity: ``(read(events) -> raw verdict, event kinds read, verdict type)``."""
    asked = frame.asked
    if asked.times is not None and asked.what != "reverse":
        return None  # "does it steal twice?": no reader counts times for that
    card = asked.card
    if card is None and asked.what == "copy" and frame.form == "polar":
        card = _only_other_card(frame)  # "Can mine copy his effect?": the one card of another player
    target_card = (NAMES[card_value(card.card)], card.owner) if card is not None else None

    def seat_of(owner) -> int | None:
        if owner in seats:
            return seats[owner]
        return seats.get(_OTHER) if owner is None else None

    if asked.what == "side":
        return _side_target(frame)
    if asked.what == "placed_at":
        return _placed_at_target(frame)
    if asked.what == "steal":
        victim = seats.get(asked.player) if asked.player else (seat_of(card.owner) if card else None)
        if victim is None or victim == _actor(frame, seats):
            return None
        if frame.form in ("count", "open"):  # "how many coins does she steal from me?": the coins the engine moves
            return (lambda events: sum(e["data"]["amount"] for e in events
                                       if e["kind"] == "voleuse_steal" and e["data"]["target"] == victim),
                    ("voleuse_steal",), "number")
        return (lambda events: any(e["kind"] == "voleuse_steal" and e["data"]["target"] == victim for e in events),
                ("voleuse_steal",), "yes_no")
    if asked.what == "discard":
        same_name = {}
        for c in frame.cards:
            same_name[c.card] = same_name.get(c.card, 0) + 1
        if frame.form == "which":
            shared = {NAMES[card_value(name)] for name, count in same_name.items() if count > 1}
            owners = {c.owner for c in frame.cards} | {frame.action.actor if frame.action else None}
            if shared and any(name not in owners for name in frame.players):
                return None  # "deux Princesses, celle de Paul à gauche": whose is which is said but not placed
            named = {seat: name for name, seat in seats.items()
                     if name not in (_SELF, _OTHER, None) and not str(name).startswith(_OTHER)}

            def which(events):
                """The discarded card; among two cards of its name ("two Princesses, Paul's on the left"), with
                its owner's name when the question named them."""
                hit = [e for e in events if e["kind"] in _DISCARDS]
                if not hit:
                    return None
                card, owner = hit[0]["data"]["card"], named.get(hit[0]["data"]["owner"])
                return f"{card} ({owner})" if card in shared and owner else card
            return which, _DISCARDS, "card"
        if frame.form == "who":
            name = target_card[0] if card is not None and card is not (frame.action.card if frame.action else None) else None

            def whose(events):
                hit = [e for e in events if e["kind"] in _DISCARDS and (name is None or e["data"]["card"] == name)]
                return hit[0]["data"]["owner"] if hit else None
            return whose, _DISCARDS, "player"
        if card is None:
            return None
        owner = seat_of(card.owner) if card.owner not in (None,) else None
        name = target_card[0]

        def discarded(events):
            return any(
                (e["kind"] in _DISCARDS and e["data"]["card"] == name and (owner is None or e["data"]["owner"] == owner))
                or (e["kind"] == "roi_flees" and e["data"]["card"] == name and (owner is None or e["data"]["player"] == owner))
                for e in events
            )
        return discarded, (*_DISCARDS, "roi_flees", "roi_stays"), "yes_no"
    if asked.what == "move" and card is not None:
        owner, name, where = seat_of(card.owner), target_card[0], asked.destination
        return (lambda events: any(
            e["kind"] in ("garde_move", "barde_move") and e["data"]["card"] == name and e["data"]["owner"] == owner
            and (where is None or e["data"]["location"] == _location_name(where)) for e in events
        ), ("garde_move", "barde_move"), "yes_no")
    if asked.what == "copy" and frame.form == "which":
        def copied(events):
            hit = [e for e in events if e["kind"] == "alchimiste_copy"]
            return hit[0]["data"]["card"] if hit else None
        return copied, ("alchimiste_copy",), "card"
    if asked.what == "copy" and card is not None:
        owner, name = seat_of(card.owner), target_card[0]
        return (lambda events: any(
            e["kind"] == "alchimiste_copy" and e["data"]["card"] == name and e["data"].get("owner", owner) == owner
            for e in events
        ), ("alchimiste_copy", "effect_without_target"), "yes_no")
    return _end_of_round_target(frame, seats, seat_of)


_FAR = ("tout a droite", "tout a gauche", "all the way", "far right", "far left", "rightmost", "leftmost",
        "at the end", "au bout", "en dernier", "en premier")


def _side_target(frame):
    """"Can I put my Merchant right of the Warrior?": the row order the engine gives the card placed decides.

    The card placed lands at an index of its location's row; the card named in the asking clause stood at the index
    the descending order gives it, so "right of it" is an index past it. A card of the same value as the one placed
    is no check here (the player then chooses the side: the FAQ quoted by the text answer)."""
    action, asked = frame.action, frame.asked
    said = fold(asked.said)
    side = _side_in(said)
    if side == 0 or frame.form != "polar":
        return None
    played = card_value(action.card.card)
    here = _location_name(action.place) if action.place else None
    row = [c for c in frame.cards if c.place and here and _location_name(c.place) == here]
    if any(card_value(c.card) == played for c in row) or not row:
        return None
    if asked.card is not None and asked.card is not action.card:
        named = asked.card
        if named not in row:
            return None
        before = sum(card_value(c.card) >= card_value(named.card) for c in row if c is not named)
        index = before + sum(1 for c in row[: row.index(named)] if card_value(c.card) == card_value(named.card))
        right = (lambda placed: placed > index)
    elif any(far in said for far in _FAR):
        right = (lambda placed: placed == len(row)) if side > 0 else (lambda placed: placed == 0)
        side = 1
    else:
        return None

    def read(events):
        placed = [e for e in events if e["kind"] == "card_placed"]
        if not placed:
            return None
        return right(placed[0]["data"]["index"]) == (side > 0)
    return read, ("card_placed",), "yes_no"


def _first_place_target(frame):
    """"Qui prend la 1ère place pour les récompenses ?": the card the engine ranks first when it gives the location's
    rewards (Emblèmes › Fin d’une manche: 1st place is the leftmost card, the Traître reverses it), or its owner.
    The location is the one said in the question, or the only one whose cards it states."""
    places = {_location_name(c.place) for c in frame.cards if c.place}
    asked_place = frame.asked.place or (next(iter(places)) if len(places) == 1 else None)
    if asked_place is None or frame.form not in ("which", "who"):
        return None
    where = _location_name(asked_place)

    def first(events):
        hit = [e for e in events if e["kind"] == "reward" and e["data"]["location"] == where and e["data"]["place"] == 1]
        if not hit:
            return None
        return hit[0]["data"]["card"] if frame.form == "which" else hit[0]["data"]["player"]
    return first, ("reward", "traitre_reverse", "effect_cancelled"), "card" if frame.form == "which" else "player"


def _placed_in_the_row_described(frame):
    """"Au Château il y a le Garde, mon Traître et l'Espionne. Je pose ma Guerrière : où ?": asking where in a row,
    the question places the card in the one location whose row it describes."""
    action = frame.action
    places = {_location_name(c.place) for c in frame.cards if c is not action.card and c.place}
    if action.place is not None or len(places) != 1:
        return frame
    return replace(frame, action=replace(action, place=next(c.place for c in frame.cards if c.place)))


def _placed_at_target(frame):
    """"Je pose ma Guerrière : entre quelles cartes ?", "where does it go?": the index the engine places the card at,
    read as the cards it lands between (Emblèmes › Comment se déroule un tour: the row is kept in decreasing value).

    The verdict is ``(place from the left, card on its left, card on its right)`` (None at an end of the row). No
    position when a card of the same value is there (the player then chooses the side: the FAQ, quoted by the text
    answer), when no place is said, or when another question is asked before this one ("Je peux ramener le Roi ?
    Et il se place où ?": the card asked about may not be the one placed)."""
    action, asked = frame.action, frame.asked
    if frame.form not in ("which", "open", "count") or "?" in frame.text[: frame.text.find(asked.said)]:
        return None
    if asked.card is not None and asked.card is not action.card:
        return None
    if action.place is None:
        return None
    here = _location_name(action.place)
    row = sorted((c for c in frame.cards if c is not action.card and c.place and _location_name(c.place) == here),
                 key=lambda c: -card_value(c.card))
    played = card_value(action.card.card)
    if any(card_value(c.card) == played for c in row):
        return None
    names = [NAMES[card_value(c.card)] for c in row]

    def read(events):
        placed = [e for e in events if e["kind"] == "card_placed" and e["data"]["card"] == NAMES[played]]
        if not placed:
            return None
        index = placed[0]["data"]["index"]
        if frame.form == "count":
            return index + 1
        return (index + 1, names[index - 1] if index > 0 else None, names[index] if index < len(names) else None)
    return read, ("card_placed",), {"which": "card", "open": "text", "count": "number"}[frame.form]


def _only_other_card(frame):
    others = [c for c in frame.cards if c.owner not in (_SELF, None)]
    return others[0] if len(others) == 1 and len(frame.cards) == 1 else None


def _end_of_round_target(frame, seats, seat_of):
    asked = frame.asked
    card = asked.card or (frame.action.card if frame.action else None) or _only_subject(frame)
    if asked.what == "reverse":
        place = asked.place or (card.place if card else None) or next((c.place for c in frame.cards if c.place), None)
        if place is None:
            return None
        where = _location_name(place)
        times = asked.times or 1
        # however many Traîtres, the rewards are reversed once (the engine says so on the second)
        return (lambda events: min(1, sum(e["kind"] == "traitre_reverse" and e["data"]["location"] == where
                                          for e in events)) == times,
                ("traitre_reverse", "effect_cancelled"), "yes_no")
    if asked.what == "first_place":
        return _first_place_target(frame)
    if card is None:
        return None
    name = NAMES[card_value(card.card)]
    owner = 0 if card.owner == _SELF else seat_of(card.owner)
    if asked.what == "cancel":
        # "does either Witch cancel the other's effect?": is this card's end-of-round effect cancelled
        return (lambda events: any(e["kind"] == "effect_cancelled" and e["data"]["card"] == name for e in events),
                ("effect_cancelled", "sorciere_cancel"), "yes_no")
    if asked.what == "double":
        if name != "Matelot":
            return None
        return (lambda events: any(e["kind"] == "matelot_double" and e["data"]["player"] == owner for e in events),
                ("matelot_double", "matelot_not_in_port", "effect_cancelled"), "yes_no")
    whose = None if card.owner is None else owner  # "the Princess", nobody's said: whichever seat holds it
    if asked.what in ("earn", "give") and asked.player is not None and (whose is None or seats.get(asked.player) != whose):
        return None  # "Léa touche les 2 pièces ?" of my Spy: the player asked about is not the one whose card pays
    several = sum(c.card == card.card for c in frame.cards) + sum(n.value - 1 for n in frame.counts if n.unit == card.card)
    if whose is None and several > 1:
        return None  # "Two Merchants: do both earn coins?": which one is asked about is not said
    if asked.what == "give":
        if name != "Princesse":
            return None
        amount = lambda events: sum(  # noqa: E731
            len(e["data"]["recipients"]) for e in events
            if e["kind"] == "princesse_gift" and whose in (None, e["data"]["player"]))
        return _amount_or_check(frame, amount, ("princesse_gift", "effect_cancelled"))
    if asked.what == "earn" and name in _INCOME:
        kinds = _INCOME[name]
        amount = lambda events: sum(  # noqa: E731
            e["data"]["amount"] for e in events if e["kind"] in kinds and whose in (None, e["data"]["player"]))
        return _amount_or_check(frame, amount, (*kinds, "effect_cancelled"))
    return None


_SUBJECTS = {"double": ("matelot",), "give": ("princesse",), "earn": ("marchand", "espionne")}
_END_OF_ROUND_CARDS = ("princesse", "sorciere", "traitre", "marchand", "espionne", "matelot")


def _only_subject(frame):
    """"Is its reward doubled?": the one card of the question whose effect the asked word is about."""
    subjects = _SUBJECTS.get(frame.asked.what) or (_END_OF_ROUND_CARDS if frame.asked.what == "cancel" else ())
    candidates = [card for card in frame.cards if card.card in subjects]
    if frame.asked.what == "cancel" and len({card.card for card in candidates}) == 1:
        return candidates[0]  # "two Witches: does either cancel the other's effect?": the one kind of card named
    mine = [card for card in candidates if card.owner == _SELF]
    chosen = mine or candidates
    return chosen[0] if len(chosen) == 1 else None


def _amount_or_check(frame, amount, reads):
    """A count question reads the amount; a yes/no one ("do I earn 2 coins?") compares it with the number asked."""
    if frame.form == "count" or frame.form == "open":
        return amount, reads, "number"
    if frame.asked.number is None:
        # "Does the Princess still give out her coins?", « Mon Marchand rapporte-t-il quelque chose ? »: any at all
        return (lambda events: amount(events) > 0), reads, "yes_no"
    expected = frame.asked.number
    return (lambda events: amount(events) == expected), reads, "yes_no"


def _facts(frame, seats, unplaced) -> list[dict]:
    facts = []
    counted = {count.start for count in frame.counts}
    for card in frame.cards:
        if card.start in counted:  # one of the cards the question counts without naming them
            facts.append({"fact": f"{card.card} of another player in {card.place}: one of the {card.said} cards not "
                                  "named, taken as a card without an end-of-round effect", "source": "default"})
            continue
        owner = "the asker" if card.owner == _SELF else (card.owner or "unsaid")
        facts.append({"fact": f"{card.card} of {owner} in {card.place or 'an unsaid location'}", "source": "stated",
                      "said": card.said})
        if card.owner is None:
            facts.append({"fact": f"owner of {card.card}: another player", "source": "default",
                          "varies": "owner of the cards not owned"})
        if card in unplaced:
            facts.append({"fact": f"place of {card.card}: beside the asker's card, in the same location",
                          "source": "stated", "said": "adjacent"})
    if frame.action is not None:
        who = "the asker" if frame.action.actor == _SELF else frame.action.actor
        facts.append({"fact": f"{who} plays {frame.action.card.card} in {frame.action.place or 'an unsaid location'}",
                      "source": "stated", "said": frame.action.said})
    if frame.action is not None and frame.asked.what in _IMMEDIATE_ASKS:
        facts.append({"fact": "every player has 3 coins; the player who moves reveals first this turn", "source": "default"})
    return facts


def _title(frame) -> str:
    return f"position described by the question ({frame.asked.what})"
