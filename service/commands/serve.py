"""``arbitre serve``: run the HTTP API with uvicorn."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="serve the HTTP API (OpenAPI docs at /docs)")
    parser.add_argument("--host", default="127.0.0.1", help="interface to bind (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="TCP port (default: 8000)")
    parser.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    parser.set_defaults(handler=serve)


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from service.api.server import limit_malloc_arenas, slow_client_protocol
    from service.core.config import get_settings

    settings = get_settings()
    limit_malloc_arenas(settings.malloc_arenas)
    uvicorn.run("service.api.main:create_app", factory=True, host=args.host, port=args.port, log_level=args.log_level,
                http=slow_client_protocol(settings.request_timeout_s), timeout_keep_alive=settings.keep_alive_s,
                limit_concurrency=settings.max_connections)
    return 0
