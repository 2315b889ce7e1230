"""The session-5 probe (probe_situations.yaml): several cards revealed in one round, another family's card, the
Pot-de-vin's stated payments, Raton counts; and questions whose order or table the words do not fix."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

PROBE = yaml.safe_load((Path(__file__).with_name("probe_situations.yaml")).read_text(encoding="utf-8"))


@pytest.mark.parametrize("item", PROBE["checked"], ids=lambda item: item["q"][:50])
def test_the_engine_plays_the_cards_in_the_order_said(grounder, item):
    answer = grounder.check(item["q"], "for-a-crown")
    assert answer is not None and answer.check.method == "frame", "no frame check"
    assert str(answer.verdict).lower() == str(item["verdict"]).lower()


@pytest.mark.parametrize("item", PROBE["not_reached"], ids=lambda item: item["q"][:50])
def test_a_question_not_reached_is_never_answered_wrong(grounder, item):
    answer = grounder.check(item["q"], "for-a-crown")
    assert answer is None or str(answer.verdict).lower() == str(item["verdict"]).lower()


@pytest.mark.parametrize("question", PROBE["not_checked"], ids=lambda q: q[:50])
def test_no_frame_check_when_the_order_or_the_table_is_not_said(grounder, question):
    answer = grounder.check(question, "for-a-crown")
    assert answer is None or answer.check.method != "frame"


def test_a_question_about_one_card_of_two_reads_that_card_only(grounder):
    question = ("Burglary, then Scandal: Lisa has 3 raccoons, Mark 1. Lisa is the most influential with 5 rubies. "
                "Does Lisa lose rubies at the {}?")
    assert grounder.check(question.format("Scandal"), "for-a-crown").verdict == "no"  # the right zone pays nothing
    assert grounder.check(question.format("Burglary"), "for-a-crown").verdict == "yes"  # the most Ratons pay 2


def test_stated_payments_at_the_pot_de_vin_are_played_and_unsaid_ones_branched(grounder):
    stated = grounder.check("First a Bribe, then a Burglary. Kim has 3 raccoons and Joe 2. At the Bribe, Kim pays 2 "
                            "coins to remove 2 raccoons, Joe pays nothing. Who loses rubies at the Burglary?",
                            "for-a-crown")
    unsaid = grounder.check("A Bribe and then a Burglary get flipped. Kim has 3 raccoons and Joe 2. Who loses rubies "
                            "at the Burglary?", "for-a-crown")
    assert stated.verdict == "Joe" and not stated.check.open
    assert unsaid.verdict == "it depends" and unsaid.check.open
