"""The For a Crown frame: facts bound to their families, the revealed card played, what is asked read from events.

Questions written for this test from the rulebook (paraphrases, English, missing
accents, typos, names, facts that do not matter), none taken from an
evaluation set. A wrong verdict stated first is the worst answer, so the
second list (rules asked in general, counts the words do not bind) must get
no engine check.
"""

from __future__ import annotations

import pytest

CHECKED = [
    ("Un Scandale est revele. Lea est tout a gauche de la Galerie et n'a plus que 1 Rubis, son Objet precieux est "
     "deja vendu. Est-ce qu'elle est hors jeu ?", "oui"),
    ("Scandal flipped. Tom sits in the left zone with 5 rubies in his chest. How many rubies does Tom have after it?",
     3),
    ("Cambriolage retourné ! Paul a 2 ratons, Marie 4, Zoe 1. Qui perd des rubis ?", "Marie"),
    ("We play with three. Burglary comes up: Sam has 2 raccoons, Kim has 2 raccoons and Lou has none. It's raining "
     "outside btw. Who loses rubies?", "Sam and Kim"),
    ("Gallery from right to left: Mia, Leo, Ivy. A Magic Boost event is revealed. Who rolls the die?", "Ivy"),
    ("Max has 0 rubies and still has his Precious Object. Eva's Ruby Theft mercenary is revealed and she targets Max. "
     "How many rubies does Max have now?", 9),
    ("Jules n'a plus aucun rubis et a deja vendu son Objet precieux. Le Vol de Rubis de Sarah sort et elle choisit "
     "Jules. Jules est-il hors jeu ?", "oui"),
    ("At the end Nora and Finn both have 18 rubies. Finn's Portrait is to the left of Nora's. Who wins?", "Nora"),
    ("Fin de partie : Alice et Bruno ont tous les deux 20 rubis. Le Portrait d'Alice est à droite de celui de Bruno. "
     "Qui gagne ?", "Alice"),
    ("Omar is the most influential family and has 1 ruby left. A Scandal is revealed. Does Omar lose anything?", "no"),
    ("Rose a été mise hors jeu pendant la révélation. Plus tard, un de ses Mercenaires Vol de Rubis sort. Est-ce "
     "qu'il s'applique encore ?", "non"),
    ("Scandale revealed. I'm in the left zone, my chest is empty and I already sold my precious object. Am I out?",
     "yes"),
    ("Cambriolage : j'ai 3 ratons, Karim en a 1. Combien de rubis je perds ?", 2),
    ("Burglery flipped. Dana has 3 raccons, Eli has 1. Who loses rubies?", "Dana"),
    ("Un Mercenaire Rubis dans le protège-carte au blason de Yann est révélé par Léo. Qui gagne le Rubis ?", "Yann"),
    ("Gallery from left to right: Abe, Bea, Cal. Scandal is revealed. Abe has 1 ruby. How many rubies does Abe lose?",
     2),
    # two cards in the order said (session 5): the Scandale's losers move with the unsaid Galerie order
    ("Un Scandale puis un Cambriolage sortent. Anna a 2 ratons, Ben 1. Qui perd des rubis ?", "ça dépend"),
    # session 9: a Raton Voleur said to come out is the Mercenary (a token is never revealed); ``en`` counts the
    # unit said last, Ratons as well as Rubis
    ("Le Raton Voleur de Léo sort et il choisit Mia, qui a déjà 1 Raton devant elle. Elle en a combien maintenant ?",
     2),
    ("Kim's Raccoon is flipped and she picks Tom, who already had 3 raccoons. How many raccoons does Tom have now?", 4),
    # what a family is said to lose to the Scandale places it in the Galerie, as "zone de gauche" would
    ("Scandal revealed. Eli has an empty chest but still owns his Precious Object, and the Scandal makes him pay "
     "2 rubies. How many rubies does Eli have afterwards?", 8),
    ("Un Scandale sort. Léa n'a plus de Rubis mais a toujours son Objet précieux ; elle doit payer 1 Rubis. Combien "
     "de Rubis a-t-elle après ?", 9),
]
NOT_CHECKED = [
    "Qui perd des Rubis lors d'un Cambriolage ?",
    "Who rolls the die when a Magic Boost is revealed?",
    "Cambriolage : Anna a 3 trucs, Ben 2. Qui perd des rubis ?",
    "Scandale : on lui prête des Rubis, elle continue à zéro, ou elle sort ?",
    "Anna a 2 Ratons devant elle. Il en a combien, Ben ?",  # no card revealed: nothing happened to count
    "Scandale : Anna doit payer 3 Rubis et a 5 Rubis. Combien lui en reste-t-il ?",  # no zone loses 3
]


