"""Facts a player says in words the readers did not know reach the engine (session 13, issue 10 §1–3): the
rulebook's own reveal verb (« retourne sa carte », "flips"), a discard said as "kicked out", a target said by a
pronoun (« le vise », "picks her"), a Galerie place said as a bare comparative with two families (« plus à droite »,
"further left"). Each wording is paired with the same position changed, so a reader that guessed would fail."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "verdict"), [
    ("Léo retourne son Roi et le pose au Village, où ma Voleuse est déjà. Son Roi est défaussé ?", "oui"),
    ("Léo retourne son Roi et le pose au Village, où mon Garde est déjà. Son Roi est défaussé ?", "non"),
    ("Tom flips his King and puts it in the Castle, where my Thief already sits. Is his King discarded?", "yes"),
    ("Tom flips his King and puts it in the Castle, where my Guard already sits. Is his King discarded?", "no"),
])
def test_a_card_flipped_by_a_named_player_is_the_move_asked_about(grounder, question, verdict):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.verdict == verdict


@pytest.mark.parametrize(("question", "who"), [
    ("Harbour: Lea's Witch on the left, then Max's Witch, then my Merchant. Ben flips his Hunter and puts it there. "
     "Whose card gets kicked out?", "Lea"),
    ("Harbour: Max's Witch on the left, then Lea's Witch, then my Merchant. Ben flips his Hunter and puts it there. "
     "Whose card gets kicked out?", "Max"),
])
def test_a_discard_said_as_kicked_out_is_the_discard_ask(grounder, question, who):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.verdict == who


@pytest.mark.parametrize(("question", "left"), [
    ("Ben a 2 rubis dans son coffre. Le Vol de Rubis d'Anna le vise. Combien de rubis reste-t-il à Ben ?", 1),
    ("Chloé has 5 rubies. My Ruby Theft is revealed and I pick her. How many rubies does Chloé have left?", 4),
])
def test_a_target_said_by_a_pronoun_is_the_family_named_before_it(grounder, question, left):
    grounded = grounder.check(question, "for-a-crown")
    assert grounded is not None and not grounded.check.open
    assert grounded.verdict == left


@pytest.mark.parametrize(("question", "winner"), [
    ("Fin de partie : Léa et Tom ont 12 Rubis chacun, Léa est plus à droite dans la Galerie. Qui gagne ?", "Léa"),
    ("Fin de partie : Léa et Tom ont 12 Rubis chacun, Léa est plus à gauche dans la Galerie. Qui gagne ?", "Tom"),
    ("Final count: Ana and Bo both have 18 rubies, and Bo's portrait is further left in the Gallery. Who is crowned?",
     "Ana"),
])
def test_a_bare_comparative_places_one_of_two_tied_families(grounder, question, winner):
    grounded = grounder.check(question, "for-a-crown")
    assert grounded is not None and not grounded.check.open
    assert grounded.verdict == winner


@pytest.mark.parametrize(("question", "verdict"), [
    ("Léa a posé un Garde au Village et je pose ma Guerrière à sa droite. Je peux défausser son Garde ?", "oui"),
    ("Léa a posé un Garde au Village et je pose ma Princesse à sa gauche. Je peux défausser son Garde ?", "non"),
])
def test_the_asker_moving_in_a_named_players_clause_is_the_move_asked_about(grounder, question, verdict):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.verdict == verdict


@pytest.mark.parametrize(("question", "verdict"), [
    ("Mia has a Witch in the Harbour. I'm putting my King there too. Can I place it to the right of her Witch?", "no"),
    ("Mia has a Spy in the Harbour. I'm putting my King there too. Can I place it to the right of her Spy?", "no"),
    ("Mia has a Spy in the Harbour. I'm putting my King there too. Can I place it to the left of her Spy?", "yes"),
])
def test_a_card_a_player_has_is_hers_and_her_card_said_again_is_the_same(grounder, question, verdict):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.verdict == verdict


@pytest.mark.parametrize(("question", "verdict"), [
    ("My Merchant is in the Village with three other cards: a Sailor, a Spy and Tom's Guard. "
     "How many coins does my Merchant earn?", "2"),
    ("My Merchant is in the Village with three other cards: a Sailor, a Spy and Tom's Witch. "
     "How many coins does my Merchant earn?", "0"),
    ("Ma Princesse est au Port avec deux autres cartes : un Barde et la Princesse de Léo. "
     "Combien de pièces ma Princesse distribue ?", "2"),
])
def test_a_count_that_announces_its_list_is_no_vague_card(grounder, question, verdict):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and str(grounded.verdict) == verdict


def test_a_count_whose_list_is_shorter_stays_vague(grounder):
    """Three cards announced, two named: the third is a card the question does not say."""
    question = ("My Merchant is in the Village with three other cards: a Sailor and a Spy. "
                "How many coins does my Merchant earn?")
    assert grounder.check(question, "emblemes") is None


@pytest.mark.parametrize(("question", "verdict"), [
    ("J'ai 9 jetons et je prends 3 jetons de couleurs différentes. Je peux tout garder jusqu'au tour suivant ?", "non"),
    ("J'ai 4 jetons et je prends 3 jetons de couleurs différentes. Je peux tout garder jusqu'au tour suivant ?", "oui"),
    ("I have 9 tokens and I take 3 gems of different colours. Can I keep them all?", "no"),
])
def test_keeping_every_token_is_the_token_limit_read_the_other_way_round(grounder, question, verdict):
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.verdict == verdict


@pytest.mark.parametrize(("question", "count"), [
    ("Combien de mercenaires je recrute à la manche 3 ?", 1),  # that round alone (the old reader said 4)
    ("How many mercenaries do I recruit in round 2?", 1),
    ("How many mercenaries have I recruited by the end of round 3?", 4),  # from the start: 2 + 1 + 1
    ("Combien de mercenaires chaque joueur recrute à la première manche ?", 2),
    ("How many mercenaries does each of us recruit in the first round?", 2),
])
def test_recruitments_in_a_round_or_so_far_and_each_familys_are_the_askers(grounder, question, count):
    grounded = grounder.check(question, "for-a-crown")
    assert grounded is not None and grounded.verdict == count


@pytest.mark.parametrize(("question", "verdict"), [
    ("I'm the last one to flip my card this turn and it's my Courtesan. Can I still swap Tom's card?", "no"),
    ("I'm the first to flip my card this turn and it's my Courtesan. Can I swap Tom's card?", "yes"),
    ("Je suis la dernière à retourner ma carte ce tour, c'est ma Courtisane. Je peux échanger la carte de Léa ?", "non"),
])
def test_the_last_or_first_to_flip_is_the_reveal_rank_and_the_target_named_is_no_seating(grounder, question, verdict):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.verdict == verdict
