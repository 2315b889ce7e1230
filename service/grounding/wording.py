"""Words for a verdict and the engine's account, in the question's language.

The answer to an engine-checked question starts with the verdict itself
(``Non``, ``2 pièces d’or``, ``Tout de suite``, ``Player 1``), then the rules
the engine applied, quoted, then what the engine did. A template may name its
verdict words in ``answer.labels`` and the unit of a number in ``answer.unit``.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable, Mapping, Sequence

from engine.core.events import Event
from service.answers.compose import Citation
from service.grounding.checking import AssumptionOutcome, Run

_YES_NO = {"fr": {True: "oui", False: "non"}, "en": {True: "yes", False: "no"}}
_PLAYER = {"fr": "joueur {seat}", "en": "player {seat}"}
_AND = {"fr": " et ", "en": " and "}
_RULES_INTRO = {"fr": "Règles appliquées : ", "en": "Rules applied: "}
MAX_QUOTED = 2
"""How many of the engine's rules an answer quotes (the decisive rule, when another, comes before them)."""
_ENGINE_INTRO = {"fr": "Le moteur de règles a joué la position", "en": "The rules engine played the position"}
_DEPENDS = {
    "fr": "Le résultat dépend d’une hypothèse que la règle ne tranche pas ({id} : {question})",
    "en": "The outcome depends on an assumption the rules leave open ({id}: {question})",
}
_UNDER = {"fr": "si « {option} » : {verdict}", "en": "if “{option}”: {verdict}"}
_MAX_ACCOUNT_EVENTS = 6


def verdict_value(answer: Mapping[str, Any], raw: Any, language: str) -> str | float | int | None:
    """The verdict as ``engine_check.verdict``: a word for yes/no, a number, a label or None."""
    if raw is None:
        return None
    labels = answer.get("labels") or {}
    label = _label(labels, raw, language)
    if label is not None:
        return label
    kind = answer.get("type")
    if kind == "yes_no":
        return _YES_NO[language][bool(raw)]
    if kind == "number" and isinstance(raw, (int, float)) and not isinstance(raw, bool):
        return raw
    if kind == "player":
        seats = raw if isinstance(raw, list) else [raw]
        names = [_label(labels, seat, language) or _PLAYER[language].format(seat=seat) for seat in seats]
        return _AND[language].join(str(name) for name in names) or None
    return str(raw)


def verdict_phrase(answer: Mapping[str, Any], value: Any, language: str) -> str:
    """The verdict as the first words of the answer (capitalised, with its unit)."""
    text = str(value)
    unit = (answer.get("unit") or {}).get(language)
    if answer.get("type") == "number" and unit:
        text = f"{text} {unit}"
    return text[:1].upper() + text[1:]


Describe = Callable[[Mapping[str, Any], str], "str | None"]
"""A game's ``describe`` hook: an event dict worded in a language, or None for the engine's message."""


def account(
    run: Run,
    language: str,
    answer: Mapping[str, Any],
    describe: Describe | None = None,
    ranked: Sequence[Event] | None = None,
    placeholders: frozenset[str] = frozenset(),
    names: Mapping[str, str] | None = None,
) -> str:
    """The engine's account: what it played and what happened, then any deciding assumption.

    At most six cited events are told, in trace order: those ``ranked`` first
    (the ones the verdict reads) when given, else the last ones; events that
    rest on placeholder data (``placeholders``: a free-form assumption such as
    Emblèmes' reward tables) are never told as fact. Events are
    worded by the game's ``describe`` hook when it speaks ``language`` (the
    engines' own messages are English, with the rulebook's French names, which
    ``names`` renders in English: see :func:`english_names`).
    """
    trace = run.result.events
    told = [
        event for event in (ranked or trace[::-1])
        if (event.citation is not None or event.is_rejection) and not placeholders & set(event.assumptions)
    ]
    chosen = {id(event) for event in told[:_MAX_ACCOUNT_EVENTS]}
    lines = [
        ((describe(event.to_dict(), language) if describe else None) or event.message).rstrip(".")
        for event in trace
        if id(event) in chosen
    ]
    text = f"{_ENGINE_INTRO[language]} ({run.scenario.get('title', '')}) : " if language == "fr" else (
        f"{_ENGINE_INTRO[language]} ({run.scenario.get('title', '')}): "
    )
    text += "; ".join(lines) + "." if lines else ""
    if language == "en":
        text = english_names(text, names or {})
    for outcome in run.depends_on:
        text += " " + depends_sentence(outcome, language, answer)
    return text.strip()


def depends_sentence(outcome: AssumptionOutcome, language: str, answer: Mapping[str, Any]) -> str:
    """"The outcome depends on X: if A, yes; if B, no." for one deciding assumption."""
    parts = [
        _UNDER[language].format(option=option, verdict=verdict_value(answer, raw, language))
        for option, raw in outcome.verdicts
    ]
    head = _DEPENDS[language].format(id=outcome.assumption, question=outcome.question)
    return f"{head} : " + " ; ".join(parts) + "." if language == "fr" else f"{head}: " + "; ".join(parts) + "."


def quoted_rules(citations: Sequence[Citation], language: str, most: int = MAX_QUOTED) -> str:
    """"Règles appliquées : « … »" for a French asker (the ``most`` first rules); for an English one each rule
    in its unofficial translation, the French original beside it (the French text rules), or in French when it
    has none."""
    quoted = [_quoted(citation, language) for citation in citations[:most]]
    return _RULES_INTRO[language] + " ".join(quoted) if quoted else ""


def _quoted(citation: Citation, language: str) -> str:
    if language != "en":
        return f"« {citation.quote} »"
    if citation.english:
        return f"“{citation.english}” (unofficial translation; French original: « {citation.quote} »)"
    return f"« {citation.quote} » (quoted in French: no English translation of this rule)"


def english_names(text: str, names: Mapping[str, str]) -> str:
    """The engines' English messages name things as the French rulebook does ("You reveal Chasseur"):
    each glossary name of ``names`` (French name → English name) becomes its English name."""
    if not names:
        return text
    pattern = _names_pattern(tuple(sorted(names, key=len, reverse=True)))
    return pattern.sub(lambda match: names[match.group()], text)


@functools.lru_cache(maxsize=16)
def _names_pattern(french: tuple[str, ...]) -> re.Pattern:
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(name) for name in french) + r")(?!\w)")


def _label(labels: Mapping[Any, Any], raw: Any, language: str) -> str | None:
    for key in (raw, str(raw).lower(), str(raw)):
        try:
            entry = labels.get(key)
        except TypeError:
            continue
        if isinstance(entry, Mapping):
            return entry.get(language) or entry.get("fr")
        if isinstance(entry, str):
            return entry
    return None
