"""The answer to a state-quantity question: the number and its unit first, or what it depends on.

Worded in the asker's language: "4 tours par manche (à 3 joueurs)." or "Ça dépend du
nombre de joueurs : à 3 joueurs, 4 ; à 4 ou 5 joueurs, 3.", then the rules quoted,
then what the engine read. A value that rests on a named assumption (placeholder
data) is given with the assumption named, never as the rule's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from engine.core.quantity import Measured
from service.answers.compose import Citation
from service.grounding.frame_answer import OPEN_RAW
from service.grounding.results import EngineCheck, Explanation, GroundedAnswer, Provenance, Reading

__all__ = ["Values", "quantity_answer"]

_MOMENT = {
    "setup": {"fr": "après la mise en place", "en": "after set-up"},
    "round": {"fr": "sur une manche jouée", "en": "over one round played"},
    "round_end": {"fr": "à la fin d’une manche jouée", "en": "at the end of a round played"},
    "game": {"fr": "sur une partie jouée jusqu’au bout", "en": "over a whole game played"},
    "game_end": {"fr": "à la fin d’une partie jouée", "en": "at the end of a game played"},
}
_PLAYERS = {"fr": "à {n} joueurs", "en": "with {n} players"}
_OR = {"fr": " ou ", "en": " or "}
_DEPENDS = {"fr": "Ça dépend du nombre de joueurs : ", "en": "It depends on the number of players: "}
_ASSUMED = {
    "fr": " (selon l’hypothèse {ids} du moteur, que les règles ne fixent pas)",
    "en": " (under the engine's assumption {ids}, which the rules do not fix)",
}
_ENGINE = {
    "fr": "Le moteur de règles a lu ce nombre dans son état {moment}, {players}, sous {seeds} tirages : tous donnent {values}.",
    "en": "The rules engine read this number from its state {moment}, {players}, under {seeds} draws: all give {values}.",
}


@dataclass(frozen=True)
class Values:
    """What the engine read: ``values`` by player count, and whether the question stated the count."""

    game: str
    quantity: str
    moment: str
    values: Mapping[int, Measured]
    stated_players: bool
    seeds: int


def quantity_answer(read: Values, unit: Mapping[str, str], language: str, citations: Sequence[Citation],
                    unit_one: Mapping[str, str] | None = None) -> GroundedAnswer:
    """The :class:`GroundedAnswer` of a quantity read off the engine (``unit_one``: the unit after 1)."""
    distinct = {(m.value, m.assumptions) for m in read.values.values()}
    is_open = len({m.value for m in read.values.values()}) > 1
    counts = sorted(read.values)
    if is_open:
        head = _DEPENDS[language] + _by_count(read.values, unit[language], language) + "."
        verdict: str | int = "ça dépend" if language == "fr" else "it depends"
    else:
        measured = read.values[counts[0]]
        head = f"{measured.value} {(unit_one if measured.value == 1 and unit_one else unit)[language]}"
        if read.stated_players:
            head += f" ({_PLAYERS[language].format(n=counts[0])})"
        head += _assumed(measured, language) + "."
        verdict = measured.value
    players = _count_list(counts, language)
    shown = ", ".join(f"{_PLAYERS[language].format(n=n)} {read.values[n].value}" for n in counts) if is_open \
        else str(next(iter(distinct))[0])
    account = _ENGINE[language].format(moment=_MOMENT[read.moment][language], players=players, seeds=read.seeds,
                                       values=shown)
    assumptions = sorted({a for m in read.values.values() for a in m.assumptions})
    scenario = {"game": read.game, "players": counts if len(counts) > 1 else counts[0], "moment": read.moment,
                "quantity": read.quantity, "seeds": read.seeds}
    check = EngineCheck(
        scenario=scenario, outcome=account, verdict=verdict, trace=[], assumptions=assumptions,
        agrees_with_text=None, method="quantity",
        readings=tuple(Reading("players", n, read.values[n].value) for n in counts) if is_open else (),
        open=is_open,
    )
    provenance = [Provenance(f"players = {counts[0]}", "stated")] if read.stated_players else [
        Provenance(f"players = {n}", "default", None, is_open) for n in counts]
    explanation = Explanation(template=None, entities=[], slots={}, position=scenario, steps=[], by_assumption=[],
                              provenance=provenance)
    raw = OPEN_RAW if is_open else verdict
    return GroundedAnswer(head, account, language, check, tuple(citations), explanation, 1.0, raw, "number",
                          deciding=len(citations))  # the quantity's own rules: the verdict is read from them


def _by_count(values: Mapping[int, Measured], unit: str, language: str) -> str:
    """"à 3 joueurs, 4 tours par manche ; à 4 ou 5 joueurs, 3": equal values grouped, in player order."""
    groups: dict[tuple, list[int]] = {}
    for count in sorted(values):
        groups.setdefault((values[count].value, values[count].assumptions), []).append(count)
    parts = []
    for index, ((value, assumptions), counts) in enumerate(groups.items()):
        said = f"{value} {unit}" if index == 0 else str(value)
        parts.append(f"{_PLAYERS[language].format(n=_OR[language].join(map(str, counts)))}, {said}"
                     + _assumed(Measured(value, assumptions), language))
    return (" ; " if language == "fr" else "; ").join(parts)


def _assumed(measured: Measured, language: str) -> str:
    return _ASSUMED[language].format(ids=", ".join(measured.assumptions)) if measured.assumptions else ""


def _count_list(counts: Sequence[int], language: str) -> str:
    if len(counts) == 1:
        return _PLAYERS[language].format(n=counts[0])
    listed = ", ".join(map(str, counts[:-1])) + (" et " if language == "fr" else " and ") + str(counts[-1])
    return _PLAYERS[language].format(n=listed)
