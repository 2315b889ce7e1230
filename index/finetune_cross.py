"""A cross-encoder (question, candidate sentence) → relevance, fine-tuned here on the CPU from the bundled MiniLM.

The bi-encoder (:mod:`index.finetune`) embeds the question and the sentence apart; a
cross-encoder reads them together, so it can weigh which of a passage's sentences says
what the question asks. It starts from the same packaged checkpoint (a BERT with a new
one-logit head) and is trained with a binary cross-entropy on:

- **question pairs**: each training question with its gold sentences (label 1) and the
  other candidate sentences of its retrieved passages, hardest first (label 0);
- **FAQ pairs** the corpus gives for free: a FAQ heading (a player's question) with the
  first sentence of its answer (1) and the first answer sentence of another FAQ entry of
  the same game (0); again in English when the translation holds both sides.

An English question reads the candidate's English translation (the MiniLM checkpoint
was trained on English). Only the top ``trainable_layers`` layers and the head learn:
the lower layers keep the checkpoint's weights, so their output for a pair is computed
once (:class:`CrossEncoderTrainer` caches it) and every fold of a cross-validation trains
from it; on the shared 2 cores a full fine-tune took 6-8 s per batch of 16. Training is
seeded, single-process, with a fixed thread count, so the same pairs give the same weights.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from index.chunker import chunk_rulebook
from index.corpus import Rulebook, load_translation
from index.embedders import DEFAULT_EMBEDDING_MODEL, resolve_model_path
from index.finetune import warmup_then_decay
from language import fold

__all__ = ["CrossEncoderTrainer", "CrossPair", "CrossRecipe", "QuestionCandidates", "candidate_text", "faq_pairs",
           "question_pairs"]


@dataclass(frozen=True)
class CrossRecipe:
    """Everything that decides the cross-encoder's weights besides the pairs themselves."""

    base_model: str = DEFAULT_EMBEDDING_MODEL
    seed: int = 13
    epochs: int = 1
    batch_size: int = 16
    learning_rate: float = 5e-5
    warmup_share: float = 0.1
    max_length: int = 96
    negatives_per_question: int = 4
    trainable_layers: int = 2
    threads: int = 2

    def __post_init__(self) -> None:
        if self.epochs < 1:
            raise ValueError(f"epochs: expected at least 1, got {self.epochs!r}")
        if not 1 <= self.trainable_layers <= 6:
            raise ValueError(f"trainable_layers: expected 1 to 6 (MiniLM-L6), got {self.trainable_layers!r}")
        if self.negatives_per_question < 1:
            raise ValueError(f"negatives_per_question: expected at least 1, got {self.negatives_per_question!r}")


@dataclass(frozen=True)
class CrossPair:
    """A (query, text) pair with its label: 1.0 when ``text`` answers ``query``."""

    query: str
    text: str
    label: float
    source: str
    game: str


@dataclass(frozen=True)
class QuestionCandidates:
    """One training question and its candidate sentences, as the reranker sees them.

    Attributes:
        texts: each candidate as :func:`candidate_text` writes it.
        gold: whether each candidate is a gold sentence.
        retrieval: each candidate's retrieval score (the hardest negatives score highest).
    """

    question: str
    game: str
    texts: tuple[str, ...]
    gold: tuple[bool, ...]
    retrieval: tuple[float, ...]


def candidate_text(heading: str, sentence: str, english: str, language: str) -> str:
    """What the cross-encoder reads of a candidate: its English translation for an English
    question (when there is one), else its section's title and the sentence."""
    if language == "en" and english:
        return english
    return f"{heading} : {sentence}" if heading and heading.strip() != sentence.strip() else sentence


def question_pairs(questions: Sequence[QuestionCandidates], negatives: int) -> list[CrossPair]:
    """Gold sentences (1) and the ``negatives`` best-retrieved other candidates (0) of each question with a gold one."""
    pairs = []
    for item in questions:
        if not any(item.gold):
            continue
        others = sorted((i for i, gold in enumerate(item.gold) if not gold), key=lambda i: -item.retrieval[i])
        pairs += [CrossPair(item.question, item.texts[i], 1.0, "question", item.game)
                  for i, gold in enumerate(item.gold) if gold]
        pairs += [CrossPair(item.question, item.texts[i], 0.0, "question", item.game) for i in others[:negatives]]
    return pairs


