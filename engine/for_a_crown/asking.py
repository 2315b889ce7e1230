"""What a For a Crown question asks about a revealed card, and how the engine's events answer it.

:func:`asked` reads the asking sentence (the one with the question mark) of a
question whose facts :mod:`.telling` has read, and returns an :class:`Asked`:
the verdict type, the follow-up choices to play, and a reader of the events.
Each reader counts only what the events say: Rubis lost and gained, a sale of
the Objet précieux, a knock-out, who rolls the magic die, who decides first,
a card ignored, the winner of the final count, a family's final count.

The game's words it looks for ("perd", "lance", "vendu", "still") are the ``asking`` section of
``corpus/for-a-crown/lexicon.yaml``, found by the shared frame parser (stems, phrases, slips) and read here by
position (:class:`_Said`); only the question's own grammar (how many, can, or, if) stays a pattern here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from engine.for_a_crown.telling import SELF, Told, asking_sentences

_VOLUNTARY = (["Pot-de-vin"], ["Mages mercenaires"])
"""Events where paying is a family's choice: "can I pay…?", "who pays?" ask about that choice, which the reveal
frame does not play (a template may)."""
_PERMISSION = re.compile(r"\b(?:can|could|may|peux|peut|puis|pourrai\w*|allowed|le droit)\b")
_RUBIES_BY_PRONOUN = re.compile(r"\ben\b|\bhow many\s+(?:does|do|did|will|would|has|have|had|is|are|was|were)\b")
"""The unit left unsaid: « il en a combien ? », "how many does he have left?" count the unit said last."""
_HOW_MANY = re.compile(r"\b(?:combien|how many|how much)\b")
_COUNTED_NOUN = re.compile(r"\b(?:combien\s+(?:de\s+|d')|how\s+many\s+)(\w+)")
_ASKS_HOW_MANY = re.compile(r"\W*(?:(?:and|so|then|et|alors|donc|du coup)\W+)?(?:combien|how many)\b")
"""The clause opens on "how many": "Do I get to decide first how many to buy off?" asks yes or no."""
_ALTERNATIVES = re.compile(r"\b(?:ou|or)\b(?!\s+(?:not|pas|non)\b)")
"""A yes/no clause offering a choice ("2 rubies or just 1?", "elle continue, ou elle sort ?") asks which, not yes/no."""
_SUPPOSING = re.compile(r"\b(?:si|if|suppose|supposons)\s+(?:elle|il|she|he|they|on|we|la famille|the family)\b")
_TARGETING = ("raton", "vol")
"""Mercenary effects whose owner chooses another family."""
_AND = {"fr": " et ", "en": " and "}
_NOBODY = {"fr": "personne", "en": "nobody"}
_YOU = {"fr": "toi", "en": "you"}
_OTHER = {"fr": "une autre famille", "en": "another family"}


@dataclass
class Asked:
    """What is asked: ``what``, the verdict type and unit, the follow-up choices, and how to read the events."""

    what: str
    verdict: str
    family: str | None = None
    unit: dict | None = None
    then: dict | None = None
    reads: tuple[str, ...] = ()
    default_raccoons: int = 0
    negated: bool = False
    assumptions: dict = field(default_factory=dict)
    start: dict = field(default_factory=dict)
    start_raccoons: dict = field(default_factory=dict)
    bribe: dict = field(default_factory=dict)
    """The asked family's Pot-de-vin choice, when the question asks the most it can buy off."""
    scope: str | None = None
    """The event the asking clause names ("at the Burglary"): with several cards revealed, only its events count."""

    def reader(self, index: dict[str, int], language: str, names: dict[int, str]) -> Callable[[list[dict]], Any]:
        seat = index.get(self.family) if self.family else None
        read = _READERS[self.what](self, seat, language, names)
        if self.scope is None:
            return read
        return lambda events: read(_at_card(events, self.scope))


def asked(told: Told, form: str) -> Asked | None:
    """What the question asks (see the module docstring): its asking sentences tried from the last; None when
    none asks something the events answer."""
    for span in asking_sentences(told.text):
        found = _asked_in(replace(told, asking=span), form)
        if found is not None:
            return found
    return None


_RANKING_READERS = frozenset({"losers", "loses", "rubies_left", "rubies_lost", "sold", "out"})
"""What a family said to have "the most Ratons" may be asked: what its ranking decides, never a count of Ratons."""


def _asked_in(told: Told, form: str) -> Asked | None:
    found = _asking(told, form)
    if found is not None and told.most_raccoons is not None and (
            found.what not in _RANKING_READERS or "Pot-de-vin" in told.events or told.effect == "raton"):
        return None  # the placed count would be read, not the ranking the words fix
    if found is not None:
        start, end = told.asking
        named = {name for at, name in told.event_mentions if start <= at < end}
        found.scope = named.pop() if len(named) == 1 else None
    return found


