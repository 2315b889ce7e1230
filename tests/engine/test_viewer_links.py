"""Every section an engine cites is a heading of the rules viewer with its own anchor, so a trace's
citation deep-links to ``/games/<game>#<anchor>``."""

from __future__ import annotations

import pytest

from service.api.routes.viewer import render_rulebook, section_anchor, split_front_matter
from tests.engine.engines import ENGINES, citations, rules_file


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_cited_section_has_a_viewer_anchor(game):
    _, body = split_front_matter(rules_file(game).read_text(encoding="utf-8"))
    html, contents = render_rulebook(body)
    anchors = {path: anchor for _, path, anchor in contents}
    for _, citation in citations(game):
        assert citation.section in anchors, f"{citation.section!r} is no heading of the viewer page"
        assert anchors[citation.section] == section_anchor(citation.section), f"{citation.section!r}: its anchor is taken twice"
        assert f'id="{section_anchor(citation.section)}"' in html
