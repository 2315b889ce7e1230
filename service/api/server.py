"""Uvicorn for Arbitre: a read deadline for slow clients, short keep-alive, loopback by default.

Uvicorn's HTTP protocols close idle keep-alive connections but wait forever
for a request that is being sent slowly: a thousand half-sent requests hold a
thousand connections. :func:`slow_client_protocol` makes a protocol class
that gives each request ``request_timeout_s`` seconds from its first byte (or
from the connection's opening) to arrive whole, headers and body, and closes
the connection otherwise. Trickling a byte at a time does not extend it.

The class is built on uvicorn's httptools protocol (the C parser uvicorn
itself prefers) when httptools is installed, else on h11: httptools took
0.70-0.73 ms of server CPU per ``/healthz`` against 1.07-1.11 ms with h11
(docs/scale.md).

Usage::

    uvicorn.run("service.api.main:create_app", factory=True,
                http=slow_client_protocol(10.0), timeout_keep_alive=5)

Behind a reverse proxy, let the proxy buffer requests (nginx does by default)
and keep these limits as a second line.

The same protocol sends a response's head and body in one write (:class:`_HeadHeldTransport`):
uvicorn writes them separately, two segments whose first wakes the client only for it to wait
for the second; under 8 clients the head's write was 8-10 % of the time the server held the
GIL (docs/scale.md, session 8).
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools is optional: h11 then parses every request
    HttpToolsProtocol = None

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


def slow_client_protocol(request_timeout_s: float, parser: str = "auto") -> type:
    """A protocol class closing connections whose request takes over ``request_timeout_s`` to arrive.

    Args:
        request_timeout_s: seconds a request has, from its first byte, to arrive whole.
        parser: ``"httptools"``, ``"h11"``, or ``"auto"`` (httptools when installed).

    Raises:
        ValueError: a timeout that is not positive, an unknown parser, or httptools asked for but missing.
    """
    if not request_timeout_s > 0:
        raise ValueError(f"request_timeout_s: expected a positive number, got {request_timeout_s!r}")
    if parser not in ("auto", "httptools", "h11"):
        raise ValueError(f"parser: expected 'auto', 'httptools' or 'h11', got {parser!r}")
    if parser == "httptools" and HttpToolsProtocol is None:
        raise ValueError("parser: 'httptools' is not installed")
    if parser == "h11" or HttpToolsProtocol is None:
        return type("SlowClientH11Protocol", (_SlowH11, H11Protocol), {"request_timeout_s": request_timeout_s})
    return type("SlowClientHttpToolsProtocol", (_SlowHttpTools, HttpToolsProtocol),
                {"request_timeout_s": request_timeout_s})


class _ReadDeadline:
    """The deadline, mixed into a uvicorn protocol: armed while a request is arriving, once per request."""

    request_timeout_s: float

    def connection_made(self, transport: asyncio.Transport) -> None:
        self._read_timer: asyncio.TimerHandle | None = None
        self._held = _HeadHeldTransport(transport)
        super().connection_made(self._held)  # type: ignore[misc]
        self._arm_read_timer()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        if self._request_incomplete():
            self._arm_read_timer()  # armed once per request: trickled bytes do not push it back
        else:
            self._disarm_read_timer()

    def on_response_complete(self) -> None:
        self._disarm_read_timer()  # uvicorn's keep-alive timer watches the idle connection now
        self._held.response_complete()
        super().on_response_complete()  # type: ignore[misc]

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_read_timer()
        super().connection_lost(exc)  # type: ignore[misc]

    def _request_incomplete(self) -> bool:
        raise NotImplementedError

    def _arm_read_timer(self) -> None:
        if self._read_timer is None:
            self._read_timer = self.loop.call_later(self.request_timeout_s, self._read_timed_out)  # type: ignore[attr-defined]

    def _disarm_read_timer(self) -> None:
        if self._read_timer is not None:
            self._read_timer.cancel()
            self._read_timer = None

    def _read_timed_out(self) -> None:
        self._read_timer = None
        transport = self.transport  # type: ignore[attr-defined]
        if self._request_incomplete() and not transport.is_closing():
            transport.close()


class _HeadHeldTransport:
    """A transport that holds a response's head until the body's first write, and sends both in one.

    Only a final head (not ``100 Continue``) of a response with a ``content-length`` is held: its
    body is one ASGI message that follows at once (a streamed, chunked response is sent as it
    comes). The next write, closing the connection or the response's end sends what is held
    first. Every other attribute is the transport's.
    """

    __slots__ = ("_transport", "_head", "_fresh")

    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport
        self._head = b""
        self._fresh = True  # no byte of the current response written yet

    def write(self, data: bytes) -> None:
        if self._fresh and _is_sized_final_head(data):
            self._head, self._fresh = data, False
            return
        if self._head:
            data, self._head = self._head + data, b""
        self._fresh = False
        self._transport.write(data)

    def flush(self) -> None:
        if self._head:
            head, self._head = self._head, b""
            self._transport.write(head)

    def response_complete(self) -> None:
        self.flush()
        self._fresh = True

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str):
        return getattr(self._transport, name)


def _is_sized_final_head(data: bytes) -> bool:
    return (data.startswith(b"HTTP/1.1 ") and data[9:10] != b"1" and data.endswith(b"\r\n\r\n")
            and b"\r\ncontent-length: " in data.lower())


class _SlowH11(_ReadDeadline):
    def _request_incomplete(self) -> bool:
        return self.conn.their_state in _INCOMPLETE  # type: ignore[attr-defined]


class _SlowHttpTools(_ReadDeadline):
    # httptools has no request state to read: a request is arriving from the connection's opening,
    # from its first byte (the parser's message begin) and again once the previous response is sent,
    # until the parser has it whole.
    _arriving = True

    def on_message_begin(self) -> None:
        self._arriving = True
        super().on_message_begin()  # type: ignore[misc]

    def on_message_complete(self) -> None:
        self._arriving = False
        super().on_message_complete()  # type: ignore[misc]

    def on_response_complete(self) -> None:
        self._arriving = True
        super().on_response_complete()

    def _request_incomplete(self) -> bool:
        return self._arriving
