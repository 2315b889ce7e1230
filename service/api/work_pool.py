"""A bounded pool of worker processes for CPU-bound request work (scenario runs).

FastAPI runs plain ``def`` handlers in one shared thread pool; long engine runs
there starve every other synchronous route, and even on their own threads they
hold the GIL that the event loop needs to answer ``/healthz``. :class:`WorkPool`
runs such work in a few worker processes with a queue limit: past
``workers + queue_limit`` jobs in flight, :meth:`WorkPool.run` raises
:class:`PoolFull` at once (the route answers 429 with ``Retry-After``) instead
of letting the backlog grow. A worker that dies is replaced; its job raises
:class:`WorkerLost`.

Usage::

    pool = WorkPool(workers=2, queue_limit=8, retry_after_s=2)
    outcome = await pool.run(run_to_json, scenario, time_budget_s=2.0, max_steps=2000, max_chars=4_000_000)
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from service.process_lifetime import start_scenario_worker

__all__ = ["PoolFull", "WorkPool", "WorkerLost"]

T = TypeVar("T")


class PoolFull(RuntimeError):
    """Every worker is busy and the queue is full; ``retry_after_s`` is when to try again."""

    def __init__(self, in_flight: int, retry_after_s: int) -> None:
        super().__init__(f"{in_flight} jobs in flight, the limit is reached")
        self.in_flight = in_flight
        self.retry_after_s = retry_after_s


class WorkerLost(RuntimeError):
    """The worker process running the job died (the pool has been replaced)."""


class WorkPool:
    """``workers`` processes (or threads, with ``processes=False``) and at most ``queue_limit`` waiting jobs.

    A job counts until it finishes, even when the client that asked for it has
    gone: the limit bounds the work really running or waiting, not the requests.
    Functions and arguments must be picklable when ``processes`` is true.
    """

    def __init__(self, *, workers: int, queue_limit: int, retry_after_s: int, processes: bool = True) -> None:
        if workers < 1 or queue_limit < 0 or retry_after_s < 1:
            raise ValueError(f"workers, queue_limit, retry_after_s: expected >= 1, >= 0, >= 1; "
                             f"got {workers}, {queue_limit}, {retry_after_s}")
        self.workers = workers
        self.capacity = workers + queue_limit
        self.retry_after_s = retry_after_s
        self.processes = processes
        self._lock = threading.Lock()
        self._in_flight = 0
        self._executor = self._new_executor()

    @property
    def in_flight(self) -> int:
        with self._lock:
            return self._in_flight

    async def run(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``function(*args, **kwargs)`` on a worker.

        Raises:
            PoolFull: the pool already holds ``workers + queue_limit`` jobs.
            WorkerLost: the worker died while running it.
        """
        with self._lock:
            if self._in_flight >= self.capacity:
                raise PoolFull(self._in_flight, self.retry_after_s)
            self._in_flight += 1
            executor = self._executor
        try:
            future: Future[T] = executor.submit(function, *args, **kwargs)
        except BaseException:
            self._release(None)
            raise
        future.add_done_callback(self._release)
        try:
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            with self._lock:
                if self._executor is executor:
                    self._executor = self._new_executor()
            executor.shutdown(wait=False, cancel_futures=True)
            raise WorkerLost("the scenario worker died; it has been replaced") from None

    def shutdown(self) -> None:
        """Stop accepting jobs; queued ones are cancelled, running ones finish within their budget."""
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _new_executor(self) -> Executor:
        if not self.processes:
            return ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="work")
        # spawn: a fork would copy the server's threads and model into each worker.
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=start_scenario_worker, initargs=(os.getpid(),))

    def _release(self, _: object) -> None:
        with self._lock:
            self._in_flight -= 1
