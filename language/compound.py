"""Questions that ask two things: « Je peux le recruter, et combien de Rubis me restera-t-il ? ».

A player often asks a yes/no question and a count (or a name, a place) in one breath. One
answer form (:func:`language.forms.question_form`) can only rule on one of them, so the
question is read as its separate asks, each a question of its own with the facts stated
before it:

- a sentence opened by a coordinating word after an asked sentence is a second ask
  (« … au Château ? Et il se place où ? », "… the supply? And can I choose …?");
- inside an asked sentence, a comma then a coordinating word then an asking word opens one
  (« … les deux, et combien … ? », "Can I still recruit it, and how many …?").

Anything else (a restatement « qui commence ?? c'est le plus jeune ? », two verbs of one
move « je pose mon Barde et je ramène le Roi ? ») stays one ask. Each ask is read with
everything the player said before it (so « il » still has its noun), unless what came before
asks something of another form: then with the stated facts only, where the ask's own form rules.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from language.folding import fold_same_length
from language.forms import question_form
from language.lexicon import LANGUAGES, lexicon
from language.sentences import asked_spans, sentence_spans

__all__ = ["Ask", "asks"]


def _any_of(phrases) -> str:
    """A regex group matching any of the folded ``phrases``, a hyphen, an apostrophe or nothing between words."""
    return "(?:" + "|".join(sorted({r"\W?".join(map(re.escape, phrase.split())) for phrase in phrases})) + ")"


_COORDINATING = _any_of(word for language in LANGUAGES for word in lexicon(language).coordinating_words)
_ASKING_WORD = _any_of(word for language in LANGUAGES for word in lexicon(language).asking_words) + r"\b"
_SECOND_SENTENCE = re.compile(rf"^\W*{_COORDINATING}\b")
"""An asked sentence that opens with a coordinating word follows up the one before it."""
_SECOND_CLAUSE = re.compile(rf"[,;]\s*{_COORDINATING}\s+(?={_ASKING_WORD})")
"""Inside an asked sentence: a comma, a coordinating word, then an asking word."""
_LEADING = re.compile(rf"^[\s,;]*(?:{_COORDINATING}\b[\s,]*)?", re.IGNORECASE)


@dataclass(frozen=True)
class Ask:
    """One thing the question asks.

    Attributes:
        question: the ask as a question of its own: what the player said before it, then the ask.
        form: its answer form (:data:`language.forms.FORMS`).
        start: where the ask begins in the original question.
    """

    question: str
    form: str
    start: int


@functools.lru_cache(maxsize=1024)
def asks(question: str) -> tuple[Ask, ...]:
    """The separate asks of ``question``, in order; one when it asks one thing.

    Example:
        >>> [a.form for a in asks("I have 7 rubies. Can I recruit it, and how many rubies will I have left?")]
        ['polar', 'count']
    """
    spans = _ask_spans(question)
    if len(spans) < 2:
        return (Ask(question, question_form(question), 0),)
    context = question[: spans[0][0]].strip()
    found = []
    for start, end in spans:
        said = _asked(question[start:end])
        own = question_form(said)
        before = _asked(question[:end])
        text = before if question_form(before) == own else f"{context} {said}".strip()
        found.append(Ask(text, own, start))
    return tuple(found)


def _ask_spans(question: str) -> list[tuple[int, int]]:
    """(start, end) of each ask: the asked sentences, split at their coordinated asking clauses."""
    asked = asked_spans(question, sentence_spans(question))
    if not asked:
        return []
    spans: list[tuple[int, int]] = []
    for start, end in asked:
        sentence = fold_same_length(question[start:end])  # offsets into the sentence stay the player's
        if spans and _SECOND_SENTENCE.search(sentence):
            spans.append((start, end))
            continue
        cuts = [m.start() for m in _SECOND_CLAUSE.finditer(sentence)]
        begin = start
        for cut in cuts:
            spans.append((begin, start + cut))
            begin = start + cut
        if spans and begin == start and not cuts:
            # An asked sentence with no coordinating word: one ask with the sentence before (a restatement).
            spans[-1] = (spans[-1][0], end)
            continue
        spans.append((begin, end))
    return spans


def _asked(text: str) -> str:
    """``text`` as a question: stripped of its leading coordination and punctuation, ending with a question mark."""
    text = _LEADING.sub("", text).rstrip()
    return text if text.endswith("?") else f"{text.rstrip(',;. ')} ?"
