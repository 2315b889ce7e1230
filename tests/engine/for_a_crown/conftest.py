"""One warmed-up grounder for the For a Crown answer tests (warming it up reads the whole corpus)."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.grounding import Grounder

CORPUS = Path(__file__).resolve().parents[3] / "corpus"


@pytest.fixture(scope="package")
def grounder() -> Grounder:
    grounder = Grounder(CORPUS)
    grounder.warm_up()
    return grounder
