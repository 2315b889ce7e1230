"""How players word a placement told by its facing ranks (engine/emprise/frame_placement.py, questions.py): a capture
asked in the passive ("elle est prise ?"), a rank said with its article ("my left rank is a 6", "vaut un 6") and the
faced card named with its Order ("Max's Guardian card"); and a Réserve told as "deux cartes des Archers"
(frame_reserve.py).

Sentences written for this test; the verdicts are the rules' (rules.md › Capturer une carte: strictly greater takes,
a tie moves nothing; La Résonance: two exact ties take both; Gardiens: +1 on the attacked rank; La Réserve: one card
per Order, never the same Order twice).
"""

import pytest

from tests.engine.emprise.test_frames import _verdict, grounder  # noqa: F401 - the module's grounder fixture


@pytest.mark.parametrize("question, verdict", [
    ("Ma carte fait 6 contre 6 avec une carte ennemie, et rien d'autre. Elle est prise ?", "non"),
    ("Je pose ma carte : 7 contre 2 avec une carte de Léo. Sa carte est prise ?", "oui"),
    ("Ma carte fait 4 contre 4 avec une ennemie et 3 contre 3 avec une autre ennemie. Elles sont prises toutes les "
     "deux ?", "oui"),
    ("Max's card has a 3 on its left side. I put my card right next to it on that side, and my right rank is a 4. "
     "Do I take it?", "yes"),
    ("Max's Guardian card has a 3 on its left side. I put my card right next to it on that side, and my right rank is "
     "a 4. Do I take it?", "no"),
    ("Je pose ma carte juste à droite d'une carte de Tom. Mon rang de gauche vaut un 6, son rang de droite vaut un 4. "
     "Je la prends ?", "oui"),
])
def test_placement_wordings_get_the_rules_verdict(grounder, question, verdict):
    answer = _verdict(grounder, question)
    assert not answer.check.open and answer.verdict == verdict


@pytest.mark.parametrize("question, verdict", [
    ("Avant le duel, est-ce que je peux mettre deux cartes des Archers dans ma Réserve ?", "non"),
    ("Can I put two cards of the Archers in my Reserve before the duel?", "no"),
    ("Je peux mettre une carte des Archers et une carte des Gardiens dans ma Réserve ?", "oui"),
])
def test_a_reserve_counted_in_cards_of_an_order_is_checked(grounder, question, verdict):
    answer = _verdict(grounder, question)
    assert not answer.check.open and answer.verdict == verdict
