"""``GET /widget.js``: the embeddable FAQ widget, one self-contained script.

The source lives in ``service/static/widget/``: ``core.js`` (UI-free client),
``view.js`` (render layer), ``mount.js`` (custom element and one-tag mounting)
and ``styles.css``. They are joined once per process into one IIFE, with the
stylesheet as a string; the bundle is served gzipped when the client accepts
it, with an ETag and a short cache lifetime so a publisher's page picks up a new
release within minutes while repeat loads cost a 304.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fastapi import APIRouter, Request, Response

__all__ = ["WidgetBundle", "build_bundle", "router"]

WIDGET_SOURCE_DIR = Path(__file__).resolve().parents[2] / "static" / "widget"
_SCRIPTS = ("core.js", "view.js", "mount.js")
_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=86400"
_CONTENT_TYPE = "text/javascript; charset=utf-8"

router = APIRouter(tags=["widget"])


@dataclass(frozen=True)
class WidgetBundle:
    """The widget script, its gzipped form and its ETag."""

    script: bytes
    gzipped: bytes
    etag: str


def build_bundle(source_dir: Path = WIDGET_SOURCE_DIR) -> WidgetBundle:
    """Join the widget sources into one IIFE; the stylesheet becomes the ``STYLES`` string."""
    styles = (source_dir / "styles.css").read_text(encoding="utf-8")
    parts = [f"var STYLES = {json.dumps(styles, ensure_ascii=False)};"]
    parts += [(source_dir / name).read_text(encoding="utf-8") for name in _SCRIPTS]
    script = ('(function () {\n"use strict";\n' + "\n".join(parts) + "})();\n").encode("utf-8")
    # mtime=0 keeps the gzipped bytes identical across processes.
    gzipped = gzip.compress(script, compresslevel=9, mtime=0)
    return WidgetBundle(script, gzipped, '"' + hashlib.sha256(script).hexdigest()[:20] + '"')


@cache
def _bundle() -> WidgetBundle:
    return build_bundle()


@router.get("/widget.js", summary="The embeddable FAQ widget (Web Component)", response_class=Response, responses={
    200: {"description": "The script", "content": {"text/javascript": {"schema": {"type": "string"}}}},
    304: {"description": "Not modified since the ETag in If-None-Match"},
})
def widget_script(request: Request) -> Response:
    bundle = _bundle()
    headers = {"Cache-Control": _CACHE_CONTROL, "ETag": bundle.etag, "Vary": "Accept-Encoding",
               "X-Content-Type-Options": "nosniff"}
    if bundle.etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(bundle.gzipped, media_type=_CONTENT_TYPE, headers={**headers, "Content-Encoding": "gzip"})
    return Response(bundle.script, media_type=_CONTENT_TYPE, headers=headers)
