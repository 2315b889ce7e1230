"""Who a rule names as the doer of the asked act (service/answers/roles.py), in both languages."""

from __future__ import annotations

import pytest

from language.sentences import asking_sentence
from service.answers.circumstances import circumstance
from service.answers.roles import bound_role, says_act, sentence_role
from service.answers.rulings import person_ruling, role_ruling
from service.answers.wording import answer_text

_STARTS = ("Le joueur le plus âgé commence la partie.", "The oldest player starts the game.")
_STARTING_WITH = ("En commençant par le premier joueur, puis dans le sens des aiguilles d’une montre, chaque joueur pose.",
                  "Starting with the first player, then clockwise, each player places a card.")
_MOST_GOLD = ("Le joueur qui possède le plus de pièces d’or gagne la partie.", "The player who has the most gold coins wins.")
_TIE = ("En cas d’égalité, c’est le joueur qui détient le pion Premier joueur qui l’emporte.",
        "In case of a tie, the player holding the first player token wins.")
_PASSES = ("Le joueur qui avait la tuile premier joueur la donne au joueur à sa gauche.",
           "The player who had the First Player tile gives it to the player on their left.")
_SNEAKY = ("Le joueur le plus fourbe de la table (oui, c’est subjectif) reçoit le pion Premier joueur.",
           "The sneakiest player at the table (yes, it's subjective) receives the first player token.")


def _bound(question: str, language: str, sentences):
    return bound_role(question, asking_sentence(question), language, sentences)


@pytest.mark.parametrize(("question", "language", "role"), [
    ("Qui commence la partie ?", "fr", "Le joueur le plus âgé"),
    ("who goes first in the first round?? is it the youngest like in other games", "en", "The oldest player"),
])
def test_the_role_that_does_the_asked_act_is_read_past_a_role_that_does_not(question: str, language: str,
                                                                            role: str) -> None:
    bound = _bound(question, language, [_STARTING_WITH, _STARTS])
    assert bound is not None and bound.index == 1, "the first player is only where placing starts, not who starts"
    assert (bound.french if language == "fr" else bound.english) == role


def test_a_question_about_a_tie_reads_the_rule_that_settles_one_first() -> None:
    english = _bound("If two players finish with the same amount of gold, who wins?", "en", [_MOST_GOLD, _TIE])
    assert english is not None and english.index == 1
    assert english.english == "the player holding the first player token"
    french = _bound("Qui gagne en cas d'égalité de pièces d'or ?", "fr", [_MOST_GOLD, _TIE])
    assert french is not None and french.french == "le joueur qui détient le pion Premier joueur"
    plain = _bound("Qui gagne la partie ?", "fr", [_TIE, _MOST_GOLD])
    assert plain is not None and plain.index == 1, "no tie asked or told: the tie rule is read last"


@pytest.mark.parametrize(("question", "language"), [
    ("Fin de partie : Marie et Noé ont 15 pièces chacun. Qui gagne ?", "fr"),
    ("Last night's game ended Alice 21, Bob 21, Chloé 19. Who wins?", "en"),
    ("End of the game: Tom and Sara both finish with 21 coins. Who wins?", "en"),
])
def test_a_tie_told_in_the_story_reads_the_tie_rule_first(question: str, language: str) -> None:
    bound = _bound(question, language, [_MOST_GOLD, _TIE])
    assert bound is not None and bound.index == 1


def test_who_gets_a_thing_is_whom_the_rule_gives_it_to() -> None:
    english = _bound("At the end of a turn, who gets the first player tile?", "en", [_STARTS, _PASSES])
    assert english is not None and (english.index, english.english) == (1, "the player on their left"), \
        "'first player' names the tile: the question asks who gets it, not who starts"
    french = _bound("À la fin du tour, la tuile premier joueur va à qui ?", "fr", [_STARTS, _PASSES])
    assert french is not None and french.french == "au joueur à sa gauche"


def test_a_parenthesis_between_the_role_and_its_verb_is_left_out() -> None:
    bound = _bound("Qui reçoit le pion Premier joueur au début de la partie ?", "fr", [_TIE, _SNEAKY])
    assert bound is not None and (bound.index, bound.french) == (1, "Le joueur le plus fourbe de la table")


