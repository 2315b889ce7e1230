"""The benches' load generator against a small real HTTP server: results, CPU share, connections per worker."""

import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from scripts.bench_server import Served
from scripts.load_client import DriveResult, build_requests, drive


class _Answering(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the load client expects
    open_connections = 0
    lock = threading.Lock()

    def setup(self) -> None:
        super().setup()
        with self.lock:
            type(self).open_connections += 1

    def finish(self) -> None:
        with self.lock:
            type(self).open_connections -= 1
        super().finish()

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers["Content-Length"]))
        body = b'{"ok": true}'
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


def test_connections_are_counted_while_every_client_still_holds_its_own() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Answering)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        requests = build_requests("127.0.0.1", port, "/v1/ask", [{"n": n} for n in range(30)])
        result = drive("127.0.0.1", port, requests, 3, 10.0,
                       count_connections=lambda: (_Answering.open_connections,))
    finally:
        server.shutdown()
        server.server_close()
    assert (result.requests, result.errors, result.connections) == (30, 0, (3,))
    assert result.to_dict()["connections_per_worker"] == [3]


def test_the_clients_share_is_of_the_cpu_both_sides_used() -> None:
    measured = DriveResult(100, 0, 2.0, (5.0,), client_cpu_s=0.01, server_cpu_s=0.99).to_dict()
    assert measured["client_cpu_share"] == 0.01
    assert measured["client_cpu_ms_per_request"] == 0.1 and measured["server_cpu_ms_per_request"] == 9.9
    unmeasured = DriveResult(100, 0, 2.0, (5.0,), client_cpu_s=0.01, server_cpu_s=None).to_dict()
    assert unmeasured["client_cpu_share"] is None and "connections_per_worker" not in unmeasured


def test_a_servers_connections_are_those_its_listening_process_accepted() -> None:
    listener = subprocess.Popen(
        [sys.executable, "-c",
         "import socket, sys, time\n"
         "s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(8)\n"
         "print(s.getsockname()[1], flush=True)\n"
         "held = [s.accept()[0] for _ in range(2)]\n"
         "print('accepted', flush=True); time.sleep(60)\n"],
        stdout=subprocess.PIPE, text=True)
    clients = []
    try:
        port = int(listener.stdout.readline())
        server = Served(port, listener, workers=1, ready_s=0.0)
        assert server.connections() == (0,)
        clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
        assert listener.stdout.readline().strip() == "accepted"
        deadline = time.monotonic() + 10
        while server.connections() != (2,) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.connections() == (2,)
    finally:
        for client in clients:
            client.close()
        listener.kill()
        listener.wait()
