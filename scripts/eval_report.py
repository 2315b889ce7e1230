"""``scripts/eval --part PART``: the yardstick on one evaluation part, overall and by game, language and kind.

The questions go through the real HTTP service (a uvicorn server started here on a
free loopback port, or ``--url``) and ``../shared/eval/score_http.py`` itself, so every
measure has the yardstick's definition: hit@1 and hit@3 over answerable questions
with gold quotes, ruling correct (``keywords_ok``), abstention recall on unanswerable
questions, false abstentions on the others, confident-wrong over both. ECE is the
expected calibration error of ``confidence`` against "the answer is right" (an
answered question whose keywords are all there; an unanswerable one answered is wrong)
over the questions that were answered. Each cell says how many questions it rests on.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from eval_parts import load_part, shared_eval_dir  # noqa: E402

from service.answers.calibration import expected_calibration_error  # noqa: E402

GROUPS = ("game", "lang", "kind")


def run(part: str, url: str | None, out: Path | None) -> dict:
    """Score ``part`` and print the report table; returns the report."""
    questions = load_part(part)
    yardstick = _score_http()
    with tempfile.TemporaryDirectory() as folder:
        qfile = Path(folder) / f"{part}.jsonl"
        qfile.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in questions), encoding="utf-8")
        scored = Path(folder) / "scored.json"
        with _server(url) as base:
            overall = yardstick.main(base, str(qfile), str(scored))
        rows = json.loads(scored.read_text(encoding="utf-8"))["rows"]
    by_id = {q["id"]: q for q in questions}
    report = {"part": part, "overall": {**_measures(rows), "p50_ms": overall["p50_ms"], "p95_ms": overall["p95_ms"]}}
    for group in GROUPS:
        values = sorted({by_id[r["id"]][group] for r in rows})
        report[f"by_{group}"] = {v: _measures([r for r in rows if by_id[r["id"]][group] == v]) for v in values}
    _print(report)
    if out:
        out.write_text(json.dumps({"report": report, "rows": rows}, indent=1, ensure_ascii=False), encoding="utf-8")
    return report


def _measures(rows: list[dict]) -> dict:
    answerable = [r for r in rows if "error" not in r and r["kind"] != "unanswerable" and r["has_gold"]]
    unanswerable = [r for r in rows if "error" not in r and r["kind"] == "unanswerable"]
    answered = [r for r in answerable + unanswerable if not r["abstained"]]
    right = [bool(r["kind"] != "unanswerable" and r["keywords_ok"]) for r in answered]

    def share(hits: int, total: int) -> float | None:
        return round(hits / total, 3) if total else None

    confident_wrong = (sum(1 for r in answerable if not r["abstained"] and not r["keywords_ok"] and (r["confidence"] or 0) >= 0.8)
                       + sum(1 for r in unanswerable if not r["abstained"] and (r["confidence"] or 0) >= 0.8))
    return {
        "n_answerable": len(answerable), "n_unanswerable": len(unanswerable),
        "hit@1": share(sum(1 for r in answerable if r["rank"] == 1), len(answerable)),
        "hit@3": share(sum(1 for r in answerable if r["rank"] and r["rank"] <= 3), len(answerable)),
        "ruling_correct": share(sum(1 for r in answerable if r["keywords_ok"]), len(answerable)),
        "abstention_recall": share(sum(r["abstained"] for r in unanswerable), len(unanswerable)),
        "false_abstentions": share(sum(r["abstained"] for r in answerable), len(answerable)),
        "confident_wrong": share(confident_wrong, len(answerable) + len(unanswerable)),
        "ece": round(expected_calibration_error([r["confidence"] or 0.0 for r in answered], right), 3) if answered else None,
    }


def _print(report: dict) -> None:
    columns = ("n_answerable", "n_unanswerable", "hit@1", "hit@3", "ruling_correct", "abstention_recall",
               "false_abstentions", "confident_wrong", "ece")
    print(f"part {report['part']}: p50 {report['overall']['p50_ms']:.1f} ms, p95 {report['overall']['p95_ms']:.1f} ms")
    print(f"{'':<22}" + "".join(f"{c:>18}" for c in columns))
    lines = [("overall", report["overall"])]
    for group in GROUPS:
        lines += [(f"{group}={value}", measures) for value, measures in report[f"by_{group}"].items()]
    for label, measures in lines:
        cells = "".join(f"{'-' if measures[c] is None else measures[c]:>18}" for c in columns)
        print(f"{label:<22}{cells}")


def _score_http():
    spec = importlib.util.spec_from_file_location("score_http", shared_eval_dir() / "score_http.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextlib.contextmanager
def _server(url: str | None) -> Iterator[str]:
    """``url`` as it is, or a real uvicorn server of this checkout on a free loopback port."""
    if url:
        yield url
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "service.api.main:create_app", "--factory", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(base + "/readyz", timeout=2) as response:
                    if response.status == 200:
                        break
            time.sleep(0.5)
        else:
            raise RuntimeError(f"the server on {base} was not ready within 300 s")
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)
