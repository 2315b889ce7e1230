"""The blind probe questions (``scripts/eval --part probes``) are well formed.

Their gold quotes are checked against the rulebooks in ``test_rules.py``; here:
every game has its ten, ids are unique and name their game, an edge question has
quotes, keywords and a verdict, an unanswerable one has none, and each gold answer
passes the yardstick's own keyword rule (a polarity keyword is the first word).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from scripts.eval_parts import load_part
from tests.corpus._corpus_files import GAME_IDS

PROBES = load_part("probes")
POLARITY = {"oui", "non", "yes", "no"}
VERDICTS = {"yes", "no", "number", "name", "text"}
FIELDS = {"id", "game", "lang", "kind", "question", "gold_quotes", "answer", "answer_keywords", "verdict"}


def test_every_game_has_ten_probes():
    assert Counter(question["game"] for question in PROBES) == {game: 10 for game in GAME_IDS}


def test_ids_are_unique_and_name_their_game():
    ids = [question["id"] for question in PROBES]
    assert len(ids) == len(set(ids))
    for question in PROBES:
        assert re.fullmatch(rf"probe-{re.escape(question['game'])}-\d\d", question["id"]), question["id"]


@pytest.mark.parametrize("question", PROBES, ids=lambda question: question["id"])
def test_probe_is_well_formed(question):
    assert set(question) == FIELDS
    assert question["lang"] in {"fr", "en"}
    if question["kind"] == "unanswerable":
        assert (question["gold_quotes"], question["answer_keywords"], question["verdict"]) == ([], [], "unstated")
        return
    assert question["kind"] == "edge"
    assert question["gold_quotes"] and question["answer_keywords"]
    assert question["verdict"] in VERDICTS
    words = re.findall(r"\w+", question["answer"].lower())
    for keyword in question["answer_keywords"]:
        if keyword in POLARITY:
            assert words[0] == keyword, question["answer"]
        else:
            assert re.search(rf"(?<!\w){re.escape(keyword.lower())}(?!\w)", question["answer"].lower()), keyword
    assert (question["verdict"] in {"yes", "no"}) == (question["answer_keywords"][0] in POLARITY)