def faq_pairs(rulebooks: Sequence[Rulebook], rng: random.Random) -> list[CrossPair]:
    """FAQ heading → its answer's first sentence (1), and another entry's first sentence (0); in English too."""
    pairs = []
    for rulebook in rulebooks:
        entries = []
        for chunk in chunk_rulebook(rulebook).chunks:
            heading = chunk.heading.strip()
            first = next((s.text for s in chunk.sentences if s.text.strip() != heading), None)
            if heading.endswith("?") and first:
                entries.append((heading, first))
        if len(entries) < 2:
            continue
        translation = load_translation(rulebook)
        english = {fold(s.fr_text): s.en_text for s in translation.sentences} if translation else {}
        for index, (heading, answer) in enumerate(entries):
            other = entries[(index + rng.randrange(1, len(entries))) % len(entries)][1]
            pairs += [CrossPair(heading, answer, 1.0, "faq", rulebook.id),
                      CrossPair(heading, other, 0.0, "faq", rulebook.id)]
            sides = [english.get(fold(text)) for text in (heading, answer, other)]
            if all(sides):
                pairs += [CrossPair(sides[0], sides[1], 1.0, "faq_en", rulebook.id),
                          CrossPair(sides[0], sides[2], 0.0, "faq_en", rulebook.id)]
    return pairs


