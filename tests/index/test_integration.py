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


def test_one_query_embeds_exactly_like_a_batch(real_retriever: Retriever) -> None:
    """The single-text fast path (no ``encode`` batching) gives the index's own vectors."""
    texts = ["Le Matelot double-t-il aussi une perte ?", "How many rounds are there in a game?"]
    batch = real_retriever.embedder.embed(texts)
    one_by_one = [real_retriever.embedder.embed([text])[0] for text in texts]
    for row, vector in zip(batch, one_by_one):
        assert vector.dtype == batch.dtype
        assert float(abs(row - vector).max()) < 1e-5
