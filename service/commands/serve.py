"""``arbitre serve``: run the HTTP API with uvicorn, in one process or ``--workers N``."""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import tempfile
from contextlib import ExitStack


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="serve the HTTP API (OpenAPI docs at /docs)")
    parser.add_argument("--host", default="127.0.0.1", help="interface to bind (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="TCP port (default: 8000)")
    parser.add_argument("--workers", type=_positive,
                        help="server processes sharing the port; each maps the same index file "
                             "(default: ARBITRE_WORKERS, 2)")
    parser.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    parser.set_defaults(handler=serve)


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from service.api.server import limit_malloc_arenas, slow_client_protocol
    from service.core.config import get_settings

    # One app per process: its loaded heap is frozen after warm-up. Set before the settings are first read: they are
    # cached, and one worker is this process, whose app reads the same settings.
    os.environ.setdefault("ARBITRE_FREEZE_HEAP", "true")
    settings = get_settings()
    workers = args.workers or settings.workers
    limit_malloc_arenas(settings.malloc_arenas)
    http = slow_client_protocol(settings.request_timeout_s)
    with ExitStack() as made:
        if workers > 1:
            # Each worker counts into its own files here; /metrics sums them (prometheus_client's multiprocess mode).
            _scratch_folder("PROMETHEUS_MULTIPROC_DIR", "arbitre-metrics-", made)
            # One signing secret for all workers: feedback may reach another worker than the answer did.
            os.environ.setdefault("ARBITRE_ANSWER_ID_SECRET", secrets.token_hex(32))
            # /readyz waits for every worker: each counts its readiness here (service/api/readiness.py).
            _scratch_folder("ARBITRE_READY_DIR", "arbitre-ready-", made)
            os.environ["ARBITRE_WORKERS"] = str(workers)
            # Spawned workers import the protocol by name (a class built in a function cannot be sent to them).
            http = "service.api.worker_protocol:SlowClientProtocol"
        uvicorn.run("service.api.main:create_app", factory=True, host=args.host, port=args.port,
                    log_level=args.log_level, http=http, timeout_keep_alive=settings.keep_alive_s,
                    limit_concurrency=settings.max_connections, workers=workers,
                    timeout_worker_healthcheck=settings.worker_healthcheck_s)
    return 0


def _scratch_folder(variable: str, prefix: str, made: ExitStack) -> None:
    """Give the workers a fresh folder in ``variable`` unless one is set; a folder made here goes when serve ends."""
    if variable in os.environ:
        return
    folder = tempfile.mkdtemp(prefix=prefix)
    os.environ[variable] = folder
    made.callback(shutil.rmtree, folder, ignore_errors=True)


def _positive(value: str) -> int:
    if not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {value!r}")
    return int(value)
