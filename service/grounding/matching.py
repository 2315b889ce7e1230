"""Find the template a question is an instance of, or none.

Each phrasing of each template is turned, once at warm-up, into features: its
lexical tokens (the index's :class:`~index.normalize.Normalizer`) with the
entity mentions cut out, plus one feature per entity (``@card:voleuse``) and
per entity kind and role (``<card>``, ``<card:self>``, ``<number:jeton>``).
A question gets the same features; similarity is the idf-weighted cosine of
the two sets, averaged with the dense cosine when an embedder is given.

Similarity alone would let "what does the Spy earn?" pick a Spy template, so
the score is multiplied by the *fit* of the question's entities: an entity the
template can neither put in a slot nor already names costs a share, and a
card or marker that every phrasing names but the question does not costs more.
A template is chosen only when the product clears :data:`MATCH_THRESHOLD`.
"""

from __future__ import annotations

import math
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator, Mapping, Protocol, Sequence

import numpy as np

from index.normalize import Normalizer
from service.grounding.catalog import Template
from service.grounding.entities import Entity, Recogniser
from service.grounding.filling import can_fill

MATCH_THRESHOLD = 0.35
"""Calibrated on the dev set (see docs/grounding.md): edge questions clear it, lookups do not."""
DENSE_WEIGHT = 0.35
"""Share of the dense cosine in the similarity; the MiniLM model reads French poorly."""
_SITUATION_KINDS = frozenset({"card", "location", "token", "marker", "player_count", "number", "player"})
"""Entity kinds that describe a position; other kinds (phases, concepts) only name topics."""
_STRANGER_COST = 0.25
_MISSING_COST = 0.45


class Embedder(Protocol):
    def embed(self, texts: list[str]) -> np.ndarray: ...


@dataclass(frozen=True)
class Match:
    """A template for a question, with the evidence for the choice."""

    template: Template
    score: float
    similarity: float
    fit: float
    phrasing: str

    def to_dict(self) -> dict:
        return {
            "template": self.template.path,
            "title": self.template.title,
            "score": round(self.score, 4),
            "similarity": round(self.similarity, 4),
            "fit": round(self.fit, 4),
            "closest_phrasing": self.phrasing,
        }


@dataclass(frozen=True)
class _Phrasing:
    template: Template
    text: str
    features: frozenset[str]
    entities: tuple[Entity, ...]


