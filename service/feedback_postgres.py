"""The feedback store in PostgreSQL, selected by ``ARBITRE_DATABASE_URL=postgresql://…``.

Same contract as the SQLite :class:`service.feedback.FeedbackStore` (the same
tests run against both, ``tests/scale/test_store_contract.py``): a write returns
once its transaction is committed (``synchronous_commit`` on, PostgreSQL's
default), so an acknowledged row survives a ``kill -9`` of the server.

Migrations are the numbered ``*.sql`` files of ``service/migrations/postgresql``,
applied in order on first use, each in its own transaction recorded in
``schema_migrations``; an advisory lock makes concurrent workers apply each once.
One short connection per call, as with SQLite (no pool to share across threads).
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any

from service.feedback import (
    DailyActivity,
    Feedback,
    FeedbackSummary,
    QuestionCount,
    UnhelpfulAnswer,
    _first_day,
    _require_text,
    daily_series,
    group_by_answer,
    question_key,
)

__all__ = ["POSTGRES_SCHEMES", "PostgresFeedbackStore", "apply_migrations", "migration_files"]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
_MIGRATION_LOCK = 0x41524249  # "ARBI": any constant shared by every Arbitre process


class PostgresFeedbackStore:
    """Feedback and asked questions in a PostgreSQL database (a :class:`service.feedback.Store`)."""

    def __init__(self, url: str) -> None:
        if not isinstance(url, str) or not url.startswith(POSTGRES_SCHEMES):
            raise ValueError(f"database_url: expected a postgresql:// URL, got {url!r}")
        self.url = url
        self._migrated = False

    def add_feedback(self, feedback: Feedback, *, now: datetime | None = None) -> int:
        """Store ``feedback`` and return its id once committed."""
        from psycopg.types.json import Jsonb

        return self._insert(
            "INSERT INTO feedback (created_at, game, question, question_key, answer_id, sections, helpful, comment)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s) RETURNING id",
            (_now(now), feedback.game, feedback.question, question_key(feedback.question), feedback.answer_id,
             Jsonb(list(feedback.sections)), bool(feedback.helpful), feedback.comment),
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
        from psycopg.types.json import Jsonb

        _require_text("game", game)
        _require_text("question", question)
        return self._insert(
            "INSERT INTO questions (created_at, game, question, question_key, answer_id, abstained, sections, follow_up_of)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s) RETURNING id",
            (_now(now), game, question, question_key(question), answer_id, bool(abstained), Jsonb(list(sections)),
             follow_up_of),
        )

    def count_feedback(self) -> int:
        with self._connect() as connection:
            return connection.execute("SELECT COUNT(*) FROM feedback").fetchone()[0]

    def count_questions(self) -> int:
        with self._connect() as connection:
            return connection.execute("SELECT COUNT(*) FROM questions").fetchone()[0]

    def summary(self, game: str, *, limit: int = 10) -> FeedbackSummary:
        """Most asked questions, unhelpful answers and abstained questions for ``game``."""
        _require_text("game", game)
        if limit < 1:
            raise ValueError(f"limit: expected a positive integer, got {limit}")
        with self._connect() as connection:
            asked = connection.execute("SELECT COUNT(*) FROM questions WHERE game = %s", (game,)).fetchone()[0]
            rated = connection.execute("SELECT COUNT(*) FROM feedback WHERE game = %s", (game,)).fetchone()[0]
            most_asked = _question_counts(connection, game, limit, abstained_only=False)
            abstained = _question_counts(connection, game, limit, abstained_only=True)
            unhelpful = _unhelpful_answers(connection, game, limit)
        return FeedbackSummary(game, asked, rated, most_asked, unhelpful, abstained)

    def activity(self, game: str, *, days: int = 30, now: datetime | None = None) -> list[DailyActivity]:
        """Questions and feedback per UTC day over the last ``days`` days (today included), oldest first."""
        first_day = _first_day(game, days, now)
        since = datetime(first_day.year, first_day.month, first_day.day, tzinfo=timezone.utc)
        utc_day = "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
        with self._connect() as connection:
            asked = connection.execute(
                f"SELECT {utc_day}, COUNT(*), COUNT(*) FILTER (WHERE abstained) FROM questions"
                " WHERE game = %s AND created_at >= %s GROUP BY 1", (game, since)).fetchall()
            rated = connection.execute(
                f"SELECT {utc_day}, COUNT(*) FILTER (WHERE helpful), COUNT(*) FILTER (WHERE NOT helpful) FROM feedback"
                " WHERE game = %s AND created_at >= %s GROUP BY 1", (game, since)).fetchall()
        return daily_series(first_day, days, asked, rated)

    placeholder = "%s"

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        """A connection whose writes are committed on a clean exit, rolled back on error."""
        with self._connect() as connection:
            yield connection

    def _insert(self, sql: str, parameters: tuple) -> int:
        with self._connect() as connection:
            return int(connection.execute(sql, parameters).fetchone()[0])

    def _connect(self):
        import psycopg

        connection = psycopg.connect(self.url)
        if not self._migrated:
            apply_migrations(connection)
            self._migrated = True
        return connection


def migration_files() -> list[tuple[str, str]]:
    """``(version, sql)`` of every migration, in version order (the file name's numeric prefix)."""
    folder = importlib.resources.files("service.migrations") / "postgresql"
    files = sorted((entry.name, entry) for entry in folder.iterdir() if entry.name.endswith(".sql"))
    return [(name.removesuffix(".sql"), entry.read_text(encoding="utf-8")) for name, entry in files]


def apply_migrations(connection) -> list[str]:
    """Apply the migrations ``connection``'s database lacks; returns the versions applied now."""
    applied_now = []
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
        connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)"
        )
        done = {row[0] for row in connection.execute("SELECT version FROM schema_migrations")}
        for version, sql in migration_files():
            if version in done:
                continue
            connection.execute(sql)
            connection.execute("INSERT INTO schema_migrations VALUES (%s, %s)", (version, _now(None)))
            applied_now.append(version)
    return applied_now