class _Said:
    """Which ``asking`` words of the lexicon are said in a span of the question."""

    def __init__(self, told: Told, start: int = 0, end: int | None = None) -> None:
        end = len(told.text) if end is None else end
        self._ids = {word for word, at, _ in told.words if start <= at < end}

    def __call__(self, *ids: str) -> bool:
        return any(word in self._ids for word in ids)


_LOSING = ("lose_word", "pay_word", "hit_word")
_DECIDING = ("decide_word", "pay_word")


def _asking(told: Told, form: str) -> Asked | None:
    start, end = told.asking
    clause = told.text[start:end]
    said = _Said(told, start, end)
    if form == "polar" and _ALTERNATIVES.search(clause):
        return None  # "on lui prête des Rubis, elle continue, ou elle sort ?" offers choices: not a yes/no
    if _SUPPOSING.search(clause):
        return None  # "et si elle sort, on joue les manches 3 et 4 ?" supposes the fact it names
    family = _asked_family(told)
    deciding_first = said("first_word") and said(*_DECIDING) and told.events[:1] in _VOLUNTARY
    if not deciding_first and said("pay_word") and (told.events[:1] in _VOLUNTARY or _PERMISSION.search(clause)):
        return None
    if told.events[:1] in _VOLUNTARY and said("remove_word") and _PERMISSION.search(clause):
        # "how many can I get rid of?" asks the most a family may buy off, not the Ratons left
        return _most_bought_off(told, family) if form == "count" and told.events[:1] == ["Pot-de-vin"] else None
    if form == "who":
        if said("roll_word"):
            return Asked("roller", "player", reads=("magic_boost", "die_rolled"))
        gained = {"rubis": "ruby_word", "piece": "coin_word"}.get(told.effect)
        if gained is not None and said("win_word", "take_word") and said(gained):
            return Asked("gainer", "player", reads=("ruby_gained", "coin_gained"))
        if said("win_word") and not told.events and not told.effect:
            adjusted = _Said(told)("adjusted_word")
            return Asked("winner", "player", reads=("winner", "rubies_counted", "final_adjustment"),
                         assumptions={"for-a-crown.final_adjustments": "none"} if adjusted else {})
        if said("first_word") and said(*_DECIDING) and told.events[:1] in _VOLUNTARY:
            return _first_decider(told, None)
        if said(*_LOSING):
            return Asked("losers", "player", reads=("ruby_lost", "object_sold", "knocked_out"))
        if told.effect == "raton" and said("raccoon_word") and said("take_word", "left_word"):
            # "who takes / who ends up with the Raton?": the family it is given to
            return Asked("receiver", "player", reads=("raccoon_given",))
        return None
    by_pronoun = _last_unit(told, start) if _RUBIES_BY_PRONOUN.search(clause) else None
    rubies = said("ruby_word") or by_pronoun == "ruby"
    raccoons = said("raccoon_word") or by_pronoun == "raccoon"
    counted_noun = _COUNTED_NOUN.search(clause)
    noun = _Said(told, start + counted_noun.start(1), start + counted_noun.end(1)) if counted_noun else None
    if noun is not None and noun("ruby_word", "raccoon_word"):
        # « après avoir perdu ses rubis, combien de ratons lui reste-t-il ? »: the noun counted is the one asked
        rubies, raccoons = noun("ruby_word"), noun("raccoon_word")
    counted = _ASKS_HOW_MANY.match(clause) or _HOW_MANY.search(clause) and not (
        _PERMISSION.search(clause) or said(*_DECIDING))  # « il en a combien ? »; not "can I decide how many…"
    if (form == "count" and counted and raccoons and not rubies
            and family is not None and not re.search(r"\d", clause)):
        return Asked("raccoons_left", "number", family, {"fr": "Ratons Voleurs", "en": "raccoons"},
                     reads=("raccoon_given", "raccoons_returned", "bribe_paid", "portrait_removed"))
    if form == "count" and _HOW_MANY.search(clause) and rubies and family is not None:
        unit = {"fr": "Rubis", "en": "rubies"}
        if _Said(told)("final_count", "count_word") and not (told.events or told.effect or said(*_LOSING)):
            return Asked("counted", "number", family, unit, reads=("rubies_counted", "final_adjustment"))
        if said(*_LOSING) and not said("left_word"):  # « après avoir payé, il me reste combien ? » asks what remains
            return Asked("rubies_lost", "number", family, unit, reads=("ruby_lost", "object_sold"))
        if said("take_word", "win_word") and not said("left_word"):  # "how many rubies do I gain?": the gain
            return Asked("rubies_gained", "number", family, unit, reads=("ruby_gained",))
        return Asked("rubies_left", "number", family, unit, reads=("ruby_lost", "ruby_gained", "object_sold"))
    if form == "polar" and told.effect in _TARGETING and told.effect_owner and said("own_family_word") and (
            _PERMISSION.search(clause)):
        return Asked("self_target", "yes_no", told.effect_owner, reads=("raccoon_given", "ruby_lost", "rejected"))
    if form != "polar" or family is None:
        return None
    if said("first_word") and said(*_DECIDING) and told.events[:1] in _VOLUNTARY:
        return _first_decider(told, family)
    if said("win_word") and not told.events and not told.effect:  # "do I win?" at the final count
        adjusted = _Said(told)("adjusted_word")
        return Asked("winner", "yes_no", family, reads=("winner", "rubies_counted", "final_adjustment"),
                     assumptions={"for-a-crown.final_adjustments": "none"} if adjusted else {})
    if said("sell_word"):
        return Asked("sold", "yes_no", family, negated=said("keep_word"), reads=("object_sold",))
    if said("out_word"):
        return Asked("out", "yes_no", family, reads=("knocked_out", "portrait_removed"))
    owner = told.families.get(told.effect_owner) if told.effect_owner else None
    if owner is not None and owner.out and said("still_word", "count_word", "ignored_word"):
        return Asked("applied", "yes_no", negated=said("ignored_word"), reads=("card_ignored",))
    if said(*_LOSING):
        return Asked("loses", "yes_no", family, negated=said("keep_word"), reads=("ruby_lost", "object_sold"))
    return None


