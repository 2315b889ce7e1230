"""Typed grounding results: the dataclasses, their HTTP mirror (explain.passed_over included), settings injected."""

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.core.config import Settings
from service.grounding import EngineCheck, Explanation, GroundedAnswer, Grounder, PassedOver
from tests.service.retriever_double import WordOverlapRetriever

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
MARCHAND = "Mon Marchand est au Village avec un Barde et une Guerrière adverses : combien gagne-t-il ?"
THIEF = "Ma Voleuse arrive entre la carte de Paul et celle de Léa : je vole les deux ?"


def test_check_returns_typed_results(grounder):
    grounded = grounder.check(MARCHAND, "emblemes")
    assert isinstance(grounded, GroundedAnswer)
    assert isinstance(grounded.check, EngineCheck) and isinstance(grounded.explanation, Explanation)
    assert grounded.verdict == 2 and grounded.check.method == "template"
    assert all(isinstance(p, PassedOver) for p in grounded.explanation.passed_over)
    assert grounded.explanation.passed_over, "the better-scored Barde template was passed over"
    assert {p.source for p in grounded.explanation.provenance} <= {"stated", "default"}
    stated = [p for p in grounded.explanation.provenance if p.source == "stated"]
    assert any("Village" in (p.said or "") for p in stated)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    settings = Settings(corpus_dir=CORPUS, index_dir=tmp_path_factory.mktemp("index"), scenario_max_steps=1)
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS))
    with TestClient(app) as test_client:
        assert app.state.referee.wait_until_ready(60), app.state.warm_up_error
        yield test_client


def test_explain_passed_over_reaches_the_http_response(client):
    body = client.post("/v1/ask", json={"game": "emblemes", "question": MARCHAND, "explain": True}).json()
    assert body["engine_check"]["verdict"] == 2
    passed = body["explain"]["passed_over"]
    assert passed and set(passed[0]) == {"template", "score", "reason"}
    assert {p["source"] for p in body["explain"]["provenance"]} <= {"stated", "default"}


def test_scenario_settings_reach_the_checks_inside_ask(client):
    """ARBITRE_SCENARIO_MAX_STEPS=1: a two-step position (place, then choose) exceeds it, so no check is made up."""
    assert client.app.state.referee.grounder.budget.max_steps == 1
    body = client.post("/v1/ask", json={"game": "emblemes", "question": THIEF}).json()
    assert body["engine_check"] is None


def test_from_settings_takes_corpus_and_budgets():
    grounder = Grounder.from_settings(Settings(corpus_dir=CORPUS, scenario_max_steps=7, scenario_time_budget_s=0.5))
    assert (grounder.corpus_dir, grounder.budget.max_steps, grounder.budget.time_budget_s) == (CORPUS, 7, 0.5)


def test_the_two_step_question_is_checked_under_the_default_budget(grounder):
    assert grounder.check(THIEF, "emblemes") is not None
