"""The grounding pipeline on the real corpus and engines: filling, verdicts, assumptions, no-fit."""

from pathlib import Path

import pytest

from service.grounding import Grounder, fill_slots

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def _template(grounder, name):
    return next(t for t in grounder.templates if t.path.endswith(name))


@pytest.mark.parametrize("question", [
    "Au Port il y a mon Marchand, un Matelot, une Espionne et le Marchand d'un autre joueur : il me rapporte combien ?",
    "At the end of the round the Harbour holds my Merchant, a Sailor, a Spy and another player's Merchant. How much does my Merchant earn?",
])
def test_slot_filling_on_paraphrases(grounder, question):
    filling = fill_slots(
        _template(grounder, "marchand_income.yaml"), grounder.entities(question, "emblemes"),
        grounder.recognisers["emblemes"].terms,
    )
    assert filling.values["location"] == "Port"
    assert filling.values["row"] == [
        {"card": "Marchand", "owner": "self"}, {"card": "Matelot", "owner": None},
        {"card": "Espionne", "owner": None}, {"card": "Marchand", "owner": "other"},
    ]


@pytest.mark.parametrize("question, language, verdict, first_words", [
    ("Au Village j'ai mon Marchand avec un Matelot, une Espionne et un Chasseur adverses : combien il me rapporte ?",
     "fr", 3, "3 pièce(s) d’or."),
    ("My Merchant is in the Castle with a Bard: how many coins does he earn at the end of the round?", "en", 1, "1 coin(s)."),
    ("Il reste 3 jetons bleus dans la pile, je peux en prendre deux ?", "fr", "non", "Non."),
    ("There are 5 green gems left. Can I take two of them?", "en", "yes", "Yes."),
])
def test_verdict_comes_first(grounder, question, language, verdict, first_words):
    game = "emblemes" if "Marchand" in question or "Merchant" in question else "splendor"
    grounded = grounder.check(question, game, language)
    assert grounded is not None
    assert grounded.engine_check["verdict"] == verdict
    assert grounded.text.startswith(first_words)


def test_engine_check_shape_and_citations_are_exact(grounder):
    grounded = grounder.check("Ma Voleuse arrive entre les cartes de deux joueurs différents : je les vole tous les deux ?", "emblemes")
    check = grounded.engine_check
    assert set(check) >= {"scenario", "outcome", "verdict", "trace", "assumptions", "agrees_with_text"}
    assert check["verdict"].startswith("non")
    assert check["agrees_with_text"] is True
    assert "questions" not in check["scenario"] and "slots" not in check["scenario"]
    rules = (CORPUS / "emblemes" / "rules.md").read_text(encoding="utf-8")
    assert grounded.citations
    for citation in grounded.citations:
        assert rules[citation.start : citation.end] == citation.quote
        assert citation.quote in grounded.text or citation is not grounded.citations[0]


def test_outcome_reported_under_each_option_of_a_deciding_assumption(grounder):
    grounded = grounder.check("Je pose mon Chasseur seul au Village, dans un lieu vide : il se défausse lui-même ?", "emblemes")
    assert grounded is not None
    assert grounded.engine_check["verdict"] == "oui"
    assert "emblemes.chasseur_discards_itself" in grounded.engine_check["assumptions"]
    outcomes = {
        entry["assumption"]: {o["option"]: o["verdict"] for o in entry["outcomes"]}
        for entry in grounded.explain["by_assumption"]
    }
    assert outcomes["emblemes.chasseur_discards_itself"] == {"yes": "oui", "no": "non"}
    assert "dépend" in grounded.engine_check["outcome"]


@pytest.mark.parametrize("question, game", [
    ("C'est quoi les couleurs des pierres précieuses dans Splendor ?", "splendor"),
    ("Je gagne comment à Oriflamme ?", "oriflamme"),
])
def test_no_fitting_template_gives_no_engine_check(grounder, question, game):
    assert grounder.check(question, game) is None


def test_explain_shows_template_slots_and_position(grounder):
    grounded = grounder.check("Mon Matelot est au Port avec une Sorcière adverse : sa récompense est doublée ?", "emblemes")
    assert grounded.engine_check["verdict"] == "non"
    if grounded.check.method == "template":
        assert grounded.explain["template"]["template"].endswith("matelot_doubling.yaml")
        assert grounded.explain["slots"]["location"]["value"] == "Port"
    else:
        assert [f["card"] for f in grounded.explain["frame"]["cards"]] == ["matelot", "sorciere"]
    assert grounded.explain["position"]["locations"]["Port"][0]["card"] == "Sorcière"


def test_check_before_warm_up_raises():
    with pytest.raises(RuntimeError, match="warm_up"):
        Grounder(CORPUS).check("Mon Matelot ?", "emblemes")
