"""Entity recognition on the real glossaries, French and English paraphrases."""

from pathlib import Path

import pytest

from service.grounding.entities import OTHER, SELF, Recogniser, load_glossary

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


@pytest.fixture(scope="module")
def emblemes():
    return Recogniser(load_glossary(CORPUS / "emblemes" / "glossary.yaml"))


@pytest.fixture(scope="module")
def splendor():
    return Recogniser(load_glossary(CORPUS / "splendor" / "glossary.yaml"))


def _values(entities, kind):
    return [(e.value, e.role) for e in entities if e.kind == kind]


def test_cards_with_owner_roles_in_french(emblemes):
    entities = emblemes.recognise("Au Port il y a mon Matelot, une Guerrière et la Sorcière d'un autre joueur.")
    assert _values(entities, "card") == [("matelot", SELF), ("guerriere", None), ("sorciere", OTHER)]
    assert _values(entities, "location") == [("port", None)]


def test_cards_with_owner_roles_in_english_accents_and_plurals(emblemes):
    entities = emblemes.recognise("My SAILOR sits in the harbour next to an opponent's Witches")
    assert _values(entities, "card") == [("matelot", SELF), ("sorciere", OTHER)]


def test_spans_point_at_the_words_typed(emblemes):
    question = "Ma Sorcière est au Château"
    for entity in emblemes.recognise(question):
        assert question[entity.start : entity.end] == entity.text


def test_numbers_in_words_and_digits_with_units_and_qualifiers(splendor):
    entities = splendor.recognise("Il reste exactement quatre jetons rouges et j'ai 11 jetons")
    numbers = [(e.value, e.unit, e.qualifier) for e in entities if e.kind == "number"]
    assert numbers == [(4, "jeton", "exactly"), (11, "jeton", None)]
    assert ("rubis", None) in _values(entities, "token")


def test_player_counts_and_markers(emblemes):
    entities = emblemes.recognise("À 3 joueurs, I'm the last player to reveal this turn")
    assert [(e.kind, e.value) for e in entities if e.kind in ("player_count", "marker")] == [
        ("player_count", 3), ("marker", "last_revealed")
    ]


@pytest.mark.parametrize("said", ["Game's over.", "The game is over.", "La partie est finie.", "Partie terminée !",
                                  "À la fin de la partie"])
def test_the_game_said_over_is_the_end_of_game_marker(emblemes, said):
    assert ("marker", "end_of_game") in [(e.kind, e.value) for e in emblemes.recognise(said)]


def test_named_players_are_other_players(emblemes):
    entities = emblemes.recognise("Ma Voleuse est entre une carte de Paul et une carte de Léa")
    assert _values(entities, "player") == [("Paul", OTHER), ("Léa", OTHER)]


def test_article_un_is_not_a_number(emblemes):
    entities = emblemes.recognise("un Marchand et une Espionne, une seule pièce")
    assert [e.value for e in entities if e.kind == "number"] == [1]


def test_hook_entities_replace_generic_numbers():
    def hook(question):
        return [{"kind": "action", "value": "take_two", "start": 0, "end": 9}]

    recogniser = Recogniser((), hook)
    entities = recogniser.recognise("prendre 2 jetons")
    assert [(e.kind, e.value) for e in entities] == [("action", "take_two")]


def test_malformed_hook_entity_names_the_field():
    recogniser = Recogniser((), lambda question: [{"kind": "x", "value": 1, "start": 0}])
    with pytest.raises(ValueError, match="end"):
        recogniser.recognise("abc")
