""""Can I …?" from the engine's legal actions (service/grounding/legality.py), every declaring game."""

from __future__ import annotations

import json
import random

import pytest

from engine.core.game import CHANCE
from engine.core.registry import load_game
from service.grounding.budget import Budget, FuseBlown
from service.grounding.legality import LegalityCheck, load_declarations

DECLARATIONS = load_declarations()


@pytest.mark.parametrize("game", sorted(DECLARATIONS))
def test_every_declared_kind_is_a_move_the_engine_offers_and_cites_a_rule_of_the_corpus(game, grounder):
    module = DECLARATIONS[game]
    offered = set()
    game_class = load_game(game)
    state = game_class(game_class.min_players).new_initial_state(random.Random(0))
    rng = random.Random(1)
    for _ in range(300):
        if state.is_terminal():
            break
        if state.current_player() != CHANCE:
            offered |= {action["type"] for player in state.players_to_move() for action in state.legal_actions(player)}
        state.random_step(rng)
    for kind_id, kind in module.KINDS.items():
        assert set(kind["types"]) & offered, f"{game} {kind_id}: no {kind['types']} in a played game ({sorted(offered)})"
        cited = kind["cites"]
        assert grounder._citations.resolve(game, cited.section, cited.quote) is not None, (game, kind_id)
        assert {"fr", "en"} <= set(kind["label"]) and {"fr", "en"} <= set(kind["words"])


@pytest.mark.parametrize("game, question, verdict, quoted", [
    ("splendor", "Puis-je prendre 4 jetons ?", "non", "prendre 3 jetons de couleurs différentes"),
    ("splendor", "Ai-je le droit de réserver une carte ?", "oui", "réserve une carte"),
    ("oriflamme", "Puis-je poser ma Reine au début de la file ?", "oui", "soit au début de la file"),
    ("oriflamme", "Can I put my Queen at the end of the line?", "yes", "at the end of the Queue"),
])
def test_a_move_is_answered_from_the_legal_actions_with_the_rule_quoted(grounder, game, question, verdict, quoted):
    grounded = grounder.check(question, game)
    assert grounded is not None and grounded.check.method == "legality"
    assert grounded.check.verdict == verdict and grounded.raw is (verdict in ("oui", "yes"))
    assert grounded.text.lower().startswith(verdict)
    assert any(quoted in (c.quote + " " + (c.english or "")) for c in grounded.citations)
    assert grounded.check.scenario["positions"] > 0 and not grounded.check.open


def test_no_comes_only_when_moves_of_that_kind_exist_and_none_is_the_one_stated(grounder):
    grounded = grounder.check("Puis-je prendre 4 jetons ?", "splendor")
    scenario = grounded.check.scenario
    assert scenario["allowed"] == 0 and scenario["positions"] > 0
    assert scenario["bound"] == [{"term": "jeton", "kind": "token", "name": "jetons", "attributes": {}, "count": 4}]


@pytest.mark.parametrize("game, question", [
    ("oriflamme", "Puis-je poser ma Reine au début de la file après le troisième tour ?"),  # a moment the check cannot place
    ("oriflamme", "Can I put my card on Hugo's card?"),  # a player named: whose card it is is a fact
    ("splendor", "Je ne peux pas prendre 4 jetons ?"),  # a negation
    ("splendor", "Combien de jetons puis-je prendre ?"),  # not a yes/no question
    ("oriflamme", "On peut jouer à deux ?"),  # no object of the move: playing the game, not a card
    ("emblemes", "Can we play with 2?"),
])
def test_anything_the_move_does_not_account_for_sends_the_question_to_the_text(grounder, game, question):
    legality = grounder._legality
    assert legality.read(question, game, "en" if "Can" in question else "fr", grounder.entities(question, game)) is None


def test_the_qualifiers_and_objects_said_are_read_with_the_move(grounder):
    question = "Puis-je poser ma Reine sur une carte adverse ?"
    ask = grounder._legality.read(question, "oriflamme", "fr", grounder.entities(question, "oriflamme"))
    assert ask.kind == "place" and ask.qualifiers == frozenset({"on_card", "other"})
    assert [thing["term"] for thing in ask.bound] == ["reine"] and ask.player_counts == (2, 3, 4, 5)


