"""A count verdict answers only the count asked (session 12, issue 10 §3, ``service/grounding/asked_unit.py``): a
reader that counts coins does not answer "how many cards", and the question then gets the text's answer with
``explain.declined`` saying why; the same count asked in other words keeps its verdict."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.core.config import Settings
from service.grounding.asked_unit import unit_mismatch
from service.grounding.results import Declined
from tests.service.retriever_double import WordOverlapRetriever

CORPUS = Path(__file__).resolve().parents[2] / "corpus"

HALF = "Harbour scoring: my Sailor lands on a place whose reward is 'half value'. No Witch around. "
MERCHANT = ("Fin de manche au Port : ma Princesse, mon Marchand, la Guerrière de Tom, le Marchand de Zoé, un Barde et "
            "deux Matelots. Pas de Sorcière. ")
SCHEMER = "Mon intrigante est entre la Reine de Léa et le Félon de Tom, aucune pile nulle part dans la file. "
TOKENS = "I hold 9 tokens and I take 3 tokens of different colours. "


@pytest.mark.parametrize("game, question, verdict", [
    ("emblemes", HALF + "How many coins do I get?", 2),
    ("emblemes", HALF + "How many points do I get?", 2),  # the glossary's coins are also "points"
    ("emblemes", HALF + "How much gold do I get?", 2),
    ("emblemes", MERCHANT + "Combien de pièces me rapporte l'effet de mon Marchand ?", 4),
    ("emblemes", MERCHANT + "Combien me rapporte l'effet de mon Marchand ?", 4),  # no counted noun said
    ("oriflamme", SCHEMER + "Combien de points elle me rapporte ?", 2),
    ("oriflamme", SCHEMER + "Combien je gagne de points ?", 2),
    ("splendor", TOKENS + "How many tokens must I give back?", 2),
    ("emprise", "Zoé has a card right above an empty square, with 4 on its bottom rank, and another one right to the "
                "right of that square, with 7 on its left rank. I put on that square a card with 4 on top and 7 on the "
                "right. Nothing else around. How many of Zoé's cards do I take?", 2),  # the owner is no counted noun
])
def test_the_count_asked_in_the_readers_unit_keeps_its_verdict(grounder, game, question, verdict):
    grounded = grounder.check(question, game)
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw == verdict


@pytest.mark.parametrize("game, question, counted", [
    ("emblemes", HALF + "How many cards do I get?", "cards"),
    ("emblemes", MERCHANT + "Combien de cartes me rapporte l'effet de mon Marchand ?", "cartes"),
    ("oriflamme", SCHEMER + "Combien de cartes elle me rapporte ?", "cartes"),
    ("splendor", TOKENS + "How many cards must I give back?", "cards"),
    ("splendor", "J'ai 9 jetons et je prends 3 jetons de couleurs différentes. Combien de cartes je dois rendre ?",
     "cartes"),
])
def test_a_count_of_another_thing_gets_no_engine_verdict_and_says_why(grounder, game, question, counted):
    assert grounder.check(question, game) is None
    declined = grounder.attempt(question, game)
    assert isinstance(declined, Declined)
    assert declined.reason.startswith("asked count:") and f"« {counted} »" in declined.reason


def test_the_guard_reads_the_readers_unit_and_nothing_when_no_unit_is_given(grounder):
    question = HALF + "How many cards do I get?"
    entities = grounder.entities(question, "emblemes")
    terms = grounder.recognisers["emblemes"].terms
    assert unit_mismatch(question, entities, {"fr": "carte(s)", "en": "card(s)"}, terms) is None
    assert unit_mismatch(question, entities, None, terms) is None
    assert unit_mismatch(question, entities, {"fr": "pièce(s) d’or", "en": "coin(s)"}, terms) is not None


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    settings = Settings(corpus_dir=CORPUS, index_dir=tmp_path_factory.mktemp("index"), record_questions=False)
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS))
    with TestClient(app) as test_client:
        assert app.state.referee.wait_until_ready(300), app.state.warm_up_error
        yield test_client


@pytest.mark.parametrize("game, question, engine", [
    ("oriflamme", SCHEMER + "Combien de cartes elle me rapporte ?", False),
    ("oriflamme", SCHEMER + "Combien de points elle me rapporte ?", True),
])
def test_over_http_a_withdrawn_count_answers_from_the_text_and_explain_says_why(client, game, question, engine):
    body = client.post("/v1/ask", json={"game": game, "question": question, "explain": True}).json()
    assert (body["engine_check"] is not None) is engine
    assert (body["explain"]["declined"] or "").startswith("" if engine else "asked count:")
    assert engine or not body["answer"].startswith("2 ")
