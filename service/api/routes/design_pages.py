"""Designer pages: ``/games/{game}/engine`` (the engine's generated reference), ``/games/{game}/design``
(the design report: scores, win rate by seat, gap impact, coverage; a few games, run in the scenario pool)
and ``/games/{game}/playground`` (paste a scenario, run it, read the trace with links into the rules)."""

from __future__ import annotations

import html
import json
from functools import lru_cache
from pathlib import Path
from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from engine.core.gaps import variants_of
from engine.core.registry import available_games, load_game
from engine.core.scenario import scenario_files
from service.api.design_html import markdown_html, page, static_text
from service.api.errors import FieldError, shown
from service.api.routes.engine import no_engine, run_in_pool
from service.api.routes.viewer import known_rulebook, render_rulebook, section_anchor, split_front_matter
from service.api.schemas.errors import error_responses
from service.commands.reference import reference_markdown
from service.deps import SettingsDep
from service.design_report import design_report, report_html

router = APIRouter(tags=["designers"], responses=error_responses(404))

PAGE_GAMES = 20
"""Paired games per option on the page by default: a page load must stay short; ``arbitre gaps --html`` plays more."""
EXTRA_RUNS = 2
"""Besides the gap impact's runs, the page plays the games once more for the summary and once for coverage."""
TOO_MANY = ("Too many games: {games} games x {runs} runs (baseline, {variants} other options, summary, coverage) = "
            "{total} random games; at most {limit} per page (use `arbitre gaps --html` for more)")


@router.get("/games/{game}/engine", response_class=HTMLResponse, summary="An engine's reference, generated from it")
def engine_reference_page(game: str, settings: SettingsDep) -> HTMLResponse:
    if game not in available_games():
        return no_engine(game)  # type: ignore[return-value]
    body = _reference_html(game, settings.corpus_dir)
    return page(f"{available_games()[game].title}: engine reference", game, f"<main>{body}</main>")


@router.get("/games/{game}/design", response_class=HTMLResponse, responses=error_responses(404, 422, 429, 503),
            summary="Design report: scores, win rate by seat, which rulebook gaps change who wins, rule coverage")
async def design_page(
    game: str, request: Request, settings: SettingsDep,
    players: Annotated[int | None, Query(ge=1, le=20, description="Default: the game's minimum.")] = None,
    games: Annotated[int, Query(ge=1, le=100_000, description="Paired games per option.")] = PAGE_GAMES,
    seed: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
) -> HTMLResponse:
    if game not in available_games():
        return no_engine(game)  # type: ignore[return-value]
    game_class = available_games()[game]
    players = players or game_class.min_players
    try:
        game_class(players)
    except ValueError as error:
        raise FieldError(422, "players", shown(str(error))) from None
    runs = len(variants_of(game_class)) + 1
    if games * (runs + EXTRA_RUNS) > settings.gaps_max_playouts:
        raise FieldError(422, "games", TOO_MANY.format(games=games, runs=runs + EXTRA_RUNS, variants=runs - 1,
                                                       total=games * (runs + EXTRA_RUNS),
                                                       limit=settings.gaps_max_playouts))
    body = await run_in_pool(request, design_body, game, players, games, seed, settings.corpus_dir)
    return page(f"{game_class.title}: design report", game, f"<main>{body}</main>")


def design_body(game: str, players: int, games: int, seed: int, corpus_dir: Path) -> str:
    """The report's HTML (run in a pool worker: module-level, arguments picklable)."""
    report = design_report(load_game(game), players, games, seed, corpus_dir=corpus_dir)
    note = (f"This page plays {games} games per option so that it loads quickly: read the intervals. "
            f"For more, run `arbitre gaps {game} --players {players} --games 2000 --html report.html` "
            f"or add ?games=N (at most the server's budget).")
    return report_html(report, lambda section: rule_link(game, section), note=note)


@router.get("/games/{game}/playground", response_class=HTMLResponse,
            summary="Paste a scenario (YAML or JSON), run it, read the trace with each cited rule linked")
def playground_page(game: str, settings: SettingsDep) -> HTMLResponse:
    if game not in available_games():
        return no_engine(game)  # type: ignore[return-value]
    example = _example_scenario(settings.corpus_dir / game / "scenarios")
    anchors = json.dumps(_anchors(game, settings.corpus_dir), ensure_ascii=False).replace("</", "<\\/")
    main = (
        f"<main><h1>{html.escape(available_games()[game].title)}: scenario playground</h1>"
        "<p>Write a scenario as in <code>corpus/&lt;game&gt;/scenarios/</code> (YAML or JSON; format in "
        f'<a href="/games/{html.escape(game)}/engine">the engine reference</a>) and run it: the trace shows each event '
        "with the rule it applied, linked into the rules. Errors name the field and its line.</p>"
        f'<form id="playground" data-game="{html.escape(game)}"><label for="scenario">Scenario</label>'
        f'<textarea id="scenario" name="scenario" spellcheck="false">{html.escape(example)}</textarea>'
        '<p><button type="submit">Run</button></p></form>'
        f'<section id="trace" aria-live="polite"></section>'
        f'<script type="application/json" id="anchors">{anchors}</script></main>'
    )
    return page(f"{available_games()[game].title}: scenario playground", game, main, script=static_text("playground.js"))


def _example_scenario(folder: Path) -> str:
    """The shortest scenario file of the game (templates aside), as written."""
    files = [path for path in scenario_files(folder) if "templates" not in path.parts] if folder.is_dir() else []
    if not files:
        return ""
    return min((path.read_text(encoding="utf-8") for path in files), key=len)


@lru_cache(maxsize=16)
def _anchors(game: str, corpus_dir: Path) -> dict[str, str]:
    """Section path -> its anchor in the rules viewer (the first heading of that path)."""
    _, body = split_front_matter(known_rulebook(game, corpus_dir).path.read_text(encoding="utf-8"))
    anchors: dict[str, str] = {}
    for _, section, anchor in render_rulebook(body)[1]:
        anchors.setdefault(section, anchor)
    return anchors


@lru_cache(maxsize=16)
def _reference_html(game: str, corpus_dir: Path) -> str:
    """Built once per process: the engine does not change while the server runs."""
    return markdown_html(reference_markdown(game, link=lambda section: rule_link(game, section), corpus_dir=corpus_dir))


def rule_link(game: str, section: str) -> str:
    """The rules viewer at a cited section."""
    return f"/games/{quote(game)}#{section_anchor(section)}"
