"""Player feedback on answers (``POST /v1/feedback``) and the designers' summary.

Feedback names an answer by the ``answer_id`` that ``/v1/ask`` issued (checked
by its signature, :mod:`service.answer_ids`), and each client may send at most
``feedback_burst`` at once, then ``feedback_per_minute``.

The summary (``GET /v1/feedback/summary?game=``, designers only: ``Authorization:
Bearer <ARBITRE_ADMIN_TOKEN>``) lists the most asked questions, the answers
players found unhelpful and the questions Arbitre abstained on: the rulebook's gaps.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, status
from pydantic import BaseModel, ConfigDict, Field, StrictBool

from service.answer_ids import ANSWER_ID_PATTERN
from service.api.auth import require_admin
from service.api.errors import FieldError, shown
from service.api.rate_limit import rate_limit
from service.api.routes.viewer import known_rulebook
from service.api.schemas.errors import error_responses
from service.deps import SettingsDep
from service.feedback import COMMENT_MAX_CHARS, Feedback, submit_feedback
from service.stores import feedback_store

__all__ = ["FeedbackCreate", "FeedbackPublic", "router"]

router = APIRouter(prefix="/v1/feedback", tags=["feedback"])

NOT_ISSUED = "Invalid field 'answer_id': no answer with this id was issued for game {game}"


class FeedbackCreate(BaseModel):
    """A 👍/👎 on one answer, identified by the ``answer_id`` that ``/v1/ask`` issued."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(min_length=1, max_length=64)
    question: str = Field(min_length=1, max_length=2_000)
    answer_id: str = Field(pattern=ANSWER_ID_PATTERN, description="The `answer_id` of the `/v1/ask` answer.")
    sections: list[Annotated[str, Field(min_length=1, max_length=500)]] | None = Field(default=None, max_length=20)
    helpful: StrictBool
    comment: str | None = Field(default=None, max_length=COMMENT_MAX_CHARS)


class FeedbackPublic(BaseModel):
    id: int


class QuestionCountPublic(BaseModel):
    question: str
    count: int


class AnswerCommentsPublic(BaseModel):
    """The 👎 on one answer (named by the sections it cited) and their comments, newest first."""

    sections: list[str]
    unhelpful: int
    comments: list[str]


class UnhelpfulAnswerPublic(BaseModel):
    question: str
    unhelpful: int
    helpful: int
    sections: list[str]
    comments: list[str]
    answers: list[AnswerCommentsPublic] = Field(description="The comments grouped by answer, most disliked first.")


class FeedbackSummaryPublic(BaseModel):
    game: str
    questions_recorded: int
    feedback_recorded: int
    most_asked: list[QuestionCountPublic]
    unhelpful: list[UnhelpfulAnswerPublic]
    abstained: list[QuestionCountPublic]


@router.post("", status_code=status.HTTP_201_CREATED, response_model=FeedbackPublic,
             responses=error_responses(404, 413, 422, 429), dependencies=[Depends(rate_limit("feedback"))])
def create_feedback(body: FeedbackCreate, settings: SettingsDep, request: Request) -> FeedbackPublic:
    known_rulebook(body.game, settings.corpus_dir)
    if not request.app.state.answer_ids.issued(body.answer_id, body.game):
        raise FieldError(422, "answer_id", NOT_ISSUED.format(game=shown(repr(body.game))))
    feedback = Feedback(
        game=body.game,
        question=body.question,
        helpful=body.helpful,
        answer_id=body.answer_id,
        sections=tuple(body.sections or ()),
        comment=body.comment or None,
    )
    return FeedbackPublic(id=submit_feedback(settings, feedback))


@router.get("/summary", response_model=FeedbackSummaryPublic, responses=error_responses(401, 403, 404, 422),
            dependencies=[Depends(require_admin)])
def feedback_summary(
    settings: SettingsDep,
    game: Annotated[str, Query(min_length=1, max_length=64)],
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
) -> FeedbackSummaryPublic:
    known_rulebook(game, settings.corpus_dir)
    return FeedbackSummaryPublic.model_validate(asdict(feedback_store(settings).summary(game, limit=limit)))

