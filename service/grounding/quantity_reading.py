"""Read a "how many" question as (asked quantity, moment, number of players), or refuse it.

The words are data: the asking cue, the moments and the ways of saying how many
play are in ``quantity_words.yaml``; what each game counts is in
``corpus/<game>/quantities.yaml``. Phrases match folded words in order; a word
ending in ``*`` is a stem; a word of five letters or more tolerates one slip
(rapidfuzz ratio ≥ 85), so "manchs" and "tokns" still name what they name.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources
from typing import Iterable, Mapping, Sequence

import yaml
from rapidfuzz import fuzz

from language import fold
from language.folding import fold_with_offsets
from language.lexicon import LANGUAGES, lexicon, number_value
from language.sentences import asking_span
from language.tokens import tokens

__all__ = ["Mention", "QuantityWords", "count_asking_span", "cue_position", "describes_moves", "find_mentions",
           "listed_players", "moments_said", "nearest_after", "player_count", "words"]

_SLIP_CUTOFF = 85


@dataclass(frozen=True)
class Mention:
    """One phrase of ``id`` said at folded words ``start:end`` (word indexes) of a text."""

    id: str
    start: int
    end: int
    phrase: str

    @property
    def length(self) -> int:
        return self.end - self.start


@dataclass(frozen=True)
class QuantityWords:
    """The game-independent words (``quantity_words.yaml``), folded."""

    cues: tuple[str, ...]
    moves: tuple[str, ...]
    moments: Mapping[str, tuple[str, ...]]
    players: tuple[re.Pattern[str], ...]


@functools.cache
def words() -> QuantityWords:
    data = yaml.safe_load(resources.files("service.grounding").joinpath("quantity_words.yaml").read_text(encoding="utf-8"))
    numbers = "|".join(sorted({word for language in LANGUAGES for word in lexicon(language).number_values},
                              key=len, reverse=True))
    number = rf"\d+|{numbers}"
    return QuantityWords(
        cues=tuple(fold(cue) for language in LANGUAGES for cue in data["cues"][language]),
        moves=tuple(fold(word) for language in LANGUAGES for word in data["moves"][language]),
        moments={moment: tuple(fold(w) for language in LANGUAGES for w in by_language[language])
                 for moment, by_language in data["moments"].items()},
        players=tuple(re.compile(pattern.replace("N", number)) for language in LANGUAGES
                      for pattern in data["players"][language]),
    )


def count_asking_span(question: str) -> tuple[int, int] | None:
    """The span of the sentence that asks (:func:`language.sentences.asking_span`), if it holds a count cue."""
    span = asking_span(question)
    if span is None:
        return None
    folded = fold(question[span[0]:span[1]])
    if not any(re.search(rf"\b{re.escape(cue)}\b", folded) for cue in words().cues):
        return None
    return span


def cue_position(text: str) -> int | None:
    """The index (in folded words) of the asking cue in ``text`` ("combien", "how many")."""
    found = find_mentions(text, {"cue": words().cues})
    return found[0].start if found else None


def find_mentions(text: str, entries: Mapping[str, Iterable[str]], slips: bool = True) -> list[Mention]:
    """Every phrase of ``entries`` (id → folded phrases) said in ``text``, longest first where two overlap;
    ``slips``: a word of five letters or more may be one slip away."""
    said = [token.text for token in tokens(text)]
    starts = _Starts(said, slips)
    found: list[Mention] = []
    for entry_id, phrases in entries.items():
        for phrase in phrases:
            parts = _phrase_parts(phrase)
            last = len(said) - len(parts)
            for start in starts.of(parts[0]) if parts else range(last + 1):
                if start > last:
                    break
                if parts and not _same(said[start], parts[0], slips):
                    continue  # most positions fail on the first word: no window built for them
                if all(_same(word, part, slips) for word, part in zip(said[start + 1:start + len(parts)], parts[1:])):
                    found.append(Mention(entry_id, start, start + len(parts), phrase))
    found.sort(key=lambda mention: (-mention.length, mention.start))
    kept: list[Mention] = []
    for mention in found:
        if not any(mention.start < other.end and other.start < mention.end and other.id != mention.id
                   and other.length > mention.length for other in kept):
            kept.append(mention)
    return sorted(kept, key=lambda mention: (mention.start, -mention.length))


def moments_said(question: str) -> set[str]:
    """The moments (``setup``, ``round``, ``round_end``, ``game_end``) the question names."""
    return {mention.id for mention in find_mentions(question, words().moments)}


def player_count(question: str) -> tuple[int | None, list[tuple[int, int]]]:
    """How many play, as the question says it ("à 3 joueurs", "there are three of us"), and the span of each
    saying of it; None when unsaid, or when two different counts are (no one set-up then).
    """
    folded, origin = fold_with_offsets(question)
    said: set[int | None] = set()
    spans = []
    for pattern in words().players:
        for match in pattern.finditer(folded):
            said.add(_number(match.group(1)))
            spans.append((origin[match.start()], origin[match.end() - 1] + 1))
    said.discard(None)
    return (said.pop(), spans) if len(said) == 1 else (None, spans)


_NAME = r"[A-ZÀ-Ý][a-zà-ÿ]+"
_ME = r"(?:moi|me|myself|I)"
_ENTRY = re.compile(rf"\b(?:{_NAME}|{_ME})\b")
_NAME_LIST = re.compile(rf"{_ENTRY.pattern}(?:\s*(?:,|\bet\b|\band\b)\s*{_ENTRY.pattern})+")
_ROSTER_OPENING = re.compile(
    rf"(?:\b(?:[Aa]vec|[Ww]ith)\s+|\b(?:[Oo]n est|[Nn]ous sommes|[Ww]e are|[Ww]e['’]re|[Tt]here are)\s+\w+"
    rf"(?:\s+(?:joueurs|players|of us))?\s*[:,(]\s*)\Z"
)
_ASKER = re.compile(rf"\A{_ME}\Z")


def listed_players(question: str, names: Sequence[str]) -> frozenset[str]:
    """The ``names`` the question says only to list who plays: no fact of a game under way.

    A name is listed when every saying of it lies in a list of players: one that a roster opens ("on est 3 :
    Hugo, Léa et moi", "with Hugo and Léa", "we are three: Ana, Tom and me"), or one of known names (with the
    asker, "moi"/"me") as long as the number of players the question states ("on joue à trois, moi, Léa et
    Hugo", "on est trois ce soir (Paul, Iris et moi)"). A name said again outside its list ("Hugo a combien de
    pièces ?") is a fact of the position.
    """
    count, _ = player_count(question)
    known = set(names)
    lists = []
    for found in _NAME_LIST.finditer(question):
        entries = _ENTRY.findall(found.group())
        roll_call = (count == len(entries) and len(set(entries)) == len(entries)
                     and all(entry in known or _ASKER.match(entry) for entry in entries))
        if roll_call or _ROSTER_OPENING.search(question, 0, found.start()):
            lists.append(found.span())
    return frozenset(name for name in names if _only_in(question, name, lists))


def _only_in(text: str, name: str, spans: Sequence[tuple[int, int]]) -> bool:
    said = [match.start() for match in re.finditer(rf"\b{re.escape(name)}\b", text)]
    return bool(said) and all(any(low <= at < high for low, high in spans) for at in said)


def describes_moves(question: str, actions: Mapping[str, Iterable[str]], kept: Sequence[tuple[int, int]]) -> bool:
    """Whether the question tells of moves (``moves`` and the game lexicon's actions) anywhere: told before it
    asks ("si je pose…", "after I play…"), the position is no longer the one the moment names; said in the asking
    clause ("how many cards will I have played?"), it counts moves, which no state quantity reads. Words inside
    ``kept`` character spans (a quantity's own words, "on joue à 3") are no move.
    """
    said = tokens(question)
    for mention in find_mentions(question, {**actions, "move": words().moves}, slips=False):  # "ends" is no "rends"
        start = said[mention.start].start
        if not any(low <= start < high for low, high in kept):
            return True
    return False


def _number(word: str) -> int | None:
    return number_value(word)


class _Starts:
    """The positions of a text's words where a phrase's first word can be said, ascending, as :func:`_same` reads it:
    a plain word only where it is said, a slip of a long word only among words one letter shorter to one longer,
    a stem (``pioch*``) anywhere. The positions left out are those :func:`_same` would refuse."""

    def __init__(self, said: Sequence[str], slips: bool) -> None:
        self._every = range(len(said))
        self._slips = slips
        self._at_word: dict[str, list[int]] = {}
        self._at_length: dict[int, list[int]] = {}
        for position, word in enumerate(said):
            self._at_word.setdefault(word, []).append(position)
            self._at_length.setdefault(len(word), []).append(position)
        self._near_length: dict[int, list[int]] = {}

    def of(self, first: str) -> Sequence[int]:
        if first.endswith("*"):
            return self._every
        if not (self._slips and len(first) >= 5):
            return self._at_word.get(first, ())
        length = len(first)
        if length not in self._near_length:
            self._near_length[length] = sorted(position for near in (length - 1, length, length + 1)
                                               for position in self._at_length.get(near, ()))
        return self._near_length[length]


@functools.lru_cache(maxsize=4096)
def _phrase_parts(phrase: str) -> tuple[str, ...]:
    return tuple(phrase.replace("-", " ").replace("'", " ").split())


@functools.lru_cache(maxsize=1 << 16)  # the same (word, phrase word) pairs come back question after question
def _same(word: str, part: str, slips: bool = True) -> bool:
    if part.endswith("*"):
        return word.startswith(part[:-1])
    if word == part:
        return True
    return slips and len(part) >= 5 and abs(len(word) - len(part)) <= 1 and fuzz.ratio(word, part) >= _SLIP_CUTOFF


def nearest_after(mentions: Sequence[Mention], position: int) -> list[Mention]:
    """The mentions ranked for being what the cue at ``position`` counts: right after it first ("combien de
    manches"), then the longest, then those before it, nearest first ("les manches, il y en a combien ?")."""
    return sorted(mentions, key=lambda m: (m.start < position, abs(m.start - position), -m.length))
