"""Leave the asking word out: how well an ask is read from a word no lexicon lists.

For each edge question whose ask the frame parser reads, every ask entry whose first word is a form of the word
read (:func:`language.lemmas.same_word`, or a stem it starts with) is dropped from every game's lexicon, as if no
lexicon listed that word, and the question is read again: the ask comes back (``recovered``), another ask is read
(``other``) or none (``none``); and the engine's answer is right, wrong or not given. ``--off`` reads without the
unlisted-word readings (other games' words, synonyms: :func:`service.grounding.frame._unlisted_ask`), the
comparison that says what they add. The questions are the ones a session may read (train, fresh builds, dev16).

Usage::

    python scripts/ask_word_ablation.py [--off] [--rows]
"""

from __future__ import annotations

import argparse
import glob
import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import service.grounding.frame as frame_module  # noqa: E402
from language import fold  # noqa: E402
from language.lemmas import same_word  # noqa: E402
from service.grounding.grounder import Grounder  # noqa: E402
from service.grounding.lexicons import with_borrowed_asks  # noqa: E402
from service.grounding.split_scoring import verdict_matches  # noqa: E402

FILES = [str(ROOT.parent / "shared" / "eval" / "train_questions.jsonl"),
         *sorted(glob.glob(str(ROOT / "scripts" / "probes" / "fresh*" / "*.build.jsonl"))),
         str(ROOT / "scripts" / "probes" / "dev16" / "ask-reading.jsonl")]


def _word_read(text: str, at: int) -> str:
    said = fold(text[at:]).split()
    return "".join(ch for ch in said[0] if ch.isalnum()) if said else ""


def _without(lexicons, word: str):
    def kept(entry: str) -> bool:
        head = entry.split(" ")[0]
        return not (same_word(head.rstrip("*"), word) or head.endswith("*") and word.startswith(head[:-1]))
    return with_borrowed_asks({game: replace(lexicon_, borrowed_asks={}, asks={
        ask: frozenset(e for e in entries if kept(e)) or frozenset({"\u2205"}) for ask, entries in lexicon_.asks.items()})
        for game, lexicon_ in lexicons.items()})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--off", action="store_true", help="without the unlisted-word readings")
    parser.add_argument("--rows", action="store_true", help="print each question whose ask is read again")
    args = parser.parse_args()
    if args.off:
        frame_module._unlisted_ask = lambda *_: None
        frame_module._synonym_terms = lambda *_: []
    grounder = Grounder(ROOT / "corpus")
    grounder.warm_up()
    lexicons = dict(grounder._lexicons)
    questions = [json.loads(line) for path in FILES for line in open(path, encoding="utf-8") if line.strip()]
    counts: Counter = Counter()
    for question in questions:
        game, text = question["game"], question["question"]
        if question["kind"] != "edge" or game not in lexicons:
            continue
        frame = grounder.frame(text, game, question.get("lang"))
        if frame.asked is None or frame.asked.at is None:
            continue
        word = _word_read(text, frame.asked.at)
        grounder._lexicons = _without(lexicons, word)
        try:
            again = grounder.frame(text, game, question.get("lang"))
            answer = grounder.check(text, game, question.get("lang"))
        finally:
            grounder._lexicons = lexicons
        read = again.asked.what if again.asked else None
        kind = "recovered" if read == frame.asked.what else "none" if read is None else "other"
        reached = answer is not None and getattr(answer, "check", None) is not None and answer.check.method == "frame"
        outcome = "-" if not reached else "right" if verdict_matches(answer.check.verdict, question) else "wrong"
        counts[kind] += 1
        counts[f"engine {outcome}"] += 1
        if args.rows:
            print(question["id"], word, frame.asked.what, "->", read, outcome)
    print(json.dumps(dict(sorted(counts.items())), ensure_ascii=False))


if __name__ == "__main__":
    main()
