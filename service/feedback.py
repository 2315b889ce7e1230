"""Durable store of player feedback and asked questions, and the designers' summary.

SQLite in WAL mode with ``synchronous=FULL``: once :meth:`FeedbackStore.add_feedback`
returns, the row is on disk and survives a ``kill -9`` of the server (WAL alone
with ``synchronous=NORMAL`` could lose the last commits on power loss). Writes go
through one held-open connection that commits the rows of concurrent requests
together (:mod:`service.group_commit`: one sync per batch, each caller returns
once its row is on disk); reads use one short connection per call, which keeps
the store safe to use from FastAPI's thread pool.

No personal data is stored: no IP address, no user agent, only what the player
typed (e-mail addresses, phone numbers and URLs redacted, :mod:`service.redaction`)
and what Arbitre answered. Routes call :func:`record_asked_question` and
:func:`submit_feedback`, which redact; the store itself (:class:`FeedbackStore`,
or any :class:`Store`) writes what it is given.

Usage::

    store = FeedbackStore(Path("var/feedback.sqlite3"))
    store.add_feedback(Feedback(game="emblemes", question="Qui commence ?",
                                helpful=False, answer_id="a1"))
    store.summary("emblemes").unhelpful[0].question
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, closing, contextmanager
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta, timezone
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from service.core.config import Settings
from service.group_commit import GroupCommit
from service.redaction import redact

__all__ = [
    "COMMENT_MAX_CHARS",
    "AnswerComments",
    "DailyActivity",
    "Feedback",
    "FeedbackStore",
    "FeedbackSummary",
    "QuestionCount",
    "SqlStore",
    "Store",
    "UnhelpfulAnswer",
    "daily_series",
    "group_by_answer",
    "question_key",
    "record_asked_question",
    "store_for",
    "submit_feedback",
]

COMMENT_MAX_CHARS = 2_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL,
    game TEXT NOT NULL,
    question TEXT NOT NULL,
    question_key TEXT NOT NULL,
    answer_id TEXT,
    sections TEXT NOT NULL,
    helpful INTEGER NOT NULL,
    comment TEXT
);
CREATE INDEX IF NOT EXISTS feedback_game ON feedback (game, question_key);
CREATE TABLE IF NOT EXISTS questions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL,
    game TEXT NOT NULL,
    question TEXT NOT NULL,
    question_key TEXT NOT NULL,
    answer_id TEXT,
    abstained INTEGER NOT NULL,
    sections TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS questions_game ON questions (game, question_key);
CREATE INDEX IF NOT EXISTS questions_answer ON questions (answer_id);
CREATE TABLE IF NOT EXISTS sites (
    origin TEXT PRIMARY KEY,
    games TEXT NOT NULL,
    added_at TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class Feedback:
    """One player's verdict on one answer; ``answer_id`` or ``sections`` identifies it."""

    game: str
    question: str
    helpful: bool
    answer_id: str | None = None
    sections: tuple[str, ...] = ()
    comment: str | None = None

    def __post_init__(self) -> None:
        _require_text("game", self.game)
        _require_text("question", self.question)
        if not isinstance(self.helpful, bool):
            raise ValueError(f"helpful: expected a bool, got {self.helpful!r}")
        if self.answer_id is None and not self.sections:
            raise ValueError("answer_id or sections: expected at least one, got neither")
        if self.comment is not None and len(self.comment) > COMMENT_MAX_CHARS:
            raise ValueError(f"comment: expected at most {COMMENT_MAX_CHARS} characters, got {len(self.comment)}")


@dataclass(frozen=True)
class QuestionCount:
    """A question (as first phrased) and how often it, or a trivial variant, was asked."""

    question: str
    count: int


@dataclass(frozen=True)
class AnswerComments:
    """The 👎 on one answer to a question, the answer named by the sections it cited, with their comments."""

    sections: tuple[str, ...]
    unhelpful: int
    comments: tuple[str, ...]


@dataclass(frozen=True)
class UnhelpfulAnswer:
    """A question whose answers players marked unhelpful, with their comments, also grouped by answer."""

    question: str
    unhelpful: int
    helpful: int
    sections: tuple[str, ...]
    comments: tuple[str, ...]
    answers: tuple[AnswerComments, ...] = ()


@dataclass(frozen=True)
class DailyActivity:
    """One UTC day of a game: questions asked (and abstained on), and feedback received."""

    day: str
    asked: int = 0
    abstained: int = 0
    helpful: int = 0
    unhelpful: int = 0


@dataclass(frozen=True)
class FeedbackSummary:
    """What a designer reads: demand, dissatisfaction and the rulebook's gaps."""

    game: str
    questions_recorded: int
    feedback_recorded: int
    most_asked: list[QuestionCount] = field(default_factory=list)
    unhelpful: list[UnhelpfulAnswer] = field(default_factory=list)
    abstained: list[QuestionCount] = field(default_factory=list)


