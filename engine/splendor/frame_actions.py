"""Splendor positions for the asker's action this turn: take gems, reserve, buy (docs/grounding.md, the contract).

"La carte coûte 4 rubis et 2 onyx. J'ai 2 bonus rouges, 2 jetons rouges et 2
jetons noirs. Je peux l'acheter ?" becomes the asker's turn with a face-up card
of exactly that cost, development cards giving exactly those bonuses and those
tokens; the engine applies the purchase and accepts or rejects it with the rule
that decides. The counts of a question are read by what they count
(:func:`gem_counts`): a cost, the asker's bonuses, tokens held, a bank pile, or
the gems the asker asks to take.

- **take**: the gems asked for become one action (two of a colour: the take-two
  action; otherwise one gem of each colour named, so "two emeralds and a ruby"
  or "a ruby, an emerald and a gold" are rejected by the engine). A pile the
  question does not give is the setup pile, and a pile of 3 is a second reading
  (the take-two rule hangs on it) unless the question says nobody took that
  colour yet.
- **reserve**: the reserved cards the question counts, a card from the display
  (or the top of a deck when it says so), the gold pile empty when it says so.
- **buy**: the one card of the game with exactly the stated cost, else a card
  stated as the question gives it (its cost; its level when said; its bonus and
  points defaults, a second card differing in each played to show they do not
  decide); bonuses and tokens as stated; tokens not stated are none, and plenty
  is a second reading.
- **return**: tokens held and gems taken; the engine says how many go back.

Steps are ``try`` steps: applied as the question states them even when the
rules forbid them, so the engine's rejection (with its citation) is the answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from language import fold

from engine.splendor.data import CARD_COUNT, CARDS, GEM_COLORS, LEVELS

__all__ = ["ACTION_ASKS", "ACTION_TERMS", "bank_beside", "bonus_cards", "compile_action", "gem_counts"]

ACTION_ASKS = frozenset({"take", "reserve", "buy", "pay", "return"})
ACTION_TERMS = frozenset({"cost", "pile", "held", "bought", "taking", "reserved", "free", "full_pile", "blind", "no_gold",
                          "covered"})
_ROLE_TERMS = {"cost": "cost", "pile": "pile", "held": "token", "bought": "bonus", "taking": "take", "reserved": "reserved"}
_UNIT_REACH = 16
"""How far after a number its unit word may stand ("2 bonus rouges", "3 green bonuses"), in characters; a count of
a list takes the noun the list says once however far (``shares``, service/grounding/coordination.py)."""
_BONUS_UNITS = frozenset({"bonus"})
_TOKEN_UNITS = frozenset({"jeton"})
_CARD_UNITS = frozenset({"carte_developpement", "centre"})
_DESCRIBING_UNITS = frozenset({"points_de_prestige", "niveau"})
"""A card's points or level describe it ("la carte à 2 points", "the 5-point card"): no count of the position."""
_RESERVED_UNITS = frozenset({"reserve"})
_GOLD = "gold"
_PLAYERS = 2
_SHORT_PILE = 3
_PLENTY = 7
_COLOURS = (*GEM_COLORS, _GOLD)


@dataclass(frozen=True)
class GemCount:
    """A number of gems (or cards) of one colour and what it counts: ``cost``, ``bonus``, ``token``, ``pile``,
    ``take``, ``reserved``."""

    value: int
    colour: str | None
    role: str
    start: int


def compile_action(frame: Any) -> dict[str, Any] | None:
    """The runs that answer the asker's action (module docstring), or None when the question does not give it."""
    asked = frame.asked
    if asked is None or asked.what not in ACTION_ASKS or frame.vague:
        return None
    if _other_actions(frame):
        return None  # "throw away a reserved card so I can reserve another": not one action of a turn
    if frame.players or any(e.kind == "number" and e.role == "other" for e in frame.entities):
        return None  # another player's cards or gems: the position here is the asker's alone
    counts = gem_counts(frame)
    if counts is None:
        return None
    build = {"take": _take, "reserve": _reserve, "buy": _buy, "pay": _buy, "return": _return}[asked.what]
    return build(frame, counts)


