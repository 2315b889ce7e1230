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

    def run(self, query: str, game: str | None = None, k: int = 5) -> list[Hit]:
        self.queries.append(query)
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
