"""The optional ``context`` of ``POST /v1/ask``: the answer a follow-up question continues.

The widget's "Ask a follow-up" sends the previous answer's ``answer_id`` and the
sections it cited. Both are checked here (the id must be one this server issued
for the same game, each section must be a heading path of that game's
rulebook) and the id is recorded with the question (``questions.follow_up_of``),
so a publisher can tell follow-ups from fresh questions. The referee adds the
sections' titles to the follow-up's retrieval query
(:func:`service.referee.follow_up_query`), so an elliptical question ("Et dans
le Port ?") is answered within the previous answer's topic.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fastapi import Request

from service.api.errors import FieldError, shown
from service.api.routes.viewer import known_rulebook, render_rulebook, split_front_matter
from service.api.schemas.ask import AskContext

__all__ = ["follow_up_of"]

NOT_ISSUED = "Invalid field 'context.answer_id': no answer with this id was issued for game {game}"
UNKNOWN_SECTION = "Invalid field 'context.sections': {section} is not a section of the rulebook of {game}"


def follow_up_of(context: AskContext | None, game: str, http: Request) -> str | None:
    """The followed-up answer id, once checked; None without a context.

    Raises:
        FieldError: a 422 naming ``context.answer_id`` or ``context.sections``.
    """
    if context is None:
        return None
    known_rulebook(game, http.app.state.settings.corpus_dir)  # an unknown game stays a 404
    if not http.app.state.answer_ids.issued(context.answer_id, game):
        raise FieldError(422, "context.answer_id", NOT_ISSUED.format(game=shown(repr(game))))
    known = _section_paths(game, http.app.state.settings.corpus_dir)
    for index, section in enumerate(context.sections):
        if section not in known:
            raise FieldError(422, f"context.sections.{index}",
                             UNKNOWN_SECTION.format(section=shown(repr(section)), game=shown(repr(game))))
    return context.answer_id


@cache
def _section_paths(game: str, corpus_dir: Path) -> frozenset[str]:
    rulebook = known_rulebook(game, corpus_dir)
    _, contents = render_rulebook(split_front_matter(rulebook.path.read_text(encoding="utf-8"))[1])
    return frozenset(path for _, path, _ in contents)
