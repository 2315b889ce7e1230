"""service.feedback: validation, durability across store instances, and the summary's grouping."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from service.feedback import Feedback, FeedbackStore, question_key, record_asked_question
from tests.widget.conftest import make_settings


def test_store_creates_its_folder_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    store = FeedbackStore(tmp_path / "deep" / "folder" / "feedback.sqlite3")
    store.add_feedback(Feedback(game="emblemes", question="Qui commence ?", helpful=True, answer_id="a1"))
    connection = store._connect()
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    connection.close()


def test_feedback_survives_a_new_store_on_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "feedback.sqlite3"
    first_id = FeedbackStore(path).add_feedback(Feedback(game="emblemes", question="q", helpful=False, sections=("S",)))
    reopened = FeedbackStore(path)
    assert reopened.count_feedback() == 1
    row = sqlite3.connect(path).execute("SELECT id, helpful, sections FROM feedback").fetchone()
    assert row == (first_id, 0, '["S"]')


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"game": "", "question": "q", "helpful": True, "answer_id": "a"}, "game: expected a non-empty string, got ''"),
        ({"game": "g", "question": " ", "helpful": True, "answer_id": "a"}, "question: expected a non-empty string, got ' '"),
        ({"game": "g", "question": "q", "helpful": "yes", "answer_id": "a"}, "helpful: expected a bool, got 'yes'"),
        ({"game": "g", "question": "q", "helpful": True}, "answer_id or sections: expected at least one, got neither"),
        ({"game": "g", "question": "q", "helpful": True, "answer_id": "a", "comment": "x" * 2001},
         "comment: expected at most 2000 characters, got 2001"),
    ],
)
def test_bad_feedback_names_the_field(fields: dict, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        Feedback(**fields)
    assert str(raised.value) == message


def test_question_key_ignores_case_spacing_and_final_punctuation() -> None:
    assert question_key("  Qui  COMMENCE ?") == question_key("qui commence") == "qui commence"


def test_summary_ranks_questions_unhelpful_answers_and_abstentions(tmp_path: Path) -> None:
    store = FeedbackStore(tmp_path / "f.sqlite3")
    for question, abstained in [("Qui commence ?", False), ("qui commence", False), ("Peut-on tricher ?", True),
                                ("Combien de manches ?", False), ("peut-on tricher", True), ("Peut-on tricher ?", True)]:
        store.record_question(game="emblemes", question=question, answer_id=f"id-{question}", abstained=abstained,
                              sections=["Emblèmes › Déroulement d’une partie"])
    store.record_question(game="splendor", question="Qui commence ?", answer_id="s1", abstained=False, sections=[])
    store.add_feedback(Feedback(game="emblemes", question="Qui commence ?", helpful=False, answer_id="id-Qui commence ?",
                                comment="Ne dit pas qui"))
    store.add_feedback(Feedback(game="emblemes", question="qui commence", helpful=True, answer_id="id-qui commence"))
    store.add_feedback(Feedback(game="emblemes", question="Combien de manches ?", helpful=True, sections=("S",)))

    summary = store.summary("emblemes", limit=2)

    assert (summary.questions_recorded, summary.feedback_recorded) == (6, 3)
    assert [(q.question, q.count) for q in summary.most_asked] == [("Peut-on tricher ?", 3), ("Qui commence ?", 2)]
    assert [(q.question, q.count) for q in summary.abstained] == [("Peut-on tricher ?", 3)]
    [unhelpful] = summary.unhelpful
    assert (unhelpful.question, unhelpful.unhelpful, unhelpful.helpful) == ("Qui commence ?", 1, 1)
    assert unhelpful.sections == ("Emblèmes › Déroulement d’une partie",)  # taken from the recorded question
    assert unhelpful.comments == ("Ne dit pas qui",)


def test_recording_follows_the_setting(tmp_path: Path) -> None:
    kwargs = {"game": "emblemes", "question": "q", "answer_id": "a", "abstained": False, "sections": ["S"]}
    assert record_asked_question(make_settings(tmp_path / "off", record_questions=False), **kwargs) is None
    assert not (tmp_path / "off" / "var").exists()
    on = make_settings(tmp_path / "on")
    assert record_asked_question(on, **kwargs) == 1
    assert FeedbackStore(on.feedback_db).summary("emblemes").questions_recorded == 1


def test_summary_rejects_a_non_positive_limit(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="limit: expected a positive integer, got 0"):
        FeedbackStore(tmp_path / "f.sqlite3").summary("emblemes", limit=0)