class Store(Protocol):
    """What the routes and the CLI need of a feedback store: :class:`FeedbackStore` (SQLite, the default) or
    :class:`service.feedback_postgres.PostgresFeedbackStore` (``ARBITRE_DATABASE_URL=postgresql://…``)."""

    def add_feedback(self, feedback: Feedback, *, now: datetime | None = None) -> int: ...

    def record_question(self, *, game: str, question: str, answer_id: str | None, abstained: bool,
                        sections: Sequence[str], now: datetime | None = None, follow_up_of: str | None = None) -> int: ...

    def count_feedback(self) -> int: ...

    def count_questions(self) -> int: ...

    def summary(self, game: str, *, limit: int = 10) -> FeedbackSummary: ...

    def activity(self, game: str, *, days: int = 30, now: datetime | None = None) -> list[DailyActivity]: ...

    placeholder: str
    """The driver's parameter marker, for the other tables of the database (:mod:`service.sites`)."""

    def transaction(self) -> AbstractContextManager[Any]: ...


class SqlStore:
    """The store's queries, written once with ``?`` markers; a subclass says how its database differs.

    A subclass provides the connections (:meth:`_reading`, :meth:`_insert`) and the few
    spellings that differ between SQLite and PostgreSQL: how a list of sections, a flag and
    a moment are stored, the empty list as an SQL literal, and a row's UTC day.
    """

    placeholder: str
    """The driver's parameter marker, for the other tables of the database (:mod:`service.sites`)."""
    _empty_sections: str
    """An empty list of sections as an SQL literal of the column's type."""
    _utc_day: str
    """SQL for a row's ``created_at`` as its UTC day, ``YYYY-MM-DD``."""

    def add_feedback(self, feedback: Feedback, *, now: datetime | None = None) -> int:
        """Store ``feedback`` durably and return its id (the write is on disk when this returns)."""
        return self._insert(
            "INSERT INTO feedback (created_at, game, question, question_key, answer_id, sections, helpful, comment)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (self._moment(now), feedback.game, feedback.question, question_key(feedback.question),
             feedback.answer_id, self._sections(feedback.sections), self._flag(feedback.helpful), feedback.comment),
        )

    def record_question(
        self,
        *,
        game: str,
        question: str,
        answer_id: str | None,
        abstained: bool,
        sections: Sequence[str],
        now: datetime | None = None,
        follow_up_of: str | None = None,
    ) -> int:
        """Record one asked question and what was answered (``follow_up_of``: the answer it continues); returns the row id."""
        _require_text("game", game)
        _require_text("question", question)
        return self._insert(
            "INSERT INTO questions (created_at, game, question, question_key, answer_id, abstained, sections, follow_up_of)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (self._moment(now), game, question, question_key(question), answer_id, self._flag(abstained),
             self._sections(sections), follow_up_of),
        )

    def count_feedback(self) -> int:
        """Number of feedback rows stored (all games)."""
        with self._reading() as connection:
            return connection.execute("SELECT COUNT(*) FROM feedback").fetchone()[0]

    def count_questions(self) -> int:
        """Number of recorded questions stored (all games)."""
        with self._reading() as connection:
            return connection.execute("SELECT COUNT(*) FROM questions").fetchone()[0]

    def summary(self, game: str, *, limit: int = 10) -> FeedbackSummary:
        """Most asked questions, unhelpful answers and abstained questions for ``game``."""
        _require_text("game", game)
        if limit < 1:
            raise ValueError(f"limit: expected a positive integer, got {limit}")
        with self._reading() as connection:
            questions_recorded = self._one(connection, "SELECT COUNT(*) FROM questions WHERE game = ?", game)
            feedback_recorded = self._one(connection, "SELECT COUNT(*) FROM feedback WHERE game = ?", game)
            most_asked = self._question_counts(connection, game, limit, abstained_only=False)
            abstained = self._question_counts(connection, game, limit, abstained_only=True)
            unhelpful = self._unhelpful_answers(connection, game, limit)
        return FeedbackSummary(game, questions_recorded, feedback_recorded, most_asked, unhelpful, abstained)

    def activity(self, game: str, *, days: int = 30, now: datetime | None = None) -> list[DailyActivity]:
        """Questions and feedback per UTC day over the last ``days`` days (today included), oldest first."""
        first_day = _first_day(game, days, now)
        since = self._moment(datetime(first_day.year, first_day.month, first_day.day, tzinfo=timezone.utc))
        with self._reading() as connection:
            asked = connection.execute(self._sql(
                f"SELECT {self._utc_day}, COUNT(*), COUNT(*) FILTER (WHERE abstained) FROM questions"
                " WHERE game = ? AND created_at >= ? GROUP BY 1"), (game, since)).fetchall()
            rated = connection.execute(self._sql(
                f"SELECT {self._utc_day}, COUNT(*) FILTER (WHERE helpful), COUNT(*) FILTER (WHERE NOT helpful)"
                " FROM feedback WHERE game = ? AND created_at >= ? GROUP BY 1"), (game, since)).fetchall()
        return daily_series(first_day, days, asked, rated)

    def _question_counts(self, connection: Any, game: str, limit: int, *, abstained_only: bool) -> list[QuestionCount]:
        condition = "AND abstained" if abstained_only else ""
        rows = connection.execute(self._sql(
            f"SELECT MIN(question), COUNT(*) AS n FROM questions WHERE game = ? {condition}"
            " GROUP BY question_key ORDER BY n DESC, MIN(id) LIMIT ?"), (game, limit)).fetchall()
        return [QuestionCount(question, count) for question, count in rows]

    def _unhelpful_answers(self, connection: Any, game: str, limit: int) -> list[UnhelpfulAnswer]:
        groups = connection.execute(self._sql(
            "SELECT question_key, MIN(question), COUNT(*) FILTER (WHERE NOT helpful), COUNT(*) FILTER (WHERE helpful)"
            " FROM feedback WHERE game = ? GROUP BY question_key HAVING COUNT(*) FILTER (WHERE NOT helpful) > 0"
            " ORDER BY 3 DESC, MIN(id) LIMIT ?"), (game, limit)).fetchall()
        answers = []
        for key, question, unhelpful, helpful in groups:
            details = connection.execute(self._sql(
                # Feedback sent with only an answer_id takes the sections recorded when it was asked.
                f"SELECT COALESCE(NULLIF(f.sections, {self._empty_sections}), q.sections, {self._empty_sections}),"
                " f.comment FROM feedback AS f LEFT JOIN questions AS q ON q.answer_id = f.answer_id"
                " WHERE f.game = ? AND f.question_key = ? AND NOT f.helpful ORDER BY f.id DESC"), (game, key)).fetchall()
            rows = [(self._read_sections(raw), comment) for raw, comment in details]
            sections = dict.fromkeys(section for cited, _ in rows for section in cited)
            comments = tuple(comment for _, comment in rows if comment)
            answers.append(UnhelpfulAnswer(question, int(unhelpful), int(helpful), tuple(sections), comments[:5],
                                           group_by_answer(rows)))
        return answers

    def _one(self, connection: Any, sql: str, *parameters: Any) -> Any:
        return connection.execute(self._sql(sql), parameters).fetchone()[0]

    def _sql(self, sql: str) -> str:
        return sql.replace("?", self.placeholder)

    def _insert(self, sql: str, parameters: tuple) -> int:
        """Run one ``INSERT`` (written with ``?``) durably and return the new row's id."""
        raise NotImplementedError

    def _reading(self) -> AbstractContextManager[Any]:
        """A connection for reads, closed on exit."""
        raise NotImplementedError

    def _sections(self, sections: Sequence[str]) -> Any:
        raise NotImplementedError

    def _read_sections(self, raw: Any) -> list[str]:
        raise NotImplementedError

    def _flag(self, value: bool) -> Any:
        raise NotImplementedError

    def _moment(self, now: datetime | None) -> Any:
        raise NotImplementedError


