"""Order candidate sentences by the probability that they answer the question.

The model (``models/reranker.json``) is a logistic regression over the candidate
features, fit on the training questions' gold quotes by ``scripts/fit_answers.py``
(its cross-validated accuracy is in the file's ``report``). Before it has been
fit, the retriever's fused sentence score orders the candidates.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.answers.candidates import FEATURES, Candidate
from service.answers.linear import LinearModel

__all__ = ["rank"]

_FUSED = FEATURES.index("sentence_fused")


def rank(found: Sequence[Candidate], model: LinearModel | None) -> list[tuple[Candidate, float]]:
    """``found`` with each one's probability of answering, best first (ties keep retrieval order)."""
    if model is None:
        scored = [(candidate, candidate.features[_FUSED]) for candidate in found]
    else:
        scored = [(candidate, model.probability(candidate.features)) for candidate in found]
    return sorted(scored, key=lambda pair: -pair[1])
