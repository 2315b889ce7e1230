"""Designer pages: ``GET /games/{game}/engine`` (the engine's generated reference)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from engine.core.registry import available_games
from service.api.design_html import markdown_html, page
from service.api.routes.engine import no_engine
from service.api.routes.viewer import section_anchor
from service.api.schemas.errors import error_responses
from service.commands.reference import reference_markdown
from service.deps import SettingsDep

router = APIRouter(tags=["designers"], responses=error_responses(404))


@router.get("/games/{game}/engine", response_class=HTMLResponse, summary="An engine's reference, generated from it")
def engine_reference_page(game: str, settings: SettingsDep) -> HTMLResponse:
    if game not in available_games():
        return no_engine(game)  # type: ignore[return-value]
    body = _reference_html(game, settings.corpus_dir)
    return page(f"{available_games()[game].title}: engine reference", game, f"<main>{body}</main>")


@lru_cache(maxsize=16)
def _reference_html(game: str, corpus_dir: Path) -> str:
    """Built once per process: the engine does not change while the server runs."""
    return markdown_html(reference_markdown(game, link=lambda section: rule_link(game, section), corpus_dir=corpus_dir))


def rule_link(game: str, section: str) -> str:
    """The rules viewer at a cited section."""
    return f"/games/{quote(game)}#{section_anchor(section)}"
