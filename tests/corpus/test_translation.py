"""Sentence-aligned translations: ``corpus/<game>/translation.en.yaml`` and their loader.

The invariant: every English sentence stands for an exact French slice of
``rules.md`` that is one heading or sentence as the index splits it, and every
such French sentence has its English. The French text rules; the translation
says so in its header.
"""

from __future__ import annotations

import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
import yaml

from index.chunker import chunk_rulebook, source_sentences
from index.corpus import TranslationError, load_corpus, load_rulebook, load_translation
from tests.corpus._corpus_files import REPO

RULEBOOKS = {rulebook.id: rulebook for rulebook in load_corpus(REPO / "corpus")}
GAMES = sorted(RULEBOOKS)
NUMBER = re.compile(r"\d+")


def _symbols(text: str) -> list[str]:
    return sorted(char for char in text if unicodedata.category(char) == "So")


@pytest.mark.parametrize("game", GAMES)
def test_every_english_sentence_is_aligned_to_one_exact_french_sentence(game: str) -> None:
    rulebook = RULEBOOKS[game]
    translation = load_translation(rulebook)
    assert translation is not None, f"no translation.en.yaml for {game}: run scripts/translation_skeleton {game}"
    assert [(s.fr_start, s.fr_end) for s in translation.sentences] == [
        (unit.start, unit.end) for unit in source_sentences(rulebook)
    ]
    for sentence in translation.sentences:
        assert rulebook.text[sentence.fr_start : sentence.fr_end] == sentence.fr_text
        assert sentence.en_text.strip(), sentence


@pytest.mark.parametrize("game", GAMES)
def test_the_translation_says_it_is_unofficial(game: str) -> None:
    translation = load_translation(RULEBOOKS[game])
    assert translation is not None and translation.language == "en"
    assert "the French text rules" in translation.provenance


@pytest.mark.parametrize("game", GAMES)
def test_numbers_and_symbols_are_kept(game: str) -> None:
    translation = load_translation(RULEBOOKS[game])
    assert translation is not None
    for sentence in translation.sentences:
        assert sorted(NUMBER.findall(sentence.en_text)) == sorted(NUMBER.findall(sentence.fr_text)), sentence
        assert _symbols(sentence.en_text) == _symbols(sentence.fr_text), sentence


# --- the loader's errors, on a one-page rulebook -----------------------------------------

MINI_RULES = """---
id: mini
title: Mini
language: fr
players: null
source: tests
---

# Mini

## Tour

Tu joues une carte. Puis tu passes.

- Un point par carte.
"""


@pytest.fixture
def mini(tmp_path: Path):
    game_dir = tmp_path / "corpus" / "mini"
    game_dir.mkdir(parents=True)
    (game_dir / "rules.md").write_text(MINI_RULES, encoding="utf-8")
    return load_rulebook(game_dir / "rules.md", tmp_path)


def _entries(rulebook) -> list[dict]:
    return [
        {"section": u.section, "start": u.start, "end": u.end, "fr": u.text, "en": f"EN {u.text}"}
        for u in source_sentences(rulebook)
    ]


def _write(rulebook, entries: list[dict], **header) -> Path:
    data = {"language": "en", "unofficial": True, "provenance": "Unofficial translation; the French text rules"}
    data.update(header)
    data["sentences"] = entries
    path = rulebook.path.parent / "translation.en.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_mini_rulebook_units_are_headings_and_sentences(mini) -> None:
    units = source_sentences(mini)
    assert [(u.section, u.text, u.heading) for u in units] == [
        ("Mini", "Mini", True),
        ("Mini › Tour", "Tour", True),
        ("Mini › Tour", "Tu joues une carte.", False),
        ("Mini › Tour", "Puis tu passes.", False),
        ("Mini › Tour", "Un point par carte.", False),
    ]


def test_a_valid_translation_loads_as_typed_records(mini) -> None:
    _write(mini, _entries(mini))
    translation = load_translation(mini)
    assert translation is not None
    first = translation.sentences[2]
    assert (first.game, first.section, first.fr_text, first.en_text, first.heading) == (
        "mini", "Mini › Tour", "Tu joues une carte.", "EN Tu joues une carte.", False,
    )
    assert translation.sentences[0].heading
    assert [s.fr_text for s in translation.within(first.fr_start, translation.sentences[3].fr_end)] == [
        "Tu joues une carte.", "Puis tu passes.",
    ]


def test_section_paths_translate_heading_by_heading(mini) -> None:
    _write(mini, _entries(mini))
    translation = load_translation(mini)
    assert translation is not None
    assert translation.english_section("Mini › Tour") == "EN Mini › EN Tour"
    assert translation.english_section("Mini › Ailleurs") == "EN Mini › Ailleurs"


