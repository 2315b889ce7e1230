"""The sentences and clauses of a question, and the one that asks.

Players tell a position, then ask: « J'ai 3 Rubis. Léa pose sa Voleuse ; puis-je recruter ? ».
Every reader that separates what is told from what is asked uses these spans, so that the
story before the question is cut the same way everywhere:

- a **sentence** ends at ``.``, ``!`` or ``?``; a **clause** also at ``;`` or a line break;
- a run of marks ends one span (« Qui commence ?? », "Really?!"), and a span keeps its marks;
- blank spans are dropped;
- the **asking** span is the last one that holds a ``?``, else the last one.

Offsets are the player's own (spans index the text as given), so a reader can fold or
blank a span without losing its place.
"""

from __future__ import annotations

import re

__all__ = ["Span", "asked_spans", "asking_sentence", "asking_span", "clause_spans", "sentence_spans"]

Span = tuple[int, int]

_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
_CLAUSE = re.compile(r"[^.!?;\n]+[.!?;\n]*")


def sentence_spans(text: str) -> list[Span]:
    """(start, end) of each sentence of ``text``, marks included.

    Example:
        >>> sentence_spans("Qui commence ?? c'est le plus jeune ?")
        [(0, 15), (15, 37)]
    """
    return [match.span() for match in _SENTENCE.finditer(text) if match.group().strip()]


def clause_spans(text: str) -> list[Span]:
    """(start, end) of each clause of ``text``: sentences also cut at ``;`` and line breaks, marks included."""
    return [match.span() for match in _CLAUSE.finditer(text) if match.group().strip()]


def asked_spans(text: str, spans: list[Span]) -> list[Span]:
    """The spans (of ``text``) that ask: those holding a question mark, in order."""
    return [(start, end) for start, end in spans if "?" in text[start:end]]


def asking_span(text: str, spans: list[Span] | None = None) -> Span | None:
    """The span that asks (the last holding a ``?``, else the last), among ``spans`` (the sentences by default);
    None when ``text`` is blank.

    Example:
        >>> text = "Je pose ma Reine. Léa l'élimine : combien de points ?"
        >>> start, end = asking_span(text)
        >>> text[start:end]
        " Léa l'élimine : combien de points ?"
    """
    spans = sentence_spans(text) if spans is None else spans
    if not spans:
        return None
    return (asked_spans(text, spans) or spans)[-1]


def asking_sentence(text: str) -> str:
    """The text of the sentence that asks (:func:`asking_span`), or ``text`` itself when it is blank."""
    span = asking_span(text)
    return text[span[0] : span[1]] if span else text
