"""Fine-tune the bundled MiniLM on this project's pairs, on the CPU, deterministically.

``ensure_finetuned_model`` trains once into ``<models_dir>/<fingerprint>/`` and
reuses that folder while its inputs are unchanged: the base model, the recipe,
the corpus (rules, glossaries, translations) and the training questions file.
The fingerprint of those inputs names the model (``FinetunedEmbedder.name``), so
the index and the ONNX export made from an older model are never reused.

Training is a plain loop over sentence-transformers' ``MultipleNegativesRankingLoss``
(the other pairs of a batch are the negatives), seeded, one thread count; batches
never hold the same anchor or positive twice, which would make a right answer
count as a negative.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from index.corpus import load_corpus, translation_path
from index.embedders import DEFAULT_EMBEDDING_MODEL, Embedder, resolve_model_path
from index.training_pairs import PAIR_SOURCES, TrainingPair, corpus_pairs, load_questions, question_pairs

__all__ = [
    "FINETUNED_EMBEDDING_MODEL",
    "FinetuneRecipe",
    "FinetuneReport",
    "FinetunedEmbedder",
    "ensure_finetuned_model",
    "finetune",
    "pair_batches",
    "training_pairs",
    "warmup_then_decay",
]

FINETUNED_EMBEDDING_MODEL = "minilm-finetuned"
"""The setting value (``ARBITRE_EMBEDDING_MODEL``) that selects the model fine-tuned here."""
RECIPE_VERSION = 1
_REPORT_FILE = "finetune.json"
_WINDOW_BATCHES = 8


@dataclass(frozen=True)
class FinetuneRecipe:
    """Everything that decides the fine-tuned weights besides the pairs themselves."""

    base_model: str = DEFAULT_EMBEDDING_MODEL
    sources: tuple[str, ...] = PAIR_SOURCES
    seed: int = 13
    epochs: int = 1
    batch_size: int = 32
    learning_rate: float = 2e-5
    warmup_share: float = 0.1
    max_seq_length: int = 64
    scale: float = 20.0
    freeze_embeddings: bool = True
    threads: int = 1

    def __post_init__(self) -> None:
        unknown = sorted(set(self.sources) - set(PAIR_SOURCES))
        if unknown or not self.sources:
            raise ValueError(f"sources: expected a non-empty subset of {PAIR_SOURCES}, got {self.sources!r}")
        if self.batch_size < 2:
            raise ValueError(f"batch_size: expected at least 2 (in-batch negatives), got {self.batch_size!r}")
        if self.epochs < 1:
            raise ValueError(f"epochs: expected at least 1, got {self.epochs!r}")


@dataclass(frozen=True)
class FinetuneReport:
    """What a fine-tuning did (or found already done): where, how long, on how many pairs of each source."""

    folder: Path
    trained: bool
    seconds: float
    steps: int
    pairs: dict[str, int] = field(default_factory=dict)


def training_pairs(rulebooks, questions: list[dict], sources: tuple[str, ...] = PAIR_SOURCES) -> list[TrainingPair]:
    """The question pairs of ``questions`` and the corpus pairs, kept to ``sources``."""
    pairs = (question_pairs(questions, rulebooks) if "question" in sources else []) + corpus_pairs(rulebooks)
    return [pair for pair in pairs if pair.source in sources]


def pair_batches(pairs: list[TrainingPair], batch_size: int, rng: random.Random) -> list[list[TrainingPair]]:
    """Shuffled batches in which no anchor and no positive appears twice (a pair that would repeat
    one waits for a later batch); every pair lands in exactly one batch.

    Within each window of ``_WINDOW_BATCHES`` batches, pairs are ordered by length, so a batch
    pads its texts to a similar length (half the tokens of a plain shuffle here), and the
    batches are then shuffled so lengths do not follow the training schedule.
    """
    waiting = list(pairs)
    rng.shuffle(waiting)
    window = batch_size * _WINDOW_BATCHES
    waiting = [pair for start in range(0, len(waiting), window)
               for pair in sorted(waiting[start:start + window], key=lambda p: len(p.anchor) + len(p.positive))]
    batches = []
    while waiting:
        batch, anchors, positives, deferred = [], set(), set(), []
        for pair in waiting:
            if len(batch) < batch_size and pair.anchor not in anchors and pair.positive not in positives:
                batch.append(pair)
                anchors.add(pair.anchor)
                positives.add(pair.positive)
            else:
                deferred.append(pair)
        batches.append(batch)
        waiting = deferred
    rng.shuffle(batches)
    return batches


def finetune(pairs: list[TrainingPair], recipe: FinetuneRecipe, target: Path) -> FinetuneReport:
    """Fine-tune ``recipe.base_model`` on ``pairs`` and save a sentence-transformers folder at ``target``.

    Raises:
        ValueError: when there are fewer pairs than one batch.
    """
    if len(pairs) < recipe.batch_size:
        raise ValueError(f"pairs: expected at least batch_size={recipe.batch_size} pairs, got {len(pairs)}")
    import torch
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.sentence_transformer.losses import MultipleNegativesRankingLoss

    started = time.perf_counter()
    torch.manual_seed(recipe.seed)
    torch.set_num_threads(recipe.threads)
    rng = random.Random(recipe.seed)
    model = SentenceTransformer(str(resolve_model_path(recipe.base_model)), device="cpu")
    model.max_seq_length = recipe.max_seq_length
    if recipe.freeze_embeddings:
        # The word embeddings are half the weights: frozen, words no pair contains keep their place,
        # and each step costs about half the optimiser time.
        for parameter in model[0].auto_model.embeddings.parameters():
            parameter.requires_grad_(False)
    loss = MultipleNegativesRankingLoss(model, scale=recipe.scale)
    epochs = [pair_batches(pairs, recipe.batch_size, rng) for _ in range(recipe.epochs)]
    total = sum(len(batches) for batches in epochs)
    trained = [parameter for parameter in model.parameters() if parameter.requires_grad]
    optimizer = torch.optim.AdamW(trained, lr=recipe.learning_rate)
    schedule = warmup_then_decay(optimizer, total, recipe.warmup_share)
    model.train()
    for batches in epochs:
        for batch in batches:
            features = [model.preprocess([p.anchor for p in batch]), model.preprocess([p.positive for p in batch])]
            value = loss(features, labels=None)
            value.backward()
            torch.nn.utils.clip_grad_norm_(trained, 1.0)
            optimizer.step()
            schedule.step()
            optimizer.zero_grad()
    model.eval()
    _save(model, Path(target))
    counts = {source: sum(1 for p in pairs if p.source == source) for source in PAIR_SOURCES}
    return FinetuneReport(Path(target), True, time.perf_counter() - started, total, counts)


def warmup_then_decay(optimizer, total: int, warmup_share: float):
    """A learning-rate schedule rising linearly over the first ``warmup_share`` of ``total`` steps, then falling to 0."""
    import torch

    warmup = max(1, int(total * warmup_share))
    return torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: min((step + 1) / warmup, max(0.0, (total - step) / max(1, total - warmup))))


def ensure_finetuned_model(corpus_dir: Path, questions_path: Path | None, models_dir: Path,
                           recipe: FinetuneRecipe | None = None) -> FinetuneReport:
    """The fine-tuned model for these inputs, trained into ``models_dir`` when not there yet.

    Args:
        corpus_dir: the rulebooks (their corpus pairs are always used).
        questions_path: training questions with gold quotes (JSON lines), or None / a missing
            file for corpus pairs only.
        models_dir: where fine-tuned models are kept, one folder per fingerprint.
        recipe: training settings (default: ``FinetuneRecipe()``).
    """
    recipe = recipe or FinetuneRecipe()
    folder = Path(models_dir) / model_fingerprint(corpus_dir, questions_path, recipe)
    report_path = folder / _REPORT_FILE
    if report_path.is_file():
        stored = json.loads(report_path.read_text(encoding="utf-8"))
        return FinetuneReport(folder, False, 0.0, stored["steps"], stored["pairs"])
    questions = load_questions(questions_path) if questions_path and Path(questions_path).is_file() else []
    report = finetune(training_pairs(load_corpus(Path(corpus_dir)), questions, recipe.sources), recipe, folder)
    # The report goes last: a training interrupted before it is redone.
    report_path.write_text(json.dumps({"seconds": round(report.seconds, 1), "steps": report.steps,
                                       "pairs": report.pairs, "recipe": asdict(recipe)}, indent=2) + "\n",
                           encoding="utf-8")
    return report


def model_fingerprint(corpus_dir: Path, questions_path: Path | None, recipe: FinetuneRecipe) -> str:
    """A short hash of every input of the fine-tuning (cheap: reads a few small files)."""
    digest = hashlib.sha256(json.dumps([RECIPE_VERSION, asdict(recipe)], sort_keys=True).encode())
    base = Path(resolve_model_path(recipe.base_model))
    for path in sorted(base.glob("*.safetensors")):
        digest.update(f"{path.name}:{path.stat().st_size}".encode())
    for rulebook in load_corpus(Path(corpus_dir)):
        digest.update(rulebook.text.encode())
        for extra in (rulebook.path.parent / "glossary.yaml", translation_path(rulebook)):
            if extra.is_file():
                digest.update(extra.read_bytes())
    if questions_path and Path(questions_path).is_file():
        digest.update(Path(questions_path).read_bytes())
    return digest.hexdigest()[:12]


class FinetunedEmbedder:
    """The fine-tuned model as an ``Embedder``: trained (once) on warm-up, then run like any model.

    Args:
        corpus_dir, questions_path, models_dir, recipe: as ``ensure_finetuned_model``.
        make: builds the embedder that runs the trained folder, given its name and folder
            (so the ONNX runtime and the int8 query encoder apply to it as to the bundled model).
    """

    def __init__(self, corpus_dir: Path, questions_path: Path | None, models_dir: Path,
                 make: Callable[[str, Path], Embedder], recipe: FinetuneRecipe | None = None) -> None:
        self.recipe = recipe or FinetuneRecipe()
        self._inputs = (Path(corpus_dir), questions_path, Path(models_dir))
        self.name = f"{FINETUNED_EMBEDDING_MODEL}@{model_fingerprint(corpus_dir, questions_path, self.recipe)}"
        self._make = make
        self._inner: Embedder | None = None
        self.report: FinetuneReport | None = None

    def warm_up(self) -> None:
        if self._inner is None:
            self.report = ensure_finetuned_model(*self._inputs, self.recipe)
            self._inner = self._make(self.name, self.report.folder)
            self._inner.warm_up()

    def embed(self, texts: list[str]) -> np.ndarray:
        self.warm_up()
        return self._inner.embed(texts)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        self.warm_up()
        return getattr(self._inner, "embed_queries", self._inner.embed)(texts)


def _save(model, target: Path) -> None:
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    model.save(str(partial))
    shutil.rmtree(target, ignore_errors=True)
    partial.replace(target)
