"""Simulation on Ray: the same seeds give the same summary as the local backends, for every engine."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator

import pytest

from engine.core.simulate import simulate, simulate_parallel
from engine.core.simulate_ray import seed_ranges, simulate_ray
from service.cli import main as cli_main
from tests.engine.engines import ENGINES, REGISTERED

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.integration
GAMES = 40


def test_a_local_ray_is_started_for_the_run_and_shut_down_after() -> None:
    assert not ray.is_initialized()
    factory = functools.partial(ENGINES["toy"], ENGINES["toy"].game_type.min_players)
    summary = simulate_ray(factory, 30, seed=7, workers=2)
    assert not ray.is_initialized()
    assert summary.to_dict() == simulate(factory, 30, seed=7).to_dict()


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="warning")
    yield
    ray.shutdown()


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_same_seeds_same_summary_as_local(local_ray: None, game: str) -> None:
    factory = functools.partial(ENGINES[game], ENGINES[game].game_type.max_players)
    on_ray = simulate_ray(factory, GAMES, seed=100, workers=3).to_dict()
    assert on_ray == simulate(factory, GAMES, seed=100).to_dict()
    assert on_ray == simulate_parallel(factory, GAMES, seed=100, workers=2).to_dict()
    assert on_ray["games"] == GAMES


def test_the_command_line_backend_prints_the_local_summary(local_ray: None, capsys: pytest.CaptureFixture[str]) -> None:
    game = REGISTERED[0]
    arguments = ["simulate", game, "--games", "24", "--seed", "3", "--workers", "2", "--json"]
    assert cli_main([*arguments, "--backend", "local"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert cli_main([*arguments, "--backend", "ray"]) == 0
    assert json.loads(capsys.readouterr().out) == local


def test_an_address_without_ray_backend_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["simulate", REGISTERED[0], "--games", "2", "--address", "ray://head:10001"]) == 2
    assert "--address: only with --backend ray" in capsys.readouterr().err


def test_seed_ranges_cover_every_seed_once() -> None:
    ranges = seed_ranges(10, 1003, 2)
    seeds = [seed for start, count in ranges for seed in range(start, start + count)]
    assert seeds == list(range(10, 1013)) and max(count for _, count in ranges) <= 500
    with pytest.raises(ValueError, match="games: expected a positive integer"):
        simulate_ray(lambda: None, 0)
