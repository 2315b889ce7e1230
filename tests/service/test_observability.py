"""/metrics in Prometheus format, answers counted by outcome, request ids, JSON log lines."""

from __future__ import annotations

import json
import logging
from types import SimpleNamespace

import numpy as np
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from service.observability import (
    MODEL_SECONDS,
    JsonLogFormatter,
    TimedEmbedder,
    answer_outcome,
)


def _samples(client: TestClient) -> dict[tuple[str, tuple], float]:
    response = client.get("/metrics")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def test_ask_latency_and_outcome_are_counted(client: TestClient) -> None:
    game = client.get("/v1/games").json()["data"][0]["id"]
    latency_key = ("arbitre_http_request_duration_seconds_count",
                   (("method", "POST"), ("route", "/v1/ask"), ("status", "200")))
    engine_key = ("arbitre_engine_seconds_count", ())
    before = _samples(client)
    answer = client.post("/v1/ask", json={"game": game, "question": "Combien de joueurs ?"}).json()
    after = _samples(client)
    outcome = "engine_checked" if answer["engine_check"] else "abstained" if answer["abstained"] else "ruled"
    outcome_key = ("arbitre_answers_total", (("game", game), ("outcome", outcome)))
    assert after[latency_key] - before.get(latency_key, 0.0) == 1
    assert after[outcome_key] - before.get(outcome_key, 0.0) == 1
    assert after[engine_key] - before[engine_key] == 1  # the referee's engine check, timed once


def test_unknown_paths_share_one_route_label(client: TestClient) -> None:
    client.get("/no/such/path/123")
    client.get("/no/such/path/456")
    routes = {dict(labels).get("route") for name, labels in _samples(client)
              if name == "arbitre_http_request_duration_seconds_count"}
    assert "unmatched" in routes and not any(route and route.startswith("/no/") for route in routes)


def test_request_id_is_echoed_or_made(client: TestClient) -> None:
    assert client.get("/healthz", headers={"x-request-id": "abc-123"}).headers["x-request-id"] == "abc-123"
    made = client.get("/healthz", headers={"x-request-id": "bad id\twith spaces"}).headers["x-request-id"]
    assert len(made) == 32 and made != "bad id\twith spaces"
    error = client.post("/v1/ask", json={"game": "x"})
    assert error.status_code == 422 and len(error.headers["x-request-id"]) == 32


def test_access_log_is_one_json_object_with_the_request_id(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="arbitre.access"):
        response = client.get("/v1/games", headers={"x-request-id": "trace-7"})
    record = next(r for r in caplog.records if r.name == "arbitre.access" and getattr(r, "path", "") == "/v1/games")
    line = json.loads(JsonLogFormatter().format(record))
    assert line["request_id"] == response.headers["x-request-id"] == "trace-7"
    assert line["route"] == "/v1/games" and line["status"] == 200 and line["duration_ms"] >= 0
    assert line["level"] == "info" and line["ts"].endswith("Z")


def test_outcomes_are_named_from_the_answer() -> None:
    assert answer_outcome(SimpleNamespace(engine_check={"verdict": "oui"}, abstained=False)) == "engine_checked"
    assert answer_outcome(SimpleNamespace(engine_check=None, abstained=True)) == "abstained"
    assert answer_outcome(SimpleNamespace(engine_check=None, abstained=False)) == "ruled"


def test_model_time_is_observed_per_call() -> None:
    class Fixed:
        name = "fixed"

        def warm_up(self) -> None:
            return None

        def embed(self, texts: list[str]) -> np.ndarray:
            return np.ones((len(texts), 2), dtype=np.float32)

    timed = TimedEmbedder(Fixed())
    before = MODEL_SECONDS._sum.get(), sum(b.get() for b in MODEL_SECONDS._buckets)
    assert timed.embed(["a", "b"]).shape == (2, 2) and timed.name == "fixed"
    assert sum(b.get() for b in MODEL_SECONDS._buckets) == before[1] + 1
