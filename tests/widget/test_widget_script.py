"""GET /widget.js: content type, caching, compression, size budget, and CORS preflight for embedding."""

from __future__ import annotations

import gzip

from fastapi.testclient import TestClient

from service.api.routes.widget import build_bundle

SIZE_BUDGET_GZIPPED = 20 * 1024


def test_widget_is_served_as_javascript_with_cache_headers(client: TestClient) -> None:
    response = client.get("/widget.js", headers={"Accept-Encoding": "identity"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/javascript; charset=utf-8"
    assert response.headers["cache-control"] == "public, max-age=300, stale-while-revalidate=86400"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "customElements.define(\"arbitre-faq\"" in response.text


def test_widget_is_gzipped_when_accepted_and_revalidates_with_its_etag(client: TestClient) -> None:
    response = client.get("/widget.js", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    assert response.content == build_bundle().script  # httpx decodes it
    again = client.get("/widget.js", headers={"If-None-Match": response.headers["etag"]})
    assert again.status_code == 304 and again.content == b""


def test_widget_fits_the_size_budget() -> None:
    bundle = build_bundle()
    assert len(gzip.decompress(bundle.gzipped)) == len(bundle.script)
    assert len(bundle.gzipped) <= SIZE_BUDGET_GZIPPED


def test_widget_inserts_server_text_without_html_parsing() -> None:
    script = build_bundle().script.decode()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in script


def test_widget_requests_only_its_api() -> None:
    script = build_bundle().script.decode()
    assert "http://" not in script and "https://" not in script


def test_preflight_from_an_allowed_origin_is_answered(client: TestClient) -> None:
    response = client.options("/v1/ask", headers={
        "Origin": "http://localhost:8000", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == "http://localhost:8000"


def test_preflight_from_another_origin_is_refused(client: TestClient) -> None:
    response = client.options("/v1/feedback", headers={
        "Origin": "https://evil.example", "Access-Control-Request-Method": "POST"})
    assert response.status_code == 400
    assert "access-control-allow-origin" not in response.headers
