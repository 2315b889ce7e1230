"""State quantities asked of the engine (service/grounding/quantity.py): "how many X at set-up / per round / at the
end", read off each game's own state, every stated fact bound, or no answer."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from engine.core.citations import Citation
from engine.core.quantity import Measured, Quantity
from engine.core.registry import available_games
from service.grounding.hooks import engine_modules
from service.grounding.quantity import load_declarations
from service.grounding.quantity_reading import listed_players

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
GAMES = sorted(available_games())


def _reader(state, rng):
    return 1


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_quantities_with_words_and_rules_that_are_in_its_rulebook(grounder, game):
    declared = load_declarations(CORPUS)[game]
    assert declared, f"engine/{game}/quantities.py declares no quantity"
    for quantity_id, entry in declared.items():
        assert entry.words and set(entry.unit) == {"fr", "en"}
        for moment, rules in entry.quantity.cites.items():
            for rule in rules:
                assert grounder._citations.resolve(game, rule.section, rule.quote) is not None, \
                    f"{game} {quantity_id} at {moment}: {rule.quote!r} is not in {rule.section!r}"


@pytest.mark.parametrize("game", GAMES)
def test_every_reading_is_one_number_for_every_player_count_and_seed(grounder, game):
    asker = grounder._quantities
    game_class = available_games()[game]
    for entry in asker.declared[game].values():
        for moment in entry.quantity.readers:
            for players in range(game_class.min_players, game_class.max_players + 1):
                measured = asker.value(game, entry.quantity, moment, players)
                assert isinstance(measured, Measured), f"{game} {entry.quantity.id} at {moment}, {players} players"
                assert isinstance(measured.value, int) and measured.value >= 0


@pytest.mark.parametrize(("game", "question", "value", "language"), [
    ("emblemes", "Une partie d'Emblèmes, ça dure combien de manches ?", 3, "fr"),
    ("emblemes", "Combien de manches dure une partie ?", 3, "fr"),
    ("for-a-crown", "Combien de Rubis chaque famille reçoit au début ?", 10, "fr"),
    ("emblemes", "How many turns are there in each round when there are three of us?", 4, "en"),
    ("emblemes", "On est 5 : combien de tours dans une manche ?", 3, "fr"),
    ("emblemes", "Combien de pièces d'or reçoit chaque joueur au début de la partie ?", 3, "fr"),
    ("emblemes", "combien de carte en main au debut", 6, "fr"),  # no accents, singular, no question mark
    ("oriflamme", "How many cards am I holding when the game starts? The box gives me 11 per family.", 7, "en"),
    ("oriflamme", "Il me reste combien de cartes en main à la fin de la partie ?", 1, "fr"),
    ("oriflamme", "Combien de tours dans une partie d'Oriflamme ?", 6, "fr"),
    ("emprise", "How many squares are still empty when a duel ends?", 4, "en"),
    ("emprise", "Un Ordre, ça fait combien de cartes ?", 4, "fr"),
    ("for-a-crown", "How many rubies does each family start with?", 10, "en"),
    ("for-a-crown", "Combien de manchs dure une partie ?", 4, "fr"),  # a slip in the counted word
    ("splendor", "À 3 joueurs, combien de jetons par couleur ?", 5, "fr"),
    ("splendor", "With two players, how many nobles are there at the start?", 3, "en"),
    ("emblemes", "Combien de lieux dans Emblèmes ?", 3, "fr"),
    ("emprise", "Le plateau a combien de cases ?", 20, "fr"),
    ("emprise", "How many Orders does each side pick before a duel?", 2, "en"),
    ("for-a-crown", "Chaque famille a droit à combien de protège-cartes ?", 5, "fr"),
    ("for-a-crown", "How many level 1 piles are there at setup?", 3, "en"),  # "1" names the piles: no fact
    # who plays, listed, states no game under way; "premier" inside a moment's words names the moment
    ("emblemes", "On est 4 : Hugo, Léa, Tom et moi. Combien de cartes en main au début ?", 6, "fr"),
    ("oriflamme", "Before the first round, how many cards does each of us hold? We are three: Ana, Tom and me.", 7, "en"),
    ("oriflamme", "Setting up with Hugo and Léa: how many cards does each family have?", 11, "en"),
])
def test_a_stated_quantity_is_read_off_the_engine(grounder, game, question, value, language):
    grounded = grounder.check(question, game)
    assert grounded is not None and grounded.check.method == "quantity"
    assert grounded.verdict == value and grounded.raw == value and not grounded.check.open
    assert grounded.text.startswith(f"{value} ")
    assert grounded.citations, "the rule the quantity applies is quoted"
    intro = {"fr": "Règles appliquées", "en": "Rules applied"}[language]
    assert intro in grounded.text


def test_a_quantity_that_varies_with_the_number_of_players_says_so_with_each_count(grounder):
    grounded = grounder.check("Combien de tours par manche ?", "emblemes")
    assert grounded.check.open and grounded.raw == "open"
    assert grounded.text.startswith("Ça dépend du nombre de joueurs : à 3 joueurs, 4 tours par manche ; à 4 ou 5 joueurs, 3.")
    assert {(r.about, r.option, r.verdict) for r in grounded.check.readings} == {
        ("players", 3, 4), ("players", 4, 3), ("players", 5, 3)}


def test_a_value_resting_on_an_assumption_is_named_as_one_and_never_stated_for_that_count(grounder):
    grounded = grounder.check("Combien de nobles au début de la partie ?", "splendor")
    assert "à 4 joueurs, 5 (selon l’hypothèse splendor.four_player_setup du moteur, que les règles ne fixent pas)" \
        in grounded.text
    assert grounded.check.assumptions == ["splendor.four_player_setup"]
    assert grounder.check("À 4 joueurs, on révèle combien de nobles ?", "splendor") is None


@pytest.mark.parametrize(("game", "question"), [
    ("emblemes", "J'ai 4 cartes en main au début, combien de tours par manche ?"),  # a stated count the engine denies
    ("emblemes", "Mon Matelot est au Port : combien de tours par manche ?"),  # a card placed: a position
    ("emblemes", "Combien de cartes j'ai en main ?"),  # when? a hand changes all game
    ("emblemes", "Combien de Matelots au début ?"),  # nothing declared counts it
    ("emprise", "How many leagues are there between Bronze and Legend in ranked play?"),  # counts leagues
    ("emprise", "Une fois ma Réserve mise de côté, je pose combien de cartes pendant le duel ?"),  # two quantities
    ("for-a-crown", "On a perdu le tableau : combien de Pièces chaque joueur reçoit-il au départ ?"),  # placeholder
    ("for-a-crown", "Pour les paquets de niveau 2 à 5, combien de rubis au départ ?"),  # numbers bound to nothing
    ("oriflamme", "On est 9 : combien de cartes en main au début ?"),  # a count the game does not allow
    ("oriflamme", "Est-ce que je pioche une carte à chaque tour ?"),  # no "how many"
    ("emprise", "Je pose une carte qui prend celle d'Eva. Ensuite Eva pose une carte à côté et reprend ma carte. "
                "À la fin du tour, combien de cartes j'ai ?"),  # moves told before the asking
    ("oriflamme", "Au début, si je pose une carte, combien de cartes en main ?"),  # a move set up as a condition
    ("emblemes", "Léa a combien de pièces au début ?"),  # a named player: a game under way
    ("emblemes", "On est 3 : Hugo, Léa et moi. Hugo a combien de pièces au début ?"),  # named again outside the list
    ("oriflamme", "Au premier tour, combien de points d'influence chaque joueur a ?"),  # a round, not the set-up
    ("emblemes", "We are four players. By the end of the whole game, how many Character cards will I have played?"),
    ("emblemes", "À 4 joueurs, combien de cartes Personnage aurai-je jouées à la fin de la partie ?"),  # moves counted
])
def test_no_answer_when_the_question_states_more_than_a_quantity_or_asks_none(grounder, game, question):
    grounded = grounder.check(question, game)
    assert grounded is None or grounded.check.method != "quantity"


def test_values_are_cached_per_game_quantity_moment_and_player_count(grounder):
    asker = grounder._quantities
    rounds = asker.declared["emblemes"]["rounds"].quantity
    first = asker.value("emblemes", rounds, "game", 4)
    assert asker.value("emblemes", rounds, "game", 4) is first


def test_seats_holding_different_amounts_give_no_single_number(grounder):
    asker = grounder._quantities
    uneven = Quantity("uneven", "player", {"setup": lambda state, rng: list(range(state.game.num_players))},
                      {"setup": (Citation("x", "y"),)})
    assert asker.value("emblemes", uneven, "setup", 3) is None
    by_seed = Quantity("by_seed", "common", {"setup": lambda state, rng: rng.randrange(1000)},
                       {"setup": (Citation("x", "y"),)})
    assert asker.value("emblemes", by_seed, "setup", 3) is None, "a value that varies with chance is no ruling"


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"holder": "table"}, "holder"),
    ({"readers": {"midgame": _reader}}, "readers"),
    ({"cites": {}}, "cites"),
    ({"default_moment": "game_end"}, "default_moment"),
])
def test_a_bad_declaration_is_refused_naming_the_field(kwargs, field):
    arguments = {"id": "q", "holder": "player", "readers": {"setup": _reader},
                 "cites": {"setup": (Citation("x", "y"),)}, **kwargs}
    with pytest.raises(ValueError, match=f"q.{field}"):
        Quantity(**arguments)


def test_words_and_declarations_must_name_the_same_quantities(tmp_path):
    game = GAMES[0]
    shutil.copytree(CORPUS / game, tmp_path / game)
    path = tmp_path / game / "quantities.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("quantities:\n", "quantities:\n  stray:\n"
                                                             "    fr: [x]\n    en: [x]\n"
                                                             "    unit: {fr: x, en: x}\n"), encoding="utf-8")
    with pytest.raises(ValueError, match="differ from engine"):
        load_declarations(tmp_path)


def test_every_engine_with_quantities_is_one_the_registry_knows():
    assert set(engine_modules("quantities")) == set(GAMES), "every game answers state-quantity questions"


def test_a_reader_sees_a_fresh_state_each_time(grounder):
    game_class = available_games()["emblemes"]
    entry = grounder._quantities.declared["emblemes"]["hand"]
    state = game_class(3).new_initial_state(random.Random(0))
    assert entry.quantity.readers["game_end"](state, random.Random(1)) == [2, 2, 2]
    assert state.is_terminal(), "readers play on the state they are given: the asker builds a new one per seed"


def test_the_unit_after_one_is_singular(grounder):
    grounded = grounder.check("Il me reste combien de cartes en main à la fin de la partie ?", "oriflamme")
    assert grounded.text.startswith("1 carte en main.")


def test_a_question_past_its_fuse_raises_and_caches_nothing():
    from service.grounding.budget import Budget, FuseBlown
    from service.grounding.quantity import QuantityAsker

    asker = QuantityAsker(CORPUS, lambda game, section, quote: None, budget=Budget(fuse_s=1e-9))
    asker.warm_up()
    with pytest.raises(FuseBlown):
        asker.check("Combien de manches dure une partie ?", "for-a-crown", "fr")
    assert not asker._values, "a reading cut short is not remembered as no value"


def test_the_service_reads_every_quantity_at_warm_up():
    from service.grounding.quantity import QuantityAsker

    asker = QuantityAsker(CORPUS, lambda game, section, quote: None, precompute=True)
    asker.warm_up()
    expected = sum(len(entry.quantity.readers) * (available_games()[game].max_players - available_games()[game].min_players + 1)
                   for game, declared in asker.declared.items() for entry in declared.values())
    assert len(asker._values) == expected


@pytest.mark.parametrize("question, game, value", [
    ("On joue à trois, moi, Léa et Hugo. Ça fait combien de tours dans une manche ?", "emblemes", 4),
    ("On est trois ce soir (Paul, Iris et moi). On met combien de nobles ?", "splendor", 4),
])
def test_players_named_only_to_say_who_plays_are_no_fact(grounder, question, game, value):
    grounded = grounder.check(question, game, "fr")
    assert grounded is not None and grounded.check.method == "quantity" and grounded.raw == value


def test_a_roll_call_that_does_not_match_the_number_of_players_states_more(grounder):
    assert grounder.check("On joue à quatre, moi, Léa et Hugo. Combien de tours dans une manche ?", "emblemes", "fr") is None


def test_a_player_listed_by_a_roll_call_and_named_again_is_a_fact(grounder):
    """Both kinds of list (a roster opened by "on est 3 :", a roll call as long as the player count) are one
    reading: a name said again outside its list tells of a game under way."""
    assert grounder.check("On joue à trois, moi, Léa et Hugo. Léa a combien de pièces au début ?", "emblemes", "fr") is None


@pytest.mark.parametrize("question, names, listed", [
    ("On est 4 : Hugo, Léa, Tom et moi. Combien de cartes ?", ("Hugo", "Léa", "Tom"), {"Hugo", "Léa", "Tom"}),
    ("Setting up with Hugo and Léa: how many cards?", ("Hugo", "Léa"), {"Hugo", "Léa"}),
    ("On joue à trois, moi, Léa et Hugo. Combien de tours ?", ("Léa", "Hugo"), {"Léa", "Hugo"}),
    ("On joue à quatre, moi, Léa et Hugo. Combien de tours ?", ("Léa", "Hugo"), set()),  # 3 listed, 4 play
    ("On est 3 : Hugo, Léa et moi. Hugo a combien de pièces ?", ("Hugo", "Léa"), {"Léa"}),
    ("À trois joueurs, Alors, Hugo et moi ? Combien ?", ("Hugo",), set()),  # "Alors" is no player known
    ("Léa et Hugo jouent. Combien de tours ?", ("Léa", "Hugo"), set()),  # no player count, no roster
])
def test_listed_players_are_those_said_only_in_a_list_of_who_plays(question, names, listed):
    assert listed_players(question, names) == listed
