"""Links from engine events to the rulebook text that `/v1/ask` also cites."""

from __future__ import annotations

from dataclasses import dataclass

SECTION_SEPARATOR = " › "


@dataclass(frozen=True, slots=True)
class Citation:
    """A rule of the corpus: its section path and, where possible, the exact sentence.

    ``section`` is the heading path as the index builds it, for example
    ``"Emblèmes › Fin d’une manche"``; ``quote`` is a verbatim substring of that
    section in ``corpus/<game>/rules.md`` (tests enforce both).
    """

    section: str
    quote: str | None = None

    def to_dict(self) -> dict[str, str | None]:
        return {"section": self.section, "quote": self.quote}

    @classmethod
    def from_dict(cls, data: dict) -> "Citation":
        return cls(section=data["section"], quote=data.get("quote"))
