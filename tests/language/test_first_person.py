"""Where the asker speaks of themselves: the lexicons' first-person words, read by the engines' question readers."""

import pytest

from language import LANGUAGES, first_person, fold_same_length, lexicon


@pytest.mark.parametrize(("language", "question", "said"), [
    ("fr", "J'ai 3 rubis et mon Roi est au Château, il m'a volé", ["j'", "mon", "m'"]),
    ("fr", "Le jeu de Jean : mes cartes ou les miennes ?", ["mes"]),  # "jeu", "Jean" are no "je"
    ("en", "I'm sure my card beats mine", ["i", "my", "mine"]),
    ("en", "It is in the Village", []),
    (None, "Je pose my card", ["je", "my"]),  # questions mix languages
])
def test_the_askers_own_words_are_found(language, question, said):
    assert [m.group() for m in first_person(language).finditer(fold_same_length(question))] == said


def test_every_lexicon_names_its_first_person():
    assert all(lexicon(language).first_person for language in LANGUAGES)
    with pytest.raises(ValueError, match="language: expected one of"):
        first_person("de")