_SPARED_RUBIES = re.compile(
    r"(?:(?:\bsans|\bwithout|\bpas|\bnot|n't|\bnever|\bjamais|\brefus\w*)\W+(?:\w+\W+){0,2}?(?:touch\w*|spend\w*|us(?:e|ing)|"
    r"toucher|touche|utiliser|depenser|entamer)|\b(?:keep|keeping|garder|garde|conserver))"
    r"\W+(?:[\w'’]+\W+){0,2}?(?:rubis|rub(?:y|ies))\b")
"""« je veux pas toucher à mes Rubis », "without spending my rubies", "keep my rubies": the family pays in Pièces."""


def _most_bought_off(told: Told, family: str | None) -> Asked | None:
    """The most Ratons Voleurs ``family`` can buy off at a Pot-de-vin (rules: Pot-de-vin, one Pièce or Rubis each).

    Every count that bounds it must be stated: the Ratons, the Pièces, and the Rubis unless the family says it
    will not spend them; a default chest (3 Pièces, 10 Rubis) could change the count, so it is not assumed."""
    facts = told.families.get(family) if family else None
    if facts is None or facts.raccoons is None or facts.coins is None:
        return None
    start, _ = told.asking
    spared = _SPARED_RUBIES.search(told.text[:start]) or _SPARED_RUBIES.search(told.text[start:])
    if spared is None and facts.rubies is None and facts.coins < facts.raccoons:
        return None  # the Rubis would pay for the rest: their unsaid count decides
    bribe = {"raccoons": "most", **({"rubies": 0} if spared else {}), "try": True}  # the choice as said, played
    return Asked("bought_off", "number", family, {"fr": "Ratons Voleurs", "en": "raccoons"},
                 reads=("bribe_paid", "bribe_declined"), default_raccoons=0, bribe=bribe)


def _last_unit(told: Told, before: int) -> str | None:
    """« Paul a 2 rubis. Combien lui en reste-t-il ? »: ``en`` stands for the unit said last before the clause
    (``ruby``, ``coin`` or ``raccoon``)."""
    units = [(at, word) for word, at, _ in told.words if at < before and word in _UNITS]
    return _UNITS[max(units)[1]] if units else None


_UNITS = {"ruby_word": "ruby", "coin_word": "coin", "raccoon_word": "raccoon"}


def _asked_family(told: Told) -> str | None:
    """The family the asking sentence is about: named there, or the asker (``je``, ``I``), or the only one stated."""
    start, end = told.asking
    named = [name for s, e, name in told.mentions if start <= s < end]
    if named:
        return named[0]
    placed = {told.first, told.last, *told.centre, *(name for pair in told.right_of for name in pair)}
    stated = [name for name, facts in told.families.items()
              if facts.said or facts.sold is not None or facts.out or name in placed]  # a chest, a fate or a place
    if told.effect_target:
        return told.effect_target
    return stated[0] if len(stated) == 1 else None


def _first_decider(told: Told, family: str | None) -> Asked:
    kind = "bribe" if told.events[0] == "Pot-de-vin" else "mages"
    then = {"type": "bribe", "raccoons": 0} if kind == "bribe" else {"type": "mages", "pay": False}
    return Asked("first_decider", "yes_no" if family else "player", family, then=then,
                 reads=(f"{kind}_declined",), default_raccoons=1)


