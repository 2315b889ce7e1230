"""A cheap HTTP load generator for the benches: pre-built requests on kept-alive sockets.

The benches run the clients on the same two cores as the server, so every CPU
millisecond a client spends is one the server does not get. httpx spent about
1 ms of CPU per request building, encoding and parsing; here each request is
encoded once before the run (``build_requests``), sent as bytes on a persistent
connection, and its response read by ``Content-Length`` with only the status line
parsed. The response body is read in full (the server pays for sending it) but
never decoded. :func:`drive` reports the client's own CPU beside the server's, so
a bench says how much of the machine the load generator took (``client_cpu_share``:
the clients' part of the CPU both sides spent), and, given a way to count them, how
the kept-alive connections were spread over the server's workers: a closed-loop
client sends each connection's next request only after its answer, so a worker
holding 6 of 8 connections caps the run whatever the other does.

It measures the server, not a population of players: the requests are encoded
before the clock starts and each response is read by its length, as wrk or oha do
in C. Measured here (session 12, 8 clients, first-seen ``/v1/ask``): 0.07-0.09 ms
of client CPU per request against 8.7-10.4 ms of server CPU (httpx took 3.6-8.8 ms).
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["DriveResult", "build_requests", "drive", "merged", "process_cpu_s"]


def build_requests(host: str, port: int, path: str, bodies: list[dict]) -> list[bytes]:
    """Each body as a complete HTTP/1.1 POST with a JSON body, ready to send."""
    requests = []
    for body in bodies:
        payload = json.dumps(body, ensure_ascii=False).encode("utf-8")
        head = (f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(payload)}\r\n\r\n").encode("ascii")
        requests.append(head + payload)
    return requests


@dataclass(frozen=True)
class DriveResult:
    """One load run: successes, errors, elapsed time, client-side latencies and CPU per request.

    ``connections``: the clients' connections each server worker held at the end of the run, most first
    (None when not counted).
    """

    requests: int
    errors: int
    seconds: float
    latencies_ms: tuple[float, ...]
    client_cpu_s: float
    server_cpu_s: float | None
    connections: tuple[int, ...] | None = None

    def to_dict(self) -> dict:
        ordered = sorted(self.latencies_ms) or [float("nan")]
        done = max(self.requests, 1)
        measured = {
            "requests": self.requests, "errors": self.errors, "seconds": round(self.seconds, 2),
            "rps": round(self.requests / self.seconds, 1) if self.seconds else 0.0,
            "p50_ms": round(statistics.median(ordered), 2),
            "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
            "client_cpu_ms_per_request": round(1000 * self.client_cpu_s / done, 3),
            "server_cpu_ms_per_request": (round(1000 * self.server_cpu_s / done, 3)
                                          if self.server_cpu_s is not None else None),
            "client_cpu_share": (round(self.client_cpu_s / (self.client_cpu_s + self.server_cpu_s), 4)
                                 if self.server_cpu_s is not None and self.client_cpu_s + self.server_cpu_s > 0
                                 else None),
        }
        if self.connections is not None:
            measured["connections_per_worker"] = list(self.connections)
        return measured


def merged(results: list[DriveResult]) -> DriveResult:
    """Several runs against one server as one: counts, seconds and CPU summed, latencies pooled
    (connections, which differ run by run, are left out)."""
    cpu = [result.server_cpu_s for result in results]
    return DriveResult(
        requests=sum(result.requests for result in results), errors=sum(result.errors for result in results),
        seconds=sum(result.seconds for result in results),
        latencies_ms=tuple(latency for result in results for latency in result.latencies_ms),
        client_cpu_s=sum(result.client_cpu_s for result in results),
        server_cpu_s=None if None in cpu else sum(cpu),
    )


def drive(host: str, port: int, requests: list[bytes], clients: int, seconds: float,
          server_pids: list[int] | None = None,
          count_connections: Callable[[], tuple[int, ...]] | None = None) -> DriveResult:
    """Send ``requests`` in order from ``clients`` threads until they run out or ``seconds`` pass.

    Args:
        server_pids: processes whose CPU time (user + system) is read before and after.
        count_connections: called once the clients are done and before they close their connections
            (e.g. :meth:`scripts.bench_server.Served.connections`); its answer is the result's ``connections``.
    """
    pending = iter(requests)
    lock = threading.Lock()
    latencies: list[float] = []
    errors = [0]
    deadline = time.perf_counter() + seconds
    finished = threading.Barrier(clients + 1)  # every client done, its connection still open
    counted = threading.Event()

    def loop() -> None:
        connection = _Connection(host, port)
        try:
            while time.perf_counter() < deadline:
                with lock:
                    request = next(pending, None)
                if request is None:
                    return
                started = time.perf_counter()
                status = connection.exchange(request)
                elapsed_ms = (time.perf_counter() - started) * 1000
                with lock:
                    if status == 200:
                        latencies.append(elapsed_ms)
                    else:
                        errors[0] += 1
        finally:
            finished.wait()
            counted.wait()
            connection.close()

    server_before = _cpu_of(server_pids) if server_pids else None
    client_before = process_cpu_s()
    started = time.perf_counter()
    threads = [threading.Thread(target=loop) for _ in range(clients)]
    for thread in threads:
        thread.start()
    finished.wait()
    elapsed = time.perf_counter() - started
    client_cpu = process_cpu_s() - client_before
    server_cpu = _cpu_of(server_pids) - server_before if server_pids else None
    try:
        connections = count_connections() if count_connections else None
    finally:
        counted.set()
        for thread in threads:
            thread.join()
    return DriveResult(len(latencies), errors[0], elapsed, tuple(latencies), client_cpu, server_cpu, connections)


def process_cpu_s() -> float:
    """This process's CPU seconds so far (user + system, all threads)."""
    times = os.times()
    return times.user + times.system


class _Connection:
    """One kept-alive HTTP/1.1 connection; reconnects once when the server closed it."""

    def __init__(self, host: str, port: int) -> None:
        self._address = (host, port)
        self._socket: socket.socket | None = None
        self._buffer = b""

    def exchange(self, request: bytes) -> int:
        """Send one request and read its whole response; return the status code (0 on a broken connection)."""
        for _attempt in range(2):
            try:
                if self._socket is None:
                    self._socket = socket.create_connection(self._address, timeout=60)
                    self._socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self._socket.sendall(request)
                return self._read_response()
            except (ConnectionError, socket.timeout, ValueError):
                self.close()
        return 0

    def _read_response(self) -> int:
        while b"\r\n\r\n" not in self._buffer:
            self._receive()
        head, _, self._buffer = self._buffer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        length = next((int(line.split(b":", 1)[1]) for line in lines[1:]
                       if line[:15].lower() == b"content-length:"), None)
        if length is None:
            raise ValueError("response without Content-Length")
        while len(self._buffer) < length:
            self._receive()
        self._buffer = self._buffer[length:]
        return status

    def _receive(self) -> None:
        chunk = self._socket.recv(65536)
        if not chunk:
            raise ConnectionError("server closed the connection")
        self._buffer += chunk

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
        self._socket, self._buffer = None, b""


def _cpu_of(pids: list[int]) -> float:
    """CPU seconds (user + system) used so far by the processes ``pids`` (all their threads), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += sum(int(value) for value in fields[11:13])  # utime, stime (fields 14-15 of stat)
    return total / ticks
