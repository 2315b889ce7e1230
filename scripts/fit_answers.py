#!/usr/bin/env python3
"""Fit the answer models on the training questions, with cross-validation, and save them as data.

Models (each saved as ``service/answers/models/<name>.json``, see ``service/answers/linear.py``):

* ``reranker``: P(a candidate sentence is a gold quote) from the candidate features
  (``service/answers/candidates.py``); fit on every candidate sentence of the
  training questions' retrieved passages, labelled by ``gold_quotes``.
* ``polarity_reading``: when the reading of the rule (``service/answers/polarity.py``) decides a
  yes/no question's Oui/Non: the least alignment between the question and its best sentence, chosen
  out of fold by game on the training questions whose verdict is yes or no, and the decisions'
  smoothed out-of-fold precision (the ruling's probability).
* ``confidence``: P(the ruling is right) from the answer features
  (``service/answers/calibration.py``); labels: the referee answer's keywords all in
  the answer (score_http.py's rule), an unanswerable question answered is wrong.
  Fit on the composed answers the player gets (not abstained, not replaced by an engine
  check), composed with out-of-fold polarity policies; C chosen by out-of-fold log loss (the strongest
  regularisation within one standard error of the lowest).
* ``answerable``: P(the rules answer the question), same features, fit on the training
  questions the rules engine does not check (an engine-checked answer never abstains);
  its report holds the abstention threshold, chosen on the out-of-fold probabilities
  (folds by game: a game's questions are predicted by a model that never saw that game)
  as the highest one whose false abstentions over all answerable training questions,
  rule gates included, stay within 4 % (a margin under the 5 % target), and the
  second-quote ratio chosen on the tuning part.

Everything reported is cross-validated on the training questions; the tuning part
measures the models fit on all training questions (and chooses the second-quote
ratio). The validation part is never read here.

* ``known_gap.json``: the specificity from which a question that uses a known gap's wording
  (``service/answers/gaps.py``) abstains, chosen on the training questions out of fold by game
  (each game's questions get the threshold chosen on the four others) as the lowest whose false
  abstentions stay within :data:`MAX_GAP_FALSE`; the shipped threshold is chosen the same way on
  all of them. It needs no retrieval (the gate reads the question and the catalogue only).

* ``engine_confidence.json``: P(an engine-checked answer is right) by the method of the check (frame,
  template, quantity or legality) and the kind of its verdict (yes, no, number, name, text;
  ``service/answers/calibration.py``, ``engine_confidence``): the share right among the training questions the
  engine checks, labelled by the yardstick's rule on the answer the referee gives (template answers replayed
  without the phrasing they matched, which was written from the question); the estimator (kind pooled, cell
  alone, cell shrunk towards its kind, or that shrunk share's posterior lower bound) is chosen out of fold by
  game (each game's answers get the table of the four others), precision of confident answers first, and
  reported on the tuning part. A cell whose share, or its kind's, is under 0.95 states at most 0.79: a stated
  0.8 is a claim of precision (``engine_table``).

Usage: scripts/fit_answers.py [--refresh] [--calibration-only | --keep-reranker | --reranker-only | --confidence-only]
                              [--known-gaps-only] [--engine-only]
       scripts/fit_answers.py --check

Run without options after any change to the code, corpus or questions (it refits every model, in under a
minute, and the same tree gives byte-identical files). Every model records the digest of what it was fit from
(``fit_inputs``, ``scripts/fit_inputs.py``); ``--check`` fits nothing and fails naming the models whose digest
is not this tree's (``tests/service/test_answer_models_current.py`` runs the same check).

``--reranker-only`` refits the reranker alone (the other models keep their saved fits).

``--calibration-only`` keeps the saved reranker, polarity model, reading policy and
second-quote ratio and refits only ``confidence`` and ``answerable``; ``--keep-reranker``
refits the reading policy too; ``--confidence-only`` keeps the answerable model and its
threshold as well and refits ``confidence`` alone (run it after any change to what the
answers say or when they abstain). The answers composed for fitting abstain where the
service's do, the known-gap gate included (``known_gap.json``).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import pickle
import re
import subprocess
import sys
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
if __name__ == "__main__" and os.environ.get("PYTHONHASHSEED") != "0":
    # String hashing orders sets, and set order reaches the retriever's float sums: with a random seed, a few
    # questions' hit scores and candidate features move in the sixth decimal and every refit differs. A fixed
    # seed makes the same tree's refit byte-identical.
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable, __file__, *sys.argv[1:]])
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import numpy as np  # noqa: E402
from eval_parts import load_part  # noqa: E402
from fit_inputs import KEY as FIT_INPUTS_KEY, digest as fit_inputs_digest, stale_models  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import GroupKFold  # noqa: E402

from language import detect_language  # noqa: E402
from service.answers.candidates import FEATURES, Candidate, candidates, question_view  # noqa: E402
from service.answers.corpus import CorpusTexts  # noqa: E402
from service.answers.calibration import (ANSWER_FEATURES, AnswerModels, default_models,  # noqa: E402
                                         expected_calibration_error, reliability)
from service.answers.compose import answer_quotes, compose_answer  # noqa: E402
from service.answers.linear import LinearModel  # noqa: E402
from service.answers.orders import rulebook_orders  # noqa: E402
from service.answers.reranker import rank  # noqa: E402
from service.answers.polarity import (POLICY_FILE, PolarityPolicy, PolarityReading, faq_opening,  # noqa: E402
                                      read_polarity)
from service.answers.rulings import POLARITY_FEATURES, POLARITY_MARGIN, polarity_features  # noqa: E402

MODELS = ROOT / "service" / "answers" / "models"
CACHE = Path(os.environ.get("TMPDIR", "/tmp")) / "arbitre_fit_answers"
"""Retrieved candidates per part, one folder per state of the code (:func:`tree_state`)."""
RETRIEVAL_DEPTH = 5
FOLDS = 5
POLARITY_REGULARISATION = (0.01, 0.03, 0.1, 0.3, 1.0)


@dataclass
class Record:
    question: dict
    language: str
    hits: list
    candidates: list[Candidate]
    labels: list[bool]
    engine: bool = False
    """Whether the rules engine checks the question (its answer then replaces the composed one)."""


def norm(text: str) -> str:
    """score_http.py's normalisation: the gold quotes are compared the way the yardstick compares them."""
    text = unicodedata.normalize("NFC", text or "")
    text = text.replace("’", "'").replace("\u00a0", " ").replace("\u202f", " ").replace("*", "").replace("_", " ")
    return re.sub(r"\s+", " ", text).strip().lower()


def is_gold(sentence: str, golds: list[str]) -> bool:
    sentence = norm(sentence)
    return len(sentence) > 3 and any(sentence in gold or (len(gold) > 3 and gold in sentence) for gold in golds)


