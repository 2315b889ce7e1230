"""Player feedback on answers (``POST /v1/feedback``) and the designers' summary.

The summary (``GET /v1/feedback/summary?game=``) lists the most asked questions,
the answers players found unhelpful and the questions Arbitre abstained on: the
rulebook's gaps.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

from fastapi import APIRouter, Query, status
from pydantic import BaseModel, ConfigDict, Field, StrictBool, model_validator

from service.api.routes.viewer import known_rulebook
from service.api.schemas.errors import error_responses
from service.deps import SettingsDep
from service.feedback import COMMENT_MAX_CHARS, Feedback, store_for

__all__ = ["FeedbackCreate", "FeedbackPublic", "router"]

router = APIRouter(prefix="/v1/feedback", tags=["feedback"], responses=error_responses(404, 413, 422))


class FeedbackCreate(BaseModel):
    """A 👍/👎 on one answer, identified by its ``answer_id`` or by the sections it cited."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(min_length=1, max_length=64)
    question: str = Field(min_length=1, max_length=2_000)
    answer_id: str | None = Field(default=None, min_length=1, max_length=128)
    sections: list[Annotated[str, Field(min_length=1, max_length=500)]] | None = Field(default=None, max_length=20)
    helpful: StrictBool
    comment: str | None = Field(default=None, max_length=COMMENT_MAX_CHARS)

    @model_validator(mode="after")
    def _identifies_the_answer(self) -> FeedbackCreate:
        if self.answer_id is None and not self.sections:
            raise ValueError("answer_id or sections: expected at least one, got neither")
        return self


class FeedbackPublic(BaseModel):
    id: int


class QuestionCountPublic(BaseModel):
    question: str
    count: int


class UnhelpfulAnswerPublic(BaseModel):
    question: str
    unhelpful: int
    helpful: int
    sections: list[str]
    comments: list[str]


class FeedbackSummaryPublic(BaseModel):
    game: str
    questions_recorded: int
    feedback_recorded: int
    most_asked: list[QuestionCountPublic]
    unhelpful: list[UnhelpfulAnswerPublic]
    abstained: list[QuestionCountPublic]


@router.post("", status_code=status.HTTP_201_CREATED, response_model=FeedbackPublic)
def create_feedback(body: FeedbackCreate, settings: SettingsDep) -> FeedbackPublic:
    known_rulebook(body.game, settings.corpus_dir)
    feedback = Feedback(
        game=body.game,
        question=body.question,
        helpful=body.helpful,
        answer_id=body.answer_id,
        sections=tuple(body.sections or ()),
        comment=body.comment or None,
    )
    return FeedbackPublic(id=store_for(settings.feedback_db).add_feedback(feedback))


@router.get("/summary", response_model=FeedbackSummaryPublic)
def feedback_summary(
    settings: SettingsDep,
    game: Annotated[str, Query(min_length=1, max_length=64)],
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
) -> FeedbackSummaryPublic:
    known_rulebook(game, settings.corpus_dir)
    return FeedbackSummaryPublic.model_validate(asdict(store_for(settings.feedback_db).summary(game, limit=limit)))