_ACTION_ASKED = {"reserver": "reserve", "acheter": "buy", "prendre_deux_jetons": "take", "prendre_trois_jetons": "take",
                 "prendre_n_jetons": "take", "rendre_des_jetons": "return", "defausser": None, "prendre_or": "take"}


def _other_actions(frame) -> bool:
    """The question names an action of the game other than the one it asks about (or one no frame plays)."""
    asked = frame.asked.what
    for entity in frame.entities:
        if entity.kind == "action" and entity.value in _ACTION_ASKED:
            meant = _ACTION_ASKED[entity.value]
            if meant != asked and not (asked == "pay" and meant == "buy") and not (asked == "return" and meant == "take"):
                return True
    return False


def gem_counts(frame) -> list[GemCount] | None:
    """Every count of the question with its colour and role; None when one cannot be read (no run then).

    A bound ("more than 3", "au moins 4") is no count the engine can play: None.
    """
    if any(e.kind == "number" and e.qualifier not in (None, "exactly") for e in frame.entities):
        return None
    clauses = frame.clauses
    ask_at = _ask_at(frame)
    colours = [e for e in frame.entities if e.kind == "token" and e.attributes.get("colour")]
    free_at = [term.start for term in frame.terms if term.term == "free"]
    numbers = [e for e in [*frame.entities, *_articles_as_one(frame, colours, ask_at)]
               if e.kind == "number" and e.value > 0 and e.unit not in _DESCRIBING_UNITS
               and (e.start != _asked_number(frame) or frame.asked.what in ("take", "reserve", "buy"))
               and not any(at < e.start <= at + 30 for at in free_at)]  # "without spending a single token"
    numbers.sort(key=lambda number: number.start)
    found = []
    for number in numbers:
        clause = _clause(number.start, clauses)
        following = [n.start for n in numbers if n.start > number.start] + [clause[1]]
        window_end = min(following[0], number.end + 30, clause[1])
        colour = _unit_colour(number.unit, frame) or next(
            (e.attributes["colour"] for e in colours if number.end <= e.start < window_end), None)
        after = {e.value for e in frame.entities if number.end <= e.start < min(window_end, number.end + _UNIT_REACH)}
        after |= set(number.shares)  # "2 white and 4 blue bonuses": the noun the list says once
        role = _role(frame, number, clause, ask_at, after)
        if role == "take" and number.unit is None and number.value == 1 and colour is None:
            continue  # "in one go", "en une fois": counts no gem
        if role is None:
            return None
        found.append(GemCount(number.value, colour, role, number.start))
    said_takes = _said_takes(frame, colours, clauses)
    counted = {e.start for e in colours for n in [*numbers, *said_takes] if n.start < e.start <= n.start + 30}
    found += said_takes
    if ask_at is not None and frame.asked.what == "take":
        asking = _clause(ask_at, clauses)
        found += [GemCount(1, e.attributes["colour"], "take", e.start) for e in colours
                  if ask_at < e.start < asking[1] and e.start not in counted and _said_as_one(frame, e)]
    return sorted(found, key=lambda count: count.start)


_ARTICLE_BEFORE_GEM = re.compile(r"\b(?:un|une|a|an)\s+(?:(?:jeton|token|gem|gemme)s?\s+)?$")
"""An article that counts one gem: "et une émeraude", "un jeton or", "a gold token" (folded text before the colour)."""
_ARTICLE_SAID = re.compile(r"(?:un|une|a|an)\s")


