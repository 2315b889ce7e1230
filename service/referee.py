"""The service's one domain object: the retriever plus the verified rulebook texts.

Routes and CLI commands call :class:`Referee`; it knows nothing of HTTP. It is
cheap to build; :meth:`Referee.warm_up` loads the index and the rulebook texts,
and :attr:`Referee.ready` tells whether that happened.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from service.answers import Answer, CorpusTexts, HitLike, compose_answer

ASK_RETRIEVAL_DEPTH = 5
"""Hits retrieved per question; the best few become citations."""


class RetrieverLike(Protocol):
    """What the service needs from ``index.Retriever`` (see docs/ARCHITECTURE.md)."""

    def warm_up(self) -> None: ...

    def rulebooks(self) -> Sequence[Any]: ...

    def run(self, query: str, game: str | None = None, k: int = 5) -> list[Any]: ...


class UnknownGameError(LookupError):
    """A request named a game the corpus does not hold."""

    def __init__(self, game: str, known: Sequence[str]) -> None:
        super().__init__(f"Unknown game {game!r}; known games: {', '.join(known)}")
        self.game = game
        self.known = tuple(known)


class Referee:
    """Answers and searches over the rulebooks of ``corpus_dir``.

    Args:
        retriever: an ``index.Retriever`` (or a test double with the same contract).
        corpus_dir: the folder the retriever indexes; quotes are verified against its files.
        max_citations: how many passages an answer cites at most.
    """

    def __init__(self, retriever: RetrieverLike, corpus_dir: Path, max_citations: int = 3) -> None:
        if not 1 <= max_citations <= ASK_RETRIEVAL_DEPTH:
            raise ValueError(f"max_citations: expected 1..{ASK_RETRIEVAL_DEPTH}, got {max_citations!r}")
        self.retriever = retriever
        self.corpus = CorpusTexts(corpus_dir)
        self.max_citations = max_citations
        self._ready = threading.Event()
        self._games: tuple[Any, ...] = ()

    def warm_up(self) -> None:
        """Load the index (building it if missing or stale) and the rulebook texts."""
        self.retriever.warm_up()
        self.corpus.load()
        self._games = tuple(self.retriever.rulebooks())
        self._ready.set()

    @property
    def ready(self) -> bool:
        return self._ready.is_set()

    def wait_until_ready(self, timeout_s: float) -> bool:
        """Block until :meth:`warm_up` finished or ``timeout_s`` passed; return readiness."""
        return self._ready.wait(timeout_s)

    def games(self) -> tuple[Any, ...]:
        """The rulebooks the retriever indexed (``index.types.RulebookInfo``), sorted by id."""
        return self._games

    def search(self, query: str, game: str | None, k: int) -> list[HitLike]:
        """The ``k`` best passages for ``query``, in one game or all.

        Raises:
            UnknownGameError: when ``game`` is not indexed.
        """
        if game is not None:
            self._check_game(game)
        return self.retriever.run(query, game=game, k=k)

    def ask(self, game: str, question: str, lang: str | None = None) -> Answer:
        """Answer ``question`` about ``game`` with verified quotes, or abstain.

        Raises:
            UnknownGameError: when ``game`` is not indexed.
            ValueError: when ``lang`` is neither ``"fr"``, ``"en"`` nor None.
        """
        self._check_game(game)
        hits = self.retriever.run(question, game=game, k=ASK_RETRIEVAL_DEPTH)
        return compose_answer(question, game, hits, self.corpus, lang=lang, max_citations=self.max_citations)

    def _check_game(self, game: str) -> None:
        known = [info.id for info in self._games]
        if game not in known:
            raise UnknownGameError(game, known)
