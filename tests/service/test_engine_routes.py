"""``GET /v1/games/{game}/assumptions`` and ``POST /v1/scenarios/run`` (rules engines over HTTP)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.core import available_games
from service.api.routes.engine import BAD_SCENARIO

SCENARIOS = Path(__file__).resolve().parents[2] / "corpus" / "emblemes" / "scenarios"


def test_assumptions_of_emblemes(client):
    response = client.get("/v1/games/emblemes/assumptions")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == len(body["data"]) >= 8
    tables = next(a for a in body["data"] if a["id"] == "emblemes.reward_tables")
    assert tables["citation"]["section"] == "Emblèmes › Récompenses par lieu (set A, 3-4 joueurs)"


def test_assumptions_of_a_game_without_engine_is_404_naming_the_engines(client):
    corpus = Path(__file__).resolve().parents[2] / "corpus"
    without = sorted(p.parent.name for p in corpus.glob("*/rules.md") if p.parent.name not in available_games())
    if not without:
        pytest.skip("every game of the corpus has a rules engine")
    game = without[0]
    response = client.get(f"/v1/games/{game}/assumptions")
    assert response.status_code == 404
    assert response.json()["detail"].startswith(f"No rules engine for game '{game}'; engines exist for: ")
    assert "emblemes" in response.json()["detail"]


def test_run_a_scenario_file_as_json(client):
    scenario = yaml.safe_load((SCENARIOS / "sorciere_vs_matelot.yaml").read_text(encoding="utf-8"))
    response = client.post("/v1/scenarios/run", json=scenario)
    assert response.status_code == 200
    body = response.json()
    assert body["passed"] is True and body["failures"] == []
    kinds = [event["kind"] for step in body["steps"] for event in step["events"]]
    assert "effect_cancelled" in kinds
    assert "emblemes.reward_tables" in body["assumptions_used"]


def test_failed_expectation_is_reported_not_an_error(client):
    scenario = {"game": "emblemes", "players": 3, "position": {"phase": "end_of_round"},
                "steps": [{"type": "resolve_round"}], "expect": {"state": {"players.0.coins": 99}}}
    body = client.post("/v1/scenarios/run", json=scenario).json()
    assert body["passed"] is False and body["failures"][0].startswith("expect.state.players.0.coins")


def test_malformed_scenario_is_422_with_the_field_path(client):
    scenario = {"game": "emblemes", "players": 3, "steps": [{"type": "select", "player": 0, "card": "Dragon"}]}
    response = client.post("/v1/scenarios/run", json=scenario)
    assert response.status_code == 422
    assert response.json()["detail"].startswith(BAD_SCENARIO.format(path="steps[0]", message="card: expected")[:40])
    bad_position = {"game": "emblemes", "players": 3, "position": {"round": 9}}
    assert client.post("/v1/scenarios/run", json=bad_position).json()["detail"] == \
        "Invalid scenario field 'position': round: expected 1 to 3, got 9"
    unknown_game = client.post("/v1/scenarios/run", json={"game": "chess"})
    assert unknown_game.status_code == 422 and "'game'" in unknown_game.json()["detail"]


def test_too_many_steps_is_413(client, double_settings):
    steps = [{"type": "resolve_round"}] * (double_settings.scenario_max_steps + 1)
    response = client.post("/v1/scenarios/run", json={"game": "emblemes", "players": 3, "steps": steps})
    assert response.status_code == 413
    assert response.json()["detail"].startswith("Scenario over budget: steps:")