def _articles_as_one(frame, colours, ask_at) -> list:
    """A gem said with an article before the asking clause ("j'ai 3 jetons noirs et un or", "I have … and a gold
    token") is one gem, a count like "1 or": read as a number, else the stated gem is left unplaced and the
    position is another (session 12: "a gold token" was read as no gold). After the asking word a take names its
    gems one by one, which ``_said_as_one`` reads."""
    found = []
    for colour in colours:
        if ask_at is not None and colour.start >= ask_at:
            continue
        said = _ARTICLE_SAID.match(fold(colour.text))  # the glossary's "un or" holds its article
        before = frame.text[max(0, colour.start - 16):colour.start]
        article = said or _ARTICLE_BEFORE_GEM.search(fold(before))
        if article is None or len(fold(before)) != len(before):
            continue
        word = article.group().split()[0]
        start = colour.start if said else colour.start - len(before) + article.start()
        end = start if said else start + len(word)  # ends where the gem is said, so that its colour follows it
        found.append(replace(colour, kind="number", value=1, start=start, end=end, text=word, role=None,
                             unit=None, qualifier=None, attributes={}))
    return found


_TAKE_TWO, _TAKE_THREE, _TAKE_N = "prendre_deux_jetons", "prendre_trois_jetons", "prendre_n_jetons"
_SMALL_NUMBERS = {"un": 1, "une": 1, "one": 1, "a": 1, "deux": 2, "two": 2, "trois": 3, "three": 3}
_DIFFERENT = re.compile(r"\b(?:differentes?|different)\b")
DIFFERENT = "different"
"""The colour of gems taken "de couleurs différentes" without naming them: any three."""


def _said_takes(frame, colours, clauses) -> list[GemCount]:
    """The game's own action names: "take 2 sapphires" (two of one colour), "prends 3 jetons de couleurs différentes"."""
    found = []
    for entity in frame.entities:
        if entity.value not in (_TAKE_TWO, _TAKE_THREE, _TAKE_N):
            continue
        clause = _clause(entity.start, clauses)
        end = min(clause[1], entity.end + 30)
        said = fold(frame.text[entity.start : end])
        if entity.value == _TAKE_N:
            amounts = [int(w) if w.isdigit() else _SMALL_NUMBERS[w] for w in said.split() if w.isdigit() or w in _SMALL_NUMBERS]
            if not amounts:
                return []
            amount = amounts[0]
        else:
            amount = 2 if entity.value == _TAKE_TWO else 3
        colour = DIFFERENT if _DIFFERENT.search(said) else next(
            (e.attributes["colour"] for e in colours if entity.start <= e.start < end), None)
        found.append(GemCount(amount, colour, "take", entity.start))
    return found


def _said_as_one(frame, entity) -> bool:
    """"a ruby, an emerald and a gold": a colour named alone in a list of gems taken is one gem."""
    before = frame.text[max(0, entity.start - 4) : entity.start].lower()
    return not before.rstrip().endswith(("de", "d'", "d’"))


def _role(frame, number, clause, ask_at, after) -> str | None:
    if after & _BONUS_UNITS or number.unit in _BONUS_UNITS:
        return "bonus"
    if after & _RESERVED_UNITS or number.unit in _RESERVED_UNITS:
        return "reserved"
    if ask_at is not None and frame.asked.what == "take" and clause[0] <= ask_at < number.start:
        said_after = frame.text[number.end : number.end + 40].lower()
        if not any(term.term == "pile" and number.start < term.start < number.end + 40 for term in frame.terms) \
                and "left" not in said_after.split("?")[0].split()[:4]:
            return "take"
    terms = [term for term in frame.terms if clause[0] <= term.start < number.start and term.term in _ROLE_TERMS]
    later = [term for term in frame.terms if number.end <= term.start < min(clause[1], number.end + 30)
             and term.term == "pile"]
    if later:
        return "pile"
    role = _ROLE_TERMS[terms[-1].term] if terms else None
    if (after & _CARD_UNITS or number.unit in _CARD_UNITS) and role in ("bonus", "token", None):
        return "bonus"  # "3 cartes blanches", "I bought 2 red cards": bought cards give bonuses
    return role


