"""An English asker gets the engine's verdict, the rules it applied and its account in English.

Each rule is quoted in its unofficial translation (``corpus/<game>/translation.en.yaml``)
with the French original beside it; the engine's account names cards and places
by their English glossary names; a French asker's answer is unchanged.
"""

from pathlib import Path

import pytest

from index.corpus import load_rulebook, load_translation
from service.grounding.citations import english_of
from service.grounding.frame_answer import with_names

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
HUNTER_EN = "In the Castle there's my King and Paul's Guard. If I play my Hunter in the Castle, is my own King discarded?"
HUNTER_FR = "Au Château il y a mon Roi et le Garde de Paul. Si je pose mon Chasseur au Château, mon Roi est défaussé ?"
DISCARD_EN = "I already have 3 reserved cards. Can I discard one of them to reserve a new one?"


@pytest.fixture(scope="module")
def emblemes_translation():
    rulebook = load_rulebook(CORPUS / "emblemes" / "rules.md", CORPUS)
    return rulebook.text, load_translation(rulebook)


def test_english_of_a_quote_inside_one_sentence_is_that_sentence(emblemes_translation):
    text, translation = emblemes_translation
    sentence = next(s for s in translation.sentences if not s.heading and len(s.fr_text) > 40)
    inner = (sentence.fr_start + 5, sentence.fr_end - 5)
    assert english_of(translation, text, *inner) == sentence.en_text
    assert english_of(translation, text, sentence.fr_start, sentence.fr_end) == sentence.en_text


def test_english_of_two_sentences_joins_their_translations(emblemes_translation):
    text, translation = emblemes_translation
    pairs = [(a, b) for a, b in zip(translation.sentences, translation.sentences[1:])
             if not a.heading and not b.heading and text[a.fr_end : b.fr_start] == " "]
    first, second = pairs[0]
    assert english_of(translation, text, first.fr_start, second.fr_end) == f"{first.en_text} {second.en_text}"


def test_english_of_untranslated_text_is_empty(emblemes_translation):
    text, translation = emblemes_translation
    assert english_of(None, text, 0, 10) == ""
    assert english_of(translation, text, 0, 3) == ""  # the front matter has no translation


def test_english_frame_answer_quotes_the_rules_in_english_with_the_french_beside(grounder):
    grounded = grounder.check(HUNTER_EN, "emblemes", "en")
    assert grounded is not None and grounded.check.method == "frame" and grounded.verdict == "yes"
    assert grounded.text.startswith("Yes. Rules applied: “")
    assert "(unofficial translation; French original: « " in grounded.text
    assert "quoted in French" not in grounded.text
    for citation in grounded.citations:
        assert citation.english and f"“{citation.english}”" in grounded.text and f"« {citation.quote} »" in grounded.text
    account = grounded.check.outcome
    assert "Hunter" in account and "Castle" in account
    assert "Chasseur" not in account and "Château" not in account


def test_english_template_answer_quotes_the_rules_in_english(grounder):
    grounded = grounder.check(DISCARD_EN, "splendor", "en")
    assert grounded is not None and grounded.check.method == "template"
    assert grounded.citations and all(c.english for c in grounded.citations[:2])
    assert "Rules applied: “" in grounded.text and "quoted in French" not in grounded.text


def test_french_answer_is_quoted_in_french_only(grounder):
    grounded = grounder.check(HUNTER_FR, "emblemes", "fr")
    assert grounded is not None and grounded.verdict == "oui"
    assert "Règles appliquées : « " in grounded.text
    assert "unofficial translation" not in grounded.text and "Chasseur" in grounded.check.outcome


@pytest.mark.parametrize("engine_message, expected", [
    ("player 0 is short by 1", "you are short by 1"),
    ("Player 0 has 3 tokens", "You have 3 tokens"),
    ("Player 0 reveals Hunter and places it in the Castle", "You reveal Hunter and place it in the Castle"),
    ("Player 0 discards", "You discard"),
])
def test_the_asker_is_you_with_the_verb_agreeing(engine_message, expected):
    assert with_names(engine_message, {}, "en") == expected


def test_a_french_account_elides_before_an_opponent():
    assert with_names("Matelot du joueur 2", {}, "fr") == "Matelot d’un adversaire"


@pytest.mark.parametrize("question, name", [
    ("I'm Nora. Sam won the draw and opened the duel against me. Who places the very last card?", "Nora"),
    ("Moi c'est Léo. Zoé a ouvert le duel contre moi. Qui pose la dernière carte ?", "Léo"),
])
def test_an_asker_who_says_their_name_is_answered_by_it(grounder, question, name):
    grounded = grounder.check(question, "emprise")
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.verdict == name and grounded.text.startswith(name + ".")


@pytest.mark.parametrize("question, name", [
    ("je suis Yanis et j'ai ouvert le duel", "Yanis"),
    ("Duel entre moi (Inès) et Hugo", "Inès"),
    ("I'm Sure that Sam opened", None),                  # a common word, not a name
    ("I'm Nora, and I'm Eva's partner", "Nora"),
    ("I'm Nora. My name is Eva.", None),                 # two names given: neither is taken
])
def test_the_name_an_asker_gives_themself(question, name):
    from service.grounding.frame_answer import named_asker

    assert named_asker(question) == name
