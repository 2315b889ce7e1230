"""Where an Emblèmes card placed lands in its row: the engine's placement index, worded as its neighbours."""

import pytest


@pytest.mark.parametrize("question, language, verdict", [
    ("Au Château il y a le Garde de Léa (12), mon Traître (7) et l'Espionne de Paul (3). Je pose ma Guerrière (5) : "
     "où dois-je la mettre ?", "fr", (3, "Traître", "Espionne")),
    ("Au Château il y a un Garde (12), un Marchand (6) et une Espionne (3). Je pose un Traître (7). Entre quelles "
     "cartes il se retrouve ?", "fr", (2, "Garde", "Marchand")),
    ("I put a Merchant in the Harbour where there's a Witch (13), a Thief (11) and a Sailor (2). Between which cards "
     "does it go?", "en", (3, "Voleuse", "Matelot")),
    ("Au Port il y a déjà le Roi (15), la Sorcière (13) et un Marchand (6). Je pose mon Barde (4) : il arrive à "
     "quelle place ?", "fr", (4, "Marchand", None)),
])
def test_the_card_placed_lands_by_decreasing_value(grounder, question, language, verdict):
    grounded = grounder.check(question, "emblemes", language)
    assert grounded is not None and grounded.check.method == "frame" and tuple(grounded.raw) == verdict


def test_the_answer_names_the_neighbours_in_the_askers_language(grounder):
    grounded = grounder.check("The Village holds a Guard (12) and a Sailor (2). I play my Merchant there. Between "
                              "which cards does it go?", "emblemes", "en")
    assert grounded.head.startswith("Between Guard and Sailor: 2nd from the left")


def test_a_card_of_the_same_value_leaves_the_side_to_the_player(grounder):
    """Equal values: the player chooses left or right (FAQ), so no single place."""
    grounded = grounder.check("Au Port il y a une Voleuse (11) et un Matelot (2). Je pose ma Voleuse : entre quelles "
                              "cartes elle va ?", "emblemes", "fr")
    assert grounded is None or grounded.check.method != "frame"


def test_a_question_asked_before_is_no_placement_read(grounder):
    """"Je peux ramener le Roi ? Et il se place où ?": "il" may be the King moved, not the Bard placed."""
    grounded = grounder.check("Je pose mon Barde au Port. Je peux ramener le Roi d'Alice qui est au Château ? Et il "
                              "se place où ?", "emblemes", "fr")
    assert grounded is None or grounded.check.method != "frame" or not isinstance(grounded.raw, (tuple, list))


@pytest.mark.parametrize("question, language, verdict", [
    ("Fin de manche au Village : le Garde d'Ana, le Traître de Ben et le Barde de Cléo, pas de Sorcière. Qui prend la "
     "1ère place pour les récompenses ?", "fr", "Cléo"),  # the Traître reverses: the lowest card is first
    ("The Harbour holds Tom's King (15), a Traitor (7), my Merchant (6) and Ben's Sailor (2). Which card takes first "
     "place for the rewards?", "en", "Matelot"),
    ("Au Château : le Roi de Léa, ma Princesse et le Marchand de Paul. Quelle carte prend la première place ?", "fr", "Roi"),
])
def test_the_first_place_of_the_rewards_is_the_engines(grounder, question, language, verdict):
    grounded = grounder.check(question, "emblemes", language)
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw == verdict
