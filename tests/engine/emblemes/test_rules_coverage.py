"""Every section of the Emblèmes corpus is cited by some engine event or explained as not executable."""

from __future__ import annotations

from pathlib import Path

from engine.core.scenario import load_scenario_file, run_scenario, scenario_files
from engine.emblemes.rules import NOT_EXECUTABLE
from tests.engine.sections import corpus_sections

SCENARIOS = Path(__file__).resolve().parents[3] / "corpus" / "emblemes" / "scenarios"


def _cited_sections() -> set[str]:
    cited = set()
    for path in scenario_files(SCENARIOS):
        for event in run_scenario(load_scenario_file(path)).events:
            if event.citation:
                cited.add(event.citation.section)
    return cited


def test_every_section_is_cited_or_not_executable():
    cited = _cited_sections()
    uncited = [section for section in corpus_sections("emblemes") if section not in cited]
    unexplained = [section for section in uncited if section not in NOT_EXECUTABLE]
    assert not unexplained, f"sections no event cites and NOT_EXECUTABLE does not explain: {unexplained}"


def test_not_executable_sections_are_real_and_really_uncited():
    sections = corpus_sections("emblemes")
    cited = _cited_sections()
    for section, reason in NOT_EXECUTABLE.items():
        assert section in sections, section
        assert section not in cited, f"{section} is cited by an event; remove it from NOT_EXECUTABLE"
        assert len(reason) > 20
