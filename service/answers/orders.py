"""An order by a quality, read against a yes/no question that asks who goes first or last.

A rulebook defines an order by a quality once ("Dans l'ordre d'influence (du plus influent au moins
influent), chaque famille recrute…") and its other rules name it ("Pot-de-vin : Dans l'ordre
d'influence, chaque famille peut payer…"). A question that asks whether the asker goes first (or
last) and puts the asker at one end of that quality ("I'm the least influential family. Do I get to
decide first?") is answered by the order: yes when the asked end is the asker's, no otherwise, with
a because-clause in the asker's words ("the order runs from most to least influential: the least
influential goes last"). The words are data: ``polarity.order`` in ``language/lexicons/<lang>.yaml``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from language import LANGUAGES, fold_same_length, lexicon, stem, words
from language.lexicon import OrderWords

__all__ = ["Order", "OrderReading", "order_reading", "rulebook_orders"]


@dataclass(frozen=True)
class Order:
    """An order the rulebook defines by a quality.

    Attributes:
        quality: the quality's stem ("influe" for influent, influence, influential).
        most_first: True when the order runs from the most to the least of it.
    """

    quality: str
    most_first: bool


@dataclass(frozen=True)
class OrderReading:
    """What an order rule says to a "do I go first?" question.

    Attributes:
        verdict: whether the asked end of the order is the asker's.
        because: the referee's because-clause, in the asker's language.
    """

    verdict: bool
    because: str


@functools.cache
def rulebook_orders(text: str) -> tuple[Order, ...]:
    """The orders ``text`` (a rulebook) defines by a quality, in any lexicon's words ("du plus X au moins X")."""
    joined = " ".join(words(text))
    found: dict[str, bool] = {}
    for language in LANGUAGES:
        said = lexicon(language).polarity.order
        for templates, most_first in ((said.most_to_least, True), (said.least_to_most, False)):
            for template in templates:
                for match in re.finditer(_pattern(template), joined):
                    qualities = {stem(q) for q in match.groups()}
                    if len(qualities) == 1:
                        found.setdefault(qualities.pop(), most_first)
    return tuple(Order(quality, most_first) for quality, most_first in found.items())


def order_reading(question: str, asking: str, language: str, sentence: str, orders: tuple[Order, ...]
                  ) -> OrderReading | None:
    """The order rule's answer when ``sentence`` names one of ``orders`` and the question asks who goes first or
    last, placing the asker at one end of that order's quality; else None.

    Args:
        question: the player's question.
        asking: its asking sentence (the one that asks first or last; the story may say "first" otherwise).
        language: its language.
        sentence: the rule (French, as the rulebook writes it; any lexicon's naming is read).
        orders: the rulebook's orders (:func:`rulebook_orders`).
    """
    named = {o.quality: o for o in orders if _names(sentence, o)}
    if not named:
        return None
    said = lexicon(language).polarity.order
    asking = " ".join(words(asking))
    asked = [end for end, beginnings in (("first", said.first), ("last", said.last))
             if any(re.search(r"(?<![a-z0-9])" + re.escape(b), asking) for b in beginnings)]
    if len(asked) != 1:
        return None
    place = _asker_place(question, said, named)
    if place is None:
        return None
    order, most, who, quality = place
    asker_end = "first" if most == order.most_first else "last"
    template = (said.most_to_least if order.most_first else said.least_to_most)[:1]
    if not template or not said.because:
        return None
    direction = template[0].replace("{q}", quality)
    return OrderReading(asker_end == asked[0],
                        said.because.format(order=direction, who=who, position=said.positions.get(asker_end, asker_end)))


def _names(sentence: str, order: Order) -> bool:
    joined = " ".join(words(sentence))
    return any(stem(match.group(1)) == order.quality
               for language in LANGUAGES for template in lexicon(language).polarity.order.named
               for match in re.finditer(_pattern(template), joined))


def _asker_place(question: str, said: OrderWords, named: dict[str, Order]) -> tuple[Order, bool, str, str] | None:
    """(order, asker is at the "most" end, the superlative as the question says it, its quality word) when the
    question says one superlative of a named order's quality ("je suis le moins influent")."""
    folded = fold_same_length(question)  # same length: offsets found in it hold in the question
    places = []
    for degrees, most in ((said.most, True), (said.least, False)):
        for degree in sorted(degrees, key=len, reverse=True):
            pattern = r"(?<![\w])" + r"\s+".join(map(re.escape, degree.split())) + r"\s+(\w+)"
            for match in re.finditer(pattern, folded):
                order = named.get(stem(match.group(1)))
                if order is not None and not any(s <= match.start() < e for _, _, _, _, s, e in places):
                    places.append((order, most, question[match.start():match.end()],
                                   question[match.start(1):match.end(1)], match.start(), match.end()))
    if len({(p[0], p[1]) for p in places}) != 1:  # none, or both ends said: the asker's place is not told
        return None
    return places[0][:4]


def _pattern(template: str) -> str:
    """A lexicon template over folded, space-joined words: ``{q}`` is one word, captured."""
    return r"(?<![a-z0-9])" + r"(\w+)".join(re.escape(part) for part in template.split("{q}")) + r"(?![a-z0-9])"