def test_a_survey_past_its_fuse_raises_and_gives_no_verdict(grounder):
    slow = LegalityCheck(DECLARATIONS, grounder._citations.resolve, Budget(fuse_s=1e-9))
    question = "Puis-je prendre 4 jetons ?"
    with pytest.raises(FuseBlown, match="legality survey"):
        slow.check(question, "splendor", "fr", grounder.entities(question, "splendor"))


@pytest.mark.parametrize("game, question", [
    ("splendor", "Je peux encore réserver une carte ?"),  # "encore": how many are reserved already decides it
    ("splendor", "Can I still reserve a card?"),
    ("splendor", "Si j'ai 10 jetons, puis-je prendre 3 jetons ?"),
])
def test_words_that_put_the_move_in_a_situation_are_unread(grounder, game, question):
    lang = "en" if question.startswith("Can") else "fr"
    assert grounder._legality.read(question, game, lang, grounder.entities(question, game)) is None


@pytest.mark.parametrize("game, question, verdict", [
    ("oriflamme", "Puis-je poser deux cartes dans le même tour ?", "non"),
    ("emprise", "Puis-je poser deux cartes dans le même tour ?", "non"),
    ("emblemes", "Can I play two cards in the same turn?", "no"),
    ("splendor", "Can I buy two cards in one turn?", "no"),
])
def test_a_move_twice_in_one_turn_is_looked_for_right_after_the_first(grounder, game, question, verdict):
    grounded = grounder.check(question, game)
    assert grounded is not None and grounded.check.method == "legality" and grounded.check.verdict == verdict
    assert grounded.check.scenario["twice"] and grounded.check.scenario["allowed"] == 0
    assert any(event.get("kind") == "rejected" or event.get("reason") for event in grounded.check.trace) or grounded.citations


@pytest.mark.parametrize("game, question", [
    ("splendor", "Puis-je acheter 3 cartes ?"),  # how many over the game: not one move
    ("oriflamme", "Can I place two cards?"),  # twice, but not said to be in one turn
])
def test_a_count_of_moves_without_one_turn_is_unread(grounder, game, question):
    lang = "en" if question.startswith("Can") else "fr"
    assert grounder._legality.read(question, game, lang, grounder.entities(question, game)) is None


@pytest.mark.parametrize("game, question, verdict, qualifiers", [
    ("splendor", "Puis-je acheter une carte de la pioche ?", "non", {"blind"}),  # bought face up or reserved only
    ("splendor", "Can I reserve a face-down card from the top of the deck?", "yes", {"blind"}),
    ("emprise", "Est-ce que je peux poser mon Archer sur une case occupée ?", "non", {"on_card"}),
    ("emblemes", "Puis-je poser ma carte au Château ?", "oui", set()),
])
def test_where_the_move_goes_is_read_and_checked(grounder, game, question, verdict, qualifiers):
    grounded = grounder.check(question, game)
    assert grounded is not None and grounded.check.method == "legality", question
    assert grounded.check.verdict == verdict and set(grounded.check.scenario["qualifiers"]) == qualifiers


def test_the_engine_rejection_names_the_rule_when_the_move_can_be_tried(grounder):
    grounded = grounder.check("Est-ce que je peux poser mon Archer sur une case occupée ?", "emprise")
    assert [event["data"]["reason"] for event in grounded.check.trace] == ["square_taken"]


@pytest.mark.parametrize("question, verdict", [
    ("Can I take 3 gems of the same colour?", "no"),  # a take of one colour is 2 tokens
    ("Can I take 4 tokens of different colours?", "no"),  # at most 3
])
def test_a_take_s_colours_said_in_words_are_part_of_the_move(grounder, question, verdict):
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.check.method == "legality" and grounded.check.verdict == verdict


def test_a_take_of_two_different_colours_rests_on_a_named_assumption_so_no_legality_verdict(grounder):
    question = "Puis-je prendre 2 jetons de couleurs différentes ?"
    assert grounder._legality.check(question, "splendor", "fr", grounder.entities(question, "splendor")) is None


def test_a_legality_verdict_gets_its_fitted_cell_like_any_engine_method():
    from service.answers.calibration import ENGINE_CONFIDENCE_MODEL, engine_confidence

    fitted = json.loads(ENGINE_CONFIDENCE_MODEL.read_text(encoding="utf-8"))["by_cell"]
    assert engine_confidence(False, "legality", "yes_no") == fitted["legality/no"]["p"]
    assert engine_confidence(True, "legality", "yes_no") == fitted["legality/yes"]["p"]
