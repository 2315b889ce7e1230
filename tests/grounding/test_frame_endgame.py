"""Who wins an Emblèmes game from the seating, the token holder and the coins the question states."""


def test_the_tied_player_closest_clockwise_to_the_token_holder_wins(grounder):
    grounded = grounder.check("Five of us sit clockwise: Ada, Bo, Cy, Di, Ed. Cy has the first player token. "
                              "Ada and Ed both end with 15 coins. Who wins?", "emblemes", "en")
    assert grounded.check.method == "frame" and grounded.verdict == "Ed"  # Cy -> Di -> Ed: Ed comes before Ada going clockwise


def test_the_token_holder_wins_a_tie(grounder):
    grounded = grounder.check("Dans le sens horaire : Léo, Mia, Noé. Mia a le pion Premier joueur ; Mia et Léo ont "
                              "chacun 18 pièces. Qui gagne ?", "emblemes", "fr")
    assert grounded.verdict == "Mia"


def test_an_unsaid_direction_is_a_reading(grounder):
    grounded = grounder.check("Ana, Bea et Cyd jouent. Bea a le pion Premier joueur, Ana et Cyd finissent à 12 pièces. "
                              "Qui gagne ?", "emblemes", "fr")
    assert grounded.check.open
    assert {reading.verdict for reading in grounded.check.readings} == {"Ana", "Cyd"}


def test_a_tie_without_the_token_holder_depends_on_who_holds_it(grounder):
    """Session 10: an unsaid holder is a reading per seat; with a tie the winner moves with it, so no verdict."""
    grounded = grounder.check("Ana, Bea and Cyd sit clockwise. Ana and Cyd both have 12 coins. Who wins?", "emblemes", "en")
    assert grounded.check.open and {reading.verdict for reading in grounded.check.readings} == {"Ana", "Cyd"}
