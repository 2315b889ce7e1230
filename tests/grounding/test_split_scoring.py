"""Scoring the grounder on eval questions: the split loads by qualified id, verdicts compare with the gold keywords."""

import json

import pytest

from service.grounding.split_scoring import load_split, score_questions, verdict_matches


@pytest.mark.parametrize("verdict, expected", [
    ("non", True), ("Non, 2 pièces à un seul joueur", True), ("oui", False), (None, False), (3, False),
])
def test_verdict_matches_keywords_and_answer_start(verdict, expected):
    question = {"answer_keywords": ["non", "2"], "answer": "Non : la Voleuse vole un seul joueur."}
    assert verdict_matches(verdict, question) is expected


def test_load_split_qualifies_ids_and_rejects_unknown_ones(tmp_path):
    (tmp_path / "dev_questions.jsonl").write_text(json.dumps({"id": "a", "game": "g", "kind": "edge"}) + "\n")
    (tmp_path / "questions_v2.jsonl").write_text(json.dumps({"id": "a", "game": "h", "kind": "lookup"}) + "\n")
    split = tmp_path / "split.json"
    split.write_text(json.dumps({"tuning": ["v2/a"], "validation": ["dev/b"]}))
    assert [(q["id"], q["game"]) for q in load_split(split, tmp_path, "tuning")] == [("v2/a", "h")]
    with pytest.raises(ValueError, match="dev/b"):
        load_split(split, tmp_path, "validation")
    with pytest.raises(ValueError, match="part"):
        load_split(split, tmp_path, "train")


class _Grounded:
    def __init__(self, verdict, agrees):
        self.verdict, self.agrees_with_text = verdict, agrees


class _FakeGrounder:
    def __init__(self, answers):
        self.answers = answers

    def check(self, question, game, language=None):
        return self.answers.get(question)


def test_score_questions_counts_reach_verdicts_and_lookup_checks_per_language():
    questions = [
        {"id": "1", "game": "g", "lang": "fr", "kind": "edge", "question": "q1", "answer_keywords": ["non"], "answer": "Non."},
        {"id": "2", "game": "g", "lang": "en", "kind": "edge", "question": "q2", "answer_keywords": ["yes"], "answer": "Yes."},
        {"id": "3", "game": "g", "lang": "en", "kind": "lookup", "question": "q3", "answer_keywords": [], "answer": ""},
        {"id": "4", "game": "other", "lang": "en", "kind": "edge", "question": "q1", "answer_keywords": [], "answer": ""},
    ]
    grounder = _FakeGrounder({"q1": _Grounded("non", True), "q3": _Grounded("no", False)})
    scores = score_questions(grounder, questions, {"g"})
    assert (scores["fr"].edges, scores["fr"].reached, scores["fr"].right) == (1, 1, 1)
    assert (scores["en"].edges, scores["en"].reached) == (1, 0)
    assert (scores["all"].lookups, scores["all"].lookups_checked, scores["all"].contradicting) == (1, 1, 1)
    assert (scores["g/fr"].edges, scores["g/fr"].right, scores["g/en"].edges, scores["g/en"].lookups) == (1, 1, 1, 1)
    assert "other/en" not in scores


def test_a_worded_verdict_matches_when_it_says_every_keyword():
    from service.grounding.split_scoring import verdict_matches
    assert verdict_matches("King (Alice)", {"answer_keywords": ["Alice"], "answer": "Alice's King"})
    assert verdict_matches("entre Traître et Espionne : 3e place", {"answer_keywords": ["Traître", "Espionne"]})
    assert not verdict_matches("entre Garde et Espionne", {"answer_keywords": ["Traître", "Espionne"]})
    assert not verdict_matches("oui, mais non", {"answer_keywords": ["non"], "answer": "Non : ..."})
