"""Schemathesis over every operation of the OpenAPI document: no 5xx, every response as documented.

A short, derandomized run (a few examples per operation) so the suite stays fast and stable;
``scripts/fuzz`` runs the same test with ``ARBITRE_FUZZ_EXAMPLES`` random examples per operation.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import hypothesis
import pytest
import schemathesis
from schemathesis.checks import positive_data_acceptance

from service.api.main import create_app
from service.core.config import PROJECT_ROOT, Settings
from tests.service.retriever_double import WordOverlapRetriever

CORPUS_DIR = PROJECT_ROOT / "corpus"
EXAMPLES_PER_OPERATION = int(os.environ.get("ARBITRE_FUZZ_EXAMPLES", "10"))
LONG_RUN = "ARBITRE_FUZZ_EXAMPLES" in os.environ  # random examples; the short run is derandomized
SEMANTIC_BODIES = {
    # A scenario's position and steps are checked by the game's engine, and feedback
    # needs an answer id the server issued (so does a question's follow-up context): a body can
    # fit the schema and still be a 422.
    ("POST", "/v1/scenarios/run"),
    ("POST", "/v1/feedback"),
    ("POST", "/v1/ask"),
}


def _app():
    folder = Path(tempfile.mkdtemp(prefix="arbitre-schemathesis-"))
    settings = Settings(corpus_dir=CORPUS_DIR, index_dir=folder / "index", feedback_db=folder / "feedback.sqlite3",
                        scenario_time_budget_s=0.5, feedback_burst=10_000, scenarios_burst=10_000)
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))
    app.state.referee.warm_up()  # the ASGI transport runs no lifespan
    return app


schema = schemathesis.openapi.from_asgi("/openapi.json", _app())


@pytest.mark.fuzz
@schema.parametrize()
@hypothesis.settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, derandomize=not LONG_RUN,
                     suppress_health_check=list(hypothesis.HealthCheck))
def test_every_operation_answers_as_documented(case: schemathesis.Case) -> None:
    semantic = (case.method.upper(), case.path) in SEMANTIC_BODIES
    case.call_and_validate(excluded_checks=[positive_data_acceptance] if semantic else None)
