"""How many: the number bound to the asked noun, in the case the question states, in the asker's language."""

from service.answers.answer_types import Expectation, bound_numbers
from service.answers.rulings import number_ruling, opens_with_condition

SETUP = "À 2, on garde 4 jetons par couleur de pierre et 3 nobles visibles ; à 3, 5 jetons par couleur et 4 nobles."
SETUP_EN = ("With 2, keep 4 tokens of each gem colour and 3 face-up nobles; "
            "with 3, 5 tokens of each colour and 4 nobles.")
BOARD = "Chaque camp a huit cartes, sur un plateau de vingt cases (cinq colonnes, quatre rangées)."
BOARD_EN = "Each side has eight cards, on a board of twenty squares (five columns, four rows)."


def _no_bridge(stem_: str) -> tuple[str, ...]:
    return ()


def test_nearest_number_binds_first() -> None:
    assert bound_numbers(Expectation("number", ("colonnes",)), BOARD, "Combien de colonnes ?")[0] == "cinq"


def test_the_stated_case_is_read() -> None:
    three = number_ruling(Expectation("number", ("jetons",)), SETUP, "On est trois, combien de jetons par couleur ?",
                          _no_bridge, "")
    two = number_ruling(Expectation("number", ("nobles",)), SETUP, "À deux joueurs, combien de nobles ?",
                        _no_bridge, "")
    assert three.value.startswith("5 jetons") and two.value.startswith("3 nobles")


def test_english_question_binds_in_the_translation() -> None:
    ruling = number_ruling(Expectation("number", ("columns",)), BOARD, "How many columns does the board have?",
                           _no_bridge, "", BOARD_EN, "en")
    assert ruling.kind == "number" and ruling.english.startswith("5 (five columns")
    nobles = number_ruling(Expectation("number", ("nobles",)), SETUP, "How many nobles with three players?",
                           _no_bridge, "", SETUP_EN, "en")
    assert nobles.english.startswith("4")


def test_article_or_negation_in_the_translation_counts_nothing() -> None:
    for french, english in (("Aucun pion ne bouge.", "No token moves."), ("Gagnez un pion.", "Gain one token.")):
        ruling = number_ruling(Expectation("number", ("tokens",)), french, "How many tokens?", _no_bridge, "",
                               english, "en")
        assert ruling.kind == "rule"


def test_condition_opening() -> None:
    assert opens_with_condition("Si le guet-apens est éliminé, volez 3 points.")
    assert opens_with_condition("If the Ambush is eliminated, steal 3 points.")
    assert not opens_with_condition("Simplement trois cartes.")


def test_a_figure_glued_to_its_noun_counts_it() -> None:
    assert bound_numbers(Expectation("number", ("ordres",)), "10Ordres à découvrir", "Combien d'Ordres ?") == ["10"]
    assert bound_numbers(Expectation("number", ("tour",)), "à la fin du 6e tour", "Combien de tours ?") == []


def test_a_number_after_the_noun_counting_its_own_noun_is_not_its_value() -> None:
    rounds = Expectation("number", ("manches",))
    assert bound_numbers(rounds, "Chaque manche comporte 3 phases.", "Combien de manches ?") == []
    assert bound_numbers(Expectation("number", ("age",)), "Âge : 10", "Quel âge minimum ?") == ["10"]
