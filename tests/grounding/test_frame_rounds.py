"""For a Crown counts at a stated round, read off a game the engine plays to the end of that round
(engine/for_a_crown/frame_rounds.py)."""

from __future__ import annotations

import pytest

GAME = "for-a-crown"


@pytest.mark.parametrize(("question", "count"), [
    ("How many Event cards get shuffled into the common pile for the round 4 Reveal?", 5),
    ("Pendant la 4e manche, combien de tuiles Coût de recrutement 0 se trouvent dans la gouttière ?", 3),
    ("on attaque la manche 2, ya combien de tuiles Coût de recrutement dans la gouttiere maintenant ?", 4),
    ("At the end of round 2, how many Mercenaries will I have recruited in total?", 3),
    ("Au moment de la révélation de la manche 3, combien de mes propres Mercenaires sont mélangés dans la pile "
     "commune ? (Je n'ai jamais été mis hors jeu.)", 4),
    ("On est 3. À la troisième manche, combien de cartes Événement sont dans la pile commune ?", 4),
    ("Round 2 is starting. How many cost-0 recruitment tiles are in the gutter?", 1),  # the 0 joined by a hyphen
    ("On est 3 joueurs. À la manche 1, combien de Mercenaires en tout sont mélangés dans la pile commune ?", 6),
    ("Round 2, four players: how many Mercenaries in total get shuffled into the common pile?", 12),
    # session 10: the moment after a round's end steps; every card of the common pile (Mercenaries and Events)
    ("Combien de tuiles 0 dans la gouttière après la fin de la manche 2 ?", 2),
    ("Once round 3 is over, how many 0-cost tiles are in the gutter?", 3),
    ("We are 4 players. How many cards are in the common pile when the round 1 reveal starts?", 10),
    ("A 3 joueurs, combien de cartes dans la pile commune pour la révélation de la manche 2 ?", 12),
])
def test_a_count_at_a_round_is_read_off_the_played_game(grounder, question: str, count: int) -> None:
    grounded = grounder.check(question, GAME)
    assert grounded is not None
    assert grounded.check.method == "frame" and grounded.verdict == count and not grounded.check.open
    provenance = {fact.fact: fact for fact in grounded.explanation.provenance}
    assert any(fact.source == "default" and not fact.decisive for fact in provenance.values())


@pytest.mark.parametrize("question", [
    "Combien de manches dure une partie ?",  # no round stated: a lookup
    "Manche 3 : un Scandale sort. Combien de cartes Événement reste-t-il dans la pile ?",  # a card revealed
    "Manche 2 : Anna a 3 Ratons. Combien de tuiles Coût dans la gouttière ?",  # a family's facts stated
    "Entre la manche 3 et la manche 4, combien de cartes Événement ajoute-t-on ?",  # two rounds
    "Au début de la manche 1, combien de tuiles Coût de recrutement dans la gouttière ?",  # the set-up: no event
    "Round 3: how many tiles with a 0 printed on them sit in the gutter?",  # a 0 the tile words do not bind
    "How many 0-cost tiles are in the gutter after round 4?",  # no end-of-round steps after the 4th
])
def test_no_played_game_for_what_the_question_does_not_state_alone(grounder, question: str) -> None:
    grounded = grounder.check(question, GAME)
    assert grounded is None or grounded.check.scenario.get("title") != "a game played to the end of the round the question names"