@pytest.mark.parametrize("question,verdict", CHECKED)
def test_the_frame_plays_the_table_described(grounder, question, verdict):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict
    assert answer.text.lower().startswith(str(verdict).lower())


@pytest.mark.parametrize("question", NOT_CHECKED)
def test_no_check_without_a_table_or_with_unbound_facts(grounder, question):
    answer = grounder.check(question, "for-a-crown")
    assert answer is None or answer.check.method != "frame"


@pytest.mark.parametrize("question", [question for question, _ in CHECKED] + NOT_CHECKED + [
    # « mon coffre » names the asker where the English reading had met no asker's word: a KeyError, a 500
    "Je veux un Mercenaire qui coûte 5. J'ai 3 Pièces et 8 Rubis dans mon coffre. Je peux le recruter en payant "
    "3 Pièces et 2 Rubis ?",
])
@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_question_read_in_either_language_raises_nothing(grounder, question, language):
    # the widget may send lang="en" with a question written in French, and the other way round
    grounder.attempt(question, "for-a-crown", language)


def test_the_answer_names_the_families_and_no_placeholder_card(grounder):
    answer = grounder.check("Max has 0 rubies and still has his Precious Object. Eva's Ruby Theft mercenary is revealed "
                            "and she targets Max. How many rubies does Max have now?", "for-a-crown")
    assert "Max" in answer.check.outcome and "raton-vol" not in answer.text and "family 1" not in answer.text


def test_an_unsaid_galerie_order_that_matters_is_open(grounder):
    answer = grounder.check("Scandale ! Anna a 1 Rubis et a déjà vendu son Objet précieux, Ben a 5 Rubis. "
                            "Anna est-elle hors jeu ?", "for-a-crown")
    assert answer is not None and answer.check.open and answer.verdict == "ça dépend"


def test_a_step_naming_a_chance_outcome_plays_it_and_a_move_pattern_matches_no_outcome():
    from service.grounding.budget import Budget
    from service.grounding.framing import play_variants

    scenario = {"game": "for-a-crown", "players": 2, "position": {"pile": [{"event": "Scandale"}, {"event": "Cambriolage"}]},
                "steps": [{"type": "reveal", "event": "Scandale"}]}
    compiled = {"variants": [{"reading": {}, "scenario": scenario}], "then": None, "verdict": "yes_no",
                "read": lambda events: any(e["kind"] == "scandal_zone" for e in events)}
    runs = play_variants(compiled, Budget(max_steps=50))
    assert runs and runs[0].verdict is True
    stuck = {**compiled, "variants": [{"reading": {}, "scenario": {**scenario, "steps": [{"type": "target"}]}}]}
    assert play_variants(stuck, Budget(max_steps=50)) is None


def test_an_english_account_names_families_as_the_question_does(grounder):
    answer = grounder.check("Final count: my chest holds 12 rubies and my Precious Object is still in it. I'm not the "
                            "most influential family. How many rubies do I score?", "for-a-crown", "en")
    assert answer is not None and answer.verdict == 22
    assert "Family " not in answer.text and "family 1" not in answer.text
    assert "you count 22 Rubis" in answer.text and "an opponent, the most influential family" in answer.text


def test_every_english_event_of_a_random_game_is_worded_without_a_family_number():
    import random
    import re

    from engine.for_a_crown import GAME
    from engine.for_a_crown.questions import describe
    from service.grounding.frame_answer import with_names

    for seed in range(12):
        state, rng = GAME(2 + seed % 5).new_initial_state(random.Random(seed)), random.Random(seed + 100)
        while not state.is_terminal():
            for event in state.random_step(rng)[1]:
                worded = with_names(describe(event.to_dict(), "en") or event.message, {1: "Tom"}, "en")
                assert not re.search(r"\b[Ff]amil(?:y|ies) \[?\d", worded), (event.kind, worded)


@pytest.mark.parametrize("question, verdict", [
    ("Scandale a 3 familles : le portrait de Lea est tout a gauche de la Galerie. Combien de rubis perd-elle ?", 2),
    ("Scandal with three families: Leo's portrait is on the far left of the Gallery. How many rubies does he lose?", 2),
    ("Scandale ! Léa est tout à gauche de la Galerie. Combien de rubis elle perd ?", 2),
])
def test_a_family_placed_in_the_galerie_is_the_one_a_pronoun_asks_about(grounder, question, verdict):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame" and answer.verdict == verdict


