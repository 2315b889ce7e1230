"""The rulebook texts and glossaries, loaded once, that answers are checked against.

Every quote the service returns must be ``text[start:end]`` of its rulebook file.
:class:`CorpusTexts` holds each game's file text so that this is verified on
every answer without touching the disk, and the word statistics (document
frequency per stem, glossary bridges) that weigh the evidence for an answer.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import math
from dataclasses import dataclass
from pathlib import Path, PurePath

import yaml

from index.corpus import TranslatedSentence, TranslationError, load_rulebook, load_translation
from index.normalize import general_vocabulary
from language import content_stems


_log = logging.getLogger(__name__)


class QuoteMismatchError(AssertionError):
    """A citation's offsets do not point at its quote: a bug, never a client error."""


@dataclass(frozen=True)
class Rulebook:
    """One game's rulebook text and the word statistics drawn from it."""

    game: str
    text: str
    stem_weights: dict[str, float]
    """Inverse document frequency per stem, documents being the non-empty lines."""
    glossary_bridges: dict[str, frozenset[str]]
    """Stem of an alias or English name → stems of the term's French name, plus general EN→FR words."""
    corpus_vocabulary: frozenset[str] = frozenset()
    """Stems used by any rulebook: a word of another rulebook is ordinary rules French, not off-topic."""
    front_matter: dict = dataclasses.field(default_factory=dict)
    """The file's YAML front matter (``players`` is None when the rulebook does not say)."""
    english: tuple[TranslatedSentence, ...] = ()
    """The unofficial, sentence-aligned English translation (empty when the game has none or it is stale)."""

    def english_of(self, start: int, end: int) -> str:
        """The English translation of the French sentences inside ``text[start:end]``, or "" when any lacks one."""
        exact = self._english_by_span.get((start, end))
        if exact is not None:
            return exact.en_text
        inside = [s for s in self.english if start <= s.fr_start and s.fr_end <= end]
        if not inside or inside[0].fr_start - start > 2 or end - inside[-1].fr_end > 2:
            return ""
        return " ".join(s.en_text for s in inside)

    def bridges(self, stem_: str) -> frozenset[str]:
        """The French stems the glossary or the general vocabulary maps ``stem_`` to."""
        return self.glossary_bridges.get(stem_, frozenset())

    def weight(self, stem_: str) -> float:
        """How much a question stem says about the topic: rare words weigh more."""
        weight = self.stem_weights.get(stem_)
        return self.max_weight if weight is None else weight

    @functools.cached_property
    def _english_by_span(self) -> dict[tuple[int, int], TranslatedSentence]:
        # A candidate is one index sentence, and the translation is aligned to exactly those spans.
        return {(s.fr_start, s.fr_end): s for s in self.english}

    @functools.cached_property
    def english_stems(self) -> frozenset[str]:
        """Stems of the unofficial English translation: the words an English question about this game can share with it."""
        return frozenset(stem_ for sentence in self.english for stem_ in content_stems(sentence.en_text))

    def uses(self, stem_: str, language: str) -> bool:
        """Whether this game's own text uses ``stem_``: the French rulebook, a glossary name, or (English) the translation.

        Unlike :meth:`knows`, a word of another game's rulebook does not count: a question about dice in a game
        without dice asks about something its rules never describe.
        """
        if stem_ in self.stem_weights or any(s in self.stem_weights for s in self.bridges(stem_)):
            return True
        return language == "en" and stem_ in self.english_stems

    @functools.cached_property
    def max_weight(self) -> float:
        return max(self.stem_weights.values(), default=1.0)

    def knows(self, stem_: str) -> bool:
        """Whether ``stem_`` occurs in the rulebook, directly or through the glossary."""
        return stem_ in self.stem_weights or stem_ in self.glossary_bridges or stem_ in self.corpus_vocabulary


class CorpusTexts:
    """Each game's ``rules.md`` text and statistics, read from ``corpus_dir`` in :meth:`load`.

    Args:
        corpus_dir: the folder holding one ``<game>/rules.md`` per game.
    """

    def __init__(self, corpus_dir: Path) -> None:
        self.corpus_dir = Path(corpus_dir)
        self._rulebooks: dict[str, Rulebook] = {}

    def load(self) -> None:
        """Read every rulebook and glossary; call once at start-up."""
        if not self.corpus_dir.is_dir():
            raise ValueError(f"corpus_dir: expected an existing folder, got {str(self.corpus_dir)!r}")
        general = _general_bridges()
        rulebooks = [_read_rulebook(rules, general) for rules in sorted(self.corpus_dir.glob("*/rules.md"))]
        vocabulary = frozenset(stem_ for rulebook in rulebooks for stem_ in rulebook.stem_weights)
        self._rulebooks = {
            rulebook.game: dataclasses.replace(rulebook, corpus_vocabulary=vocabulary) for rulebook in rulebooks
        }

    def rulebook(self, game: str) -> Rulebook:
        """The loaded rulebook of ``game``.

        Raises:
            KeyError: when ``game`` has no rulebook (or :meth:`load` was not called).
        """
        return self._rulebooks[game]

    def verify_quote(self, game: str, path: str, start: int, end: int, quote: str) -> None:
        """Check that ``quote`` is exactly the rulebook text at ``start:end``.

        Raises:
            QuoteMismatchError: when the path is not the game's rulebook or the text differs.
        """
        if PurePath(path).parts[-2:] != (game, "rules.md"):
            raise QuoteMismatchError(f"source path {path!r} is not the rulebook of game {game!r}")
        actual = self.rulebook(game).text[start:end]
        if actual != quote:
            raise QuoteMismatchError(f"{game}[{start}:{end}] is {actual!r}, not the quote {quote!r}")


