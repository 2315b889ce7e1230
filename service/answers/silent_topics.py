"""Kinds of detail rulebooks often leave unsaid, and which of them a game's rulebook never settles.

Known gaps (:mod:`.gaps`) are read rulebook by rulebook; silent topics are read once for every game
(``language/lexicons/silent_topics.yaml``): who starts, which way play goes, a reserve that runs
dry, a total below zero, a tie the tie-break leaves, time limits, table talk, trading, editions and
apps, house rules, looking at hidden cards. A topic is a gap of a game when no sentence of its
rules holds one of the topic's ``settled_by`` phrases; a question lands on it when its asking
sentence uses one of the topic's ``ask`` phrasings (:func:`.gaps.match`, the known gaps' matcher).
A game added to the corpus gets these without a ``gaps.yaml``.

A topic marked ``per_question`` (which choice is best: strategy) is one rulebooks touch here and there, in a tip or a
comparison (« Plus votre Portrait est à droite, plus vous êtes influent »), never as a rule of their own: it is kept for
every game and settled by the sentences retrieved for the question (:func:`settled_here`), not by the whole text.

A question names things by their names, a phrasing by their kind: :func:`topic_asked` also reads the question with the
game's title and its cards' and tokens' names as « le jeu », « carte », « jeton » (:func:`generic_reading`; the
lexicon's ``generic_names``), so « On a perdu une Voleuse » lands where « on a perdu une carte » does.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import yaml

from index.chunker import source_sentences
from index.corpus import load_rulebook
from language import stem, words
from language.sentences import asking_sentence
from service.answers.corpus import Rulebook
from service.answers.effect_duration import card_durations, unstated_duration
from service.answers.gaps import WINDOW_SLACK, GapMatch, match
from service.answers.unrelated_rules import related_pairs, unrelated_pair

__all__ = ["EFFECT_DURATION", "PER_QUESTION_DEPTH", "UNRELATED_RULES", "SilentTopic", "game_names", "generic_reading",
           "load_generic_names", "load_topics", "parse_topics", "settled_here", "settles", "silent_topics",
           "silent_topics_by_reading", "topic_asked"]

LANGUAGES = ("fr", "en")
UNRELATED_RULES = "unrelated_rules"
"""The topic of a question that joins two cards no sentence of the rules relates (:mod:`.unrelated_rules`)."""
EFFECT_DURATION = "effect_duration"
"""The topic of a question that asks how long a card's effect lasts when its rule gives no duration
(:mod:`.effect_duration`)."""
PER_QUESTION_DEPTH = 8
"""How many of the best-ranked sentences may settle a ``per_question`` topic: on train and tuning the sentence that
ranks the Galerie's sides (« Plus votre Portrait est à droite… ») comes 6th and 8th for « is it better to be on the left
or on the right? »; for the fresh13u build half's strategy questions the first weighing sentence comes 14th or later,
or none, but for one (« …des Mercenaires plus puissants », 1st), which then answers."""


@dataclass(frozen=True)
class SilentTopic:
    """One kind of detail a rulebook may leave unsaid.

    Attributes:
        id: the topic's name (``first_player``).
        lacks: what a rulebook that is silent on it lacks, per language (for the answer).
        ask: the phrasings a player would use, per language.
        settled_by: French phrases a rule that settles the topic would hold.
        per_question: settled by the sentences retrieved for the question rather than by any sentence of the rules.
        whole_question: asked anywhere in the question, the story before the asking sentence included (a player short
            of what a rule takes says so in the story: « …mais Inès n'en a plus qu'une. Il se passe quoi ? »).
        by_degree: a sentence that ranks by degree (:data:`_BY_DEGREE`) settles it too (``per_question`` only).
    """

    id: str
    lacks: dict[str, str]
    ask: dict[str, tuple[str, ...]]
    settled_by: tuple[str, ...]
    per_question: bool = False
    whole_question: bool = False
    by_degree: bool = False


@functools.cache
def load_topics() -> tuple[SilentTopic, ...]:
    """The topics of ``language/lexicons/silent_topics.yaml`` (read once)."""
    return parse_topics(_lexicon_text())


def _lexicon_text() -> str:
    return resources.files("language").joinpath("lexicons", "silent_topics.yaml").read_text(encoding="utf-8")


@functools.cache
def load_generic_names() -> dict[str, dict[str, tuple[str, ...]]]:
    """``generic_names`` of the lexicon: what a name is read as (``title``, or a glossary kind) → language → its words.

    Raises:
        ValueError: naming the entry when it does not give words for every language.
    """
    generic: dict[str, dict[str, tuple[str, ...]]] = {}
    for kind, by_language in ((yaml.safe_load(_lexicon_text()) or {}).get("generic_names") or {}).items():
        if not isinstance(by_language, dict) or set(by_language) != set(LANGUAGES):
            raise ValueError(f"silent_topics.yaml: generic_names.{kind}: needs exactly the languages {LANGUAGES}, "
                             f"got {by_language!r}")
        generic[str(kind)] = {language: tuple(words(str(by_language[language]))) for language in LANGUAGES}
    return generic


@functools.cache
def game_names(corpus_dir: Path) -> dict[str, tuple[tuple[tuple[str, ...], str], ...]]:
    """Game id → its names a question may use for a generic thing: (the name's folded words, what it is read as: ``title``
    or a glossary kind of :func:`load_generic_names`), longest first. The title counts with the game's id (« Oriflamme »
    for « Oriflamme Embrasement »)."""
    generic = load_generic_names()
    names: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {}
    for rules in sorted(Path(corpus_dir).glob("*/rules.md")):
        rulebook = load_rulebook(rules, Path(corpus_dir).parent)
        found = {tuple(words(rulebook.title)): "title", tuple(words(rulebook.id)): "title"} if "title" in generic else {}
        for term in rulebook.glossary:
            if term.kind in generic:
                for name in (term.fr, term.en, *term.aliases):
                    found.setdefault(tuple(words(name)), term.kind)
        names[rulebook.id] = tuple(sorted(((n, kind) for n, kind in found.items() if n), key=lambda pair: -len(pair[0])))
    return names


def generic_reading(text: str, names: Iterable[tuple[tuple[str, ...], str]], language: str) -> str:
    """``text``'s folded words with every one of ``names`` (:func:`game_names`) replaced by the words of what it is read
    as, in ``language`` (English for any language but French): « On a perdu une Voleuse » → ``on a perdu une carte``."""
    generic = load_generic_names()
    language = language if language in LANGUAGES else "en"
    said, read, index = words(text), [], 0
    names = tuple(names)
    while index < len(said):
        name, kind = next(((n, k) for n, k in names if tuple(said[index:index + len(n)]) == n), ((), ""))
        if name:
            read.extend(generic[kind][language])
            index += len(name)
        else:
            read.append(said[index])
            index += 1
    return " ".join(read)


def topic_asked(question: str, game: str, corpus_dir: Path, rulebook: Rulebook, language: str) -> GapMatch | None:
    """The silent topic of ``game`` the question asks: one its asking sentence uses the phrasing of, else one the whole
    question does (``whole_question``), each read as asked and then with its names read generically
    (:func:`generic_reading`). A ``per_question`` topic is returned unsettled: the caller settles it on the sentences it
    retrieved (:func:`settled_here`). Failing those, a question whose asking sentence joins two cards no sentence of the
    rules relates lands on :data:`UNRELATED_RULES` (:func:`.unrelated_rules.unrelated_pair`), and one that asks whether
    a card's effect stays when the card's rule gives no duration on :data:`EFFECT_DURATION`
    (:func:`.effect_duration.unstated_duration`)."""
    asked_topics, story_topics = silent_topics_by_reading(corpus_dir).get(game, ((), ()))
    names = game_names(corpus_dir).get(game, ())
    asking = asking_sentence(question)
    for text, topics in ((asking, asked_topics), (question, story_topics)):
        found = match(text, topics, rulebook, skip_function_words=False) or (
            match(generic_reading(text, names, language), topics, rulebook, skip_function_words=False)
            if names else None)
        if found is not None:
            return found
    pair = unrelated_pair(question, game, corpus_dir, language)
    if pair is not None:
        return GapMatch(SilentTopic(UNRELATED_RULES, pair.lacks(), {lang: () for lang in LANGUAGES}, ()), 1.0, asking)
    duration = unstated_duration(question, game, corpus_dir, language)
    if duration is not None:
        return GapMatch(SilentTopic(EFFECT_DURATION, duration.lacks(), {lang: () for lang in LANGUAGES}, ()), 1.0,
                        asking)
    return None


def parse_topics(text: str) -> tuple[SilentTopic, ...]:
    """The topics of a ``silent_topics.yaml`` text.

    Raises:
        ValueError: naming the topic and field when an entry is malformed.
    """
    topics = []
    for name, entry in (yaml.safe_load(text) or {}).get("topics", {}).items():
        where = f"silent_topics.yaml: topics.{name}"
        if not isinstance(entry, dict):
            raise ValueError(f"{where}: expected a mapping, got {entry!r}")
        lacks, ask, settled = entry.get("lacks"), entry.get("ask"), entry.get("settled_by")
        for field, value in (("lacks", lacks), ("ask", ask)):
            if not isinstance(value, dict) or set(value) != set(LANGUAGES):
                raise ValueError(f"{where}: '{field}' needs exactly the languages {LANGUAGES}, got {value!r}")
        if not all(isinstance(p, str) for phrasings in ask.values() for p in phrasings):
            raise ValueError(f"{where}: 'ask' phrasings must be strings")
        if not isinstance(settled, list) or not settled or not all(isinstance(p, str) for p in settled):
            raise ValueError(f"{where}: 'settled_by' needs a non-empty list of phrases, got {settled!r}")
        flags = {flag: entry.get(flag, False) for flag in ("per_question", "whole_question", "by_degree")}
        for flag, value in flags.items():
            if not isinstance(value, bool):
                raise ValueError(f"{where}: '{flag}' must be true or false, got {value!r}")
        topics.append(SilentTopic(str(name), dict(lacks), {lang: tuple(ask[lang]) for lang in LANGUAGES},
                                  tuple(settled), **flags))
    return tuple(topics)


def settles(sentence: str, phrase: str) -> bool:
    """Whether ``sentence`` holds every word of ``phrase`` (folded, stemmed) within a known gap's window
    (twice its length plus :data:`.gaps.WINDOW_SLACK`): « la pioche de ce niveau est épuisée » holds "pioche épuisée"."""
    said = [stem(word) for word in words(sentence)]
    wanted = {stem(word) for word in words(phrase)}
    width = 2 * len(wanted) + WINDOW_SLACK
    return bool(wanted) and any(wanted <= set(said[start:start + width])
                                for start in range(max(1, len(said) - width + 1)))


_BY_DEGREE = re.compile(r"\b(?:plus|moins)\b[^.;:!?]*,\s*(?:plus|moins)\b", re.IGNORECASE)
"""A sentence that ranks by degree (« Plus votre Portrait est à droite, plus vous êtes influent. ») weighs choices."""


def settled_here(topic: SilentTopic, sentences: Iterable[str]) -> bool:
    """Whether one of ``sentences`` (those retrieved for the question) holds one of ``topic``'s ``settled_by`` phrases,
    or, for a ``by_degree`` topic, ranks by degree (:data:`_BY_DEGREE`)."""
    sentences = list(sentences)
    return any(settles(sentence, phrase) for sentence in sentences for phrase in topic.settled_by) or (
        topic.by_degree and any(_BY_DEGREE.search(sentence) for sentence in sentences))


@functools.cache
def silent_topics(corpus_dir: Path) -> dict[str, tuple[SilentTopic, ...]]:
    """Game id → the topics no sentence of its rules settles, for every game under ``corpus_dir`` (read once)."""
    silent: dict[str, tuple[SilentTopic, ...]] = {}
    for rules in sorted(Path(corpus_dir).glob("*/rules.md")):
        # a heading names a section, it states no rule: « Le jeu en 30 secondes » sets no time limit
        sentences = [s.text for s in source_sentences(load_rulebook(rules, Path(corpus_dir).parent)) if not s.heading]
        silent[rules.parent.name] = tuple(
            topic for topic in load_topics() if topic.per_question or not settled_here(topic, sentences))
    return silent


@functools.cache
def silent_topics_by_reading(corpus_dir: Path) -> dict[str, tuple[tuple[SilentTopic, ...], tuple[SilentTopic, ...]]]:
    """Game id → its silent topics asked in the asking sentence, then those asked anywhere in the question
    (``whole_question``): two fixed tuples per game, so that the matcher's phrasing index is built once for each.

    It also reads the cards the rules relate (:func:`.unrelated_rules.related_pairs`, about 1 s), which
    :func:`topic_asked` reads after these: a worker that warms the silent topics up warms those too."""
    related_pairs(corpus_dir)
    card_durations(corpus_dir)
    return {game: (tuple(t for t in topics if not t.whole_question), tuple(t for t in topics if t.whole_question))
            for game, topics in silent_topics(corpus_dir).items()}
