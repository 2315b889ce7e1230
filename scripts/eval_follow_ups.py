"""Probe: do follow-up questions find their section with the previous answer as context?

For each pair of ``scripts/probes/follow_ups.yaml`` the first question is asked,
then the follow-up twice: alone, and with ``context`` (the first answer's id and
cited sections, as the widget sends them). A follow-up is a hit when its first
citation's section contains one of the pair's ``gold`` heading fragments (folded).

Usage:
    PYTHONPATH=. python scripts/eval_follow_ups.py [--probes FILE]

It builds the app on the environment's settings (the real index, built if missing).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import yaml

os.environ.setdefault("ARBITRE_RECORD_QUESTIONS", "false")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fastapi.testclient import TestClient  # noqa: E402

from language import fold  # noqa: E402
from service.api.main import create_app  # noqa: E402
from service.core.config import Settings  # noqa: E402


def first_section(response: dict) -> str:
    return response["citations"][0]["section"] if response["citations"] else ""


def is_gold(section: str, gold: list[str]) -> bool:
    return any(fold(fragment) in fold(section) for fragment in gold)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probes", type=Path, default=ROOT / "scripts" / "probes" / "follow_ups.yaml")
    args = parser.parse_args(argv)
    pairs = yaml.safe_load(args.probes.read_text(encoding="utf-8"))
    app = create_app(Settings())
    alone_hits = context_hits = 0
    with TestClient(app) as client:
        if not app.state.referee.wait_until_ready(600):
            raise SystemExit(f"the referee did not warm up: {app.state.warm_up_error}")
        for pair in pairs:
            first = client.post("/v1/ask", json={"game": pair["game"], "question": pair["first"]}).json()
            ask = {"game": pair["game"], "question": pair["follow_up"]}
            alone = client.post("/v1/ask", json=ask).json()
            context = {"answer_id": first["answer_id"], "sections": [c["section"] for c in first["citations"]][:5]}
            followed = client.post("/v1/ask", json={**ask, "context": context}).json()
            hit_alone, hit_context = is_gold(first_section(alone), pair["gold"]), is_gold(first_section(followed), pair["gold"])
            alone_hits += hit_alone
            context_hits += hit_context
            mark = "switch " if pair.get("switch") else ""
            print(f"{'+' if hit_alone else '-'}{'+' if hit_context else '-'} {mark}{pair['game']}: {pair['follow_up']!r}"
                  f"\n     alone:   {first_section(alone)}\n     context: {first_section(followed)}")
    print(f"follow-ups whose first citation is a gold section: alone {alone_hits}/{len(pairs)}, "
          f"with context {context_hits}/{len(pairs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
