"""Locate and read the corpus files the corpus tests check.

The seeds and the dev questions live outside the repository, in ``../shared``;
tests that need them skip with a clear reason where that folder is absent.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
import yaml

__all__ = [
    "REPO",
    "SHARED",
    "GAME_IDS",
    "rules_path",
    "read_rules",
    "split_front_matter",
    "seed_text",
    "dev_questions",
    "normalise",
    "fold",
]

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
GAME_IDS = sorted(path.parent.name for path in (REPO / "corpus").glob("*/rules.md"))


def rules_path(game: str) -> Path:
    """Path of one game's clean rulebook."""
    return REPO / "corpus" / game / "rules.md"


def read_rules(game: str) -> str:
    """Whole text of one game's rules.md, front matter included."""
    return rules_path(game).read_text(encoding="utf-8")


def split_front_matter(text: str) -> tuple[dict, str]:
    """Return the parsed YAML front matter and the Markdown body after it."""
    if not text.startswith("---\n"):
        raise ValueError(f"rules.md: expected a file starting with '---\\n', got {text[:20]!r}")
    header, separator, body = text[4:].partition("\n---\n")
    if not separator:
        raise ValueError("rules.md: expected a closing '---' line after the front matter, found none")
    return yaml.safe_load(header), body


def seed_text(game: str) -> str:
    """Raw seed text named by the game's front matter ``source`` (skips if absent)."""
    front_matter, _ = split_front_matter(read_rules(game))
    relative = front_matter["source"].split()[0]
    path = REPO.parent / relative
    if not path.exists():
        pytest.skip(f"seed {path} is not available next to the repository")
    return path.read_text(encoding="utf-8")


def dev_questions() -> list[dict]:
    """Dev questions with gold quotes, or an empty list when ../shared is absent."""
    path = SHARED / "eval" / "dev_questions.jsonl"
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def normalise(text: str) -> str:
    """Collapse every run of whitespace (no-break spaces included) to one space."""
    return " ".join(text.split())


def fold(text: str) -> str:
    """Lower-case, accent-free, straight-apostrophe form used to compare names."""
    decomposed = unicodedata.normalize("NFKD", text.replace("’", "'").lower())
    return normalise("".join(char for char in decomposed if not unicodedata.combining(char)))
