"""``POST /v1/ask``: an extractive answer with verified citations, engine-checked when a template fits."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from service.answer_ids import ANSWER_ID_PATTERN
from service.api.schemas.common import MAX_TEXT_LENGTH, RequestModel, SourcePublic


class AskContext(RequestModel):
    """The answer a follow-up question continues: its ``answer_id`` and the sections it cited."""

    answer_id: str = Field(pattern=ANSWER_ID_PATTERN, description="The `answer_id` of the answer being followed up.")
    sections: list[Annotated[str, Field(min_length=1, max_length=500)]] = Field(
        default_factory=list, max_length=5, description="Section paths that answer cited (its `citations[].section`).")


class AskRequest(RequestModel):
    game: str = Field(min_length=1)
    question: str = Field(min_length=1, max_length=MAX_TEXT_LENGTH)
    lang: Literal["fr", "en"] | None = Field(
        default=None, description="Language of the answer's framing; detected from the question when omitted."
    )
    explain: bool = Field(
        default=False,
        description="Add `explain` to an engine-checked answer: template, slot filling, position, outcome per assumption.",
    )
    context: AskContext | None = Field(
        default=None, description="A follow-up: the previous answer (checked, and recorded with the question).")


class TranslationPublic(BaseModel):
    """An unofficial translation of a quote; the French quote beside it is the text that rules."""

    language: Literal["en"]
    text: str
    unofficial: bool = True


class CitationPublic(BaseModel):
    section: str
    quote: str = Field(description="Exact text of the rulebook file at source.start:source.end.")
    passage: str = Field(description="The whole retrieved chunk the quote comes from.")
    score: float
    source: SourcePublic
    translation: TranslationPublic | None = Field(
        default=None, description="The quote in the answer's language when it is not French (unofficial)."
    )
    role: Literal["evidence", "closest"] = Field(
        default="evidence", description="'evidence': a rule the answer rests on; 'closest': an abstention's nearest "
                                        "rule, cited because it is close, not because it settles the question."
    )


class RulingPublic(BaseModel):
    """What the answer leads with (mirror of ``service.answers.Ruling``)."""

    kind: Literal["yes", "no", "number", "person", "choice", "rule"] = Field(
        description="Oui/Non, a number from the quote, the player or family the rule designates ('person'), the "
                    "alternative of an either-or question that the rule states ('choice'), or 'rule' when no ruling "
                    "could be derived (the rule is quoted)."
    )
    value: str = Field(default="", description="For 'number' and 'person': the phrase as the rulebook writes it; "
                                               "for 'choice': the alternative as the question words it; "
                                               "for a yes/no read from the front matter: the player range.")
    form: str = Field(description="The question's form: polar, count, who, open, when or which.")


class ReadingPublic(BaseModel):
    """The verdict under one option of something the question leaves open."""

    about: str = Field(description="A named assumption id, or the default the question does not state.")
    option: Any
    verdict: str | int | float | None


class ProvenancePublic(BaseModel):
    """One fact of the position the engine ran, and where it came from."""

    fact: str
    source: Literal["stated", "default", "rule"] = Field(
        description="Said in the question, a neutral default, or settled by the rulebook sentence the fact quotes.")
    said: str | None = Field(default=None, description="The question's words, for a stated fact.")
    decisive: bool = Field(default=False, description="Whether other defaults move the verdict (then the answer says so).")


class PassedOverPublic(BaseModel):
    """A better-scored candidate that was not used, and why."""

    template: str
    score: float
    reason: str


class EngineCheckPublic(BaseModel):
    """The rules engine's run of the position the question describes (mirror of ``service.grounding.EngineCheck``)."""

    scenario: dict[str, Any] = Field(description="The position and steps that were run (a scenario file's content).")
    outcome: str = Field(description="The engine's account, in the answer's language.")
    verdict: str | int | float | None = Field(description="Oui/non, a number, a player or a label; leads the answer.")
    trace: list[dict[str, Any]] = Field(description="Every event of the run, with its step and citation.")
    assumptions: list[str] = Field(description="Ids of the named assumptions the run relied on.")
    agrees_with_text: bool | None = Field(
        description="Whether the run matches what the template's author read in the rulebook; null when unstated."
    )
    method: Literal["template", "frame", "quantity", "legality"] = Field(
        default="template", description="A hand-built template, a position compiled from the question's frame, a "
        "state quantity read off the engine (quantity), or the engine's legal actions searched for the move a "
        "\"can I …?\" question states (legality)."
    )
    readings: list[ReadingPublic] = Field(
        default_factory=list, description="The verdict under each option of each assumption or default that was varied."
    )
    open: bool = Field(
        default=False, description="True when the verdict moves with something the question does not say."
    )


class ExplainPublic(BaseModel):
    """Why the engine check looks the way it does (for designers; mirror of ``service.grounding.Explanation``)."""

    template: dict[str, Any] | None = Field(
        description="The chosen template, its score, similarity, fit and closest phrasing; null for a compiled frame."
    )
    entities: list[dict[str, Any]] = Field(description="What the question names, with spans and roles.")
    slots: dict[str, Any] = Field(description="Each slot's value and the entities (or default) it came from.")
    position: Any = Field(description="The filled position the engine started from.")
    steps: list[dict[str, Any]]
    by_assumption: list[dict[str, Any]] = Field(description="The verdict under each option of each assumption used.")
    passed_over: list[PassedOverPublic] = Field(
        default_factory=list, description="Better-scored templates that were not used, with the reason."
    )
    frame: dict[str, Any] | None = Field(default=None, description="The question's frame, when one was compiled.")
    provenance: list[ProvenancePublic] = Field(
        default_factory=list, description="Each fact of the run position: stated by the question or a default."
    )
    declined: str | None = Field(
        default=None, description="Why an engine check that had started gave no verdict (its wall-clock fuse blew, or "
                                  "the position compiled does not answer what is asked): the answer is the text's; "
                                  "null otherwise.")


class AskResponse(BaseModel):
    answer_id: str = Field(description="48 hex digits naming this answer (random, signed by the server), for feedback.")
    answer: str
    abstained: bool
    confidence: float = Field(ge=0.0, le=1.0)
    lang: Literal["fr", "en"]
    citations: list[CitationPublic]
    engine_check: EngineCheckPublic | None = Field(
        default=None, description="Present when a scenario template fits the question; never made up."
    )
    explain: ExplainPublic | None = Field(default=None, description="Only when the request asked for it.")
    ruling: RulingPublic | None = Field(
        default=None, description="The ruling the answer leads with; null for an abstention or an engine-checked answer."
    )
