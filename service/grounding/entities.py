"""Recognise the entities of a rules question: the game's terms, numbers, players, roles.

The recogniser is driven by ``corpus/<game>/glossary.yaml`` (every French name,
English name and alias of a term, folded and plural-tolerant) plus a few
language patterns every game shares: numbers in digits and words, counts with
their unit (``3 jetons``, ``exactly 4 left``), player counts (``à 3 joueurs``),
ownership (``mon Marchand`` vs ``le Marchand d'un autre joueur``, ``my Sailor``
vs ``an opponent's Sailor``), named players (``une carte de Léa``) and turn
order markers (``last to reveal``). What a glossary cannot express comes from
the game's optional hook ``engine/<game>/questions.py`` (see :mod:`.hooks`).

Entities keep their span in the question, so slot filling can follow the order
of mention and ``--explain`` can show what was read where.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import yaml
from rapidfuzz import fuzz, process

from language import Token, fold_with_offsets, keys, stopwords, tokens
from language.spelling import word_frequency
from language.names import is_first_name

from service.grounding.coordination import share_list_nouns

SELF = "self"
OTHER = "other"

_NUMBER_WORDS = {
    "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9,
    "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15, "vingt": 20,
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "twenty": 20, "aucun": 0, "aucune": 0, "none": 0,
}
"""Folded number words; ``un``/``une`` are articles unless followed by ``seul``."""
_FUZZY_MIN_LENGTH = 5
_FUZZY_CUTOFF = 80
"""rapidfuzz ratio (0-100) above which a word is taken for a glossary name: one slip in six letters scores 83."""
_ONE_WORDS = {"un", "une", "single", "a"}
_ONE_CONFIRMERS = {"seul", "seule", "single", "seulement"}
_ONE_PRONOUN_BEFORE = {"a", "an", "the", "this", "that", "another", "each", "every", "which", "new", "other", "any",
                       "first", "second", "third", "last", "next", "same", "my", "your", "their", "either", "neither"}
_ONE_PRONOUN_AFTER = {"more", "of", "another"}
_SELF_COUNT_BEFORE = (
    ("j", "ai"), ("j", "ai", "deja"), ("j", "ai", "encore"), ("je", "possede"), ("je", "garde"), ("moi",), ("i", "have"),
    ("i", "hold"), ("i", "own"), ("i", "bought"), ("i", "m", "holding"), ("i", "am", "holding"), ("i", "have", "already"),
    ("i", "already", "have"), ("i", "still", "have"), ("i", "hold", "already"), ("j", "en", "ai"), ("me", "with"), ("mine",),
)
"""Words before a count that make it the asker's: slot filling then prefers a ``role: self`` slot."""
_OTHER_COUNT_BEFORE = (
    ("opponent", "has"), ("opponent", "had"), ("opponent", "holds"), ("opponent", "bought"), ("player", "has"),
    ("he", "has"), ("she", "has"), ("they", "have"), ("he", "holds"), ("she", "holds"), ("he", "bought"), ("she", "bought"),
    ("adversaire", "a"), ("adversaire", "possede"), ("joueur", "a"), ("il", "a"), ("elle", "a"), ("lui",), ("elle",),
    ("opponent",), ("adversaire",), ("ils", "ont"),
)
"""Words before a count that make it another player's: it never fills a ``role: self`` slot."""
_ONLY_WORDS = {"only", "uniquement", "seulement", "exclusivement"}
_DETERMINERS = {"the", "a", "an", "my", "des", "de", "d", "le", "la", "les", "mes", "du"}
_QUALIFIERS = {
    ("exactement",): "exactly", ("exactly",): "exactly", ("pile",): "exactly", ("juste",): "exactly",
    ("au", "moin"): "at_least", ("at", "least"): "at_least",
    ("plu", "de"): "more_than", ("more", "than"): "more_than", ("over",): "more_than", ("above",): "more_than",
    ("moin", "de"): "less_than", ("less", "than"): "less_than", ("fewer", "than"): "less_than",
    ("under",): "less_than", ("only",): "exactly", ("seulement",): "exactly",
}
_PLAYER_WORDS = {"joueur", "player", "joueuse"}
_SENTENCE_BREAK = re.compile(r"[.?!;:]")
_PLAYER_COUNT_BEFORE = {
    ("joue", "a"), ("jouer", "a"), ("jouons", "a"), ("jouez", "a"), ("partie", "a"), ("on", "est"),
    ("nous", "sommes"), ("playing", "with"), ("play", "with"), ("game", "with"), ("we", "are"),
}
"""Words that make a bare number a player count: ``quand on joue à 5``, ``playing with 4``."""
_PLAYER_COUNT_AFTER = {("of", "us"), ("of", "them"), ("of", "you")}
"""Words after "the N" that make it a player count: "only the two of them", "the three of us"."""
_SELF_BEFORE = {"mon", "ma", "mes", "me", "my", "mine", "notre", "nos", "our", "moi"}
_SKIPPABLE = {"own", "propre", "propres"}
_OTHER_BEFORE = (
    ("another", "player", "s"), ("other", "player", "s"), ("an", "opponent", "s"), ("opponent", "s"),
    ("someone", "s"), ("somebody", "s"), ("his",), ("her",), ("their",),
    ("leur",), ("enemy",), ("rival",), ("opposing",), ("adverse",),
)
_OTHER_AFTER = (
    ("d", "un", "autre"), ("d", "une", "autre"), ("de", "l", "autre"), ("d", "un", "adversaire"),
    ("de", "l", "adversaire"), ("adverse",), ("ennemi",), ("ennemie",), ("de", "quelqu", "un"),
    ("des", "autre"), ("of", "another"), ("of", "an", "opponent"), ("belonging", "to", "another"),
    ("from", "another"), ("owned", "by", "another"), ("de", "mon", "adversaire"), ("of", "my", "opponent"),
)
_SELF_AFTER = (("a", "moi"), ("of", "mine"), ("que", "j", "ai"), ("i", "own"), ("i", "played"))
_NAME_INTRODUCERS = {"de", "a", "chez", "contre", "against", "to", "from", "with", "et", "and"}
_MARKERS = (
    ("alone", re.compile(
        r"(?<!\bun\s)(?<!\bune\s)\b(?:tout\w*\s+)?seule?s?\b(?!\s+(?:carte\s+reserv|joueur|fois|or\b))|\balone\b|\bby\s+(?:it|him|her)self\b"
        r"|\blieu\s+vide\b|\bempty\s+(?:location|place)\b|\bil\s+n\W?y\s+a\s+personne\b|\bnobody\s+else\b"
        r"|\bonly\s+card\b|\bseule\s+carte\b"
    )),
    # the rulebook's own reveal verb too: « chacun retourne sa carte », "flip", "turn over"
    ("last_revealed", re.compile(
        r"\bderni\w*\b[^.?!]{0,30}\b(?:revel|retourn|devoil)|\b(?:revel|retourn|devoil)\w*\s+(?:\w+\s+){0,3}en\s+dernier"
        r"|\blast\b[^.?!]{0,25}\b(?:reveal|flip|turn\w*\s+over)"
        r"|\b(?:reveal|flip)\w*\s+(?:\w+\s+){0,3}last\b|derniere\s+carte\s+du\s+tour|last\s+card\s+of\s+the\s+turn"
    )),
    ("first_revealed", re.compile(
        r"\bpremi\w*\b[^.?!]{0,30}\b(?:revel|retourn|devoil)|\b(?:revel|retourn|devoil)\w*\s+(?:\w+\s+){0,3}en\s+premier"
        r"|\bfirst\b[^.?!]{0,25}\b(?:reveal|flip|turn\w*\s+over)"
    )),
    ("end_of_round", re.compile(r"\bfin\s+de\s+(?:la\s+)?manche|\bend\s+of\s+(?:the\s+)?round|\bend-of-round")),
    ("end_of_turn", re.compile(r"\bfin\s+de\s+(?:mon\s+|ton\s+|son\s+)?tour\b|\bend\s+of\s+(?:my\s+|the\s+|your\s+)?turn")),
    ("end_of_game", re.compile(r"\bfin\s+de\s+(?:la\s+)?partie|\bend\s+of\s+(?:the\s+)?game|\bgame\s+end"
                               r"|\bgame(?:['’]s|\s+is)\s+over\b|\bgame\s+over\b|\bgame\s+has\s+ended\b|\bpartie\s+(?:est\s+)?(?:finie|termin[ée]e)\b"
                               r"|\bla\s+partie\s+se\s+termine\b")),
)


