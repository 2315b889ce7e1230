"""``weigh_evidence`` takes the union of each cited passage's stems: the stems of the passages joined by spaces."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from language import content_stems

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


@pytest.mark.parametrize("rules", sorted(CORPUS.glob("*/rules.md")), ids=lambda path: path.parent.name)
def test_the_union_of_passage_stems_is_the_stems_of_the_passages_joined(rules: Path):
    paragraphs = [part for part in rules.read_text(encoding="utf-8").split("\n\n") if part.strip()]
    rng = random.Random(rules.parent.name)
    for _ in range(50):
        passages = rng.sample(paragraphs, min(len(paragraphs), rng.randint(1, 6)))
        joined = set(content_stems(" ".join(passages)))
        assert set().union(*(content_stems(passage) for passage in passages)) == joined
