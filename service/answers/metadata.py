"""Questions about the game itself (player count, duration, age) against the rulebook's front matter.

The front matter records what the rulebook states about the game as a whole and
sets a field to null when the text does not say (``players: null``). A question
asking for such a field's number is then unanswerable from the rules, however
well its words match a sentence: "jouable à combien de joueurs ?" shares
"joueurs" with half the rulebook.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from service.answers.answer_types import Expectation
from language import stem

__all__ = ["METADATA_FIELDS", "unstated_field"]

METADATA_FIELDS: Mapping[str, frozenset[str]] = {
    field: frozenset(stem(word) for word in nouns.split())
    for field, nouns in {
        "players": "joueurs joueuses players personnes people",
        "duration": "temps duree minutes heures time minutes hours",
        "age": "age ans years",
    }.items()
}
"""Front-matter field → stems of the nouns a "how many / how much" question names it by."""


def unstated_field(expectations: Sequence[Expectation], front_matter: Mapping[str, object]) -> str | None:
    """The front-matter field the question asks a number for when the front matter sets it to null.

    Args:
        expectations: the question's expected answers (see :func:`expected_answers`).
        front_matter: the rulebook's front matter.

    Returns:
        The field name (``"players"``) when the question asks for it and the rulebook does not
        state it; None otherwise (including when the front matter has no such field).
    """
    for expectation in expectations:
        if expectation.kind != "number" or not expectation.asked:
            continue
        asked = stem(expectation.asked[0])
        for field, nouns in METADATA_FIELDS.items():
            if asked in nouns and field in front_matter and front_matter[field] is None:
                return field
    return None
