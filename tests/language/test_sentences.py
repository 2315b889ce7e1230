"""The text layer's sentences, clauses and the span that asks: one rule for every reader."""

from __future__ import annotations

import pytest

from language.sentences import asked_spans, asking_sentence, asking_span, clause_spans, sentence_spans


def test_a_run_of_marks_ends_one_sentence_and_stays_with_it() -> None:
    assert asking_sentence("who goes first?? is it the youngest") == "who goes first??"
    assert asking_sentence("On joue à deux. C'est permis ?!") == " C'est permis ?!"


def test_the_asking_span_is_the_last_that_holds_a_question_mark() -> None:
    text = "Léa a 3 Rubis. Qui commence ? Et qui finit ? Je demande pour ma fille."
    start, end = asking_span(text)
    assert text[start:end] == " Et qui finit ?"
    assert [text[s:e] for s, e in asked_spans(text, sentence_spans(text))] == [" Qui commence ?", " Et qui finit ?"]


def test_without_a_question_mark_the_last_sentence_asks() -> None:
    text = "Je pose ma Reine. Léa peut l'éliminer"
    start, end = asking_span(text)
    assert text[start:end] == " Léa peut l'éliminer"


@pytest.mark.parametrize("text", ["", "   ", "?!"])
def test_a_blank_question_has_no_asking_span(text: str) -> None:
    assert asking_span(text) is None
    assert asking_sentence(text) == text


def test_clauses_also_end_at_semicolons_and_line_breaks_and_offsets_are_the_players() -> None:
    text = "J'ai 3 Rubis ; Léa en a 2\nPuis-je recruter ?"
    assert [text[s:e] for s, e in clause_spans(text)] == ["J'ai 3 Rubis ;", " Léa en a 2\n", "Puis-je recruter ?"]
    assert [text[s:e] for s, e in sentence_spans(text)] == [text]
    start, end = asking_span(text, clause_spans(text))
    assert text[start:end] == "Puis-je recruter ?"