def _unit_colour(unit, frame) -> str | None:
    for entity in frame.entities:
        if entity.value == unit and entity.kind == "token":
            return entity.attributes.get("colour")
    return None


def _asked_number(frame) -> int | None:
    return frame.asked.number_at if frame.asked else None


def _ask_at(frame) -> int | None:
    return frame.asked.at if frame.asked else None


def _clause(position, clauses):
    return next((span for span in clauses if span[0] <= position < span[1]), clauses[-1] if clauses else (0, 10**6))


def _has(frame, term: str) -> bool:
    return any(t.term == term for t in frame.terms)


def _by_colour(counts, role) -> dict[str, int] | None:
    """Colour -> count for one role; None when a count of that role has no colour or a colour is said twice."""
    found: dict[str, int] = {}
    for count in counts:
        if count.role != role:
            continue
        if count.colour is None or count.colour in found:
            return None
        found[count.colour] = count.value
    return found


def _take(frame, counts) -> dict[str, Any] | None:
    wanted = [count for count in counts if count.role == "take"]
    piles = _by_colour(counts, "pile")
    held = _by_colour(counts, "token")
    if not wanted or piles is None or held is None or any(c.role in ("cost", "bonus") for c in counts):
        return None
    if any(count.colour is None for count in wanted):
        named = {c.colour for c in counts if c.colour} | set(piles)
        if len(wanted) != 1 or len(named) != 1:
            return None  # "je peux en prendre 2 ?": the one colour the question names
        wanted = [GemCount(wanted[0].value, named.pop(), "take", wanted[0].start)]
    colours = [count.colour for count in wanted for _ in range(count.value)]
    named = list(dict.fromkeys(c for c in colours if c != DIFFERENT))
    if DIFFERENT in colours and named:
        colours = named  # "3 jetons de couleurs différentes dont un or : rubis, saphir et or"
    if DIFFERENT in colours:
        if len(wanted) != 1 or wanted[0].value != 3:
            return None
        step = {"type": "take_different", "player": 0}  # any three colours: each is played
    elif len(colours) == 2 and len(set(colours)) == 1:
        step = {"type": "take_same", "player": 0, "color": colours[0], "try": True}
    else:
        step = {"type": "take_different", "player": 0, "colors": colours, "try": True}
    players = frame.player_count or _PLAYERS
    readings = [({}, piles)]
    unsaid = [c for c in dict.fromkeys(colours) if c not in piles and c != _GOLD]
    if step["type"] == "take_same" and unsaid and not _has(frame, "full_pile"):
        readings.append(({f"{unsaid[0]} pile": _SHORT_PILE}, {**piles, unsaid[0]: _SHORT_PILE}))
    variants = []
    for said, bank in readings:
        position = {"players": [{"tokens": held}] + [{} for _ in range(players - 1)], "current_player": 0,
                    "bank": bank_beside(held, bank)}
        variants.append(_variant(said, players, position, step, "the asker takes gems"))
    facts = [{"fact": f"the asker takes {colours}", "source": "stated"}]
    facts += [{"fact": f"the {colour} pile holds {count}", "source": "stated"} for colour, count in piles.items()]
    if unsaid:
        facts.append({"fact": "piles not stated hold the setup count", "source": "default", "varies": f"{unsaid[0]} pile"})
    return _compiled("the asker takes gems", variants, _accepted("tokens_taken"), ("rejected", "tokens_taken"), facts)


