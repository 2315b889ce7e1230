"""Names read as designers and players write them: accents, case and apostrophes do not matter.

Every engine reads the names of its closed lists (cards, locations, colours,
sides, options) through a :class:`Names`, in actions and in positions alike, so
``"Traitre"``, ``"traître"`` and ``"TRAÎTRE"`` all name the Traître everywhere
(``tests/design/test_names.py`` replays every scenario with its names folded).
Positions and events always write the canonical spelling back.
"""

from __future__ import annotations

from typing import Any, Iterable

from language import fold as fold_text

__all__ = ["Names", "fold", "glossary_id"]


def fold(text: str) -> str:
    """``"Fin d’une Manche "`` -> ``"fin d'une manche"``: the text layer's folding, spaces collapsed."""
    return " ".join(fold_text(text).split())


def glossary_id(name: str) -> str:
    """``"Coupe-jarret"`` -> ``"coupe_jarret"``, ``"Château"`` -> ``"chateau"``: a name as the corpus glossaries
    spell its id (folded, words joined by ``_``), to match an engine's name with a term a question names."""
    return "_".join(fold(name).replace("-", " ").replace("'", " ").split())


class Names:
    """A closed list of names, looked up exactly first (the fast path), then folded.

    Args:
        names: the canonical spellings, in the order that gives their index.
        what: what a name is, for error messages (``"colour"``).

    Raises:
        ValueError: two names fold to the same text (they could not be told apart).
    """

    def __init__(self, names: Iterable[str], what: str = "name") -> None:
        self.names = tuple(names)
        self.what = what
        self._exact = {name: index for index, name in enumerate(self.names)}
        self._folded: dict[str, int] = {}
        for index, name in enumerate(self.names):
            key = fold(name)
            if self._folded.setdefault(key, index) != index:
                raise ValueError(f"names: {self.names[self._folded[key]]!r} and {name!r} fold to the same {key!r}")

    def index(self, value: Any, field: str) -> int:
        """The index of the name ``value`` writes; ``ValueError`` naming ``field`` and the names allowed."""
        found = self._exact.get(value) if isinstance(value, str) else None
        if found is None and isinstance(value, str):
            found = self._folded.get(fold(value))
        if found is None:
            raise ValueError(f"{field}: expected one of {list(self.names)}, got {value!r}")
        return found

    def canonical(self, value: Any, field: str) -> str:
        """The canonical spelling of the name ``value`` writes."""
        return self.names[self.index(value, field)]

    def __contains__(self, value: object) -> bool:
        return isinstance(value, str) and (value in self._exact or fold(value) in self._folded)
