"""The generated engine references in ``docs/engines/`` match what the engines generate today.

They are committed so a designer can read them without running anything; a rule,
an assumption or a scenario changed without regenerating them would leave the
docs stating an old engine. Regenerate with ``arbitre reference --all --out docs/engines``.
"""

from __future__ import annotations

import pytest

from service.commands.reference import DOCS_DIR, reference_markdown
from tests.engine.engines import REGISTERED


@pytest.mark.parametrize("game", REGISTERED)
def test_the_committed_reference_is_the_generated_one(game: str) -> None:
    committed = (DOCS_DIR / f"{game}.md").read_text(encoding="utf-8")
    assert committed == reference_markdown(game), (
        f"docs/engines/{game}.md is stale: run `arbitre reference {game} --out docs/engines`")
