"""Every citation of every engine resolves to a section and a verbatim quote of its rulebook;
every section is cited by some scenario's events or explained in ``NOT_EXECUTABLE``."""

from __future__ import annotations

import pytest

from engine.core.scenario import load_scenario_file, run_scenario, scenario_files
from tests.engine.engines import ENGINES, citations, rules_module, scenario_dir
from tests.engine.sections import corpus_sections

CASES = [(game, name, citation) for game in sorted(ENGINES) for name, citation in citations(game)]
WITH_COVERAGE = [game for game in sorted(ENGINES) if hasattr(rules_module(game), "NOT_EXECUTABLE")]


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_engine_has_citations(game):
    assert citations(game), f"engine {game} has no Citation constant in its rules.py"


@pytest.mark.parametrize("game,name,citation", CASES, ids=[f"{g}:{n}" for g, n, _ in CASES])
def test_citation_resolves_to_a_verbatim_quote(game, name, citation):
    sections = corpus_sections(game)
    assert citation.section in sections, f"{name}: no section {citation.section!r}"
    if citation.quote is not None:
        assert citation.quote in sections[citation.section], f"{name}: quote not verbatim in {citation.section!r}"


def _cited_sections(game: str) -> set[str]:
    cited = set()
    for path in scenario_files(scenario_dir(game)):
        for event in run_scenario(load_scenario_file(path), time_budget_s=30.0).events:
            if event.citation:
                cited.add(event.citation.section)
    return cited


@pytest.mark.parametrize("game", WITH_COVERAGE)
def test_every_section_is_cited_or_not_executable(game):
    not_executable = rules_module(game).NOT_EXECUTABLE
    sections = corpus_sections(game)
    cited = _cited_sections(game)
    unexplained = [section for section in sections if section not in cited and section not in not_executable]
    assert not unexplained, f"sections no scenario event cites and NOT_EXECUTABLE does not explain: {unexplained}"
    for section, reason in not_executable.items():
        assert section in sections, section
        assert section not in cited, f"{section} is cited by an event; remove it from NOT_EXECUTABLE"
        assert len(reason) > 20, f"{section}: say why it is not executable"
