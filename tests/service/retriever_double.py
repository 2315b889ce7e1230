"""A small word-overlap retriever with ``index.Retriever``'s contract, for service tests.

It reads the real corpus (so quotes are checked against real files) but needs no
model and no index build: passages are the Markdown paragraphs of each section,
scored by the share of the query's content words they contain.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from index.sentences import split_sentences
from index.types import Hit, RulebookInfo, ScoredSentence
from language import content_stems

_HEADING = re.compile(r"^(#{1,6}) (.+)$")


class WordOverlapRetriever:
    """Test double of ``index.Retriever``: cheap init, corpus read in :meth:`warm_up`."""

    def __init__(self, corpus_dir: Path, fail_warm_up: bool = False) -> None:
        self.corpus_dir = Path(corpus_dir)
        self.fail_warm_up = fail_warm_up
        self.warmed_up = False
        self._passages: list[tuple[str, str, str, int, int, str]] = []
        self._infos: list[RulebookInfo] = []
        self._texts: dict[str, str] = {}

    def warm_up(self) -> None:
        if self.fail_warm_up:
            raise RuntimeError("index files are corrupt")
        for rules in sorted(self.corpus_dir.glob("*/rules.md")):
            self._read(rules)
        self.warmed_up = True

    def rulebooks(self) -> list[RulebookInfo]:
        return list(self._infos)

    def run(self, query: str, game: str | None = None, k: int = 5, language: str | None = None) -> list[Hit]:
        query_stems = set(content_stems(query))
        hits = []
        for passage_game, section, path, start, end, text in self._passages:
            if game is not None and passage_game != game:
                continue
            overlap = _overlap(query_stems, text)
            sentences = tuple(
                ScoredSentence(sentence.start, sentence.end, sentence.text, _overlap(query_stems, sentence.text))
                for sentence in split_sentences(self._texts[path], start, end)
            )
            hits.append(Hit(passage_game, section, text, overlap, (path, start, end), overlap, overlap, sentences))
        hits.sort(key=lambda hit: -hit.score)
        return hits[:k]

    def _read(self, rules: Path) -> None:
        text = rules.read_text(encoding="utf-8")
        path = str(rules)
        self._texts[path] = text
        front_matter_end = text.index("\n---\n", 4) + 5
        meta = yaml.safe_load(text[4:front_matter_end - 5])
        headings: list[str] = []
        sections = 0
        offset = front_matter_end
        for block in text[front_matter_end:].split("\n\n"):
            start = text.index(block, offset)
            offset = start + len(block)
            match = _HEADING.match(block.strip())
            if match:
                level = len(match.group(1))
                headings = headings[: level - 1] + [match.group(2)]
                sections += level > 1
            elif block.strip():
                stripped_start = start + len(block) - len(block.lstrip())
                stripped_end = start + len(block.rstrip())
                self._passages.append(
                    (meta["id"], " › ".join(headings), path, stripped_start, stripped_end, text[stripped_start:stripped_end])
                )
        self._infos.append(RulebookInfo(meta["id"], meta["title"], meta["language"], meta["players"], sections))


def _overlap(query_stems: set[str], text: str) -> float:
    if not query_stems:
        return 0.0
    return len(query_stems & set(content_stems(text))) / len(query_stems)
