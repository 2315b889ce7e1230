"""Sentences said aside: chatter around a rules question that states nothing about the game.

Players set the scene before they ask ("On joue depuis 2 heures chez Victor et il
reste 3 parts de pizza."). Such a sentence holds numbers and names the frame
parser would otherwise read as facts of the position (a count, a player), and a
frame refuses a question whose stated facts it cannot all place. A sentence is
*aside* when it is not the asking one and says nothing the game knows:

- no glossary name (a slip is the game's word only when it slips from a card's
  name, "Burglery flipped.", and is no capitalised word inside the sentence:
  "chez Victor" is no "victoire", "tarte" no "carte"), marker or player count,
  and no word of the game's lexicon as written — unless the sentence counts
  things the game does not know and the asker does not speak in it ("On joue
  depuis 2 heures", "il reste 3 parts de pizza", "at Victor's place": "joue",
  "reste", "place" are words of some game, said of the evening);
- every number in it counts a plural noun that is no game term ("2 heures", "3
  slices"): a bare number ("Hugo a 11.", "11 devant lui") may be an elided count,
  so its sentence stays;
- no capitalised word that the rest of the question says too ("Hugo est à ma
  gauche." stays when Hugo acts later).

:func:`without_asides` blanks those sentences with spaces, so every offset into
the question still points at what the player typed.
"""

from __future__ import annotations

import re
from typing import Callable, Sequence

from language import fold, stopwords, tokens
from language.sentences import asking_span, clause_spans
from service.grounding.entities import Entity
from service.grounding.lexicons import GameLexicon

__all__ = ["aside_spans", "without_asides"]

_NAME = re.compile(r"\b[A-ZÀ-Ý][a-zà-ÿ]+\b")
_GAME_KINDS_IGNORED = frozenset({"number", "player"})
"""Entity kinds that do not make a sentence about the game by themselves (checked separately)."""


def aside_spans(
    question: str, entities: Sequence[Entity], lexicon_: GameLexicon, slip: Callable[[Entity], bool]
) -> list[tuple[int, int]]:
    """The spans of the sentences said aside, in order (never the asking sentence).

    Args:
        slip: whether an entity is a glossary term read from a slip ("Victor" for "victoire").
    """
    sentences = clause_spans(question)
    if len(sentences) < 2:
        return []
    asking = asking_span(question, sentences)
    return [span for span in sentences if span != asking and _aside(question, span, entities, lexicon_, slip)]


def without_asides(question: str, entities: Sequence[Entity], lexicon_: GameLexicon, slip: Callable[[Entity], bool]) -> str:
    """``question`` with its aside sentences blanked (same length, same offsets)."""
    for start, end in aside_spans(question, entities, lexicon_, slip):
        question = question[:start] + " " * (end - start) + question[end:]
    return question


def _aside(question: str, span: tuple[int, int], entities: Sequence[Entity], lexicon_: GameLexicon, slip) -> bool:
    start, end = span
    inside = [entity for entity in entities if entity.start < end and entity.end > start]  # a hook entity may span sentences
    numbers = [entity for entity in inside if entity.kind == "number"]
    if any(not _counts_a_foreign_word(question, entity) for entity in numbers):
        return False
    # a game's verb stays a fact, unless the sentence counts only foreign things and the asker does not speak in it
    verbs_aside = bool(numbers) and not _asker_speaks(question, span)
    if any(entity.kind not in _GAME_KINDS_IGNORED and not (verbs_aside and entity.kind == "action")
           and not _a_name_slipped(question, start, entity, slip) for entity in inside):
        return False
    if _says_lexicon_word(question, span, lexicon_) and not verbs_aside:
        return False
    rest = question[:start] + " " + question[end:]
    names = [name for name in _NAME.findall(question[start:end]) if fold(name) not in stopwords()]
    return not any(re.search(rf"\b{re.escape(name)}\b", rest) for name in names)


_ASKER = frozenset({"je", "j", "moi", "me", "mon", "ma", "mes", "i", "my", "mine"})


def _asker_speaks(question: str, span: tuple[int, int]) -> bool:
    """The asker speaks of themself in the sentence ("je joue", "I play"): a game's word there may be their move."""
    return any(token.text in _ASKER for token in tokens(question[span[0] : span[1]]))


def _a_name_slipped(question: str, sentence_start: int, entity: Entity, slip) -> bool:
    """A word read as a slip of a game word that is more likely another word: a capitalised one inside the
    sentence is a person's name ("chez Victor"), and a slip of a common game word rather than of a card's name
    is a common word ("tarte" for "carte"); a card's name slipped ("Burglery") is the game's."""
    if not slip(entity):
        return False
    inside = bool(question[sentence_start : entity.start].strip())
    return entity.kind != "card" or (inside and entity.text[:1].isupper())


def _counts_a_foreign_word(question: str, number: Entity) -> bool:
    """The number counts a noun the glossary does not know (the recogniser found no unit): "2 heures",
    "3 slices". Only a plural (or the noun after "one") right after the number, in lower case, is read as
    counted: "Hugo a 11 devant lui" may be an elided count of points, and in "Margot has 2, Yanis 1" the
    word after "2" is a player, so those sentences stay."""
    if number.unit is not None:
        return False
    following = tokens(question[number.end : number.end + 30])
    if not following or following[0].text in stopwords() or following[0].text.isdigit():
        return False
    between = question[number.end : number.end + following[0].start]
    said = question[number.end + following[0].start : number.end + following[0].end]
    if between.strip() or said[:1].isupper():
        return False  # "Margot has 2, Yanis 1": a list of players' counts, the next word a name, not a noun counted
    return number.value == 1 or following[0].text.endswith(("s", "x"))


def _says_lexicon_word(question: str, span: tuple[int, int], lexicon_: GameLexicon) -> bool:
    from service.grounding.frame import _first  # the frame parser's lexicon reader: one way to read a lexicon word

    sections = (lexicon_.actions, lexicon_.asks, lexicon_.relations, lexicon_.terms)
    return any(words and _first(question, span, words, slips=False) is not None for words in sections)