class FeedbackStore(SqlStore):
    """Feedback and asked questions in one SQLite file (created with its folder on first use).

    Every write is committed with ``synchronous=FULL`` before the method returns.
    """

    placeholder = "?"
    _empty_sections = "'[]'"
    _utc_day = "substr(created_at, 1, 10)"

    def __init__(self, path: Path) -> None:
        if not str(path):
            raise ValueError("feedback_db: expected a file path, got an empty path")
        self.path = Path(path)
        self._schema_ready = False
        self._writes = GroupCommit(self._write_connection)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A connection whose writes are committed (and synced) on a clean exit, rolled back on error."""
        with closing(self._connect()) as connection:
            with connection:
                yield connection

    def _insert(self, sql: str, parameters: tuple) -> int:
        return self._writes.insert(sql, parameters)

    def _reading(self) -> AbstractContextManager[sqlite3.Connection]:
        return closing(self._connect())

    def _sections(self, sections: Sequence[str]) -> str:
        return json.dumps(list(sections), ensure_ascii=False)

    def _read_sections(self, raw: str) -> list[str]:
        return json.loads(raw)

    def _flag(self, value: bool) -> int:
        return int(bool(value))

    def _moment(self, now: datetime | None) -> str:
        return (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")

    def _write_connection(self) -> sqlite3.Connection:
        connection = self._connect(check_same_thread=False)  # GroupCommit lets one thread at a time use it
        connection.isolation_level = None  # GroupCommit opens and commits its own transactions
        return connection

    def _connect(self, check_same_thread: bool = True) -> sqlite3.Connection:
        if not self._schema_ready:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, timeout=30, check_same_thread=check_same_thread)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        if not self._schema_ready:
            connection.executescript(_SCHEMA)
            _add_missing_columns(connection)
            self._schema_ready = True
        return connection


@cache
def store_for(path: Path) -> Store:
    """The one store per database file, shared by the routes of a process."""
    return FeedbackStore(path)


def record_asked_question(
    settings: Settings,
    *,
    game: str,
    question: str,
    answer_id: str | None,
    abstained: bool,
    sections: Sequence[str],
    follow_up_of: str | None = None,
) -> int | None:
    """Called by ``/v1/ask`` before answering; does nothing when ``record_questions`` is off.

    The question is stored redacted, and on disk when this returns.

    Returns:
        The stored row id, or None when recording is turned off.
    """
    if not settings.record_questions:
        return None
    from service.stores import feedback_store  # service.stores imports this module

    return feedback_store(settings).record_question(
        game=game, question=redact(question), answer_id=answer_id, abstained=abstained, sections=sections,
        follow_up_of=follow_up_of)


def submit_feedback(settings: Settings, feedback: Feedback) -> int:
    """Store ``feedback`` with its question and comment redacted; returns its id once it is on disk."""
    redacted = replace(feedback, question=redact(feedback.question),
                       comment=redact(feedback.comment) if feedback.comment else feedback.comment)
    from service.stores import feedback_store

    return feedback_store(settings).add_feedback(redacted)


def group_by_answer(rows: Sequence[tuple[Sequence[str], str | None]]) -> tuple[AnswerComments, ...]:
    """The 👎 rows of one question, ``(cited sections, comment)`` newest first, grouped by answer.

    Two answers are the same when they cite the same sections: the question's wording
    varies, the index changes, and players comment on what they were shown.
    Most disliked first; at most five comments each, newest first.
    """
    groups: dict[tuple[str, ...], tuple[list[int], list[str]]] = {}
    for sections, comment in rows:
        count, comments = groups.setdefault(tuple(sections), ([0], []))
        count[0] += 1
        if comment:
            comments.append(comment)
    ordered = sorted(groups.items(), key=lambda item: -item[1][0][0])
    return tuple(AnswerComments(sections, count[0], tuple(comments[:5])) for sections, (count, comments) in ordered)


def daily_series(first_day: date, days: int, asked: Sequence[Sequence], rated: Sequence[Sequence]) -> list[DailyActivity]:
    """Every day from ``first_day`` on, zeros included, from rows ``(day, asked, abstained)`` and ``(day, 👍, 👎)``."""
    by_day = {(first_day + timedelta(days=offset)).isoformat(): DailyActivity((first_day + timedelta(days=offset)).isoformat())
              for offset in range(days)}
    for day, count, abstained in asked:
        if str(day) in by_day:
            by_day[str(day)] = replace(by_day[str(day)], asked=int(count), abstained=int(abstained or 0))
    for day, helpful, unhelpful in rated:
        if str(day) in by_day:
            by_day[str(day)] = replace(by_day[str(day)], helpful=int(helpful or 0), unhelpful=int(unhelpful or 0))
    return list(by_day.values())


def question_key(question: str) -> str:
    """Group trivial variants of a question: case, spacing and final punctuation ignored."""
    collapsed = re.sub(r"\s+", " ", question.casefold()).strip()
    return collapsed.rstrip(" ?!.").strip()


def _add_missing_columns(connection: sqlite3.Connection) -> None:
    """Columns added after a database file was created (PostgreSQL has numbered migrations instead)."""
    columns = {row[1] for row in connection.execute("PRAGMA table_info(questions)")}
    if "follow_up_of" not in columns:
        try:
            with connection:
                connection.execute("ALTER TABLE questions ADD COLUMN follow_up_of TEXT")
        except sqlite3.OperationalError as error:  # another process added it meanwhile
            if "duplicate column" not in str(error):
                raise


def _require_text(name: str, value: object) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name}: expected a non-empty string, got {value!r}")


def _first_day(game: str, days: int, now: datetime | None) -> date:
    _require_text("game", game)
    if not isinstance(days, int) or days < 1:
        raise ValueError(f"days: expected a positive integer, got {days!r}")
    return (now or datetime.now(timezone.utc)).astimezone(timezone.utc).date() - timedelta(days=days - 1)
