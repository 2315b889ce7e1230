"""The games' question hooks: Splendor's seat order, and French wording of engine events."""

import pytest

from engine.emblemes import questions as emblemes_questions
from engine.splendor import questions as splendor_questions
from service.grounding.hooks import engine_modules, load_hooks


def test_every_hook_of_both_games_is_found():
    hooks = load_hooks()
    for game in ("emblemes", "splendor"):
        assert hooks[game].recognise and hooks[game].describe
    assert hooks["emblemes"].prepare is not None


@pytest.mark.parametrize("question, seat", [
    ("Je suis premier joueur et j'atteins 15 points", "first"),
    ("Si je suis le dernier joueur du tour", "last"),
    ("I'm the last player in turn order", "last"),
    ("I started the round and hit 15", "first"),
])
def test_splendor_reads_the_askers_seat_in_turn_order(question, seat):
    found = [e for e in splendor_questions.recognise(question) if e["kind"] == "seat_order"]
    assert [e["value"] for e in found] == [seat]
    assert question[found[0]["start"] : found[0]["end"]].strip()


@pytest.mark.parametrize("module, event, words", [
    (splendor_questions, {"kind": "card_reserved", "data": {"player": 0, "card": 5, "level": 1, "hidden": False}},
     "le joueur 0 réserve la carte de niveau 1 (bonus noir, 0 point(s)) du centre"),
    (splendor_questions, {"kind": "rejected", "data": {"reason": "too_many_reserved"}},
     "action refusée : 3 cartes réservées au maximum"),
    (splendor_questions, {"kind": "game_over", "data": {"winners": [0, 1], "decided_by": "shared"}},
     "fin de partie : victoire de joueur 0 et joueur 1 (égalité de points et de cartes : victoire partagée)"),
    (emblemes_questions, {"kind": "reward", "data": {"location": "Port", "place": 1, "card": "Matelot", "player": 2,
                                                     "amount": 4, "doubled": True}},
     "Port, 1re place : Matelot du joueur 2 reçoit 4 pièce(s) d’or (doublée)"),
    (emblemes_questions, {"kind": "garde_move", "data": {"card": "Roi", "owner": 1, "from": "Château", "location": "Port"}},
     "le Garde déplace Roi du joueur 1 du Château vers le Port"),
])
def test_events_are_worded_in_french(module, event, words):
    assert module.describe(event, "fr") == words


@pytest.mark.parametrize("module", [splendor_questions, emblemes_questions])
def test_describe_leaves_english_and_unknown_events_to_the_engine(module):
    assert module.describe({"kind": "rejected", "data": {"reason": "no_such_reason"}}, "fr") is None
    assert module.describe({"kind": "no_such_kind", "data": {}}, "fr") is None
    assert module.describe({"kind": "game_over", "data": {}}, "fr") is None, "missing data: the engine's message"
    assert module.describe({"kind": "rejected", "data": {"reason": "game_over"}}, "en") is None


@pytest.mark.parametrize("question, value, text", [
    ("Can I discard a reserved card?", "defausser", "discard"),
    ("Je peux en jeter une ?", "defausser", "jeter"),
    ("Can I take two gold tokens?", "prendre_or", "take two gold"),
    ("Je peux prendre un or ?", "prendre_or", "prendre un or"),
    ("Je peux prendre 3 jetons de la même couleur ?", "prendre_n_jetons", "prendre 3"),
    ("We are tied at the end", "egalite", "tied"),
    ("We both finish on 15 prestige", "egalite", "both"),  # the 15 stays a count
    ("La pile d'or est vide", "or", "or"),
])
def test_splendor_reads_what_its_glossary_cannot(question, value, text):
    found = [e for e in splendor_questions.recognise(question) if e["value"] == value]
    assert [question[e["start"] : e["end"]] for e in found] == [text]


def test_splendor_take_two_is_not_gaining_gold():
    values = {e["value"] for e in splendor_questions.recognise("Je peux prendre deux jetons rouges ?")}
    assert "prendre_deux_jetons" in values and "prendre_or" not in values


@pytest.mark.parametrize("question, adjacent, values", [
    ("Mon Garde est à côté du Roi", True, []),
    ("My Alchemist sits beside a Guard", True, []),
    ("On joue à 4 : ma pioche peut-elle être vide ?", False, []),
    ("Je pose un 5 au Port", False, [5]),
])
def test_emblemes_reads_adjacency_and_card_values(question, adjacent, values):
    found = emblemes_questions.recognise(question)
    assert any(e["value"] == "carte_adjacente" for e in found) == adjacent
    assert [e["value"] for e in found if e["kind"] == "value"] == values


def test_an_engine_module_lacking_a_contract_attribute_is_refused_naming_it():
    with pytest.raises(ValueError, match=r"engine\.\w+\.frames: the frame contract needs 'no_such_part'"):
        engine_modules("frames", required=("compile", "no_such_part"), contract="frame contract")
    assert engine_modules("frames", required=("compile",), contract="frame contract")
