"""Security headers on every response, and a real uvicorn that drops slow clients."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.api.server import slow_client_protocol
from service.core.config import PROJECT_ROOT, Settings
from tests.service.retriever_double import WordOverlapRetriever

CORPUS_DIR = PROJECT_ROOT / "corpus"


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("GET", "/healthz", None, 200),
        ("POST", "/v1/ask", {"game": "<script>alert(1)</script>", "question": "q"}, 404),
        ("POST", "/v1/search", {"query": ""}, 422),
        ("GET", "/nowhere", None, 404),
        ("GET", "/widget.js", None, 200),
    ],
)
def test_every_response_is_nosniff_and_unframeable(client: TestClient, method: str, path: str, body: dict | None,
                                                   status: int) -> None:
    response = client.request(method, path, json=body)
    assert response.status_code == status
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_a_body_refused_at_the_edge_has_the_headers_too(client: TestClient) -> None:
    response = client.post("/v1/ask", content=b"\xff", headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert response.headers["x-content-type-options"] == "nosniff"


def test_pages_keep_their_policy_and_get_the_configured_frame_ancestors(tmp_path) -> None:
    settings = Settings(corpus_dir=CORPUS_DIR, index_dir=tmp_path / "index", feedback_db=tmp_path / "f.sqlite3",
                        frame_ancestors=["'self'", "https://publisher.example"])
    with TestClient(create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))) as client:
        viewer = client.get("/games/emblemes")
        docs = client.get("/docs")
    policy = viewer.headers["content-security-policy"]
    assert "script-src 'self' 'sha256-" in policy
    assert policy.endswith("; frame-ancestors 'self' https://publisher.example")
    assert docs.headers["content-security-policy"] == "frame-ancestors 'self' https://publisher.example"


KEEP_ALIVE_S = 30
"""Far above the 0.5 s read deadline, so a drop well before it can only be the deadline's,
with room for a loaded machine (the margins below are wide on purpose: no timing flake)."""
DROPPED_WITHIN_S = 10.0


@pytest.fixture(params=["httptools", "h11"])
def slow_client_server(tmp_path, request) -> Iterator[int]:
    """A real uvicorn on a free loopback port whose requests must arrive within 0.5 s, with either parser."""
    settings = Settings(corpus_dir=CORPUS_DIR, index_dir=tmp_path / "index", feedback_db=tmp_path / "f.sqlite3")
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           http=slow_client_protocol(0.5, request.param), timeout_keep_alive=KEEP_ALIVE_S))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield port
    server.should_exit = True
    thread.join(10)


def closed_after(connection: socket.socket) -> float:
    """Seconds until the server closes ``connection`` (reads until EOF)."""
    started = time.monotonic()
    connection.settimeout(KEEP_ALIVE_S / 2)
    while connection.recv(4096):
        pass
    return time.monotonic() - started


@pytest.mark.parametrize("sent", [b"", b"GET /healthz HTTP/1.1\r\nHost: x\r\n",
                                  b"POST /v1/search HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"query\""])
def test_a_request_that_does_not_arrive_in_time_is_dropped(slow_client_server: int, sent: bytes) -> None:
    with socket.create_connection(("127.0.0.1", slow_client_server)) as connection:
        connection.sendall(sent)
        assert closed_after(connection) < DROPPED_WITHIN_S


def test_trickling_bytes_does_not_extend_the_deadline(slow_client_server: int) -> None:
    with socket.create_connection(("127.0.0.1", slow_client_server)) as connection:
        started = time.monotonic()
        with pytest.raises(OSError):
            for byte in b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100:
                connection.sendall(bytes([byte]))
                time.sleep(0.05)
        assert time.monotonic() - started < DROPPED_WITHIN_S


def test_a_prompt_request_is_answered_and_kept_alive(slow_client_server: int) -> None:
    with socket.create_connection(("127.0.0.1", slow_client_server)) as connection:
        for _ in range(2):
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            reply = b""
            while b'{"status":"ok"}' not in reply:
                chunk = connection.recv(4096)
                assert chunk, f"connection closed after {reply!r}"
                reply += chunk
            assert reply.startswith(b"HTTP/1.1 200")
            time.sleep(0.7)  # idle past the read deadline: keep-alive governs an idle connection


def test_request_threads_are_bounded_by_the_settings(tmp_path) -> None:
    import anyio.to_thread

    settings = Settings(corpus_dir=CORPUS_DIR, index_dir=tmp_path / "index", feedback_db=tmp_path / "f.sqlite3",
                        request_threads=3)
    with TestClient(create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))) as client:
        tokens = client.portal.call(lambda: anyio.to_thread.current_default_thread_limiter().total_tokens)
    assert tokens == 3


def test_malloc_arenas_must_be_positive() -> None:
    from service.api.server import limit_malloc_arenas

    with pytest.raises(ValueError, match="malloc_arenas: expected >= 1, got 0"):
        limit_malloc_arenas(0)


def test_the_slow_client_protocol_uses_httptools_when_installed_and_names_bad_arguments() -> None:
    from uvicorn.protocols.http.h11_impl import H11Protocol
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    assert issubclass(slow_client_protocol(1.0), HttpToolsProtocol)
    assert issubclass(slow_client_protocol(1.0, "h11"), H11Protocol)
    with pytest.raises(ValueError, match="parser: expected 'auto', 'httptools' or 'h11', got 'llhttp'"):
        slow_client_protocol(1.0, "llhttp")
    with pytest.raises(ValueError, match="request_timeout_s: expected a positive number, got 0"):
        slow_client_protocol(0)


class _RecordingTransport:
    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str) -> str:
        return f"extra {name}"


SIZED_HEAD = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n"


def test_a_sized_head_goes_out_with_its_body_in_one_write() -> None:
    from service.api.server import _HeadHeldTransport

    inner = _RecordingTransport()
    held = _HeadHeldTransport(inner)
    held.write(SIZED_HEAD)
    assert inner.writes == []
    held.write(b"{}")
    held.response_complete()
    held.write(SIZED_HEAD)
    held.write(b"[]")
    assert inner.writes == [SIZED_HEAD + b"{}", SIZED_HEAD + b"[]"]
    assert held.get_extra_info("peername") == "extra peername"


@pytest.mark.parametrize("first", [b"HTTP/1.1 100 Continue\r\n\r\n",
                                   b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n"])
def test_an_interim_or_streamed_head_is_not_held(first: bytes) -> None:
    from service.api.server import _HeadHeldTransport

    inner = _RecordingTransport()
    held = _HeadHeldTransport(inner)
    held.write(first)
    assert inner.writes == [first]
    held.write(SIZED_HEAD)  # a body that looks like a head is a body: this response's head is out
    assert inner.writes == [first, SIZED_HEAD]


def test_a_held_head_is_sent_before_closing_and_at_the_response_end() -> None:
    from service.api.server import _HeadHeldTransport

    for end in ("close", "response_complete"):
        inner = _RecordingTransport()
        held = _HeadHeldTransport(inner)
        held.write(SIZED_HEAD)
        getattr(held, end)()
        assert inner.writes == [SIZED_HEAD]
        assert inner.closed is (end == "close")


def _read_replies(connection: socket.socket, count: int) -> list[bytes]:
    """``count`` whole HTTP replies (each with a content-length) read off ``connection``."""
    data, replies = b"", []
    connection.settimeout(DROPPED_WITHIN_S)
    while len(replies) < count:
        head_end = data.find(b"\r\n\r\n")
        if head_end >= 0:
            length = int(next(line.split(b":")[1] for line in data[:head_end].lower().split(b"\r\n")
                              if line.startswith(b"content-length:")))
            if len(data) >= head_end + 4 + length:
                replies.append(data[: head_end + 4 + length])
                data = data[head_end + 4 + length:]
                continue
        chunk = connection.recv(65536)
        assert chunk, f"connection closed after {replies!r} and {data!r}"
        data += chunk
    return replies


def test_pipelined_head_and_expect_continue_requests_get_whole_replies(slow_client_server: int) -> None:
    body = b'{"query": "tour"}'
    with socket.create_connection(("127.0.0.1", slow_client_server)) as connection:
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
        ok, missing = _read_replies(connection, 2)
        assert ok.startswith(b"HTTP/1.1 200") and ok.endswith(b'{"status":"ok"}')
        assert missing.startswith(b"HTTP/1.1 404")
        connection.sendall(b"HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n")  # a sized head, and no body
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            chunk = connection.recv(4096)
            assert chunk, f"connection closed after {head!r}"
            head += chunk
        assert head.startswith(b"HTTP/1.1 405") and b"content-length:" in head.lower()
        connection.sendall(b"POST /v1/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           b"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n" % len(body))
        connection.settimeout(DROPPED_WITHIN_S)
        assert connection.recv(25).startswith(b"HTTP/1.1 100")  # sent before the body is: not held
        connection.sendall(body)
        (searched,) = _read_replies(connection, 1)
        assert searched[:12] in (b"HTTP/1.1 200", b"HTTP/1.1 503")  # whole, whether the index is loaded yet or not
