"""``TemplateMatcher.rank(floor=...)``: the templates that cannot reach the floor are left out, the others kept as
ranked without it (same matches, same order), which is all :meth:`Grounder._choose` reads."""

from __future__ import annotations

import pytest

from service.grounding import Grounder
from service.grounding.matching import MATCH_THRESHOLD, TemplateMatcher


@pytest.fixture(scope="module")
def matcher(grounder: Grounder) -> TemplateMatcher:
    matcher = TemplateMatcher(grounder.templates, grounder.recognisers)
    matcher.warm_up()
    return matcher


def _questions(grounder: Grounder) -> list[tuple[str, str]]:
    """Each template's phrasings, and each with its second half cut off (weaker, mixed matches)."""
    found = []
    for template in grounder.templates:
        for _, text in template.phrasings:
            words = text.split()
            found += [(template.game, text), (template.game, " ".join(words[: max(1, len(words) // 2)]))]
    return found


@pytest.mark.parametrize("floor", [MATCH_THRESHOLD, 0.2])
def test_a_floor_keeps_every_template_that_reaches_it_as_ranked_without_one(grounder: Grounder,
                                                                          matcher: TemplateMatcher, floor: float):
    left_out = 0
    for game, question in _questions(grounder):
        entities = grounder.entities(question, game)
        full = matcher.rank(question, game, entities)
        floored = matcher.rank(question, game, entities, floor=floor)
        assert [m for m in floored if m.score >= floor] == [m for m in full if m.score >= floor], question
        assert {m.template.path for m in floored} <= {m.template.path for m in full}
        left_out += len(full) - len(floored)
    assert left_out > 0  # the floor does leave templates out (their fit is never computed)
