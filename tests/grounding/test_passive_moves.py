"""Who moves in a passive clause, whose card an owner said after a value is, and a steal's victim."""


def test_a_passive_move_is_made_by_the_owner_of_its_subject(grounder):
    """"Sara's Thief is placed next to my Merchant": Sara plays her Thief, the Merchant is on the table."""
    grounded = grounder.check("Sara's Thief is placed next to my Merchant in the Castle. Can Sara steal 2 gold from me?",
                              "emblemes", "en")
    assert grounded.check.method == "frame" and grounded.raw is True
    assert "Sara" in grounded.check.outcome


def test_a_passive_move_in_french(grounder):
    grounded = grounder.check("La Voleuse de Sara a été posée à côté de mon Marchand au Château. Peut-elle me voler "
                              "2 pièces ?", "emblemes", "fr")
    assert grounded.check.method == "frame" and grounded.raw is True


def test_a_participle_without_auxiliary_is_no_move(grounder):
    """"le Roi de Paul posé à sa droite" describes the table: the asker's Guerrière is the move."""
    grounded = grounder.check("Au Château, le Roi de Paul posé à gauche. Je pose ma Guerrière au Château : "
                              "le Roi de Paul peut-il être défaussé ?", "emblemes", "fr")
    assert grounded is None or "Guerrière" in grounded.check.outcome or "Guerriere" in grounded.check.outcome


def test_an_owner_said_after_the_value_owns_the_card(grounder):
    """"le Roi (15) de Léa" is Léa's King: the Hunter discards it, and the answer names the card."""
    grounded = grounder.check("Au Village il y a le Roi (15) de Léa, le Garde (12) de Max et deux Voleuses (11). "
                              "Je pose mon Chasseur (1) au Village : quelle carte est défaussée ?", "emblemes", "fr")
    assert grounded.check.method == "frame" and grounded.raw == "Roi" and "Léa" in grounded.check.outcome


def test_owners_said_of_two_same_cards_but_not_placed_mean_no_position(grounder):
    """"deux princesses, celle de Paul à gauche et celle de Zoé à droite": the owners are said with a pronoun the
    parser does not bind, so "which card" has no position rather than "Princesse" without whose."""
    grounded = grounder.check("je pose mon chasseur au village. dedans y a deux princesses (14) cote a cote, celle de "
                              "Paul a gauche et celle de Zoe a droite, puis un barde. quelle carte je defausse ?",
                              "emblemes", "fr")
    assert grounded is None or grounded.check.method != "frame"


def test_how_many_coins_a_thief_steals_is_what_the_engine_moves(grounder):
    grounded = grounder.check("Léa pose sa Voleuse au Port juste à côté de mon Matelot. Elle peut me voler combien de "
                              "pièces ?", "emblemes", "fr")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw == 2
    # "my card" without its name or place: nothing to place
    assert grounder.check("Sara's Thief is placed right next to my card. How many gold coins does she steal from me?",
                          "emblemes", "en") is None


def test_a_count_of_cards_with_an_adjective_is_restated_by_the_cards_named(grounder):
    """"three small cards from the others, a Sailor (2), a Spy (3) and a Hunter (1)": the three named cards are the
    three counted, all below 6 for the Merchant."""
    grounded = grounder.check("End of the round in the Castle: my Merchant (6), a Guard (12), and three small cards "
                              "from the others, a Sailor (2), a Spy (3) and a Hunter (1). No Witch there. How many "
                              "coins does my Merchant earn?", "emblemes", "en")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw == 3


def test_at_the_end_of_the_round_says_when_not_what_is_asked(grounder):
    """"At the end of the round, does my Spy earn me 2 gold?" asks what the Spy earns, not whether the round is over."""
    grounded = grounder.check("The Village holds my Spy (3) and Tom's Merchant (6), nothing else. At the end of the "
                              "round, does my Spy earn me 2 gold?", "emblemes", "en")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw is True
    grounded = grounder.check("The Harbour has a Witch (13), my Merchant (6), a Spy (3) and a Sailor (2). Does my "
                              "Merchant still get its coins at the end of the round?", "emblemes", "en")
    assert grounded is not None and grounded.raw is False  # the Witch cancels it
