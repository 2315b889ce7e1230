"""Gap impact: which named assumptions change the outcome of games.

For every assumption with more than one option, the same seeded random games
are played under the baseline and under each other option (everything else
equal: same players, same seeds, same other assumptions), and the pairs are
compared: did the winners change, the final scores, the game length? Paired
runs share seeds, so an option change that never matters changes nothing.

Random legal playouts are not strong play: a gap that changes random games
often may matter less between skilled players, and the reverse.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from engine.core.simulate import play_random_game

CAVEAT = ("Random legal playouts, not strong play: a gap that changes random games may matter "
          "more or less between skilled players.")


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default); (0, 1) when there are no trials."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"successes: expected 0..{trials}, got {successes}")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Variant:
    """One alternative option of one assumption, played against the baseline."""

    assumption_id: str
    option: Any


@dataclass
class VariantCounts:
    """Paired games where the variant's outcome differs from the baseline's."""

    games: int = 0
    winners_changed: int = 0
    scores_changed: int = 0
    length_changed: int = 0

    def merge(self, other: "VariantCounts") -> None:
        self.games += other.games
        self.winners_changed += other.winners_changed
        self.scores_changed += other.scores_changed
        self.length_changed += other.length_changed


@dataclass
class ChunkResult:
    """What one worker returns for one seed range."""

    games: int = 0
    fired_games: dict[str, int] = field(default_factory=dict)
    counts: list[VariantCounts] = field(default_factory=list)


@dataclass(frozen=True)
class OptionImpact:
    option: Any
    counts: VariantCounts

    def rate(self, name: str) -> dict[str, float]:
        changed = getattr(self.counts, name)
        low, high = wilson_interval(changed, self.counts.games)
        return {"changed": changed, "rate": changed / self.counts.games if self.counts.games else 0.0,
                "low": low, "high": high}

    def to_dict(self) -> dict[str, Any]:
        return {"option": self.option, "games": self.counts.games,
                **{name: self.rate(name) for name in ("winners_changed", "scores_changed", "length_changed")}}


@dataclass(frozen=True)
class AssumptionImpact:
    """One assumption: its baseline value, how often it fired, each alternative's impact."""

    assumption_id: str
    baseline: Any
    fired_games: int
    options: tuple[OptionImpact, ...]

    @property
    def winner_change_rate(self) -> float:
        """The largest winner-change rate over the alternatives (the ranking key)."""
        return max((o.rate("winners_changed")["rate"] for o in self.options), default=0.0)

    @property
    def score_change_rate(self) -> float:
        return max((o.rate("scores_changed")["rate"] for o in self.options), default=0.0)

    def to_dict(self) -> dict[str, Any]:
        return {"assumption": self.assumption_id, "baseline": self.baseline, "fired_games": self.fired_games,
                "winner_change_rate": self.winner_change_rate, "options": [o.to_dict() for o in self.options]}


@dataclass(frozen=True)
class GapReport:
    game: str
    players: int
    games: int
    seed: int
    base_overrides: dict[str, Any]
    impacts: tuple[AssumptionImpact, ...]
    """Ranked: winner-change rate first, then score-change rate, then id."""

    def top(self, n: int = 3) -> list[str]:
        return [impact.assumption_id for impact in self.impacts[:n]]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "games": self.games, "seed": self.seed,
                "seeds": [self.seed, self.seed + self.games - 1], "base_overrides": self.base_overrides,
                "caveat": CAVEAT, "ranking": [impact.to_dict() for impact in self.impacts]}


def variants_of(game_class: type, base_overrides: dict[str, Any] | None = None,
                only: Iterable[str] | None = None) -> list[Variant]:
    """Every option other than the baseline's, for each assumption with more than one option."""
    base_overrides = base_overrides or {}
    wanted = set(only) if only is not None else None
    variants = []
    for assumption in game_class.assumptions:
        if len(assumption.options) < 2 or (wanted is not None and assumption.id not in wanted):
            continue
        baseline = base_overrides.get(assumption.id, assumption.default)
        variants.extend(Variant(assumption.id, option) for option in assumption.options if option != baseline)
    if wanted is not None:
        unknown = wanted - {a.id for a in game_class.assumptions}
        if unknown:
            raise ValueError(f"only: unknown assumptions {sorted(unknown)}")
    return variants


def play_chunk(game_class: type, players: int, base_overrides: dict[str, Any], variants: list[Variant],
               start: int, count: int) -> ChunkResult:
    """Seeds ``start .. start + count - 1`` under the baseline and under every variant (paired by seed)."""
    baseline_game = game_class(players, None, base_overrides)
    variant_games = [game_class(players, None, {**base_overrides, v.assumption_id: v.option}) for v in variants]
    result = ChunkResult(counts=[VariantCounts() for _ in variants])
    for seed in range(start, start + count):
        base = play_random_game(baseline_game, seed, check=False)
        result.games += 1
        for assumption_id in base.assumptions:
            result.fired_games[assumption_id] = result.fired_games.get(assumption_id, 0) + 1
        base_winners = sorted(base.winners)
        for game, counts in zip(variant_games, result.counts):
            other = play_random_game(game, seed, check=False)
            counts.games += 1
            counts.winners_changed += sorted(other.winners) != base_winners
            counts.scores_changed += other.scores != base.scores
            counts.length_changed += other.actions != base.actions
    return result


def gap_impact(game_class: type, players: int, games: int, seed: int = 0, workers: int = 1, *,
               base_overrides: dict[str, Any] | None = None, only: Iterable[str] | None = None,
               progress: Callable[[int], None] | None = None) -> GapReport:
    """Rank the game's multi-option assumptions by how often changing them changes the winners."""
    if games < 1:
        raise ValueError(f"games: expected a positive integer, got {games!r}")
    base_overrides = dict(base_overrides or {})
    game_class(players, None, base_overrides)  # fail early on bad players or overrides
    variants = variants_of(game_class, base_overrides, only)
    total = ChunkResult(counts=[VariantCounts() for _ in variants])
    for part in _run_chunks(game_class, players, base_overrides, variants, games, seed, workers):
        total.games += part.games
        for assumption_id, n in part.fired_games.items():
            total.fired_games[assumption_id] = total.fired_games.get(assumption_id, 0) + n
        for mine, theirs in zip(total.counts, part.counts):
            mine.merge(theirs)
        if progress:
            progress(part.games)
    impacts = []
    for assumption in game_class.assumptions:
        options = tuple(OptionImpact(v.option, c) for v, c in zip(variants, total.counts)
                        if v.assumption_id == assumption.id)
        if options:
            impacts.append(AssumptionImpact(assumption.id, base_overrides.get(assumption.id, assumption.default),
                                            total.fired_games.get(assumption.id, 0), options))
    impacts.sort(key=lambda i: (-i.winner_change_rate, -i.score_change_rate, i.assumption_id))
    return GapReport(game_class.id, players, games, seed, base_overrides, tuple(impacts))


def _run_chunks(game_class, players, base_overrides, variants, games, seed, workers):
    chunk = max(1, min(250, games // (max(workers, 1) * 4) or 1))
    ranges = [(seed + offset, min(chunk, games - offset)) for offset in range(0, games, chunk)]
    if workers <= 1:
        for start, count in ranges:
            yield play_chunk(game_class, players, base_overrides, variants, start, count)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_chunk, game_class, players, base_overrides, variants, start, count)
                   for start, count in ranges]
        for future in futures:
            yield future.result()
