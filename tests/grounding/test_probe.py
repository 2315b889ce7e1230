"""The held-out probe (tests/grounding/probe_questions.yaml): no wrong engine verdict, most covered edges checked."""

from pathlib import Path

import pytest

from service.grounding.probe import load_probe, score_probe

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def report(grounder):
    return score_probe(grounder, load_probe(HERE / "probe_questions.yaml"))


def test_probe_is_large_and_mixed():
    questions = load_probe(HERE / "probe_questions.yaml")
    assert len(questions) >= 60
    assert {q.kind for q in questions} == {"covered", "uncovered", "lookup"}
    assert {(q.game, q.lang) for q in questions} == {(g, l) for g in ("splendor", "emblemes") for l in ("fr", "en")}


def test_no_wrong_engine_verdict(report):
    assert report.wrong == []


def test_at_least_half_of_covered_edges_get_a_right_check(report):
    assert len(report.right) >= report.covered / 2, f"right {len(report.right)}/{report.covered}, missed {report.missed}"