# -- readers: events (as dicts) -> the raw verdict --------------------------------------------------------

def _at_card(events: list[dict], event: str) -> list[dict]:
    """The events of one revealed card: from its ``revealed`` event to the next card's."""
    starts = [at for at, e in enumerate(events) if e["kind"] == "revealed"]
    for number, at in enumerate(starts):
        if events[at]["data"].get("event") == event:
            return events[at : starts[number + 1]] if number + 1 < len(starts) else events[at:]
    return []


def _raccoons(question: Asked, seat, _language, _names):
    def read(events: list[dict]) -> int:
        count = question.start_raccoons.get(seat, 0)
        for event in events:
            data = event["data"]
            if event["kind"] == "raccoon_given" and data["target"] == seat:
                count += 1
            elif event["kind"] in ("raccoons_returned", "bribe_paid", "portrait_removed") and data["player"] == seat:
                count -= data["raccoons"]
        return count
    return read


def _bought_off(_question: Asked, seat, _language, _names):
    def read(events: list[dict]) -> int:
        return sum(e["data"]["raccoons"] for e in events if e["kind"] == "bribe_paid" and e["data"]["player"] == seat)
    return read


def _losers(question: Asked, _seat, language: str, names: dict[int, str]):
    def read(events: list[dict]) -> str:
        hit = []
        for event in events:
            if event["kind"] in ("ruby_lost", "object_sold", "knocked_out") and event["data"]["player"] not in hit:
                hit.append(event["data"]["player"])
        return _AND[language].join(_name(seat, names, language) for seat in sorted(hit)) if hit else _NOBODY[language]
    return read


def _rubies(question: Asked, seat, _language, _names):
    def read(events: list[dict]) -> int | None:
        change = 0
        for event in events:
            data = event["data"]
            if data.get("player") != seat:
                continue
            if event["kind"] == "ruby_lost":
                change -= data["amount"]
            elif event["kind"] == "ruby_gained":
                change += data["amount"]
            elif event["kind"] == "object_sold":
                change += 10
        if question.what == "rubies_gained":
            return sum(e["data"]["amount"] for e in events if e["kind"] == "ruby_gained" and e["data"]["player"] == seat)
        if question.what == "rubies_lost":
            return sum(e["data"]["amount"] for e in events if e["kind"] == "ruby_lost" and e["data"]["player"] == seat)
        return question.start.get(seat, 10) + change
    return read


def _flag(kinds: tuple[str, ...]):
    def reader(question: Asked, seat, _language, _names):
        def read(events: list[dict]) -> bool:
            found = any(e["kind"] in kinds and (seat is None or e["data"].get("player") == seat) for e in events)
            return found != question.negated
        return read
    return reader


def _counted(question: Asked, seat, _language, _names):
    def read(events: list[dict]) -> int | None:
        found = [e["data"]["total"] for e in events if e["kind"] == "rubies_counted" and e["data"]["player"] == seat]
        return found[0] if found else None
    return read


def _applied(question: Asked, _seat, _language, _names):
    def read(events: list[dict]) -> bool:
        ignored = any(e["kind"] == "card_ignored" for e in events)
        return ignored if question.negated else not ignored
    return read


def _receiver(question: Asked, _seat, language: str, names: dict[int, str]):
    def read(events: list[dict]):
        found = [e["data"]["target"] for e in events if e["kind"] == "raccoon_given"]
        return _name(found[0], names, language) if found else None
    return read


def _first_player(kinds: tuple[str, ...]):
    def reader(question: Asked, seat, _language, _names):
        def read(events: list[dict]):
            found = [e["data"]["player"] for e in events if e["kind"] in kinds]
            if not found:
                return None
            return found[0] == seat if question.verdict == "yes_no" else found[0]
        return read
    return reader


def _name(seat: int, names: dict[int, str], language: str) -> str:
    if seat in names:
        return names[seat]
    return _YOU[language] if seat == 0 and 0 not in names else _OTHER[language]


_READERS = {
    "losers": _losers,
    "rubies_left": _rubies,
    "rubies_lost": _rubies,
    "rubies_gained": _rubies,
    "raccoons_left": _raccoons,
    "bought_off": _bought_off,
    "counted": _counted,
    "sold": _flag(("object_sold",)),
    "out": _flag(("knocked_out",)),
    "loses": _flag(("ruby_lost", "object_sold")),
    "applied": _applied,
    "roller": _first_player(("magic_boost",)),
    "gainer": _first_player(("ruby_gained", "coin_gained")),
    "winner": _first_player(("winner",)),
    "receiver": _receiver,
    "first_decider": _first_player(("bribe_declined", "mages_declined")),
    "self_target": lambda _question, _seat, _language, _names: (
        lambda events: not any(e["kind"] == "rejected" for e in events)),
}

__all__ = ["Asked", "asked", "SELF"]
