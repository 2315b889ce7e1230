#!/usr/bin/env python3
"""The text answer's rulings by kind, through the real app in process: given, right, given and wrong.

Every answerable question of a part is asked through ``POST /v1/ask`` (the warmed-up app of
``scripts/in_process.py``, question recording off) and scored with ``score_http.py``'s own rule
(every keyword a whole word of the answer, Oui/Non first). Engine-checked answers are counted
apart: their ruling is the engine's. For the text answers, by ruling kind (yes, no, number,
person, choice, rule, abstained): how many, how many hold the keywords, and for a ruling that
names something (number, person, choice) whether its last word is in the labelled answer
(``in_answer``: a check of the ruling itself, since the keywords may come from a quote).
``confident_wrong`` is score_http.py's: answered at confidence ≥ 0.8 without the keywords.
``gold_first_text_missed`` is the class of miss a ruling reader can reach: the gold rule is cited first
(score_http.py's rank 1), no engine ran, the answer did not abstain and lacks the keywords; counted by
question form (``language.question_form``) and by the ruling given.

Only scores are printed (ids of changed rows with ``--against``), never the questions' wording,
so that the tuning and validation parts can be measured without being read.

``--questions FILES`` asks the questions of JSON-lines files instead of a part (the probes' build halves,
``scripts/probes/fresh*/*.build.jsonl``; never a report half).

Usage: scripts/eval_rulings.py --part train|tuning|probes | --questions FILE... [--out rows.jsonl] [--against old_rows.jsonl]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("ARBITRE_RECORD_QUESTIONS", "false")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from eval_parts import load_part, shared_eval_dir  # noqa: E402
from in_process import ready_client  # noqa: E402

from language import question_form  # noqa: E402

sys.path.insert(0, str(shared_eval_dir()))
from score_http import keywords_ok, norm  # noqa: E402

NAMING = ("number", "person", "choice")


def rows(questions: list[dict]) -> list[dict]:
    """One scored row per answerable question of ``questions``."""
    found = []
    with ready_client("eval_rulings") as client:
        for question in questions:
            if question["kind"] == "unanswerable":
                continue
            body = client.post("/v1/ask", json={"game": question["game"], "question": question["question"]}).json()
            answer = norm(body.get("answer") or "")
            ruling = body.get("ruling") or {}
            golds = [norm(gold) for gold in question.get("gold_quotes") or []]
            first = (body.get("citations") or [{}])[0]
            cited = norm((first.get("passage") or "") + " \n " + (first.get("quote") or ""))
            kind = "abstained" if body.get("abstained") else ruling.get("kind", "rule")
            last_word = re.findall(r"\w+", norm(ruling.get("value") or ""))[-1:]
            found.append({
                "id": question["id"], "lang": question["lang"], "engine": bool(body.get("engine_check")),
                "kind": kind, "form": ruling.get("form", ""), "confidence": body.get("confidence") or 0.0,
                "question_form": question_form(question["question"]), "gold_first": any(g in cited for g in golds),
                "ok": keywords_ok(answer, question.get("answer_keywords") or []),
                "in_answer": kind in NAMING and bool(last_word)
                and last_word[0] in re.findall(r"\w+", norm(question.get("answer") or "")),
            })
    return found


def report(found: list[dict]) -> dict:
    text = [r for r in found if not r["engine"]]
    by_kind: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0, 0])
    for row in text:
        cell = by_kind[row["kind"]]
        cell[0] += 1
        cell[1] += row["ok"]
        cell[2] += row["in_answer"]
    given = [r for r in text if r["kind"] not in ("rule", "abstained")]
    missed = [r for r in text if r.get("gold_first") and r["kind"] != "abstained" and not r["ok"]]
    return {
        "answerable": len(found), "keywords_ok": sum(r["ok"] for r in found),
        "text_answers": len(text), "text_ok": sum(r["ok"] for r in text),
        "ruling_given": len(given), "given_and_wrong": sum(not r["ok"] for r in given),
        "confident_wrong": sum(not r["ok"] and r["kind"] != "abstained" and r["confidence"] >= 0.8 for r in found),
        "by_kind (n, keywords_ok, in_answer)": {kind: tuple(cell) for kind, cell in sorted(by_kind.items())},
        "gold_first_text_missed": len(missed),
        "gold_first_text_missed_by_form": dict(sorted(collections.Counter(r["question_form"] for r in missed).items())),
        "gold_first_text_missed_by_ruling": dict(sorted(collections.Counter(r["kind"] for r in missed).items())),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", default="train", choices=("train", "tuning", "probes"))
    parser.add_argument("--questions", type=Path, nargs="+", help="JSON-lines question files instead of a part")
    parser.add_argument("--out", type=Path, help="write the rows (JSON lines) here")
    parser.add_argument("--against", type=Path, help="rows of an earlier run: list the ids whose kind or score moved")
    args = parser.parse_args()
    if args.questions:
        questions = [json.loads(line) for path in args.questions for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    else:
        questions = load_part(args.part)
    found = rows(questions)
    print(json.dumps(report(found), ensure_ascii=False))
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in found), encoding="utf-8")
    if args.against:
        old = {r["id"]: r for r in map(json.loads, args.against.read_text(encoding="utf-8").splitlines())}
        for row in found:
            before = old.get(row["id"])
            if before and (before["kind"], before["ok"]) != (row["kind"], row["ok"]):
                print(f"  {row['id']}: {before['kind']} ok={before['ok']} -> {row['kind']} ok={row['ok']}")


if __name__ == "__main__":
    main()
