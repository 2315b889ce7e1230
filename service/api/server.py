"""Uvicorn for Arbitre: a read deadline for slow clients, short keep-alive, loopback by default.

Uvicorn's h11 protocol closes idle keep-alive connections but waits forever
for a request that is being sent slowly: a thousand half-sent requests hold a
thousand connections. :func:`slow_client_protocol` makes a protocol class
that gives each request ``request_timeout_s`` seconds from its first byte (or
from the connection's opening) to arrive whole, headers and body, and closes
the connection otherwise. Trickling a byte at a time does not extend it.

Usage::

    uvicorn.run("service.api.main:create_app", factory=True,
                http=slow_client_protocol(10.0), timeout_keep_alive=5)

Behind a reverse proxy, let the proxy buffer requests (nginx does by default)
and keep these limits as a second line.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["limit_malloc_arenas", "slow_client_protocol"]

_INCOMPLETE = (h11.IDLE, h11.SEND_BODY)
_M_ARENA_MAX = -8  # glibc's mallopt parameter number


def limit_malloc_arenas(arenas: int) -> bool:
    """Cap glibc's malloc arenas for this process (like ``MALLOC_ARENA_MAX``); call before threads start.

    Each request thread otherwise gets its own arena (up to 8 per core), and the
    model's temporary tensors fragment them: the server's memory grew by a third
    under 50 clients. Returns False where the C library is not glibc.
    """
    if arenas < 1:
        raise ValueError(f"malloc_arenas: expected >= 1, got {arenas}")
    name = ctypes.util.find_library("c")
    try:
        mallopt = ctypes.CDLL(name).mallopt if name else None
    except (OSError, AttributeError):
        return False
    return bool(mallopt and mallopt(_M_ARENA_MAX, arenas) == 1)


def slow_client_protocol(request_timeout_s: float) -> type[H11Protocol]:
    """An h11 protocol class closing connections whose request takes over ``request_timeout_s`` to arrive."""
    if not request_timeout_s > 0:
        raise ValueError(f"request_timeout_s: expected a positive number, got {request_timeout_s!r}")

    class SlowClientH11Protocol(H11Protocol):
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            self._read_timer: asyncio.TimerHandle | None = None
            super().connection_made(transport)
            self._arm_read_timer()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state in _INCOMPLETE:
                self._arm_read_timer()  # armed once per request: trickled bytes do not push it back
            else:
                self._disarm_read_timer()

        def on_response_complete(self) -> None:
            self._disarm_read_timer()  # uvicorn's keep-alive timer watches the idle connection now
            super().on_response_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm_read_timer()
            super().connection_lost(exc)

        def _arm_read_timer(self) -> None:
            if self._read_timer is None:
                self._read_timer = self.loop.call_later(request_timeout_s, self._read_timed_out)

        def _disarm_read_timer(self) -> None:
            if self._read_timer is not None:
                self._read_timer.cancel()
                self._read_timer = None

        def _read_timed_out(self) -> None:
            self._read_timer = None
            if self.conn.their_state in _INCOMPLETE and not self.transport.is_closing():
                self.transport.close()

    return SlowClientH11Protocol
