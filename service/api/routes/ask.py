"""``POST /v1/ask``: an extractive answer whose quotes are verified, engine-checked when a template fits."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from service.api.schemas import AskRequest, AskResponse, CitationPublic, EngineCheckPublic, ExplainPublic, SourcePublic
from service.api.schemas.ask import RulingPublic, TranslationPublic
from service.api.follow_up import follow_up_of
from service.api.model_json import model_response
from service.api.schemas.errors import error_responses
from service.deps import RefereeDep, SettingsDep
from service.feedback import record_asked_question
from service.observability import observe_answer
from service.referee import CheckedAnswer

router = APIRouter(prefix="/v1", tags=["ask"], responses=error_responses(404, 413, 422, 503))


@router.post("/ask", response_model=AskResponse)
def ask(request: AskRequest, referee: RefereeDep, settings: SettingsDep, http: Request) -> Response:
    follow_up = follow_up_of(request.context, request.game, http)
    answer = referee.ask(request.game, request.question, request.lang,
                         follow_up_sections=request.context.sections if request.context else ())
    observe_answer(request.game, answer)
    public = to_public(answer, answer_id=http.app.state.answer_ids.issue(request.game), explain=request.explain)
    # Logged (redacted, synced) before the answer is sent: a crash never loses an answered question's row.
    record_asked_question(
        settings, game=request.game, question=request.question,
        answer_id=public.answer_id, abstained=answer.abstained,
        sections=[citation.section for citation in answer.citations], follow_up_of=follow_up,
    )
    return model_response(public)


def to_public(answer: CheckedAnswer, answer_id: str, explain: bool = False) -> AskResponse:
    """The HTTP shape of a :class:`~service.referee.CheckedAnswer` (``explain`` only when asked)."""
    return AskResponse(
        answer_id=answer_id,
        answer=answer.text,
        abstained=answer.abstained,
        confidence=answer.confidence,
        lang=answer.language,
        citations=[
            CitationPublic(
                section=citation.section,
                quote=citation.quote,
                passage=citation.passage,
                score=citation.score,
                source=SourcePublic(path=citation.path, start=citation.start, end=citation.end),
                translation=_translation(answer.language, getattr(citation, "english", "")),
                role="closest" if answer.abstained else "evidence",
            )
            for citation in answer.citations
        ],
        ruling=_ruling(answer),
        engine_check=EngineCheckPublic(**answer.engine_check.to_dict()) if answer.engine_check else None,
        explain=ExplainPublic(**answer.explain.to_dict()) if explain and answer.explain else None,
    )


def _translation(language: str, english: str) -> TranslationPublic | None:
    return TranslationPublic(language="en", text=english) if language == "en" and english else None


def _ruling(answer: CheckedAnswer) -> RulingPublic | None:
    if answer.abstained or answer.engine_check:
        return None
    return RulingPublic(kind=answer.ruling.kind, value=answer.ruling.value, form=answer.form)