@pytest.mark.parametrize("game", GAMES)
def test_every_section_the_index_cites_has_an_english_path(game: str) -> None:
    translation = load_translation(RULEBOOKS[game])
    assert translation is not None
    translated = {s.section for s in translation.sentences if s.heading}
    for chunk in chunk_rulebook(RULEBOOKS[game]).chunks:
        parts = chunk.section.split(" › ")
        assert all(" › ".join(parts[: depth + 1]) in translated for depth in range(len(parts))), chunk.section


def test_no_file_is_no_translation(mini) -> None:
    assert load_translation(mini) is None


def _problems(rulebook, entries: list[dict], **header) -> str:
    path = _write(rulebook, entries, **header)
    with pytest.raises(TranslationError) as raised:
        load_translation(rulebook)
    assert str(path) in str(raised.value)
    return str(raised.value)


def test_unknown_and_missing_keys_are_named(mini) -> None:
    entries = _entries(mini)
    entries[2]["note"] = "?"
    del entries[3]["en"]
    message = _problems(mini, entries)
    assert "entry 3 (start" in message and "unknown key 'note'" in message
    assert "entry 4 (start" in message and "missing key 'en'" in message


def test_a_french_text_that_is_not_the_slice_is_named(mini) -> None:
    entries = _entries(mini)
    entries[2]["fr"] = "Tu joues deux cartes."
    message = _problems(mini, entries)
    assert "entry 3" in message and "'fr' is not rules.md[" in message and "Tu joues deux cartes." in message


def test_overlapping_entries_are_named(mini) -> None:
    entries = _entries(mini)
    entries.insert(3, dict(entries[2]))
    message = _problems(mini, entries)
    assert "entry 4" in message and "overlaps" in message


def test_a_span_of_two_sentences_is_not_one_sentence(mini) -> None:
    entries = _entries(mini)
    merged = dict(entries[2], end=entries[3]["end"])
    merged["fr"] = mini.text[merged["start"] : merged["end"]]
    message = _problems(mini, entries[:2] + [merged] + entries[4:])
    assert "is not one French sentence" in message
    assert "missing: no entry for the French sentence" in message


def test_a_missing_sentence_and_an_empty_english_are_named(mini) -> None:
    entries = _entries(mini)
    entries[1]["en"] = "  "
    message = _problems(mini, entries[:4])
    assert "entry 2 (start" in message and "'en' is empty" in message
    assert "missing: no entry for the French sentence" in message and "Un point par carte." in message


def test_a_file_that_is_not_yaml_is_named(mini) -> None:
    path = mini.path.parent / "translation.en.yaml"
    path.write_text("language: en\nsentences: [\n", encoding="utf-8")
    with pytest.raises(TranslationError, match="not valid YAML") as raised:
        load_translation(mini)
    assert str(path) in str(raised.value)


def test_a_wrong_section_and_header_are_named(mini) -> None:
    entries = _entries(mini)
    entries[2]["section"] = "Mini"
    message = _problems(mini, entries, unofficial=False, language="de", extra=1)
    assert "'section': expected 'Mini › Tour', got 'Mini'" in message
    assert "'unofficial': expected true" in message
    assert "'language': expected 'en', got 'de'" in message
    assert "unknown key 'extra'" in message


# --- scripts/translation_skeleton --------------------------------------------------------


def _skeleton(corpus: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(REPO / "scripts" / "translation_skeleton"), "mini", "--corpus", str(corpus), *args],
        capture_output=True, text=True, check=False,
    )


def test_the_skeleton_then_check_then_update_after_a_rulebook_edit(mini) -> None:
    corpus = mini.path.parent.parent
    assert _skeleton(corpus).returncode == 0
    path = mini.path.parent / "translation.en.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [entry["en"] for entry in data["sentences"]] == [""] * 5
    check = _skeleton(corpus, "--check")
    assert check.returncode == 1 and check.stdout.count("'en' is empty") == 5
    for entry in data["sentences"]:
        entry["en"] = f"EN {entry['fr']}"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert _skeleton(corpus, "--check").returncode == 0
    assert _skeleton(corpus).returncode == 2, "an existing translation is never overwritten without --update"

    mini.path.write_text(MINI_RULES.replace("Tu joues une carte.", "Tu joues une ou deux cartes."), encoding="utf-8")
    stale = _skeleton(corpus, "--check")
    assert stale.returncode == 1 and "'fr' is not rules.md[" in stale.stdout
    assert _skeleton(corpus, "--update").returncode == 0
    updated = yaml.safe_load(path.read_text(encoding="utf-8"))["sentences"]
    assert [(entry["fr"], entry["en"]) for entry in updated[2:]] == [
        ("Tu joues une ou deux cartes.", ""),
        ("Puis tu passes.", "EN Puis tu passes."),
        ("Un point par carte.", "EN Un point par carte."),
    ]