def _reserve(frame, counts) -> dict[str, Any] | None:
    if any(c.role not in ("reserved",) for c in counts):
        return None
    reserved = sum(c.value for c in counts)
    if not counts and not _has(frame, "no_gold"):
        return None  # nothing stated: a lookup, not a position
    level = _level(frame)
    players = frame.player_count or _PLAYERS
    held_back = [card for card in CARDS.ids_by_level[3]][-reserved:] if reserved else []
    position = {"players": [{"reserved": held_back}] + [{} for _ in range(players - 1)], "current_player": 0}
    if _has(frame, "no_gold"):
        position["bank"] = {_GOLD: 0}
    step = ({"type": "reserve", "player": 0, "level": level, "try": True} if _has(frame, "blind")
            else {"type": "reserve", "player": 0, "card": CARDS.ids_by_level[level][0], "try": True})
    facts = [{"fact": f"the asker holds {reserved} reserved card(s)", "source": "stated"},
             {"fact": "the reserved card: " + ("the top of a deck" if _has(frame, "blind") else "a face-up card"),
              "source": "stated" if _has(frame, "blind") else "default"}]
    variants = [_variant({}, players, position, step, "the asker reserves a card")]
    return _compiled("the asker reserves a card", variants, _accepted("card_reserved"), ("rejected", "card_reserved"),
                     facts)


def _buy(frame, counts) -> dict[str, Any] | None:
    if not counts and _has(frame, "covered"):
        return _buy_covered(frame)
    cost = _by_colour(counts, "cost")
    bonuses = _by_colour(counts, "bonus")
    tokens = _by_colour(counts, "token")
    if not cost or bonuses is None or tokens is None or any(c.role in ("take", "pile", "reserved") for c in counts):
        return None
    if _GOLD in bonuses or _GOLD in cost:
        return None
    printed = next((c for c in range(1, len(CARDS.cost)) if CARDS.cost[c] == tuple(cost.get(g, 0) for g in GEM_COLORS)),
                   None)
    card_readings = [({}, {"market": {str(CARDS.level[printed]): [printed]}})] if printed else _stated_card(frame, cost)
    card = printed or STATED_CARD
    owned = bonus_cards(bonuses, card)
    if owned is None:
        return None
    counting = frame.asked.what == "pay" or frame.form in ("count", "open")
    plenty = {colour: _PLENTY for colour in cost}
    if counting:  # "how many do I pay?" presumes the purchase: unless stated, the tokens the cost leaves due
        due = {colour: n - bonuses.get(colour, 0) for colour, n in cost.items() if n > bonuses.get(colour, 0)}
        readings = [({}, tokens or due)]
    else:
        readings = [({}, tokens)]
        if not tokens and not _has(frame, "free"):
            readings.append(({"tokens held": "plenty"}, plenty))
    # one unsaid fact varied at a time: the tokens held, then the stated card's defaults
    runs = [(said, held, card_readings[0][1]) for said, held in readings]
    runs += [(card_said, readings[0][1], placed) for card_said, placed in card_readings[1:]]
    variants = []
    for said, held, placed in runs:
        seat = {"cards": owned, "tokens": held}
        position = {**placed, "players": [seat, {}], "current_player": 0, "bank": bank_beside(held, {})}
        step = {"type": "buy", "player": 0, "card": card, "try": True}
        variants.append(_variant(said, _PLAYERS, position, step, "the asker buys the card the question describes"))
    described = (f"a face-up card costing {cost} (card {printed})" if printed else
                 f"a face-up card costing {cost}, as the question states it (no printed card has that cost)")
    facts = [{"fact": described, "source": "stated"}]
    if not printed:
        unsaid = "bonus and points" if _level_said(frame) else "level, bonus and points"
        facts.append({"fact": f"the stated card's {unsaid}: defaults (a second card differing in each is played)",
                      "source": "default", "varies": _STATED_CARD_READING})
    facts += [{"fact": f"the asker's bonuses: {bonuses or 'none'}", "source": "stated" if bonuses else "default"},
             {"fact": f"the asker's tokens: {tokens}" if tokens else
              f"the asker's tokens: {readings[0][1] or 'none'}" + (" (what the cost leaves due)" if counting else ""),
              "source": "stated" if tokens else "default", **({} if tokens or counting else {"varies": "tokens held"})}]
    if counting:
        read = _paid
    elif _has(frame, "free"):
        read = lambda events: _paid(events) == 0  # noqa: E731 - "without spending a single token?"
    else:
        read = _accepted("card_bought")
    verdict = "number" if read is _paid else "yes_no"
    return _compiled("the asker buys the card the question describes", variants, read,
                     ("rejected", "card_bought", "bonuses_discounted", "gold_spent"), facts, verdict)


