"""For a Crown positions compiled from question frames (docs/grounding.md, the contract).

Two kinds of question:

- **who recruits first**, given the Galerie as a list of named families
  ("Gallery from left to right: Dan, Chloé, Ben, Anna. Who picks a Mercenary
  first?"): the engine plays the first recruitment and names who made it;
- **what a revealed card does to the table**: the families and their chests,
  the Galerie and what is revealed are read by :mod:`.telling` (an event card,
  or a mercenary effect with its owner and target); the engine plays the reveal
  (the question says which card came up: that chance outcome is played) and
  the choices the question states, then reads what is asked (:mod:`.asking`):
  who loses Rubis, how many a family has left, whether it is out, sells its
  Objet précieux, who rolls the die, who decides first, whether a knocked-out
  family's card still acts, who is crowned at the final count.

What the question leaves out is a named default (10 Rubis, no Raton, an
unsold Objet précieux) listed in ``facts``; when the Galerie order is not
fully said and the card reads it, the order is varied and an answer that
moves with it says "it depends". Without a revealed card, with two, or with
nothing asked that the events answer, there is no position.

And **counts the course of the rounds decides** (:mod:`.frame_rounds`): events shuffled in, cost tiles, the
asker's recruitments at a stated round, read off a game the engine plays to the end of that round.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from engine.for_a_crown.asking import Asked, asked
from engine.for_a_crown.frame_rounds import compile_round_count
from engine.for_a_crown.sequence import BRIBE, EFFECT, Sequence, sequence
from engine.for_a_crown.telling import SELF, Told, read

__all__ = ["ACTIONS", "ASKING", "ASKS", "compile"]

ACTIONS: frozenset[str] = frozenset()
ASKS = frozenset({"first", "lose", "roll", "win", "out", "sell", "left", "remove"})
"""``first``: who recruits first; the others mark the asking clause (corpus/for-a-crown/lexicon.yaml)."""
ASKING = frozenset({
    "lose_word", "pay_word", "hit_word", "roll_word", "win_word", "ruby_word", "coin_word", "raccoon_word", "out_word",
    "sell_word", "keep_word", "first_word", "decide_word", "still_word", "count_word", "ignored_word", "take_word",
    "adjusted_word", "final_count", "own_family_word", "symbol_word", "left_word", "remove_word"})
"""The words :mod:`.asking` reads in the asking sentence (the lexicon's ``asking`` section)."""

_MAX_FAMILIES = 6
_FAMILY = "famille"
_ORDER_SENSITIVE = frozenset({"Scandale", "Coup de pouce magique", "Pot-de-vin", "Mages mercenaires"})
_LEVEL_ONE = {"vol": ("raton-vol-1", "vol"), "raton": ("raton-vol-1", "raton"),
              "rubis": ("piece-rubis-1", "rubis"), "piece": ("piece-rubis-1", "piece")}
_ORDER_READING = {"fr": ("l'ordre de la Galerie", "inverse"), "en": ("the Galerie order", "reversed")}
_COUNT_READING = {"fr": ("le nombre de familles", "une de plus"), "en": ("the number of families", "one more")}
_OBJECT_READING = {"fr": ("les Objets précieux dont la question ne parle pas", "vendus"),
                   "en": ("the Objets précieux the question does not mention", "sold")}
_TARGETED = ("vol", "raton")
_FINAL_COUNT = frozenset({"winner", "counted"})
"""Questions of the final count: the last card of round 4 is played (a Pièce, which moves no Rubis), then the count."""


def compile(frame: Any) -> dict[str, Any] | None:  # noqa: A001 - the contract's name
    """The position that answers the frame (see the module docstring), or None."""
    families = [count.value for count in frame.counts if count.unit == _FAMILY and count.owner is None]
    if frame.player_count is None and len(set(families)) == 1:
        frame = replace(frame, player_count=families[0])  # "Scandale à 3 familles": the families are the players
    if frame.vague:
        return None
    first = _first_recruiter_frame(frame)
    if first is not None:
        return first
    counted = compile_round_count(frame)
    if counted is not None:
        return counted
    told = read(frame)
    if told.unread or not _describes_a_table(told):
        return None
    if (told.not_first or told.not_last) and "Scandale" in told.events:
        return None  # "not the least influential" does not say her zone: 6 families put two in each end
    question = asked(told, frame.form)
    if question is None:
        return None
    return _reveal_frame(frame, told, question)


def _describes_a_table(told: Told) -> bool:
    """A family's chest, state or place, or a card's owner: "who loses at a Cambriolage?" states none (a lookup)."""
    stated = any(f.said or f.sold is not None or f.out for f in told.families.values())
    placed = told.influence is not None or told.first or told.last or told.right_of or told.centre
    return bool(stated or placed or told.effect_owner)


# -- the reveal ---------------------------------------------------------------------------------------

def _reveal_frame(frame: Any, told: Told, question: Asked) -> dict[str, Any] | None:
    seats = _seats(told, frame.player_count)
    if seats is None:
        return None
    index = {name: seat for seat, name in enumerate(seats)}
    final = question.what in _FINAL_COUNT
    cards = None if final else sequence(told)
    if cards is None and not final or not _scoped(question, cards):
        return None
    steps = _steps(told, question, index, cards)
    if steps is None:
        return None
    orders = _orders(told, seats)
    if orders is None:
        return None
    varied = len(orders) > 1 and (bool(_ORDER_SENSITIVE.intersection(told.events))
                                  or question.what in ("winner", "counted", "first_decider"))
    variants = []
    for number, order in enumerate(orders if varied else orders[:1]):
        reading = {} if number == 0 else dict([_ORDER_READING[told.language]])
        played = _with_bribes(steps, told, question, seats, order, cards)
        if played is None:
            return None
        variants.append({"reading": reading, "scenario": _scenario(told, question, seats, order, played)})
    if frame.player_count is None and len(seats) < _MAX_FAMILIES:
        # the table size is unsaid: a table with one more family is played too, so the verdict is shown not to
        # hang on it (whom a card picks, a Scandale's zones, the most influential family's extra Rubis), or the
        # answer says "it depends"
        more = [*seats, f"#{len(seats)}"]
        more_orders = _orders(told, more)
        more_steps = _with_bribes(steps, told, question, more, more_orders[0], cards) if more_orders else None
        if more_steps is not None:
            variants.append({"reading": dict([_COUNT_READING[told.language]]),
                             "scenario": _scenario(told, question, more, more_orders[0], more_steps)})
    more_played = len(variants) > 1 + varied
    if final:
        variants += _object_variants(told, question, seats, variants[0]["scenario"])
    question.start = {seat: _stated(told, name, "rubies", 10) for seat, name in enumerate(seats)}
    question.start_raccoons = {seat: _stated(told, name, "raccoons", question.default_raccoons)
                               for seat, name in enumerate(seats)}
    names = {seat: name for seat, name in enumerate(seats) if name != SELF and not name.startswith("#")}
    return {
        "title": "the table the question describes",
        "verdict": question.verdict,
        "modal": False,
        "unit": question.unit,
        "players": names,
        "variants": variants,
        "then": question.then,
        "read": question.reader(index, told.language, names),
        "reads": question.reads,
        "facts": _facts(told, seats, orders[0], varied, final) + _table_fact(seats, frame.player_count, more_played),
    }


def _object_variants(told: Told, question: Asked, seats: list[str], neutral: dict) -> list[dict]:
    """The final count with the Objets précieux the question does not say sold or kept all sold instead of all kept
    (corpus: "Votre Objet précieux, s'il est encore dans votre coffre, vaut 10 Rubis"). Unsaid, they are taken in
    the same state for every family (a named default: "both have 18 Rubis" compares what they have), but 10 Rubis
    the question never gave must not decide unshown against a family whose sale it does state: a verdict that moves
    says "it depends"."""
    unsaid = [seat for seat, name in enumerate(seats) if not name.startswith("#") and
              (told.families.get(name) is None or told.families[name].sold is None and not told.families[name].out)]
    if not unsaid:
        return []
    scenario = copy.deepcopy(neutral)
    for seat in unsaid:
        scenario["position"]["families"][seat]["object"] = "sold"
    return [{"reading": dict([_OBJECT_READING[told.language]]), "scenario": scenario}]


def _table_fact(seats: list[str], player_count: int | None, more_played: bool) -> list[dict]:
    """How many families sit at the table: stated, or the families the question names (a default, one more played)."""
    if player_count is not None:
        return [{"fact": f"{len(seats)} families at the table", "source": "stated"}]
    return [{"fact": f"{len(seats)} families at the table (those the question names)", "source": "default",
             "varies": _COUNT_READING["en"][0] if more_played else False}]


def _seats(told: Told, player_count: int | None) -> list[str] | None:
    """Families by seat: the asker first, then the others in the order named, then unnamed ones to the count."""
    named = list(told.families)
    seats = ([SELF] if SELF in named else []) + [name for name in named if name != SELF]
    wanted = max(len(seats), player_count or 0, 3 if told.centre else 2)  # a centre needs a family on each side
    if wanted > _MAX_FAMILIES:
        return None
    seats += [f"#{number}" for number in range(len(seats), wanted)]
    return seats


def _orders(told: Told, seats: list[str]) -> list[list[str]] | None:
    """The Galerie, most influential first: the one the words fix, or the neutral order and its reverse."""
    alive = [name for name in seats if name not in told.families or not told.families[name].out]
    if told.influence is not None:
        given = [name for name in told.influence if name in alive]
        rest = [name for name in alive if name not in given]
        return [given + rest] if not rest else None
    return [order for order in (_constrained(told, alive), _constrained(told, alive[::-1])) if order] or None


def _constrained(told: Told, start: list[str]) -> list[str] | None:
    order = list(start)
    if told.first in order:
        order.remove(told.first)
        order.insert(0, told.first)
    if told.last in order and told.last != told.first:
        order.remove(told.last)
        order.append(told.last)
    for name in told.centre:
        if name in order and len(order) >= 3 and order.index(name) in (0, len(order) - 1):
            order.remove(name)
            order.insert(len(order) // 2, name)
    for right, left in told.right_of:
        if right in order and left in order and order.index(right) > order.index(left):
            order.remove(right)
            order.insert(order.index(left), right)
    for name in told.not_first:
        if len(order) > 1 and order[0] == name:
            order.insert(1, order.pop(0))
    for name in told.not_last:
        if len(order) > 1 and order[-1] == name:
            order.insert(len(order) - 2, order.pop())
    if told.first in order and order[0] != told.first or told.last in order and order[-1] != told.last:
        return None
    if order[0] in told.not_first or order[-1] in told.not_last:
        return None
    return order


def _steps(told: Told, question: Asked, index: dict[str, int], cards: Sequence | None) -> list[dict] | None:
    if question.what in _FINAL_COUNT:
        return [{"type": "reveal"}, {"type": "choose_effect", "effect": "piece"}]
    steps: list[dict] = []
    for card in cards.reveals:
        if card != EFFECT:
            steps.append({"type": "reveal", "event": card})
            if card == BRIBE and (len(cards.reveals) > 1 or cards.bribes or question.bribe):
                steps.append(_BRIBES)  # each family's choice (what it is said to pay), in the variant's Galerie order
            continue
        played = _effect_steps(told, index)
        if played is None:
            return None
        if question.what == "self_target" and played[-1] == {"type": "target"}:
            # "can I give the raccoon to my own family?": that target tried as said, the engine's refusal read
            played[-1] = {"type": "target", "family": index[told.effect_owner], "try": True}
        steps += played
    return steps


_BRIBES = {"type": "#bribes"}


def _effect_steps(told: Told, index: dict[str, int]) -> list[dict] | None:
    owner = index.get(told.effect_owner) if told.effect_owner else None
    if owner is None:
        return None
    card, effect = _LEVEL_ONE[told.effect]
    steps = [{"type": "reveal", "card": card, "owner": owner}]
    if told.families.get(told.effect_owner) and told.families[told.effect_owner].out:
        return steps
    steps.append({"type": "choose_effect", "effect": effect})
    if told.effect in _TARGETED:
        if told.effect_target in index:
            steps.append({"type": "target", "family": index[told.effect_target]})
        else:
            steps.append({"type": "target"})  # unsaid: every family the card may pick is played
    return steps


def _with_bribes(steps: list[dict], told: Told, question: Asked, seats: list[str], order: list[str],
                 cards: Sequence | None) -> list[dict] | None:
    """The Pot-de-vin's choices, most influential first: what a family is said to buy off, else every choice.

    A Pot-de-vin in a sequence comes first (:mod:`.sequence`), so who decides is read from the table said: a
    family with Ratons Voleurs and something to pay with."""
    if _BRIBES not in steps:
        return steps
    choices = []
    for name in order:
        raccoons = _stated(told, name, "raccoons", question.default_raccoons)
        bought = cards.bribes.get(name)
        chest = _stated(told, name, "coins", 3) + _stated(told, name, "rubies", 10)
        if not raccoons or not chest:
            if bought:
                return None  # said to buy off Ratons it does not have, or with an empty chest
            continue
        if bought is not None and bought > min(raccoons, chest):
            return None
        step = {"type": "bribe", "player": seats.index(name)}
        if bought is not None:
            step["raccoons"] = bought
        elif name == question.family and question.bribe:
            step.update(question.bribe)
        choices.append(step)
    at = steps.index(_BRIBES)
    return [*steps[:at], *choices, *steps[at + 1 :]]


def _scoped(question: Asked, cards: Sequence | None) -> bool:
    """A count asked "after" a card that is not the last one is the table in the middle of the round: not read.
    A question about one card of several ("at the Burglary") reads that card's events only."""
    if question.scope is None or cards is None or len(cards.reveals) < 2:
        question.scope = None
        return True
    if question.what in ("rubies_left", "raccoons_left"):
        if question.scope != cards.reveals[-1]:
            return False
        question.scope = None
    return True


def _scenario(told: Told, question: Asked, seats: list[str], order: list[str], steps: list[dict]) -> dict:
    families = []
    for name in seats:
        facts = told.families.get(name)
        family = {"rubies": 10, "coins": 3, "raccoons": question.default_raccoons}
        if facts is not None:
            for key in ("rubies", "coins", "raccoons"):
                if getattr(facts, key) is not None:
                    family[key] = getattr(facts, key)
            if facts.sold:
                family["object"] = "sold"
            if facts.out:
                family.update(out=True, raccoons=0)
        if question.what in _FINAL_COUNT and not name.startswith("#") and (facts is None or facts.sold is None
                                                                             and not facts.out):
            family["object"] = "unsaid"  # kept, a default the account names (and _object_variants plays sold)
        families.append(family)
    pile = [{"card": "n5-1", "owner": 0}]  # left face down: the question's cards are not the last of the round
    if question.what in _FINAL_COUNT:
        pile = [{"card": "piece-rubis-1", "owner": seats.index(order[-1])}]
    else:
        pile += [{"event": name} for name in told.events]
        if told.effect:
            pile.append({"card": _LEVEL_ONE[told.effect][0], "owner": seats.index(told.effect_owner)})
    position = {"round": 4 if question.what in _FINAL_COUNT else (told.round or 2),
                "influence": [seats.index(name) for name in order], "families": families, "pile": pile}
    return {"game": "for-a-crown", "title": "the table the question describes", "players": len(seats),
            "position": position, "steps": steps, "assumptions": question.assumptions}


def _facts(told: Told, seats: list[str], order: list[str], varied: bool, final: bool = False) -> list[dict]:
    facts = []
    for name in seats:
        stated = told.families.get(name)
        if stated is not None and stated.said:
            facts.append({"fact": f"{name}: {', '.join(stated.said)}", "source": "stated", "said": "; ".join(stated.said)})
        if stated is None or stated.rubies is None:
            facts.append({"fact": f"{name}: 10 Rubis (the start of the game)", "source": "default"})
        if final and not name.startswith("#") and (stated is None or stated.sold is None and not stated.out):
            facts.append({"fact": f"{name}: Objet précieux still in the chest (unsaid, like every unsaid one; all sold "
                                  "is played too)",
                          "source": "default", "varies": True})
    facts.append({"fact": f"Galerie from the most influential: {order}",
                  "source": "default" if varied or told.influence is None else "stated", "varies": varied})
    return facts


def _stated(told: Told, name: str, key: str, default: int) -> int:
    facts = told.families.get(name)
    value = getattr(facts, key) if facts is not None else None
    return default if value is None else value


# -- who recruits first ------------------------------------------------------------------------------------

def _first_recruiter_frame(frame: Any) -> dict[str, Any] | None:
    if frame.asked is None or frame.form not in ("who", "which") or frame.asked.what != "first":
        return None
    direction = [m for m in frame.markers if m in ("galerie_right_to_left", "galerie_left_to_right")]
    names = [name for name in frame.players if name not in ("self", "other")]
    if not direction:
        return _first_from_places(frame)
    if len(direction) != 1 or not 2 <= len(names) <= _MAX_FAMILIES or len(set(names)) != len(names):
        return None
    influence = names if direction[0] == "galerie_right_to_left" else list(reversed(names))
    order = [names.index(name) for name in influence]
    if {card.card for card in frame.cards} - {"mercenaire"}:
        return None
    position = {"influence": order, "families": [{"coins": 5} for _ in names]}
    scenario = {"game": "for-a-crown", "title": "the Galerie the question describes", "players": len(names),
                "position": position, "steps": [{"type": "recruit"}]}
    return {
        "title": "the Galerie the question describes",
        "verdict": "player",
        "modal": False,
        "unit": None,
        "players": dict(enumerate(names)),
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": None,
        "read": _first_recruiter,
        "reads": ("recruited", "influence_order"),
        "facts": [{"fact": f"Galerie from the most influential: {influence}", "source": "stated",
                   "said": direction[0]}],
    }


def _first_from_places(frame: Any) -> dict[str, Any] | None:
    """Who recruits first when the question places the families in the Galerie one by one ("Victor est tout à
    droite, Wendy au milieu, moi à gauche", "Ana is the most influential"): the engine plays the first recruitment
    on each Galerie order those places allow (the neutral one and its reverse); an order left unsaid is a default
    that, the answer shows, does not decide."""
    if frame.cards and {card.card for card in frame.cards} - {"mercenaire"}:
        return None
    told = read(frame)
    if told.unread or told.events or told.effect or any(f.said or f.sold is not None or f.out
                                                          for f in told.families.values()):
        return None
    if told.influence is None and told.first is None and told.last is None:
        return None
    seats = _seats(told, frame.player_count)
    orders = _orders(told, seats) if seats is not None else None
    if not orders:
        return None
    you = {"fr": "vous", "en": "you"}[told.language]
    players = {seat: you if name == SELF else name for seat, name in enumerate(seats) if not name.startswith("#")}
    variants = []
    for number, order in enumerate(orders):
        position = {"influence": [seats.index(name) for name in order], "families": [{"coins": 5} for _ in seats]}
        scenario = {"game": "for-a-crown", "title": "the Galerie the question describes", "players": len(seats),
                    "position": position, "steps": [{"type": "recruit"}]}
        variants.append({"reading": {} if number == 0 else dict([_ORDER_READING[told.language]]), "scenario": scenario})
    stated = told.influence is not None
    return {
        "title": "the Galerie the question describes", "verdict": "player", "modal": False, "unit": None,
        "players": players, "variants": variants, "then": None, "read": _first_recruiter,
        "reads": ("recruited", "influence_order"),
        "facts": [{"fact": f"Galerie from the most influential: {orders[0]}", "source": "stated" if stated else "default",
                   "varies": len(orders) > 1}],
    }


def _first_recruiter(events: list[dict]) -> int | None:
    recruited = [e for e in events if e["kind"] == "recruited"]
    return recruited[0]["data"]["player"] if recruited else None
