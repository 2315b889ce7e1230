"""Oriflamme ways of telling a position, session 17, read however the position is told.

- placing a card between two cards (whoever's they are, the players named only by the table's reading) is tried and
  refused by the engine (rules.md Tour de jeu: either end, or on one's own card); a place said after the card placed
  on only locates that card;
- the eliminating card said after its verb, as its means ("l'élimine avec son usurpation", "élimine ma reine avec
  son apothicaire"), or named in the asking sentence ("can my Cutthroat eliminate the Queen?");
- getting back the points that lay on a card asks those points: none when it is eliminated face down
  (ÉLIMINER UNE CARTE); points said per turn over a stated count of turns;
- "vient d'être éliminé par", "has just been eliminated by": a passive elimination told now;
- "à côté de lui", "next to it": a side of the card named before;
- whose gain or loss: "gives me", "cost me" (English object after the verb), "il me prend" (taken from me);
- "between two of my own cards" puts two cards of mine beside it; "une pile de deux cartes de Hugo" is Hugo's;
- the first player tile over a clockwise list of players and "the next turn";
- "Léa a recouvert son prince avec sa reine", "Tom covered his Twin with his Felon": the second card is on top;
- "which card does it eliminate?" when the acting card's one neighbour is said at an end of the line ("en bout de file");
- the cards left in hand after the turns the question says are done, played by the engine from its set-up;
- an Usurpation's replacement named with no place nor state may be set aside or in hand: both are played;
- an Apothicaire asked whether it reaches a card with a side unsaid: that side is also played with a card of its
  family (it depends), unless the side is said empty (at an end, the line listed whole, "no other card of mine");
- two sides of one card told in a row ("à droite de ma Reine et à gauche du Prince de Sam"): it sits between them.

Paraphrases written from the rulebook, not the dev17 probe's wordings.
"""

import pytest

from engine.oriflamme.frame_turns import _clockwise_seats
from tests.engine.oriflamme.test_frame_classes import grounder  # noqa: F401 - the module's grounder fixture
from tests.engine.oriflamme.test_frame_classes import test_position_not_fully_told_gets_no_frame_check as refused
from tests.engine.oriflamme.test_frame_classes import test_rule_class_gets_the_rules_verdict_from_a_frame as answered

ANSWERED = [
    # placing between two cards
    ("Est-ce que je peux intercaler ma carte entre le Prince de Hugo et sa Reine ?", False),
    ("Could I wedge my card in between two of Ana's cards in the middle of the line?", False),
    ("Puis-je poser ma carte sur une carte de Paul qui est au milieu de la file ?", False),
    # the eliminating card after its verb, or in the asking sentence
    ("Ma carte cachée porte 2 points d'influence. Hugo l'élimine avec son coupe-jarret. Je récupère ces points ?", False),
    ("Hugo's Queen is under his Felon. My Cutthroat is next to that pile. Can my Cutthroat take out the Queen?", False),
    # the points on a card, got back
    ("My face-down card had one influence on it every round for 2 rounds. Tom's Apothecary eliminates it. How many "
     "of those points do I get back?", 0),
    # a passive elimination told now
    ("My Ambush has just been eliminated by Ben's Apothecary. Does Ben's Apothecary get discarded?", True),
    # a side told with a pronoun
    ("Mon Coupe-jarret révélé élimine la Reine de Luc qui est juste à côté de lui. La Reine de Max est révélée "
     "ailleurs dans la file. Celle de Max est-elle éliminée aussi ?", True),
    # whose gain or loss
    ("Nina's Felon is revealed between my Queen and my Twin. When it resolves, how many points does it cost me?", 2),
    ("Ben's Apothecary eliminates my Ambush. How many points does that give me?", 3),
    ("Léa élimine le prince de Tom avec son usurpation. Combien de points gagne Léa ?", 1),
    # two cards of mine beside it; a pile of someone's cards
    ("Le félon révélé de Jade est entre deux de mes cartes. Quand il se résout, je perds combien ?", 2),
    ("My revealed Schemer is right next to a pile of three cards of Ben's. How many points does it give me?", 0),
    # two sides in a row
    ("My revealed Felon is to the left of Tom's Queen and to the right of my Prince. How many points do I lose when it "
     "resolves?", 1),
    # the next card in the line's order; the very end
    ("Le Félon révélé de Léo est juste après ma Reine, tout au bout de la file. Combien je perds quand il se résout ?", 1),
    # a reveal told by a pronoun in the next sentence
    ("My Ambush sits face down with 3 influence on it. Now I reveal it. How many points do I gain?", 1),
    # an Apothicaire's reach with the sides said
    ("Tom's revealed Apothecary is between my Twin and his Queen, and my Twin is at the end of the line. Can it "
     "eliminate my Twin?", False),
    # a pile told by its owner's act of covering
    ("Tom covered his Twin with his Felon. My Cutthroat eliminates Tom's Prince. Is Tom's Twin discarded?", False),
    # which card an ability at an end of the line eliminates
    ("Mon Coupe-jarret révélé est en bout de file, à côté du Prince de Tom. Quelle carte il élimine ?", "prince"),
    # the cards still in hand after the turns said done (the engine's set-up and placements)
    ("We've played the first 2 rounds. How many cards are left in my hand?", 5),
    ("Fin du 5e tour : combien de cartes il me reste en main ?", 2),
    # the first player tile
    ("Seats clockwise are Ana, Ben and Cleo. Ana starts round 1. Who places first in round 3?", "Cleo"),
    ("Clockwise we sit Ana, Ben, Cleo. Ana has the first player tile this round: who gets it next round?", "Ben"),
]

