"""The real bundled model on the real corpus: paraphrased questions find their passage in French and English."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from index import Retriever

PROJECT_ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def real_retriever(tmp_path_factory: pytest.TempPathFactory) -> Retriever:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    index_dir = Path(os.environ.get("ARBITRE_INDEX_DIR", PROJECT_ROOT / ".index"))
    retriever = Retriever(PROJECT_ROOT / "corpus", index_dir)
    retriever.warm_up()
    return retriever


@pytest.mark.parametrize(
    "question",
    [
        "Le Matelot, s'il perd des pièces au Port, ça compte double aussi ?",
        "If the Sailor's reward is negative, is the loss doubled too?",
    ],
)
def test_paraphrased_question_finds_the_sailor_rule(real_retriever: Retriever, question: str) -> None:
    hits = real_retriever.run(question, game="emblemes", k=3)
    assert any("la perte est aussi doublée" in hit.passage or "inclut aussi les pertes" in hit.passage for hit in hits)
    best = max(hits[0].sentences, key=lambda sentence: sentence.score)
    assert "Matelot" in best.text or "perte" in best.text
