"""Splendor: several nobles met at once (engine/splendor/frame_noble_choice.py): one visit per turn, the asker chooses."""

from __future__ import annotations

import pytest

from engine.splendor.frame_noble_choice import _TITLE


@pytest.mark.parametrize("question, verdict", [
    ("A la fin de mon tour, mes bonus remplissent les conditions de deux nobles en même temps. Je les recois tous les "
     "deux ?", "non"),
    ("My bonuses meet the requirements of two nobles this turn. Do both of them visit me?", "no"),
    ("Mes bonus satisfont 2 nobles. Je peux prendre les deux ?", "non"),
    ("I qualify for two nobles at the end of my turn. Can I take both?", "no"),
])
def test_two_nobles_met_at_once_give_one_visit(grounder, question, verdict):
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.check.method == "frame" and grounded.verdict == verdict


@pytest.mark.parametrize("question", [
    "Do both of them visit me?",  # no nobles counted
    "Ana and I each qualify for a noble. Do both of them get one?",  # another player, one noble each
    "I have 3 red bonuses and two nobles need 3 red. Do both visit me?",  # a count this reader does not bind
])
def test_no_run_without_two_nobles_said_or_with_facts_it_cannot_bind(grounder, question):
    grounded = grounder.check(question, "splendor")
    assert grounded is None or grounded.check.scenario.get("title") != _TITLE
