#!/usr/bin/env python3
"""Ruling correct offline, by verdict and language, for each number of quoted sentences.

Answers are composed in process (``compose_answer``, no engine check) from the
retrieval cached by ``scripts/fit_answers.py`` and scored with ``score_http.py``'s own
keyword rule, so a change to the ruling or the quotes can be measured on the
training questions in seconds, without a server. The HTTP yardstick
(``scripts/eval --part``) stays the number that counts: it adds the engine checks.

Usage: scripts/eval_quotes.py [--part train|tuning] [--max-quotes 1 2 3 4]
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import fit_answers  # noqa: E402

# fit_answers.py run as a script pickles its cache with ``__main__.Record``: the same class, found here too.
setattr(sys.modules["__main__"], "Record", fit_answers.Record)

from service.answers import compose  # noqa: E402
from service.answers.calibration import default_models  # noqa: E402
from service.answers.corpus import CorpusTexts  # noqa: E402


def score(part: str, max_quotes: int | None) -> dict[str, tuple[int, int]]:
    """Right / total answerable questions of ``part``, overall, by verdict and by language."""
    corpus = CorpusTexts(ROOT / "corpus")
    corpus.load()
    models = default_models()
    right: collections.Counter[str] = collections.Counter()
    total: collections.Counter[str] = collections.Counter()
    limit = max_quotes or compose.MAX_QUOTES
    with mock.patch.object(compose, "MAX_QUOTES", limit):
        for record in fit_answers.collect(part, refresh=False):
            question = record.question
            if question["kind"] == "unanswerable":
                continue
            answer = compose.compose_answer(question["question"], question["game"], record.hits, corpus, models=models)
            ok = fit_answers.keywords_ok(answer.text, question.get("answer_keywords") or [])
            for group in ("overall", f"verdict={question.get('verdict', '-')}", f"lang={question['lang']}"):
                right[group] += ok
                total[group] += 1
    return {group: (right[group], total[group]) for group in sorted(total)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["train", "tuning"], default="train")
    parser.add_argument("--max-quotes", type=int, nargs="*", default=[compose.MAX_QUOTES])
    args = parser.parse_args()
    for limit in args.max_quotes:
        cells = score(args.part, limit)
        print(f"{args.part} max_quotes={limit}: " + "  ".join(
            f"{group} {r}/{n}={r / n:.3f}" for group, (r, n) in cells.items()))


if __name__ == "__main__":
    main()
