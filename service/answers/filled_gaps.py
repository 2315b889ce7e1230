"""A known gap the rules engine filled: its verdict rests on a named assumption, and the answer says so.

When a question lands on one of the rulebook's known gaps (:mod:`.gaps`) and the rules engine checks the position,
the engine's verdict replaces the composed answer (``service/referee.py``). If the gap is one the engine settles by a
named assumption, and its run relied on that assumption without trying the other readings of it, the verdict is the
assumption's consequence, not the rule's: stated alone it would pass a default for the rulebook. The answer keeps the
verdict first (it is what the engine computed from the question's facts) and adds what the rules lack and which
assumption decided, at a confidence no higher than :data:`ASSUMED_CONFIDENCE`.

A run whose readings tried the assumption either way is not this case: the verdict holds under every reading (the rule
does decide), or it moves (``referee.rules_leave_it_open`` abstains).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from service.answers.corpus import Rulebook
from service.answers.gaps import KnownGap, match

__all__ = ["ASSUMED_CONFIDENCE", "FilledGap", "filled_gap"]

ASSUMED_CONFIDENCE = 0.75
"""The most an engine verdict that rests on an untried named assumption is trusted: below the 0.8 of a confident claim,
since the rulebook does not settle what the assumption decides (a prior, not fit: two training questions land here)."""

_NOTE = {
    "fr": "Hypothèse : les règles ne précisent pas {lacks} ; le moteur de règles l’a tranché par une hypothèse nommée "
          "({assumption}{default}), pas par une règle.",
    "en": "Assumption: the rules do not say {lacks}; the rules engine settled it by a named assumption "
          "({assumption}{default}), not by a rule.",
}


@dataclass(frozen=True)
class FilledGap:
    """A known gap the question lands on and the engine's run filled with its named assumption."""

    gap: KnownGap

    def note(self, language: str) -> str:
        """The sentence that says the verdict rests on the assumption, in ``language`` (English for any but French)."""
        language = language if language in _NOTE else "en"
        lacks = self.gap.lacks.get(language) or self.gap.lacks.get("fr") or self.gap.lacks.get("en", "")
        default = self.gap.default if isinstance(self.gap.default, str) else ""
        return _NOTE[language].format(lacks=lacks, assumption=self.gap.assumption,
                                      default=f" : {default}" if default and language == "fr" else
                                      f": {default}" if default else "")


def filled_gap(question: str, gaps: Sequence[KnownGap], rulebook: Rulebook, relied_on: Iterable[str],
               tried: Iterable[str], threshold: float) -> FilledGap | None:
    """The known gap of ``gaps`` the question lands on (specificity at least ``threshold``, the known-gap gate's) whose
    assumption the run relied on (``relied_on``) and did not try other readings of (``tried``: the readings' subjects),
    if any."""
    untried = set(relied_on) - set(tried)
    filled = [gap for gap in gaps if gap.assumption and gap.assumption in untried]
    found = match(question, filled, rulebook) if filled else None
    if found is None or found.score < threshold:
        return None
    return FilledGap(found.gap)
