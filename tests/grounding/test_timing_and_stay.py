"""Session 10: a story told in time order, the opposite of a discard, and "can I <move> a card?" in either language.

- A move said in a later clause ("Tour 2, Marco pose…", "next turn an opponent plays…") is the move asked about;
  the asker's earlier card is already on the table (``service/grounding/frame.py``). An immediate effect (♦) then
  applies only when its own card is placed: a King placed before the Thief arrives stays.
- "Does my King stay?" is the discard read the other way round (``engine/emblemes/frames.py``).
- "Can I reserve a card?" reaches the legal actions as « Puis-je réserver une carte ? » does: a glossary term of the
  move that names its object ("reserve a card") says the move's object (``service/grounding/legality.py``).
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("question, verdict", [
    ("Tour 1 j'ai mis mon Roi au Château, y avait pas de Voleuse. Tour 2 un adversaire pose sa Voleuse au Château. "
     "Mon Roi est défaussé ?", "non"),
    ("Mon Roi est au Chateau depuis le tour 1. Au tour 2, Marco pose sa Voleuse au Chateau. Mon Roi est defausse ?", "non"),
    ("J'ai posé mon Roi au Port. Au tour suivant, Inès pose une Voleuse au Port. Mon Roi doit partir ?", "non"),
    ("I played my King in the Village on turn 1. Next turn an opponent plays a Thief in the Village. "
     "Is my King discarded?", "no"),
    ("On turn one I put my King in the Harbour. On turn two, Marco plays his Thief in the Harbour. "
     "Is my King discarded?", "no"),
])
def test_a_card_placed_later_does_not_trigger_the_earlier_cards_immediate_effect(grounder, question, verdict):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.check.verdict == verdict
    scenario = grounded.check.scenario
    placed = scenario["steps"][0]
    assert placed["type"] == "place" and placed["player"] != 0  # the later move is the opponent's, not the asker's
    assert any(entry["card"] == "Roi" and entry["owner"] == 0
               for row in scenario["position"]["locations"].values() for entry in row)  # the King already there


@pytest.mark.parametrize("question, verdict", [
    ("Il y a déjà une Voleuse au Château et je pose mon Roi au Château. Mon Roi est défaussé ?", "oui"),
    ("A Thief is already in the Village and I play my King there. Is my King discarded?", "yes"),
])
def test_the_same_cards_the_other_way_round_discard_the_king(grounder, question, verdict):
    """The time order decides: the Thief already there when the King is placed."""
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.check.verdict == verdict


def test_the_later_move_is_read_only_when_the_question_says_a_later_time():
    from service.grounding.frame import _later, _turn_numbers

    question = "Turn 1, I put my King in the Castle. Turn 2, Marco puts his Thief in the Castle."
    assert _turn_numbers("Turn 2, Marco puts his Thief in the Castle.") == [2]
    assert _turn_numbers("au 3e tour je pose") == [3]
    assert _later(question, "Turn 1, I put my King in the Castle.", "Turn 2, Marco puts his Thief in the Castle.")
    assert not _later("Marco puts his Thief in the Castle. I put my King in the Castle.",
                      "I put my King in the Castle.", "Marco puts his Thief in the Castle.")


@pytest.mark.parametrize("question, verdict", [
    ("There's already a Thief in the Castle when Paul reveals his King and puts it there. Does the King stay?", "no"),
    ("Une Voleuse est déjà au Village et je pose mon Roi au Village. Mon Roi reste ?", "non"),
    ("J'ai posé mon Roi au Port. Au tour suivant, Inès pose une Voleuse au Port. Mon Roi reste au Port ?", "oui"),
    ("I played my King in the Village on turn 1. Next turn an opponent plays a Thief in the Village. "
     "Does my King remain?", "yes"),
])
def test_stay_is_the_discard_read_the_other_way_round(grounder, question, verdict):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.check.method == "frame" and grounded.check.verdict == verdict


@pytest.mark.parametrize("question", [
    "Le Roi reste-t-il toute la partie ?",  # no position: nothing placed
    "Does the King stay if a Thief is around?",
])
def test_stay_without_a_described_position_gets_no_engine_check(grounder, question):
    grounded = grounder.check(question, "emblemes")
    assert grounded is None or grounded.check.method != "frame"


@pytest.mark.parametrize("question, verdict", [
    ("Can I reserve a card?", "yes"),
    ("May I reserve a card?", "yes"),
    ("Est-ce que je peux réserver une carte ?", "oui"),
    ("Can I buy a card?", "yes"),
    ("Puis-je acheter une carte ?", "oui"),
    ("Am I allowed to reserve a card from the top of a deck?", "yes"),
    ("Is it legal to reserve a face-down card from a deck?", "yes"),
    ("C'est légal de réserver une carte de la pioche ?", "oui"),
])
def test_permission_questions_reach_the_legal_actions_in_both_languages(grounder, question, verdict):
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.check.method == "legality"
    assert grounded.check.verdict == verdict


def test_a_move_term_with_a_count_is_not_read_as_the_moves_object():
    from service.grounding.legality import _move_with_object

    assert _move_with_object("reserve a card") and _move_with_object("acheter une carte")
    assert not _move_with_object("reserve") and not _move_with_object("take 3 tokens")
