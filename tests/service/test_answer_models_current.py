"""The committed answer models were fit from this tree (``scripts/fit_inputs.py``): a change to the code, the
corpus or the fit's questions without a full refit (``scripts/fit_answers.py``) fails here, naming the models."""

import importlib
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
fit_inputs = importlib.import_module("fit_inputs")

if not (fit_inputs.shared_eval_dir() / "train_questions.jsonl").is_file():
    pytest.skip("the training questions (../shared/eval) are not beside the repository", allow_module_level=True)


def test_every_committed_model_was_fit_from_this_tree():
    stale = fit_inputs.stale_models()
    assert not stale, (f"answer models fit from other inputs than this tree's ({fit_inputs.digest()}): {stale}; "
                       "run scripts/fit_answers.py (every model) and commit them")


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A minimal tree: the fit scripts, a corpus file, a widget script and a models folder."""
    for name in fit_inputs.FIT_SCRIPTS:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name, encoding="utf-8")
    for folder in fit_inputs.CODE_ROOTS:
        (tmp_path / folder).mkdir(exist_ok=True)
    (tmp_path / "corpus" / "rules.md").write_text("# Règles", encoding="utf-8")
    (tmp_path / "service" / "widget.js").write_text("mount()", encoding="utf-8")
    models = tmp_path / "service" / "answers" / "models"
    models.mkdir(parents=True)
    monkeypatch.setattr(fit_inputs, "ROOT", tmp_path)
    monkeypatch.setattr(fit_inputs, "MODELS", models)
    return tmp_path


def test_the_digest_moves_with_the_corpus_and_not_with_the_widget_or_the_models(tree):
    before = fit_inputs.digest()
    (tree / "service" / "widget.js").write_text("mount(); render()", encoding="utf-8")
    (tree / "service" / "answers" / "models" / "confidence.json").write_text("{}", encoding="utf-8")
    assert fit_inputs.digest() == before
    (tree / "corpus" / "rules.md").write_text("# Règles du jeu", encoding="utf-8")
    assert fit_inputs.digest() != before


def test_a_model_whose_recorded_digest_is_not_the_tree_s_is_named(tree):
    models = tree / "service" / "answers" / "models"
    (models / "reranker.json").write_text(json.dumps({"weights": [], "report": {"fit_inputs": "now"}}), encoding="utf-8")
    (models / "known_gap.json").write_text(json.dumps({"threshold": 3.0, "fit_inputs": "before"}), encoding="utf-8")
    (models / "polarity.json").write_text(json.dumps({"weights": [], "report": {}}), encoding="utf-8")
    assert fit_inputs.stale_models("now") == {"known_gap.json": "before", "polarity.json": None}
