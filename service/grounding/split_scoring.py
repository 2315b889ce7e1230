"""Score the grounder alone on eval questions: engine reached and verdict right, per language.

``scripts/eval_grounded --split tuning`` (or ``validation``, ``train``) reads the
questions of ``scripts/eval_split.json`` (ids ``dev/<id>``, ``v2/<id>``) or
``../shared/eval/train_questions.jsonl`` and calls :meth:`Grounder.check`
directly (no retriever: fast, and the number measures grounding only). Only
games with an engine count. For ``edge`` questions: how many get an engine
check (reached) and, of those, how many verdicts match the gold answer
(:func:`verdict_matches`); for ``lookup``/``unanswerable``: how many get a check
and how many of those contradict the text.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from language import fold

SOURCES = {"dev": "dev_questions.jsonl", "v2": "questions_v2.jsonl"}
SPLIT_PARTS = ("tuning", "validation")


def verdict_matches(verdict, question: dict) -> bool:
    """The verdict equals one of the expected keywords, or the expected answer starts with it."""
    if verdict is None:
        return False
    said = fold(str(verdict))
    keywords = [fold(str(k)) for k in question.get("answer_keywords") or []]
    # a worded verdict that names several things ("King (Alice)", "between Thief and Sailor: 3rd from the left")
    # matches when it says every keyword as a word, none of them a polarity
    every = bool(keywords) and not set(keywords) & _POLAR and all(
        re.search(rf"(?<!\w){re.escape(k)}(?!\w)", said) for k in keywords)
    return every or any(said == k or said.startswith(k + " ") or said.startswith(k + ",") for k in keywords) or fold(
        question.get("answer", "")
    ).startswith(said)


_POLAR = frozenset({"oui", "non", "yes", "no"})


def load_split(split_file: Path, eval_dir: Path, part: str) -> list[dict]:
    """The questions of one part of the evaluation split, ids qualified by source.

    Raises:
        ValueError: for an unknown part or an id no source file holds.
    """
    if part not in SPLIT_PARTS:
        raise ValueError(f"part: expected one of {list(SPLIT_PARTS)}, got {part!r}")
    by_id = {}
    for source, name in SOURCES.items():
        for line in (eval_dir / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                question = json.loads(line)
                by_id[f"{source}/{question['id']}"] = {**question, "id": f"{source}/{question['id']}"}
    ids = json.loads(split_file.read_text(encoding="utf-8"))[part]
    missing = [qid for qid in ids if qid not in by_id]
    if missing:
        raise ValueError(f"{split_file}: {part} ids not in {sorted(SOURCES.values())}: {missing[:5]}")
    return [by_id[qid] for qid in ids]


def load_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@dataclass
class LanguageScore:
    edges: int = 0
    reached: int = 0
    right: int = 0
    lookups: int = 0
    lookups_checked: int = 0
    contradicting: int = 0
    wrong_ids: list[str] = field(default_factory=list)
    checked_lookup_ids: list[str] = field(default_factory=list)


def score_questions(grounder, questions: list[dict], games: set[str]) -> dict[str, LanguageScore]:
    """Per language, per game (``game:<id>``), per game and language (``<id>/<lang>``) and ``all``.

    Each score counts edge reach and verdicts, and checks on lookup/unanswerable questions.
    """
    scores = {"fr": LanguageScore(), "en": LanguageScore(), "all": LanguageScore()}
    for game in sorted(games):
        scores[f"game:{game}"] = LanguageScore()
        for language in ("fr", "en"):
            scores[f"{game}/{language}"] = LanguageScore()
    for question in questions:
        if question["game"] not in games:
            continue
        grounded = grounder.check(question["question"], question["game"], question.get("lang"))
        keys = (question["lang"], f"game:{question['game']}", f"{question['game']}/{question['lang']}", "all")
        for score in (scores[key] for key in keys):
            if question["kind"] == "edge":
                score.edges += 1
                if grounded is not None:
                    score.reached += 1
                    if verdict_matches(grounded.verdict, question):
                        score.right += 1
                    else:
                        score.wrong_ids.append(f"{question['id']}={grounded.verdict!r}")
            else:
                score.lookups += 1
                if grounded is not None:
                    score.lookups_checked += 1
                    score.contradicting += grounded.agrees_with_text is False
                    score.checked_lookup_ids.append(question["id"])
    return scores


def report_lines(name: str, scores: dict[str, LanguageScore]) -> list[str]:
    lines = []
    for language, score in scores.items():
        lines.append(
            f"{name:<10} {language:<14} edge reached {score.reached}/{score.edges}, right {score.right}/{score.reached}"
            f" | lookup/unanswerable checked {score.lookups_checked}/{score.lookups}, contradicting {score.contradicting}"
        )
    everything = scores["all"]
    if everything.wrong_ids:
        lines.append(f"{name:<10} wrong: {everything.wrong_ids}")
    if everything.checked_lookup_ids:
        lines.append(f"{name:<10} checked lookups: {everything.checked_lookup_ids}")
    return lines
