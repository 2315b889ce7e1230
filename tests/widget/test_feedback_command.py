"""``arbitre feedback summary GAME`` prints the same summary as the HTTP route."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.cli import main
from service.core.config import get_settings
from service.feedback import Feedback, FeedbackStore


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FeedbackStore:
    path = tmp_path / "feedback.sqlite3"
    monkeypatch.setenv("ARBITRE_FEEDBACK_DB", str(path))
    get_settings.cache_clear()
    yield FeedbackStore(path)
    get_settings.cache_clear()


def test_summary_prints_the_three_lists(database: FeedbackStore, capsys: pytest.CaptureFixture[str]) -> None:
    database.record_question(game="emblemes", question="Peut-on passer ?", answer_id="a", abstained=True, sections=[])
    database.add_feedback(Feedback(game="emblemes", question="Qui commence ?", helpful=False,
                                   sections=("Emblèmes › Déroulement d’une partie",), comment="flou"))

    assert main(["feedback", "summary", "emblemes"]) == 0

    assert capsys.readouterr().out.splitlines() == [
        "emblemes: 1 questions recorded, 1 feedback",
        "",
        "Most asked questions:",
        "     1  Peut-on passer ?",
        "",
        "Unhelpful answers (👎 / 👍):",
        "     1 / 0    Qui commence ?",
        "              cited: Emblèmes › Déroulement d’une partie",
        "              “flou”",
        "",
        "Abstained questions (the rulebook's gaps):",
        "     1  Peut-on passer ?",
    ]


def test_summary_as_json_and_when_empty(database: FeedbackStore, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["feedback", "summary", "splendor", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == {"game": "splendor", "questions_recorded": 0, "feedback_recorded": 0,
                       "most_asked": [], "unhelpful": [], "abstained": []}
    main(["feedback", "summary", "splendor"])
    assert capsys.readouterr().out.count("(none)") == 3


def test_unknown_game_exits_2_naming_the_known_games(database: FeedbackStore, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["feedback", "summary", "monopoly"]) == 2
    assert capsys.readouterr().err.startswith("Unknown game 'monopoly'; known games: ")
