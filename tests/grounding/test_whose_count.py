"""Whose gain, whose coins, which gems: facts of the question a reader used to leave unplaced (session 12, issue 10
§3), each read in both languages, with the position the question describes as the control.

- Oriflamme: the player whose gain is asked is the one the asking part names ("…by Hugo's Apothecary: how many
  points does he gain?"), not the asker of the story before it; a name before the colon ("I eliminate Hugo's
  Queen: how many do I gain?") is no player asked about (``service/grounding/frame.py``, ``_asked``).
- Emblèmes: "does Léa get the 2 coins?" of the asker's Spy asks about a player whose card does not pay: no check.
- Splendor: a gem held said with an article ("and a gold token", « et un or ») is one gem, as "1 or" is.
"""

from __future__ import annotations

import pytest

QUEEN_FR = "Ma Reine révélée est éliminée par l'Apothicaire d'Hugo : "
QUEEN_EN = "My revealed Queen is eliminated by Hugo's Apothecary: "


@pytest.mark.parametrize("question, points", [
    (QUEEN_FR + "combien de points gagne-t-il ?", 2),  # one for the elimination, one more for a Queen
    (QUEEN_FR + "il gagne combien de points ?", 2),
    (QUEEN_EN + "how many points does he gain?", 2),
    (QUEEN_FR + "combien de points je gagne ?", 0),
    (QUEEN_EN + "how many points do I gain?", 0),
    ("Mon Apothicaire élimine la Reine révélée d'Hugo : combien de points je gagne ?", 2),
    ("My Apothecary eliminates Hugo's revealed Queen: how many points do I gain?", 2),
])
def test_the_gain_asked_is_the_one_the_asking_part_names(grounder, question, points):
    grounded = grounder.check(question, "oriflamme")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw == points


SPY_FR = "Mon Espionne est ma seule carte au Port, mais il y a 4 cartes des autres joueurs autour d'elle, sans Sorcière. "


@pytest.mark.parametrize("question", [
    SPY_FR + "Léa touche les 2 pièces ?",
    SPY_FR + "Est-ce que Léa touche les 2 pièces ?",
    "My Spy is my only card in the Harbour, with 4 cards of the other players around it, no Witch. "
    "Does Léa get the 2 coins?",
])
def test_a_player_whose_card_does_not_pay_gets_no_check(grounder, question):
    assert grounder.check(question, "emblemes") is None


@pytest.mark.parametrize("question", [
    SPY_FR + "Je touche les 2 pièces ?",
    "L'Espionne de Léa est sa seule carte au Port, avec 4 cartes des autres joueurs autour d'elle, sans Sorcière. "
    "Est-ce que Léa touche les 2 pièces ?",
])
def test_the_owner_of_the_paying_card_keeps_the_check(grounder, question):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.raw is True


BLACK_FR = "La carte noire de niveau 2 à 3 points coûte 6 onyx. J'ai 2 bonus noirs, 3 jetons noirs"
BLACK_EN = "The level 2 black card worth 3 points costs 6 onyx. I have 2 black bonuses, 3 black tokens"


@pytest.mark.parametrize("game_question, verdict", [
    (BLACK_FR + " et un or. Je peux l'acheter ?", True),
    (BLACK_FR + " et un jeton or. Je peux l'acheter ?", True),
    (BLACK_EN + " and a gold token. Can I buy it?", True),
    (BLACK_FR + ", pas d'or. Je peux l'acheter ?", False),
    (BLACK_EN + ", no gold. Can I buy it?", False),
    (BLACK_EN.replace("6 onyx", "7 onyx") + " and a gold token. Can I buy it?", False),
])
def test_a_gem_said_with_an_article_is_one_gem(grounder, game_question, verdict):
    grounded = grounder.check(game_question, "splendor")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw is verdict
