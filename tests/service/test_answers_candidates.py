"""Candidate features: the own entry of a glossary term the question names."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from service.answers.candidates import FEATURES, candidates, question_view
from service.answers.corpus import CorpusTexts

CORPUS_DIR = Path(__file__).resolve().parents[2] / "corpus"
_DEFINES = FEATURES.index("defines_named")


@dataclass(frozen=True)
class _Sentence:
    start: int
    end: int
    score: float = 0.5


@dataclass(frozen=True)
class _Hit:
    section: str
    sentences: tuple[_Sentence, ...]
    score: float = 0.5


@pytest.fixture(scope="module")
def emblemes():
    corpus = CorpusTexts(CORPUS_DIR)
    corpus.load()
    return corpus.rulebook("emblemes")


def _sentence(rulebook, text: str) -> _Sentence:
    start = rulebook.text.index(text)
    return _Sentence(start, start + len(text))


@pytest.mark.parametrize("question, language", [
    ("Le garde peut-il déplacer une carte deux places plus loin ?", "fr"),
    ("Can my Guard move a card that is two places away?", "en"),
])
def test_a_term_is_named_by_its_french_name_english_name_or_alias(emblemes, question: str, language: str) -> None:
    assert "garde" in emblemes.named_in(question)
    assert "garde" not in emblemes.named_in("Je peux garder mes pièces cachées ?")  # a word holding the name is not it


def test_the_label_line_of_the_named_card_is_its_own_entry_and_a_sentence_naming_it_elsewhere_is_not(emblemes) -> None:
    own = "12 – Le Garde (♦) : Déplacez une carte adjacente (immédiatement à gauche ou à droite) vers un autre lieu."
    other = "3 – L’Espionne (☐) : Gagnez 2 pièces d’or si l’Espionne est votre seule carte dans ce lieu."
    hit = _Hit("Emblèmes › Les effets de toutes les cartes Personnage",
               (_sentence(emblemes, own), _sentence(emblemes, other)))
    found = candidates(question_view("Que fait le Garde ?", "fr", emblemes), [hit], emblemes)
    assert [c.features[_DEFINES] for c in found] == [1.0, 0.0]
    assert all(len(c.features) == len(FEATURES) for c in found)


def test_a_question_naming_no_term_marks_no_candidate(emblemes) -> None:
    own = "12 – Le Garde (♦) : Déplacez une carte adjacente (immédiatement à gauche ou à droite) vers un autre lieu."
    hit = _Hit("Emblèmes › Les effets de toutes les cartes Personnage", (_sentence(emblemes, own),))
    found = candidates(question_view("Combien de manches dure une partie ?", "fr", emblemes), [hit], emblemes)
    assert found[0].features[_DEFINES] == 0.0
