"""Load the rulebooks of ``corpus/<game>/``: front matter, body, file path and glossary.

Loading is pure I/O plus validation; everything downstream (chunking, indexing)
works on the ``Rulebook`` values returned here, so a sixth game is a sixth folder.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

RULES_FILE = "rules.md"
GLOSSARY_FILE = "glossary.yaml"
_FRONT_MATTER_FENCE = "---\n"


@dataclass(frozen=True)
class GlossaryTerm:
    """One named thing of a game (card, location, token, ...) in French and English."""

    id: str
    kind: str
    fr: str
    en: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rulebook:
    """One game's rules file, whole (``text``) and split into front matter and body.

    ``body_start`` is the character offset of the Markdown body inside ``text``,
    so offsets computed on the body convert to file offsets by adding it.
    """

    id: str
    title: str
    language: str
    players: dict[str, int] | None
    path: Path
    source_path: str
    text: str
    body_start: int
    glossary: tuple[GlossaryTerm, ...] = field(default=())

    @property
    def body(self) -> str:
        return self.text[self.body_start :]


def load_corpus(corpus_dir: Path) -> list[Rulebook]:
    """Load every ``<corpus_dir>/<game>/rules.md``, sorted by game id.

    Args:
        corpus_dir: folder holding one sub-folder per game.

    Returns:
        The rulebooks, sorted by id.

    Raises:
        ValueError: when ``corpus_dir`` holds no rulebook or a file is malformed.
    """
    corpus_dir = Path(corpus_dir)
    if not corpus_dir.is_dir():
        raise ValueError(f"corpus_dir: expected an existing folder, got {str(corpus_dir)!r}")
    rulebooks = [
        load_rulebook(game_dir / RULES_FILE, corpus_dir.parent)
        for game_dir in sorted(corpus_dir.iterdir())
        if (game_dir / RULES_FILE).is_file()
    ]
    if not rulebooks:
        raise ValueError(f"corpus_dir: expected <game>/{RULES_FILE} files, found none in {str(corpus_dir)!r}")
    return rulebooks


def load_rulebook(path: Path, relative_to: Path) -> Rulebook:
    """Load one ``rules.md`` (and the ``glossary.yaml`` beside it, when present).

    Raises:
        ValueError: naming the field when the front matter is missing or incomplete.
    """
    text = path.read_text(encoding="utf-8")
    front_matter, body_start = _split_front_matter(text, path)
    game_id = _required_str(front_matter, "id", path)
    if game_id != path.parent.name:
        raise ValueError(f"{path}: front matter 'id' must equal the folder name {path.parent.name!r}, got {game_id!r}")
    players = front_matter.get("players")
    if players is not None and not (isinstance(players, dict) and {"min", "max"} <= players.keys()):
        raise ValueError(f"{path}: front matter 'players' must be null or {{min, max}}, got {players!r}")
    return Rulebook(
        id=game_id,
        title=_required_str(front_matter, "title", path),
        language=_required_str(front_matter, "language", path),
        players=players,
        path=path,
        source_path=_relative_posix(path, relative_to),
        text=text,
        body_start=body_start,
        glossary=load_glossary(path.parent / GLOSSARY_FILE),
    )


def load_glossary(path: Path) -> tuple[GlossaryTerm, ...]:
    """Read a game's ``glossary.yaml``; a missing file is an empty glossary."""
    if not path.is_file():
        return ()
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    terms = data.get("terms") or []
    if not isinstance(terms, list):
        raise ValueError(f"{path}: 'terms' must be a list, got {type(terms).__name__}")
    return tuple(_glossary_term(entry, path) for entry in terms)


def corpus_fingerprint(rulebooks: list[Rulebook]) -> str:
    """A hash of every rules and glossary file: any edit changes it."""
    digest = hashlib.sha256()
    for rulebook in rulebooks:
        digest.update(rulebook.source_path.encode())
        digest.update(rulebook.text.encode())
        glossary = rulebook.path.parent / GLOSSARY_FILE
        if glossary.is_file():
            digest.update(glossary.read_bytes())
    return digest.hexdigest()


def _split_front_matter(text: str, path: Path) -> tuple[dict[str, Any], int]:
    if not text.startswith(_FRONT_MATTER_FENCE):
        raise ValueError(f"{path}: expected YAML front matter opening with '---', got {text[:20]!r}")
    closing = text.find("\n" + _FRONT_MATTER_FENCE, len(_FRONT_MATTER_FENCE) - 1)
    if closing < 0:
        raise ValueError(f"{path}: front matter has no closing '---' line")
    front_matter = yaml.safe_load(text[len(_FRONT_MATTER_FENCE) : closing + 1]) or {}
    if not isinstance(front_matter, dict):
        raise ValueError(f"{path}: front matter must be a mapping, got {type(front_matter).__name__}")
    return front_matter, closing + 1 + len(_FRONT_MATTER_FENCE)


def _required_str(mapping: dict[str, Any], key: str, path: Path) -> str:
    value = mapping.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{path}: front matter {key!r} must be a non-empty string, got {value!r}")
    return value


def _glossary_term(entry: Any, path: Path) -> GlossaryTerm:
    if not isinstance(entry, dict):
        raise ValueError(f"{path}: each term must be a mapping, got {entry!r}")
    for key in ("id", "fr"):
        if not isinstance(entry.get(key), str):
            raise ValueError(f"{path}: term {key!r} must be a string, got {entry.get(key)!r}")
    aliases = entry.get("aliases") or []
    return GlossaryTerm(
        id=entry["id"],
        kind=str(entry.get("kind", "concept")),
        fr=entry["fr"],
        en=str(entry.get("en") or ""),
        aliases=tuple(str(alias) for alias in aliases),
    )


def _relative_posix(path: Path, base: Path) -> str:
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
