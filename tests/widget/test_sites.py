"""Sites as data: origins in the database, managed over HTTP and the CLI, read live by CORS."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.cli import main
from service.core.config import Settings, get_settings
from service.sites import AllowedOrigins, Site, SiteStore, normalize_origin
from tests.widget.conftest import make_settings

ADMIN_TOKEN = "publisher-token-for-tests"
ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
SITE = "https://jeux.example"


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path, admin_token=ADMIN_TOKEN, sites_cache_s=60)


def preflight(client: TestClient, origin: str) -> int:
    return client.options("/v1/ask", headers={"Origin": origin, "Access-Control-Request-Method": "POST"}).status_code


@pytest.mark.parametrize(("given", "normalized"), [
    ("https://Jeux.Example", "https://jeux.example"),
    ("https://jeux.example:443/", "https://jeux.example"),
    ("http://127.0.0.1:8123", "http://127.0.0.1:8123"),
    ("HTTP://[::1]:80", "http://[::1]"),
])
def test_origins_are_normalized_as_browsers_send_them(given: str, normalized: str) -> None:
    assert normalize_origin(given) == normalized


@pytest.mark.parametrize("bad", ["", "jeux.example", "ftp://jeux.example", "https://jeux.example/faq",
                                 "https://u:p@jeux.example", "https://jeux.example?x=1", "https://jeux.example:99999"])
def test_bad_origins_name_the_field(bad: str) -> None:
    with pytest.raises(ValueError, match="^origin: expected"):
        normalize_origin(bad)


def test_an_origin_added_at_run_time_is_allowed_without_a_restart(client: TestClient) -> None:
    assert preflight(client, SITE) == 400
    added = client.post("/v1/sites", json={"origin": "https://JEUX.example/"}, headers=ADMIN)
    assert added.status_code == 201
    assert added.json() | {"added_at": ""} == {"origin": SITE, "games": [], "added_at": "", "source": "database"}
    assert preflight(client, SITE) == 200
    asked = client.post("/v1/ask", json={"game": "splendor", "question": "Qui commence ?"}, headers={"Origin": SITE})
    assert asked.status_code == 200 and asked.headers["access-control-allow-origin"] == SITE

    assert client.delete("/v1/sites", params={"origin": SITE}, headers=ADMIN).status_code == 204
    assert preflight(client, SITE) == 400


def test_list_shows_the_environment_bootstrap_then_the_stored_sites(client: TestClient) -> None:
    client.post("/v1/sites", json={"origin": SITE, "games": ["emblemes", "emblemes"]}, headers=ADMIN)
    listed = client.get("/v1/sites", headers=ADMIN).json()
    assert listed["count"] == 3
    assert [(site["origin"], site["games"], site["source"]) for site in listed["data"]] == [
        ("http://localhost:8000", [], "environment"), ("http://127.0.0.1:8000", [], "environment"),
        (SITE, ["emblemes"], "database")]


def test_a_site_restricted_to_some_games_is_refused_the_others_with_the_fix(client: TestClient) -> None:
    client.post("/v1/sites", json={"origin": SITE, "games": ["emblemes"]}, headers=ADMIN)
    body = {"game": "splendor", "question": "Qui commence ?"}
    refused = client.post("/v1/ask", json=body, headers={"Origin": SITE})
    assert refused.status_code == 403
    assert refused.headers["access-control-allow-origin"] == SITE  # the widget can read why
    assert refused.json()["detail"] == (
        "Origin https://jeux.example may ask about emblemes only, not 'splendor'; fix: "
        "`arbitre sites add https://jeux.example --games emblemes,splendor` (or POST /v1/sites with the admin token)")
    assert refused.json()["errors"][0]["field"] == "game"
    search = client.post("/v1/search", json={"query": "premier joueur", "game": "splendor"}, headers={"Origin": SITE})
    assert search.status_code == 403
    assert client.get("/v1/games/splendor", headers={"Origin": SITE}).status_code == 403
    allowed = client.post("/v1/ask", json={**body, "game": "emblemes"}, headers={"Origin": SITE})
    assert allowed.status_code == 200
    assert client.post("/v1/ask", json=body).status_code == 200  # no Origin: not a browser embed


@pytest.mark.parametrize(("request_args", "status", "field"), [
    ({"json": {"origin": "jeux.example"}}, 422, "origin"),
    ({"json": {"origin": SITE, "games": ["monopoly"]}}, 422, "games"),
    ({"json": {"origin": SITE, "games": "emblemes"}}, 422, "games"),
    ({"json": {"origin": SITE, "color": "red"}}, 422, "color"),
])
def test_bad_sites_are_a_422_naming_the_field(client: TestClient, request_args: dict, status: int, field: str) -> None:
    response = client.post("/v1/sites", headers=ADMIN, **request_args)
    assert response.status_code == status
    assert response.json()["errors"][0]["field"] == field


def test_removing_names_what_is_wrong(client: TestClient) -> None:
    assert client.delete("/v1/sites", params={"origin": SITE}, headers=ADMIN).json()["detail"] == (
        "No stored site https://jeux.example")
    assert client.delete("/v1/sites", params={"origin": "http://localhost:8000"}, headers=ADMIN).json()["detail"] == (
        "Site http://localhost:8000 comes from ARBITRE_CORS_ORIGINS; remove it there and restart")
    bad = client.delete("/v1/sites", params={"origin": "localhost"}, headers=ADMIN)
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "origin"


def test_sites_routes_need_the_admin_token(client: TestClient) -> None:
    assert client.get("/v1/sites").status_code == 401
    assert client.post("/v1/sites", json={"origin": SITE}, headers={"Authorization": "Bearer wrong"}).status_code == 401


def test_the_cache_is_read_again_after_its_lifetime(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, sites_cache_s=5)
    now = [0.0]
    origins = AllowedOrigins(settings, clock=lambda: now[0])
    assert not origins.policy(SITE).allowed
    SiteStore.for_settings(settings).add(SITE, ["emblemes"])  # another process, e.g. the CLI
    now[0] = 4.9
    assert not origins.policy(SITE).allowed
    now[0] = 5.0
    policy = origins.policy(SITE)
    assert policy.allowed and policy.games == ("emblemes",) and policy.allows("emblemes")
    assert not policy.allows("splendor")


def test_a_wildcard_bootstrap_allows_every_origin(tmp_path: Path) -> None:
    origins = AllowedOrigins(make_settings(tmp_path, cors_origins=["*"]))
    assert origins.policy("https://anywhere.example").allows("splendor")
    assert not origins.policy("not an origin").allowed


def test_a_site_is_normalized_or_refused() -> None:
    with pytest.raises(ValueError, match="origin: expected the normalized form 'https://jeux.example'"):
        Site("https://JEUX.example")
    with pytest.raises(ValueError, match="games: expected non-empty game ids"):
        Site(SITE, ("",))


@pytest.mark.parametrize(("query", "expected"), [
    ({"origin": SITE, "game": "emblemes"},
     {"ok": False, "origin_allowed": False, "game_known": True, "game_allowed": True,
      "problems": ["Origin https://jeux.example is not allowed to use this Arbitre server."],
      "fix": "`arbitre sites add https://jeux.example --games emblemes` (or POST /v1/sites with the admin token)"}),
    ({"origin": "http://localhost:8000", "game": "monopoly"},
     {"ok": False, "origin_allowed": True, "game_known": False, "game_allowed": False,
      "problems": ["Game 'monopoly' does not exist on this server; known games: "
                   "emblemes, emprise, for-a-crown, oriflamme, splendor."],
      "fix": "set the widget's game to one of: emblemes, emprise, for-a-crown, oriflamme, splendor"}),
    ({"origin": "http://localhost:8000/", "game": "emblemes"},
     {"ok": True, "origin": "http://localhost:8000", "origin_allowed": True, "game_known": True,
      "game_allowed": True, "problems": [], "fix": None}),
    ({"origin": "null"}, {"ok": False, "origin_allowed": False, "fix": "serve the page over http(s)"}),
])
def test_widget_check_says_what_is_wrong_and_the_fix(client: TestClient, query: dict, expected: dict) -> None:
    response = client.get("/v1/widget/check", params=query, headers={"Origin": "https://anywhere.example"})
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == "*"  # readable from the refused page itself
    assert {key: response.json()[key] for key in expected} == expected


def test_widget_check_allows_the_servers_own_pages(client: TestClient) -> None:
    checked = client.get("/v1/widget/check", params={"origin": "http://testserver", "game": "emblemes"}).json()
    assert (checked["ok"], checked["origin_allowed"], checked["games"]) == (True, True, None)


def test_widget_check_names_a_restricted_sites_games(client: TestClient) -> None:
    client.post("/v1/sites", json={"origin": SITE, "games": ["emblemes"]}, headers=ADMIN)
    checked = client.get("/v1/widget/check", params={"origin": SITE, "game": "splendor"}, headers={"Origin": SITE}).json()
    assert (checked["ok"], checked["games"], checked["game_allowed"]) == (False, ["emblemes"], False)
    assert checked["fix"].startswith("`arbitre sites add https://jeux.example --games emblemes,splendor`")


def test_widget_check_reports_a_malformed_origin_and_refuses_a_missing_one(client: TestClient) -> None:
    checked = client.get("/v1/widget/check", params={"origin": "jeux.example"}).json()
    assert (checked["ok"], checked["origin_allowed"]) == (False, False)
    assert checked["problems"] == ["origin: expected 'http://' or 'https://' and a host, got 'jeux.example'."]
    missing = client.get("/v1/widget/check", params={"game": "emblemes"})
    assert missing.status_code == 422 and missing.json()["errors"][0]["field"] == "origin"


@pytest.fixture
def cli_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    monkeypatch.setenv("ARBITRE_FEEDBACK_DB", str(tmp_path / "feedback.sqlite3"))
    get_settings.cache_clear()
    yield get_settings()
    get_settings.cache_clear()


def test_cli_adds_lists_and_removes(cli_settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sites", "add", "https://Jeux.example", "--games", "emblemes,splendor"]) == 0
    assert capsys.readouterr().out == "allowed https://jeux.example for emblemes, splendor\n"
    assert [site.origin for site in SiteStore.for_settings(cli_settings).list()] == [SITE]
    assert main(["sites", "list"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("https://jeux.example  emblemes, splendor  (database, ")
    assert main(["sites", "remove", SITE]) == 0 and main(["sites", "remove", SITE]) == 1
    assert "no stored site" in capsys.readouterr().err


def test_cli_refuses_bad_input(cli_settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sites", "add", SITE, "--games", "monopoly"]) == 2
    assert capsys.readouterr().err.startswith("Invalid field 'games': unknown game 'monopoly'; known games: ")
    assert main(["sites", "add", "jeux.example"]) == 2
    assert capsys.readouterr().err.startswith("origin: expected")


def test_a_wrong_method_lists_every_method_of_the_path(client: TestClient) -> None:
    response = client.put("/v1/sites", headers=ADMIN)
    assert response.status_code == 405 and response.headers["allow"] == "DELETE, GET, POST"
    assert client.put("/v1/ask").headers["allow"] == "POST"
