"""Cut a rulebook into chunks by walking markdown-it-py tokens through a dispatch table.

Each token type maps to one handler (``_HANDLERS``); headings move the section
path, text blocks (paragraphs, list items, table cells, code) add sentences to
the current section. Offsets come from the tokens' line maps, located in the
file text, so every chunk and sentence is an exact slice of the file. A chunk
never crosses a section; a section longer than ``max_chars`` is cut between
sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from markdown_it import MarkdownIt
from markdown_it.token import Token

from index.sentences import split_sentences
from index.types import Chunk, Sentence, SourceSentence

if TYPE_CHECKING:
    # Annotation only: index.corpus calls source_sentences() to validate translations.
    from index.corpus import Rulebook

CHUNKER_VERSION = 1
"""Bump when chunk or sentence boundaries change: it invalidates persisted indexes."""

SECTION_SEPARATOR = " › "
"""Between the headings of a section path: ``"Emblèmes › Fin d’une manche"``."""


def section_title(path: str) -> str:
    """The section's own heading, the last part of its path."""
    return path.rsplit(SECTION_SEPARATOR, 1)[-1]

DEFAULT_MAX_CHARS = 600


@dataclass
class _Section:
    path: tuple[str, ...]
    heading: Sentence | None = None
    sentences: list[Sentence] = field(default_factory=list)


@dataclass(frozen=True)
class ChunkedRulebook:
    """A rulebook's chunks plus its number of sections (headings below the title)."""

    chunks: tuple[Chunk, ...]
    sections: int


def chunk_rulebook(rulebook: Rulebook, max_chars: int = DEFAULT_MAX_CHARS) -> ChunkedRulebook:
    """Chunk one rulebook.

    Args:
        rulebook: the loaded rules file.
        max_chars: longest chunk, in characters, before a section is cut between sentences.

    Returns:
        The chunks in file order and the section count.

    Raises:
        ValueError: when ``max_chars`` is not positive.
    """
    if max_chars < 1:
        raise ValueError(f"max_chars: expected a positive integer, got {max_chars!r}")
    walker = _walk(rulebook)
    chunks = [
        chunk
        for section in walker.sections
        for chunk in _pack(rulebook, section, max_chars)
    ]
    return ChunkedRulebook(chunks=tuple(chunks), sections=walker.heading_count)


def source_sentences(rulebook: Rulebook) -> tuple[SourceSentence, ...]:
    """Every heading and body sentence of a rulebook, in file order, with its section path.

    The sentences are exactly those the chunks hold, plus each heading's own
    text (which chunks only carry in their section path); this is the list a
    sentence-aligned translation must cover.
    """
    units = []
    for section in _walk(rulebook).sections:
        name = _section_name(rulebook, section)
        if section.heading is not None:
            units.append(SourceSentence(name, section.heading.start, section.heading.end, section.heading.text, True))
        units.extend(SourceSentence(name, s.start, s.end, s.text, False) for s in section.sentences)
    return tuple(units)


def _walk(rulebook: Rulebook) -> _TokenWalker:
    walker = _TokenWalker(rulebook.text, rulebook.body_start)
    walker.walk(MarkdownIt("commonmark").enable("table").parse(rulebook.body))
    return walker


def _section_name(rulebook: Rulebook, section: _Section) -> str:
    return SECTION_SEPARATOR.join(section.path) or rulebook.title


