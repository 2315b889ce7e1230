"""A real PostgreSQL server for the store tests, or a clear skip where none can start.

``ARBITRE_TEST_DATABASE_URL`` (a server you run) wins; otherwise, as root with
Debian's ``postgresql`` package installed (``scripts/test`` installs it), a
throwaway cluster is created in a temporary folder, started on a free port as
the ``postgres`` system user (the server refuses to run as root) and stopped at
the end of the session. Every test gets a database of its own.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

_SKIP = "PostgreSQL cannot start here: set ARBITRE_TEST_DATABASE_URL or run as root with Debian's postgresql installed"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A ``postgresql://`` URL of a server's maintenance database."""
    given = os.environ.get("ARBITRE_TEST_DATABASE_URL")
    if given:
        yield given
        return
    binaries = _binaries()
    if binaries is None or os.geteuid() != 0 or shutil.which("runuser") is None:
        pytest.skip(_SKIP)
    # Not under pytest's temporary root: that folder is root's alone and the server runs as postgres.
    data = Path(tempfile.mkdtemp(prefix="arbitre-test-postgres-"))
    shutil.chown(data, "postgres", "postgres")
    os.chmod(data, 0o700)
    port = _free_port()
    as_postgres = ["runuser", "-u", "postgres", "--"]
    initdb = subprocess.run([*as_postgres, str(binaries / "initdb"), "-D", str(data / "db"), "-A", "trust",
                             "-U", "arbitre"], capture_output=True, text=True)
    if initdb.returncode != 0:
        pytest.skip(f"{_SKIP} (initdb: {initdb.stderr.strip()[-200:]})")
    start = subprocess.run(
        [*as_postgres, str(binaries / "pg_ctl"), "-D", str(data / "db"), "-l", str(data / "server.log"), "-w",
         "-o", f"-h 127.0.0.1 -p {port} -k {data}", "start"], capture_output=True, text=True,
    )
    if start.returncode != 0:
        pytest.skip(f"{_SKIP} (pg_ctl start: {start.stderr.strip()[-200:]})")
    try:
        yield f"postgresql://arbitre@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_postgres, str(binaries / "pg_ctl"), "-D", str(data / "db"), "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh, empty database on the test server; dropped afterwards."""
    import psycopg

    name = f"arbitre_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    yield postgres_server.rsplit("/", 1)[0] + "/" + name
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
