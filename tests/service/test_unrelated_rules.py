"""Two cards the rules never relate (service/answers/unrelated_rules.py)."""

from pathlib import Path

from service.answers.corpus import Rulebook
from service.answers.silent_topics import UNRELATED_RULES, topic_asked
from service.answers.unrelated_rules import named_cards, related_pairs, unrelated_pair

RULES = """---
id: jeu
title: Jeu
language: fr
players: null
---

# Jeu

## Cartes

### Vigie

Gagne +1 sur ses rangs à chaque capture subie.

### Corsaire

Empoisonne les cases voisines : −1 sur tous les rangs.

### Mousse

Si le Mousse touche une Vigie, la Vigie est capturée.
"""

GLOSSARY = """game: jeu
terms:
  - {id: vigie, kind: card, fr: Vigie, en: Lookout, aliases: [vigies]}
  - {id: corsaire, kind: card, fr: Corsaire, en: Privateer}
  - {id: mousse, kind: card, fr: Mousse, en: Cabin boy}
  - {id: doublon, kind: token, fr: Doublon, en: Doubloon}
"""


def _corpus(tmp_path: Path) -> Path:
    game = tmp_path / "corpus" / "jeu"
    game.mkdir(parents=True)
    (game / "rules.md").write_text(RULES, encoding="utf-8")
    (game / "glossary.yaml").write_text(GLOSSARY, encoding="utf-8")
    return tmp_path / "corpus"


def test_only_the_glossarys_cards_are_read_and_a_sentence_relates_the_cards_it_names_with_its_heading(tmp_path):
    corpus = _corpus(tmp_path)
    assert [card.id for card in named_cards(corpus)["jeu"]] == ["vigie", "corsaire", "mousse"]
    assert related_pairs(corpus)["jeu"] == {frozenset({"mousse", "vigie"})}, "the Mousse's rule names the Vigie"


def test_asking_how_two_unrelated_cards_combine_names_both_and_what_the_rules_lack(tmp_path):
    corpus = _corpus(tmp_path)
    pair = unrelated_pair("Si un Corsaire empoisonne ma Vigie, le −1 se cumule avec son bonus ?", "jeu", corpus, "fr")
    assert pair is not None and {pair.first.id, pair.second.id} == {"vigie", "corsaire"}
    assert "Vigie" in pair.lacks()["fr"] and "Privateer" in pair.lacks()["en"]
    assert unrelated_pair("Does the Privateer's poison apply before or after the Lookout's bonus?", "jeu", corpus,
                          "en") is not None
    struck = "Si le Corsaire empoisonne la Vigie, la Vigie gagne encore son bonus avant de tomber ?"
    assert unrelated_pair(struck, "jeu", corpus, "fr") is not None, "whether one still acts when the other strikes it"


def test_no_pair_when_the_rules_relate_the_cards_or_the_question_does_not_join_them(tmp_path):
    corpus = _corpus(tmp_path)
    assert unrelated_pair("Le Mousse capture la Vigie ou pas ?", "jeu", corpus, "fr") is None, "related, and « ou pas »"
    assert unrelated_pair("Ma Vigie touche un Corsaire. Combien de rangs perd-elle ?", "jeu", corpus, "fr") is None, \
        "the asking sentence neither names both nor joins them"
    assert unrelated_pair("Le Corsaire empoisonne-t-il aussi les Doublons ou les cartes ?", "jeu", corpus,
                          "fr") is None, "a token is not a card with a rule of its own"


def test_a_question_joining_unrelated_cards_lands_on_the_unrelated_rules_topic(tmp_path):
    corpus = _corpus(tmp_path)
    rulebook = Rulebook("jeu", RULES, {}, {})
    found = topic_asked("Le bonus de la Vigie s'applique avant ou après le poison du Corsaire ?", "jeu", corpus,
                        rulebook, "fr")
    assert found is not None and found.gap.id == UNRELATED_RULES and not found.gap.per_question
    assert "Corsaire" in found.gap.lacks["fr"]
