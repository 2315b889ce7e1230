"""Every Splendor citation names a real section of rules.md and quotes it verbatim."""

from pathlib import Path

import pytest

from engine.core.citations import SECTION_SEPARATOR
from engine.splendor import rules
from engine.splendor.assumptions import ASSUMPTIONS

RULES_MD = Path(__file__).resolve().parents[3] / "corpus" / "splendor" / "rules.md"


def _sections(text: str) -> dict[str, str]:
    """Heading path -> the text of that section (its own lines, up to the next heading)."""
    sections: dict[str, list[str]] = {}
    path: list[str] = []
    current = None
    in_front_matter = text.startswith("---\n")
    for index, line in enumerate(text.splitlines()):
        if in_front_matter:
            in_front_matter = not (index > 0 and line == "---")
            continue
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            path = path[: level - 1] + [line[level:].strip()]
            current = SECTION_SEPARATOR.join(path)
            sections.setdefault(current, [])
        elif current is not None:
            sections[current].append(line)
    return {name: "\n".join(lines) for name, lines in sections.items()}


SECTIONS = _sections(RULES_MD.read_text(encoding="utf-8"))
CITATIONS = list(rules.ALL_CITATIONS) + [a.citation for a in ASSUMPTIONS]


def test_the_section_parser_sees_the_rulebook_structure():
    assert "Splendor › Un tour, en bref" in SECTIONS
    assert "Splendor › Les erreurs fréquentes › Laisser un trou au centre" in SECTIONS


@pytest.mark.parametrize("citation", CITATIONS, ids=lambda c: c.quote[:40])
def test_citation_quotes_its_section_verbatim(citation):
    assert citation.section in SECTIONS, f"no section {citation.section!r}"
    assert citation.quote in SECTIONS[citation.section]
