"""A follow-up is retrieved in the previous answer's topic only when that reading fits clearly better."""

from __future__ import annotations

from index.types import Hit
from service.core.config import PROJECT_ROOT
from service.referee import FOLLOW_UP_GAIN, Referee, follow_up_query
from tests.service.retriever_double import WordOverlapRetriever

PREVIOUS = ["Oriflamme › ÉLIMINER UNE CARTE", "Oriflamme › Fin de partie"]


def hit(section: str, score: float) -> Hit:
    return Hit(game="oriflamme", section=section, passage="", score=score, source=("rules.md", 0, 0),
               lexical=score, dense=score, sentences=())


class ScriptedRetriever(WordOverlapRetriever):
    """Answers a query that carries the previous topic's title with ``in_topic``, any other with ``own``."""

    def __init__(self, own: float, in_topic: float) -> None:
        super().__init__(PROJECT_ROOT / "corpus")
        self.own, self.in_topic = own, in_topic
        self.queries: list[str] = []
        self.languages: list[str | None] = []

    def run(self, query: str, game: str | None = None, k: int = 5, language: str | None = None) -> list[Hit]:
        self.queries.append(query)
        self.languages.append(language)
        if query.endswith("ÉLIMINER UNE CARTE"):
            return [hit(PREVIOUS[0], self.in_topic)]
        return [hit("Oriflamme › Tour de jeu", self.own)]


def test_the_query_carries_the_first_cited_section_title_once() -> None:
    assert follow_up_query("Ça rapporte combien ?", PREVIOUS) == "Ça rapporte combien ? ÉLIMINER UNE CARTE"
    assert follow_up_query("Ça rapporte combien ?", []) == "Ça rapporte combien ?"


def test_an_elliptical_follow_up_is_read_in_the_previous_topic() -> None:
    retriever = ScriptedRetriever(own=0.3, in_topic=0.3 + FOLLOW_UP_GAIN + 0.2)
    hits = Referee(retriever, PROJECT_ROOT / "corpus")._retrieve("Ça rapporte combien ?", "oriflamme", PREVIOUS)
    assert [h.section for h in hits] == [PREVIOUS[0]]


def test_a_follow_up_that_names_its_own_topic_keeps_its_own_hits() -> None:
    retriever = ScriptedRetriever(own=0.8, in_topic=0.8 + FOLLOW_UP_GAIN / 2)
    hits = Referee(retriever, PROJECT_ROOT / "corpus")._retrieve("Et qui commence ?", "oriflamme", PREVIOUS)
    assert [h.section for h in hits] == ["Oriflamme › Tour de jeu"]


def test_a_fresh_question_is_retrieved_once_as_asked() -> None:
    retriever = ScriptedRetriever(own=0.5, in_topic=0.9)
    Referee(retriever, PROJECT_ROOT / "corpus")._retrieve("Qui commence ?", "oriflamme", ())
    assert retriever.queries == ["Qui commence ?"]


def test_both_queries_of_a_follow_up_are_retrieved_in_the_questions_language() -> None:
    retriever = ScriptedRetriever(own=0.5, in_topic=0.9)
    Referee(retriever, PROJECT_ROOT / "corpus")._retrieve("And how much does it earn?", "oriflamme", PREVIOUS)
    # the second query ends on a French section title; the question's language is decided once, from the question
    assert retriever.queries == ["And how much does it earn?", "And how much does it earn? ÉLIMINER UNE CARTE"]
    assert retriever.languages == ["en", "en"]
