"""Scenario runs: bounded by one budget, off the event loop, and refused with 429 when the pool is full."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.api.work_pool import PoolFull, WorkerLost, WorkPool
from service.core.config import PROJECT_ROOT, Settings
from tests.service.retriever_double import WordOverlapRetriever

CORPUS_DIR = PROJECT_ROOT / "corpus"
NEVER = {"kind": "no_such_event"}
SLOW = {"game": "emblemes", "players": 3, "steps": [{"type": "resolve_round", "expect_rejection": True}] * 2_000,
        "expect": {"events": [NEVER] * 5_000}}


@pytest.fixture
def one_worker(tmp_path: Path) -> Iterator[TestClient]:
    """An app with one scenario worker, no queue and a 5 s budget (a slow run stays in flight a while)."""
    settings = Settings(corpus_dir=CORPUS_DIR, index_dir=tmp_path / "index", feedback_db=tmp_path / "f.sqlite3",
                        scenario_workers=1, scenario_queue=0, scenario_time_budget_s=5.0)
    with TestClient(create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))) as client:
        yield client


def test_thousands_of_never_matching_patterns_are_a_413_within_the_budget(client: TestClient,
                                                                          double_settings: Settings) -> None:
    started = time.monotonic()
    response = client.post("/v1/scenarios/run", json=SLOW)
    assert response.status_code == 413
    assert response.json()["detail"].startswith("Scenario over budget: expect.events[")
    # Unbounded, the run takes 15-20 s on a quiet machine; the margin absorbs a loaded one.
    assert time.monotonic() - started < double_settings.scenario_time_budget_s + 8


def test_a_template_that_expands_past_the_cap_is_a_small_413(client: TestClient) -> None:
    template = {"game": "emblemes", "players": 3, "slots": {"s": {"kind": "text", "default": "x" * 4_000}},
                "title": "${s}" * 25_000}  # 100 KB of body, 100 MB once expanded
    response = client.post("/v1/scenarios/run", json=template)
    assert response.status_code == 413
    assert "output over the budget" in response.json()["detail"]
    assert len(response.content) < 1_000


def test_a_full_pool_is_a_429_with_retry_after_and_health_stays_fast(one_worker: TestClient) -> None:
    pool: WorkPool = one_worker.app.state.scenario_pool
    slow = threading.Thread(target=one_worker.post, args=("/v1/scenarios/run",), kwargs={"json": SLOW})
    slow.start()
    try:
        deadline = time.monotonic() + 5
        while pool.in_flight == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        refused = one_worker.post("/v1/scenarios/run", json={"game": "emblemes", "players": 3})
        started = time.monotonic()
        health = one_worker.get("/healthz")
        health_s = time.monotonic() - started
    finally:
        slow.join(10)
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == "5"  # the run budget: when a slot frees up at the latest
    assert refused.json()["detail"].startswith("Too many scenario runs in progress (1)")
    # Queued behind the slow run, health would wait for its 5 s budget.
    assert health.status_code == 200 and health_s < 2.5
    assert one_worker.post("/v1/scenarios/run", json={"game": "emblemes", "players": 3}).status_code == 200


def test_the_pool_counts_a_job_until_it_ends() -> None:
    pool = WorkPool(workers=1, queue_limit=1, retry_after_s=3, processes=False)
    release = threading.Event()

    async def scenario() -> None:
        first = asyncio.ensure_future(pool.run(release.wait))
        second = asyncio.ensure_future(pool.run(release.wait))
        await asyncio.sleep(0.05)
        with pytest.raises(PoolFull) as full:
            await pool.run(release.wait)
        assert full.value.retry_after_s == 3 and pool.in_flight == 2
        first.cancel()  # the client went away; the job still holds its place until it ends
        await asyncio.sleep(0.05)
        assert pool.in_flight == 2
        release.set()
        await second
        await asyncio.sleep(0.05)
        assert pool.in_flight == 0

    asyncio.run(scenario())
    pool.shutdown()


def test_a_dead_worker_is_replaced() -> None:
    pool = WorkPool(workers=1, queue_limit=0, retry_after_s=1)

    async def scenario() -> None:
        with pytest.raises(WorkerLost):
            await pool.run(os._exit, 3)
        assert await pool.run(abs, -4) == 4

    try:
        asyncio.run(scenario())
    finally:
        pool.shutdown()