class _TokenWalker:
    """Collects sections and their sentences from a markdown-it token stream."""

    def __init__(self, text: str, body_start: int) -> None:
        self._text = text
        self._line_starts = _line_starts(text, body_start)
        self._line_cursor: dict[int, int] = {}
        self._heading_level = 0
        self._heading_stack: list[tuple[int, str]] = []
        self._list_depth = 0
        self._table_depth = 0
        self.sections: list[_Section] = [_Section(path=())]
        self.heading_count = 0
        self._handlers: dict[str, Callable[[Token], None]] = {
            "heading_open": self._heading_open,
            "heading_close": self._heading_close,
            "inline": self._inline,
            "bullet_list_open": self._list_open,
            "ordered_list_open": self._list_open,
            "bullet_list_close": self._list_close,
            "ordered_list_close": self._list_close,
            "table_open": self._table_open,
            "table_close": self._table_close,
            "fence": self._literal_block,
            "code_block": self._literal_block,
            "html_block": self._literal_block,
        }

    def walk(self, tokens: list[Token]) -> None:
        for token in tokens:
            handler = self._handlers.get(token.type)
            if handler is not None:
                handler(token)

    def _heading_open(self, token: Token) -> None:
        self._heading_level = int(token.tag[1:])

    def _heading_close(self, token: Token) -> None:
        self._heading_level = 0

    def _list_open(self, token: Token) -> None:
        self._list_depth += 1

    def _list_close(self, token: Token) -> None:
        self._list_depth -= 1

    def _table_open(self, token: Token) -> None:
        self._table_depth += 1

    def _table_close(self, token: Token) -> None:
        self._table_depth -= 1

    def _inline(self, token: Token) -> None:
        if self._heading_level:
            self._enter_heading(self._heading_level, _plain_text(token))
            segments = self._locate_lines(token.map[0], token.content) if token.map is not None else []
            if segments:
                start, end = segments[0][0], segments[-1][1]
                self.sections[-1].heading = Sentence(start, end, self._text[start:end])
            return
        if token.map is None:
            return
        segments = self._locate_lines(token.map[0], token.content)
        if not segments:
            return
        if self._list_depth or self._table_depth:
            # Each line of a list item or table row stands alone: labels such as
            # "Durée" / "30 min" carry no punctuation between them.
            for start, end in segments:
                self._add_span(start, end)
        else:
            self._add_span(segments[0][0], segments[-1][1])

    def _literal_block(self, token: Token) -> None:
        """Code and HTML have no prose sentences: each non-blank line stands alone."""
        if token.map is None:
            return
        first_line = token.map[0] + (1 if token.type == "fence" else 0)
        for start, end in self._locate_lines(first_line, token.content):
            self._add_span(start, end)

    def _enter_heading(self, level: int, title: str) -> None:
        while self._heading_stack and self._heading_stack[-1][0] >= level:
            self._heading_stack.pop()
        self._heading_stack.append((level, title))
        if len(self._heading_stack) > 1:
            self.heading_count += 1
        self.sections.append(_Section(path=tuple(title for _, title in self._heading_stack)))

    def _add_span(self, start: int, end: int) -> None:
        self.sections[-1].sentences.extend(split_sentences(self._text, start, end))

    def _locate_lines(self, first_line: int, content: str) -> list[tuple[int, int]]:
        """File spans of a token's content lines (prefixes such as ``- `` or ``> `` excluded)."""
        segments = []
        for offset, content_line in enumerate(content.split("\n")):
            needle = content_line.strip()
            if not needle:
                continue
            line_number = first_line + offset
            line_start = self._line_starts[line_number]
            line_end = self._text.find("\n", line_start)
            line_end = len(self._text) if line_end < 0 else line_end
            search_from = self._line_cursor.get(line_number, line_start)
            found = self._text.find(needle, search_from, line_end)
            if found < 0:
                raise ValueError(
                    f"chunker: expected {needle!r} on line {line_number} of the body, "
                    f"got {self._text[line_start:line_end]!r}"
                )
            self._line_cursor[line_number] = found + len(needle)
            segments.append((found, found + len(needle)))
        return segments


def _pack(rulebook: Rulebook, section: _Section, max_chars: int) -> list[Chunk]:
    """Group a section's sentences into chunks of at most ``max_chars`` (one sentence minimum)."""
    groups: list[list[Sentence]] = []
    for sentence in section.sentences:
        if groups and sentence.end - groups[-1][0].start <= max_chars:
            groups[-1].append(sentence)
        else:
            groups.append([sentence])
    path = _section_name(rulebook, section)
    return [
        Chunk(
            game=rulebook.id,
            section=path,
            source_path=rulebook.source_path,
            start=group[0].start,
            end=group[-1].end,
            text=rulebook.text[group[0].start : group[-1].end],
            sentences=tuple(group),
        )
        for group in groups
    ]


def _plain_text(inline: Token) -> str:
    """A heading's text without Markdown markup (emphasis, links, code ticks)."""
    parts = []
    for child in inline.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts).strip()


def _line_starts(text: str, body_start: int) -> list[int]:
    """File offset of each body line; one extra entry marks the end of the text."""
    starts = [body_start]
    position = text.find("\n", body_start)
    while position >= 0:
        starts.append(position + 1)
        position = text.find("\n", position + 1)
    starts.append(len(text))
    return starts

