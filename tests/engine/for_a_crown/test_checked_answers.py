"""For a Crown questions answered through the grounding layer: the verdict the rules give, or no check at all.

Written as paraphrases of situations players ask about (none is a template
phrasing). A wrong verdict stated first is the worst answer, so the second
list must get no engine check.
"""

from __future__ import annotations

import pytest

CHECKED = [
    ("J'ai 2 Ratons Voleurs, 0 Pièce et 1 Rubis. Au Pot-de-vin, je peux retirer mes 2 Ratons ?", "non"),
    ("Pot-de-vin : j'ai 4 ratons et 3 pièces, je peux tous les enlever ?", "oui"),
    ("Bribe: I have 5 raccoons, 2 coins and no rubies. Can I remove all of them?", "no"),
    ("Avec l'effet Influence, je peux déplacer le Portrait de Ben d'une case vers la gauche ?", "oui"),
    ("Round 2: can I recruit a mercenary for free?", "yes"),
    ("En manche 1 je peux recruter un mercenaire sans payer ?", "non"),
    ("J'ai vendu mon Objet précieux à la manche 1. À la fin de la partie, il compte pour 10 Rubis ?", "non"),
    ("Mages mercenaires : 0 pièce et 0 rubis, je peux lancer le dé ?", "non"),
    ("I'm the most influential family, do I lose rubies to a Scandal?", "no"),
    ("Je suis le plus influent, le Scandale me fait perdre des Rubis ?", "non"),
    ("À la fin de la manche 3, on ajoute un Événement à la pile ?", "oui"),
    ("Can I look at the face-down card I recruit?", "yes"),
    ("Je suis au centre de la Galerie quand un Scandale sort : combien de Rubis je perds ?", "1"),
    ("J'ai 4 Ratons Voleurs, Ben en a 2. Un Cambriolage est révélé : combien de Rubis je perds ?", "2"),
    ("I have 1 raccoon and my opponent has 3. A Burglary comes up: how many rubies do I lose?", "0"),
    ("Coup de pouce magique : je suis le plus influent, c'est moi qui lance le dé ?", "non"),
    ("Magic Boost revealed and I'm the least influential family: do I get to roll the die?", "yes"),
    ("Si une famille est éliminée, on continue quand même les manches suivantes ?", "non"),
]
NOT_CHECKED = [
    "Qui gagne en cas d'égalité ?",
    "Le Cambriolage touche qui si personne n'a de Raton ?",
    "How many rubies does the least influential family lose in a Scandal?",
    "Effet Influence : la case voisine est prise, on échange nos places ou je saute par-dessus ?",
]


@pytest.mark.parametrize("question,verdict", CHECKED)
def test_engine_checks_the_situation(grounder, question, verdict):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None, "no template held the situation"
    assert str(answer.verdict).lower() == verdict


@pytest.mark.parametrize("question", NOT_CHECKED)
def test_no_check_for_what_no_template_holds(grounder, question):
    assert grounder.check(question, "for-a-crown") is None


def test_french_questions_get_a_french_account(grounder):
    answer = grounder.check("Pot-de-vin : j'ai 3 ratons devant moi mais une seule pièce. Je peux tous les enlever ?",
                            "for-a-crown", "fr")
    assert answer.text.startswith("Oui")
    assert "paie 1 Pièce(s) et 2 Rubis pour retirer 3 Ratons Voleurs" in answer.text


def test_every_event_kind_of_a_game_has_a_french_wording():
    import random

    from engine.for_a_crown import GAME
    from engine.for_a_crown.questions import describe

    kinds = {}
    for seed in range(30):
        state = GAME(4).new_initial_state(random.Random(seed))
        rng = random.Random(seed)
        while not state.is_terminal():
            for event in state.random_step(rng)[1]:
                kinds.setdefault(event.kind, event.to_dict())
    missing = [kind for kind, event in kinds.items() if describe(event, "fr") is None]
    assert missing == []


@pytest.mark.parametrize("question,first", [
    ("gallery from left to right is Dan, Chloe, Ben, Anna. who gets to pick a mercenary first??", "Anna"),
    ("Dans la Galerie, de droite à gauche : Léa, Marc, Inès. Qui recrute en premier ?", "Léa"),
])
def test_who_recruits_first_from_the_galerie_described(grounder, question, first):
    answer = grounder.check(question, "for-a-crown")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == first


def test_no_galerie_direction_no_frame(grounder):
    assert grounder.check("Anna, Ben et Chloé jouent : qui recrute en premier ?", "for-a-crown") is None
