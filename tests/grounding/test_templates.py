"""Every template is also a regression scenario: at its defaults it runs and passes."""

from pathlib import Path

import pytest

from engine.core.scenario import load_scenario_file, run_scenario, scenario_files
from service.grounding import load_templates

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
TEMPLATE_DIRS = sorted(CORPUS.glob("*/scenarios/templates"))
TEMPLATE_FILES = [path for folder in TEMPLATE_DIRS for path in scenario_files(folder)]


@pytest.mark.parametrize("path", TEMPLATE_FILES, ids=lambda p: f"{p.parent.parent.parent.name}/{p.name}")
def test_template_runs_as_a_regression_scenario(path):
    result = run_scenario(load_scenario_file(path))
    assert result.passed, result.failures


def test_catalog_loads_templates_of_every_game_with_phrasings_in_both_languages():
    templates = [t for t in load_templates(CORPUS) if "/templates/" in t.path]
    assert {t.game for t in templates} == {folder.parent.parent.name for folder in TEMPLATE_DIRS}
    for template in templates:
        assert {language for language, _ in template.phrasings} == {"fr", "en"}, template.path
