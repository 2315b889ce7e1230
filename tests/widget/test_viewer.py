"""GET /games/{game} and GET /: rendered rulebook, stable anchors, inert corpus text, 404s."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from service.api.routes.viewer import render_rulebook, section_anchor, split_front_matter


@pytest.mark.parametrize(
    ("section_path", "anchor"),
    [
        ("Emblèmes › Fin d’une manche", "emblemes--fin-d-une-manche"),
        ("Emblèmes › Foire aux questions (FAQ) › Comment fonctionne l’effet du Traître ?",
         "emblemes--foire-aux-questions-faq--comment-fonctionne-l-effet-du-traitre"),
        ("Splendor", "splendor"),
        ("Œuvre › Cœur « 2 »", "uvre--c-ur-2"),
    ],
)
def test_section_anchor_slugs_each_heading_and_joins_with_double_dash(section_path: str, anchor: str) -> None:
    assert section_anchor(section_path) == anchor


def test_render_gives_each_heading_its_anchor_and_keeps_them_unique() -> None:
    html, contents = render_rulebook("# Jeu\n\n## Tour\n\ntexte\n\n### Tour\n\n## Tour\n")
    assert [anchor for _, _, anchor in contents] == ["jeu", "jeu--tour", "jeu--tour--tour", "jeu--tour-2"]
    assert '<h2 id="jeu--tour">Tour</h2>' in html and '<h2 id="jeu--tour-2">Tour</h2>' in html


def test_raw_html_in_the_corpus_is_escaped() -> None:
    html, _ = render_rulebook("# J\n\n<script>alert(1)</script> <img src=x onerror=alert(1)>\n")
    assert "<script>" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_front_matter_is_split_off() -> None:
    front_matter, body = split_front_matter("---\nid: x\ntitle: X\n---\n# X\n")
    assert front_matter == {"id": "x", "title": "X"} and body == "# X\n"


def test_rules_page_has_an_anchor_per_section_and_no_front_matter(client: TestClient) -> None:
    response = client.get("/games/emblemes")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert 'id="emblemes--fin-d-une-manche"' in response.text
    assert 'id="emblemes--foire-aux-questions-faq--comment-fonctionne-l-effet-du-traitre"' in response.text
    assert "source: shared/seeds" not in response.text
    assert 'href="#emblemes--mise-en-place-de-la-partie"' in response.text


def test_every_heading_of_every_rulebook_gets_a_distinct_anchor(client: TestClient) -> None:
    for game in ("emblemes", "splendor"):
        ids = re.findall(r'<h[1-6] id="([^"]+)"', client.get(f"/games/{game}").text)
        assert ids and len(ids) == len(set(ids))


def test_inline_script_is_allowed_by_hash_only(client: TestClient) -> None:
    policy = client.get("/games/emblemes").headers["content-security-policy"]
    assert "script-src 'self' 'sha256-" in policy and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]


def test_quote_in_the_query_string_is_not_reflected(client: TestClient) -> None:
    response = client.get("/games/emblemes", params={"q": "<script>alert(1)</script>"})
    assert "alert(1)" not in response.text


def test_unknown_game_is_a_404_naming_the_known_games(client: TestClient) -> None:
    response = client.get("/games/monopoly")
    assert response.status_code == 404
    assert response.json()["detail"].startswith("Unknown game 'monopoly'; known games: ")
    assert "emblemes" in response.json()["known"] and "splendor" in response.json()["known"]


def test_home_lists_the_games_with_a_live_widget(client: TestClient) -> None:
    text = client.get("/").text
    assert 'href="/games/emblemes"' in text and 'href="/games/splendor"' in text
    assert '<arbitre-faq game="emblemes"' in text and '<script src="/widget.js" async></script>' in text
    assert '<arbitre-faq game="splendor"' in client.get("/", params={"game": "splendor"}).text
    assert client.get("/", params={"game": "nope"}).status_code == 404
