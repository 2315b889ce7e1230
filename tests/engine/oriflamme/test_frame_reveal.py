"""Oriflamme moments of one choice: a face-down card at its resolution (engine/oriflamme/frame_reveal.py) and the
spot a card is placed on (engine/oriflamme/frame_moments.py). Questions from the rulebook, French and English."""

import pytest


@pytest.fixture(scope="module")
def grounder():
    from service.core.config import PROJECT_ROOT
    from service.grounding import Grounder

    grounder = Grounder(PROJECT_ROOT / "corpus")
    grounder.warm_up()
    return grounder


@pytest.mark.parametrize("question, verdict", [
    ("Ma carte face cachée arrive en résolution. Suis-je obligé de la révéler ?", "non"),
    ("Est-ce que Léa doit révéler sa carte face cachée quand elle est résolue ?", "non"),
    ("When my face-down card resolves, can I reveal it?", "yes"),
    ("Hugo's face-down card is covered by his Felon. When the resolution reaches that stack, can Hugo reveal the "
     "covered card?", "no"),
])
def test_a_face_down_card_at_its_resolution(grounder, question, verdict):
    grounded = grounder.check(question, "oriflamme")
    assert grounded.check.method == "frame" and not grounded.check.open
    assert grounded.verdict == verdict


def test_must_reveal_is_answered_by_the_other_option_accepted(grounder):
    """"Must I reveal it?": no, and the ruling says what the owner does instead, in the rule's words."""
    grounded = grounder.check("Ma carte face cachée arrive en résolution. Suis-je obligé de la révéler ?", "oriflamme")
    assert "place un point d’influence dessus" in grounded.text
    assert "tuile premier joueur" not in grounded.text  # the walk stops on the next card: no turn end told


@pytest.mark.parametrize("question, verdict", [
    ("Est-ce que je peux poser ma carte au milieu de la file, entre deux cartes de Hugo ?", "non"),
    ("Can I put my new card in between two cards already in the line?", "no"),
    ("Can I place my card at the start of the line?", "yes"),
    ("Je peux poser ma carte à la fin de la file ?", "oui"),
])
def test_the_spot_a_card_is_placed_on(grounder, question, verdict):
    grounded = grounder.check(question, "oriflamme")
    assert grounded.check.method == "frame" and grounded.verdict == verdict


@pytest.mark.parametrize("question, verdict", [
    ("L'intrigante révélée de Léa n'est à côté d'aucune pile. Combien de points gagne Léa ?", 2),
    ("Mon intrigante révélée n'est pas à côté de la pile de Hugo. Je touche mes 2 points ?", "oui"),
    ("My revealed Schemer is not next to any stack. Does it get discarded?", "no"),
    ("Hugo's revealed Cutthroat eliminates my face-down Ambush next to it. Hugo has 6 influence. How many influence "
     "points do I steal?", 3),
    ("Le coupe-jarret révélé de Hugo élimine mon guet-apens face caché juste à côté. Combien de points je vole à "
     "Hugo ?", 3),
    ("Léa's revealed Usurpation eliminates my revealed Queen right next to it. Léa's own Queen is among her set-aside "
     "cards. Does Léa's Queen take my Queen's place?", "yes"),
    ("Léa's revealed Usurpation eliminates my revealed Queen right next to it. Léa's Queen is still in her hand. "
     "Does Léa's Queen take my Queen's place?", "no"),
])
def test_more_situations_one_resolution_answers(grounder, question, verdict):
    grounded = grounder.check(question, "oriflamme")
    assert grounded.check.method == "frame" and not grounded.check.open and grounded.verdict == verdict


def test_a_schemer_beside_a_pile_discards_what_defaussez_la_names(grounder):
    """"Défaussez-là" is a named assumption: whether the Schemer itself is discarded depends on it."""
    grounded = grounder.check("My revealed Schemer is right next to Hugo's stack. Does my Schemer get discarded?",
                              "oriflamme", "en")
    assert grounded.check.open
    assert ("oriflamme.intrigante_discard", "no") in {(r.about, r.verdict) for r in grounded.check.readings}


def test_does_it_get_discarded_is_not_a_gain_question(grounder):
    """"get" is a gain word; "does it get discarded?" asks about a discard (it was read "yes, it gains")."""
    grounded = grounder.check("My revealed Schemer is right next to Hugo's stack. Does it get discarded?", "oriflamme")
    assert grounded is None or grounded.verdict != "yes" or grounded.check.open
