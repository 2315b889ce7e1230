"""Emblèmes: the Courtisane and the Stratège target a face-down card (engine/emblemes/frame_selected.py)."""

import pytest


@pytest.mark.parametrize("question, language, verdict", [
    # revealed last, no card is face down any more: the effect cannot apply
    ("We are 4 players. I am the last one to reveal this turn and my card is the Courtesan. "
     "I can still change the card of somebody?", "en", "no"),
    ("Ana, Ben and me sit clockwise; Ben has the first player token. I reveal my Courtesan. Can I swap someone's card?",
     "en", "yes"),
    # only a player who has not revealed yet can be targeted
    ("On joue à 3 : Alice a le pion Premier joueur, puis c'est moi (Bastien), puis Chloé. Je révèle mon Stratège : "
     "je peux imposer un lieu à qui ?", "fr", "Chloé"),
])
def test_only_a_face_down_card_can_be_targeted(grounder, question, language, verdict):
    grounded = grounder.check(question, "emblemes", language)
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.check.verdict == verdict and not grounded.check.open


@pytest.mark.parametrize("question", [
    "I reveal my Courtesan. Can I swap someone's card?",                           # the asker's rank is unsaid
    "Ana, Ben and me sit clockwise. I reveal my Strategist. Can I force a card?",  # no token holder
    "I am the last one to reveal and my card is the Strategist. Can I swap a card?",  # a swap is the Courtisane's
])
def test_no_run_without_the_asker_s_rank_in_the_reveal(grounder, question):
    grounded = grounder.check(question, "emblemes", "en")
    assert grounded is None or grounded.check.method == "template"


@pytest.mark.parametrize("question, language", [
    ("Au Village il y a le Roi de Léa. Je pose mon Chasseur : je suis obligé de défausser le Roi ?", "fr"),
    ("My Hunter lands in the Castle beside Tom's King. Am I forced to discard the King?", "en"),
    ("Tom and I both dropped a Traitor in the Village. Does it change the ranking?", "en"),
])
def test_asking_words_of_obligation_or_change_are_no_swap_or_imposition(grounder, question, language):
    frame = grounder.frame(question, "emblemes", language)
    assert frame.asked is None or frame.asked.what not in ("swap", "impose")
