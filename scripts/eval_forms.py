#!/usr/bin/env python3
"""Accuracy of the question-form classifier (:func:`language.question_form`) against the labelled verdicts.

A question's ``verdict`` (yes / no / number / who / what) is the form of the ruling a
referee gives; ``unstated`` questions (the rules are silent) and unlabelled ones are
left out. Form ``polar`` is right for yes and no, ``count`` for number, ``who`` for who,
``open`` / ``when`` / ``which`` for what.

Usage: scripts/eval_forms.py [--part train|tuning|validation ...] [--misses]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval_parts import PARTS, load_part  # noqa: E402

from language import question_form  # noqa: E402

RIGHT_FORMS = {"yes": {"polar"}, "no": {"polar"}, "number": {"count"}, "who": {"who"}, "what": {"open", "when", "which"}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", action="append", choices=PARTS)
    parser.add_argument("--misses", action="store_true", help="print the misclassified questions")
    args = parser.parse_args()
    for part in args.part or ["train", "tuning"]:
        labelled = [q for q in load_part(part) if q.get("verdict") in RIGHT_FORMS]
        confusion: Counter[tuple[str, str]] = Counter()
        for question in labelled:
            form = question_form(question["question"])
            confusion[(question["verdict"], form)] += 1
            if args.misses and form not in RIGHT_FORMS[question["verdict"]]:
                print(f"  {question['verdict']:>6} got {form:<6} {question['question'][:120]}")
        right = sum(n for (verdict, form), n in confusion.items() if form in RIGHT_FORMS[verdict])
        print(json.dumps({"part": part, "n": len(labelled), "accuracy": round(right / max(1, len(labelled)), 3),
                          "confusion": {f"{v}->{f}": n for (v, f), n in sorted(confusion.items())}}))


if __name__ == "__main__":
    main()
