"""A question as the grounder reads it: names typed in lower case capitalised, one slip per unknown word mended.

:class:`QuestionMender` holds, per game, the words the game's own files use
(rulebook, English translation, glossary, question lexicon, known gaps: the values of the YAML files, never
their comments or keys; :func:`language.spelling.vocabulary_of`) and the
service's frame words; :mod:`language.names` and :mod:`language.spelling` do the
work. Each reader after it (entities, the frame, the games' frame modules,
templates) then sees "Ben" and "discarded" where the player typed "ben" and
"disacrded".
"""

from __future__ import annotations

from pathlib import Path

import yaml

from language import detect_language, fold
from language.names import capitalise_names, first_names
from language.spelling import Speller, vocabulary_of

__all__ = ["QuestionMender"]

_GAME_FILES = ("rules.md", "translation.en.yaml", "glossary.yaml", "lexicon.yaml", "gaps.yaml")
_SHARED_FILES = (Path(__file__).parent / "frame_words.yaml",)


class QuestionMender:
    """Per game, the question the grounder reads (see the module docstring).

    Args:
        vocabularies: each game's words as written.
        question_words: per game and language, the question lexicon's one-word entries (``lexicon.yaml``),
            mended to from four letters.
    """

    def __init__(self, vocabularies: dict[str, frozenset[str]],
                 question_words: dict[str, dict[str, frozenset[str]]] | None = None):
        names = first_names()
        question_words = question_words or {}
        self._known = {game: frozenset(fold(word) for word in words) for game, words in vocabularies.items()}
        self._spellers = {game: Speller(words, names, question_words.get(game))
                          for game, words in vocabularies.items()}

    @classmethod
    def from_corpus(cls, corpus_dir: Path) -> "QuestionMender":
        """The vocabularies of every game folder of ``corpus_dir`` (one with a ``rules.md``)."""
        shared = vocabulary_of(_SHARED_FILES)
        folders = [folder for folder in sorted(Path(corpus_dir).iterdir()) if (folder / "rules.md").is_file()]
        return cls(
            {folder.name: shared | vocabulary_of(folder / name for name in _GAME_FILES) for folder in folders},
            {folder.name: _question_words(folder / "lexicon.yaml") for folder in folders},
        )

    def warm_up(self) -> None:
        """Load the word lists the spellers read (shared by every game)."""
        for speller in self._spellers.values():
            speller.warm_up()
            break

    def mend(self, question: str, game: str) -> str:
        """``question`` with its lower-case names capitalised and its slips mended (unchanged for an unknown game)."""
        if game not in self._spellers:
            return question
        named = capitalise_names(question, self._known[game])
        return self._spellers[game].mend(named, detect_language(question))


def _question_words(path: Path) -> dict[str, frozenset[str]]:
    """Per language, the one-word entries of a question lexicon ("gagne", "take"; no phrase, no stem)."""
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    found: dict[str, set[str]] = {}
    for section in ("actions", "asks", "relations", "terms"):
        for by_language in (data.get(section) or {}).values():
            for language, entries in by_language.items():
                found.setdefault(language, set()).update(
                    str(entry) for entry in entries if " " not in str(entry) and not str(entry).endswith("*"))
    return {language: frozenset(words) for language, words in found.items()}
