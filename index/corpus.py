"""Load the rulebooks of ``corpus/<game>/``: front matter, body, file path, glossary, translation.

Loading is pure I/O plus validation; everything downstream (chunking, indexing)
works on the ``Rulebook`` values returned here, so a sixth game is a sixth folder.
A translation (``translation.en.yaml``) is loaded on demand by
:func:`load_translation`, so a stale one never stops the French rules from loading.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from index.chunker import SECTION_SEPARATOR, source_sentences

RULES_FILE = "rules.md"
GLOSSARY_FILE = "glossary.yaml"
TRANSLATION_FILE = "translation.{language}.yaml"
_FRONT_MATTER_FENCE = "---\n"
_TRANSLATION_KEYS = ("language", "unofficial", "provenance", "sentences")
_ENTRY_KEYS = ("section", "start", "end", "fr", "en")
# libyaml's loader reads a translation ten times faster than the pure-Python one (16 ms, not 160).
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
    """A hash of every rules, glossary and English translation file: any edit changes it."""
    digest = hashlib.sha256()
    for rulebook in rulebooks:
        digest.update(rulebook.source_path.encode())
        digest.update(rulebook.text.encode())
        for path in (rulebook.path.parent / GLOSSARY_FILE, translation_path(rulebook)):
            if path.is_file():
                digest.update(path.name.encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


@dataclass(frozen=True)
class TranslatedSentence:
    """One French heading or sentence of a rulebook and its translation.

    ``fr_text == rules.md[fr_start:fr_end]`` always holds (checked on load), so a
    translated sentence can be cited with the French original it stands for.
    """

    game: str
    section: str
    fr_start: int
    fr_end: int
    fr_text: str
    en_text: str
    heading: bool = False


@dataclass(frozen=True)
class Translation:
    """A sentence-aligned, unofficial translation of one rulebook: the French text rules."""

    game: str
    language: str
    provenance: str
    path: Path
    sentences: tuple[TranslatedSentence, ...]

    def within(self, start: int, end: int) -> tuple[TranslatedSentence, ...]:
        """The translated sentences whose French lies inside ``rules.md[start:end]``."""
        return tuple(s for s in self.sentences if start <= s.fr_start and s.fr_end <= end)

    def english_section(self, section: str) -> str:
        """A section path with each heading translated (``Splendor › Égalité`` → ``Splendor › Tie``).

        A part with no translated heading (not a section of this rulebook) stays as given.
        """
        headings = {s.section: s.en_text for s in self.sentences if s.heading}
        parts = section.split(SECTION_SEPARATOR)
        return SECTION_SEPARATOR.join(
            headings.get(SECTION_SEPARATOR.join(parts[: depth + 1]), part) for depth, part in enumerate(parts)
        )


class TranslationError(ValueError):
    """A translation file that does not align with its rulebook; ``problems`` lists each."""

    def __init__(self, path: Path, problems: list[str]) -> None:
        self.path = path
        self.problems = tuple(problems)
        shown = "\n  ".join(problems[:10])
        more = f"\n  ... and {len(problems) - 10} more" if len(problems) > 10 else ""
        super().__init__(f"{path}: {len(problems)} problem(s):\n  {shown}{more}")


def translation_path(rulebook: Rulebook, language: str = "en") -> Path:
    """Where a rulebook's translation into ``language`` lives (it may not exist)."""
    return rulebook.path.parent / TRANSLATION_FILE.format(language=language)


def load_translation(rulebook: Rulebook, language: str = "en") -> Translation | None:
    """Load and validate ``corpus/<game>/translation.<language>.yaml``.

    Args:
        rulebook: the French rulebook the translation is aligned to.
        language: the translation's language code.

    Returns:
        The translation, or ``None`` when the game has no such file.

    Raises:
        TranslationError: naming the file and each bad entry: unknown or missing keys,
            a ``fr`` that is not exactly ``rules.md[start:end]``, entries out of order or
            overlapping, a span that is not one French sentence, an empty ``en``, or a
            French sentence without an entry.
    """
    path = translation_path(rulebook, language)
    if not path.is_file():
        return None
    translation, problems = check_translation(rulebook, language)
    if problems or translation is None:
        raise TranslationError(path, problems)
    return translation


