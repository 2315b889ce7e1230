"""The session-4 probe (probe_tables.yaml): tables described in English and French, each verdict the rules give,
and questions that must get no frame check (a rule asked in general, unbound facts, a choice between answers)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

PROBE = yaml.safe_load((Path(__file__).with_name("probe_tables.yaml")).read_text(encoding="utf-8"))


@pytest.mark.parametrize("item", PROBE["checked"], ids=lambda item: item["q"][:50])
def test_the_engine_answers_the_table_described(grounder, item):
    answer = grounder.check(item["q"], "for-a-crown")
    assert answer is not None, "no engine check"
    assert str(answer.verdict).lower() == str(item["verdict"]).lower()


@pytest.mark.parametrize("item", PROBE["never_in_another_unit"], ids=lambda item: item["q"][:50])
def test_a_count_is_answered_in_the_unit_asked_or_not_at_all(grounder, item):
    answer = grounder.check(item["q"], "for-a-crown")
    if answer is not None:
        assert str(answer.verdict) == str(item["verdict"])
        assert any(word in answer.text.lower() for word in item["unit_words"])


@pytest.mark.parametrize("question", PROBE["not_checked"], ids=lambda q: q[:50])
def test_no_frame_check_without_a_described_table(grounder, question):
    answer = grounder.check(question, "for-a-crown")
    assert answer is None or answer.check.method != "frame"


def test_an_unsaid_target_at_an_unsaid_table_size_is_open(grounder):
    answer = grounder.check("Nina's Ruby Theft is revealed. I have 3 rubies. How many rubies do I have left?",
                            "for-a-crown")
    assert answer is not None and answer.check.open and answer.verdict == "it depends"


def test_a_raccoon_count_is_answered_in_raccoons_not_rubies(grounder):
    answer = grounder.check("Burglary: Ann has 3 raccoons, Bob has 2. How many raccoons does Ann keep?", "for-a-crown")
    assert answer is not None and answer.check.method == "frame" and answer.verdict == 0
    assert "raccoon" in answer.text.lower() or "raton" in answer.text.lower()


def test_a_final_count_whose_most_influential_family_is_unsaid_depends_on_the_galerie(grounder):
    answer = grounder.check("At the end of the game I have 9 rubies and I never sold my Precious Object. How many rubies "
                            "do I count?", "for-a-crown")
    assert answer is not None and answer.check.open
    assert {reading.verdict for reading in answer.check.readings} == {19, 20}  # the FAQ's extra Rubis, or not