STATED_CARD = CARD_COUNT + 1
"""The id of the one card a Splendor frame states (engine.splendor.data.with_stated_cards)."""
_STATED_CARD_READING = "the stated card's level, bonus and points"


def _stated_card(frame, cost: dict[str, int]) -> list[tuple[dict, dict]]:
    """A card with the stated cost that no printed card has: the purchase rule reads its cost alone, so its level
    (unless said), bonus and points are defaults, and a second card differing in each is played to show they do not
    decide. Each reading is the position's card placement: the card stated, face up in its level's display."""
    level = _level_said(frame)
    neutral = {"level": level or LEVELS[0], "bonus": GEM_COLORS[0], "points": 0, "cost": cost}
    other = {"level": level or LEVELS[-1], "bonus": GEM_COLORS[-1], "points": 3, "cost": cost}
    other_said = f"level {other['level']}, {other['bonus']} bonus, {other['points']} points"
    return [({} if index == 0 else {_STATED_CARD_READING: other_said},
             {"stated_cards": [card], "market": {str(card["level"]): [STATED_CARD]}})
            for index, card in enumerate((neutral, other))]


def _level_said(frame) -> int | None:
    levels = [e.value for e in frame.entities if e.kind == "level" and e.value in LEVELS]
    return levels[0] if levels else None


def _buy_covered(frame) -> dict[str, Any] | None:
    """"Mes bonus couvrent tout le prix d'une carte du niveau 2": no cost stated, the bonuses equal to it. The
    cheapest and the dearest card of the level are each played (the verdict must not hang on which), the asker
    holding no token."""
    if frame.form != "polar":
        return None
    level = _level(frame)
    cards = sorted((c for c in range(1, len(CARDS.cost)) if CARDS.level[c] == level), key=lambda c: (sum(CARDS.cost[c]), c))
    variants = []
    for index, card in enumerate((cards[0], cards[-1])):
        bonuses = {g: n for g, n in zip(GEM_COLORS, CARDS.cost[card]) if n}
        owned = bonus_cards(bonuses, card)
        if owned is None:
            return None
        position = {"players": [{"cards": owned, "tokens": {}}, {}], "market": {str(level): [card]},
                    "current_player": 0, "bank": bank_beside({}, {})}
        step = {"type": "buy", "player": 0, "card": card, "try": True}
        said = {"the card": "the dearest of its level"} if index else {}
        variants.append(_variant(said, _PLAYERS, position, step, "the asker buys a card its bonuses pay for"))
    facts = [{"fact": f"a face-up level {level} card whose cost the asker's bonuses equal", "source": "stated"},
             {"fact": "the asker holds no token", "source": "default"},
             {"fact": "which card of the level", "source": "default", "varies": "the card"}]
    read = (lambda events: _paid(events) == 0) if _has(frame, "free") else _accepted("card_bought")  # noqa: E731
    return _compiled("the asker buys a card its bonuses pay for", variants, read,
                     ("rejected", "card_bought", "bonuses_discounted"), facts, "yes_no")


