"""Glossary and general-vocabulary expansion of English (or alias) query words into French."""

from __future__ import annotations

from index.corpus import GlossaryTerm
from index.expansion import QueryExpander, looks_english
from index.normalize import Normalizer

GLOSSARIES = {
    "harbor": (
        GlossaryTerm("matelot", "card", "Matelot", "Sailor", ("matelots", "sailors", "2")),
        GlossaryTerm("port", "location", "Port", "Harbour", ("harbor", "dé")),
    ),
    "castle": (GlossaryTerm("roi", "card", "Roi", "King", ("the king",)),),
}


def test_english_card_names_and_plural_aliases_map_to_french() -> None:
    expander = QueryExpander(GLOSSARIES)
    assert expander.expand("Does the Sailor double in the harbor?", game="harbor")[:2] == ["Matelot", "Port"]
    assert "Matelot" in expander.expand("what do sailors earn?", game="harbor")


def test_general_vocabulary_translates_english_questions_longest_phrase_first() -> None:
    expanded = QueryExpander(GLOSSARIES).expand("Who is the first player after a tie?", game="harbor")
    assert "premier joueur" in expanded
    assert "joueur" not in expanded
    assert "egalite" in expanded


def test_french_questions_get_glossary_aliases_but_no_general_vocabulary() -> None:
    expander = QueryExpander(GLOSSARIES)
    assert expander.expand("Les matelots et la mise en place ?", game="harbor") == ["Matelot"]


def test_french_paraphrases_map_to_the_rulebook_words_in_french_questions_only() -> None:
    expander = QueryExpander(GLOSSARIES)
    assert expander.expand("Qui commence ?", game="harbor") == ["premier joueur joue en premier"]
    assert expander.expand("Comment se termine la partie ?", game="harbor") == ["fin"]
    assert "premier joueur" not in expander.expand("Who says qui commence in the harbor?", game="harbor")


def test_stopword_and_numeric_aliases_never_fire() -> None:
    expander = QueryExpander(GLOSSARIES)
    assert expander.expand("Le droit de jouer 2 cartes", game="harbor") == []


def test_game_restricts_the_glossary_and_none_uses_all() -> None:
    expander = QueryExpander(GLOSSARIES)
    assert "Roi" not in expander.expand("What does the king do?", game="harbor")
    assert "Roi" in expander.expand("What does the king do?", game=None)


def test_looks_english_counts_stopwords_of_each_language() -> None:
    normalizer = Normalizer(stopwords=False, stemming="none")
    assert looks_english(normalizer.tokens("How many rounds are there in the game?"))
    assert not looks_english(normalizer.tokens("Combien de manches dans la partie ?"))
