"""The pending-decision stack: chained decisions answered first, queued ones in the order given, JSON round trips."""

from __future__ import annotations

import pytest

from engine.core.citations import Citation
from engine.core.decisions import Decision, DecisionStack

RULE = Citation("Jeu › Règle", "quote")


def _decision(kind: str, player: int, **data) -> Decision:
    return Decision(kind, player, [{"type": "answer", "player": player}], RULE, data)


def test_queued_decisions_are_answered_in_the_order_given():
    stack = DecisionStack()
    stack.push_in_order([_decision("pay", 2), _decision("pay", 3), _decision("pay", 0)])
    assert [stack.pop().player for _ in range(3)] == [2, 3, 0]
    assert not stack and stack.top is None


def test_a_chained_decision_is_answered_before_the_queue_resumes():
    stack = DecisionStack([_decision("pay", 1), _decision("pay", 2)])
    assert stack.pop().player == 1
    stack.push(_decision("punish", 0, refused=1))  # answering seat 1 triggered seat 0's choice
    assert [d.kind for d in stack.in_order()] == ["punish", "pay"]
    assert stack.pop().kind == "punish" and stack.top.player == 2


def test_options_are_computed_once_when_asked():
    calls = []
    decision = Decision("noble_choice", 0)

    def compute():
        calls.append(1)
        return [{"type": "choose_noble", "noble": 3}]

    assert decision.options_or(compute) == decision.options_or(compute)
    assert len(calls) == 1


def test_round_trip_through_json_top_first():
    stack = DecisionStack([_decision("punish", 0, refused=1), Decision("draw", -1, None, None, {"pile": "discard"})])
    listed = stack.to_list()
    assert [entry["kind"] for entry in listed] == ["punish", "draw"]
    assert "options" not in listed[1] and listed[0]["citation"] == {"section": "Jeu › Règle", "quote": "quote"}
    assert DecisionStack.from_list(listed) == stack
    assert stack.copy() == stack and stack.copy() is not stack


@pytest.mark.parametrize("raw,field", [
    ([{"player": 0}], r"decisions\[0\]\.kind"),
    ([{"kind": "pay", "player": "me"}], r"decisions\[0\]\.player"),
    ([{"kind": "pay", "player": 0, "options": "all"}], r"decisions\[0\]\.options"),
    ([{"kind": "pay", "player": 0, "citation": {"quote": "x"}}], r"decisions\[0\]\.citation"),
    ({"kind": "pay"}, "decisions"),
])
def test_malformed_decisions_name_the_field(raw, field):
    with pytest.raises(ValueError, match=field):
        DecisionStack.from_list(raw)


def test_popping_an_empty_stack_is_a_bug():
    with pytest.raises(IndexError):
        DecisionStack().pop()