def _question_counts(connection, game: str, limit: int, *, abstained_only: bool) -> list[QuestionCount]:
    condition = "AND abstained" if abstained_only else ""
    rows = connection.execute(
        f"SELECT MIN(question), COUNT(*) AS n FROM questions WHERE game = %s {condition}"
        " GROUP BY question_key ORDER BY n DESC, MIN(id) LIMIT %s",
        (game, limit),
    ).fetchall()
    return [QuestionCount(question, count) for question, count in rows]


def _unhelpful_answers(connection, game: str, limit: int) -> list[UnhelpfulAnswer]:
    groups = connection.execute(
        "SELECT question_key, MIN(question), COUNT(*) FILTER (WHERE NOT helpful), COUNT(*) FILTER (WHERE helpful)"
        " FROM feedback WHERE game = %s GROUP BY question_key HAVING COUNT(*) FILTER (WHERE NOT helpful) > 0"
        " ORDER BY 3 DESC, MIN(id) LIMIT %s",
        (game, limit),
    ).fetchall()
    answers = []
    for key, question, unhelpful, helpful in groups:
        details = connection.execute(
            # Feedback sent with only an answer_id takes the sections recorded when it was asked.
            "SELECT COALESCE(NULLIF(f.sections, '[]'::jsonb), q.sections, '[]'::jsonb), f.comment FROM feedback AS f"
            " LEFT JOIN questions AS q ON q.answer_id = f.answer_id"
            " WHERE f.game = %s AND f.question_key = %s AND NOT f.helpful ORDER BY f.id DESC",
            (game, key),
        ).fetchall()
        sections = dict.fromkeys(section for raw, _ in details for section in raw)
        comments = tuple(comment for _, comment in details if comment)
        answers.append(UnhelpfulAnswer(question, int(unhelpful), int(helpful), tuple(sections), comments[:5],
                                       group_by_answer(details)))
    return answers


def _now(now: datetime | None) -> datetime:
    return now or datetime.now(timezone.utc)
