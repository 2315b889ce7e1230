"""``GET /publisher/{game}``: what a publisher's players ask, dislike and find unanswered, over time.

One server-rendered page, no script: charts are inline SVG
(:func:`service.svg.stacked_columns`), the stylesheet is inline and allowed by its hash, and
nothing loads from another site. Behind the admin token like the feedback
summary: ``Authorization: Bearer <ARBITRE_ADMIN_TOKEN>``, or, from a browser,
HTTP Basic with the token as password (any user name), which the browser asks for.

``GET /v1/feedback/activity?game=&days=`` gives the daily counts behind the charts as JSON.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import html
from dataclasses import asdict
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Query, Request, status
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from service.api.auth import ADMIN_DISABLED, ADMIN_REQUIRED, require_admin
from service.api.routes.viewer import known_rulebook, section_anchor
from service.api.schemas.errors import error_responses
from service.svg import Series, stacked_columns
from service.deps import SettingsDep
from service.feedback import DailyActivity, FeedbackSummary, QuestionCount, UnhelpfulAnswer
from service.stores import feedback_store

__all__ = ["DailyActivityPublic", "router"]

router = APIRouter(tags=["publisher"])

_STYLES = (Path(__file__).resolve().parents[2] / "static" / "publisher" / "publisher.css")
MAX_DAYS = 365


class DailyActivityPublic(BaseModel):
    day: str
    asked: int
    abstained: int
    helpful: int
    unhelpful: int


class ActivityPublic(BaseModel):
    game: str
    data: list[DailyActivityPublic]
    count: int


def require_admin_page(request: Request) -> None:
    """:func:`require_admin`, also accepting HTTP Basic with the token as password (what a browser can send)."""
    token = request.app.state.settings.admin_token
    scheme, _, sent = request.headers.get("authorization", "").partition(" ")
    if token is None or not token.get_secret_value() or scheme.lower() != "basic":
        try:
            require_admin(request)
        except HTTPException as refusal:
            if refusal.status_code == status.HTTP_401_UNAUTHORIZED:
                refusal.headers = {"WWW-Authenticate": 'Basic realm="Arbitre publisher", charset="UTF-8"'}
            raise
        return
    try:
        _, _, password = base64.b64decode(sent.strip(), validate=True).decode("utf-8").partition(":")
    except (binascii.Error, UnicodeDecodeError):
        password = ""
    if not hmac.compare_digest(password.encode("utf-8"), token.get_secret_value().encode("utf-8")):
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, ADMIN_REQUIRED,
                            headers={"WWW-Authenticate": 'Basic realm="Arbitre publisher", charset="UTF-8"'})


@router.get("/v1/feedback/activity", response_model=ActivityPublic, responses=error_responses(401, 403, 404, 422),
            dependencies=[Depends(require_admin)], summary="Questions and feedback per UTC day (the publisher page's charts)")
def feedback_activity(
    settings: SettingsDep,
    game: Annotated[str, Query(min_length=1, max_length=64)],
    days: Annotated[int, Query(ge=1, le=MAX_DAYS)] = 30,
) -> ActivityPublic:
    known_rulebook(game, settings.corpus_dir)
    series = feedback_store(settings).activity(game, days=days)
    return ActivityPublic(game=game, data=[DailyActivityPublic(**asdict(day)) for day in series], count=len(series))


@router.get("/publisher/{game}", response_class=HTMLResponse, responses=error_responses(401, 403, 404, 422),
            dependencies=[Depends(require_admin_page)], summary="The publisher's page: most asked, unhelpful, abstained")
def publisher_page(
    settings: SettingsDep,
    game: str,
    days: Annotated[int, Query(ge=1, le=MAX_DAYS)] = 30,
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
) -> HTMLResponse:
    rulebook = known_rulebook(game, settings.corpus_dir)
    store = feedback_store(settings)
    body = render_page(rulebook.title, game, store.summary(game, limit=limit), store.activity(game, days=days))
    styles = _styles()
    digest = base64.b64encode(hashlib.sha256(styles.encode("utf-8")).digest()).decode("ascii")
    document = (f'<!doctype html><html lang="fr"><head><meta charset="utf-8">'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">'
                f"<title>{html.escape(rulebook.title)} — vos joueurs</title><style>{styles}</style></head>"
                f"<body>{body}</body></html>")
    policy = f"default-src 'none'; style-src 'sha256-{digest}'"
    return HTMLResponse(document, headers={"Content-Security-Policy": policy, "Cache-Control": "no-store"})


def render_page(title: str, game: str, summary: FeedbackSummary, activity: list[DailyActivity]) -> str:
    """The page's body: totals, two charts, then the three lists."""
    days = [entry.day for entry in activity]
    asked = _figure(f"Questions par jour ({len(days)} jours, UTC)", days, [
        Series("répondues", tuple(entry.asked - entry.abstained for entry in activity), "answered"),
        Series("sans réponse", tuple(entry.abstained for entry in activity), "abstained")])
    rated = _figure(f"Avis par jour ({len(days)} jours, UTC)", days, [
        Series("utiles", tuple(entry.helpful for entry in activity), "helpful"),
        Series("pas utiles", tuple(entry.unhelpful for entry in activity), "unhelpful")])
    return "".join([
        f"<header><h1>{html.escape(title)} — ce que demandent vos joueurs</h1>",
        f"<p>{summary.questions_recorded} questions enregistrées, {summary.feedback_recorded} avis, "
        f'<a href="/games/{html.escape(game)}">lire les règles</a>. Le {_now()} (UTC).</p></header>',
        f'<section class="charts">{asked}{rated}</section>',
        "<section><h2>Les plus posées</h2>", _counts(summary.most_asked), "</section>",
        "<section><h2>Réponses jugées inutiles</h2>", _unhelpful(game, summary.unhelpful), "</section>",
        "<section><h2>Sans réponse dans les règles</h2>", _counts(summary.abstained), "</section>",
    ])


