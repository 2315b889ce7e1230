"""One warmed-up Grounder over the real corpus, shared by every grounding test module."""

from pathlib import Path

import pytest

from service.grounding import Grounder

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


@pytest.fixture(scope="session")
def grounder() -> Grounder:
    """Read-only for tests: loading the templates and glossaries once is the slow part."""
    grounder = Grounder(CORPUS)
    grounder.warm_up()
    return grounder
