"""Every client mistake is a 4xx whose message names the field; none is a 500."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.service.test_games_and_search import KNOWN_GAMES

UNKNOWN_GAME = f"Unknown game 'monopoly'; known games: {', '.join(KNOWN_GAMES)}"


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/ask", {"game": "monopoly", "question": "Combien de manches ?"}),
        ("/v1/search", {"game": "monopoly", "query": "manche"}),
    ],
)
def test_unknown_game_is_404_naming_the_known_ids(client: TestClient, path: str, body: dict) -> None:
    response = client.post(path, json=body)
    assert response.status_code == 404
    assert response.json() == {"detail": UNKNOWN_GAME, "known": KNOWN_GAMES}


@pytest.mark.parametrize(
    ("path", "body", "detail"),
    [
        (
            "/v1/ask",
            {"game": "emblemes", "question": ""},
            "Invalid field 'question': String should have at least 1 character; got ''",
        ),
        (
            "/v1/ask",
            {"game": "emblemes", "question": "   "},
            "Invalid field 'question': String should have at least 1 character; got '   '",
        ),
        (
            "/v1/ask",
            {"game": "emblemes", "question": "a" * 1001},
            "Invalid field 'question': String should have at most 1000 characters; got '"
            + "a" * 59
            + "…",
        ),
        ("/v1/ask", {"game": "emblemes"}, "Missing field 'question'"),
        (
            "/v1/ask",
            {"game": "emblemes", "question": 42},
            "Invalid field 'question': Input should be a valid string; got 42",
        ),
        (
            "/v1/ask",
            {"game": ["emblemes"], "question": "Combien ?"},
            "Invalid field 'game': Input should be a valid string; got ['emblemes']",
        ),
        (
            "/v1/ask",
            {"game": "emblemes", "question": "Combien ?", "lang": "de"},
            "Invalid field 'lang': Input should be 'fr' or 'en'; got 'de'",
        ),
        (
            "/v1/ask",
            {"game": "emblemes", "question": "Combien ?", "explain": "yes"},
            "Invalid field 'explain': Input should be a valid boolean; got 'yes'",
        ),
        (
            "/v1/ask",
            {"game": "emblemes", "question": "Combien ?", "questoin": "typo"},
            "Invalid field 'questoin': Extra inputs are not permitted; got 'typo'",
        ),
        (
            "/v1/search",
            {"query": "manche", "k": 0},
            "Invalid field 'k': Input should be greater than or equal to 1; got 0",
        ),
        (
            "/v1/search",
            {"query": "manche", "k": 21},
            "Invalid field 'k': Input should be less than or equal to 20; got 21",
        ),
        ("/v1/search", {"query": "manche", "k": "5"}, "Invalid field 'k': Input should be a valid integer; got '5'"),
        ("/v1/search", {"query": "manche", "k": 2.5}, "Invalid field 'k': Input should be a valid integer; got 2.5"),
        ("/v1/search", {"query": ""}, "Invalid field 'query': String should have at least 1 character; got ''"),
        ("/v1/search", [], "Invalid field 'body': Input should be a valid dictionary or object to extract fields from; got []"),
    ],
)
def test_invalid_fields_are_422_naming_the_field(client: TestClient, path: str, body: object, detail: str) -> None:
    response = client.post(path, json=body)
    assert response.status_code == 422
    assert response.json()["detail"] == detail


@pytest.mark.parametrize("path", ["/v1/ask", "/v1/search"])
def test_malformed_json_is_422_naming_the_body(client: TestClient, path: str) -> None:
    response = client.post(path, content=b'{"game": "emblemes", "question": ', headers={"content-type": "application/json"})
    assert response.status_code == 422
    body = response.json()
    assert body["detail"].startswith("Malformed JSON body: ")
    assert body["errors"][0]["field"] == "body"


def test_missing_body_is_422(client: TestClient) -> None:
    response = client.post("/v1/ask")
    assert response.status_code == 422
    assert response.json()["detail"] == "Missing field 'body'"


def test_every_invalid_field_is_listed(client: TestClient) -> None:
    response = client.post("/v1/search", json={"query": "", "k": 99})
    assert response.status_code == 422
    assert {error["field"] for error in response.json()["errors"]} == {"query", "k"}
