"""Chunker: sections from headings, exact offsets, sentence boundaries, long sections split."""

from __future__ import annotations

from pathlib import Path

import pytest

from index.chunker import SECTION_SEPARATOR, chunk_rulebook, source_sentences
from index.corpus import load_corpus, load_rulebook

PROJECT_CORPUS = Path(__file__).resolve().parents[2] / "corpus"


@pytest.fixture
def castle(corpus_dir: Path):
    return load_rulebook(corpus_dir / "castle" / "rules.md", corpus_dir.parent)


def _sentences(chunked) -> list[str]:
    return [sentence.text for chunk in chunked.chunks for sentence in chunk.sentences]


def test_every_chunk_and_sentence_is_an_exact_slice_of_the_file(castle) -> None:
    for max_chars in (40, 120, 10_000):
        for chunk in chunk_rulebook(castle, max_chars=max_chars).chunks:
            assert castle.text[chunk.start : chunk.end] == chunk.text
            for sentence in chunk.sentences:
                assert castle.text[sentence.start : sentence.end] == sentence.text
                assert chunk.start <= sentence.start < sentence.end <= chunk.end


def test_section_paths_follow_headings_and_skip_empty_sections(castle) -> None:
    sections = [chunk.section for chunk in chunk_rulebook(castle).chunks]
    title = "Château’s Game"
    assert sections == [
        title,
        f"{title} › Le matériel",
        f"{title} › Fin d’une manche › Décompte",
        f"{title} › Mise en place",  # a setext "---" heading is level 2
    ]
    assert SECTION_SEPARATOR == " › "
    assert chunk_rulebook(castle).sections == 5  # headings below the title, the empty one included


def test_french_punctuation_emoji_and_abbreviations_split_sentences(castle) -> None:
    first = chunk_rulebook(castle).chunks[0]
    assert [s.text for s in first.sentences] == [
        "Bienvenue 🎲 !",
        "Un jeu d’enchères… vraiment court.",
        "Voir p. 4 pour les détails.",
    ]


def test_list_items_and_their_lines_are_separate_sentences(castle) -> None:
    material = chunk_rulebook(castle).chunks[1]
    assert [s.text for s in material.sentences] == [
        "40 cartes Chevalier : chacune a une valeur.",
        "Elles se jouent face cachée.",
        "1 pion Premier joueur",
        "sous-liste : le pion ne change jamais de couleur",
        "12 jetons Or",
    ]
    assert material.text.startswith("40 cartes Chevalier")
    assert material.text.endswith("12 jetons Or")


def test_blockquote_table_and_code_lines_stay_in_their_section(castle) -> None:
    scoring = chunk_rulebook(castle).chunks[2]
    texts = [s.text for s in scoring.sentences]
    assert texts[:3] == [
        "Quand tous les tours sont joués, on compte l’or.",
        "Le joueur qui a le plus d’or gagne !",
        "En cas d’égalité, c’est le Premier joueur qui l’emporte ?",
    ]
    assert "Astuce : gardez l’œil sur l’or.\n> Vraiment." in texts
    assert texts[-5:] == ["Joueurs", "Manches", "2", "4", "code ligne 1"]
    assert "Mise en place" not in scoring.text


def test_long_sections_split_between_sentences_never_across_sections(castle) -> None:
    chunks = chunk_rulebook(castle, max_chars=60).chunks
    scoring = [chunk for chunk in chunks if chunk.section.endswith("Décompte")]
    assert len(scoring) > 1
    assert all(len(chunk.text) <= 60 or len(chunk.sentences) == 1 for chunk in chunks)
    assert _sentences(chunk_rulebook(castle, max_chars=60)) == _sentences(chunk_rulebook(castle))
    for before, after in zip(chunks, chunks[1:]):
        assert before.end <= after.start


def test_max_chars_must_be_positive(castle) -> None:
    with pytest.raises(ValueError, match="max_chars: expected a positive integer, got 0"):
        chunk_rulebook(castle, max_chars=0)


@pytest.mark.skipif(not PROJECT_CORPUS.is_dir(), reason="no project corpus")
def test_real_corpus_offsets_are_exact_for_every_chunk_and_sentence() -> None:
    for rulebook in load_corpus(PROJECT_CORPUS):
        chunked = chunk_rulebook(rulebook)
        assert chunked.chunks, rulebook.id
        for chunk in chunked.chunks:
            assert rulebook.text[chunk.start : chunk.end] == chunk.text
            assert chunk.start >= rulebook.body_start
            assert chunk.section.startswith(rulebook.title)
            for sentence in chunk.sentences:
                assert rulebook.text[sentence.start : sentence.end] == sentence.text
                assert sentence.text == sentence.text.strip()


def test_source_sentences_are_the_chunk_sentences_plus_each_heading(castle) -> None:
    units = source_sentences(castle)
    assert all(castle.text[u.start : u.end] == u.text for u in units)
    assert all(a.end <= b.start for a, b in zip(units, units[1:]))
    body = [(u.section, u.start, u.end) for u in units if not u.heading]
    assert body == [(c.section, s.start, s.end) for c in chunk_rulebook(castle).chunks for s in c.sentences]
    title = "Château’s Game"
    assert [(u.section, u.text) for u in units if u.heading] == [
        (title, title),
        (f"{title} › Le matériel", "Le matériel"),
        (f"{title} › Section vide", "Section vide"),  # an empty section still has a heading to translate
        (f"{title} › Fin d’une manche", "Fin d’une manche"),
        (f"{title} › Fin d’une manche › Décompte", "Décompte"),
        (f"{title} › Mise en place", "Mise en place"),  # setext heading: the text line, not the underline
    ]
