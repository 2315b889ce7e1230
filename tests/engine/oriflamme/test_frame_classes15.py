"""Oriflamme ways of telling a position, session 15 (issues 10 and 11), read however the position is told.

- the card the question says resolves is the one acting (the lexicon's ``resolving`` words: "quand son intrigante se
  résout", "when the Queen resolves"), a revealed Reine included;
- a covered card asked whether its ability still applies ("does the Felon's ability still go off?") is not resolved,
  and a card placed on a named card without a name ("a new card on top of his Cutthroat") covers it;
- a line listed without a colon (the lexicon's ``line_head``: "the queue is …, then …, then …") or after a short
  title and a colon ("Situation : …"), its last card said at the end ("et tout au bout …");
- an end-of-game tie told with "points d'influence chacun", "ont 9 points chacun", "3 cartes d'Eva et 4 de Rémi";
  "qui a gagné ?" once the game is over asks who won, "c'est moi qui gagne les 2 points ?" a gain;
- a sentence opening on "Au tour 3" dates its story; "nothing on top of it" says a card is not covered; "nobody has
  stacked anything" that no pile is there; "3-player game" the table size; a state said before "et" is the card
  before's.

Paraphrases written from the rulebook, not the dev15 probe's wordings.
"""

import pytest

from tests.engine.oriflamme.test_frame_classes import grounder  # noqa: F401 - the module's grounder fixture
from tests.engine.oriflamme.test_frame_classes import test_position_not_fully_told_gets_no_frame_check as refused
from tests.engine.oriflamme.test_frame_classes import test_rule_class_gets_the_rules_verdict_from_a_frame as answered

ANSWERED = [
    # the card said to resolve acts
    ("Last round Ana put her Bribery token on my revealed Queen. This round, when that Queen resolves, who gains the "
     "two points?", "Ana"),
    # a covered card's ability
    ("Hugo a posé sa reine sur son félon révélé. Pendant la résolution, le félon se déclenche-t-il "
     "encore ?", False),
    ("Ana placed a card on top of her revealed Apothecary. When the resolution reaches it, can the Apothecary under "
     "it still eliminate a card?", False),
    # a line listed without a colon, or after a short title
    ("The queue is Tom's Queen, then my Felon, then my Prince, then Tom's Twin. When my Felon resolves, how many "
     "points does Tom lose?", 1),
    ("Ma partie : la reine de Paul, mon félon, le prince de Paul et tout au bout mon jumeau. Mon félon révélé se "
     "résout. Combien de points perd Paul ?", 2),
    # the end of the game
    ("La partie est finie, Hugo et Léa ont 11 points chacun. Dans la file il reste 2 cartes d'Hugo et 3 de Léa. "
     "Qui a gagné ?", "Léa"),
    ("Fin du 6e tour : Marc et moi avons 8 points d'influence chacun. J'ai 4 cartes de ma famille dans la file, "
     "Marc en a 2. Qui gagne ?", "toi"),
    # a story dated by its turns; a state said before "et"
    ("Au tour 2 Léa a mis son jeton corruption sur ma reine révélée. Au tour 3 quand la reine se résout, combien de "
     "points gagne Léa ?", 2),
    ("Mon félon est encore face caché et le coupe-jarret révélé de Tom, juste à côté, l'élimine. Combien de points "
     "gagne Tom ?", 0),
    # not covered, no pile, the table size
    ("Tom's Cutthroat eliminates my Prince. My Twin is face up in the line and nothing is on top of it. Is my Twin "
     "discarded?", True),
    ("My revealed Schemer sits between Ana's Queen and Ana's Prince and nobody has stacked anything. How many points "
     "does my Schemer give me?", 2),
]

REFUSED = [
    # two cards said to resolve: which acts is unsaid
    "La reine de Tom se résout et mon félon se résout. Combien je gagne ?",
    # an unnamed card "on" another card: no covered card named
    "Hugo a posé une carte sur une autre. Sa carte du dessous s'applique-t-elle encore ?",
    # a title that says the cards are in hand: no line
    "Ma main : mon prince, ma reine et mon félon. Mon félon se résout, combien je perds ?",
]


@pytest.mark.parametrize(("question", "expected"), ANSWERED, ids=lambda value: str(value)[:50])
def test_rule_class_gets_the_rules_verdict_from_a_frame(grounder, question, expected):
    answered(grounder, question, expected)


@pytest.mark.parametrize("question", REFUSED, ids=lambda value: value[:50])
def test_position_not_as_told_gets_no_frame_check(grounder, question):
    refused(grounder, question)
