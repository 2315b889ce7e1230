"""Every citation of every engine resolves to a section and a verbatim quote of its corpus."""

from __future__ import annotations

import importlib

import pytest

from engine.core import available_games
from engine.core.citations import Citation
from tests.engine.sections import corpus_sections


def _citations(game_id: str) -> list[tuple[str, Citation]]:
    """The ``Citation`` constants of ``engine/<game>/rules.py`` plus those of the game's assumptions."""
    game_class = available_games()[game_id]
    package = game_class.__module__.rsplit(".", 1)[0]
    rules = importlib.import_module(f"{package}.rules")
    found = [(name, value) for name, value in vars(rules).items() if isinstance(value, Citation)]
    found += [(assumption.id, assumption.citation) for assumption in game_class.assumptions]
    return found


CASES = [(game, name, citation) for game in sorted(available_games()) for name, citation in _citations(game)]


def test_every_engine_has_citations():
    assert {game for game, _, _ in CASES} == set(available_games())


@pytest.mark.parametrize("game,name,citation", CASES, ids=[f"{g}:{n}" for g, n, _ in CASES])
def test_citation_resolves_to_a_verbatim_quote(game, name, citation):
    sections = corpus_sections(game)
    assert citation.section in sections, f"{name}: no section {citation.section!r}"
    if citation.quote is not None:
        assert citation.quote in sections[citation.section], f"{name}: quote not verbatim in {citation.section!r}"
