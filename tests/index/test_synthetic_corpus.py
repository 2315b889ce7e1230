"""The scale benchmark's synthetic rulebooks: loadable, renamed consistently, sections only reordered."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from index.corpus import load_corpus
from scripts.synthetic_corpus import write_synthetic_corpus

CORPUS_DIR = Path(__file__).resolve().parents[2] / "corpus"


def test_copies_load_rename_their_cards_and_keep_every_section(tmp_path: Path) -> None:
    originals = {rulebook.id: rulebook for rulebook in load_corpus(CORPUS_DIR)}
    copies = write_synthetic_corpus(CORPUS_DIR, tmp_path, 2 * len(originals), seed=3)
    assert {copy.id for game in copies.values() for copy in game} == {rb.id for rb in load_corpus(tmp_path)}
    checked = 0
    for game, game_copies in copies.items():
        original = originals[game]
        first, second = game_copies
        assert first.names != second.names  # each copy invents its own names
        headings = Counter(first.rename(line) for line in original.body.splitlines() if line.startswith("## "))
        assert Counter(line for line in first.text.splitlines() if line.startswith("## ")) == headings
        renamed_cards = [term.fr for term in original.glossary if term.kind == "card" and term.fr in original.body]
        checked += len(renamed_cards)
        for card in renamed_cards:  # the invented name takes the case of the name it replaces
            assert first.rename(card).casefold() == first.names[card].casefold()
            assert first.names[card].casefold() in first.text.casefold()
            assert not re.search(rf"(?<!\w){re.escape(card)}(?!\w)", first.text, re.IGNORECASE)
    assert checked >= 20  # the games' card names were really looked for