class CrossEncoderTrainer:
    """Fine-tunes cross-encoders that share the checkpoint's frozen lower layers.

    ``train(pairs)`` returns a trained model (a ``BertForSequenceClassification``);
    ``score(model, query, texts)`` gives one logit per text. The lower layers' output of
    every (query, text) pair seen is cached, so many models (one per fold) cost one
    forward pass of the frozen part per pair.
    """

    _WINDOW_BATCHES = 8

    def __init__(self, recipe: CrossRecipe | None = None) -> None:
        self.recipe = recipe or CrossRecipe()
        self._cache: dict[tuple[str, str], object] = {}
        self._tokenizer = None
        self._base = None

    @property
    def frozen_layers(self) -> int:
        return 6 - self.recipe.trainable_layers

    def warm_up(self) -> None:
        if self._base is not None:
            return
        import torch
        from transformers import AutoTokenizer

        torch.set_num_threads(self.recipe.threads)
        self._tokenizer = AutoTokenizer.from_pretrained(str(resolve_model_path(self.recipe.base_model)))
        self._base = self._new_model()
        self._base.eval()

    def _new_model(self):
        import torch
        from transformers import AutoModelForSequenceClassification

        torch.manual_seed(self.recipe.seed)  # the same new head for every fold
        model = AutoModelForSequenceClassification.from_pretrained(
            str(resolve_model_path(self.recipe.base_model)), num_labels=1)
        for name, parameter in model.named_parameters():
            parameter.requires_grad_(self._trainable(name))
        return model

    def _trainable(self, name: str) -> bool:
        if name.startswith(("classifier.", "bert.pooler.")):
            return True
        prefix = "bert.encoder.layer."
        return name.startswith(prefix) and int(name[len(prefix):].split(".")[0]) >= self.frozen_layers

    def lower_states(self, keys: Sequence[tuple[str, str]], batch_size: int = 32) -> None:
        """Compute (once) the frozen layers' output of each (query, text) pair, shortest first."""
        import torch

        self.warm_up()
        missing = sorted({key for key in keys if key not in self._cache},
                         key=lambda key: (len(key[0]) + len(key[1]), key))
        if not missing:
            return
        bert = self._base.bert
        layers = bert.encoder.layer
        bert.encoder.layer = torch.nn.ModuleList(list(layers)[:self.frozen_layers])
        try:
            with torch.inference_mode():
                for start in range(0, len(missing), batch_size):
                    chunk = missing[start:start + batch_size]
                    inputs = self._tokenizer([q for q, _ in chunk], [t for _, t in chunk], truncation=True,
                                             max_length=self.recipe.max_length, padding=True, return_tensors="pt")
                    hidden = bert(**inputs).last_hidden_state
                    for key, states, mask in zip(chunk, hidden, inputs["attention_mask"]):
                        self._cache[key] = states[: int(mask.sum())].clone()
        finally:
            bert.encoder.layer = layers

    def _top_logits(self, model, keys: Sequence[tuple[str, str]]):
        import torch

        states = [self._cache[key] for key in keys]
        longest = max(len(s) for s in states)
        hidden = torch.zeros(len(states), longest, states[0].shape[-1])
        mask = torch.zeros(len(states), longest)
        for row, s in enumerate(states):
            hidden[row, : len(s)] = s
            mask[row, : len(s)] = 1.0
        additive = (1.0 - mask[:, None, None, :]) * torch.finfo(torch.float32).min
        for layer in model.bert.encoder.layer[self.frozen_layers:]:
            hidden = layer(hidden, attention_mask=additive)
        return model.classifier(model.dropout(model.bert.pooler(hidden))).squeeze(-1)

    def train(self, pairs: Sequence[CrossPair]):
        """A model fine-tuned on ``pairs`` (binary cross-entropy), its lower layers the checkpoint's.

        Raises:
            ValueError: when there are fewer pairs than one batch.
        """
        recipe = self.recipe
        if len(pairs) < recipe.batch_size:
            raise ValueError(f"pairs: expected at least batch_size={recipe.batch_size} pairs, got {len(pairs)}")
        import torch

        self.lower_states([(p.query, p.text) for p in pairs])
        rng = random.Random(recipe.seed)
        model = self._new_model()
        batches = [batch for _ in range(recipe.epochs) for batch in self._batches(pairs, rng)]
        trained = [parameter for parameter in model.parameters() if parameter.requires_grad]
        optimizer = torch.optim.AdamW(trained, lr=recipe.learning_rate)
        schedule = warmup_then_decay(optimizer, len(batches), recipe.warmup_share)
        loss_of = torch.nn.BCEWithLogitsLoss()
        model.train()
        for batch in batches:
            logits = self._top_logits(model, [(p.query, p.text) for p in batch])
            loss = loss_of(logits, torch.tensor([p.label for p in batch], dtype=torch.float32))
            loss.backward()
            torch.nn.utils.clip_grad_norm_(trained, 1.0)
            optimizer.step()
            schedule.step()
            optimizer.zero_grad()
        model.eval()
        return model

    def _batches(self, pairs: Sequence[CrossPair], rng: random.Random) -> list[list[CrossPair]]:
        """Shuffled batches; within each window of batches pairs are sorted by length (less padding)."""
        order = list(pairs)
        rng.shuffle(order)
        size = self.recipe.batch_size
        window = size * self._WINDOW_BATCHES
        order = [p for start in range(0, len(order), window)
                 for p in sorted(order[start:start + window], key=lambda p: len(self._cache[(p.query, p.text)]))]
        batches = [order[start:start + size] for start in range(0, len(order), size)]
        rng.shuffle(batches)
        return batches

    def score(self, model, query: str, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        """One logit per text: how well it answers ``query``."""
        import torch

        keys = [(query, text) for text in texts]
        self.lower_states(keys)
        with torch.inference_mode():
            values = [self._top_logits(model, keys[start:start + batch_size]).numpy()
                      for start in range(0, len(keys), batch_size)]
        return np.concatenate(values) if values else np.zeros(0)

    def full_logits(self, model, query: str, texts: Sequence[str]) -> np.ndarray:
        """The same logits through the whole model, without the cache (what a saved model computes)."""
        import torch

        inputs = self._tokenizer([query] * len(texts), list(texts), truncation=True,
                                 max_length=self.recipe.max_length, padding=True, return_tensors="pt")
        with torch.inference_mode():
            return model(**inputs).logits.squeeze(-1).numpy()

    def save(self, model, target: Path) -> None:
        model.save_pretrained(str(target))
        self._tokenizer.save_pretrained(str(target))