def test_an_unsaid_table_size_is_played_one_family_larger(grounder):
    said = grounder.check("Ben is to the left of Anna in the Gallery and there are only the two of them. "
                          "Magic Boost: who rolls the die?", "for-a-crown")
    assert said.verdict == "Ben" and not said.check.open
    unsaid = grounder.check("Ben is to the left of Anna in the Gallery. Magic Boost: who rolls the die?", "for-a-crown")
    assert unsaid.check.open and "an opponent" in unsaid.text  # a third family, unnamed, may sit further left
    shown = grounder.check("Scandale : Paul est au centre de la Galerie et il a 2 rubis. Combien lui en reste-t-il ?",
                           "for-a-crown")
    table = [fact for fact in shown.explanation.provenance if "families at the table" in fact.fact]
    assert shown.verdict == 1 and not shown.check.open
    assert table and table[0].source == "default" and not table[0].decisive  # a default shown not to matter


@pytest.mark.parametrize("question, verdict", [
    ("My mercenary has the Thieving Raccoon symbol. Can I put the raccoon in front of my own family?", "no"),
    ("Mon Raton Voleur sort. Je peux donner le raton à ma propre famille ?", "non"),
    ("My Ruby Theft mercenary is revealed. Can I pick my own family?", "no"),
    ("Le Vol de Rubis d'Anna est révélé. Elle peut choisir sa propre famille ?", "non"),
])
def test_a_card_that_picks_another_family_cannot_pick_its_owner(grounder, question, verdict):
    """Session 11: the owner's own family is tried as the target; the engine refuses it with the rule."""
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame" and answer.verdict == verdict
    assert "not 0" not in answer.text and ("another family" in answer.text or "autre famille" in answer.text)


@pytest.mark.parametrize("question, verdict", [
    # the count asked is what remains: a payment said before it is the story, not the question
    ("Un Scandale est révélé, Noé est dans la zone de gauche, son coffre est vide et son Objet précieux pas encore "
     "vendu. Une fois qu'il a payé, combien de Rubis lui reste-t-il ?", 8),
    ("Scandal is revealed. Ivy sits in the left zone with 6 rubies and must pay. After paying, how many rubies does "
     "Ivy have left?", 4),
])
def test_a_count_left_is_asked_over_a_payment_said_before_it(grounder, question, verdict):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict


@pytest.mark.parametrize("question, verdict", [
    # French target verbs in every person: « je choisis », « tu vises », « elle cible »
    ("Mon Mercenaire Raton Voleur est révélé et je choisis Hugo, qui a déjà 2 ratons. Il en a combien maintenant ?", 3),
    ("Mon Raton Voleur sort, je vise Inès qui a 1 raton devant elle. Combien de ratons a Inès maintenant ?", 2),
])
def test_the_family_picked_is_read_in_every_person_of_the_verb(grounder, question, verdict):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict


@pytest.mark.parametrize("question, verdict", [
    # the most a family may buy off at a Pot-de-vin: one Pièce or Rubis per Raton, the chest as stated
    ("Pot-de-vin : Zoé a 4 ratons, 1 pièce et 2 rubis. Combien de ratons peut-elle retirer ?", 3),
    ("Bribe is revealed. I have 2 raccoons and 5 coins. How many raccoons can I remove?", 2),
    # the Rubis the family will not spend are not spent
    ("Bribe comes up. Pia has 4 raccoons, 1 coin and 7 rubies, and she refuses to spend any rubies. How many "
     "raccoons can Pia get rid of?", 1),
    ("Pot-de-vin : j'ai 5 ratons, 3 pièces et 8 rubis mais je veux garder mes rubis. Combien de ratons je peux "
     "enlever ?", 3),
])
def test_the_most_a_family_may_buy_off_is_what_its_chest_pays(grounder, question, verdict):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict


def test_the_most_bought_off_is_not_answered_when_the_unsaid_rubies_decide_it(grounder):
    answer = grounder.check("Pot-de-vin : Zoé a 4 ratons et 1 pièce. Combien de ratons peut-elle retirer ?",
                            "for-a-crown")
    assert answer is None or answer.check.method != "frame"


def test_a_sale_with_pieces_left_in_the_chest_names_the_assumption_it_rests_on(grounder):
    # « coffre vide » is not said to ignore Pièces: the engine's reading is a named assumption, and the answer says so
    answer = grounder.check("Un Scandale sort. Léa est dans la zone de gauche, elle n'a plus de Rubis mais il lui reste "
                            "2 pièces, et son Objet précieux n'est pas vendu. Combien de Rubis a-t-elle après ?",
                            "for-a-crown", "fr")
    assert answer is not None and answer.verdict == 8
    assert "for-a-crown.chest_empty" in answer.text


