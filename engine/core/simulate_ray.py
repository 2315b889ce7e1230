"""Random playouts on a Ray cluster: the same seeds give the same summary as ``simulate_parallel``.

The seeds ``seed .. seed + games - 1`` are cut into ranges; each range is one Ray
task running :func:`engine.core.simulate.simulate` (so the per-game code is the
local backend's), and the parts are merged in range order, which keeps every
counter's order and the violation list as in a single-process run.

Without ``address`` a local Ray is started for the call (``num_cpus=workers``)
and shut down after; with ``address`` (``ray://head:10001`` or ``auto``) the tasks go
to that cluster, whose nodes need this project importable (same code, same
version: see docs/scale.md).
"""

from __future__ import annotations

from typing import Callable

from engine.core.game import Game
from engine.core.simulate import SimulationSummary, simulate

__all__ = ["seed_ranges", "simulate_ray"]


def seed_ranges(seed: int, games: int, workers: int) -> list[tuple[int, int]]:
    """``(first seed, count)`` of each task: about 4 per worker, at most 500 games each."""
    chunk = max(1, min(500, games // (workers * 4) or 1))
    return [(seed + start, min(chunk, games - start)) for start in range(0, games, chunk)]


def simulate_ray(
    game_factory: Callable[[], Game],
    games: int,
    seed: int = 0,
    workers: int = 2,
    *,
    address: str | None = None,
    check: bool = True,
    progress: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """Play ``games`` random games with seeds ``seed, seed + 1, ...`` as Ray tasks.

    Args:
        workers: CPUs of the local Ray started when ``address`` is None; with an
            address, only the task size (the cluster has its own CPUs).
        address: a running cluster (``ray://host:10001``, ``auto``), or None for a local one.

    Raises:
        ValueError: when ``games`` or ``workers`` is below 1.
    """
    if games < 1:
        raise ValueError(f"games: expected a positive integer, got {games!r}")
    if workers < 1:
        raise ValueError(f"workers: expected a positive integer, got {workers!r}")
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        options = {"address": address} if address else {"num_cpus": workers, "include_dashboard": False}
        ray.init(**options, log_to_driver=False, logging_level="warning")
    try:
        remote = ray.remote(_simulate_range)
        pending = [remote.remote(game_factory, start, count, check) for start, count in seed_ranges(seed, games, workers)]
        summary = SimulationSummary()
        for reference in pending:  # in range order: the merge order fixes every counter's order
            part = ray.get(reference)
            summary.merge(part)
            if progress:
                progress(part.games)
        return summary
    finally:
        if started_here:
            ray.shutdown()


def _simulate_range(game_factory: Callable[[], Game], start: int, count: int, check: bool) -> SimulationSummary:
    return simulate(game_factory, count, start, check=check)