REFUSED = [
    # counterclockwise: the seats are not read
    "Ana, Ben and Cleo sit counterclockwise. Ana has the first player tile this round. Who gets it next round?",
    # a point each turn, over turns never counted
    "J'ai mis un point dessus à chaque fois, ma carte cachée. Hugo l'élimine avec son apothicaire. Combien je récupère ?",
    # which card: the owner chooses between two neighbours, or a side is unsaid
    "Mon Coupe-jarret révélé est entre la Reine de Tom et le Félon de Léa. Quelle carte il élimine ?",
    "My revealed Cutthroat is right next to Hugo's Queen. Which card does it eliminate?",
    # how many turns are done is unsaid
    "Il me reste combien de cartes en main ?",
    # by which card the elimination happens is unsaid
    "Léa vient d'éliminer le prince de Tom. Combien de points gagne Léa ?",
]

OPEN = [
    "Mon Apothicaire révélé est à droite de ma Reine et à gauche du Prince de Sam. Il peut éliminer le Prince de Sam ?",
    "Tom's revealed Apothecary sits right next to my Queen. Can it eliminate my Queen?",
    "Lina's revealed Usurpation eliminates my Queen right next to it. Will Lina put her Queen in its place?",
    "Mon usurpation révélée élimine le félon de Tom posé juste à côté. Je remplace le félon par mon félon ?",
]


@pytest.mark.parametrize("question", OPEN, ids=lambda value: value[:50])
def test_replacement_whose_whereabouts_are_unsaid_depends_on_them(grounder, question):
    grounded = grounder.check(question, "oriflamme")
    assert grounded is not None and grounded.check.method == "frame", question
    assert grounded.check.open


def test_replacement_said_discarded_is_put_in_place(grounder):
    answered(grounder, "Lina's revealed Usurpation eliminates my Queen right next to it. Lina's Queen was discarded "
                       "earlier. Does Lina put her Queen in its place?", True)


@pytest.mark.parametrize(("question", "expected"), ANSWERED, ids=lambda value: str(value)[:50])
def test_rule_class_gets_the_rules_verdict_from_a_frame(grounder, question, expected):
    answered(grounder, question, expected)


@pytest.mark.parametrize("question", REFUSED, ids=lambda value: value[:50])
def test_position_not_as_told_gets_no_frame_check(grounder, question):
    refused(grounder, question)


def test_clockwise_list_closes_the_circle_and_skips_words_before_the_names():
    seats = _clockwise_seats("on joue a trois, anne, bruno et claire dans le sens horaire", {"anne": "Anne", "bruno": "Bruno",
                                                                                         "claire": "Claire"})
    assert seats is not None and seats[0] == ["anne", "bruno", "claire", "anne"]
    assert _clockwise_seats("anne, bruno et claire dans le sens anti-horaire", {"anne": "Anne", "bruno": "Bruno",
                                                                              "claire": "Claire"}) is None
