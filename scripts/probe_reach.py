"""Why an edge question does or does not reach an engine: the grounder's steps, one line per question.

For each edge question of a file (train by default, or the blind dev probes), the grounder alone
(no retriever) is asked, and the steps the frame path takes are shown: the asking clause, the ask
id the lexicon reads there (``-`` when none), the asking form, whether the game's frame module
compiles a position and whether that position's verdict type answers the form. The cause of a miss
is named from those steps:

    no-ask       the asking clause holds no lexicon ask word (the asking words are shown)
    no-compile   an ask is read but the frame module builds no position (a stated fact it cannot bind,
                 or no reader for the ask)
    form         a position is compiled but its verdict type does not answer the question's form
    no-frame     the game has no frame module

Counts per cause, per form and language are printed at the end; ``--json`` writes every row.

Usage::

    python scripts/probe_reach.py                                  # train edge questions
    python scripts/probe_reach.py --questions scripts/probes/blind/*.jsonl
    python scripts/probe_reach.py --misses                        # the unreached questions only
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from language import detect_language  # noqa: E402
from service.core.config import get_settings  # noqa: E402
from service.grounding.forms import question_form  # noqa: E402
from service.grounding.frame import parse_frame  # noqa: E402
from service.grounding.grounder import FRAME_FORMS, Grounder, _asking_form  # noqa: E402
from service.grounding.split_scoring import load_jsonl, verdict_matches  # noqa: E402

TRAIN = ROOT.parent / "shared" / "eval" / "train_questions.jsonl"


def diagnose(grounder: Grounder, question: dict) -> dict:
    """The row of one question: reached (and by which method), right, and the frame path's steps."""
    text, game = question["question"], question["game"]
    language = question.get("lang") or detect_language(text)
    grounded = grounder.check(text, game, language)
    row = {
        "id": question["id"], "game": game, "lang": language, "form": question_form(text),
        "reached": grounded is not None,
        "method": grounded.check.method if grounded is not None else None,
        "right": grounded is not None and verdict_matches(grounded.check.verdict, question),
        "verdict": None if grounded is None else str(grounded.check.verdict)[:60],
    }
    module = grounder._frames.get(game)
    if module is None:
        return {**row, "cause": None if grounded else "no-frame"}
    mended = grounder._mender.mend(text, game)
    entities = grounder.entities(mended, game)
    frame = parse_frame(mended, game, language, question_form(mended), entities, grounder._lexicons[game])
    asked = frame.asked
    row.update(ask=asked.what if asked else None, said=asked.said if asked else None)
    if asked is not None:
        frame = replace(frame, form=_asking_form(asked.said))
        row["form"] = frame.form
    compiled = module.compile(frame)
    row["compiled"] = None if compiled is None else compiled["verdict"]
    if grounded is not None and grounded.check.method == "frame":
        row["cause"] = None
    elif asked is None:
        row["cause"] = "no-ask"
    elif compiled is None:
        row["cause"] = "no-compile"
    elif frame.form not in FRAME_FORMS[compiled["verdict"]]:
        row["cause"] = "form"
    else:
        row["cause"] = "no-run"
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", nargs="+", type=Path, default=[TRAIN])
    parser.add_argument("--misses", action="store_true", help="print only the questions no frame answers")
    parser.add_argument("--json", type=Path, help="write every row there")
    args = parser.parse_args(argv)
    grounder = Grounder(get_settings().corpus_dir)
    grounder.warm_up()
    questions = [q for path in args.questions for q in load_jsonl(path) if q["kind"] == "edge"]
    rows = [diagnose(grounder, question) for question in questions]
    for row in rows:
        if args.misses and row["cause"] is None:
            continue
        print(f"{row['id']:<22} {row['lang']} {row['form']:<6} {row['method'] or '-':<9} "
              f"{'right' if row['right'] else ('wrong' if row['reached'] else '-'):<5} "
              f"ask={row.get('ask') or '-':<13} compiled={row.get('compiled') or '-':<6} cause={row['cause'] or '-'}")
    tally: Counter = Counter()
    for row in rows:
        tally["all", row["lang"]] += 1
        tally["reached", row["lang"]] += row["reached"]
        tally["right", row["lang"]] += row["right"]
        tally["wrong", row["lang"]] += row["reached"] and not row["right"]
        tally["frame", row["lang"]] += row["method"] == "frame"
        tally["cause " + str(row["cause"]), row["lang"]] += 1
        tally["form " + row["form"], "reached" if row["reached"] else "missed"] += 1
    print(f"edge questions: {len(rows)}")
    for key in sorted({k for k, _ in tally}):
        print(f"  {key:<20} " + "  ".join(f"{sub}={tally[key, sub]}" for sub in sorted({s for k, s in tally if k == key})))
    if args.json:
        args.json.write_text("\n".join(json.dumps(row, ensure_ascii=False) for row in rows) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
