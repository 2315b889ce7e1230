"""Who opened the duel, read from the subject of an opening verb however the sentence is built.

The hook's fixed phrasings (:mod:`engine.emprise.questions`) read "j'ai ouvert",
"mon adversaire a commencé", "c'est Hugo qui commence". Players also say "Azur
was the one who opened the duel", "Hugo won the draw so he starts", "my friend
is the one who went first", "je n'ai pas commencé". This reader finds each
opening verb and walks back from it over the words that only connect it to its
subject (auxiliaries, "was the one who", "c'est … qui", a negation) to the
subject itself: the asker (``self``), a named player (``name:<Name>``), another
player said so (``other``), or a pronoun, which stands for the last player named
before it, else for the other player. A negated opening ("I didn't start")
gives the asker's opponent the opening, or the asker when a third person is the
subject. A verb whose subject is none of these ("at the start") opens nothing.
"""

from __future__ import annotations

import re
import unicodedata

from language import fold_same_length
from language.names import is_plain_word

__all__ = ["openers"]

_OPENING = re.compile(
    r"\b(?:ouvert|ouvre|ouvres|ouvrait|commence|commences|commencait|debute|debutes"
    r"|gagne\s+le\s+tirage|joue\s+en\s+premier|jouait\s+en\s+premier"
    r"|opened|opens|open|started|starts|start|began|begins|begin|went\s+first|goes\s+first|go\s+first"
    r"|played\s+first|plays\s+first|won\s+the\s+(?:draw|toss|coin\s+(?:flip|toss)))\b"
)
_CONNECTING = frozenset(
    "was is were the one who qui est c celui celle a ai as avait avais n ne pas not did didn t has have had that so then "
    "donc alors already deja bien qui s that's".split()
)
_NEGATION = frozenset({"pas", "not", "didn", "t"})
_SELF = frozenset({"je", "j", "i", "moi", "me"})
_PRONOUNS = frozenset({"il", "elle", "he", "she", "lui", "him"})
_OTHER = frozenset({"adversaire", "opponent", "ami", "amie", "pote", "copain", "copine", "friend", "buddy", "frere",
                    "soeur", "brother", "sister", "pere", "mere", "dad", "mom", "rival", "autre", "other"})
_BREAK = re.compile(r"[.;!?:,()]|\b(?:et|and|mais|but|puis)\b")
_WORD = re.compile(r"[a-z]+")
_NAME = re.compile(r"\b[A-Z][a-zA-Z-]+\b")


def openers(question: str) -> list[dict]:
    """``opener`` entities (``self``, ``other`` or ``name:<player>``) read from each opening verb's subject."""
    folded = fold_same_length(question).replace("’", "'")
    cased = "".join(unicodedata.normalize("NFKD", c)[0] if c.isalpha() else c for c in question).replace("’", "'")
    found = []
    for verb in _OPENING.finditer(folded):
        value = _subject(question, folded, cased, verb.start())
        if value is not None:
            found.append({"kind": "opener", "value": value, "start": verb.start(), "end": verb.end()})
    return found


def _subject(question: str, folded: str, cased: str, at: int) -> str | None:
    clause_start = max((m.end() for m in _BREAK.finditer(folded, 0, at)), default=0)
    words = list(_WORD.finditer(folded, clause_start, at))
    negated = False
    while words and words[-1].group() in _CONNECTING:
        negated |= words.pop().group() in _NEGATION
    if not words:
        return None
    word = words[-1]
    said = cased[word.start() : word.end()]
    if word.group() in _SELF:
        side = "self"
    elif word.group() in _OTHER:
        side = "other"
    elif word.group() in _PRONOUNS:
        named = [question[m.start() : m.end()] for m in _NAME.finditer(cased, 0, word.start()) if _is_name(m)]
        side = f"name:{named[-1]}" if named else "other"
    elif said[:1].isupper() and _is_name(_NAME.match(cased, word.start())):
        side = f"name:{question[word.start() : word.end()]}"
    else:
        return None
    if not negated:
        return side
    return {"self": "other", "other": "self"}.get(side)


def _is_name(match: re.Match | None) -> bool:
    """A capitalised word that is no sentence-initial function word ("Who", "At", "Mon") nor a plain word ("Sure")."""
    return match is not None and match.group().lower() not in _NOT_NAMES and not is_plain_word(match.group())


_NOT_NAMES = frozenset({
    "who", "at", "so", "and", "then", "i", "it", "its", "my", "mon", "ma", "c", "qui", "je", "il", "elle", "he", "she",
    "the", "le", "la", "a", "duel", "in", "en", "au", "a", "apres", "after", "when", "quand", "si", "if", "mais", "but",
})