def check_translation(rulebook: Rulebook, language: str = "en") -> tuple[Translation | None, list[str]]:
    """Validate a translation file without raising: the translation (when readable) and every problem.

    ``scripts/translation_skeleton --check`` prints these problems after a rulebook edit.
    """
    path = translation_path(rulebook, language)
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_YAML_LOADER)  # noqa: S506 - a safe loader
    except yaml.YAMLError as error:
        return None, [f"not valid YAML: {' '.join(str(error).split())}"]
    if not isinstance(data, dict):
        return None, [f"expected a YAML mapping with keys {', '.join(_TRANSLATION_KEYS)}, got {type(data).__name__}"]
    problems = _header_problems(data, language)
    entries = data.get("sentences")
    if not isinstance(entries, list):
        return None, problems + [f"'sentences': expected a list of entries, got {type(entries).__name__}"]
    units = {(unit.start, unit.end): unit for unit in source_sentences(rulebook)}
    sentences: list[TranslatedSentence] = []
    covered: set[tuple[int, int]] = set()
    for number, entry in enumerate(entries, start=1):
        entry_problems = _entry_problems(entry, rulebook.text)
        if not entry_problems:
            start, end = entry["start"], entry["end"]
            unit = units.get((start, end))
            if sentences and start < sentences[-1].fr_end:
                entry_problems.append(f"overlaps or precedes the previous entry (which ends at {sentences[-1].fr_end})")
            elif unit is None:
                entry_problems.append(f"rules.md[{start}:{end}] is not one French sentence (stale after a rulebook edit?)")
            elif entry["section"] != unit.section:
                entry_problems.append(f"'section': expected {unit.section!r}, got {entry['section']!r}")
            else:
                covered.add((start, end))
                if not entry["en"].strip():
                    entry_problems.append("'en' is empty (untranslated)")
                sentences.append(TranslatedSentence(
                    rulebook.id, unit.section, start, end, unit.text, entry["en"].strip(), unit.heading,
                ))
        problems.extend(f"entry {number}{_entry_label(entry)}: {problem}" for problem in entry_problems)
    problems.extend(
        f"missing: no entry for the French sentence rules.md[{unit.start}:{unit.end}] in {unit.section!r}: {unit.text[:60]!r}"
        for span, unit in units.items() if span not in covered
    )
    translation = Translation(
        game=rulebook.id,
        language=language,
        provenance=str(data.get("provenance") or ""),
        path=path,
        sentences=tuple(sentences),
    )
    return translation, problems


def _header_problems(data: dict[str, Any], language: str) -> list[str]:
    problems = [f"unknown key {key!r}; expected {', '.join(_TRANSLATION_KEYS)}" for key in data if key not in _TRANSLATION_KEYS]
    if data.get("language") != language:
        problems.append(f"'language': expected {language!r}, got {data.get('language')!r}")
    if data.get("unofficial") is not True:
        problems.append(f"'unofficial': expected true (the French text rules), got {data.get('unofficial')!r}")
    if not isinstance(data.get("provenance"), str) or not data["provenance"].strip():
        problems.append(f"'provenance': expected a non-empty string, got {data.get('provenance')!r}")
    return problems


def _entry_problems(entry: Any, text: str) -> list[str]:
    if not isinstance(entry, dict):
        return [f"expected a mapping with keys {', '.join(_ENTRY_KEYS)}, got {entry!r}"]
    problems = [f"unknown key {key!r}; expected {', '.join(_ENTRY_KEYS)}" for key in entry if key not in _ENTRY_KEYS]
    problems.extend(f"missing key {key!r}" for key in _ENTRY_KEYS if key not in entry)
    if problems:
        return problems
    start, end = entry["start"], entry["end"]
    for key, kind in (("section", str), ("fr", str), ("en", str)):
        if not isinstance(entry[key], kind):
            problems.append(f"{key!r}: expected a string, got {entry[key]!r}")
    if not (isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(text)):
        return problems + [f"'start', 'end': expected offsets 0 <= start < end <= {len(text)}, got ({start!r}, {end!r})"]
    if problems:
        return problems
    if entry["fr"] != text[start:end]:
        problems.append(f"'fr' is not rules.md[{start}:{end}]: expected {text[start:end]!r}, got {entry['fr']!r}")
    return problems


def _entry_label(entry: Any) -> str:
    return f" (start {entry['start']})" if isinstance(entry, dict) and isinstance(entry.get("start"), int) else ""


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
