"""Events: plain and template messages, equality, JSON form, rejections."""

from __future__ import annotations

import pickle

from engine.core.citations import Citation
from engine.core.events import Event, MessageTemplate, rejection

RULE = Citation("Jeu › Règles", "Une phrase.")
SELECTED = MessageTemplate("Player {player} selects {card} face down.")


def test_a_template_message_is_filled_from_the_data():
    event = Event("card_selected", SELECTED, RULE, {"player": 2, "card": "Roi"})
    assert event.message == "Player 2 selects Roi face down."
    assert type(event.message) is str


def test_a_template_event_equals_the_same_event_with_a_plain_message():
    templated = Event("card_selected", SELECTED, RULE, {"player": 0, "card": "Garde"}, ("game.topic",))
    plain = Event("card_selected", "Player 0 selects Garde face down.", RULE, {"player": 0, "card": "Garde"}, ("game.topic",))
    assert templated == plain
    assert templated != Event("card_selected", "Player 0 selects Roi face down.", RULE, {"player": 0, "card": "Garde"},
                              ("game.topic",))
    assert repr(templated) == repr(plain)
    assert templated.to_dict() == plain.to_dict() == {
        "kind": "card_selected", "message": "Player 0 selects Garde face down.",
        "citation": {"section": "Jeu › Règles", "quote": "Une phrase."},
        "data": {"player": 0, "card": "Garde"}, "assumptions": ["game.topic"],
    }


def test_a_plain_message_is_kept_verbatim_even_with_braces():
    assert Event("note", "A {literal} brace.").message == "A {literal} brace."


def test_defaults_and_pickling():
    event = Event("note", SELECTED, None, {"player": 1, "card": "Roi"})
    assert Event("note", "x").data == {} and Event("note", "x").assumptions == ()
    assert pickle.loads(pickle.dumps(event)) == event


def test_rejection_carries_reason_and_data():
    event = rejection("not_in_hand", "No Roi in hand.", RULE, player=1)
    assert event.is_rejection and event.data == {"reason": "not_in_hand", "player": 1}
    assert not Event("card_selected", SELECTED, RULE, {"player": 0, "card": "Roi"}).is_rejection
