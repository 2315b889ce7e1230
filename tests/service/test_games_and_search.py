"""``GET /v1/games`` and ``POST /v1/search`` through the app."""

from __future__ import annotations

from fastapi.testclient import TestClient

from service.core.config import PROJECT_ROOT

KNOWN_GAMES = sorted(path.parent.name for path in (PROJECT_ROOT / "corpus").glob("*/rules.md"))


def test_games_lists_every_rulebook(client: TestClient) -> None:
    response = client.get("/v1/games")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == len(KNOWN_GAMES)
    assert [game["id"] for game in body["data"]] == KNOWN_GAMES
    emblemes = next(game for game in body["data"] if game["id"] == "emblemes")
    assert emblemes["title"] == "Emblèmes"
    assert emblemes["language"] == "fr"
    assert emblemes["players"] == {"min": 3, "max": 5}
    assert emblemes["sections"] > 0


def test_search_in_one_game_returns_k_exact_passages(client: TestClient) -> None:
    response = client.post("/v1/search", json={"game": "emblemes", "query": "fin de la manche", "k": 3})
    assert response.status_code == 200
    results = response.json()["results"]
    assert len(results) == 3
    assert all(result["game"] == "emblemes" for result in results)
    for result in results:
        source = result["source"]
        text = (PROJECT_ROOT / "corpus" / "emblemes" / "rules.md").read_text(encoding="utf-8")
        assert text[source["start"] : source["end"]] == result["passage"]
    assert [result["score"] for result in results] == sorted((r["score"] for r in results), reverse=True)


def test_search_without_game_spans_all_games(client: TestClient) -> None:
    response = client.post("/v1/search", json={"query": "jetons pièces or cartes", "k": 20})
    assert response.status_code == 200
    assert len({result["game"] for result in response.json()["results"]}) > 1


def test_search_defaults_to_five_results(client: TestClient) -> None:
    response = client.post("/v1/search", json={"query": "carte"})
    assert response.status_code == 200
    assert len(response.json()["results"]) == 5