@pytest.mark.parametrize("question, verdict", [
    # "the most raccoons" is the Cambriolage's own test: the family said to have them is placed above the others
    ("Cambriolage : c'est Paul qui a le plus de ratons voleurs. Combien de rubis perd Paul ?", 2),
    ("Burglary comes up and I have the most raccoons, 6 rubies in my chest. How many rubies will I have after?", 4),
    # « plus de » alone is still "no more"
    ("Cambriolage : Paul n'a plus de ratons et Marc en a 2. Paul perd-il des rubis ?", "non"),
])
def test_the_family_said_to_have_the_most_raccoons_is_placed_first(grounder, question, verdict):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict


@pytest.mark.parametrize("question", [
    "Pot-de-vin : Léa a le plus de ratons. Combien de ratons peut-elle retirer ?",  # the count itself is unsaid
    "Cambriolage : Ana a le plus de ratons, 3, et Bo en a 3 aussi. Qui perd des rubis ?",  # "the most" yet a tie
])
def test_the_most_raccoons_never_stands_for_a_count(grounder, question):
    answer = grounder.check(question, "for-a-crown")
    assert answer is None or answer.check.method != "frame"


@pytest.mark.parametrize("question, verdict", [
    # English leaves the unit out as French says « en »: "how many does he have?" counts the unit said last
    ("Scandal: Noah is on the far left with 5 rubies. How many does he have left?", 3),
    ("Anna's Raccoon mercenary is revealed and she picks Tom, who had 2 raccoons. How many does he have now?", 3),
])
def test_a_count_asked_without_its_unit_counts_the_unit_said_last(grounder, question, verdict):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict


@pytest.mark.parametrize("question, verdict", [
    # a gain asked is the gain, not the chest after it; "end up with" asks the chest
    ("Kim's Ruby mercenary is flipped; Kim has 6 rubies. How many rubies does Kim get?", 1),
    ("Mon mercenaire Rubis est révélé. Combien de rubis je gagne ?", 1),
    ("Scandal is revealed. Ben's portrait is in the middle of the Gallery and he has 4 rubies. How many rubies does "
     "Ben end up with?", 3),
])
def test_a_gain_asked_counts_the_gain(grounder, question, verdict):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict


@pytest.mark.parametrize("question, verdict", [
    # "do I win?" at the final count: the Objet précieux still in a chest is worth 10 Rubis
    ("Fin de partie : j'ai 13 rubis et mon objet précieux est encore dans mon coffre, Hugo a 21 rubis et a vendu le "
     "sien. Est-ce que je gagne ?", "oui"),
    ("At the end Nora and Finn both have 18 rubies. Finn's Portrait is to the left of Nora's. Does Finn win?", "no"),
])
def test_whether_a_family_wins_is_read_from_the_final_count(grounder, question, verdict):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict


@pytest.mark.parametrize("question, receiver", [
    # "end up with" is a count left when a count is asked, and the receiver when "who" is (session 17: moving it
    # from take_word to left_word had left "who ends up with the raccoon?" with no reader)
    ("We are three: Ana, Ben and me. My Raccoon mercenary is revealed and I choose Ben. Who ends up with the raccoon?",
     "Ben"),
    ("Ana's Raccoon mercenary is revealed and she picks Lou. Who ends up with that raccoon?", "Lou"),
])
def test_who_ends_up_with_the_raccoon_is_its_receiver(grounder, question, receiver):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == receiver


@pytest.mark.parametrize("question, verdict", [
    # a sale said of one family, and of the other by ellipsis
    ("Fin de partie : j'ai 34 Rubis et Léa 40, mais elle a vendu son Objet précieux et moi non. Qui gagne ?", "toi"),
    ("End of the game: I have 34 rubies and Tom has 40. Tom sold his Precious Object but I didn't. Who wins?", "you"),
    ("Fin de partie : j'ai 34 Rubis, Léa 40. Léa n'a pas vendu son Objet précieux, moi non plus. Qui gagne ?", "Léa"),
    ("End of the game: I have 34 rubies and Tom has 40. Tom sold his Precious Object and so did I. Who wins?", "Tom"),
    # unsaid for both: the same state for both, a listed default that does not decide
    ("Game over: I have 25 rubies and Tom has 31 rubies. Do I win?", "no"),
    # a sale stated for one family only: the other's unsaid Objet précieux decides, so it depends
    ("Fin de partie : j'ai 34 Rubis et Léa 40. Léa a vendu son Objet précieux. Qui gagne ?", "ça dépend"),
])
def test_the_final_count_shows_what_an_unsaid_objet_precieux_does(grounder, question, verdict):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict
    defaults = [p.fact for p in answer.explanation.provenance if p.source == "default"]
    if verdict in ("no", "ça dépend"):
        assert any("Objet précieux still in the chest" in fact for fact in defaults)
