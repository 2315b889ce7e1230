"""Split a span of file text into sentences that keep their exact file offsets.

French typography puts a space before ``?``, ``!`` and ``:`` and writes
abbreviations such as ``p. 4``: a sentence ends at ``.``, ``!``, ``?`` or ``…``
(optionally followed by closing quotes or brackets) when the next word starts
with a capital letter or an opening quote. Lowercase or digits after the stop
(``p. 4``, ``… personne``) keep the sentence going. This is plain-text work on
an already parsed block; Markdown structure is the chunker's job.
"""

from __future__ import annotations

import re

from index.types import Sentence

_SENTENCE_END = re.compile(r"[.!?…]+[»\"”’)\]]*(?=\s+[«\"“(]?[A-ZÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ])")


def split_sentences(text: str, start: int, end: int) -> list[Sentence]:
    """Split ``text[start:end]`` into sentences, each trimmed of surrounding whitespace.

    Args:
        text: the whole file text.
        start: first character of the span.
        end: one past the last character of the span.

    Returns:
        Sentences in order; an all-blank span yields none.
    """
    if not 0 <= start <= end <= len(text):
        raise ValueError(f"span: expected 0 <= start <= end <= {len(text)}, got ({start}, {end})")
    sentences = []
    cursor = start
    for match in _SENTENCE_END.finditer(text, start, end):
        sentences.extend(_trimmed(text, cursor, match.end()))
        cursor = match.end()
    sentences.extend(_trimmed(text, cursor, end))
    return sentences


def _trimmed(text: str, start: int, end: int) -> list[Sentence]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return [Sentence(start, end, text[start:end])] if start < end else []