class TemplateMatcher:
    """Indexes the templates' phrasings and scores questions against them.

    Args:
        templates: every template of every game.
        recognisers: one entity recogniser per game id.
        embedder: optional; when given, phrasings are embedded once in :meth:`warm_up`.
        threshold: minimum score for a template to be chosen.
    """

    def __init__(
        self,
        templates: Sequence[Template],
        recognisers: Mapping[str, Recogniser],
        embedder: Embedder | None = None,
        threshold: float = MATCH_THRESHOLD,
    ):
        missing = sorted({t.game for t in templates} - set(recognisers))
        if missing:
            raise ValueError(f"recognisers: expected one for every game with templates, missing {missing}")
        self.templates = list(templates)
        self.recognisers = recognisers
        self.embedder = embedder
        self.threshold = threshold
        self._normalizer = Normalizer()
        self._phrasings: list[_Phrasing] = []
        self._vectors: np.ndarray | None = None
        self._idf: dict[str, dict[str, float]] = {}
        self._unseen_idf: dict[str, float] = {}
        self._by_template: dict[str, list] = {}
        self._named: dict[str, set] = {}
        self._subjects: dict[str, set] = {}
        self._by_game: dict[str, list[tuple[int, _Phrasing, float]]] = {}

    def warm_up(self) -> None:
        """Recognise and featurise every phrasing; embed them when an embedder is set."""
        self._phrasings = []
        for template in self.templates:
            for _, text in template.phrasings:
                entities = tuple(self.recognisers[template.game].recognise(text))
                self._phrasings.append(_Phrasing(template, text, self._features(text, entities), entities))
        self._idf, self._unseen_idf = {}, {}
        for game in {template.game for template in self.templates}:
            mine = [phrasing for phrasing in self._phrasings if phrasing.template.game == game]
            counts = Counter(feature for phrasing in mine for feature in phrasing.features)
            total = len(mine) + 1
            self._idf[game] = {feature: math.log(total / count) + 1.0 for feature, count in counts.items()}
            self._unseen_idf[game] = math.log(total) + 1.0
        self._by_template = {}
        for phrasing in self._phrasings:
            self._by_template.setdefault(phrasing.template.path, []).append(phrasing)
        self._named = {
            path: {(e.kind, e.value) for p in phrasings for e in p.entities} for path, phrasings in self._by_template.items()
        }
        self._subjects = {
            path: _always_named(phrasings, phrasings[0].template, self.recognisers[phrasings[0].template.game].terms)
            for path, phrasings in self._by_template.items()
        }
        # Each phrasing's squared norm once (the same sum, in the same order, that every question recomputed).
        self._by_game = {}
        for index, phrasing in enumerate(self._phrasings):
            game = phrasing.template.game
            self._by_game.setdefault(game, []).append((index, phrasing, self._norm2(phrasing.features, game)))
        if self.embedder is not None and self._phrasings:
            self._vectors = self.embedder.embed([p.text for p in self._phrasings])

    def rank(self, question: str, game: str, entities: Sequence[Entity], floor: float | None = None) -> list[Match]:
        """Every template of ``game`` scored for ``question``, best first (one match per template).

        ``floor``: leave out the templates none of whose phrasings is as similar to the question as ``floor`` (a
        template's score is its best similarity times a fit of at most 1, so theirs is under ``floor`` too); their
        fit is not computed. Every template scoring ``floor`` or more is kept, in the same order, with the same match.
        """
        features = self._features(question, entities)
        dense = self._dense_scores(question)
        best: dict[str, Match] = {}
        fits: dict[str, float] = {}
        phrasings = self._by_game.get(game, [])
        features_norm2 = self._norm2(features, game) if phrasings else 0.0
        for index, phrasing, phrasing_norm2 in phrasings:
            similarity = self._cosine(features, phrasing.features, game, features_norm2, phrasing_norm2)
            if dense is not None:
                similarity = (1 - DENSE_WEIGHT) * similarity + DENSE_WEIGHT * max(float(dense[index]), 0.0)
            if floor is not None and similarity < floor:
                continue
            path = phrasing.template.path
            fit = fits[path] if path in fits else fits.setdefault(path, self._fit(phrasing.template, entities))
            current = best.get(path)
            if current is None or similarity * fit > current.score:  # a Match made only for a template's new best
                best[path] = Match(phrasing.template, similarity * fit, similarity, fit, phrasing.text)
        return sorted(best.values(), key=lambda m: -m.score)

    @contextmanager
    def leaving_out(self, game: str, phrasing: str) -> Iterator[None]:
        """Score ``game``'s questions as if ``phrasing`` were not one of its templates' phrasings.

        A fit's out-of-sample check: a template phrasing written from a training question matches that question
        near-verbatim, so its answer there says nothing of an unseen one. Not thread-safe (fitting only).
        """
        kept = self._by_game.get(game, [])
        self._by_game[game] = [entry for entry in kept if entry[1].text != phrasing]
        try:
            yield
        finally:
            self._by_game[game] = kept

    def match(self, question: str, game: str, entities: Sequence[Entity]) -> Match | None:
        """The best template when its score clears the threshold, else None."""
        ranked = self.rank(question, game, entities)
        return ranked[0] if ranked and ranked[0].score >= self.threshold else None

    def _features(self, text: str, entities: Sequence[Entity]) -> frozenset[str]:
        kept = list(text)
        for entity in entities:
            kept[entity.start : entity.end] = [" "] * (entity.end - entity.start)
        features = set(self._normalizer.tokens("".join(kept)))
        for entity in entities:
            if entity.kind in ("number", "player_count"):
                features.add(f"<{entity.kind}:{entity.unit}>")
            elif entity.kind == "player":
                features.add("<player>")
            else:
                features.add(f"@{entity.kind}:{entity.value}")
            features.add(f"<{entity.kind}>")
            if entity.role:
                features.add(f"<{entity.kind}:{entity.role}>")
        return frozenset(features)

    def _cosine(self, left: frozenset[str], right: frozenset[str], game: str,
                left_norm2: float, right_norm2: float) -> float:
        """Cosine of idf-weighted features; the idf is the game's own (one game's templates never move another's).

        ``left_norm2``/``right_norm2`` are :meth:`_norm2` of ``left`` and ``right``.
        """
        idf, unseen = self._idf[game], self._unseen_idf[game]
        shared = sum(idf.get(f, unseen) ** 2 for f in left & right)
        norm = math.sqrt(left_norm2 * right_norm2)
        return shared / norm if norm else 0.0

    def _norm2(self, features: frozenset[str], game: str) -> float:
        """The squared norm of idf-weighted ``features`` in ``game``."""
        idf, unseen = self._idf[game], self._unseen_idf[game]
        return sum(idf.get(f, unseen) ** 2 for f in features)

    def _dense_scores(self, question: str) -> np.ndarray | None:
        if self.embedder is None or self._vectors is None:
            return None
        return self._vectors @ self.embedder.embed([question])[0]

    def _fit(self, template: Template, entities: Sequence[Entity]) -> float:
        """How well the question's entities belong in the template (1.0: all of them)."""
        phrasings = self._by_template[template.path]
        named = self._named[template.path]
        terms = self.recognisers[template.game].terms
        fit = 1.0
        for entity in entities:
            if entity.kind not in _SITUATION_KINDS or (entity.kind, entity.value) in named:
                continue
            if any(can_fill(spec, entity, terms) for spec in template.slots):
                continue
            if entity.kind in ("number", "player_count") and any(
                e.kind == entity.kind and e.unit == entity.unit for p in phrasings for e in p.entities
            ):
                return 0.0  # the template's position holds another count of the same thing: not this situation
            if entity.kind == "player" and any(e.kind == "player" for p in phrasings for e in p.entities):
                continue
            fit *= 1 - _STRANGER_COST
        asked = {(e.kind, e.value) for e in entities}
        for required in self._subjects[template.path]:
            if required not in asked:
                fit *= 1 - _MISSING_COST
        return fit


def _always_named(phrasings: Sequence[_Phrasing], template: Template, terms) -> set[tuple[str, object]]:
    """Cards and markers every phrasing names (the subject of the template), and locations no slot replaces."""
    common: set[tuple[str, object]] | None = None
    for phrasing in phrasings:
        fixed = {
            (e.kind, e.value) for e in phrasing.entities
            if e.kind in ("card", "marker")
            or e.kind == "location" and not any(can_fill(s, e, terms) for s in template.slots)
        }
        common = fixed if common is None else common & fixed
    return common or set()
