"""Several server workers: the command line, the shared metrics folder, concurrent feedback writers."""

from __future__ import annotations

import importlib
import multiprocessing
import os
import sqlite3
from pathlib import Path

import pytest
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.cli import main as cli_main
from service.feedback import Feedback, FeedbackStore

WRITERS = 4
WRITES = 40
SET_BY_SERVE = ("PROMETHEUS_MULTIPROC_DIR", "ARBITRE_ANSWER_ID_SECRET", "ARBITRE_READY_DIR", "ARBITRE_WORKERS",
                "ARBITRE_FREEZE_HEAP")


def test_workers_reach_uvicorn_with_a_shared_metrics_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    for name in SET_BY_SERVE:
        monkeypatch.setenv(name, "")  # recorded, so the serve command's values are undone after the test
        monkeypatch.delenv(name)

    def run(*args, **kwargs) -> None:
        folders = [Path(os.environ[name]) for name in ("PROMETHEUS_MULTIPROC_DIR", "ARBITRE_READY_DIR")]
        calls.append(dict(kwargs, folders=folders, existed=[folder.is_dir() for folder in folders]))
        (folders[0] / "counter_1234.db").write_bytes(b"")  # what a worker leaves there

    monkeypatch.setattr("uvicorn.run", run)
    assert cli_main(["serve", "--workers", "2", "--port", "8109"]) == 0
    assert calls[0]["workers"] == 2 and calls[0]["factory"] is True and calls[0]["port"] == 8109
    module, _, name = calls[0]["http"].partition(":")  # spawned workers import the protocol by name
    protocol = getattr(importlib.import_module(module), name)
    assert issubclass(protocol, HttpToolsProtocol) and protocol.request_timeout_s == 10.0  # the read deadline
    assert calls[0]["existed"] == [True, True]  # metrics and readiness folders, there while the workers run
    assert len(os.environ["ARBITRE_ANSWER_ID_SECRET"]) == 64  # every worker signs answer ids alike
    assert os.environ["ARBITRE_WORKERS"] == "2"  # /readyz waits for both
    assert os.environ["ARBITRE_FREEZE_HEAP"] == "true"  # each worker freezes what its warm-up loaded
    assert not any(folder.exists() for folder in calls[0]["folders"])  # removed when serve returns


def test_serve_removes_its_folders_when_the_server_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    made = []
    for name in SET_BY_SERVE:
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)

    def run(*args, **kwargs) -> None:
        made.extend(Path(os.environ[name]) for name in ("PROMETHEUS_MULTIPROC_DIR", "ARBITRE_READY_DIR"))
        raise SystemExit(3)  # uvicorn's exit when a worker cannot start

    monkeypatch.setattr("uvicorn.run", run)
    with pytest.raises(SystemExit):
        cli_main(["serve", "--workers", "2", "--port", "8109"])
    assert len(made) == 2 and not any(folder.exists() for folder in made)


def test_serve_keeps_folders_it_was_given(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in SET_BY_SERVE:
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "metrics"))
    monkeypatch.setenv("ARBITRE_READY_DIR", str(tmp_path / "ready"))
    (tmp_path / "metrics").mkdir()
    (tmp_path / "ready").mkdir()
    monkeypatch.setattr("uvicorn.run", lambda *args, **kwargs: None)
    assert cli_main(["serve", "--workers", "2", "--port", "8109"]) == 0
    assert (tmp_path / "metrics").is_dir() and (tmp_path / "ready").is_dir()  # the operator's, not serve's


def test_the_worker_count_defaults_to_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    from service.core.config import get_settings

    calls = []
    for name in SET_BY_SERVE:
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    monkeypatch.setenv("ARBITRE_WORKERS", "3")
    monkeypatch.setattr("uvicorn.run", lambda *args, **kwargs: calls.append(kwargs))
    get_settings.cache_clear()
    try:
        assert cli_main(["serve", "--port", "8109"]) == 0
        assert cli_main(["serve", "--port", "8109", "--workers", "1"]) == 0
    finally:
        get_settings.cache_clear()
    assert [call["workers"] for call in calls] == [3, 1]


def test_the_supervisor_waits_for_a_busy_worker_as_long_as_the_setting_says(monkeypatch: pytest.MonkeyPatch) -> None:
    from service.core.config import get_settings

    calls = []
    for name in SET_BY_SERVE:
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    monkeypatch.setattr("uvicorn.run", lambda *args, **kwargs: calls.append(kwargs))
    get_settings.cache_clear()
    try:
        assert cli_main(["serve", "--port", "8109"]) == 0  # uvicorn's own 5 s kills workers mid warm-up under load
        monkeypatch.setenv("ARBITRE_WORKER_HEALTHCHECK_S", "12.5")
        get_settings.cache_clear()
        assert cli_main(["serve", "--port", "8109"]) == 0
    finally:
        get_settings.cache_clear()
    assert [call["timeout_worker_healthcheck"] for call in calls] == [30.0, 12.5]


def test_one_worker_serves_with_its_heap_frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    """One worker is the serve process itself: its app reads the settings serve already read (they are cached), so
    the freeze must be set before serve reads them (it was set after, and one worker never froze its heap)."""
    from service.core.config import get_settings

    seen = []
    for name in SET_BY_SERVE:
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    monkeypatch.setattr("uvicorn.run", lambda *args, **kwargs: seen.append(get_settings().freeze_heap))
    get_settings.cache_clear()
    try:
        assert cli_main(["serve", "--port", "8109", "--workers", "1"]) == 0
    finally:
        get_settings.cache_clear()
    assert seen == [True]  # what create_app reads in this same process


@pytest.mark.parametrize("workers", ["0", "two"])
def test_bad_worker_counts_are_refused(workers: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli_main(["serve", "--workers", workers])
    assert exit_info.value.code == 2 and "--workers" in capsys.readouterr().err


def _write(path: Path, writer: int, ids: multiprocessing.Queue) -> None:
    store = FeedbackStore(path)
    for number in range(WRITES):
        feedback = Feedback(game="emblemes", question=f"q{writer}-{number}", answer_id=f"a{writer}", helpful=True)
        ids.put(store.add_feedback(feedback))
        store.record_question(game="emblemes", question=f"q{writer}", answer_id=None, abstained=False, sections=[])


def test_four_processes_write_one_store_without_losing_a_row(tmp_path: Path) -> None:
    path = tmp_path / "var" / "feedback.sqlite3"
    context = multiprocessing.get_context("spawn")
    ids = context.Queue()
    writers = [context.Process(target=_write, args=(path, writer, ids)) for writer in range(WRITERS)]
    for process in writers:
        process.start()
    acknowledged = [ids.get(timeout=120) for _ in range(WRITERS * WRITES)]
    for process in writers:
        process.join(timeout=60)
        assert process.exitcode == 0
    assert len(set(acknowledged)) == WRITERS * WRITES
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT COUNT(*) FROM feedback").fetchone()[0] == WRITERS * WRITES
        assert connection.execute("SELECT COUNT(*) FROM questions").fetchone()[0] == WRITERS * WRITES
