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


@pytest.mark.parametrize("question, verdict", [
    # two ties: the Résonance takes both; the first then attacks its neighbour with the normal rule (6 > 2)
    ("Ma carte fait 5 contre 5 avec une carte ennemie en haut et 3 contre 3 avec une autre à droite. La carte prise en "
     "haut a un 6 à gauche, face à une autre carte ennemie qui montre 2. Elle passe aussi chez moi ?", "oui"),
    # the same, but the card taken only ties its neighbour: a tie in the Onde takes nothing
    ("My card ties 4-4 with an enemy card on the left and 6-6 with another below. The card I took on the left has a 5 "
     "on its left side, facing another enemy card that shows 5 on its right. Does that third card flip too?", "no"),
    # a card taken the normal way is no card of a Résonance: it does not attack in turn
    ("My 7 beats his 2 and I capture his card on b2. That card has a 6 facing another enemy card on b3 with a 1. "
     "Does b3 fall too?", "no"),
    # counted: the two ties and the card the Onde takes
    ("Ma carte fait 3 contre 3 avec une carte ennemie en haut et 5 contre 5 avec une autre à droite. La carte prise en "
     "haut a un 6 face à une autre carte ennemie qui montre 2. Combien de cartes je prends en tout ?", 3),
])
def test_what_a_taken_card_faces_is_the_ondes(grounder, question, verdict):
    """A sentence about the card taken ("la carte prise", "that card") tells what it faces in turn: an Onde face
    beside the first card faced, not a third face of the placement (rules.md › L'Onde: only a card taken by
    Résonance attacks its enemy neighbours, with the normal rule)."""
    answer = _verdict(grounder, question)
    assert not answer.check.open and answer.verdict == verdict


@pytest.mark.parametrize("question", [
    # one tie takes nothing: "the card I took" is no card of this position
    "My card ties 4-4 with an enemy card on the left. The card I took has a 6 facing another enemy card that shows 2. "
    "Does it flip too?",
    # a win and a tie: which of them is the card taken is not said
    "Ma carte fait 5 contre 3 avec une carte ennemie et 4 contre 4 avec une autre. La carte prise a un 6 face à une "
    "carte ennemie qui montre 1. Combien de cartes je prends ?",
])
def test_an_onde_the_position_cannot_hold_gets_no_check(grounder, question):
    assert grounder.check(question, "emprise", "fr" if "Ma carte" in question else "en") is None


@pytest.mark.parametrize("question, verdict", [
    ("My card makes two exact ties with two of Sam's cards at once. One of those two, now mine, has a 6 facing a 5 on "
     "another of Sam's cards right next to it. Does that third card become mine as well?", "yes"),
    ("Ma carte fait deux égalités exactes avec deux cartes de Léo. L'une des deux a un 3 face au 3 d'une autre carte "
     "de Léo. Elle passe chez moi ?", "non"),
    ("My card makes two exact ties with two enemy cards. Do both flip?", "yes"),
])
def test_two_ties_said_without_their_ranks_are_played_at_two_ranks(grounder, question, verdict):
    """Two ties said without their ranks: any equal ranks tie, so they are played at a default rank and at another,
    and the verdict is shown not to hang on it (rules.md › La Résonance)."""
    answer = _verdict(grounder, question)
    assert not answer.check.open and answer.verdict == verdict
    assert len(answer.check.readings) == 2


@pytest.mark.parametrize("question, bonus", [
    ("J'ai déjà 2 Abysses posées sur le plateau. Je pose ma troisième Abysse : elle prend combien de bonus ?", 2),
    ("I place my 3rd Abyss. How much bonus does it get on each rank?", 2),
])
def test_the_placed_abysse_said_by_its_rank_counts_itself(grounder, question, bonus):
    """"Ma troisième Abysse": three of the asker's in play once it is placed, so +1 from each of the two others
    (rules.md › Abysses: each Abysse in play strengthens the others by +1)."""
    answer = _verdict(grounder, question)
    assert answer.verdict == bonus


@pytest.mark.parametrize("question", [
    # Tom's Abysse is said in words the reader does not place ("en a une"): no check rather than a bonus without it
    "J'ai déjà 2 Abysses posées sur le plateau et Tom en a une aussi. Je pose ma troisième Abysse : combien de bonus ?",
    # "already 2 on the board" and an Abysse placed: whether the 2 include it is unsaid
    "J'ai déjà 2 Abysses posées sur le plateau. Je pose une Abysse : elle prend combien de bonus ?",
])
def test_an_abysse_count_the_reader_cannot_place_gets_no_check(grounder, question):
    assert grounder.check(question, "emprise", "fr") is None