@dataclass(frozen=True)
class Term:
    """A glossary term: ``id``, ``kind`` and its names, with the game's attributes."""

    id: str
    kind: str
    fr: str
    en: str
    aliases: tuple[str, ...] = ()
    attributes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Entity:
    """Something a question names, with where it names it.

    Args:
        kind: a glossary kind (``card``, ``location``, ``token``...), ``number``,
            ``player_count``, ``player`` or ``marker``, or a kind a game hook adds.
        value: the term id, the number, the player's name or the marker id.
        start, end: offsets of the mention in the question.
        text: the words as typed.
        role: ``"self"``, ``"other"`` or None when the question does not say (for a
            count, ``self`` when the asker holds it: ``j'ai 4``, ``I have 4``).
        unit: for numbers, the term id (or ``players``) they count.
        qualifier: for numbers, ``exactly``, ``at_least``, ``more_than`` or ``less_than``;
            for terms, ``only`` (``with only gold tokens``).
        attributes: the glossary attributes of the term (value, colour...).
        shares: for a count of a list, the terms the list says once for it ("2 white and 4 blue bonuses": the
            "2" shares ``bonus``; :mod:`.coordination`).
        listed_with: for a count of a list, where the list's first count starts.
    """

    kind: str
    value: Any
    start: int
    end: int
    text: str
    role: str | None = None
    unit: str | None = None
    qualifier: str | None = None
    attributes: Mapping[str, Any] = field(default_factory=dict)
    shares: tuple[str, ...] = ()
    listed_with: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data = {"kind": self.kind, "value": self.value, "span": [self.start, self.end], "text": self.text}
        for key in ("role", "unit", "qualifier", "listed_with"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.shares:
            data["shares"] = list(self.shares)
        return data


Hook = Callable[[str], Iterable[Mapping[str, Any]]]
"""A game's extra recogniser: question text -> entity dicts (kind, value, start, end[, role, unit...])."""


def load_glossary(path: Path) -> tuple[Term, ...]:
    """Read ``glossary.yaml``; a missing file is an empty glossary.

    Raises:
        ValueError: naming the term and field when an entry is malformed.
    """
    if not path.is_file():
        return ()
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    terms = []
    for index, entry in enumerate(data.get("terms") or []):
        for key in ("id", "kind", "fr", "en"):
            if not isinstance(entry.get(key), str):
                raise ValueError(f"{path}: terms[{index}].{key}: expected a string, got {entry.get(key)!r}")
        terms.append(Term(
            entry["id"], entry["kind"], entry["fr"], entry["en"],
            tuple(str(alias) for alias in entry.get("aliases") or ()), dict(entry.get("attributes") or {}),
        ))
    return tuple(terms)


_UNREAD = object()


class Recogniser:
    """Finds the entities of questions about one game.

    Args:
        terms: the game's glossary.
        hook: the game's extra recogniser, if any.

    Example:
        >>> recogniser = Recogniser(load_glossary(Path("corpus/emblemes/glossary.yaml")))
        >>> [e.value for e in recogniser.recognise("Mon Matelot au Port")]
        ['matelot', 'port']
    """

    def __init__(self, terms: Iterable[Term], hook: Hook | None = None):
        self.terms = {term.id: term for term in terms}
        self.hook = hook
        self._names: dict[str, list[tuple[tuple[str, ...], Term]]] = {}
        for term in self.terms.values():
            for name in {term.fr, term.en, *term.aliases}:
                name_keys = keys(name)
                if name_keys and not any(key.isdigit() for key in name_keys):
                    self._names.setdefault(name_keys[0], []).append((name_keys, term))
        for candidates in self._names.values():
            candidates.sort(key=lambda pair: -len(pair[0]))
        self._single_words = {
            name_keys[0]: term for candidates in self._names.values() for name_keys, term in candidates
            if len(name_keys) == 1 and len(name_keys[0]) >= _FUZZY_MIN_LENGTH
        }
        self._phrases_by_second: dict[str, list[tuple[tuple[str, ...], Term]]] = {}
        for candidates in self._names.values():
            for name_keys, term in candidates:
                if len(name_keys) >= 2:
                    self._phrases_by_second.setdefault(name_keys[1], []).append((name_keys, term))
        # Per word (or pair of words): what the slip readings find depends on the glossary and those words only,
        # and the same words come back question after question.
        self._phrase_candidates: dict[tuple[str, str | None], list[tuple[tuple[str, ...], Term]]] = {}
        self._misspelt: dict[str, tuple[int, Term] | None] = {}

    def recognise(self, question: str) -> list[Entity]:
        """Every entity of ``question``, in order of mention."""
        words = tokens(question)
        found = self._terms(question, words)
        found += self._numbers(question, words)
        found += self._markers(question)
        found += self._named_players(question, words, found)
        if self.hook is not None:
            found = _merge_hook(found, self.hook(question), question)
        return share_list_nouns(question, found, self.terms)

    def is_slip(self, entity: Entity) -> bool:
        """Whether ``entity`` is a glossary term read from a slip ("Victor" for "victoire"), not its name as written."""
        term = self.terms.get(entity.value) if isinstance(entity.value, str) else None
        if term is None or term.kind != entity.kind:
            return False
        name_keys = keys(entity.text)
        return not any(candidate == name_keys for candidate, _ in self._names.get(name_keys[0] if name_keys else "", ()))

    def _terms(self, question: str, words: list[Token]) -> list[Entity]:
        found = []
        index = 0
        while index < len(words):
            match = self._longest_name(words, index, _a_first_name(question, words[index]))
            if match is None:
                index += 1
                continue
            length, term = match
            start, end = words[index].start, words[index + length - 1].end
            role = _role(words, index, index + length)
            qualifier = "only" if _restricted(words, index) else None
            found.append(Entity(
                term.kind, term.id, start, end, question[start:end], role, qualifier=qualifier, attributes=term.attributes,
            ))
            index += length
        return found

    def _longest_name(self, words: list[Token], index: int, a_first_name: bool = False) -> tuple[int, Term] | None:
        for name_keys, term in self._names.get(words[index].key, ()):
            if tuple(w.key for w in words[index : index + len(name_keys)]) == name_keys:
                return len(name_keys), term
        if a_first_name:
            return None  # "Camille" mid-sentence is a player, not a slip of "famille"
        return self._misspelt_phrase(words, index) or self._misspelt_name(words[index].key)

    def _misspelt_phrase(self, words: list[Token], index: int) -> tuple[int, Term] | None:
        """A name of several words with one of them typed with a slip (``coupe-jarett``, ``guet-appens``):
        the other words as written, the slipped one as :meth:`_misspelt_name` would accept it."""
        next_key = words[index + 1].key if index + 1 < len(words) else None
        for name_keys, term in self._slip_candidates(words[index].key, next_key):
            said = tuple(w.key for w in words[index : index + len(name_keys)])
            if len(said) != len(name_keys):
                continue
            slipped = [(word, key) for word, key in zip(said, name_keys) if word != key]
            if len(slipped) == 1 and _one_slip(*slipped[0], shortest=_FUZZY_MIN_LENGTH - 1):
                return len(name_keys), term
        return None

    def _slip_candidates(self, key: str, next_key: str | None) -> list[tuple[tuple[str, ...], Term]]:
        """The names beginning with ``key`` and those whose second word is ``next_key``, longest first."""
        found = self._phrase_candidates.get((key, next_key))
        if found is None:
            candidates = list(self._names.get(key, ()))
            if next_key is not None:
                candidates += self._phrases_by_second.get(next_key, ())
            if len(self._phrase_candidates) >= 1 << 14:
                self._phrase_candidates.clear()
            found = self._phrase_candidates[(key, next_key)] = sorted(candidates, key=lambda pair: -len(pair[0]))
        return found

    def _misspelt_name(self, word: str) -> tuple[int, Term] | None:
        """:meth:`_read_misspelt_name`, read once per word."""
        found = self._misspelt.get(word, _UNREAD)
        if found is not _UNREAD:
            return found
        found = self._read_misspelt_name(word)
        if len(self._misspelt) >= 1 << 14:
            self._misspelt.clear()
        self._misspelt[word] = found
        return found

    def _read_misspelt_name(self, word: str) -> tuple[int, Term] | None:
        """A one-word glossary name typed with a slip (``Volleuse``, ``Sailer``, ``Harbor``, ``Marchant``).

        Only words of five letters or more that are not function words, within two letters of the name's length
        and at least :data:`_FUZZY_CUTOFF` similar; a common French or English word only when it shares the
        name's beginning, so differs by its ending ("achète" is "acheter", but "theft" is no slip of "thief").
        """
        if len(word) < _FUZZY_MIN_LENGTH or word.isdigit() or word in stopwords():
            return None
        best = process.extractOne(word, self._single_words.keys(), scorer=fuzz.ratio, score_cutoff=_FUZZY_CUTOFF)
        if best is None or abs(len(best[0]) - len(word)) > 2:
            return None
        if _common_word(word) and not _inflection_of(word, best[0]):
            return None
        return 1, self._single_words[best[0]]

    def _numbers(self, question: str, words: list[Token]) -> list[Entity]:
        found = []
        for index, word in enumerate(words):
            value = _number_value(words, index)
            if value is None:
                continue
            unit = self._unit_after(question, words, index + 1)
            if unit is None and _counts_players_before(words, index):
                unit = "players"
            kind = "player_count" if unit == "players" else "number"
            found.append(Entity(
                kind, value, word.start, word.end, question[word.start : word.end],
                role=_holder_before(words, index) if kind == "number" else None,
                unit=unit, qualifier=_qualifier_before(words, index),
            ))
        return found

    def _unit_after(self, question: str, words: list[Token], index: int) -> str | None:
        """The term a number counts: within the next three words, never past a sentence break."""
        for offset in range(index, min(index + 3, len(words))):
            if offset > 0 and _SENTENCE_BREAK.search(question[words[offset - 1].end : words[offset].start]):
                return None
            if words[offset].key in _PLAYER_WORDS:
                return "players"
            match = self._longest_name(words, offset)
            if match is not None:
                return match[1].id
            if words[offset].key not in {"de", "d", "of", "seul", "seule", "single", "more", "autre", "other", "en"}:
                return None
        return None

    def _markers(self, question: str) -> list[Entity]:
        folded, origin = fold_with_offsets(question)
        found = []
        for marker, pattern in _MARKERS:
            for match in pattern.finditer(folded):
                start, end = origin[match.start()], origin[match.end() - 1] + 1
                found.append(Entity("marker", marker, start, end, question[start:end]))
        return found

    def _named_players(self, question: str, words: list[Token], found: list[Entity]) -> list[Entity]:
        """Capitalised words after ``de``/``à``/``with``... that name no term: other players."""
        taken = {(e.start, e.end) for e in found}
        players = []
        for previous, word in zip(words, words[1:]):
            original = question[word.start : word.end]
            if (
                previous.key in _NAME_INTRODUCERS and original[:1].isupper() and len(original) > 2
                and not any(start <= word.start < end for start, end in taken)
            ):
                players.append(Entity("player", original, word.start, word.end, original, OTHER))
        return players


def _a_first_name(question: str, word: Token) -> bool:
    """A capitalised first name (language/names.py) that does not open a sentence: said as a name, not typed as a slip."""
    said = question[word.start : word.end]
    opens = not question[: word.start].strip() or question[: word.start].rstrip()[-1] in ".!?:"
    return said[:1].isupper() and not opens and is_first_name(said)


_COMMON_WORD = 5000
"""pyspellchecker frequency from which a word is taken as meant, not as a slip of a glossary name."""


def _inflection_of(word: str, name: str) -> bool:
    shared = len(os.path.commonprefix([word, name]))
    return shared >= min(len(word), len(name)) - 1


def _common_word(word: str) -> bool:
    return any(word_frequency(word, language) >= _COMMON_WORD for language in ("fr", "en"))


def _number_value(words: list[Token], index: int) -> int | None:
    word = words[index].text
    if word.isdigit():
        return int(word)
    if word == "one" and _pronoun_one(words, index):
        return None
    if word in _NUMBER_WORDS:
        return _NUMBER_WORDS[word]
    following = words[index + 1].key if index + 1 < len(words) else None
    if word in _ONE_WORDS and following in _ONE_CONFIRMERS:
        return 1
    return None


def _pronoun_one(words: list[Token], index: int) -> bool:
    """``a fourth one``, ``one more``, ``that one``: "one" stands for a thing, it counts nothing."""
    previous = words[index - 1].text if index else ""
    following = words[index + 1].text if index + 1 < len(words) else ""
    return following in _ONE_PRONOUN_AFTER or previous in _ONE_PRONOUN_BEFORE or previous.endswith("th")


def _holder_before(words: list[Token], index: int) -> str | None:
    """Whose count it is: ``self`` (``j'ai 4``, ``I have 4``, ``moi 6``), ``other`` (``my opponent has 5``,
    ``lui 5``, ``she has 3``) or None."""
    window = tuple(word.text for word in words[max(0, index - 3) : index])
    for patterns, role in ((_SELF_COUNT_BEFORE, SELF), (_OTHER_COUNT_BEFORE, OTHER)):
        if any(window[-len(pattern):] == pattern for pattern in patterns):
            return role
    return None


def _restricted(words: list[Token], index: int) -> bool:
    """``only gold tokens``, ``uniquement des ors``: the mention restricts what there is."""
    before = index
    while before > 0 and words[before - 1].key in _DETERMINERS:
        before -= 1
    return before > 0 and words[before - 1].key in _ONLY_WORDS


def _counts_players_before(words: list[Token], index: int) -> bool:
    """A bare number that counts the players: ``quand on joue à 5``, ``playing with 4``, ``the two of us``."""
    if index >= 2 and (words[index - 2].text, words[index - 1].text) in _PLAYER_COUNT_BEFORE:
        return True
    after = tuple(word.text for word in words[index + 1 : index + 3])
    return index >= 1 and words[index - 1].text == "the" and after in _PLAYER_COUNT_AFTER


def _one_slip(word: str, name: str, shortest: int = _FUZZY_MIN_LENGTH) -> bool:
    """``word`` is ``name`` typed with a slip: both ``shortest`` letters or more (a word beside the others of a
    name said as written may be one shorter: "appens" is "apens"), lengths within two, similar enough."""
    return (
        len(name) >= shortest and len(word) >= shortest and abs(len(word) - len(name)) <= 2
        and word not in stopwords() and fuzz.ratio(word, name) >= _FUZZY_CUTOFF
    )


def _qualifier_before(words: list[Token], index: int) -> str | None:
    for length in (2, 1):
        window = tuple(w.key for w in words[max(0, index - length) : index])
        if len(window) == length and window in _QUALIFIERS:
            return _QUALIFIERS[window]
    return None


def _role(words: list[Token], start: int, end: int) -> str | None:
    """``self`` or ``other`` from the possessive before or the complement after a mention."""
    before = start
    while before > 0 and words[before - 1].key in _SKIPPABLE:
        before -= 1
    if before > 0 and words[before - 1].key in _SELF_BEFORE:
        return SELF
    preceding = tuple(w.key for w in words[max(0, before - 3) : before])
    if any(preceding[-len(pattern):] == pattern for pattern in _OTHER_BEFORE if len(preceding) >= len(pattern)):
        return OTHER
    following = tuple(w.key for w in words[end : end + 4])
    if any(following[: len(pattern)] == pattern for pattern in _OTHER_AFTER):
        return OTHER
    if any(following[: len(pattern)] == pattern for pattern in _SELF_AFTER):
        return SELF
    return None


def _merge_hook(found: list[Entity], extra: Iterable[Mapping[str, Any]], question: str) -> list[Entity]:
    """Add the hook's entities; one that covers a generic entity of its kind, or a number, replaces it."""
    merged = list(found)
    for index, raw in enumerate(extra):
        for key in ("kind", "value", "start", "end"):
            if key not in raw:
                raise ValueError(f"hook entity [{index}].{key}: missing in {dict(raw)!r}")
        start, end = int(raw["start"]), int(raw["end"])
        if not 0 <= start < end <= len(question):
            raise ValueError(f"hook entity [{index}].start/end: expected a span inside the question, got ({start}, {end})")
        entity = Entity(
            str(raw["kind"]), raw["value"], start, end, question[start:end], raw.get("role"),
            raw.get("unit"), raw.get("qualifier"), dict(raw.get("attributes") or {}),
        )
        merged = [
            e for e in merged
            if not (e.kind in (entity.kind, "number") and entity.start <= e.start and e.end <= entity.end)
        ]
        merged.append(entity)
    return merged

