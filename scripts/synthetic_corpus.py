"""Synthetic rulebooks for scale benchmarks: copies of the real ones, renamed and shuffled.

Copy *i* of a game gets an invented title and invented names for every card and
location of its glossary (the same invented name replaces the French name and its
aliases, case kept), and its ``##`` sections in a seeded random order. The text
is otherwise the game's own, so a copy is as hard to tell from its siblings as a
real catalogue of similar games would be. Only ``rules.md`` is written (no
glossary): the copies are for retrieval, not for engines.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from index.corpus import load_corpus

__all__ = ["Copy", "write_synthetic_corpus"]

_RENAMED_KINDS = {"card", "location"}
_SYLLABLES = ("ba", "dor", "fen", "gal", "ki", "lo", "mar", "nev", "or", "pra", "quel", "ros", "sil", "tav",
              "ul", "ven", "wy", "xan", "yor", "zé")


@dataclass(frozen=True)
class Copy:
    """One synthetic rulebook: its id, its full text, and the renaming it applies."""

    id: str
    game: str
    text: str
    names: dict[str, str]

    def rename(self, text: str) -> str:
        """``text`` with this copy's names (a question, a gold quote)."""
        return _renamer(self.names)(text)


def write_synthetic_corpus(corpus_dir: Path, out_dir: Path, count: int, seed: int) -> dict[str, list[Copy]]:
    """Write ``count`` copies, round-robin over the games of ``corpus_dir``, as ``out_dir/<id>/rules.md``.

    Returns:
        The copies of each original game, by game id.
    """
    rulebooks = load_corpus(corpus_dir)
    rng = random.Random(seed)
    copies: dict[str, list[Copy]] = {rb.id: [] for rb in rulebooks}
    for number in range(count):
        rulebook = rulebooks[number % len(rulebooks)]
        copy_id = f"{rulebook.id}-{number // len(rulebooks):04d}"
        names = {rulebook.title: _invented_name(rng, 3)}
        for term in rulebook.glossary:
            if term.kind in _RENAMED_KINDS:
                invented = _invented_name(rng, 2)
                for written in (term.fr, term.en, *term.aliases):
                    names.setdefault(written, invented)
        body = _shuffle_sections(_renamer(names)(rulebook.body), rng)
        text = (f"---\nid: {copy_id}\ntitle: {names[rulebook.title]}\nlanguage: {rulebook.language}\n"
                f"players: null\nsource: synthetic copy of {rulebook.id} (scripts/synthetic_corpus.py)\n---\n\n{body}")
        folder = out_dir / copy_id
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "rules.md").write_text(text, encoding="utf-8")
        copies[rulebook.id].append(Copy(copy_id, rulebook.id, text, names))
    return copies


def _invented_name(rng: random.Random, syllables: int) -> str:
    return "".join(rng.choice(_SYLLABLES) for _ in range(syllables)).capitalize()


def _renamer(names: dict[str, str]):
    if not names:
        return lambda text: text
    ordered = sorted(names, key=len, reverse=True)
    by_folded = {written.casefold(): names[written] for written in ordered}
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in ordered) + r")(?!\w)", re.IGNORECASE)

    def replace(match: re.Match) -> str:
        invented = by_folded[match.group(0).casefold()]
        return invented if match.group(0)[:1].isupper() else invented.lower()

    return lambda text: pattern.sub(replace, text)


def _shuffle_sections(body: str, rng: random.Random) -> str:
    """The body with its level-2 sections (each with its subsections) in a random order."""
    parts = re.split(r"(?m)^(?=## )", body)
    head, sections = parts[0], parts[1:]
    rng.shuffle(sections)
    return head + "\n".join(s.rstrip("\n") + "\n" for s in sections)
