"""The abstention decision: each gate, its order, and what the rulebook lacks."""

import pytest

from service.answers.abstention import OFF_TOPIC_BELOW, Abstention, decide
from service.answers.evidence import Evidence


def evidence(strength: float = 0.9, unstated: str | None = None) -> Evidence:
    return Evidence(coverage=0.8, unknown=0.0, relevance=0.6, strength=strength, unstated_field=unstated)


def test_a_strong_answerable_question_is_answered():
    decision = decide(evidence(), ["number"], True, p_answerable=0.9, threshold=0.45)
    assert decision == Abstention(False, None, None, 0.9)


def test_a_null_front_matter_field_abstains_first_and_names_the_field():
    decision = decide(evidence(strength=0.05, unstated="players"), ["name"], False, 0.9, 0.45)
    assert (decision.abstain, decision.reason, decision.lacking) == (True, "unstated_field", "players")


@pytest.mark.parametrize("kind", ["name", "enumeration"])
def test_a_name_or_list_the_best_sentence_does_not_give_abstains(kind):
    decision = decide(evidence(), ["number", kind], False, 0.9, 0.45)
    assert (decision.reason, decision.lacking) == ("missing_kind", kind)


@pytest.mark.parametrize("kind", ["number", "place", "person"])
def test_other_missing_kinds_are_left_to_the_model(kind):
    assert not decide(evidence(), [kind], False, 0.9, 0.45).abstain


def test_weak_evidence_is_off_topic():
    decision = decide(evidence(strength=OFF_TOPIC_BELOW - 0.01), [], False, 0.9, 0.45)
    assert (decision.reason, decision.lacking) == ("off_topic", None)


def test_below_the_threshold_the_question_is_unlikely_answerable():
    assert decide(evidence(), [], False, 0.44, 0.45).reason == "unlikely"
    assert not decide(evidence(), [], False, 0.45, 0.45).abstain


def test_a_decision_is_consistent_with_its_reason():
    with pytest.raises(ValueError, match="reason"):
        Abstention(True, None, None, 0.5)
    with pytest.raises(ValueError, match="reason"):
        Abstention(False, "bogus", None, 0.5)
