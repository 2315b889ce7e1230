"""``POST /v1/ask``: an extractive answer with verified citations."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from service.api.schemas.common import MAX_TEXT_LENGTH, RequestModel, SourcePublic


class AskRequest(RequestModel):
    game: str = Field(min_length=1)
    question: str = Field(min_length=1, max_length=MAX_TEXT_LENGTH)
    lang: Literal["fr", "en"] | None = Field(
        default=None, description="Language of the answer's framing; detected from the question when omitted."
    )
    explain: bool = Field(default=False, description="Reserved for the rules-engine check.")


class CitationPublic(BaseModel):
    section: str
    quote: str = Field(description="Exact text of the rulebook file at source.start:source.end.")
    passage: str = Field(description="The whole retrieved chunk the quote comes from.")
    score: float
    source: SourcePublic


class AskResponse(BaseModel):
    answer_id: str = Field(description="uuid4 hex naming this answer, for feedback.")
    answer: str
    abstained: bool
    confidence: float = Field(ge=0.0, le=1.0)
    lang: Literal["fr", "en"]
    citations: list[CitationPublic]