def tree_state() -> str:
    """What the cached records depend on: this checkout (worktrees share TMPDIR), its commit and its uncommitted
    changes. A cache made by another tree, or before an edit of the retriever, readers or corpus, is not reused."""
    def git(*args: str) -> bytes:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, check=False).stdout

    digest = hashlib.sha256(str(ROOT.resolve()).encode())
    digest.update(git("rev-parse", "HEAD") + git("diff", "HEAD"))
    for name in git("ls-files", "--others", "--exclude-standard", "-z").split(b"\0"):
        path = ROOT / name.decode()
        if name and path.is_file():
            digest.update(name + path.read_bytes())
    return digest.hexdigest()[:16]


def collect(part: str, refresh: bool) -> list[Record]:
    cache = CACHE / tree_state() / f"{part}.pickle"
    if cache.is_file() and not refresh:
        return pickle.loads(cache.read_bytes())
    from service.core.config import Settings
    from service.core.retriever import build_retriever
    from service.grounding import Grounder

    settings = Settings()
    retriever = build_retriever(settings)
    retriever.warm_up()
    grounder = Grounder.from_settings(settings)
    grounder.warm_up()
    corpus = CorpusTexts(settings.corpus_dir)
    corpus.load()
    records = []
    for question in load_part(part):
        rulebook = corpus.rulebook(question["game"])
        language = detect_language(question["question"])
        hits = retriever.run(question["question"], game=question["game"], k=RETRIEVAL_DEPTH)
        found = candidates(question_view(question["question"], language, rulebook), hits, rulebook)
        golds = [norm(g) for g in question.get("gold_quotes") or []]
        engine = grounder.check(question["question"], question["game"], language) is not None
        records.append(Record(question, language, hits, found, [is_gold(c.text, golds) for c in found], engine))
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_bytes(pickle.dumps(records))
    return records


def fit_logistic(x: np.ndarray, y: np.ndarray, name: str, features: tuple[str, ...], c: float = 1.0) -> LinearModel:
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    model = LogisticRegression(C=c, max_iter=2000).fit((x - mean) / scale, y)
    return LinearModel(name, features, tuple(map(float, model.coef_[0])), tuple(map(float, mean)),
                       tuple(map(float, scale)), float(model.intercept_[0]), {})


def top1(records: list[Record], score) -> tuple[float, int]:
    """Share of questions (with a gold candidate) whose best-scored candidate is gold."""
    answerable = [r for r in records if any(r.labels)]
    right = 0
    for record in answerable:
        scores = [score(record, i) for i in range(len(record.candidates))]
        right += record.labels[int(np.argmax(scores))]
    return right / max(1, len(answerable)), len(answerable)


def fit_reranker(train: list[Record], tuning: list[Record] | None) -> LinearModel:
    rows = [(i, c.features, label) for i, r in enumerate(train) for c, label in zip(r.candidates, r.labels)]
    x = np.array([f for _, f, _ in rows])
    y = np.array([label for _, _, label in rows], dtype=int)
    groups = np.array([i for i, _, _ in rows])
    games = np.array([train[i].question["game"] for i, _, _ in rows])
    offsets = np.cumsum([0] + [len(r.candidates) for r in train])
    index = {id(r): offsets[i] for i, r in enumerate(train)}

    def held_out_top1(splits) -> tuple[float, int]:
        oof = np.zeros(len(rows))
        for fit_rows, held_rows in splits:
            model = fit_logistic(x[fit_rows], y[fit_rows], "reranker", FEATURES)
            oof[held_rows] = [model.logit(v) for v in x[held_rows]]
        return top1(train, lambda r, i: oof[index[id(r)] + i])

    cv_top1, n = held_out_top1(GroupKFold(FOLDS).split(x, y, groups))
    by_game_top1, _ = held_out_top1(GroupKFold(len(set(games))).split(x, y, games))
    baseline = {
        "retriever_sentence_score": top1(train, lambda r, i: r.candidates[i].features[0])[0],
        "best_sentence_of_first_passage": top1(
            train, lambda r, i: -10.0 * r.candidates[i].hit_rank + r.candidates[i].features[0] + r.candidates[i].features[5])[0],
    }
    model = fit_logistic(x, y, "reranker", FEATURES)
    report = {"fit_on": "train_questions.jsonl", "questions_with_gold_candidate": n,
              "cv_top1_gold_sentence": round(cv_top1, 3), "folds": FOLDS,
              "leave_one_game_out_top1_gold_sentence": round(by_game_top1, 3),
              "baselines_top1": {k: round(v, 3) for k, v in baseline.items()}}
    if tuning:
        report["tuning_top1_gold_sentence"] = round(top1(tuning, lambda r, i: model.logit(r.candidates[i].features))[0], 3)
        report["tuning_questions_with_gold_candidate"] = top1(tuning, lambda r, i: 0.0)[1]
    return LinearModel(model.name, model.features, model.weights, model.mean, model.scale, model.bias, report)


