"""``GET /publisher/{game}`` (HTML, inline SVG charts, no script) and ``GET /v1/feedback/activity``."""

from __future__ import annotations

import base64
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.svg import Series, stacked_columns
from service.core.config import Settings
from service.feedback import Feedback, FeedbackStore
from tests.widget.conftest import make_settings

ADMIN_TOKEN = "publisher-page-token"
BEARER = {"Authorization": f"Bearer {ADMIN_TOKEN}"}


def basic(password: str, user: str = "editeur") -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path, admin_token=ADMIN_TOKEN)


@pytest.fixture
def store(settings: Settings) -> FeedbackStore:
    store = FeedbackStore(settings.feedback_db)
    today = datetime.now(timezone.utc)
    for days_ago, question, abstained in [(0, "Qui commence ?", False), (0, "qui commence", False),
                                          (2, "<script>alert(1)</script> Et la pluie ?", True)]:
        store.record_question(game="emblemes", question=question, answer_id=f"id-{days_ago}-{question}",
                              abstained=abstained, sections=["Emblèmes › Mise en place"],
                              now=today - timedelta(days=days_ago))
    store.add_feedback(Feedback(game="emblemes", question="Qui commence ?", helpful=False,
                                sections=("Emblèmes › Mise en place",), comment="Il manque le cas à 3 joueurs"))
    store.add_feedback(Feedback(game="emblemes", question="Qui commence ?", helpful=False,
                                sections=("Emblèmes › Déroulement d’une partie",), comment="Pas la bonne section"))
    return store


def test_the_page_shows_the_lists_and_two_svg_charts(client: TestClient, store: FeedbackStore) -> None:
    response = client.get("/publisher/emblemes", headers=BEARER)
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    page = response.text
    assert page.count("<svg") == 2 and "<script" not in page.replace("&lt;script&gt;", "")
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Et la pluie ?" in page
    assert re.search(r"<td class=\"n\">2</td><td>Qui commence \?</td>", page)
    assert "Il manque le cas à 3 joueurs" in page and "Pas la bonne section" in page
    assert page.count('<p class="cited">1 × pas utile, sur la réponse citant') == 2  # the comments grouped by answer
    assert 'href="/games/emblemes#emblemes--mise-en-place"' in page
    policy = response.headers["content-security-policy"]
    assert policy.startswith("default-src 'none'; style-src 'sha256-") and "script-src" not in policy
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")  # nothing from another site


def test_a_browser_gets_in_with_basic_auth_and_the_token_as_password(client: TestClient, store: FeedbackStore) -> None:
    refused = client.get("/publisher/emblemes")
    assert refused.status_code == 401
    assert refused.headers["www-authenticate"].startswith('Basic realm="Arbitre publisher"')
    assert client.get("/publisher/emblemes", headers=basic("wrong")).status_code == 401
    assert client.get("/publisher/emblemes", headers={"Authorization": "Basic %%%"}).status_code == 401
    assert client.get("/publisher/emblemes", headers=basic(ADMIN_TOKEN)).status_code == 200


def test_the_page_is_off_without_a_configured_token(tmp_path: Path) -> None:
    from service.api.main import create_app
    from tests.service.retriever_double import WordOverlapRetriever
    from tests.widget.conftest import CORPUS_DIR

    app = create_app(make_settings(tmp_path), retriever=WordOverlapRetriever(CORPUS_DIR))
    with TestClient(app) as client:
        assert client.get("/publisher/emblemes", headers=basic("anything")).status_code == 403


@pytest.mark.parametrize(("url", "status", "field"), [
    ("/publisher/monopoly", 404, None), ("/publisher/emblemes?days=0", 422, "days"),
    ("/publisher/emblemes?limit=1000", 422, "limit"), ("/v1/feedback/activity?game=emblemes&days=400", 422, "days"),
])
def test_bad_input_is_a_4xx_naming_the_field(client: TestClient, url: str, status: int, field: str | None) -> None:
    response = client.get(url, headers=BEARER)
    assert response.status_code == status
    if field:
        assert response.json()["errors"][0]["field"] == field


def test_activity_lists_every_day_with_its_counts(client: TestClient, store: FeedbackStore) -> None:
    response = client.get("/v1/feedback/activity", params={"game": "emblemes", "days": 3}, headers=BEARER)
    assert response.status_code == 200
    data = response.json()["data"]
    assert len(data) == 3 and data[-1]["day"] == datetime.now(timezone.utc).date().isoformat()
    assert [(d["asked"], d["abstained"], d["helpful"], d["unhelpful"]) for d in data] == [
        (1, 1, 0, 0), (0, 0, 0, 0), (2, 0, 0, 2)]
    assert client.get("/v1/feedback/activity", params={"game": "emblemes"}).status_code == 401


def test_stacked_columns_stacks_the_series_and_titles_each_bar() -> None:
    svg = stacked_columns("Questions", ["2026-12-01", "2026-12-02"], [Series("a", (1, 3), "answered"),
                                                                 Series("b <x>", (1, 0), "abstained")])
    assert svg.count("<rect") == 3  # a zero adds no bar
    assert "2026-12-01 : a 1, b &lt;x&gt; 1" in svg and "2026-12-02 : a 3, b &lt;x&gt; 0" in svg
    heights = [float(h) for h in re.findall(r'<rect [^>]*height="([\d.]+)"', svg)]
    assert heights[0] + heights[1] == pytest.approx(heights[2] / 3 * 2)  # 2 of 3 on day one, 3 of 3 on day two


@pytest.mark.parametrize(("days", "series", "message"), [
    ([], [], "columns: expected at least one column"),
    (["d1", "d2"], [Series("asked", (1,), "a")], "asked: expected 2 values"),
])
def test_stacked_columns_refuses_inconsistent_input(days: list[str], series: list[Series], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        stacked_columns("t", days, series)


def test_series_are_counts() -> None:
    with pytest.raises(ValueError, match="values: expected counts"):
        Series("x", (-1,), "a")
