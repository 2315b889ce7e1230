"""Per-client rate limits (token buckets) for the operations a client could abuse.

Each limited operation has a :class:`RateLimiter`: a client (its address, as
uvicorn reports it; behind a proxy run uvicorn with ``--proxy-headers`` and
``--forwarded-allow-ips``) may send ``burst`` requests at once, then
``per_minute`` per minute. Past it, the route answers 429 with ``Retry-After``.
The limiter remembers at most ``max_clients`` clients (least recently seen are
forgotten first), so its memory is bounded whatever the number of addresses.

Usage::

    limiter = RateLimiter(per_minute=30, burst=10)
    limiter.take("203.0.113.9")   # raises RateLimited once the bucket is empty
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from fastapi import HTTPException, Request, status

__all__ = ["RATE_LIMITED", "RateLimited", "RateLimiter", "rate_limit"]

RATE_LIMITED = "Too many {operation} requests from this client: at most {per_minute} per minute; retry in {retry_after} s"


class RateLimited(Exception):
    """The client's bucket is empty; ``retry_after_s`` seconds until the next token."""

    def __init__(self, retry_after_s: int) -> None:
        super().__init__(f"retry in {retry_after_s} s")
        self.retry_after_s = retry_after_s


class RateLimiter:
    """A token bucket per client, ``burst`` deep, refilled at ``per_minute`` tokens a minute.

    Raises:
        ValueError: a rate, burst or client count below 1.
    """

    def __init__(self, *, per_minute: float, burst: int, max_clients: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if per_minute <= 0 or burst < 1 or max_clients < 1:
            raise ValueError(f"per_minute, burst, max_clients: expected > 0, >= 1, >= 1; "
                             f"got {per_minute}, {burst}, {max_clients}")
        self.per_minute = per_minute
        self.burst = burst
        self.max_clients = max_clients
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # client -> (tokens, updated)
        self._lock = threading.Lock()

    def take(self, client: str) -> None:
        """Spend one of ``client``'s tokens.

        Raises:
            RateLimited: none is left.
        """
        now = self._clock()
        with self._lock:
            tokens, updated = self._buckets.pop(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - updated) * self.per_minute / 60)
            if tokens < 1:
                self._remember(client, tokens, now)
                raise RateLimited(math.ceil((1 - tokens) * 60 / self.per_minute))
            self._remember(client, tokens - 1, now)

    def __len__(self) -> int:
        with self._lock:
            return len(self._buckets)

    def _remember(self, client: str, tokens: float, now: float) -> None:
        self._buckets[client] = (tokens, now)
        while len(self._buckets) > self.max_clients:
            self._buckets.popitem(last=False)


def rate_limit(operation: str) -> Callable[[Request], None]:
    """A route dependency spending one token of ``request.app.state.rate_limiters[operation]``."""

    def limited(request: Request) -> None:
        limiter: RateLimiter = request.app.state.rate_limiters[operation]
        try:
            limiter.take(request.client.host if request.client else "unknown")
        except RateLimited as limited:
            raise HTTPException(
                status.HTTP_429_TOO_MANY_REQUESTS,
                RATE_LIMITED.format(operation=operation, per_minute=limiter.per_minute, retry_after=limited.retry_after_s),
                headers={"Retry-After": str(limited.retry_after_s)},
            ) from None

    return limited
