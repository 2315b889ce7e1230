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


import pytest  # noqa: E402


@pytest.mark.parametrize("question, language, winner", [
    ("End of the game: Tom and Sara both finish with 21 coins. Neither of them has the first player token, Lucas has "
     "it, and going clockwise it's Lucas, Sara, Tom. Who wins?", "en", "Sara"),
    ("Fin de partie : Tom et Sara finissent tous les deux avec 21 pieces. Aucun des deux n'a le pion premier joueur, "
     "c'est Lucas qui l'a. Dans le sens horaire : Lucas, Sara puis Tom. Qui gagne ?", "fr", "Sara"),
    ("Fin de partie, dans le sens horaire : Lucas, Tom, Sara. Lucas a le pion Premier joueur. Tom et Sara ont 21 "
     "pièces chacun. Qui l'emporte ?", "fr", "Tom"),
])
def test_the_seating_sentence_and_a_holder_said_by_a_pronoun_are_read(grounder, question, language, winner):
    """Session 11: the seats are in the order of the sentence that says the list is clockwise, whatever order the
    names came in before; "Lucas has it" / « c'est Lucas qui l'a » names the holder of the token said just before."""
    grounded = grounder.check(question, "emblemes", language)
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.verdict == winner and not grounded.check.open


def test_the_asker_who_states_their_coins_is_a_player(grounder):
    """"I have 5 coins" is the asker's purse, not a place's reward: the asker ties with Tom, who holds the token."""
    grounded = grounder.check("End of the third round: I have 5 coins and Tom has 5 coins too, and Tom holds the first "
                              "player token. Who wins?", "emblemes", "en")
    assert grounded.check.method == "frame" and grounded.verdict == "Tom" and not grounded.check.open


def test_unnamed_seats_that_could_decide_the_tie_mean_no_position(grounder):
    """The asker and Tom tie and a third, unnamed player holds the token: where they sit decides, so no verdict."""
    grounded = grounder.check("Game over: I have 9 coins and Tom has 9 coins. Who wins?", "emblemes", "en")
    assert grounded is None or grounded.check.open


def test_the_asker_who_says_they_hold_the_token_wins_the_tie(grounder):
    grounded = grounder.check("Fin de partie : j'ai 12 pièces, Tom a 12 pièces aussi et c'est moi qui ai le pion "
                              "Premier joueur. Qui gagne ?", "emblemes", "fr")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw == "self"
    grounded = grounder.check("Game over: I have 15 coins, Ana has 15 coins, and I hold the first player token. "
                              "Who wins?", "emblemes", "en")
    assert grounded is not None and grounded.verdict == "you"


def test_do_i_win_at_the_games_end_asks_who_wins(grounder):
    """"Do I win?" earns nothing said: with the purses stated at the game's end it asks who wins the game."""
    grounded = grounder.check("Game over: I have 20 coins, Lucas has 18. Do I win?", "emblemes", "en")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw is True
    grounded = grounder.check("Game over: I have 18 coins, Lucas has 20. Do I win?", "emblemes", "en")
    assert grounded is not None and grounded.raw is False
    # a tie with unnamed players who might hold the token: no position
    assert grounder.check("Game over: I have 18 coins and Lucas has 18 coins. Do I win?", "emblemes", "en") is None
