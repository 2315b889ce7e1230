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
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime, timezone
from typing import Any

from service.feedback import SqlStore

__all__ = ["POSTGRES_SCHEMES", "PostgresFeedbackStore", "apply_migrations", "migration_files"]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
_MIGRATION_LOCK = 0x41524249  # "ARBI": any constant shared by every Arbitre process


class PostgresFeedbackStore(SqlStore):
    """Feedback and asked questions in a PostgreSQL database (a :class:`service.feedback.Store`)."""

    placeholder = "%s"
    _empty_sections = "'[]'::jsonb"
    _utc_day = "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"

    def __init__(self, url: str) -> None:
        if not isinstance(url, str) or not url.startswith(POSTGRES_SCHEMES):
            raise ValueError(f"database_url: expected a postgresql:// URL, got {url!r}")
        self.url = url
        self._migrated = False

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        """A connection whose writes are committed on a clean exit, rolled back on error."""
        with self._connect() as connection:
            yield connection

    def _insert(self, sql: str, parameters: tuple) -> int:
        with self._connect() as connection:
            return int(connection.execute(self._sql(sql) + " RETURNING id", parameters).fetchone()[0])

    def _reading(self) -> AbstractContextManager[Any]:
        return self._connect()

    def _sections(self, sections: Sequence[str]) -> Any:
        from psycopg.types.json import Jsonb

        return Jsonb(list(sections))

    def _read_sections(self, raw: list[str]) -> list[str]:
        return raw

    def _flag(self, value: bool) -> bool:
        return bool(value)

    def _moment(self, now: datetime | None) -> datetime:
        return _now(now)

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


def _now(now: datetime | None) -> datetime:
    return now or datetime.now(timezone.utc)
