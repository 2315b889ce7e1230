"""An engine verdict depends on the question alone (session 12, issue 10 §2): positions are bounded by a count of
the actions applied, the same on every machine; the wall-clock fuse only protects the server, and when it blows
the answer is the text's with ``explain.declined`` saying so, never a different verdict (``service/grounding/budget.py``)."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.core.config import Settings
from service.grounding.budget import Budget, FuseBlown
from service.grounding.framing import play_variants
from service.grounding.legality import LegalityCheck, load_declarations
from tests.service.retriever_double import WordOverlapRetriever

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
ROUNDS_FR = "Pendant la manche 4, combien de cartes Événement sont mélangées dans la pile commune ?"
ROUNDS_EN = "How many Event cards are shuffled into the common pile for the round 4 Reveal?"
"""Four games of For a Crown played to round 4: the longest positions of any real question (hundreds of actions)."""
LEGAL = "Puis-je prendre 4 jetons ?"


class TickingClock:
    """A machine under heavy load: every reading of the clock is ``tick`` seconds after the one before."""

    def __init__(self, tick: float):
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def _loaded(grounder, budget: Budget):
    """The grounder with ``budget`` for its frame runs and its legality survey (its loaded data shared)."""
    loaded = copy.copy(grounder)
    loaded.budget = budget
    loaded._legality = LegalityCheck(load_declarations(), grounder._citations.resolve, budget)
    return loaded


@pytest.mark.parametrize("game, question", [("for-a-crown", ROUNDS_FR), ("for-a-crown", ROUNDS_EN), ("splendor", LEGAL)])
def test_a_slow_machine_gives_the_same_verdict(grounder, game, question):
    """10 ms per clock reading: a few seconds of "wall clock" for these runs, which the old 2 s budget turned into
    no engine check; the step budget gives the same verdict as on a quiet machine."""
    quiet = grounder.check(question, game)
    assert quiet is not None
    slow = _loaded(grounder, Budget(clock=TickingClock(0.01))).check(question, game)
    assert slow is not None and slow.check.method == quiet.check.method
    assert (slow.verdict, slow.check.readings) == (quiet.verdict, quiet.check.readings)


@pytest.mark.parametrize("game, question", [("for-a-crown", ROUNDS_EN), ("splendor", LEGAL)])
def test_a_blown_fuse_is_an_error_never_a_verdict(grounder, game, question):
    with pytest.raises(FuseBlown, match="fuse"):
        _loaded(grounder, Budget(fuse_s=1e-9)).check(question, game)


def _compiled(grounder, question: str, game: str):
    frame = grounder.frame(question, game)
    frame = replace(frame, form="count")
    compiled = grounder._frames[game].compile(frame)
    assert compiled is not None
    return compiled


def test_the_step_budget_counts_every_action_and_a_reading_over_it_leaves_no_verdict(grounder):
    compiled = _compiled(grounder, ROUNDS_EN, "for-a-crown")
    lengths = [len(variant["scenario"]["steps"]) for variant in compiled["variants"]]
    assert play_variants(compiled, Budget(max_steps=max(lengths)))
    assert play_variants(compiled, Budget(max_steps=min(lengths) - 1)) is None
    shortest_first = {**compiled, "variants": sorted(compiled["variants"], key=lambda v: len(v["scenario"]["steps"]))}
    assert min(lengths) < max(lengths)
    assert play_variants(shortest_first, Budget(max_steps=min(lengths))) is None, \
        "a later reading over the budget could change the verdict: no verdict rather than one with a reading left out"


@pytest.fixture(scope="module")
def fused_client(tmp_path_factory):
    settings = Settings(corpus_dir=CORPUS, index_dir=tmp_path_factory.mktemp("index"), engine_check_fuse_s=1e-9,
                        record_questions=False)
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS))
    with TestClient(app) as test_client:
        assert app.state.referee.wait_until_ready(300), app.state.warm_up_error
        yield test_client


@pytest.mark.parametrize("question", [ROUNDS_FR, ROUNDS_EN])
def test_a_blown_fuse_answers_from_the_text_and_explain_says_why(fused_client, grounder, question):
    assert grounder.check(question, "for-a-crown") is not None, "with its fuse in place the question is checked"
    response = fused_client.post("/v1/ask", json={"game": "for-a-crown", "question": question, "explain": True})
    assert response.status_code == 200
    body = response.json()
    assert body["engine_check"] is None and body["answer"]
    assert body["explain"]["declined"].startswith("fuse: ") and "fuse" in body["explain"]["declined"][6:]
    plain = fused_client.post("/v1/ask", json={"game": "for-a-crown", "question": question}).json()
    assert "explain" not in plain or plain["explain"] is None
