"""The rulebook's known gaps: what each game's text leaves open, and whether a question lands on one.

A referee who knows where the rulebook is silent says "the rules do not say" when a
question asks about one of those details. Two sources, read per game:

* ``corpus/<game>/gaps.yaml``: gaps found by reading the rulebook section by section (who
  starts, turn direction, a table the text announces and never gives, component counts...),
  each citing the sentence that leaves it open and the words a player would use to ask
  about it, in French and English;
* the rules engine's named assumptions (``engine/<game>/assumptions.py``, found through the
  registry): every one is a gap the engine settles by a default. A ``gaps.yaml`` entry that
  names an ``assumption`` gives it the players' wording; the others are matched on the
  assumption's own (English) question.

:func:`match` scores a question against a game's gaps: for each phrasing, the rarity-weighted
share of its words the question uses (folded stems, glossary bridges included, through
:mod:`language`); the best phrasing of the best gap wins. The gate's threshold is fit on the
training questions (``scripts/fit_answers.py``), see docs/calibration.md "Known gaps".
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import yaml

from engine.core.registry import available_games
from index.chunker import source_sentences
from index.corpus import load_rulebook
from language import content_stems, stem, stopwords, words
from service.answers.answer_types import expected_answers
from service.answers.corpus import Rulebook

__all__ = ["GAPS_FILE", "WITHHELD_KINDS", "GapMatch", "KnownGap", "Phrased", "gap_catalogue", "load_gaps", "match"]

GAPS_FILE = "gaps.yaml"
LANGUAGES = ("fr", "en")


@dataclass(frozen=True)
class KnownGap:
    """One detail the rulebook leaves open.

    Attributes:
        id: ``<game>.<name>`` (an engine assumption keeps its own id).
        section: the section path of the sentence that leaves it open.
        quote: that sentence (or part of it), verbatim in the rulebook.
        start: ``quote``'s offset in ``rules.md``; ``end`` likewise.
        lacks: what the text lacks, per language (``{"fr": ..., "en": ...}``).
        ask: the phrasings a player would use, per language.
        path: the rules file as the index names it (``corpus/<game>/rules.md``).
        assumption: the engine's assumption id when the engine settles the gap, else None.
        default: the engine's default reading (for the answer: "the engine assumes ..."), else None.
        withholds: the kinds of answer (:data:`.answer_types.ANSWER_KINDS`: ``number``, ``name``,
            ``enumeration``) the engine's assumption asks for and the text does not give (the reward table, the
            starting coins, the die's faces): empty for a gap without an assumption or one about an edge case.
    """

    id: str
    section: str
    quote: str
    start: int
    end: int
    lacks: dict[str, str]
    ask: dict[str, tuple[str, ...]]
    path: str = ""
    assumption: str | None = None
    default: Any = None
    withholds: frozenset[str] = frozenset()


class Phrased(Protocol):
    """Anything a question can land on by its wording: a :class:`KnownGap`, a silent topic (:mod:`.silent_topics`)."""

    id: str
    lacks: dict[str, str]
    ask: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class GapMatch:
    """The best gap for a question: ``score``, the specificity of its best phrasing (see :func:`match`)."""

    gap: Phrased
    score: float
    phrasing: str


def load_gaps(corpus_dir: Path, game: str) -> tuple[KnownGap, ...]:
    """The known gaps of ``game``: its ``gaps.yaml`` entries, then its engine's other assumptions.

    Raises:
        ValueError: naming the entry and field when ``gaps.yaml`` is malformed, a quote is not in its
            section, or an entry names an assumption the game's engine does not have.
    """
    rules_path = Path(corpus_dir) / game / "rules.md"
    rulebook = load_rulebook(rules_path, Path(corpus_dir).parent)
    assumptions = {a.id: a for a in _engine_assumptions(game)}
    path = rules_path.parent / GAPS_FILE
    entries = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("gaps", []) if path.is_file() else []
    gaps: list[KnownGap] = []
    for position, entry in enumerate(entries):
        gaps.append(_gap(entry, f"{path}: gaps[{position}]", game, rulebook, assumptions))
    named = {gap.assumption for gap in gaps}
    for assumption in assumptions.values():
        if assumption.id in named or not assumption.citation.quote:
            continue
        start, end = _locate(rulebook, assumption.citation.section, assumption.citation.quote, assumption.id)
        gaps.append(KnownGap(assumption.id, assumption.citation.section, assumption.citation.quote, start, end,
                             {"en": assumption.question}, {"en": (assumption.question,)}, rulebook.source_path,
                             assumption.id, assumption.default, _withheld(assumption)))
    return tuple(gaps)


@functools.cache
def gap_catalogue(corpus_dir: Path) -> dict[str, tuple[KnownGap, ...]]:
    """Game id → its known gaps, for every game with a rulebook under ``corpus_dir`` (read once)."""
    return {rules.parent.name: load_gaps(Path(corpus_dir), rules.parent.name)
            for rules in sorted(Path(corpus_dir).glob("*/rules.md"))}


def match(question: str, gaps: Sequence[Phrased], rulebook: Rulebook, *, skip_function_words: bool = True) -> GapMatch | None:
    """The most specific gap phrasing the question uses, or None when it uses none.

    A phrasing is used when all its words (folded, stemmed) appear in one stretch of the question holding at most
    twice as many content words as the phrasing has, plus :data:`WINDOW_SLACK`, in any order: "qui commence"
    matches « Qui commence la partie ? » and not « Léa commence, puis Nico »; a one-word phrasing matches its word
    or a typo of it, never a longer word it begins (« appli » is not « s'applique »). Its ``score`` is
    its specificity: the summed rarity of its content words in the rulebook (a phrasing of common
    words, "les points", says little about which detail is asked).

    Args:
        question: the player's question, as asked.
        gaps: the game's known gaps.
        rulebook: the game's word statistics (a rare word weighs more).
        skip_function_words: count the window in content words, a phrasing's function words only needing to be in
            the question (« mes cartes écartées au début de la partie, j'ai le droit de les regarder » uses
            "écartées droit de regarder"); False counts every word, for phrasings that abstain on any match
            (:mod:`.silent_topics`: no fitted specificity guards them).
    """
    spelled = _numerals_as_digits(words(question))
    asked = [stem(word) for word in spelled]
    present = set(asked)
    by_prefix: dict[str, list[str]] = {}
    for stem_ in present:
        by_prefix.setdefault(stem_[:INFLECTION_MIN_LENGTH], []).append(stem_)
    best: GapMatch | None = None
    for gap, phrasing, wanted in _PhrasingIndex.of(gaps).reachable(present, by_prefix):
        as_phrased = asked
        if not wanted <= present and len(wanted) == 1:
            # One word decides alone: a typo of it, never another word it begins (« appli », « s'applique »).
            wanted = _near_spellings(phrasing, wanted, present, spelled)
            if wanted is None:
                continue
        elif not wanted <= present:
            unmatched = _uninflected(wanted - present, by_prefix)
            if unmatched is None:
                continue  # more words missing than one typo forgives
            if unmatched < len(wanted - present):
                as_phrased = _as_phrased(spelled, asked, phrasing)
            if not wanted <= set(as_phrased):
                wanted = _near_spellings(phrasing, wanted, set(as_phrased), spelled)
                if wanted is None:
                    continue
        if skip_function_words:
            inside = _within_content_window(wanted, len(_content_of(phrasing, wanted)), as_phrased, spelled)
        else:
            inside = _within_window(wanted, as_phrased)
        if not inside:
            continue
        score = sum(rulebook.weight(s) for s in content_stems(phrasing))
        if best is None or score > best.score:
            best = GapMatch(gap, score, phrasing)
    return best


WINDOW_SLACK = 3
"""Extra words a phrasing's words may be spread over in the question, besides one per word of the
phrasing ("qui est-ce qui commence", "à 4 joueurs, on révèle combien de nobles")."""


_NUMERALS = {word: str(value) for value, spellings in {
    2: "deux two", 3: "trois three", 4: "quatre four", 5: "cinq five", 6: "six", 7: "sept seven", 8: "huit eight",
    9: "nine", 10: "dix ten", 11: "onze eleven", 12: "douze twelve"}.items() for word in spellings.split()}
"""Number words read as their digits, so that « plus que 2 couleurs » uses the phrasing "plus que deux couleurs" and
"two colours left" asks what « deux couleurs restent » asks. Not « un »/"one" (an article as often as a number) nor
« neuf » (also "new")."""


def _numerals_as_digits(spelled: list[str]) -> list[str]:
    return [_NUMERALS.get(word, word) for word in spelled]


@functools.lru_cache(maxsize=4096)
def _phrasing_stems(phrasing: str) -> frozenset[str]:
    return frozenset(stem(word) for word in _numerals_as_digits(words(phrasing)))


@functools.lru_cache(maxsize=4096)
def _phrasing_words(phrasing: str) -> tuple[tuple[str, str], ...]:
    return tuple((word, stem(word)) for word in _numerals_as_digits(words(phrasing)))


class _PhrasingIndex:
    """A gap list's phrasings in :func:`match`'s reading order, indexed by the stems that can let them through.

    A phrasing of two or more words passes :func:`_uninflected` only when at most one of its stems is unmatched, so
    at least one stem is the question's or shares its first :data:`INFLECTION_MIN_LENGTH` letters with a stem of the
    question (an inflection); a phrasing with none of those cannot match and is not read. One-word phrasings (one
    typo forgiven) are always read. The phrasings read keep their order, so the same phrasing wins.
    """

    _cache: dict[int, "_PhrasingIndex"] = {}

    def __init__(self, gaps: Sequence[Phrased]) -> None:
        self.gaps = gaps  # held so that the id in the cache key stays this list's
        self.rows: list[tuple[Phrased, str, frozenset[str]]] = []
        self._always: list[int] = []
        self._by_stem: dict[str, list[int]] = {}
        self._by_prefix: dict[str, list[int]] = {}
        for gap in gaps:
            for phrasing in (p for language in LANGUAGES for p in gap.ask.get(language, ())):
                wanted = _phrasing_stems(phrasing)
                if not wanted:
                    continue
                row = len(self.rows)
                self.rows.append((gap, phrasing, wanted))
                if len(wanted) == 1:
                    self._always.append(row)
                    continue
                for stem_ in wanted:
                    self._by_stem.setdefault(stem_, []).append(row)
                    if len(stem_) >= INFLECTION_MIN_LENGTH:
                        self._by_prefix.setdefault(stem_[:INFLECTION_MIN_LENGTH], []).append(row)

    @classmethod
    def of(cls, gaps: Sequence[Phrased]) -> "_PhrasingIndex":
        found = cls._cache.get(id(gaps))
        if found is None or found.gaps is not gaps:
            if len(cls._cache) >= 256:
                cls._cache.clear()
            found = cls._cache[id(gaps)] = cls(gaps)
        return found

    def reachable(self, present: set[str], by_prefix: dict[str, list[str]]) -> list[tuple[Phrased, str, frozenset[str]]]:
        """The rows a question with stems ``present`` (``by_prefix``: them by first letters) can match, in order."""
        rows = set(self._always)
        for stem_ in present:
            rows.update(self._by_stem.get(stem_, ()))
        for prefix in by_prefix:
            rows.update(self._by_prefix.get(prefix, ()))
        return [self.rows[row] for row in sorted(rows)]


INFLECTION_MIN_LENGTH = 5
"""Two words are one word inflected differently when one's stem begins the other's, the shorter stem has at least
this many letters and the words differ in length by at most :data:`INFLECTION_MAX_ENDING` letters: the shared
stemmer cuts « compte » to « compt » but « comptent » to « compte »; shorter stems begin too many unrelated words
(« part », « partie »), and a long word is another word (« count », « counterclockwise »)."""
INFLECTION_MAX_ENDING = 3


def _uninflected(missing: set[str], by_prefix: dict[str, list[str]]) -> int | None:
    """How many ``missing`` phrasing stems no question stem (indexed by its first letters) begins or is begun by;
    None as soon as more than one (one typo is forgiven, not two)."""
    unmatched = 0
    for wanted in missing:
        if len(wanted) < INFLECTION_MIN_LENGTH or not any(
                s.startswith(wanted) or wanted.startswith(s) for s in by_prefix.get(wanted[:INFLECTION_MIN_LENGTH], ())):
            unmatched += 1
            if unmatched > 1:
                return None
    return unmatched


def _as_phrased(spelled: list[str], asked: list[str], phrasing: str) -> list[str]:
    """The question's stems, each replaced by the stem of the phrasing word it is an inflection of."""
    phrased = _phrasing_words(phrasing)
    return [next((ps for pw, ps in phrased if _inflected(word, stem_, pw, ps)), stem_)
            for word, stem_ in zip(spelled, asked)]


def _inflected(word: str, stem_: str, other_word: str, other_stem: str) -> bool:
    if stem_ == other_stem:
        return True
    return (min(len(stem_), len(other_stem)) >= INFLECTION_MIN_LENGTH
            and (stem_.startswith(other_stem) or other_stem.startswith(stem_))
            and abs(len(word) - len(other_word)) <= INFLECTION_MAX_ENDING)


FUZZY_MIN_LENGTH = 7
"""A phrasing word of at least this many letters also matches a question word one typo away (shorter
words are one letter away from too many others: « dette », « cette »)."""


def _near_spellings(phrasing: str, wanted: frozenset[str], present: set[str],
                   spelled: list[str]) -> frozenset[str] | None:
    """``wanted`` with its one missing word replaced by the question's word one typo away, or None.

    Typos are judged on whole folded words ("commance" for "commence"), never on stems, which
    cut words to six letters ("commande" and "commence" share "comm-" but differ twice)."""
    missing = wanted - present
    if len(missing) != 1:
        return None
    (lost,) = missing
    typed = next((word for word, stem_ in _phrasing_words(phrasing) if stem_ == lost), "")  # words stemmed once
    if len(typed) < FUZZY_MIN_LENGTH:
        return None
    near = next((w for w in spelled if len(w) == len(typed) and _one_edit(typed, w)), None)
    return None if near is None else (wanted - missing) | {stem(near)}


def _one_edit(a: str, b: str) -> bool:
    """One letter typed wrong or two neighbours swapped (a dropped or added letter is how stems differ, not typos)."""
    if len(a) != len(b):
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])


