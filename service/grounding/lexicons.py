"""A game's question lexicon: ``corpus/<game>/lexicon.yaml``, checked when loaded.

The file lists, per language, the words of the game's hypothetical actions and
of what its questions ask (and, optionally, of relations between cards such
as adjacency), each under an id the game's frame module knows::

    game: emblemes
    actions:
      place: {fr: [pose, poser, arrive], en: [put, play, goes]}
    asks:
      steal: {fr: [voler, vole*], en: [rob, steal*]}

Optionally ``terms``: facts a question states that no glossary entry names
(Emblèmes: the kind of reward a place pays, ``theft``, ``half value``), each id
declared in the frame module's ``TERMS``; the frame lists where each is said.
Optionally ``asking`` (session 10): plain words a game's own readers look for
(For a Crown's asking clause: "perd", "lance", "vendu", "still"; session 11, anywhere in the
story: Splendor's "took", "given back", Emblèmes' "cards of other players", "Lucas has it"),
each id declared in the frame module's ``ASKING``; the frame lists where each is said in
the whole question (``Frame.asking_words``), read as every lexicon word is (stems, phrases,
slips). Unlike ``terms`` they are no facts: they do not make a sentence part of the game
for the chatter filter, nor keep a state quantity from being read.

A word ending in ``*`` is a stem; a word of two words or more matches as a
phrase; one-word entries of five letters or more tolerate one slip. An id the
frame module does not declare (its ``ACTIONS`` / ``ASKS`` / ``RELATIONS``), an unknown key or
a language other than ``fr``/``en`` is an error at load, never a silent no-match.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Collection, Mapping

import yaml

from language import LANGUAGES, fold

_KEYS = ("game", "actions", "asks", "relations", "terms", "asking")


@dataclass(frozen=True)
class GameLexicon:
    """Id -> folded words (both languages together: questions mix them)."""

    game: str
    actions: dict[str, frozenset[str]]
    asks: dict[str, frozenset[str]]
    relations: dict[str, frozenset[str]]
    terms: dict[str, frozenset[str]] = field(default_factory=dict)
    asking: dict[str, frozenset[str]] = field(default_factory=dict)
    ask_languages: dict[str, frozenset[str]] = field(default_factory=dict)
    """Each ``asks`` word (own and borrowed) -> the languages it is listed under: a synonym is read in its own language."""
    borrowed_asks: dict[str, frozenset[str]] = field(default_factory=dict)
    asking_languages: dict[str, frozenset[str]] = field(default_factory=dict)
    """Each ``asking`` word -> the languages it is listed under."""
    """Per ask id, the words other games' lexicons list for the same id and this one does not
    (:func:`with_borrowed_asks`): read only when no word of the game's own is said."""


def load_lexicon(
    path: Path, actions: Collection[str], asks: Collection[str], relations: Collection[str] = (),
    terms: Collection[str] = (), asking: Collection[str] = (),
) -> GameLexicon:
    """Read and check ``path`` against the ids its frame module declares.

    Raises:
        ValueError: naming the file and field when a key, id, language or word list is wrong.
    """
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise ValueError(f"{path}: unknown key(s) {unknown}; expected {list(_KEYS)}")
    if not isinstance(data.get("game"), str):
        raise ValueError(f"{path}: game: expected the game id, got {data.get('game')!r}")
    return GameLexicon(
        data["game"],
        _section(path, data, "actions", actions),
        _section(path, data, "asks", asks),
        _section(path, data, "relations", relations),
        _section(path, data, "terms", terms),
        _section(path, data, "asking", asking),
        _languages(data.get("asks") or {}),
        asking_languages=_languages(data.get("asking") or {}),
    )


def _languages(section: dict) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for by_language in section.values():
        for language in LANGUAGES:
            for item in by_language.get(language) or ():
                found.setdefault(_folded(item), set()).add(language)
    return {word: frozenset(languages) for word, languages in found.items()}


def _folded(item: str) -> str:
    return " ".join(fold(item).replace("'", " ").split())


def load_game_lexicon(path: Path, module: Any) -> GameLexicon:
    """:func:`load_lexicon` checked against the ids a frame module declares (``ACTIONS``, ``ASKS``, and optionally
    ``RELATIONS``, ``TERMS``, ``ASKING``)."""
    return load_lexicon(path, module.ACTIONS, module.ASKS, getattr(module, "RELATIONS", ()), getattr(module, "TERMS", ()),
                        getattr(module, "ASKING", ()))


def with_borrowed_asks(lexicons: Mapping[str, GameLexicon]) -> dict[str, GameLexicon]:
    """Each game's lexicon with the asks it shares with other games widened by their words.

    An ask id names one act whatever the game ("steal", "win", "left"); each lexicon was written from its own
    game's questions, so a player of one game says the act with a word only another game's list holds ("end up
    with" is For a Crown's ``left`` as much as Oriflamme's). Those words are kept apart (``borrowed_asks``) so that
    a game's own words always win, and a word one game lists under another of its asks is never borrowed for it.
    """
    out = {}
    for game, own in lexicons.items():
        own_words = frozenset().union(*own.asks.values()) if own.asks else frozenset()
        borrowed = {}
        for ask_id in own.asks:
            words = frozenset().union(*(other.asks.get(ask_id, frozenset()) for name, other in lexicons.items()
                                        if name != game)) - own_words
            if words:
                borrowed[ask_id] = words
        languages = {word: frozenset().union(*(other.ask_languages.get(word, frozenset()) for other in lexicons.values()))
                     for words in (*own.asks.values(), *borrowed.values()) for word in words}
        out[game] = replace(own, borrowed_asks=borrowed, ask_languages=languages)
    return out


def _section(path: Path, data: dict, key: str, declared: Collection[str]) -> dict[str, frozenset[str]]:
    section = data.get(key) or {}
    if not isinstance(section, dict):
        raise ValueError(f"{path}: {key}: expected a mapping of id -> {{fr: [...], en: [...]}}, got {section!r}")
    words = {}
    for entry_id, by_language in section.items():
        if entry_id not in declared:
            raise ValueError(f"{path}: {key}.{entry_id}: unknown id; the frame module declares {sorted(declared)}")
        if not isinstance(by_language, dict) or set(by_language) - set(LANGUAGES):
            raise ValueError(f"{path}: {key}.{entry_id}: expected languages {list(LANGUAGES)}, got {by_language!r}")
        items = [item for language in LANGUAGES for item in by_language.get(language) or ()]
        if not items or not all(isinstance(item, str) and item.strip() for item in items):
            raise ValueError(f"{path}: {key}.{entry_id}: expected non-empty word lists, got {by_language!r}")
        words[entry_id] = frozenset(_folded(item) for item in items)
    return words
