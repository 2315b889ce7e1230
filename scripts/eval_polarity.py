#!/usr/bin/env python3
"""Does the rule's modality tell a yes from a no? Cross-validated against the base rate, on train.

An experiment kept so its negative result can be rerun, not a model the service uses.
Each yes/no training question gets cues read from the question and from its evidence
(the reranker's best sentence, or the gold sentence): the evidence opens with Oui/Non
(a FAQ answer), negates, restricts (seulement, ne ... que, only), requires (doit,
must), grants or includes (peut, au choix, y compris, any); the question negates or
asks to avoid something (refuser, skip). A logistic regression over them, 5-fold
cross-validated at several regularisations, is compared with always answering the
majority verdict. Measured 2026-12-01: with the best sentence (89 questions, base rate
0.640) 0.573-0.629; with the gold sentence (84, base rate 0.619) 0.512-0.631, one
question above the base rate at best. Lexical modality does not decide yes/no here;
the polarity model in ``service/answers/rulings.py`` was therefore left as it was.

Usage: scripts/eval_polarity.py   (reads the retrieval cache of scripts/fit_answers.py)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import fit_answers  # noqa: E402
import numpy as np  # noqa: E402

from language import fold  # noqa: E402
from service.answers.linear import load_model  # noqa: E402
from service.answers.reranker import rank  # noqa: E402

setattr(sys.modules["__main__"], "Record", fit_answers.Record)  # the cache pickles fit_answers' Record as __main__'s

_CUES = {
    "fr": {
        "opens_yes": [r"^\W*oui\b"], "opens_no": [r"^\W*non\b"],
        "negation": [r"\bn(?:e\b|')[^.;:!?]{0,40}?\b(?:pas|jamais|plus|rien|aucun|aucune|personne|ni)\b",
                     r"\b(?:aucun|aucune|jamais|rien|nul|nulle)\b", r"\binterdit", r"\bimpossible\b"],
        "restriction": [r"\bn(?:e\b|')[^.;:!?]{0,40}?\bqu(?:e\b|')", r"\bseul(?:e|s|es)?\b", r"\bseulement\b",
                        r"\buniquement\b", r"\bau (?:maximum|plus)\b", r"\blimite", r"\bstrictement\b", r"\bsauf\b"],
        "obligation": [r"\bdoi(?:t|vent|s|vez)\b", r"\bobligatoire", r"\bil faut\b", r"\btoujours\b", r"\bimmediatement\b"],
        "permission": [r"\bpeu(?:t|vent|x)\b", r"\bpouv", r"\bpossible\b", r"\bautorise", r"\bchoi(?:x|sit|sis|sissez)\b",
                       r"\by compris\b", r"\binclu", r"\baussi\b", r"\bmeme\b", r"\bautant\b", r"\bimporte\b",
                       r"\bou (?:alliee?s?|ennemie?s?)\b", r"\bquel que soit\b"],
        "avoidance": [r"\brefus", r"\bignor", r"\bsaut(?:er|e)\b", r"\beviter?\b", r"\bsans\b", r"\bgarder?\b"],
    },
    "en": {
        "opens_yes": [r"^\W*yes\b"], "opens_no": [r"^\W*no\b(?! longer)"],
        "negation": [r"\bnot\b", r"\w't\b", r"\bnever\b", r"\bno\b", r"\bnone\b", r"\bnothing\b", r"\bcannot\b"],
        "restriction": [r"\bonly\b", r"\bjust\b", r"\bat most\b", r"\bmaximum\b", r"\blimit", r"\bexcept\b", r"\bsingle\b"],
        "obligation": [r"\bmust\b", r"\bmandatory\b", r"\brequired\b", r"\bha(?:s|ve) to\b", r"\balways\b"],
        "permission": [r"\bcan\b", r"\bmay\b", r"\ballowed\b", r"\bchoos", r"\bchoice\b", r"\binclud", r"\balso\b",
                       r"\beven\b", r"\bany\b", r"\bwhoever\b"],
        "avoidance": [r"\brefus", r"\bignor", r"\bskip", r"\bavoid", r"\bwithout\b", r"\bkeep\b", r"\bdecline"],
    },
}
FEATURES = ("evidence_opens", "evidence_negated", "question_negated", "negation_agrees", "evidence_restricts",
            "evidence_obliges", "evidence_grants", "question_avoids", "avoids_an_obligation",
            "question_asks_permission", "question_asks_obligation")


def cues(text: str, language: str) -> dict[str, bool]:
    folded = fold(text).strip()
    return {cue: any(re.search(p, folded) for p in patterns) for cue, patterns in _CUES[language].items()}


def features(question: str, language: str, evidence: str) -> list[float]:
    q, e = cues(question, language), cues(evidence, "fr")
    return [float(e["opens_yes"]) - float(e["opens_no"]), float(e["negation"]), float(q["negation"]),
            float(e["negation"] == q["negation"]), float(e["restriction"]), float(e["obligation"]),
            float(e["permission"] and not e["negation"]), float(q["avoidance"]), float(q["avoidance"] and e["obligation"]),
            float(q["permission"]), float(q["obligation"])]


def cross_validated_accuracy(x: np.ndarray, y: np.ndarray, c: float, folds: int = 5) -> float:
    held_out = np.zeros(len(y))
    for fold_index in range(folds):
        held = np.arange(len(y)) % folds == fold_index
        model = fit_answers.fit_logistic(x[~held], y[~held], "polarity_cues", FEATURES, c)
        held_out[held] = [model.probability(v) for v in x[held]]
    return float(((held_out > 0.5) == y).mean())


def main() -> None:
    reranker = load_model("reranker")
    for evidence_kind in ("best sentence", "gold sentence"):
        rows, labels = [], []
        for record in fit_answers.collect("train", refresh=False):
            if record.question.get("verdict") not in ("yes", "no"):
                continue
            if evidence_kind == "gold sentence":
                chosen = [c for c, gold in zip(record.candidates, record.labels) if gold][:1]
            else:
                chosen = [c for c, _ in rank(record.candidates, reranker)][:1]
            if not chosen:
                continue
            rows.append(features(record.question["question"], record.language, chosen[0].text))
            labels.append(record.question["verdict"] == "yes")
        x, y = np.array(rows), np.array(labels, dtype=int)
        base = max(y.mean(), 1 - y.mean())
        accuracies = {c: round(cross_validated_accuracy(x, y, c), 3) for c in (0.03, 0.1, 0.3, 1.0)}
        print(f"{evidence_kind}: n={len(y)} base rate {base:.3f}; 5-fold accuracy by C {accuracies}")


if __name__ == "__main__":
    main()