def _content_of(phrasing: str, wanted: frozenset[str]) -> frozenset[str]:
    """The stems of ``wanted`` that name something (a phrasing of function words only keeps them all)."""
    stop = stopwords()
    content = frozenset(s for w, s in _phrasing_words(phrasing) if w not in stop and s in wanted)
    return (content | (wanted - {s for _, s in _phrasing_words(phrasing)})) or wanted


def _within_content_window(wanted: frozenset[str], content_n: int, asked: list[str], spelled: list[str]) -> bool:
    """Whether one stretch of the question holds every ``wanted`` stem (function words too) with at most
    ``2 * content_n +`` :data:`WINDOW_SLACK` content words: « mes cartes écartées au début de la partie, j'ai le droit
    de les regarder » holds "écartées droit de regarder" (five content words), « Qui a le droit de poser sa carte
    quand il reste deux joueurs et que Léa commence » does not hold "qui commence" (eight)."""
    stop = stopwords()
    width = 2 * max(content_n, 1) + WINDOW_SLACK
    for start, first in enumerate(asked):
        if first not in wanted:
            continue
        seen: set[str] = set()
        content = 0
        for stem_, word in zip(asked[start:], spelled[start:]):
            content += word not in stop
            if content > width:
                break
            seen.add(stem_)
            if wanted <= seen:
                return True
    return False


