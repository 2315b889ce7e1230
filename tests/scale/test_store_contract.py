"""One contract, two stores: the same tests against SQLite and a real PostgreSQL server."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest
from pydantic import ValidationError

from service.core.config import PROJECT_ROOT, Settings
from service.feedback import Feedback, FeedbackStore
from service.feedback_postgres import PostgresFeedbackStore, apply_migrations, migration_files
from service.sites import SiteStore
from service.stores import feedback_store

WRITERS = 4


@pytest.fixture(params=["sqlite", "postgresql"])
def store_spec(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    """``(kind, where)``: an SQLite file path or a PostgreSQL URL, empty."""
    if request.param == "sqlite":
        return "sqlite", str(tmp_path / "var" / "feedback.sqlite3")
    return "postgresql", request.getfixturevalue("postgres_url")


def _open(spec: tuple[str, str]) -> FeedbackStore | PostgresFeedbackStore:
    kind, where = spec
    return FeedbackStore(Path(where)) if kind == "sqlite" else PostgresFeedbackStore(where)


def test_writes_return_increasing_ids_and_are_counted(store_spec: tuple[str, str]) -> None:
    store = _open(store_spec)
    first = store.add_feedback(Feedback(game="emblemes", question="Qui commence ?", helpful=True, answer_id="a0"))
    second = store.add_feedback(Feedback(game="emblemes", question="Qui gagne ?", helpful=False, answer_id="a1",
                                           comment="faux"))
    assert second > first and store.count_feedback() == 2 and store.count_questions() == 0
    asked = store.record_question(game="emblemes", question="Qui gagne ?", answer_id="a1", abstained=False,
                                  sections=["Emblèmes › Fin"])
    assert asked >= 1 and store.count_questions() == 1


def test_summary_groups_variants_and_joins_the_asked_sections(store_spec: tuple[str, str]) -> None:
    store = _open(store_spec)
    now = datetime(2026, 12, 1, tzinfo=timezone.utc)
    for question in ("Qui gagne ?", "qui gagne", "QUI  GAGNE !", "Combien de manches ?"):
        store.record_question(game="emblemes", question=question, answer_id=f"id-{question}", abstained=False,
                              sections=["Emblèmes › Fin de partie"], now=now)
    store.record_question(game="emblemes", question="Et la pluie ?", answer_id="rain", abstained=True, sections=[])
    store.record_question(game="splendor", question="Qui gagne ?", answer_id="s1", abstained=False, sections=[])
    store.add_feedback(Feedback(game="emblemes", question="Qui gagne ?", helpful=False, answer_id="id-Qui gagne ?",
                                comment="pas clair"), now=now)
    store.add_feedback(Feedback(game="emblemes", question="qui gagne", helpful=True, answer_id="x1"), now=now)
    store.add_feedback(Feedback(game="emblemes", question="Combien de manches ?", helpful=True, answer_id="x2"), now=now)

    summary = store.summary("emblemes", limit=5)
    assert (summary.questions_recorded, summary.feedback_recorded) == (5, 3)
    assert [(c.question, c.count) for c in summary.most_asked][:2] == [("QUI  GAGNE !", 3), ("Combien de manches ?", 1)]
    assert [(c.question, c.count) for c in summary.abstained] == [("Et la pluie ?", 1)]
    (unhelpful,) = summary.unhelpful
    assert (unhelpful.unhelpful, unhelpful.helpful) == (1, 1)
    assert unhelpful.sections == ("Emblèmes › Fin de partie",) and unhelpful.comments == ("pas clair",)
    assert store.summary("splendor").questions_recorded == 1


@pytest.mark.parametrize(("call", "message"), [
    (lambda s: s.record_question(game=" ", question="q", answer_id=None, abstained=False, sections=[]), "game: "),
    (lambda s: s.summary("emblemes", limit=0), "limit: expected a positive integer"),
])
def test_bad_input_names_the_field(store_spec: tuple[str, str], call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(_open(store_spec))


def test_unhelpful_comments_are_grouped_by_the_answer_they_judge(store_spec: tuple[str, str]) -> None:
    store = _open(store_spec)
    store.record_question(game="emblemes", question="Qui gagne ?", answer_id="asked", abstained=False,
                          sections=["Emblèmes › Fin"])
    store.add_feedback(Feedback(game="emblemes", question="Qui gagne ?", helpful=False, answer_id="asked", comment="vieux"))
    store.add_feedback(Feedback(game="emblemes", question="qui gagne", helpful=False, sections=("Emblèmes › Manche",)))
    store.add_feedback(Feedback(game="emblemes", question="Qui gagne", helpful=False, answer_id="other",
                                sections=("Emblèmes › Fin",), comment="récent"))
    (entry,) = store.summary("emblemes").unhelpful
    assert [(a.sections, a.unhelpful, a.comments) for a in entry.answers] == [
        (("Emblèmes › Fin",), 2, ("récent", "vieux")), (("Emblèmes › Manche",), 1, ())]


def test_activity_counts_per_utc_day_with_empty_days(store_spec: tuple[str, str]) -> None:
    store = _open(store_spec)
    now = datetime(2026, 12, 3, 12, tzinfo=timezone.utc)
    for when, abstained in [(datetime(2026, 12, 1, 23, 59, tzinfo=timezone.utc), True), (now, False), (now, False),
                            (datetime(2026, 11, 20, tzinfo=timezone.utc), False)]:
        store.record_question(game="emblemes", question="q", answer_id=None, abstained=abstained, sections=[], now=when)
    store.record_question(game="splendor", question="q", answer_id=None, abstained=False, sections=[], now=now)
    store.add_feedback(Feedback(game="emblemes", question="q", helpful=True, answer_id="a"), now=now)
    store.add_feedback(Feedback(game="emblemes", question="q", helpful=False, answer_id="b"), now=now)
    days = store.activity("emblemes", days=3, now=now)
    assert [(d.day, d.asked, d.abstained, d.helpful, d.unhelpful) for d in days] == [
        ("2026-12-01", 1, 1, 0, 0), ("2026-12-02", 0, 0, 0, 0), ("2026-12-03", 2, 0, 1, 1)]
    with pytest.raises(ValueError, match="days: expected a positive integer"):
        store.activity("emblemes", days=0)


def test_a_follow_up_is_recorded_with_the_answer_it_continues(store_spec: tuple[str, str]) -> None:
    store = _open(store_spec)
    store.record_question(game="emblemes", question="Et à 3 ?", answer_id="second", abstained=False, sections=[],
                          follow_up_of="first")
    kind, where = store_spec
    if kind == "sqlite":
        with sqlite3.connect(where) as connection:
            recorded = connection.execute("SELECT follow_up_of FROM questions").fetchall()
    else:
        import psycopg

        with psycopg.connect(where) as connection:
            recorded = connection.execute("SELECT follow_up_of FROM questions").fetchall()
    assert [row[0] for row in recorded] == ["first"]


def test_sites_are_added_updated_listed_and_removed(store_spec: tuple[str, str]) -> None:
    store = _open(store_spec)
    sites = SiteStore(store.transaction, store.placeholder)
    added = sites.add("https://B.example", ["emblemes"], now=datetime(2026, 12, 1, tzinfo=timezone.utc))
    assert (added.origin, added.games, added.added_at) == ("https://b.example", ("emblemes",), "2026-12-01T00:00:00+00:00")
    sites.add("http://a.example:8080", [])
    sites.add("https://b.example/", ["emblemes", "splendor"])  # the same origin: its games are replaced
    assert [(site.origin, site.games) for site in sites.list()] == [
        ("http://a.example:8080", ()), ("https://b.example", ("emblemes", "splendor"))]
    assert sites.remove("https://b.example") and not sites.remove("https://b.example")
    assert sites.get("https://b.example") is None and len(sites.list()) == 1


def test_migrations_apply_once_in_order(postgres_url: str) -> None:
    import psycopg

    versions = [version for version, _ in migration_files()]
    assert versions == sorted(versions) and versions[0].startswith("0001_")
    with psycopg.connect(postgres_url) as connection:
        assert apply_migrations(connection) == versions
        assert apply_migrations(connection) == []
        recorded = [row[0] for row in connection.execute("SELECT version FROM schema_migrations ORDER BY version")]
    assert recorded == versions


def test_settings_pick_the_store(tmp_path: Path) -> None:
    sqlite = feedback_store(Settings(feedback_db=tmp_path / "f.sqlite3"))
    assert isinstance(sqlite, FeedbackStore)
    postgres = feedback_store(Settings(database_url="postgresql://u@127.0.0.1:1/db"))
    assert isinstance(postgres, PostgresFeedbackStore) and postgres.url.endswith("/db")
    with pytest.raises(ValidationError, match="database_url"):
        Settings(database_url="mysql://u@h/db")


_WRITER = """
import sys
from pathlib import Path
from service.feedback import Feedback, FeedbackStore
from service.feedback_postgres import PostgresFeedbackStore
kind, where, writer = sys.argv[1], sys.argv[2], sys.argv[3]
store = FeedbackStore(Path(where)) if kind == "sqlite" else PostgresFeedbackStore(where)
number = 0
while True:
    row = store.add_feedback(Feedback(game="emblemes", question=f"w{writer}-{number}", helpful=True,
                                         answer_id=f"a{number}"))
    print(row, flush=True)  # acknowledged: the write returned
    number += 1
