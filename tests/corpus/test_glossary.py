"""Glossaries: valid shape, unique ids and names, and agreement with the rules text.

A glossary bridges English questions to the French text and lets later code
recognise entities, so a name must point to one term only, and the names of
cards and locations must be the ones the rulebook actually uses.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict

import pytest
import yaml

from tests.corpus._corpus_files import GAME_IDS, REPO, SHARED, fold, read_rules

KINDS = {"card", "location", "token", "component", "phase", "action", "concept"}
TERM_KEYS = {"id", "kind", "fr", "en", "aliases", "attributes"}


def _glossary(game: str) -> dict:
    path = REPO / "corpus" / game / "glossary.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _terms(game: str) -> list[dict]:
    return _glossary(game)["terms"]


def _singular(folded: str) -> str:
    """Drop a plural -s from every word, so singular names match plural text."""
    return re.sub(r"(\w+?)s\b", r"\1", folded)


@pytest.mark.parametrize("game", GAME_IDS)
def test_glossary_has_the_documented_shape(game):
    glossary = _glossary(game)
    assert set(glossary) == {"game", "terms"}
    assert glossary["game"] == game
    assert glossary["terms"], "a glossary lists at least one term"
    for term in glossary["terms"]:
        assert set(term) <= TERM_KEYS, term
        assert {"id", "kind", "fr", "en"} <= set(term), term
        assert re.fullmatch(r"[a-z0-9_]+", term["id"]), term["id"]
        assert term["kind"] in KINDS, term
        assert isinstance(term["fr"], str) and term["fr"].strip(), term
        assert isinstance(term["en"], str) and term["en"].strip(), term
        aliases = term.get("aliases", [])
        assert isinstance(aliases, list)
        assert all(isinstance(alias, str) and alias.strip() for alias in aliases), term
        assert isinstance(term.get("attributes", {}), dict), term


@pytest.mark.parametrize("game", GAME_IDS)
def test_term_ids_are_unique(game):
    ids = [term["id"] for term in _terms(game)]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_name_or_alias_points_to_one_term(game):
    owners = defaultdict(set)
    for term in _terms(game):
        for name in [term["fr"], term["en"], *term.get("aliases", [])]:
            owners[fold(name)].add(term["id"])
    shared = {name: sorted(ids) for name, ids in owners.items() if len(ids) > 1}
    assert not shared


@pytest.mark.parametrize("game", GAME_IDS)
def test_card_and_location_names_are_written_in_the_rules(game):
    """Singular names are fine where the text only writes the plural ('cartes développement')."""
    rules = _singular(fold(read_rules(game)))
    missing = [
        term["fr"]
        for term in _terms(game)
        if term["kind"] in {"card", "location"} and _singular(fold(term["fr"])) not in rules
    ]
    assert not missing


def test_emblemes_card_values_and_timing_match_the_effect_list():
    """The rules list every character as '- 15 – Le Roi (♦) : …'; the glossary must agree."""
    listed = {
        fold(name): (int(value), symbol)
        for value, name, symbol in re.findall(
            r"^- (\d+) – (?:Le |La |L’)(\w+) \(([♦☐])\)", read_rules("emblemes"), re.MULTILINE
        )
    }
    cards = [term for term in _terms("emblemes") if term["kind"] == "card"]
    timing_of_symbol = {"♦": "immediate", "☐": "end_of_round"}
    assert len(listed) == len(cards) == 15
    for card in cards:
        value, symbol = listed[fold(card["fr"])]
        attributes = card["attributes"]
        assert (attributes["value"], attributes["symbol"]) == (value, symbol), card["id"]
        assert attributes["timing"] == timing_of_symbol[symbol], card["id"]


def test_splendor_gem_colours_cover_the_card_data():
    colours = {
        term["attributes"]["colour"]
        for term in _terms("splendor")
        if "colour" in term.get("attributes", {})
    }
    assert colours == {"white", "blue", "green", "red", "black", "gold"}
    cards_path = SHARED / "data" / "splendor" / "cards.json"
    if not cards_path.exists():
        pytest.skip(f"{cards_path} is not available next to the repository")
    cards = json.loads(cards_path.read_text(encoding="utf-8"))
    used = {card["color"] for card in cards} | {colour for card in cards for colour in card["cost"]}
    assert used <= colours


def test_a_word_shared_by_several_terms_names_none_of_them(tmp_path) -> None:
    """« cartes » in « carte Personnage », « carte Lieu », « carte adjacente » bridges to « carte » alone; a word of one
    name ("coin" of "gold coin") and a whole alias ("personnage") bridge to their term's French name."""
    from service.answers.corpus import _read_bridges
    from language import content_stems

    glossary = tmp_path / "glossary.yaml"
    glossary.write_text(
        "terms:\n"
        "  - {id: personnage, kind: component, fr: carte Personnage, en: character card, aliases: [personnage]}\n"
        "  - {id: lieu, kind: component, fr: carte Lieu, en: location card, aliases: [cartes Lieu]}\n"
        "  - {id: adjacente, kind: concept, fr: carte adjacente, en: adjacent card, aliases: [cartes adjacentes]}\n"
        "  - {id: piece, kind: token, fr: Pièce d'or, en: gold coin, aliases: [3 pièces]}\n",
        encoding="utf-8",
    )
    bridges = _read_bridges(glossary)
    [carte], [personnage], [coin], [piece] = (content_stems(w) for w in ("cartes", "personnage", "coin", "pièce"))
    assert bridges[carte] == frozenset(content_stems("carte"))
    assert bridges[personnage] == frozenset(content_stems("carte Personnage"))
    assert piece in bridges[coin]
    assert "3" not in bridges