def _return(frame, counts) -> dict[str, Any] | None:
    held, gold = _without_gold_part([c for c in counts if c.role == "token"], frame.text)
    taken = [c for c in counts if c.role == "take"]
    if len(taken) != 1 or (taken[0].value, taken[0].colour) != (3, DIFFERENT):
        return None
    if len(held) == 1 and held[0].colour is None:
        total = held[0].value
        gems = total - gold
        tokens = {colour: gems // len(GEM_COLORS) + (i < gems % len(GEM_COLORS)) for i, colour in enumerate(GEM_COLORS)}
        tokens.update({_GOLD: gold} if gold else {})
        held_said = f"the asker holds {total} tokens" + (f", {gold} of them gold" if gold else "")
    else:  # "3 red, 2 green and 2 black tokens plus 2 gold": every colour held, each said once
        tokens = _by_colour(counts, "token")
        if not tokens:
            return None
        total = sum(tokens.values())
        held_said = f"the asker holds {tokens} ({total} tokens)"
    position = {"players": [{"tokens": tokens}, {}], "current_player": 0, "bank": bank_beside(tokens, {})}
    step = {"type": "take_different", "player": 0}
    variants = [_variant({}, _PLAYERS, position, step, "the asker takes three gems")]
    facts = [{"fact": held_said, "source": "stated"},
             {"fact": "the asker takes 3 gems of different colours", "source": "stated"},
             {"fact": "the colours " + ("held and " if len(held) == 1 else "") + "taken: any (each is played)",
              "source": "default"}]

    def excess(events):
        over = [e for e in events if e["kind"] == "token_limit_exceeded"]
        return over[0]["data"]["excess"] if over else 0

    return _compiled("the asker takes three gems", variants, excess, ("token_limit_exceeded", "tokens_taken"), facts,
                     "number")


_PART_OF = re.compile(r"\b(?:dont|including|of which|among them|y compris)\b", re.IGNORECASE)
_GOLD_WORD = re.compile(r"\s*(?:jetons?\s+|tokens?\s+)?(?:or|gold|jokers?)\b", re.IGNORECASE)


def _without_gold_part(held: list[GemCount], text: str) -> tuple[list[GemCount], int]:
    """The tokens held and the gold said as a part of them ("9 jetons dont 1 or", "9 tokens including 2 gold")."""
    if len(held) == 2 and held[0].colour is None and held[1].value <= held[0].value and _PART_OF.search(
            text[held[0].start : held[1].start]) and _GOLD_WORD.match(text, held[1].start + len(str(held[1].value))):
        return held[:1], held[1].value
    return held, 0


def bank_beside(held, piles) -> dict[str, int]:
    """The piles the question states, and an empty pile of a colour the asker holds more of than a 2-player setup has
    (the bank must be given then; the buy and take rules never read it beyond what is stated)."""
    bank = dict(piles)
    for colour, count in held.items():
        if colour not in bank and count > _SMALLEST_PILE:
            bank[colour] = 0
    return bank


_SMALLEST_PILE = 4


def bonus_cards(bonuses, excluded) -> list[int] | None:
    cards = []
    for colour, count in bonuses.items():
        pool = [c for c in range(1, len(CARDS.cost)) if GEM_COLORS[CARDS.bonus[c]] == colour and c != excluded]
        if count > len(pool):
            return None
        cards += sorted(pool, key=lambda c: (CARDS.points[c], c))[:count]
    return cards


def _level(frame) -> int:
    return _level_said(frame) or LEVELS[0]


def _paid(events) -> int | None:
    bought = [e for e in events if e["kind"] == "card_bought"]
    return sum(bought[0]["data"]["payment"].values()) if bought else None


def _accepted(kind):
    return lambda events: any(e["kind"] == kind for e in events) and not any(e["kind"] == "rejected" for e in events)


def _variant(said, players, position, step, title) -> dict[str, Any]:
    return {"reading": said, "scenario": {"game": "splendor", "title": title, "players": players,
                                          "position": position, "steps": [step]}}


def _compiled(title, variants, read, reads, facts, verdict="yes_no") -> dict[str, Any]:
    return {"title": title, "verdict": verdict, "modal": False, "unit": _TOKENS if verdict == "number" else None,
            "players": {}, "variants": variants, "then": None, "read": read, "reads": reads, "facts": facts}


_TOKENS = {"fr": "jeton(s)", "en": "token(s)"}