def _read_rulebook(rules: Path, general_bridges: dict[str, frozenset[str]]) -> Rulebook:
    text = rules.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.strip()]
    document_frequency: dict[str, int] = {}
    for line in lines:
        for stem_ in set(content_stems(line)):
            document_frequency[stem_] = document_frequency.get(stem_, 0) + 1
    stem_weights = {
        stem_: math.log((1 + len(lines)) / (1 + count)) + 1.0 for stem_, count in document_frequency.items()
    }
    bridges = general_bridges | _read_bridges(rules.parent / "glossary.yaml")
    return Rulebook(rules.parent.name, text, stem_weights, bridges, front_matter=_front_matter(text),
                    english=_english(rules))


def _english(rules: Path) -> tuple[TranslatedSentence, ...]:
    """The game's English translation; none when it is missing or no longer aligned (the French still rules)."""
    try:
        translation = load_translation(load_rulebook(rules, rules.parent.parent))
    except (TranslationError, ValueError) as error:
        _log.warning("English translation of %s not used: %s", rules.parent.name, str(error).splitlines()[0])
        return ()
    return translation.sentences if translation else ()


def _front_matter(text: str) -> dict:
    """The YAML mapping between the file's opening ``---`` lines, or {} when there is none."""
    if not text.startswith("---"):
        return {}
    closing = text.find("\n---", 3)
    if closing < 0:
        return {}
    loaded = yaml.safe_load(text[3:closing])
    return loaded if isinstance(loaded, dict) else {}


def _general_bridges() -> dict[str, frozenset[str]]:
    """The index's general rules vocabulary as stems: English→French (``round`` → ``manche``) and
    players' French paraphrases (``commence`` → ``premier joueur``)."""
    bridges: dict[str, set[str]] = {}
    vocabulary = general_vocabulary()
    pairs = [*(vocabulary.get("en_fr") or {}).items(), *(vocabulary.get("fr_fr") or {}).items()]
    for phrase, french_words in pairs:
        french = {stem_ for word in french_words for stem_ in content_stems(str(word))}
        for stem_ in content_stems(str(phrase)):
            bridges.setdefault(stem_, set()).update(french)
    return {key: frozenset(value) for key, value in bridges.items() if value}


def _read_bridges(glossary: Path) -> dict[str, frozenset[str]]:
    """Map each word that names a glossary term to the stems of the term's French name.

    A word names a term when it is a whole name or alias ("personnage", "gems"), or when it is a word of a
    longer name that no other term's names share ("coin" of "gold coin"). A word several terms' longer names
    share ("carte" of « carte Personnage », « carte Lieu », « carte adjacente ») names none of them: it maps to
    the French stems most of those terms have (« carte »), so a count of "cartes" never binds to « pièces ».
    A number is a count, never a name.
    """
    if not glossary.is_file():
        return {}
    terms = (yaml.safe_load(glossary.read_text(encoding="utf-8")) or {}).get("terms") or []
    bridges: dict[str, set[str]] = {}
    shared: dict[str, list[frozenset[str]]] = {}
    for term in terms:
        french = frozenset(content_stems(str(term.get("fr", ""))))
        if not french:
            continue
        in_longer_names: set[str] = set()
        for name in [term.get("fr"), term.get("en"), *(term.get("aliases") or [])]:
            stems = content_stems(str(name or ""))
            if len(stems) == 1:
                bridges.setdefault(stems[0], set()).update(french)
            else:
                in_longer_names.update(stem_ for stem_ in stems if not stem_.isdigit())
        for stem_ in in_longer_names:
            shared.setdefault(stem_, []).append(french)
    for stem_, frenches in shared.items():
        bridges.setdefault(stem_, set()).update(_named_by_most(frenches))
    return {key: frozenset(value) for key, value in bridges.items() if value}


def _named_by_most(frenches: list[frozenset[str]]) -> frozenset[str]:
    """The French stems more than half of ``frenches`` hold: all of them when there is one."""
    counts: dict[str, int] = {}
    for french in frenches:
        for stem_ in french:
            counts[stem_] = counts.get(stem_, 0) + 1
    return frozenset(stem_ for stem_, count in counts.items() if count * 2 > len(frenches))
