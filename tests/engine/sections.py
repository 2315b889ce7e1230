"""Section paths and texts of a game's rulebook, as the index builds them (for engine tests)."""

from __future__ import annotations

from functools import cache

from markdown_it import MarkdownIt

from engine.core.citations import SECTION_SEPARATOR
from tests.engine.engines import rules_file


@cache
def corpus_sections(game: str) -> dict[str, str]:
    """Section path -> the section's own text (up to the next heading of any level)."""
    text = rules_file(game).read_text(encoding="utf-8")
    if text.startswith("---"):
        text = text[text.index("\n---", 3) + 4:]
    lines = text.splitlines()
    tokens = MarkdownIt().parse(text)
    headings = [
        (int(tok.tag[1]), tokens[i + 1].content, tok.map[0])
        for i, tok in enumerate(tokens) if tok.type == "heading_open"
    ]
    sections: dict[str, str] = {}
    path: list[str] = []
    for k, (level, title, line) in enumerate(headings):
        path = path[: level - 1] + [title]
        end = headings[k + 1][2] if k + 1 < len(headings) else len(lines)
        sections[SECTION_SEPARATOR.join(path)] = "\n".join(lines[line + 1:end])
    return sections
