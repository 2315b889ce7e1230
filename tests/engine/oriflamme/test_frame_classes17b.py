"""Oriflamme ways of telling a position, session 17 (second helper), read however the position is told.

- an intensifier before any side word ("right beside", "directly beside", « tout contre »): a side like the plain word;
- the points on a card said in a relative clause of it (« sur laquelle il avait mis 2 points », "on which I had put
  two points"): placed while it was face down, lost when it is eliminated face down (ÉLIMINER UNE CARTE);
- a stated absence of a revealed namesake ("no other Twin is revealed anywhere"): the position holds only the cards
  stated, so the Coupe-jarret eliminates one card and its owner gains no elimination point (Le coupe-jarret);
- the other side told after a plain neighbour ("next to my Twin; on the other side is my Queen", « à côté de la Reine
  de Léa et de l'autre côté il y a mon Prince »): the other neighbour of the same card, which sits between them;
- a gain said by a verb of handing or netting ("how many points does it net me?", "hand him", « encaisse »);
- a card under another of its owner's cards ("under another of his cards", « sous une autre de mes cartes »): covered,
  so out of reach of a targeting ability, and the answer cites that rule (PILE DE CARTES: « ni être prise pour cible »);
- cards said simple between the noun and their owner (« deux cartes seules de Léo », "two single cards of Ben's"):
  the owner is still read (a simple card is not a pile);
- a pile told by its top card covering the other ("my Queen covering my Felon", « ma Reine qui recouvre mon Félon »);
- the end of the game with counts said in words ("three cards", "has only one") and "we" for the asker and the one
  other player named (Fin de partie: the tie goes to the most family cards left in the line).

Paraphrases written from the rulebook, not the dev17 probe's wordings.
"""

import pytest

from engine.oriflamme.frame_moments import _digits
from tests.engine.oriflamme.test_frame_classes import grounder  # noqa: F401 - the module's grounder fixture
from tests.engine.oriflamme.test_frame_classes import test_position_not_fully_told_gets_no_frame_check as refused
from tests.engine.oriflamme.test_frame_classes import test_rule_class_gets_the_rules_verdict_from_a_frame as answered

ANSWERED = [
    # an intensifier before the side word
    ("Tom's revealed Felon sits right beside my Prince, at the end of the line. How many points do I lose when it "
     "resolves?", 1),
    ("Ben's revealed Usurpation is right beside my face-down Felon. It eliminates my Felon. How many points does Ben "
     "gain?", 1),
    # points on a card said in a relative clause
    ("Hugo's Usurpation eliminates my face-down card, on which I had put three points. How many of those points do I "
     "get back?", 0),
    # a stated absence of a revealed namesake
    ("My revealed Cutthroat is next to Ben's Twin and no other Twin is revealed in the line. When my Cutthroat "
     "resolves, do I gain the elimination point?", False),
    ("Le Coupe-jarret révélé de Léa est à côté de mon Félon. Aucun autre Félon n'est révélé. Léa gagne un point "
     "quand il se résout ?", False),
    # the other side told after a plain neighbour
    ("Ana's revealed Felon is next to my Twin; on the other side is my Queen. When Ana's Felon resolves, how many points "
     "do I lose?", 2),
    ("Mon Félon révélé est à côté de la Reine de Léa et de l'autre côté il y a mon Prince. Quand mon Félon se résout, "
     "combien perd Léa ?", 1),
    # gain said by a verb of handing or netting
    ("My revealed Schemer is next to Ben's face-down Felon at the end of the line. How many points does it net me?", 2),
    # a card under another card of its owner's, said with "another"/« une autre »
    ("Ben's Twin is under another of his cards, right next to my revealed Cutthroat. Can my Cutthroat eliminate Ben's "
     "Twin?", False),
    ("Ma Reine est sous une autre de mes cartes, juste à côté du Coupe-jarret révélé de Tom. Tom peut éliminer ma "
     "Reine ?", False),
    # cards said simple (not piles) between the noun and their owner
    ("Mon Intrigante révélée est entre deux cartes seules de Léo, sans pile nulle part. Elle me rapporte combien ?", 2),
    # a pile told by its top card "covering" the other
    ("L'Intrigante révélée de Ruth est à côté de ma pile (ma Reine qui recouvre mon Félon). Quand elle se résout, Ruth "
     "gagne 2 points ?", False),
    # end of the game: counts in words, "we" for the asker and the one other player
    ("Game over: we both finish on 11 influence each. I still have three cards in the line and Sam has only one. Who "
     "wins?", "you"),
    ("Fin de partie : égalité à 8 points entre Paul et moi. Il me reste deux cartes dans la file, Paul en a trois. "
     "Qui gagne ?", "Paul"),
]

REFUSED = [
    # "we" with two other players named: who is tied is unsaid
    "Game over: we tie at 11 influence each. Sam has three cards in the line, Ana two and I have one. Who wins?",
]


@pytest.mark.parametrize(("question", "expected"), ANSWERED, ids=lambda value: str(value)[:50])
def test_rule_class_gets_the_rules_verdict_from_a_frame(grounder, question, expected):
    answered(grounder, question, expected)


@pytest.mark.parametrize("question", REFUSED, ids=lambda value: value[:50])
def test_position_not_as_told_gets_no_frame_check(grounder, question):
    refused(grounder, question)


def test_counts_in_words_keep_offsets_and_leave_articles_and_pronouns():
    text = "i have two cards, one of them face down, and noah has just one. une de ses cartes"
    said = _digits(text)
    assert len(said) == len(text)
    assert said.startswith("i have 2   cards, one of them")
    assert "has just 1  ." in said and said.endswith("une de ses cartes")


def test_a_covered_target_is_refused_with_the_covered_card_rule(grounder):
    grounded = grounder.check("Léa's Prince sits under another of her cards, right next to my revealed Usurpation. Can my "
                              "Usurpation eliminate Léa's Prince?", "oriflamme")
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.check.verdict in ("no", "non")
    assert any(event["kind"] == "covered_out_of_reach" for event in grounded.check.trace)
    assert any("ni être prise pour cible" in citation.quote for citation in grounded.citations)
