"""Oriflamme questions about several turns (engine/oriflamme/frame_turns.py), played turn by turn by the engine.

Questions written from the rulebook ("Phase de résolution", "NOUVEAU TOUR DE JEU"), French and English.
"""

import pytest

from engine.oriflamme.frame_turns import asked_turns


@pytest.fixture(scope="module")
def grounder():
    from service.core.config import PROJECT_ROOT
    from service.grounding import Grounder

    grounder = Grounder(PROJECT_ROOT / "corpus")
    grounder.warm_up()
    return grounder


@pytest.mark.parametrize("text, turns, count", [
    ("combien sur les tours 4, 5 et 6 ?", [4, 5, 6], 3),
    ("over rounds 3, 4 and 5?", [3, 4, 5], 3),
    ("from round 2 to round 4", [2, 3, 4], 3),
    ("pendant 3 tours", None, 3),
    ("for four rounds", None, 4),
    ("au tour 3", None, None),
])
def test_asked_turns_reads_lists_ranges_and_durations(text, turns, count):
    found, said, _ = asked_turns(text)
    assert (found, said) == (turns, count)


@pytest.mark.parametrize("question, verdict", [
    ("La reine de Léa a été révélée au tour 2 et n'a jamais été recouverte. Combien de points lui rapporte-t-elle "
     "aux tours 3, 4 et 5 ?", 6),
    ("My Twin was revealed in round 1 and nothing has touched it since. How many influence points does it earn me "
     "over rounds 2 and 3?", 2),
    ("Léa's Schemer was revealed in round 2 and has never had a stack next to it. How many influence points does it "
     "give Léa in rounds 3, 4 and 5?", 6),
])
def test_a_revealed_card_applies_its_ability_at_every_turn(grounder, question, verdict):
    grounded = grounder.check(question, "oriflamme")
    assert grounded.check.method == "frame" and not grounded.check.open
    assert grounded.verdict == verdict


def test_a_card_revealed_in_the_first_turn_asked_hangs_on_the_second_option(grounder):
    """Revealed during round 5: whether it applies at once is the named assumption on the face-down card's option."""
    grounded = grounder.check("Hugo's Queen was revealed in round 5. How many influence points does she earn him "
                              "in rounds 5 and 6?", "oriflamme", "en")
    assert grounded.check.open
    assert {(r.about, r.verdict) for r in grounded.check.readings} == {
        ("neutral defaults", 4), ("oriflamme.face_down_second_option", 2)}


def test_a_prince_in_later_turns_is_the_named_assumption(grounder):
    grounded = grounder.check("Le prince de Hugo a été révélé au tour 1. Combien de points lui rapporte-t-il aux "
                              "tours 2 et 3 ?", "oriflamme", "fr")
    assert grounded.check.open
    assert ("oriflamme.prince_later_turns", 0) in {(r.about, r.verdict) for r in grounded.check.readings}


@pytest.mark.parametrize("question, verdict", [
    ("j'ai posé ma carte au tour 2 et je l'ai laissée cachée aux tours 2, 3 et 4 en mettant un point à chaque fois. "
     "y a combien de points dessus maintenant ?", 3),
    ("I left my face-down card in the line for 4 rounds, putting an influence on it each time. How many influence "
     "points are on it now?", 4),
])
def test_points_on_a_card_left_face_down_over_turns(grounder, question, verdict):
    grounded = grounder.check(question, "oriflamme")
    assert grounded.check.method == "frame" and grounded.verdict == verdict


@pytest.mark.parametrize("question, verdict", [
    ("On est quatre : Ben est assis à la gauche d'Anna, Chloé à la gauche de Ben, Dan à la gauche de Chloé. Anna "
     "avait la tuile premier joueur au premier tour. Qui l'a au tour 3 ?", "Chloé"),
    ("We are three: Ben is to Anna's left, Chloé to Ben's left. Anna had the first player tile in round 1. "
     "Who has it in round 4?", "Anna"),
    ("On joue à quatre : Ben est à gauche d'Anna, Chloé à gauche de Ben. Anna a la tuile premier joueur au tour 1. "
     "Qui l'a au tour 3 ?", "Chloé"),
])
def test_the_first_player_tile_passes_to_the_left_each_turn(grounder, question, verdict):
    grounded = grounder.check(question, "oriflamme")
    assert grounded.check.method == "frame" and grounded.verdict == verdict


@pytest.mark.parametrize("question", [
    # the tile would reach the seat nobody named
    "On joue à quatre : Ben est à gauche d'Anna, Chloé à gauche de Ben. Anna a la tuile premier joueur au tour 1. "
    "Qui l'a au tour 4 ?",
    # another card beside the Queen could act in those turns
    "Ma reine est révélée, à côté du félon révélé de Hugo. Combien de points me rapporte-t-elle aux tours 4, 5 et 6 ?",
    # a stack may come next to the Schemer: unsaid
    "L'intrigante de Léa est révélée depuis le tour 1. Combien de points lui rapporte-t-elle aux tours 2, 3 et 4 ?",
    # several turns asked: never the answer of one resolution
    "Mon félon révélé est entre ma reine et la carte cachée de Hugo. Combien de points je perds sur les tours 4 et 5 ?",
])
def test_several_turns_without_every_fact_get_no_frame_check(grounder, question):
    grounded = grounder.check(question, "oriflamme")
    assert grounded is None or grounded.check.method != "frame"
