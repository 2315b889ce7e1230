"""The because-clause of an engine-checked answer: the decisive rule first.

The engine cites every rule it applied, bookkeeping included ("the eliminated card
leaves the line"), in the order it applied them; and when its verdict is that
something does *not* happen (a trap that does not trigger, a noble who does not
come), no event cites the rule whose condition failed. The rule the question is
about is the one retrieval ranks first for the question: it leads the quoted
rules, then the engine's own rules, those retrieval also found first. A lead
sentence that itself answers the other way ("Oui, …" beside an engine "Non") is
not quoted: the answer never contradicts itself.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from service.answers.compose import Citation
from service.grounding.wording import quoted_rules

MAX_QUOTED_WITH_LEAD = 3
"""The decisive rule plus the engine's two first rules (:func:`quoted_rules` quotes two)."""

_OPENING_POLARITY = {"oui": True, "yes": True, "non": False, "no": False}


def by_retrieval_rank(engine: Sequence[Citation], retrieved: Sequence[Citation]) -> list[Citation]:
    """The engine's citations, those that the retriever also found for the question first.

    The engine cites every rule it applied, bookkeeping included; the rules the
    question is about are the ones retrieval ranks high, so they lead. Ties keep
    the engine's order (the rules its verdict reads first).
    """

    def rank(citation: Citation) -> int:
        for position, hit in enumerate(retrieved):
            if hit.section == citation.section and citation.quote in hit.passage:
                return position
        return len(retrieved)

    return sorted(engine, key=rank)


def decisive_rules(engine: Sequence[Citation], retrieved: Sequence[Citation], raw: Any) -> list[Citation]:
    """The rules the because-clause quotes, in order: retrieval's first rule (unless the engine already
    cites it, or it answers against a yes/no ``raw`` verdict), then the engine's rules by retrieval rank."""
    ranked = by_retrieval_rank(engine, retrieved)
    if not retrieved:
        return ranked
    lead = retrieved[0]
    cited = {(c.section, c.quote) for c in engine}
    if (lead.section, lead.quote) in cited or _answers_against(lead.quote, raw):
        return ranked
    return [lead, *ranked]


def with_decisive_rules(text: str, engine: Sequence[Citation], retrieved: Sequence[Citation], raw: Any,
                        language: str) -> str:
    """``text`` (an engine answer whose quoted rules are ``quoted_rules(engine)``) with its quoted rules
    replaced by :func:`decisive_rules`; unchanged when it quotes no rule or none moves."""
    shown = quoted_rules(engine, language)
    if not shown or shown not in text:
        return text
    rules = decisive_rules(engine, retrieved, raw)
    led = len(rules) > len(engine)
    return text.replace(shown, quoted_rules(rules, language, most=MAX_QUOTED_WITH_LEAD) if led
                        else quoted_rules(rules, language), 1)


def _answers_against(quote: str, raw: Any) -> bool:
    if not isinstance(raw, bool):
        return False
    first = re.findall(r"\w+", quote.lower())[:1]
    said = _OPENING_POLARITY.get(first[0]) if first else None
    return said is not None and said != raw
