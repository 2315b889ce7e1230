"""The pure parts of the speed tools: alternated A/B ratios, settings per side, CPU per stage."""

import pytest

from scripts.bench_compare import _pairs, _ratios
from scripts.profile_ask import StageClock


def _run(round_number: int, side: str, rps: float, p50: float, cpu: float) -> dict:
    return {"round": round_number, "side": side, "rps": rps, "p50_ms": p50, "server_cpu_ms_per_request": cpu}


def test_ratios_are_medians_over_rounds_of_new_over_base() -> None:
    runs = [_run(0, "base", 50.0, 100.0, 20.0), _run(0, "new", 60.0, 80.0, 15.0),
            _run(1, "base", 40.0, 100.0, 20.0), _run(1, "new", 40.0, 100.0, 20.0),
            _run(2, "base", 50.0, 100.0, 20.0), _run(2, "new", 75.0, 50.0, 10.0)]
    assert _ratios(runs) == {"rps": 1.2, "p50_ms": 0.8, "server_cpu_ms_per_request": 0.75}


def test_a_round_with_one_side_missing_counts_for_nothing() -> None:
    runs = [_run(0, "base", 50.0, 100.0, 20.0), _run(0, "new", 100.0, 50.0, 10.0), _run(1, "base", 50.0, 100.0, 20.0)]
    assert _ratios(runs)["rps"] == 2.0


def test_side_settings_are_key_value_pairs() -> None:
    assert _pairs(["ARBITRE_QUERY_ENCODER=fp32", "A=b=c"]) == {"ARBITRE_QUERY_ENCODER": "fp32", "A": "b=c"}
    with pytest.raises(SystemExit, match="expected KEY=VALUE, got 'fp32'"):
        _pairs(["fp32"])


def test_a_stage_nested_in_another_is_counted_once(monkeypatch) -> None:
    now = [0.0]
    monkeypatch.setattr("scripts.profile_ask.time.thread_time", lambda: now[0])
    clock = StageClock()

    def inner() -> None:
        now[0] += 3.0

    timed_inner = clock.wrap("inner", inner)

    def outer() -> None:
        now[0] += 1.0
        timed_inner()
        now[0] += 2.0

    clock.wrap("outer", outer)()
    assert dict(clock.totals) == {"outer": 3.0, "inner": 3.0}


def test_server_memory_and_pids_cover_the_processes_under_it() -> None:
    import os
    import subprocess
    import sys

    from scripts.bench_server import children, memory_mib

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert str(child.pid) in children(os.getpid())
        memory = memory_mib(os.getpid())
        assert memory["processes"] >= 2 and 0 < memory["pss"] <= memory["rss"]
        assert memory["peak_rss_largest"] > 0
    finally:
        child.kill()
        child.wait()
