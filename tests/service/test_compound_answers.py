"""A question that asks two things of different forms gets both rulings, in the order asked."""

from __future__ import annotations

from dataclasses import fields

import pytest

from service.answers import Answer, Citation, Evidence
from service.core.config import PROJECT_ROOT
from service.referee import ONE_OF_SEVERAL_CONFIDENCE, CheckedAnswer, Referee, joined
from tests.service.retriever_double import WordOverlapRetriever

RULE = Citation("Jeu › Recruter", "Payez le coût.", "Payez le coût.", 0.9, "rules.md", 10, 24)
OTHER = Citation("Jeu › Rubis", "Un Rubis remplace une Pièce.", "Un Rubis remplace une Pièce.", 0.8, "rules.md", 40, 68)


def answer(text: str, confidence: float, citations=(RULE,), abstained: bool = False) -> CheckedAnswer:
    return CheckedAnswer(text, abstained, confidence, "en", tuple(citations), Evidence(0.8, 0.0, 0.6, 0.9))


def test_the_parts_are_worded_in_the_order_asked_and_trusted_as_much_as_all_of_them_together():
    whole = joined([(30, answer("5 rubies.", 0.8, (OTHER, RULE))), (0, answer("Yes. You pay.", 0.9))])
    assert whole.text == "Yes. You pay. 5 rubies."
    assert whole.confidence == pytest.approx(0.72)
    assert whole.citations == (OTHER, RULE), "the whole question's citations lead, each rule cited once"


def test_the_whole_question_s_abstention_stands():
    abstains = answer("The rules do not say.", 0.2, abstained=True)
    assert joined([(10, abstains), (0, answer("Yes.", 0.6))]).abstained
    assert not joined([(10, answer("5 rubies.", 0.8)), (0, abstains)]).abstained


def test_an_answer_that_rules_on_one_of_several_asks_says_so_and_is_not_trusted():
    only = joined([(0, answer("No. You cannot.", 0.95))], one_of_several=True)
    assert only.confidence == ONE_OF_SEVERAL_CONFIDENCE
    assert only.text.startswith("No. You cannot.") and "only one of the questions" in only.text


class AskedReferee(Referee):
    """Records the question each ask is answered as, and answers with its form."""

    def __init__(self) -> None:
        super().__init__(WordOverlapRetriever(PROJECT_ROOT / "corpus"), PROJECT_ROOT / "corpus")
        self._games = (type("Info", (), {"id": "for-a-crown"})(),)
        self.asked: list[str] = []

    def _answer(self, game, question, lang, follow_up_sections) -> CheckedAnswer:
        self.asked.append(question)
        return answer(f"[{question}]", 0.9)


def test_a_yes_no_asked_beside_a_count_is_answered_on_its_own_and_comes_first():
    referee = AskedReferee()
    question = "I have 7 rubies. Can I still recruit it, and how many rubies will I have afterwards?"
    checked = referee.ask("for-a-crown", question)
    assert referee.asked == [question, "I have 7 rubies. Can I still recruit it ?"]
    assert checked.text == f"[I have 7 rubies. Can I still recruit it ?] [{question}]"
    assert checked.confidence == pytest.approx(0.81)


def test_two_asks_of_one_form_get_the_whole_question_s_answer_marked_as_ruling_on_one():
    referee = AskedReferee()
    question = "Je prends la Pièce ? Et à la manche suivante je peux prendre le Rubis ?"
    checked = referee.ask("for-a-crown", question)
    assert referee.asked == [question]
    assert checked.confidence == ONE_OF_SEVERAL_CONFIDENCE and "only one of the questions" in checked.text


def test_a_count_and_a_what_happens_are_both_left_to_the_whole_question_s_answer():
    referee = AskedReferee()
    question = "Léa eliminates Hugo's card. How many points does Léa gain, and what happens to Hugo's 2?"
    checked = referee.ask("for-a-crown", question)
    assert referee.asked == [question] and checked.confidence == pytest.approx(0.9)


def test_a_question_asking_one_thing_is_answered_once_as_asked():
    referee = AskedReferee()
    assert referee.ask("for-a-crown", "Combien de Rubis au départ ?").text == "[Combien de Rubis au départ ?]"
    assert referee.asked == ["Combien de Rubis au départ ?"]


def test_a_checked_answer_keeps_every_field_of_the_answer_it_checks():
    plain = Answer("Yes. You pay.", False, 0.9, "fr", (RULE,), Evidence(0.8, 0.0, 0.6, 0.9), form="polar",
                   signals=(0.1, 0.2), answerable=0.7)
    checked = CheckedAnswer.of(plain)
    assert {f.name: getattr(checked, f.name) for f in fields(Answer)} == {f.name: getattr(plain, f.name)
                                                                          for f in fields(Answer)}
    assert (checked.engine_check, checked.explain) == (None, None)