def _within_window(wanted: frozenset[str], asked: list[str]) -> bool:
    width = 2 * len(wanted) + WINDOW_SLACK
    return any(wanted <= set(asked[start:start + width]) for start in range(max(1, len(asked) - width + 1)))


WITHHELD_KINDS = frozenset({"number", "name", "enumeration"})
"""What a data assumption asks for: a count, a name, a list (a place, a person or a moment is an edge case's answer)."""


def _withheld(assumption) -> frozenset[str]:
    """The kinds of answer the assumption's own question asks for (``How many coins does each place give?``: a number)."""
    return frozenset(e.kind for e in expected_answers(assumption.question)) & WITHHELD_KINDS


def _engine_assumptions(game: str) -> tuple:
    game_class = available_games().get(game)
    return tuple(game_class.assumptions) if game_class is not None else ()


def _gap(entry: Any, where: str, game: str, rulebook, assumptions: dict) -> KnownGap:
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
        raise ValueError(f"{where}: expected a mapping with a string 'id', got {entry!r}")
    assumption_id = entry.get("assumption")
    assumption = None
    if assumption_id is not None:
        if assumption_id not in assumptions:
            raise ValueError(f"{where}: assumption {assumption_id!r} is not one of the engine's {sorted(assumptions)}")
        assumption = assumptions[assumption_id]
    section = entry.get("section") or (assumption.citation.section if assumption else None)
    quote = entry.get("quote") or (assumption.citation.quote if assumption else None)
    if not isinstance(section, str) or not isinstance(quote, str):
        raise ValueError(f"{where}: expected 'section' and 'quote' strings (or an assumption with a quoted citation)")
    lacks = entry.get("lacks") or {}
    ask = entry.get("ask") or {}
    for field, value in (("lacks", lacks), ("ask", ask)):
        if not isinstance(value, dict) or set(value) != set(LANGUAGES):
            raise ValueError(f"{where}: '{field}' needs exactly the languages {LANGUAGES}, got {value!r}")
    if not all(isinstance(p, str) for phrasings in ask.values() for p in phrasings):
        raise ValueError(f"{where}: 'ask' phrasings must be strings")
    start, end = _locate(rulebook, section, quote, where)
    return KnownGap(f"{game}.{entry['id']}", section, quote, start, end, dict(lacks),
                    {language: tuple(ask[language]) for language in LANGUAGES}, rulebook.source_path, assumption_id,
                    assumption.default if assumption else None, _withheld(assumption) if assumption else frozenset())


def _locate(rulebook, section: str, quote: str, where: str) -> tuple[int, int]:
    """``quote``'s offsets inside ``section`` of the rules file (the first occurrence in that section)."""
    spans = [(s.start, s.end) for s in source_sentences(rulebook) if s.section == section]
    if not spans:
        raise ValueError(f"{where}: section {section!r} is not a section of {rulebook.path}")
    start = rulebook.text.find(quote, min(s for s, _ in spans))
    if start < 0 or start + len(quote) > max(e for _, e in spans):
        raise ValueError(f"{where}: quote {quote!r} is not in section {section!r}")
    return start, start + len(quote)
