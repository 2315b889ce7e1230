"""Splendor: a noble's visit cannot be refused (engine/splendor/frame_noble_refusal.py)."""

import pytest


@pytest.mark.parametrize("question, language, verdict", [
    ("Can I turn down a noble's visit so I can go for a better one later?", "en", "no"),
    ("Je remplis les conditions d'un noble. Je peux refuser sa visite ?", "fr", "non"),
])
def test_the_visit_is_mandatory(grounder, question, language, verdict):
    grounded = grounder.check(question, "splendor", language)
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.check.verdict == verdict
    assert "obligatoire" in grounded.text or "mandatory" in grounded.text


@pytest.mark.parametrize("question", [
    "Can I refuse to give back tokens?",                          # no noble
    "Léa qualifies for a noble. Can she refuse it?",              # another player
    "I have 3 red bonuses and a noble needs 4 red. Can I refuse it?",  # counts this reader does not bind
])
def test_no_refusal_run_outside_the_asker_s_noble(grounder, question):
    grounded = grounder.check(question, "splendor", "en")
    assert grounded is None or "noble's requirement" not in str(grounded.check.scenario)
