"""Expected answer types: what a question asks for, and whether a quote gives it.

The questions and quotes here are written for these tests (not from the dev set).
"""

from __future__ import annotations

import pytest

from service.answers.answer_types import ANSWER_KINDS, Expectation, expected_answers, gives_answer


@pytest.mark.parametrize(
    ("question", "kinds"),
    [
        ("On pioche combien de cartes à chaque tour ?", ["number"]),
        ("How many coins does the Baker give?", ["number"]),
        ("Le jeu est conseillé à partir de quel âge ?", ["number"]),
        ("Où va une carte défaussée ?", ["place"]),
        ("Where do I put the discarded cards?", ["place"]),
        ("Qui commence la partie ?", ["person"]),
        ("Le bonus va à qui ?", ["person"]),
        ("Who takes the crown at the end?", ["person"]),
        ("Qui a illustré ce jeu ?", ["name"]),
        ("Quelles cartes peut-on défausser ?", ["enumeration"]),
        ("C'est quoi les pouvoirs des nobles ?", ["enumeration"]),
        ("Which tokens can be traded?", ["enumeration"]),
        ("À quel moment paie-t-on l'impôt ?", ["moment"]),
        ("On paie l'impôt c'est quand ?", ["moment"]),
        ("Une carte qui est couverte garde-t-elle son effet ?", []),
        ("Quand la pioche est vide, on mélange la défausse ?", []),
        ("Mon dé fait 6 : je rejoue ?", []),
        ("What happens when the deck runs out?", []),
        ("Il choisit où il pose sa carte ou il la pose à droite ?", ["place"]),
        ("What goes into the pile at the start?", []),  # a verb in -s after "what", not a plural to list
        ("What counts as adjacent?", []),
        ("Je pose mon Baron : entre quelles cartes il se range ?", ["place"]),  # a position, not a list
        ("Between which cards does my Baron go?", ["place"]),
        ("What tokens go back to the bank?", ["enumeration"]),
        ("What breaks the tie then?", []),  # a verb and its object
        ("Tom's Twin, which sits next to my Queen, is eliminated. Do I score?", []),  # a relative "which"
        ("In which order do the locations score?", []),
    ],
)
def test_expected_answer_kinds(question: str, kinds: list[str]) -> None:
    assert [expectation.kind for expectation in expected_answers(question)] == kinds


def test_number_question_names_its_noun() -> None:
    assert expected_answers("Chaque joueur reçoit combien de pièces ?") == (Expectation("number", ("pieces",)),)
    assert expected_answers("How many players can play?") == (Expectation("number", ("players",)),)


@pytest.mark.parametrize(("question", "measure", "unit"), [
    ("Combien de temps dure une partie ?", "duration", "minutes"),
    ("How long does a game last?", "duration", "minutes"),
    ("Le jeu est conseillé à partir de quel âge ?", "age", "ans"),
    ("How old do you have to be to play?", "age", "years"),
])
def test_a_measure_asked_without_a_noun_asks_for_its_units(question: str, measure: str, unit: str) -> None:
    expectation = _only_number(question)
    assert expectation.measure == measure and unit in expectation.asked


def _only_number(question: str) -> Expectation:
    return next(e for e in expected_answers(question) if e.kind == "number")


def test_unknown_kind_is_rejected_with_the_allowed_ones() -> None:
    with pytest.raises(ValueError, match=r"kind: expected one of .*'number'.* got 'colour'"):
        Expectation("colour")
    assert "enumeration" in ANSWER_KINDS


@pytest.mark.parametrize(
    ("question", "quote", "given"),
    [
        ("On pioche combien de cartes ?", "Chaque joueur pioche deux cartes.", True),
        ("On pioche combien de cartes ?", "Piochez 2 cartes puis passez.", True),
        ("On pioche combien de cartes ?", "Piochez des cartes jusqu’à la fin du tour 3.", False),
        ("On pioche combien de cartes ?", "Les cartes piochées restent secrètes.", False),
        ("Le jeu est conseillé à partir de quel âge ?", "Âge\n- 8 ans et +", True),
        ("Où va une carte défaussée ?", "Elle est posée face visible sous la réserve.", True),
        ("Où dans la pile va une carte défaussée ?", "Elle est posée dans la pile.", False),
        ("Qui commence la partie ?", "Le plus jeune joueur commence.", True),
        ("Qui a illustré ce jeu ?", "Illustrations\n- Jeanne Dupré", True),
        ("Qui a illustré ce jeu ?", "Le jeu contient 40 cartes.", False),
        ("Quelles cartes peut-on défausser ?", "Seuls le Roi, la Reine et le Valet se défaussent.", True),
        ("Quelles cartes entre le Roi et le Valet ?", "Les cartes vont du Roi au Valet.", False),
        ("Quelles tuiles pose-t-on ?", "Posez les tuiles 2, 4 et 6 sur le plateau.", True),
        ("À quel moment paie-t-on l'impôt ?", "L'impôt est payé à la fin de chaque manche.", True),
    ],
)
def test_gives_answer(question: str, quote: str, given: bool) -> None:
    (expectation,) = expected_answers(question)
    assert gives_answer(expectation, quote, question) is given


def test_number_binds_through_bridges() -> None:
    question = "How many coins does each player start with?"
    (expectation,) = expected_answers(question)
    quote = "Chaque joueur reçoit 3 pièces."
    assert not gives_answer(expectation, quote, question)
    assert gives_answer(expectation, quote, question, lambda stem_: {"piec"} if stem_ == "coin" else ())


def test_page_references_are_not_numbers() -> None:
    question = "On garde combien de jetons ?"
    (expectation,) = expected_answers(question)
    assert not gives_answer(expectation, "Tu rends les jetons de ton choix. (p. 3)", question)
    assert gives_answer(expectation, "Tu gardes 10 jetons. (p. 3)", question)


def test_a_faq_answer_binds_its_number_to_the_heading_noun() -> None:
    question = "On garde combien de jetons ?"
    (expectation,) = expected_answers(question)
    assert not gives_answer(expectation, "Dix au plus, or compris.", question)
    assert gives_answer(expectation, "Dix au plus, or compris.", question, heading="Combien de jetons peut-on garder ?")
