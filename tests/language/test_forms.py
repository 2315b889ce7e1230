"""Question forms, from the lexicons' patterns, in French and English."""

from __future__ import annotations

import pytest

from language import COUNT, LANGUAGES, OPEN, POLAR, WHEN, WHICH, WHO, lexicon, question_form


@pytest.mark.parametrize(("question", "form"), [
    ("Mon Marchand me rapporte combien ?", COUNT),
    ("How many tokens must I give back?", COUNT),
    ("Qu'est-ce que fait mon Garde ?", OPEN),
    ("What does my Spy do?", OPEN),
    ("Comment se passe la fin de partie ?", OPEN),
    ("Je peux en réserver une quatrième ?", POLAR),
    ("Can my Guard move it to the Harbour?", POLAR),
    ("Égalité de points : qui gagne ?", WHO),
    ("Who do I steal from?", WHO),
    ("Après une réservation, la place est remplie quand ?", WHEN),
    ("Which tokens can I give back?", WHICH),
])
def test_question_form(question: str, form: str) -> None:
    assert question_form(question) == form


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lexicon_has_every_list(language: str) -> None:
    lex = lexicon(language)
    assert lex.function_words and lex.question_filler and lex.number_words and lex.negations
    assert lex.restrictions and lex.permissions and lex.asks_permission and lex.asks_obligation
    assert set(lex.question_forms) <= {COUNT, WHO, OPEN, WHEN, WHICH}


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="language: expected one of"):
        lexicon("de")
