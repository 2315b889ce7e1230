"""Logistic models stored as data: named weights fit offline, applied with a dot product.

The models of answer composition (the sentence reranker, the yes/no polarity, the
confidence calibration) are fit by ``scripts/fit_answers.py`` with scikit-learn
and cross-validation, and saved as JSON under ``service/answers/models/``; serving
needs no scikit-learn and costs microseconds. Each file records how it was fit
and what it measured, so a number in the docs can be traced to the file.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

__all__ = ["LinearModel", "load_model"]


@dataclass(frozen=True)
class LinearModel:
    """``probability(x) = sigmoid(bias + Σ weights[i] · (x[i] - mean[i]) / scale[i])``.

    Attributes:
        name: the file's name (``reranker``).
        features: the feature names, in vector order.
        weights, mean, scale: one value per feature.
        bias: the intercept.
        report: how the model was fit and what cross-validation measured.
        at_most: the most :meth:`probability` states (1 unless the fit found its high probabilities not precise
            enough to claim: ``scripts/fit_answers.py``, the confidence model).
    """

    name: str
    features: tuple[str, ...]
    weights: tuple[float, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    bias: float
    report: Mapping[str, object]
    at_most: float = 1.0

    def __post_init__(self) -> None:
        sizes = {len(self.features), len(self.weights), len(self.mean), len(self.scale)}
        if len(sizes) != 1:
            raise ValueError(f"{self.name}: expected one weight, mean and scale per feature, got sizes {sorted(sizes)}")

    def logit(self, values: Sequence[float]) -> float:
        """The model's log-odds for one feature vector (in :attr:`features` order)."""
        if len(values) != len(self.features):
            raise ValueError(f"{self.name}: expected {len(self.features)} feature values, got {len(values)}")
        return self.bias + sum(w * (v - m) / s for w, v, m, s in zip(self.weights, values, self.mean, self.scale))

    def probability(self, values: Sequence[float]) -> float:
        """The modelled probability for one feature vector, at most :attr:`at_most`."""
        logit = max(-30.0, min(30.0, self.logit(values)))
        return min(self.at_most, 1.0 / (1.0 + math.exp(-logit)))

    def to_dict(self) -> dict[str, object]:
        capped = {"at_most": self.at_most} if self.at_most < 1.0 else {}
        return {"features": list(self.features), "weights": list(self.weights), "mean": list(self.mean),
                "scale": list(self.scale), "bias": self.bias, **capped, "report": dict(self.report)}

    @classmethod
    def from_dict(cls, name: str, data: Mapping[str, object]) -> LinearModel:
        return cls(name, tuple(data["features"]), tuple(map(float, data["weights"])),  # type: ignore[arg-type]
                   tuple(map(float, data["mean"])), tuple(map(float, data["scale"])),  # type: ignore[arg-type]
                   float(data["bias"]), dict(data.get("report") or {}),  # type: ignore[arg-type]
                   float(data.get("at_most", 1.0)))  # type: ignore[arg-type]


@functools.cache
def load_model(name: str) -> LinearModel | None:
    """The model saved as ``service/answers/models/<name>.json``, or None before it has been fit."""
    path = resources.files("service.answers").joinpath("models", f"{name}.json")
    if not path.is_file():
        return None
    return LinearModel.from_dict(name, json.loads(path.read_text(encoding="utf-8")))