"""


@pytest.mark.integration
def test_kill_9_under_four_writers_loses_no_acknowledged_write(store_spec: tuple[str, str]) -> None:
    kind, where = store_spec
    _open(store_spec).count_feedback()  # schema in place before the race
    env = os.environ | {"PYTHONPATH": str(PROJECT_ROOT)}
    writers = [subprocess.Popen([sys.executable, "-c", _WRITER, kind, where, str(n)], stdout=subprocess.PIPE,
                                text=True, env=env, cwd=PROJECT_ROOT) for n in range(WRITERS)]
    acks: list[list[int]] = [[] for _ in writers]
    readers = [threading.Thread(target=_read_acks, args=(w.stdout, acks[n]), daemon=True) for n, w in enumerate(writers)]
    for reader in readers:
        reader.start()
    deadline = time.monotonic() + 120  # the writers start slowly on a loaded machine
    while min(len(a) for a in acks) < 20 and time.monotonic() < deadline:
        time.sleep(0.05)
    for writer in writers:  # mid-write: every writer is in its loop
        os.kill(writer.pid, signal.SIGKILL)
    for writer, reader in zip(writers, readers):
        writer.wait()
        reader.join(timeout=10)
    acknowledged = {row for rows in acks for row in rows}
    assert min(len(a) for a in acks) >= 20, "the writers did not get going before the kill"
    store = _open(store_spec)
    if kind == "sqlite":
        with sqlite3.connect(where) as connection:
            stored = {row[0] for row in connection.execute("SELECT id FROM feedback")}
    else:
        import psycopg

        _wait_for_killed_clients_backends(where)
        with psycopg.connect(where) as connection:
            stored = {row[0] for row in connection.execute("SELECT id FROM feedback")}
    assert acknowledged <= stored
    assert store.count_feedback() == len(stored)


def _wait_for_killed_clients_backends(url: str, timeout_s: float = 60) -> None:
    """Until the server has closed the killed writers' sessions.

    A writer killed right after sending its COMMIT leaves a server backend that still
    commits it; reading the table before that backend is gone let a row land between
    two reads of the same test (93 ids read, then 96 counted).
    """
    import psycopg

    deadline = time.monotonic() + timeout_s
    with psycopg.connect(url, autocommit=True) as connection:
        while time.monotonic() < deadline:
            others = connection.execute(
                "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND pid <> pg_backend_pid() AND backend_type = 'client backend'").fetchone()[0]
            if others == 0:
                return
            time.sleep(0.05)
    raise AssertionError("the killed writers' database sessions did not end")


def _read_acks(stream, into: list[int]) -> None:
    for line in stream:
        if line.strip():
            into.append(int(line))
