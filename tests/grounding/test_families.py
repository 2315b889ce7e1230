"""The template families on paraphrases nobody wrote into a template: verdicts, slots and the account's language."""

import pytest


@pytest.mark.parametrize("game, question, template, verdict", [
    # deck and hand counts across rounds, per player count
    ("emblemes", "Quand on joue à 5, est-ce que ma pioche peut être épuisée avant la fin ?", "deck_lasts_5_players", "non"),
    ("emblemes", "With three players, can my draw pile be empty before the game is over?", "deck_lasts_3_players", "no"),
    # Garde and Barde moves
    ("emblemes", "Mon Garde est posé au Port à côté du Matelot adverse : je peux l'envoyer au Château ?", "garde_moves_card", "oui"),
    ("emblemes", "Mon Garde est au Village à côté de la Voleuse d'un adversaire, je peux la déplacer au Village ?",
     "garde_moves_card", "non"),
    ("emblemes", "Je mets mon Barde au Château, il peut aller chercher la Princesse d'un adversaire au Port ?",
     "barde_brings_card", "oui"),
    ("emblemes", "My Bard is in the Village; can it take the Spy that is already in the Village?", "barde_brings_card", "no"),
    # Alchimiste copies
    ("emblemes", "Mon Alchimiste arrive à côté de la Guerrière d'un autre joueur : il copie son effet ?",
     "alchimiste_copies_neighbour", "oui"),
    ("emblemes", "Can my Alchemist copy the Witch next to it?", "alchimiste_copies_neighbour", "no"),
    # Espionne
    ("emblemes", "Mon Espionne est seule au Château, combien je gagne ?", "espionne_alone_income", 2),
    ("emblemes", "My Spy is at the Harbour together with my Sailor. How much does she earn?", "espionne_alone_income", 0),
    # Traître reversal: the Roi, highest, is paid as the last place
    ("emblemes", "Au Château il y a mon Roi, un Traître et une Guerrière adverses : combien je gagne ?",
     "traitre_reversed_rewards", 1),
    # Splendor end of game, by seat
    ("splendor", "J'ai 15 points et je suis le dernier joueur du tour : la partie se termine ?",
     "end_of_game_after_fifteen", "La partie s’arrête aussitôt"),
    ("splendor", "I reached 15 prestige but I was the first player this round. Is the game over?",
     "end_of_game_after_fifteen", "The round is played out first"),
    # Splendor tie-break on development cards
    ("splendor", "Égalité à 15 en fin de partie : moi 6 cartes, mon adversaire 4 cartes. J'ai gagné ?",
     "tie_break_fewest_cards", "Vous ne gagnez pas seul"),
    ("splendor", "We are tied on prestige at the end; I have 4 development cards and he has 6. Who wins?",
     "tie_break_fewest_cards", "You win"),
])
def test_family_answers_paraphrases(grounder, game, question, template, verdict):
    grounded = grounder.check(question, game)
    assert grounded is not None
    if grounded.check.method == "template":  # a frame the game compiles answers first when it can
        assert grounded.explain["template"]["template"].endswith(f"/{template}.yaml")
    assert grounded.engine_check["verdict"] == verdict
    assert grounded.text.lower().startswith(str(verdict).lower())


def test_tie_break_fills_both_counts_in_order_of_mention(grounder):
    grounded = grounder.check("Tied at 15: I hold 5 development cards and my rival holds 3 cards. Do I win?", "splendor")
    slots = grounded.explain["slots"]
    assert (slots["mine"]["value"], slots["theirs"]["value"]) == (5, 3)
    assert grounded.engine_check["verdict"] == "You do not win alone"


def test_a_count_after_a_sentence_break_counts_nothing(grounder):
    entities = grounder.entities("He has 6. Who wins?", "splendor")
    six = next(e for e in entities if e.value == 6)
    assert six.unit is None


def test_a_fixed_template_is_not_used_for_another_count(grounder):
    """take_two_from_three_rejected holds a pile of 3: a pile of 5 must go to the template with a slot."""
    grounded = grounder.check("Five blue gems are left in the bank. Can I take two of them?", "splendor")
    assert grounded.engine_check["verdict"] == "yes"
    template = grounded.explain["template"]
    assert template is None or not template["template"].endswith("take_two_from_three_rejected.yaml")


@pytest.mark.parametrize("game, question", [
    ("splendor", "J'ai déjà 3 cartes réservées, je peux en réserver une quatrième ?"),
    ("splendor", "J'ai 15 points et je suis le dernier joueur du tour : la partie se termine ?"),
    ("emblemes", "Au Port il y a mon Marchand, un Matelot et une Sorcière : il me rapporte combien ?"),
    ("emblemes", "Mon Garde est posé au Port à côté du Matelot adverse : je peux l'envoyer au Château ?"),
])
def test_french_questions_get_a_french_engine_account(grounder, game, question):
    outcome = grounder.check(question, game, "fr").engine_check["outcome"]
    for english in ("Player ", "player ", " reserves ", " places it ", " gets ", "Game over", "replaces it"):
        assert english not in outcome


def test_english_questions_keep_the_engine_messages(grounder):
    outcome = grounder.check("I already have 3 reserved cards. Can I reserve a fourth one?", "splendor", "en").engine_check["outcome"]
    assert "already holds 3 reserved cards" in outcome
