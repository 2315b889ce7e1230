"""Durable inserts from many threads, committed together: one disk sync per batch, not per row.

``/v1/ask`` logs every answered question before replying, synced to disk so a
crash never loses an answered question's row. One transaction per row costs one
``fsync`` (plus a WAL checkpoint when the connection closes): on this project's
machines that capped the store near 25 rows per second from one thread, and
``/v1/ask`` with it. Here the rows that arrive while a commit is running wait
and are committed together by the next one (group commit, as PostgreSQL and
InnoDB do): each caller still returns only once its own row is on disk.

One connection, held open, does all the writing (SQLite has one writer at a
time anyway); each row runs in its own savepoint, so a row that fails (a
constraint) fails alone and the others of its batch are kept.

Usage::

    writer = GroupCommit(lambda: sqlite3.connect(path, isolation_level=None))
    row_id = writer.insert("INSERT INTO t (a) VALUES (?)", (1,))
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["GroupCommit"]


@dataclass
class _Row:
    sql: str
    parameters: tuple
    row_id: int | None = None
    error: BaseException | None = None
    done: bool = False


class GroupCommit:
    """Commits the inserts of concurrent threads in shared transactions.

    Args:
        connect: opens the writing connection, in autocommit mode
            (``isolation_level=None``) with the durability pragmas already set;
            called again after a fork (a connection must not cross processes)
            or after a failed commit.
    """

    def __init__(self, connect: Callable[[], sqlite3.Connection]) -> None:
        self._connect = connect
        self._connection: sqlite3.Connection | None = None
        self._pid = 0
        self._pending: list[_Row] = []
        self._writing = False
        self._condition = threading.Condition()

    def insert(self, sql: str, parameters: tuple) -> int:
        """Run one ``INSERT`` and return its row id once it is committed and synced.

        Raises:
            sqlite3.Error: the row failed, or its batch could not be committed.
        """
        row = _Row(sql, parameters)
        with self._condition:
            self._pending.append(row)
            # A row is pending until a batch takes it; once no batch is being
            # written, a row not yet done is still pending and its thread writes.
            while not row.done and self._writing:
                self._condition.wait()
            if not row.done:
                batch, self._pending = self._pending, []
                self._writing = True
        if not row.done:
            try:
                self._commit(batch)
            finally:
                with self._condition:
                    self._writing = False
                    self._condition.notify_all()
        if row.error is not None:
            raise row.error
        return row.row_id  # type: ignore[return-value]  # done without error: set by _commit

    def _commit(self, batch: list[_Row]) -> None:
        try:
            connection = self._writer()
            connection.execute("BEGIN IMMEDIATE")
            for row in batch:
                connection.execute("SAVEPOINT row")
                try:
                    row.row_id = int(connection.execute(row.sql, row.parameters).lastrowid)
                except sqlite3.Error as error:
                    connection.execute("ROLLBACK TO row")
                    row.error = error
                connection.execute("RELEASE row")
            connection.execute("COMMIT")
        except BaseException as error:
            self._discard()
            for row in batch:
                row.row_id, row.error = None, row.error or error
            if not isinstance(error, Exception):
                raise
        finally:
            with self._condition:
                for row in batch:
                    row.done = True

    def _writer(self) -> sqlite3.Connection:
        if self._connection is None or self._pid != os.getpid():
            self._connection = self._connect()
            self._pid = os.getpid()
        return self._connection

    def _discard(self) -> None:
        """Drop the writing connection after a failure (its transaction rolled back with it)."""
        if self._connection is not None and self._pid == os.getpid():
            try:
                self._connection.close()
            except sqlite3.Error:
                pass
        self._connection = None
