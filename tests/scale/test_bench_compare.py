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


def test_worker_counts_take_turns_forward_then_backward() -> None:
    from scripts.bench import slice_order

    assert slice_order([1, 2], 4) == [1, 2, 2, 1, 1, 2, 2, 1]
    assert slice_order([2], 1) == [2]


def test_turns_against_one_server_merge_into_one_run() -> None:
    from scripts.load_client import DriveResult, merged

    one = DriveResult(requests=10, errors=1, seconds=2.0, latencies_ms=(5.0, 7.0), client_cpu_s=0.1, server_cpu_s=0.2)
    two = DriveResult(requests=30, errors=0, seconds=2.0, latencies_ms=(9.0,), client_cpu_s=0.3, server_cpu_s=0.4)
    both = merged([one, two])
    assert (both.requests, both.errors, both.seconds, both.latencies_ms) == (40, 1, 4.0, (5.0, 7.0, 9.0))
    assert both.to_dict()["rps"] == 10.0 and both.to_dict()["server_cpu_ms_per_request"] == 15.0
    assert merged([one, DriveResult(1, 0, 1.0, (), 0.0, None)]).server_cpu_s is None


def test_worker_ratios_are_each_count_over_the_first() -> None:
    from scripts.bench import worker_ratios

    def run(rps: float, cpu: float) -> dict:
        measures = {"rps": rps, "p50_ms": 100 / rps, "server_cpu_ms_per_request": cpu}
        return {"throughput_first_seen": measures, "throughput_repeated": measures}

    ratios = worker_ratios({1: run(50.0, 20.0), 2: run(75.0, 18.0)})
    assert ratios == {"2": {f"{name}_{measure}": value for name in ("throughput_first_seen", "throughput_repeated")
                            for measure, value in (("rps", 1.5), ("p50_ms", 0.667), ("server_cpu_ms_per_request", 0.9))}}


def test_the_sides_take_turns_going_first() -> None:
    from scripts.bench_compare import turns

    assert [turns(["base", "new"], n) for n in range(3)] == [["base", "new"], ["new", "base"], ["base", "new"]]
