"""The because-clause of an engine-checked answer: the decisive rule first.

The engine cites every rule it applied, bookkeeping included ("the eliminated card
leaves the line"), in the order it applied them; and when its verdict is that
something does *not* happen (a trap that does not trigger, a noble who does not
come), no event cites the rule whose condition failed. The rule the question is
about is the one retrieval ranks first for the question: it leads the quoted
rules, then the engine's own rules, those retrieval also found first. A lead
sentence that itself answers the other way ("Oui, …" beside an engine "Non") is
not quoted: the answer never contradicts itself.

The answer's citations are ordered apart from its quotes: the rules of the events the verdict is read from
(the rule that decided) come first, then the other rules the engine applied, each group those retrieval also
found first, each passage cited once (:func:`cited_order`, :func:`once_per_passage`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.answers.compose import Citation
from service.grounding.wording import MAX_QUOTED

_OPENING_POLARITY = {"oui": True, "yes": True, "non": False, "no": False}


@dataclass(frozen=True)
class DecisiveRules:
    """The rules of an engine-checked answer, ordered once.

    Attributes:
        lead: the rule retrieval ranks first for the question, when the engine does not cite it and it
            does not answer against the verdict; None otherwise.
        engine: the engine's citations, those retrieval also found first (ties keep the engine's order): the
            order the answer quotes them in.
        cited: the engine's citations in the order the answer cites them (:func:`cited_order`).
    """

    lead: Citation | None
    engine: tuple[Citation, ...]
    cited: tuple[Citation, ...] = ()

    @property
    def quoted(self) -> tuple[Citation, ...]:
        """The rules the answer quotes: the lead, then the engine's first :data:`MAX_QUOTED`."""
        return (*([self.lead] if self.lead else []), *self.engine[:MAX_QUOTED])


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


def cited_order(engine: Sequence[Citation], deciding: int, retrieved: Sequence[Citation]) -> list[Citation]:
    """The engine's citations as the answer cites them: the first ``deciding`` (the rules of the events the
    verdict is read from) before the rest, each group those retrieval also found first.

    The engine also cites the rules it applied on the way (set-up, turn order, the end of a round), and
    retrieval often finds those for the question too; ranked by retrieval alone they came before the rule
    that decided (``scripts/measure_citations.py``, docs/grounding.md).
    """
    return [*by_retrieval_rank(engine[:deciding], retrieved), *by_retrieval_rank(engine[deciding:], retrieved)]


def once_per_passage(citations: Sequence[Citation]) -> tuple[Citation, ...]:
    """Each passage cited once, at its first citation (the engine may quote two sentences of one passage)."""
    seen: set[tuple[str, str]] = set()
    kept = []
    for citation in citations:
        if (citation.path, citation.passage) not in seen:
            seen.add((citation.path, citation.passage))
            kept.append(citation)
    return tuple(kept)


def decisive_rules(engine: Sequence[Citation], retrieved: Sequence[Citation], raw: Any,
                   deciding: int = 0) -> DecisiveRules:
    """The :class:`DecisiveRules` of an answer whose engine cites ``engine`` (the first ``deciding`` of them
    the rules its verdict is read from) and whose retrieval found ``retrieved`` (best first), the verdict
    before wording being ``raw``.

    An answer that quotes none of the engine's rules gets no lead either: the lead explains the
    engine's verdict beside the rules it applied, never alone.
    """
    ranked = tuple(by_retrieval_rank(engine, retrieved))
    cited = tuple(cited_order(engine, deciding, retrieved))
    if not engine or not retrieved:
        return DecisiveRules(None, ranked, cited)
    lead = retrieved[0]
    engine_quotes = {(c.section, c.quote) for c in engine}
    if (lead.section, lead.quote) in engine_quotes or _answers_against(lead.quote, raw):
        return DecisiveRules(None, ranked, cited)
    return DecisiveRules(lead, ranked, cited)


def _answers_against(quote: str, raw: Any) -> bool:
    if not isinstance(raw, bool):
        return False
    first = re.findall(r"\w+", quote.lower())[:1]
    said = _OPENING_POLARITY.get(first[0]) if first else None
    return said is not None and said != raw
