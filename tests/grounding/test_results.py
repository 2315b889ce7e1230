"""Typed grounding results: the dataclasses, their HTTP mirror (explain.passed_over included), settings injected."""

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.core.config import Settings
from service.grounding import EngineCheck, Explanation, GroundedAnswer, Grounder, PassedOver
from tests.service.retriever_double import WordOverlapRetriever

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
DISCARD = "J'ai déjà 3 cartes réservées. Je peux en défausser une pour en réserver une nouvelle ?"
THIEF = "Ma Voleuse arrive entre la carte de Paul et celle de Léa : je vole les deux ?"
FRAMED = "Au Port il y a ma Sorcière et le Matelot de Paul. Le Matelot de Paul a-t-il sa récompense doublée ?"
"""One engine step (the round's scoring): within the client's ARBITRE_SCENARIO_MAX_STEPS=1."""


def test_check_returns_typed_results(grounder):
    grounded = grounder.check(DISCARD, "splendor")
    assert isinstance(grounded, GroundedAnswer)
    assert isinstance(grounded.check, EngineCheck) and isinstance(grounded.explanation, Explanation)
    assert grounded.verdict == "non" and grounded.check.method == "template"
    assert all(isinstance(p, PassedOver) for p in grounded.explanation.passed_over)
    assert grounded.explanation.passed_over, "the better-scored reserve-limit template was passed over"
    assert {p.source for p in grounded.explanation.provenance} <= {"stated", "default"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    settings = Settings(corpus_dir=CORPUS, index_dir=tmp_path_factory.mktemp("index"), scenario_max_steps=1)
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS))
    with TestClient(app) as test_client:
        assert app.state.referee.wait_until_ready(300), app.state.warm_up_error
        yield test_client


def test_explain_passed_over_reaches_the_http_response(client):
    body = client.post("/v1/ask", json={"game": "splendor", "question": DISCARD, "explain": True}).json()
    assert body["engine_check"]["verdict"] == "non"
    passed = body["explain"]["passed_over"]
    assert passed and set(passed[0]) == {"template", "score", "reason"}
    assert {p["source"] for p in body["explain"]["provenance"]} <= {"stated", "default"}


def test_scenario_settings_reach_the_checks_inside_ask(client):
    """ARBITRE_SCENARIO_MAX_STEPS=1: a two-step position (place, then choose) exceeds it, so no check is made up."""
    assert client.app.state.referee.grounder.budget.max_steps == 1
    body = client.post("/v1/ask", json={"game": "emblemes", "question": THIEF}).json()
    assert body["engine_check"] is None


def test_from_settings_takes_corpus_and_budgets():
    grounder = Grounder.from_settings(Settings(corpus_dir=CORPUS, scenario_max_steps=7, engine_check_fuse_s=0.5))
    assert (grounder.corpus_dir, grounder.budget.max_steps, grounder.budget.fuse_s) == (CORPUS, 7, 0.5)


def test_the_two_step_question_is_checked_under_the_default_budget(grounder):
    assert grounder.check(THIEF, "emblemes") is not None


def test_a_frame_answer_over_http_has_its_frame_provenance_and_names(client):
    body = client.post("/v1/ask", json={"game": "emblemes", "question": FRAMED, "explain": True}).json()
    check = body["engine_check"]
    assert check["method"] == "frame" and check["verdict"] == "non"
    assert body["explain"]["template"] is None and body["explain"]["frame"]["asked"]["what"] == "double"
    assert {p["source"] for p in body["explain"]["provenance"]} == {"stated"}
    assert "Paul" in body["answer"] and "joueur 1" not in body["answer"]
