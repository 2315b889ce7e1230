"""Group commit: concurrent inserts share transactions, each returns once its row is committed."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from service.group_commit import GroupCommit

INSERT = "INSERT INTO rows (value) VALUES (?)"


def connector(path: Path, statements: list[str], first_begin: threading.Event | None = None,
              release: threading.Event | None = None):
    """Opens the writing connection; records every statement; can hold the first BEGIN until released."""

    def connect() -> sqlite3.Connection:
        connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, value INTEGER UNIQUE)")

        def trace(sql: str) -> None:
            statements.append(sql)
            if sql == "BEGIN IMMEDIATE" and first_begin is not None and not first_begin.is_set():
                first_begin.set()
                assert release is not None and release.wait(30)

        connection.set_trace_callback(trace)
        return connection

    return connect


def stored(path: Path) -> list[int]:
    with sqlite3.connect(path) as reader:
        return [value for (value,) in reader.execute("SELECT value FROM rows ORDER BY value")]


def test_rows_arriving_during_a_commit_are_committed_together(tmp_path: Path) -> None:
    statements: list[str] = []
    first_begin, release = threading.Event(), threading.Event()
    writer = GroupCommit(connector(tmp_path / "db", statements, first_begin, release))
    ids: list[int] = []
    failures: list[BaseException] = []

    def insert(value: int) -> None:
        try:
            ids.append(writer.insert(INSERT, (value,)))
        except sqlite3.IntegrityError as error:
            failures.append(error)

    # Eight rows and a ninth repeating a unique value: it fails alone, inside the shared batch.
    threads = [threading.Thread(target=insert, args=(value,)) for value in [*range(8), 5]]
    threads[0].start()
    assert first_begin.wait(30)  # the first row's commit is under way, held
    for thread in threads[1:]:
        thread.start()
    deadline = time.monotonic() + 30
    while len(writer._pending) < 8 and time.monotonic() < deadline:  # the others queue behind it
        time.sleep(0.01)
    release.set()
    for thread in threads:
        thread.join(30)
    assert stored(tmp_path / "db") == list(range(8))
    assert len(ids) == len(set(ids)) == 8 and len(failures) == 1
    assert statements.count("COMMIT") == 2  # the first row alone, then the eight that waited


def test_a_failing_row_fails_alone(tmp_path: Path) -> None:
    statements: list[str] = []
    writer = GroupCommit(connector(tmp_path / "db", statements))
    writer.insert(INSERT, (1,))
    with pytest.raises(sqlite3.IntegrityError):
        writer.insert(INSERT, (1,))
    writer.insert(INSERT, (2,))
    assert stored(tmp_path / "db") == [1, 2]


def test_a_failed_commit_reopens_the_connection(tmp_path: Path) -> None:
    opened: list[sqlite3.Connection] = []
    statements: list[str] = []
    connect = connector(tmp_path / "db", statements)

    def counting_connect() -> sqlite3.Connection:
        opened.append(connect())
        return opened[-1]

    writer = GroupCommit(counting_connect)
    writer.insert(INSERT, (1,))
    opened[-1].close()  # the held connection breaks
    with pytest.raises(sqlite3.ProgrammingError):
        writer.insert(INSERT, (2,))
    assert writer.insert(INSERT, (3,)) > 0
    assert len(opened) == 2
    assert stored(tmp_path / "db") == [1, 3]