def _figure(title: str, days: list[str], series: list[Series]) -> str:
    legend = "".join(f'<li><span class="swatch {layer.css_class}"></span>{html.escape(layer.label)}</li>' for layer in series)
    return f'<figure>{stacked_columns(title, days, series)}<figcaption><ul class="legend">{legend}</ul></figcaption></figure>'


def _counts(entries: list[QuestionCount]) -> str:
    if not entries:
        return '<p class="none">Aucune pour l’instant.</p>'
    rows = "".join(f'<tr><td class="n">{entry.count}</td><td>{html.escape(entry.question)}</td></tr>' for entry in entries)
    return f"<table><thead><tr><th>fois</th><th>question</th></tr></thead><tbody>{rows}</tbody></table>"


def _unhelpful(game: str, entries: list[UnhelpfulAnswer]) -> str:
    if not entries:
        return '<p class="none">Aucune pour l’instant.</p>'
    items = []
    for entry in entries:
        answers = "".join(
            f'<li><p class="cited">{answer.unhelpful} × pas utile, sur la réponse citant {_sections(game, answer.sections)}</p>'
            + "".join(f"<blockquote>{html.escape(comment)}</blockquote>" for comment in answer.comments) + "</li>"
            for answer in entry.answers)
        items.append(f'<li><p><strong>{html.escape(entry.question)}</strong> <span class="votes">{entry.unhelpful} pas utile, '
                     f'{entry.helpful} utile</span></p><ul class="answers">{answers}</ul></li>')
    return f'<ol class="unhelpful">{"".join(items)}</ol>'


def _sections(game: str, sections: tuple[str, ...]) -> str:
    if not sections:
        return "aucune section"
    return ", ".join(f'<a href="/games/{html.escape(game)}#{section_anchor(section)}">'
                     f"{html.escape(section.split(' › ', 1)[-1])}</a>" for section in sections)


@cache
def _styles() -> str:
    return _STYLES.read_text(encoding="utf-8")


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M")
