"""The hostile and careless inputs of issue 14, kept as regression tests: each is a 4xx naming the field, never a 500."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from service.api.body import BODY_TOO_LARGE
from service.api.errors import MAX_SHOWN_INPUT
from service.core.config import Settings

JSON = {"content-type": "application/json"}
SCENARIO = {"game": "emblemes", "players": 3}


def post_raw(client: TestClient, path: str, raw: bytes) -> tuple[int, dict]:
    response = client.post(path, content=raw, headers=JSON)
    return response.status_code, response.json()


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        (b'{"game": "emblemes", "players": 3, "title": "a\\ud800b"}', "title"),
        (b'{"game": "emblemes", "players": 3, "expect": {"state": {"players.0.\\udfffcoins": 1}}}',
         "expect.state.players.0.\\udfffcoins"),
        (b'{"game": "emblemes", "players": 3, "steps": [{"type": "select", "card": "\\ud83d"}]}', "steps[0].card"),
    ],
)
def test_a_lone_surrogate_is_a_422_naming_the_field(client: TestClient, raw: bytes, field: str) -> None:
    status, body = post_raw(client, "/v1/scenarios/run", raw)
    assert status == 422
    assert body["errors"][0]["field"] == field
    assert "lone surrogate" in body["detail"]


def test_a_lone_surrogate_in_a_question_is_a_422(client: TestClient) -> None:
    status, body = post_raw(client, "/v1/ask", b'{"game": "emblemes", "question": "Qui \\ud800 commence ?"}')
    assert (status, body["errors"][0]["field"]) == (422, "question")


@pytest.mark.parametrize("depth", [33, 255, 100_000])
def test_deep_nesting_is_a_422_not_a_crash(client: TestClient, depth: int) -> None:
    raw = b'{"game": "emblemes", "position": ' + b"[" * depth + b"]" * depth + b"}"
    status, body = post_raw(client, "/v1/scenarios/run", raw)
    assert status in (413, 422)  # 100,000 levels is over the body cap before it is too deep
    assert body["detail"]


def test_nesting_within_the_limit_reaches_the_engine(client: TestClient, double_settings: Settings) -> None:
    nested: object = 1
    for _ in range(double_settings.max_json_depth - 2):
        nested = [nested]
    status, body = post_raw(client, "/v1/scenarios/run", json.dumps({**SCENARIO, "options": {"x": nested}}).encode())
    assert status == 422 and body["errors"][0]["field"] == "options"  # the engine's own refusal, not the depth's


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b'{"game": "emblemes", "question": "\xff\xfe"}', "Malformed JSON body: not valid UTF-8 at byte 34"),
        (b'{"game": "emblemes", "question": NaN}', "Malformed JSON body: NaN is not a JSON number"),
        (b'{"query": "manche", "k": 1e400}', "Malformed JSON body: 1e400 is not a JSON number (out of range)"),
        (b'{"query": "manche",', "Malformed JSON body: Expecting property name enclosed in double quotes at line 1 column 20"),
    ],
)
def test_undecodable_bodies_are_a_422_naming_the_body(client: TestClient, raw: bytes, message: str) -> None:
    status, body = post_raw(client, "/v1/search", raw)
    assert status == 422
    assert body == {"detail": message, "errors": [{"field": "body", "message": message}]}


def test_a_body_over_the_cap_is_a_413_before_it_is_read(client: TestClient, double_settings: Settings) -> None:
    size = double_settings.max_body_bytes + 1
    status, body = post_raw(client, "/v1/scenarios/run", b'{"title": "' + b"x" * size + b'"}')
    assert status == 413
    assert body["detail"] == BODY_TOO_LARGE.format(limit=double_settings.max_body_bytes, size=size + 13)


def test_a_streamed_body_over_the_cap_is_a_413(client: TestClient, double_settings: Settings) -> None:
    chunks = (b"x" * 65_536 for _ in range(double_settings.max_body_bytes // 65_536 + 2))
    response = client.post("/v1/scenarios/run", content=chunks, headers=JSON)  # chunked: no Content-Length
    assert response.status_code == 413
    assert response.json()["errors"][0]["field"] == "body"


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/ask", {"game": "<script>alert(1)</script>" + "x" * 100_000, "question": "Qui ?"}),
        ("/v1/search", {"query": "x" * 100_000}),
        ("/v1/feedback", {"game": "emblemes", "question": "q", "answer_id": "a", "helpful": True, "comment": "y" * 100_000}),
    ],
)
def test_error_details_quote_a_short_prefix_of_bad_input(client: TestClient, path: str, body: dict) -> None:
    response = client.post(path, json=body)
    assert 400 <= response.status_code < 500
    assert len(response.content) < 1_000
    assert "x" * (MAX_SHOWN_INPUT + 1) not in response.text and "y" * (MAX_SHOWN_INPUT + 1) not in response.text


def test_a_path_is_never_echoed_whole(client: TestClient) -> None:
    response = client.get("/v1/games/" + "z" * 5_000 + "/assumptions")
    assert response.status_code == 404
    assert len(response.content) < 1_000


def test_a_whole_float_is_an_integer_as_the_schema_says(client: TestClient) -> None:
    assert client.post("/v1/search", json={"query": "manche", "k": 2.0}).status_code == 200
    assert client.post("/v1/search", json={"query": "manche", "k": 2.5}).status_code == 422


def test_a_trailing_slash_is_not_redirected_to_the_host_header(client: TestClient) -> None:
    response = client.get("/v1/games/", headers={"host": "evil.example"}, follow_redirects=False)
    assert response.status_code == 404
    assert "location" not in response.headers
