"""The HTML shell of the designer pages (``service/api/routes/design_pages.py``).

Everything is server-rendered; the only script a page may run is the inline one
it passes, allowed by its hash (nothing loads from elsewhere).
"""

from __future__ import annotations

import base64
import hashlib
import html
from functools import cache
from pathlib import Path

from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

__all__ = ["document", "markdown_html", "page"]

_STATIC = Path(__file__).resolve().parents[1] / "static" / "design"
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


def page(title: str, game: str, main: str, *, script: str = "") -> HTMLResponse:
    """A complete page with the designer navigation for ``game``; ``script`` runs inline, allowed by its hash."""
    sources = "'self'"
    if script:
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode("ascii")
        sources += f" 'sha256-{digest}'"
    policy = f"default-src 'self'; script-src {sources}; style-src 'unsafe-inline'; img-src 'self' data:"
    return HTMLResponse(document(title, main, game=game, script=script),
                        headers={"Content-Security-Policy": policy, "Cache-Control": "no-cache"})


def document(title: str, main: str, *, game: str | None = None, script: str = "") -> str:
    """A standalone HTML document (styles inline); with ``game``, the navigation between its designer pages."""
    nav = ""
    if game is not None:
        slug = html.escape(game)
        nav = (f'<nav class="design"><a href="/games/{slug}">Rules</a><a href="/games/{slug}/engine">Engine reference</a>'
               f'<a href="/games/{slug}/design">Design report</a>'
               f'<a href="/games/{slug}/playground">Scenario playground</a></nav>')
    inline = f"<script>{script}</script>" if script else ""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title>'
            f"<style>{static_text('design.css')}</style></head><body>{nav}{main}{inline}</body></html>")


def markdown_html(text: str) -> str:
    """Markdown to HTML, raw HTML disabled (engine text never becomes markup)."""
    return _MARKDOWN.render(text)


@cache
def static_text(name: str) -> str:
    return (_STATIC / name).read_text(encoding="utf-8")
