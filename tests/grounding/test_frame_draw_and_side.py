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


@pytest.mark.parametrize("question, language, verdict", [
    ("Je pose mon Chasseur au Village. Il y a deja la Princesse d'Anna et la Princesse de Hugo, celle d'Anna est la "
     "plus a gauche. Quelle carte est defaussee ?", "fr", "Princesse (Anna)"),
    ("I play my Hunter in the Village. There's already Anna's Princess and Hugo's Princess, Anna's is on the left. "
     "Which card gets discarded?", "en", "Princess (Anna)"),
    ("I play my Hunter in the Village. There's already Anna's Princess and Hugo's Princess, Hugo's is on the left. "
     "Which card gets discarded?", "en", "Princess (Hugo)"),
    ("Chloé joue son Chasseur au Château. Il y a déjà le Roi d'Alice et le Roi de Bob, celui d'Alice est le plus à "
     "gauche, et une Princesse. Quelle carte est défaussée ?", "fr", "Roi (Alice)"),  # the owner said twice, close by
])
def test_cards_already_there_are_in_the_place_the_story_stands(grounder, question, language, verdict):
    """Session 11: « il y a déjà », "there's already" point back at the place named last; a side said of an owner
    later in the sentence ("celle d'Anna est la plus à gauche") orders the two cards of equal value. "Which card?"
    is answered by the card, with whose it is among two of its name (session 17)."""
    grounded = grounder.check(question, "emblemes", language)
    assert grounded is not None and grounded.check.method == "frame" and grounded.verdict == verdict


@pytest.mark.parametrize("question, language, verdict", [
    ("The Village has a Witch (13), my Merchant and two cards worth less than 6, a Bard and a Sailor. How many coins "
     "does my Merchant earn at the end of the round?", "en", 0),
    ("Au Village : une Sorcière, mon Marchand et deux cartes de valeur inférieure à 6, un Barde et un Matelot. Combien "
     "mon Marchand me rapporte en fin de manche ?", "fr", 0),
    ("Mon Espionne est au Port avec deux cartes de mes adversaires, c'est ma seule carte dans ce lieu. Est-ce qu'elle "
     "me rapporte les 2 pieces ?", "fr", "oui"),
    ("My Spy sits in the Harbour with three cards of other players. Does she earn her 2 coins?", "en", "yes"),
])
def test_cards_counted_without_names(grounder, question, language, verdict):
    """Session 11: cards counted then named one by one are the named cards; cards of other players counted without
    names are cards without an end-of-round effect (a default listed in the facts)."""
    grounded = grounder.check(question, "emblemes", language)
    assert grounded is not None and grounded.check.method == "frame" and grounded.verdict == verdict


@pytest.mark.parametrize("question", [
    "Mon Espionne est au Port avec deux autres cartes. Est-ce qu'elle me rapporte les 2 pièces ?",  # whose: unsaid
    "My Merchant is in the Castle with two cards of other players. How many coins does he earn?",  # values matter
])
def test_cards_counted_without_names_or_owners_give_no_run(grounder, question):
    grounded = grounder.check(question, "emblemes")
    assert grounded is None or grounded.check.method != "frame"