def test_no_role_when_none_does_the_act_or_the_question_names_it_already() -> None:
    assert _bound("Qui lance le dé ?", "fr", [_STARTS, _MOST_GOLD]) is None
    assert _bound("Who is the oldest player?", "en", [_STARTS]) is None, "the question's own role is no answer"
    assert _bound("Who starts?", "en", [(_STARTS[0], "")]) is None, "an English question reads the translation"


def test_a_role_ruling_is_said_in_the_asker_s_language_and_needs_its_words() -> None:
    bound = _bound("who goes first?", "en", [_STARTS])
    assert answer_text("en", role_ruling(bound, "en"), []).startswith("The oldest player.")
    assert answer_text("fr", role_ruling(bound, "fr"), []).startswith("Le joueur le plus âgé.")
    french_only = _bound("Qui commence ?", "fr", [(_STARTS[0], "")])
    assert role_ruling(french_only, "en").kind == "rule" and role_ruling(french_only, "fr").kind == "person"


def test_a_sentence_role_never_ends_on_a_function_word() -> None:
    assert sentence_role("Coup de pouce magique : La famille la moins influente lance le dé.", "fr") == \
        "La famille la moins influente"
    assert sentence_role("Il reçoit le pion.", "fr") == ""



_NOT_LAST = ("La famille la moins influente ne pose pas la dernière carte.",
             "Whoever opened the duel does not place the last card.")
_LAST = ("La famille la plus influente pose la dernière carte.", "The most influential family places the last card.")


@pytest.mark.parametrize(("question", "language"), [("Qui pose la dernière carte ?", "fr"),
                                                    ("Who places the last card?", "en")])
def test_a_role_the_rule_says_does_not_do_the_act_is_no_answer(question: str, language: str) -> None:
    alone = _bound(question, language, [_NOT_LAST])
    assert alone is not None and alone.negated, "its sentence is still the rule that answers"
    assert role_ruling(alone, language).kind == "rule", "« ne pose pas » names who does not: no person ruling"
    assert person_ruling(_NOT_LAST[0], _NOT_LAST[1], language).kind == "rule"
    after = _bound(question, language, [_NOT_LAST, _LAST])
    assert (after.index, after.negated) == (1, False), "a rule naming who does it is read past it"


def test_a_thing_attributed_to_a_relative_clause_names_who_gains_it() -> None:
    """« un point revient à celui qui n'a pas ouvert le duel »: the negation says who, it does not deny the act."""
    from service.answers.roles import bound_role

    french = "Si l'égalité tient encore, le Dernier Mot tranche : un point revient à celui qui n'a pas ouvert le duel."
    english = "If the tie still holds, the Last Word decides: one point goes to whoever did not open the duel."
    bound = bound_role("Who gets the point then?", "Who gets the point then?", "en", [(french, english)])
    assert bound is not None and not bound.negated
    assert (bound.french, bound.english) == ("celui qui n'a pas ouvert le duel", "whoever did not open the duel")
    in_french = bound_role("Qui gagne le point ?", "Qui gagne le point ?", "fr", [(french, english)])
    assert in_french is not None and in_french.french.startswith("celui")


def test_a_subject_put_after_its_verb_does_the_act_and_its_whole_clause_is_the_role() -> None:
    fewest = ("Entre joueurs à égalité de points, gagne celui qui possède le moins de cartes développement achetées.",
              "Among players tied on points, the one who owns the fewest purchased development cards wins.")
    bound = _bound("Si on finit à égalité de points, qui gagne ?", "fr", [fewest])
    assert bound is not None and bound.french == "celui qui possède le moins de cartes développement achetées"


def test_the_asked_act_leaves_out_the_circumstance_the_question_tells() -> None:
    question = "si deux joueurs ont 15 points qui gagne ?"
    told = circumstance(question, "fr", asked=True)
    assert not says_act(question, "Dès qu'un joueur a 15 points de prestige, on termine le tour de table.", "fr", told)
    assert says_act(question, "Le joueur qui possède le plus de pièces d’or gagne la partie.", "fr", told)
