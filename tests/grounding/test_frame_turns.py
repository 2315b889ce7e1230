"""Emblèmes: whether another turn is played in the round, by the engine's flow (engine/emblemes/frame_turns.py)."""

from __future__ import annotations

import pytest

from service.grounding.frame_answer import with_names

GAME = "emblemes"


@pytest.mark.parametrize(("question", "another"), [
    ("On est 4 autour de la table et on vient de finir le 3e tour de la première manche. On joue encore un tour "
     "avant de compter les lieux ?", False),  # 3 turns a round at 4 players
    ("We are 3 players and just finished the third turn of round 2. Do we play another turn before scoring?", True),
    ("À 5 joueurs, après le 2e tour, on fait encore un tour ?", True),
])
def test_another_turn_follows_the_count_of_players(grounder, question: str, another: bool) -> None:
    grounded = grounder.check(question, GAME)
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.raw is another and not grounded.check.open


def test_an_unsaid_count_of_players_is_an_honest_it_depends(grounder) -> None:
    grounded = grounder.check("We just finished the 3rd turn. Do we play another turn?", GAME)
    assert grounded is not None and grounded.check.open
    assert {(r.option, r.verdict) for r in grounded.check.readings} == {(3, "yes"), (4, "no"), (5, "no")}


def test_no_turn_stated_is_no_run(grounder) -> None:
    assert grounder.check("On joue encore un tour avant de compter les lieux ?", GAME) is None


def test_from_one_player_to_another_is_said_with_de() -> None:
    said = with_names("le pion Premier joueur passe du joueur 0 au joueur 1 ; la carte du joueur 0 reste", {1: "Bob"}, "fr")
    assert said == "le pion Premier joueur passe de toi à Bob ; ta carte reste"


@pytest.mark.parametrize("engine_message, expected", [
    ("joueur 0 prend 1 blanc; joueur 0 dépasse 10 jetons et doit en rendre 2",
     "tu prends 1 blanc; tu dépasses 10 jetons et dois en rendre 2"),
    ("joueur 0 révèle Roi et la place au Village", "tu révèles Roi et la places au Village"),
    ("joueur 0 choisit; joueur 0 atteint 15 points; joueur 0 a 3 jetons", "tu choisis; tu atteins 15 points; tu as 3 jetons"),
    ("le noble 1 rend visite au joueur 0", "le noble 1 te rend visite"),
    ("la famille du joueur 0, le Roi du joueur 0, les Gardes du joueur 0, l’Intrigante du joueur 0",
     "ta famille, ton Roi, tes Gardes, ton Intrigante"),
])
def test_the_unnamed_asker_is_spoken_to_as_tu(engine_message, expected):
    assert with_names(engine_message, {1: "Bob"}, "fr") == expected


def test_an_asker_who_gave_a_name_keeps_the_third_person():
    assert with_names("joueur 0 prend 1 blanc", {0: "Léa"}, "fr") == "Léa prend 1 blanc"


@pytest.mark.parametrize("question, verdict", [
    ("On joue a trois, Leo, Zoe et moi. On a deja joue 3 tours dans la premiere manche. La manche est finie ?", "non"),
    ("We are four players and we've played 3 turns in the first round. Is the round over?", "yes"),
    ("We are three and we just finished the 3rd turn of round 2. Is the round over?", "no"),
    ("On est 5, on a joue 2 tours. La manche est terminée ?", "non"),
])
def test_whether_the_round_is_over_after_the_turns_said_played(grounder, question, verdict):
    """Session 11: "is the round over?" is "is another turn played?" read the other way round; "3 tours joués" is the
    third turn just played; players named beside a count of the table are its roster."""
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.check.method == "frame" and grounded.verdict == verdict
