"""Session 10 Emblèmes readers: the redraw at the end of a round (frame_draw.py), where a placed card lands in its
row ("side" in frames.py), "does it give/earn anything?" and two same cards that "cancel each other out"."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("question, drawn", [
    ("At the end of the round I have 2 cards left in hand. How many cards do I draw?", 4),
    ("À la fin de la manche il me reste 2 cartes en main. Combien j'en pioche ?", 4),
    ("Fin de la 2e manche, j'ai 3 cartes en main. Combien de cartes je pioche ?", 3),
    ("End of the first round: I still have 5 cards in my hand. How many cards do I draw?", 1),
    ("Partie à 3 : il me reste 2 cartes en main à la fin de la manche. J'en pioche combien ?", 4),  # was a quantity
])
def test_the_engine_redraws_the_askers_hand_to_six(grounder, question, drawn):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.check.method == "frame" and grounded.check.verdict == drawn
    assert not grounded.check.open  # the number of players is varied and never decides


@pytest.mark.parametrize("question", [
    "End of round 3, I have 2 cards in hand. How many do I draw?",  # the game is over: nobody draws
    "Combien de cartes dans ma pioche à la fin de la partie ?",  # « la pioche » is the deck, no hand stated
])
def test_no_redraw_run_without_a_hand_or_after_the_last_round(grounder, question):
    grounded = grounder.check(question, "emblemes")
    assert grounded is None or grounded.check.method != "frame"


@pytest.mark.parametrize("question, verdict", [
    ("Le Village contient un Garde (12) et une Guerriere (5). Je pose mon Marchand : je peux le mettre tout a droite, "
     "apres la Guerriere ?", "non"),
    ("Au Port il y a la Sorcière de Léa et le Matelot de Paul. Je pose mon Marchand au Port : il va à droite de la "
     "Sorcière ?", "oui"),
    ("There's a Princess and a Spy in the Castle. I play my Merchant in the Castle. Can I put it to the left of the "
     "Princess?", "no"),
    ("There's a Princess and a Spy in the Castle. I play my Merchant in the Castle. Does it go right of the Princess?",
     "yes"),
])
def test_a_placed_card_takes_the_place_the_descending_order_gives(grounder, question, verdict):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.check.method == "frame" and grounded.check.verdict == verdict


def test_a_card_of_equal_value_leaves_the_side_to_the_text_answer(grounder):
    grounded = grounder.check("Au Château il y a le Garde de Léa. Je pose mon Garde au Château : je peux le mettre "
                              "à droite du Garde de Léa ?", "emblemes")
    assert grounded is None or grounded.check.method != "frame" or grounded.check.verdict in ("oui", "yes")


@pytest.mark.parametrize("question, verdict", [
    ("The Harbour has a Princess, a Witch and a Merchant at the end of the round. Does the Princess still give out "
     "her coins?", "yes"),
    ("Au Port il y a mon Marchand, une Sorcière et un Matelot à la fin de la manche. Mon Marchand me rapporte des "
     "pièces ?", "non"),
    ("Au Port il y a mon Marchand, un Garde et un Matelot. Mon Marchand rapporte-t-il quelque chose ?", "oui"),
])
def test_does_it_give_or_earn_anything_reads_any_amount(grounder, question, verdict):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.check.method == "frame" and grounded.check.verdict == verdict
    assert not grounded.check.open  # an unsaid owner never decides


@pytest.mark.parametrize("question, verdict", [
    ("In the Castle there are two Traitors plus a King and a Spy. Do the two Traitors cancel each other out so the "
     "rewards go back to normal?", "no"),
    ("Au Village, Tom et moi avons chacun un Traître, plus un Garde. Les deux Traîtres s'annulent-ils l'un l'autre ?",
     "non"),
])
def test_each_other_is_no_card_left_unsaid(grounder, question, verdict):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.check.verdict == verdict
    assert not grounded.check.open


def test_another_card_is_still_a_card_left_unsaid(grounder):
    frame = grounder.frame("Au Port il y a une autre carte et mon Marchand. Mon Marchand rapporte combien ?",
                           "emblemes", "fr")
    assert frame.vague