def keywords_ok(answer: str, keywords: list[str]) -> bool:
    """score_http.py's ruling-correct rule (loaded from the yardstick itself, not copied)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("score_http", Path(load_part.__globals__["shared_eval_dir"]()) / "score_http.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    globals()["keywords_ok"] = lambda a, k: module.keywords_ok(module.norm(a), k)
    return globals()["keywords_ok"](answer, keywords)


def best_evidence(record: Record, reranker: LinearModel) -> str:
    ranked = rank(record.candidates, reranker)
    return (ranked[0][0].text + " " + ranked[0][0].english) if ranked else ""


ALIGNMENT_GRID = (0.0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5)


def polarity_rows(records: list[Record], reranker: LinearModel, corpus: CorpusTexts, ratio: float
                  ) -> list[tuple[int, tuple[PolarityReading, ...], bool]]:
    """(record index, reading of each of its answer's quotes, verdict is yes) for each yes/no question of ``records``.

    The quotes are the service's (the best sentence, then the next ones within ``ratio`` of it): the ruling rests on
    the first quote whose reading decides.
    """
    rows = []
    for i, record in enumerate(records):
        ranked = rank(record.candidates, reranker)
        if record.question.get("verdict") not in ("yes", "no") or not ranked:
            continue
        rulebook = corpus.rulebook(record.question["game"])
        readings = tuple(read_polarity(record.question["question"], record.language, quote.text, quote.english,
                                       faq_opening(rulebook, quote.start), rulebook_orders(rulebook.text))
                         for quote in answer_quotes(ranked, ratio))
        rows.append((i, readings, record.question["verdict"] == "yes"))
    return rows


def decided_right(rows, policy: PolarityPolicy) -> tuple[int, int]:
    decided = [(readings[index].verdict, truth) for _, readings, truth in rows
               for index in [policy.deciding(readings)] if index is not None]
    return len(decided), sum(verdict == truth for verdict, truth in decided)


def choose_alignment(rows) -> float:
    """The alignment threshold whose decisions are right most often net of the wrong ones (ties: the stricter)."""
    def net(threshold: float) -> int:
        decided, right = decided_right(rows, PolarityPolicy(threshold, 0.5))
        return 2 * right - decided
    return max(ALIGNMENT_GRID, key=lambda t: (net(t), t))


def model_guesses(train: list[Record], rows, thresholds: dict[str, float], reranker: LinearModel, c: float) -> dict:
    """How often the polarity model's guesses, where no reading decides, were right (a report: the model rules there).

    Out of fold by game: each game's questions are read under the threshold and guessed by the model fit on the
    four other games. Only the questions answered from the text count (an engine check replaces the guess).
    """
    x = np.array([polarity_features(train[i].question["question"], best_evidence(train[i], reranker))
                  for i, _, _ in rows])
    y = np.array([truth for *_, truth in rows], dtype=int)
    games = np.array([train[i].question["game"] for i, _, _ in rows])
    p_yes = np.zeros(len(rows))
    for game in sorted(set(games)):
        held = games == game
        model = fit_logistic(x[~held], y[~held], "polarity", POLARITY_FEATURES, c)
        p_yes[held] = [model.probability(v) for v in x[held]]
    guessed = [k for k, (i, readings, _) in enumerate(rows)
               if not train[i].engine and PolarityPolicy(thresholds[games[k]], 0.5).deciding(readings) is None
               and abs(p_yes[k] - 0.5) >= POLARITY_MARGIN]
    right = sum((p_yes[k] > 0.5) == y[k] for k in guessed)
    return {"guessed": len(guessed), "right": int(right), "says_no": int(sum(p_yes[k] < 0.5 for k in guessed))}


def fit_reading(train: list[Record], tuning: list[Record] | None, reranker: LinearModel, corpus: CorpusTexts,
                ratio: float, polarity_c: float, write: bool = True) -> tuple[PolarityPolicy, dict[int, PolarityPolicy]]:
    """The yes/no policy (:class:`PolarityPolicy`), and the policy of each question's fold (for out-of-fold answers).

    The reading itself is not fit (its words are the lexicons'); the alignment threshold is chosen on the
    training questions' answer quotes, out of fold by game, and the ruling's probability is the smoothed
    share right of the out-of-fold decisions. How often the polarity model's guesses are right where no reading
    decides is reported, out of fold by game too (:func:`model_guesses`).
    """
    rows = polarity_rows(train, reranker, corpus, ratio)
    games = {i: train[i].question["game"] for i, _, _ in rows}
    thresholds = {game: choose_alignment([r for r in rows if games[r[0]] != game]) for game in sorted(set(games.values()))}
    oof = [(i, readings[index], truth) for i, readings, truth in rows
           for index in [PolarityPolicy(thresholds[games[i]], 0.5).deciding(readings)] if index is not None]
    right = sum(reading.verdict == truth for _, reading, truth in oof)
    p_right = round((right + 1) / (len(oof) + 2), 4)
    guesses = model_guesses(train, rows, thresholds, reranker, polarity_c)
    policy = PolarityPolicy(choose_alignment(rows), p_right)
    report = {"fit_on": "train_questions.jsonl (verdict yes or no), the answer's quotes (second-quote ratio "
              f"{ratio}), the first whose reading decides", "n": len(rows),
              "share_no": round(1 - sum(t for *_, t in rows) / max(1, len(rows)), 3), "folds": "one per game",
              "thresholds_by_held_out_game": thresholds, "cv_decided": len(oof), "cv_right": right,
              "by_cue_train (decided, right)": _by_cue(rows, policy),
              "model_guesses_where_no_reading_decides (text answers, out of fold by game)": guesses}
    if tuning:
        tuned = polarity_rows(tuning, reranker, corpus, ratio)
        decided, tuned_right = decided_right(tuned, policy)
        report.update({"tuning_n": len(tuned), "tuning_share_no": round(1 - sum(t for *_, t in tuned) / max(1, len(tuned)), 3),
                       "tuning_decided": decided, "tuning_right": tuned_right,
                       "by_cue_tuning (decided, right)": _by_cue(tuned, policy)})
    if write:
        report[FIT_INPUTS_KEY] = fit_inputs()
        POLICY_FILE.write_text(json.dumps({"min_alignment": policy.min_alignment, "p_right": policy.p_right,
                                           "cues": list(policy.cues), "report": report}, indent=1) + "\n",
                               encoding="utf-8")
        print("polarity_reading", json.dumps(report))
    # Questions without a yes/no verdict never chose a threshold: they get the full policy.
    return policy, {i: PolarityPolicy(thresholds[games[i]], p_right) for i, _, _ in rows}


def _by_cue(rows, policy: PolarityPolicy) -> dict[str, list[int]]:
    """Per cue, (decided, right): each question's deciding reading, else its best quote's reading when it has a
    verdict at the policy's alignment (``affirmative``, which never decides)."""
    counts: dict[str, list[int]] = {}
    for _, readings, truth in rows:
        index = policy.deciding(readings)
        reading = readings[index if index is not None else 0]
        if reading.verdict is not None and reading.alignment >= policy.min_alignment:
            counts.setdefault(reading.cue, [0, 0])
            counts[reading.cue][0] += 1
            counts[reading.cue][1] += reading.verdict == truth
    return counts


def fit_polarity(train: list[Record], tuning: list[Record] | None, reranker: LinearModel) -> tuple[LinearModel, dict[int, LinearModel]]:
    """The polarity model, and one model per fold (for out-of-fold answers)."""
    polar = [(i, r) for i, r in enumerate(train) if r.question.get("verdict") in ("yes", "no")]
    x = np.array([polarity_features(r.question["question"], best_evidence(r, reranker)) for _, r in polar])
    y = np.array([r.question["verdict"] == "yes" for _, r in polar], dtype=int)
    fold_of = {i: k % FOLDS for k, (i, _) in enumerate(polar)}
    by_c = {}
    for c in POLARITY_REGULARISATION:  # the regularisation is chosen by cross-validated accuracy (ties: the weaker one)
        per_fold: dict[int, LinearModel] = {}
        oof = np.zeros(len(polar))
        for fold in range(FOLDS):
            held = np.array([fold_of[i] == fold for i, _ in polar])
            per_fold[fold] = fit_logistic(x[~held], y[~held], "polarity", POLARITY_FEATURES, c)
            oof[held] = [per_fold[fold].probability(v) for v in x[held]]
        by_c[c] = (float(((oof > 0.5) == y).mean()), per_fold, oof)
    c = max(by_c, key=lambda key: (round(by_c[key][0], 6), key))
    accuracy, per_fold, oof = by_c[c]
    model = fit_logistic(x, y, "polarity", POLARITY_FEATURES, c)
    decided = np.abs(oof - 0.5) >= POLARITY_MARGIN
    report = {"fit_on": "train_questions.jsonl (verdict yes or no)", "n": len(polar), "share_yes": round(float(y.mean()), 3),
              "C": c, "cv_accuracy_by_C": {str(k): round(v[0], 3) for k, v in by_c.items()},
              "cv_accuracy": round(accuracy, 3), "cv_ece": round(expected_calibration_error(list(oof), list(y == 1)), 3),
              "cv_share_decided": round(float(decided.mean()), 3),
              "cv_accuracy_when_decided": round(float(((oof > 0.5) == y)[decided].mean()), 3) if decided.any() else None}
    if tuning:
        tuned = [r for r in tuning if r.question.get("verdict") in ("yes", "no")]
        p = [model.probability(polarity_features(r.question["question"], best_evidence(r, reranker))) for r in tuned]
        report["tuning_n"] = len(tuned)
        report["tuning_accuracy"] = round(float(np.mean([(pp > 0.5) == (r.question["verdict"] == "yes") for pp, r in zip(p, tuned)])), 3)
    model = LinearModel(model.name, model.features, model.weights, model.mean, model.scale, model.bias, report)
    # Questions without a yes/no verdict get the full model out of fold (they never trained it).
    return model, {i: per_fold[fold_of[i]] for i, _ in polar}


def compose_all(records: list[Record], corpus: CorpusTexts, models_of) -> list:
    return [compose_answer(r.question["question"], r.question["game"], r.hits, corpus, models=models_of(i))
            for i, r in enumerate(records)]


def ruling_right(record: Record, answer) -> bool:
    if record.question["kind"] == "unanswerable":
        return False
    return keywords_ok(answer.text, record.question.get("answer_keywords") or [])


ANSWERABLE_REGULARISATION = (0.03, 0.1, 0.3, 1.0)
CONFIDENCE_REGULARISATION = (0.01, 0.03, 0.1, 0.3, 1.0)
"""The confidence model's C is chosen among these by out-of-fold log loss (folds by game), the strongest within one
standard error of the lowest (:func:`within_one_standard_error`): about eighty composed answers."""


def log_losses(p: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Each row's log loss."""
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return -(y * np.log(p) + (1 - y) * np.log(1 - p))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean(log_losses(p, y)))


def within_one_standard_error(oof_by_c: dict[float, np.ndarray], y: np.ndarray) -> float:
    """The strongest regularisation (smallest C) whose out-of-fold log loss exceeds the lowest by at most one
    standard error of the per-answer difference (the one-standard-error rule).

    About eighty answers barely tell the values apart (0.648, 0.621 and 0.619 for C = 0.01, 0.03 and 0.1 at the
    session 12 refit, all within one standard error); the lowest loss alone picked 0.1, whose probabilities
    reached 0.92 and made a confident-wrong answer out of fold (1 of 79) and on the tuning part (1 of 46).
    """
    losses = {c: log_losses(p, y) for c, p in oof_by_c.items()}
    best = min(losses, key=lambda c: (round(float(losses[c].mean()), 6), c))
    for c in sorted(losses):
        difference = losses[c] - losses[best]
        if difference.mean() <= difference.std(ddof=1) / np.sqrt(len(difference)):
            return c
    return best
MAX_FALSE_ABSTENTIONS = 0.04
"""The abstention threshold keeps the training questions' out-of-fold false abstentions within this (target: 0.05)."""


def out_of_fold(name: str, x: np.ndarray, y: np.ndarray, groups: np.ndarray, c: float = 1.0) -> np.ndarray:
    """Each row's probability from a model fit on the other groups (one fold per game)."""
    oof = np.zeros(len(y))
    for fit_rows, held_rows in GroupKFold(len(set(groups))).split(x, y, groups):
        model = fit_logistic(x[fit_rows], y[fit_rows], name, ANSWER_FEATURES, c)
        oof[held_rows] = [model.probability(v) for v in x[held_rows]]
    return oof


def auc(scores: np.ndarray, positive: np.ndarray) -> float:
    """The probability that a positive row scores above a negative one (ties count half)."""
    pos, neg = scores[positive], scores[~positive]
    if not len(pos) or not len(neg):
        return float("nan")
    return float(((pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()) / (len(pos) * len(neg)))


def diagram(probabilities, outcomes) -> list[dict]:
    return [{"bin": f"{b.low:.1f}-{b.high:.1f}", "n": b.count, "predicted": round(b.mean_predicted, 3),
             "observed": round(b.observed, 3)} for b in reliability(list(probabilities), list(outcomes))]


def choose_second_quote_ratio(tuning: list[Record], corpus: CorpusTexts, base: AnswerModels) -> tuple[float, dict]:
    scores = {}
    answerable = [r for r in tuning if r.question["kind"] != "unanswerable"]
    for ratio in (0.0, 0.3, 0.5, 0.7, 0.9, 1.01):
        models = AnswerModels(base.reranker, base.polarity, None, None, 0.0, ratio, reading=base.reading)
        answers = compose_all(answerable, corpus, lambda i: models)
        scores[ratio] = round(float(np.mean([ruling_right(r, a) for r, a in zip(answerable, answers)])), 3)
    best = max(scores, key=lambda ratio: (scores[ratio], ratio))
    return best, {"tuning_ruling_correct_by_second_quote_ratio": {str(k): v for k, v in scores.items()}}


def abstention_rates(p_answerable, gated, engine, unanswerable, threshold: float) -> tuple[float, float]:
    """Abstention recall and false abstentions (over every answerable question) at ``threshold``.

    A rule gate abstains whatever the threshold; an engine-checked answer never abstains.
    """
    abstain = [(g or p < threshold) and not e for p, g, e in zip(p_answerable, gated, engine)]
    answerable_n = sum(not u for u in unanswerable) or 1
    false = sum(a and not u for a, u in zip(abstain, unanswerable)) / answerable_n
    recall = sum(a and u for a, u in zip(abstain, unanswerable)) / (sum(unanswerable) or 1)
    return recall, false


def choose_threshold(p_answerable, gated, engine, unanswerable, max_false: float = MAX_FALSE_ABSTENTIONS) -> float:
    """The lowest of the thresholds that abstain on the most unanswerable questions net of false abstentions, among
    those whose false abstentions (the rule gates' own included) stay within ``max_false``.

    A false abstention costs as much as a missed one: when the rule gates already abstain on an unanswerable question,
    a threshold that abstains on it again gains nothing, and one that only adds abstentions is not chosen, even
    those that cost nothing on the training questions (the budget alone chose 0.32 on them after the rule gates
    caught them all: on the tuning part 3 false abstentions for 1 unanswerable question more; the highest threshold
    with no training cost, 0.07, still abstained falsely on one tuning question and on no unanswerable one).
    """
    n_unanswerable = sum(bool(u) for u in unanswerable)
    n_answerable = len(unanswerable) - n_unanswerable
    best, best_net = 0.0, -np.inf
    for threshold in np.arange(0.0, 1.0, 0.01):
        recall, false = abstention_rates(p_answerable, gated, engine, unanswerable, float(threshold))
        net = round(recall * n_unanswerable - false * n_answerable, 6)
        if false <= max_false and net > best_net:
            best, best_net = float(threshold), net
    return round(best, 2)


MAX_GAP_FALSE = 0.02
"""The known-gap gate's own false abstentions on answerable training questions stay within this: the
other gates already abstain on about 3 % of them, and the target for all gates is 5 %."""


def lowest_gap_threshold(scores: np.ndarray, unanswerable: np.ndarray) -> float:
    """The lowest specificity whose abstentions on answerable questions stay within :data:`MAX_GAP_FALSE`."""
    answerable = max(1, int((~unanswerable).sum()))
    for threshold in sorted({float(s) for s in scores if s > 0}):
        if ((scores >= threshold) & ~unanswerable).sum() / answerable <= MAX_GAP_FALSE:
            return threshold
    return float("inf")


def fit_known_gap() -> dict:
    """Choose and save the known-gap threshold (see the module docstring); returns its report."""
    from service.answers.corpus import CorpusTexts
    from service.answers.gaps import gap_catalogue, match

    corpus = CorpusTexts(ROOT / "corpus")
    corpus.load()
    catalogue = gap_catalogue(ROOT / "corpus")

    def scores(part: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        questions = load_part(part)
        found = [match(q["question"], catalogue.get(q["game"], ()), corpus.rulebook(q["game"])) for q in questions]
        return (np.array([m.score if m else 0.0 for m in found]),
                np.array([q["kind"] == "unanswerable" for q in questions]), np.array([q["game"] for q in questions]))

    def rates(abstain: np.ndarray, unanswerable: np.ndarray) -> dict:
        return {"abstention_recall": round(float(abstain[unanswerable].mean()), 3),
                "false_abstentions": round(float(abstain[~unanswerable].mean()), 3),
                "n_unanswerable": int(unanswerable.sum()), "n_answerable": int((~unanswerable).sum())}

    train, unanswerable, games = scores("train")
    oof = np.zeros(len(train), dtype=bool)
    for game in sorted(set(games)):
        held = games == game
        oof[held] = train[held] >= lowest_gap_threshold(train[~held], unanswerable[~held])
    threshold = lowest_gap_threshold(train, unanswerable)
    tuning, tuning_unanswerable, _ = scores("tuning")
    report = {"threshold": threshold, "max_false_abstentions": MAX_GAP_FALSE, "folds": "one per game",
              "fit_on": "train_questions.jsonl, every question (the gate runs before the engine check)",
              "cv_gate_alone": rates(oof, unanswerable), "train_gate_alone": rates(train >= threshold, unanswerable),
              "tuning_gate_alone": rates(tuning >= threshold, tuning_unanswerable)}
    report[FIT_INPUTS_KEY] = fit_inputs()
    (MODELS / "known_gap.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print("known_gap", json.dumps(report))
    return report


ENGINE_PRIOR_WEIGHT = 2.0
"""How many answers' worth a method-and-kind cell borrows from its kind's pooled share (``shrunk`` estimator)."""
ENGINE_LOWER_QUANTILE = 0.1
"""``shrunk_lower``: the share a cell reaches with 90 % posterior probability (precision first: a stated
confidence of 0.8 or more is a claim, so a cell of few answers does not make it on a lucky streak)."""
ENGINE_ESTIMATORS = ("kind", "kind_by_score", "method", "cell", "shrunk", "shrunk_lower")
CONFIDENT = 0.8
"""The confidence from which an answer counts as confident (the yardstick's ``confident_wrong``)."""
CONFIDENT_PRECISION = 0.95
"""The share of confident engine answers that must be right, out of fold, for an estimator to be chosen."""
NOT_CONFIDENT = round(CONFIDENT - 0.01, 2)
"""The most a cell states when its answers are not shown precise enough for a confident claim (:func:`engine_table`)."""
PRECISION_FAMILY = {"yes": "polar", "no": "polar"}
"""Verdict kinds whose precision is one claim: a yes and a no come out of the same polar reading of the question (a
negated ask flips the engine's verdict, ``asks_opposite``), so a misread position errs into either, and a streak of
right yeses says little apart from the noes. Other kinds are their own family."""


def engine_table(rows: list[tuple], estimator: str) -> dict[str, dict]:
    """P(right) by ``method/kind`` cell from ``rows`` of (game, method, kind, score, right), by ``estimator``:

    * ``kind``: the kind's Laplace-smoothed share, methods pooled (the table before methods were told apart);
    * ``kind_by_score``: the same table; a template's answer gets it times the template's match score
      (``scaled_by_template_score`` in the saved report; ``engine_confidence`` reads it);
    * ``method``: the method's Laplace-smoothed share, kinds pooled;
    * ``cell``: each method-and-kind cell's own Laplace-smoothed share;
    * ``shrunk``: the cell's share pulled towards its kind's pooled share by :data:`ENGINE_PRIOR_WEIGHT` answers,
      so a cell of a few answers leans on its kind instead of on a coin;
    * ``shrunk_lower``: the :data:`ENGINE_LOWER_QUANTILE` quantile of that shrunk share's Beta posterior.

    Whatever the estimator, a cell states :data:`CONFIDENT` or more only when its shrunk share and its kind's
    family's pooled share (:data:`PRECISION_FAMILY`: yes and no pooled) both reach :data:`CONFIDENT_PRECISION`;
    otherwise at most :data:`NOT_CONFIDENT` (``capped``).
    A stated 0.8 is a claim of precision: pooled over every cell, the precise kinds (yes, number, name) hid a
    kind right 9 times in 10 ("no": a move the question describes loosely is refused by the engine), whose
    answers then made most of the confident-wrong ones, out of fold and on the tuning part; and a small cell
    of that kind (template/no, 5 of 5 on train) does not escape its kind on a short lucky streak.
    """
    from scipy.stats import beta  # scikit-learn's own dependency (fitting only)

    from service.answers.calibration import ENGINE_METHODS, VERDICT_KINDS, engine_cell

    def laplace(keep) -> tuple[int, int, float]:
        chosen = [row[-1] for row in rows if keep(row[1], row[2])]
        return sum(chosen), len(chosen), (sum(chosen) + 1) / (len(chosen) + 2)

    def family(kind: str) -> str:
        return PRECISION_FAMILY.get(kind, kind)

    table = {}
    for kind in VERDICT_KINDS:
        kind_right, kind_n, kind_p = laplace(lambda m, k: k == kind)
        family_p = laplace(lambda m, k: family(k) == family(kind))[2]
        for method in ENGINE_METHODS:
            right, n, cell_p = laplace(lambda m, k: (m, k) == (method, kind))
            shrunk = (right + ENGINE_PRIOR_WEIGHT * kind_p) / (n + ENGINE_PRIOR_WEIGHT)
            if estimator == "shrunk_lower":
                p = float(beta.ppf(ENGINE_LOWER_QUANTILE, right + ENGINE_PRIOR_WEIGHT * kind_p,
                                   n - right + ENGINE_PRIOR_WEIGHT * (1 - kind_p)))
            else:
                p = {"kind": kind_p, "kind_by_score": kind_p, "method": laplace(lambda m, k: m == method)[2],
                     "cell": cell_p, "shrunk": shrunk}[estimator]
            capped = min(shrunk, family_p) < CONFIDENT_PRECISION and p > NOT_CONFIDENT
            table[engine_cell(method, kind)] = {"right": right, "n": n, "p": round(min(p, NOT_CONFIDENT) if capped else p, 4),
                                                "capped": capped}
    return table


def engine_probability(table: dict[str, dict], estimator: str, method: str, kind: str, score: float) -> float:
    from service.answers.calibration import engine_cell

    p = table[engine_cell(method, kind)]["p"]
    return p * score if estimator == "kind_by_score" and method == "template" else p


def engine_rows(referee, part: str, leave_phrasing_out: bool) -> list[tuple[str, str, str, float, bool]]:
    """(game, method, verdict kind, score, right) of each question of ``part`` the referee answers with an engine
    check, right by the yardstick's rule on the answer the player reads (``referee.ask``: the decisive rule
    quoted, see ``service/grounding/decisive.py``); an unanswerable question answered is wrong.

    With ``leave_phrasing_out`` a template answer is replayed without the phrasing it matched: template phrasings
    were written from training questions, so the question's own phrasing would score the template in sample. The
    replay's answer is the one counted (another template's, another method's), or none when nothing checks it.
    """
    from service.answers.calibration import verdict_kind

    rows = []
    for question in load_part(part):
        game, text = question["game"], question["question"]
        answer = referee.ask(game, text)
        if answer.engine_check is None:
            continue
        grounded = referee.grounder.check(text, game, answer.language)
        if grounded is None:  # the engine checked one ask of a compound question (referee.joined), not the whole
            continue
        if leave_phrasing_out and grounded.check.method == "template":
            with referee.grounder.leaving_out_phrasing(game, grounded.explanation.template["closest_phrasing"]):
                answer = referee.ask(game, text)
                grounded = referee.grounder.check(text, game, answer.language) if answer.engine_check else None
            if grounded is None:
                continue
        right = question["kind"] != "unanswerable" and keywords_ok(answer.text, question.get("answer_keywords") or [])
        rows.append((game, grounded.check.method, verdict_kind(grounded.raw, grounded.verdict_type),
                     float(grounded.score), right))
    return rows


def fit_engine_confidence() -> dict:
    """Choose and save the engine-checked confidence table (see the module docstring); returns its report.

    The estimator (:func:`engine_table`) is chosen out of fold on the training questions (one fold per game;
    templates without their own phrasing, :func:`engine_rows`): among those whose confident answers
    (:data:`CONFIDENT`) are right at least :data:`CONFIDENT_PRECISION` of the time, the fewest confident-wrong
    answers, then the lowest Brier score. The tuning part is reported, never chosen on.
    """
    from in_process import ready_client

    with ready_client("fit-engine-") as client:
        referee = client.app.state.referee
        train = engine_rows(referee, "train", leave_phrasing_out=True)
        tuning = engine_rows(referee, "tuning", leave_phrasing_out=False)

    def measures(predicted: list[float], right: list[bool]) -> dict:
        confident = [r for p, r in zip(predicted, right) if p >= CONFIDENT]
        return {"n": len(right), "ece": round(expected_calibration_error(predicted, right), 3),
                "brier": round(float(np.mean([(p - r) ** 2 for p, r in zip(predicted, right)])), 4),
                "confident": len(confident), "confident_wrong": len(confident) - sum(confident),
                "confident_precision": round(sum(confident) / len(confident), 3) if confident else None,
                "reliability": [{"bin": f"[{b.low:.1f}, {b.high:.1f})", "n": b.count,
                                 "right": round(b.observed * b.count)} for b in reliability(predicted, right)]}

    by_estimator = {}
    for name in ENGINE_ESTIMATORS:
        oof = []
        for game in sorted({row[0] for row in train}):
            held_out = engine_table([row for row in train if row[0] != game], name)
            oof += [(engine_probability(held_out, name, m, k, score), right) for g, m, k, score, right in train
                    if g == game]
        shipped = engine_table(train, name)
        by_estimator[name] = {"cv": measures([p for p, _ in oof], [r for _, r in oof]),
                              "tuning": measures([engine_probability(shipped, name, m, k, score)
                                                  for _, m, k, score, _ in tuning], [row[-1] for row in tuning])}

    def rank(name: str) -> tuple:
        cv = by_estimator[name]["cv"]
        precise = cv["confident_precision"] is None or cv["confident_precision"] >= CONFIDENT_PRECISION
        return (not precise, cv["confident_wrong"], cv["brier"])

    chosen = min(by_estimator, key=rank)
    report = {"by_cell": engine_table(train, chosen), "estimator": chosen,
              "scaled_by_template_score": chosen == "kind_by_score",
              "fit_on": "train_questions.jsonl: the questions the rules engine checks, through the referee's answer; "
                        "template answers replayed without the phrasing they matched",
              "chosen_on": f"out of fold on train: confident (>= {CONFIDENT}) answers right >= {CONFIDENT_PRECISION}, "
                           "then fewest confident-wrong, then lowest Brier (estimators: scripts/fit_answers.py "
                           "engine_table)",
              "folds": "one per game", "cv": by_estimator[chosen]["cv"], "tuning": by_estimator[chosen]["tuning"],
              "by_estimator": by_estimator, FIT_INPUTS_KEY: fit_inputs()}
    (MODELS / "engine_confidence.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print("engine_confidence", json.dumps({k: v for k, v in report.items() if k != "by_estimator"}))
    return report


def fit_confidence(train: list[Record], answers: list, given: np.ndarray, tuning: list[Record], corpus: CorpusTexts,
                   final_models) -> tuple[LinearModel, dict]:
    """P(the ruling is right), fit on the ``given`` composed answers of ``train`` (the ones the player gets: an engine
    verdict replaces the composed answer and has its own table), labelled by the yardstick's rule; C by out-of-fold
    log loss (one fold per game). ``final_models(model)`` gives the models the tuning part is answered with.

    A stated 0.8 is a claim of precision (as for an engine cell, :func:`engine_table`): unless the out-of-fold
    answers at :data:`CONFIDENT` or more were right :data:`CONFIDENT_PRECISION` of the time, Laplace-smoothed, the
    model states at most :data:`NOT_CONFIDENT` (``at_most``). After the session 12 rulings, 2 of 3 were right, and
    the one wrong was confident-wrong through HTTP.
    """
    x = np.array([a.signals if a.signals else [0.0] * len(ANSWER_FEATURES) for a in answers])
    games = np.array([r.question["game"] for r in train])
    right = np.array([ruling_right(r, a) for r, a in zip(train, answers)], dtype=int)
    by_c = {c: out_of_fold("confidence", x[given], right[given], games[given], c) for c in CONFIDENCE_REGULARISATION}
    c = within_one_standard_error(by_c, right[given])
    oof = by_c[c]
    confident = oof >= CONFIDENT
    confident_right = int((confident & (right[given] == 1)).sum())
    confident_precision = (confident_right + 1) / (int(confident.sum()) + 2)
    model = fit_logistic(x[given], right[given], "confidence", ANSWER_FEATURES, c)
    if confident_precision < CONFIDENT_PRECISION:
        model = replace(model, at_most=NOT_CONFIDENT)
    final = final_models(model)
    tuned = compose_all(tuning, corpus, lambda i: final)
    tuning_given = [not a.abstained and not r.engine for r, a in zip(tuning, tuned)]
    tuning_right = [ruling_right(r, a) for r, a, g in zip(tuning, tuned, tuning_given) if g]
    tuning_conf = [a.confidence for a, g in zip(tuned, tuning_given) if g]
    return model, {
        "fit_on": "train_questions.jsonl: the composed answers the player gets (abstentions, the known-gap gate's "
                  "included, and engine-checked questions left out; an unanswerable question answered = wrong)",
        "n": int(given.sum()), "share_right": round(float(right[given].mean()), 3), "folds": "one per game",
        "C": c, "C_chosen_on": "smallest C within one standard error of the lowest out-of-fold log loss",
        "cv_log_loss_by_C": {str(key): round(log_loss(p, right[given]), 4) for key, p in by_c.items()},
        "cv_ece": round(expected_calibration_error(list(oof), list(right[given] == 1)), 3),
        "cv_confident_wrong": int(((oof >= 0.8) & (right[given] == 0)).sum()),
        "cv_confident_right": f"{confident_right} of {int(confident.sum())}",
        "at_most": model.at_most, "at_most_chosen_on": f"below {CONFIDENT} unless the out-of-fold answers at "
                                                      f"{CONFIDENT} or more were right at least {CONFIDENT_PRECISION} "
                                                      "of the time (Laplace-smoothed), as an engine cell's",
        "cv_reliability": diagram(oof, right[given] == 1),
        "tuning_n": len(tuning_conf), "tuning_share_right": round(float(np.mean(tuning_right)), 3) if tuning_right else None,
        "tuning_ece": round(expected_calibration_error(tuning_conf, tuning_right), 3),
        "tuning_confident_wrong": sum(1 for p, r in zip(tuning_conf, tuning_right) if p >= 0.8 and not r),
        "tuning_reliability": diagram(tuning_conf, tuning_right)}


def _with_report(model: LinearModel, report: dict) -> LinearModel:
    return replace(model, report=report)


def _saved_known_gap_at() -> float:
    path = MODELS / "known_gap.json"
    return float(json.loads(path.read_text(encoding="utf-8"))["threshold"]) if path.is_file() else float("inf")


@functools.cache
def fit_inputs() -> str:
    """The digest of what the models are fit from (``scripts/fit_inputs.py``), recorded in each model written."""
    return fit_inputs_digest()


def save(model: LinearModel) -> None:
    MODELS.mkdir(parents=True, exist_ok=True)
    model = _with_report(model, {**model.report, FIT_INPUTS_KEY: fit_inputs()})
    (MODELS / f"{model.name}.json").write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    print(model.name, json.dumps(dict(model.report)))


@dataclass
class Ranking:
    """The models an answer's ruling and quotes come from, with each training question's out-of-fold versions."""

    reranker: LinearModel
    polarity: LinearModel
    polarity_by_question: dict[int, LinearModel]
    reading: PolarityPolicy
    reading_by_question: dict[int, PolarityPolicy]
    ratio: float
    ratio_report: dict
    known_gap_at: float = float("inf")
    """The known-gap gate's threshold (``known_gap.json``): the answers composed here abstain where the service's do."""

    def models(self, i: int | None = None, confidence=None, answerable=None, threshold: float = 0.0) -> AnswerModels:
        """Question ``i``'s out-of-fold models (the full ones when ``i`` is None)."""
        return AnswerModels(self.reranker, self.polarity_by_question.get(i, self.polarity), confidence, answerable,
                            threshold, self.ratio, self.known_gap_at, reading=self.reading_by_question.get(i, self.reading))


def fit_ranking(train, tuning, corpus, calibration_only: bool, keep_reranker: bool = False,
                reranker: LinearModel | None = None) -> Ranking:
    """The reranker (``reranker`` when already fit), the polarity model and reading policy (with their per-question
    out-of-fold versions) and the second-quote ratio; ``calibration_only`` keeps every saved one, ``keep_reranker``
    refits the reading policy."""
    if calibration_only or keep_reranker:
        saved = default_models()
        _, polarity_by_question = fit_polarity(train, None, saved.reranker)
        reading, reading_by_question = fit_reading(train, tuning, saved.reranker, corpus, saved.second_quote_ratio,
                                                   float(saved.polarity.report["C"]), write=keep_reranker)
        return Ranking(saved.reranker, saved.polarity, polarity_by_question,
                       reading if keep_reranker else saved.reading, reading_by_question, saved.second_quote_ratio,
                       {k: v for k, v in saved.answerable.report.items() if k.startswith("tuning_ruling_correct_by_second")})
    if reranker is None:
        reranker = fit_reranker(train, tuning)
        save(reranker)
    polarity, polarity_by_question = fit_polarity(train, tuning, reranker)
    save(polarity)
    # The quotes the reading sees are cut at the saved second-quote ratio (the new one is chosen with this policy).
    reading, reading_by_question = fit_reading(train, tuning, reranker, corpus, default_models().second_quote_ratio,
                                               float(polarity.report["C"]))
    ratio, ratio_report = choose_second_quote_ratio(tuning, corpus, AnswerModels(reranker, polarity, None, None,
                                                                                 reading=reading))
    print("second quote ratio", ratio, ratio_report)
    return Ranking(reranker, polarity, polarity_by_question, reading, reading_by_question, ratio, ratio_report)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refresh", action="store_true", help="retrieve again instead of reading the cache")
    parser.add_argument("--known-gaps-only", action="store_true", help="refit only the known-gap threshold")
    parser.add_argument("--engine-only", action="store_true", help="refit only the engine-checked confidence table")
    parser.add_argument("--calibration-only", action="store_true",
                        help="keep the saved reranker, polarity model, reading policy and quote ratio; refit confidence and answerable")
    parser.add_argument("--reranker-only", action="store_true",
                        help="refit only the reranker (its report: out of fold by question and by game, and tuning)")
    parser.add_argument("--keep-reranker", action="store_true",
                        help="keep the saved reranker, polarity model and quote ratio; refit the reading policy, confidence and answerable")
    parser.add_argument("--confidence-only", action="store_true",
                        help="keep every saved model but the confidence model (the answerable model and its threshold too)")
    parser.add_argument("--check", action="store_true",
                        help="fit nothing: exit 1 naming each saved model not fit from this tree's code and questions")
    args = parser.parse_args()
    if args.check:
        stale = stale_models(fit_inputs())
        for name, recorded in stale.items():
            print(f"{name}: fit from {recorded or 'unrecorded inputs'}, this tree is {fit_inputs()}")
        if stale:
            sys.exit("stale answer models: run scripts/fit_answers.py (every model), then commit them")
        print(f"answer models current ({fit_inputs()})")
        return
    if args.reranker_only:
        save(fit_reranker(collect("train", args.refresh), collect("tuning", args.refresh)))
        return
    partial = (args.engine_only, args.confidence_only, args.known_gaps_only, args.calibration_only, args.keep_reranker)
    train = tuning = reranker = None
    if not any(partial):
        # The reranker first: the engine-confidence step asks through the app, which loads the saved reranker (one
        # fit for another feature list would not load).
        train, tuning = collect("train", args.refresh), collect("tuning", args.refresh)
        reranker = fit_reranker(train, tuning)
        save(reranker)
    if not (args.engine_only or args.confidence_only):
        fit_known_gap()
    if not (args.known_gaps_only or args.confidence_only):
        fit_engine_confidence()
    if args.known_gaps_only or args.engine_only:
        return
    if train is None:
        train, tuning = collect("train", args.refresh), collect("tuning", args.refresh)
    corpus = CorpusTexts(ROOT / "corpus")
    corpus.load()
    ranking = fit_ranking(train, tuning, corpus, args.calibration_only or args.confidence_only, args.keep_reranker,
                          reranker)
    ranking.known_gap_at = _saved_known_gap_at()
    if args.confidence_only:
        saved = default_models()
        answers = compose_all(train, corpus, lambda i: ranking.models(i, None, saved.answerable, saved.abstain_below))
        engine = np.array([r.engine for r in train])
        given = np.array([not a.abstained for a in answers]) & ~engine
        confidence, report = fit_confidence(train, answers, given, tuning, corpus,
                                            lambda model: ranking.models(None, model, saved.answerable,
                                                                         saved.abstain_below))
        save(_with_report(confidence, {**report, "answerable": "the saved model and threshold (--confidence-only)"}))
        return

    # abstain_below is 0 and no answerable model: only the rule gates abstain in these answers.
    answers = compose_all(train, corpus, ranking.models)
    x = np.array([a.signals for a in answers])
    games = np.array([r.question["game"] for r in train])
    engine = np.array([r.engine for r in train])
    gated = np.array([a.abstained for a in answers])
    unanswerable = np.array([r.question["kind"] == "unanswerable" for r in train])

    # P(answerable), on the questions whose composed answer is what the player gets (no engine check).
    composed = ~engine
    by_c = {c: out_of_fold("answerable", x[composed], (~unanswerable[composed]).astype(int), games[composed], c)
            for c in ANSWERABLE_REGULARISATION}
    c_answerable = max(by_c, key=lambda c: (round(auc(-by_c[c], unanswerable[composed]), 6), -c))
    answerable_oof = np.ones(len(train))
    answerable_oof[composed] = by_c[c_answerable]
    threshold = choose_threshold(answerable_oof, gated, engine, unanswerable)
    cv_recall, cv_false = abstention_rates(answerable_oof, gated, engine, unanswerable, threshold)
    gates_recall, gates_false = abstention_rates(answerable_oof, gated, engine, unanswerable, 0.0)
    answerable_model = fit_logistic(x[composed], (~unanswerable[composed]).astype(int), "answerable", ANSWER_FEATURES,
                                    c_answerable)

    # P(right), on the composed answers the player gets (not abstained out of fold, no engine check).
    abstained = np.array([(g or p < threshold) and not e for p, g, e in zip(answerable_oof, gated, engine)])
    confidence, confidence_report = fit_confidence(
        train, answers, ~abstained & composed, tuning, corpus,
        lambda model: ranking.models(None, model, answerable_model, threshold))
    save(_with_report(confidence, confidence_report))

    final = ranking.models(None, confidence, answerable_model, threshold)
    ratio, ratio_report = ranking.ratio, ranking.ratio_report
    tuned = compose_all(tuning, corpus, lambda i: final)
    tuning_engine = [r.engine for r in tuning]
    tuning_unanswerable = [r.question["kind"] == "unanswerable" for r in tuning]
    tuning_abstained = [a.abstained and not e for a, e in zip(tuned, tuning_engine)]
    answerable_n = sum(not u for u in tuning_unanswerable)
    save(LinearModel(answerable_model.name, answerable_model.features, answerable_model.weights, answerable_model.mean,
                     answerable_model.scale, answerable_model.bias, {
                         "fit_on": "train_questions.jsonl: the questions the rules engine does not check",
                         "n": int(composed.sum()), "n_unanswerable": int(unanswerable[composed].sum()),
                         "C": c_answerable, "folds": "one per game",
                         "cv_auc_by_C": {str(c): round(auc(-p, unanswerable[composed]), 3) for c, p in by_c.items()},
                         "cv_ece": round(expected_calibration_error(list(by_c[c_answerable]),
                                                                    list(~unanswerable[composed])), 3),
                         "abstain_below": threshold,
                         "abstain_below_chosen_on": f"train out of fold: the lowest threshold abstaining on the most "
                                                    f"unanswerable questions net of false abstentions, with false "
                                                    f"abstentions (rule gates included, engine-checked never abstain) "
                                                    f"<= {MAX_FALSE_ABSTENTIONS}",
                         "cv_abstention_recall": round(cv_recall, 3), "cv_false_abstentions": round(cv_false, 3),
                         "cv_rule_gates_only": {"abstention_recall": round(gates_recall, 3),
                                                "false_abstentions": round(gates_false, 3)},
                         "tuning_abstention_recall": round(sum(a and u for a, u in zip(tuning_abstained, tuning_unanswerable))
                                                           / (sum(tuning_unanswerable) or 1), 3),
                         "tuning_false_abstentions": round(sum(a and not u for a, u in zip(tuning_abstained, tuning_unanswerable))
                                                           / (answerable_n or 1), 3),
                         "second_quote_ratio": ratio, **ratio_report}))


if __name__ == "__main__":
    main()
