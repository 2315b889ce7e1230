"""How long a card's effect lasts, asked of a card whose rule gives no duration (service/answers/effect_duration.py)."""

from pathlib import Path

from service.answers.corpus import Rulebook
from service.answers.effect_duration import card_durations, unstated_duration
from service.answers.silent_topics import EFFECT_DURATION, topic_asked

RULES = """---
id: jeu
title: Jeu
language: fr
players: null
---

# Jeu

## Cartes

### Vigie

Gagne +1 permanent sur ses rangs à chaque capture subie.

### Corsaire

Empoisonne les cases voisines : −1 sur tous les rangs.

### Mousse

+1 sur le rang attaqué, le temps du combat.
"""

GLOSSARY = """game: jeu
terms:
  - {id: vigie, kind: card, fr: Vigie, en: Lookout}
  - {id: corsaire, kind: card, fr: Corsaire, en: Privateer}
  - {id: mousse, kind: card, fr: Mousse, en: Cabin boy}
"""


def _corpus(tmp_path: Path) -> Path:
    game = tmp_path / "corpus" / "jeu"
    game.mkdir(parents=True)
    (game / "rules.md").write_text(RULES, encoding="utf-8")
    (game / "glossary.yaml").write_text(GLOSSARY, encoding="utf-8")
    return tmp_path / "corpus"


def test_a_card_states_a_duration_when_a_sentence_of_its_rule_says_how_long(tmp_path):
    assert card_durations(_corpus(tmp_path))["jeu"] == {"vigie", "mousse"}


def test_asking_whether_an_effect_stays_lands_on_a_card_whose_rule_gives_no_duration(tmp_path):
    corpus = _corpus(tmp_path)
    found = unstated_duration("Si mon Corsaire se fait capturer, le −1 sur les cases autour reste ?", "jeu", corpus, "fr")
    assert found is not None and found.card.id == "corsaire"
    assert "Corsaire" in found.lacks()["fr"] and "Privateer" in found.lacks()["en"]
    assert unstated_duration("Once my Privateer is captured, does its -1 penalty wear off?", "jeu", corpus,
                             "en") is not None


def test_no_duration_question_when_the_rule_says_how_long_or_nothing_asks_how_long_an_effect_lasts(tmp_path):
    corpus = _corpus(tmp_path)
    assert unstated_duration("Does the Cabin boy's +1 stay after the fight?", "jeu", corpus, "en") is None, \
        "its rule says: for the fight"
    assert unstated_duration("Le Corsaire est capturé : il en reste combien sur le plateau ?", "jeu", corpus,
                             "fr") is None, "a count, not an effect"
    assert unstated_duration("Mon Corsaire reste sur sa case après la capture ?", "jeu", corpus, "fr") is None, \
        "a card staying somewhere is not an effect lasting"
    assert unstated_duration("Le −1 du Corsaire reste quand la Vigie gagne son +1 ?", "jeu", corpus, "fr") is None, \
        "a card whose rule gives a duration is named: the asked effect may be its"


def test_such_a_question_lands_on_the_effect_duration_topic(tmp_path):
    corpus = _corpus(tmp_path)
    rulebook = Rulebook("jeu", RULES, {}, {})
    found = topic_asked("Si mon Corsaire est capturé, son −1 reste ?", "jeu", corpus, rulebook, "fr")
    assert found is not None and found.gap.id == EFFECT_DURATION and not found.gap.per_question


def test_how_often_an_ability_applies_is_not_a_modifier_s_duration(tmp_path):
    corpus = _corpus(tmp_path)
    assert unstated_duration("La capacité du Corsaire reste active tant qu'il est sur le plateau ?", "jeu", corpus,
                             "fr") is None
