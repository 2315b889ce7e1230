"""The answer to a question whose frame was compiled into positions: verdict first, players by their names.

The verdict is worded in the asker's language; a player is named as the
question named them (the asker is "toi" / "you"), never by a seat number, and
the engine's account is rewritten the same way. When the variants disagree
(something the question does not say decides it), the answer leads with
"it depends" and gives the verdict under each reading.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace
from typing import Any, Callable, Mapping, Sequence

from engine.core.registry import available_games
from engine.core.scenario import build_game
from language import fold
from language.spelling import word_frequency
from service.answers.compose import Citation
from service.grounding.citations import cited_rules
from service.grounding.frame import Frame
from service.grounding.framing import OPEN, VariantRun, cited_events
from service.grounding.results import EngineCheck, Explanation, GroundedAnswer, Provenance, Reading
from service.grounding.wording import english_names as named_in_english

_YES_NO = {"fr": {True: "oui", False: "non"}, "en": {True: "yes", False: "no"}}
_DEPENDS = {"fr": "ça dépend", "en": "it depends"}
_YOU = {"fr": "toi", "en": "you"}
_NOBODY = {"fr": "personne", "en": "nobody"}
_ENGINE = {"fr": "Le moteur de règles a joué la position décrite", "en": "The rules engine played the position described"}
_OPEN_HEAD = {
    "fr": "La question ne précise pas tout ce qui décide la réponse",
    "en": "The question does not say everything that decides the answer",
}
_UNDER = {"fr": "si {what} : {option}, {verdict}", "en": "if {what} is {option}: {verdict}"}
_CHOICE = {"fr": "selon ton choix", "en": "depending on your choice"}
_MAX_EVENTS = 6
Describe = Callable[[Mapping[str, Any], str], "str | None"]


def frame_answer(
    frame: Frame,
    compiled: Mapping[str, Any],
    runs: Sequence[VariantRun],
    language: str,
    describe: Describe | None,
    resolve: Callable[[Any], Citation | None],
    card_names: Mapping[str, Mapping[str, str]] | None = None,
    placeholders: frozenset[str] = frozenset(),
    english_names: Mapping[str, str] | None = None,
) -> GroundedAnswer:
    """The :class:`GroundedAnswer` of the played variants (the first is the neutral reading)."""
    names = {int(seat): name for seat, name in (compiled.get("players") or {}).items()}
    main = runs[0]
    moved = [run for run in runs[1:] if repr(run.verdict) != repr(main.verdict)]
    is_open = main.verdict is OPEN or bool(moved)
    word = lambda raw: _word(raw, compiled, names, language, card_names or {})  # noqa: E731
    verdict = _DEPENDS[language] if is_open else word(main.verdict)
    leaf = _shown_leaf(main, compiled)
    reads = tuple(compiled.get("reads") or ())
    events = cited_events(leaf, reads)
    citations, deciding = cited_rules(events, resolve, sum(event.kind in reads for event in events))
    account = _account(leaf, [e for e in events if not placeholders & set(e.assumptions)], describe, language, names)
    if language == "en":
        account = named_in_english(account, english_names or {})
    readings = tuple(Reading(_reading_name(run.reading), _reading_option(run.reading), word(run.verdict)) for run in runs)
    head = _phrase(verdict, compiled, language, is_open)
    if is_open:
        head += " " + _open_sentence(runs, language, word)
    provenance = [
        Provenance(fact["fact"], fact["source"], fact.get("said"), bool(fact.get("varies")) and bool(moved))
        for fact in compiled.get("facts") or ()
    ]
    scenario = main.scenario
    check = EngineCheck(
        scenario=scenario,
        outcome=account,
        verdict=verdict,
        trace=[{"step": index, **event} for index, event in enumerate(leaf.events)],
        assumptions=sorted({a for event in leaf.events for a in event.get("assumptions") or ()}),
        agrees_with_text=None,
        method="frame",
        readings=readings if len(runs) > 1 or main.verdict is OPEN else (),
        open=is_open,
    )
    explanation = Explanation(
        template=None, entities=[e.to_dict() for e in frame.entities], slots={},
        position=scenario.get("position"), steps=list(leaf.actions), by_assumption=[],
        frame=frame.to_dict(), provenance=provenance,
    )
    raw = OPEN_RAW if is_open else _raw(main.verdict, compiled, names)
    return GroundedAnswer(head.strip(), account.strip(), language, check, tuple(citations), explanation, 1.0, raw,
                          str(compiled["verdict"]), deciding)


OPEN_RAW = "open"
"""``GroundedAnswer.raw`` when the question leaves the verdict open."""


def _raw(verdict: Any, compiled: Mapping[str, Any], names: Mapping[int, str]) -> Any:
    """The verdict before wording; a player as the question named them."""
    if compiled["verdict"] == "player" and verdict is not None:
        return names.get(verdict, "self" if verdict == 0 else verdict)
    return verdict


def _word(raw: Any, compiled: Mapping[str, Any], names: Mapping[int, str], language: str, card_names) -> Any:
    if raw is OPEN:
        return _CHOICE[language]
    kind = compiled["verdict"]
    if isinstance(raw, (tuple, list)) and kind in ("card", "text"):
        return _row_place(raw, language, lambda card: (card_names.get(fold(card)) or {}).get(language, card))
    if kind == "card":
        if raw is None:
            return _NOBODY[language]
        card, owner = re.fullmatch(r"(.*?)(\s+\([^()]*\))?", str(raw)).groups()  # "Princesse (Paul)": whose, of two
        return (card_names.get(fold(card)) or {}).get(language, card) + (owner or "")
    if kind == "yes_no":
        return _YES_NO[language][bool(raw)]
    if kind == "player":
        if raw is None:
            return _NOBODY[language]
        if isinstance(raw, int) and not isinstance(raw, bool):
            return names.get(raw) or (_YOU[language] if raw == 0 else _other(language))  # a seat nobody named
        return names.get(raw) or str(raw)
    return raw


_ROW_PLACE = {
    "fr": {"between": "entre {left} et {right}", "first": "tout à gauche, avant {right}",
           "last": "tout à droite, après {left}", "alone": "seule dans ce lieu", "at": "{between} : {place}e place en partant de la gauche"},
    "en": {"between": "between {left} and {right}", "first": "leftmost, before {right}", "last": "rightmost, after {left}",
           "alone": "alone in that location", "at": "{between}: {place}{suffix} from the left"},
}


def _row_place(raw, language: str, named) -> str:
    """A card verdict ``(place from the left, card on its left, card on its right)``: where a card placed lands."""
    place, left, right = raw
    words = _ROW_PLACE[language]
    if left and right:
        between = words["between"].format(left=named(left), right=named(right))
    elif right:
        between = words["first"].format(right=named(right))
    elif left:
        between = words["last"].format(left=named(left))
    else:
        between = words["alone"]
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place < 20 else place % 10, "th")
    return words["at"].format(between=between, place=place, suffix=suffix)


def _phrase(verdict: Any, compiled: Mapping[str, Any], language: str, is_open: bool) -> str:
    text = str(verdict)
    unit = (compiled.get("unit") or {}).get(language)
    if compiled["verdict"] == "number" and unit and not is_open:
        text = f"{text} {unit}"
    return text[:1].upper() + text[1:] + "."


def _open_sentence(runs: Sequence[VariantRun], language: str, word) -> str:
    parts = []
    for run in runs:
        if run.verdict is OPEN:
            parts.append(f"{_CHOICE[language]} : {word(OPEN)}" if language == "fr" else _CHOICE[language])
            continue
        if run.reading:
            what, option = _gap_reading(*next(iter(run.reading.items())), language)
            parts.append(_UNDER[language].format(what=what, option=option, verdict=word(run.verdict)))
    first = runs[0]
    if first.reading == {} and first.verdict is not OPEN:
        parts.insert(0, ("par défaut" if language == "fr" else "by default") + f" : {word(first.verdict)}")
    separator = " ; " if language == "fr" else "; "
    return f"{_OPEN_HEAD[language]} : " + separator.join(parts) + "." if language == "fr" else (
        f"{_OPEN_HEAD[language]}: " + separator.join(parts) + "."
    )


_GAP = {"fr": "la règle ne tranche pas « {question} »", "en": "the rulebook leaves open “{question}”"}
_GAP_OPTION = {"fr": "lu « {option} »", "en": "read “{option}”"}


@functools.lru_cache(maxsize=1)
def _gap_questions() -> dict[str, str]:
    """Every engine's named assumption (a rulebook gap) by id: its question, what a player reads for the id."""
    return {assumption.id: assumption.question for game_id in available_games()
            for assumption in build_game({"game": game_id}).book}


def _gap_reading(what: str, option: Any, language: str) -> tuple[str, Any]:
    """A reading keyed by a named assumption ("oriflamme.queen_bonus_single_cutthroat": "not_gained") worded as the
    gap it is (the rulebook's open question and the other reading), never as an engine id."""
    question = _gap_questions().get(what)
    if question is None:
        return what, option
    return _GAP[language].format(question=question), _GAP_OPTION[language].format(option=str(option).replace("_", " "))


def _shown_leaf(run: VariantRun, compiled: Mapping[str, Any]):
    """The line of play to show: for a modal yes, one that does it."""
    if compiled["verdict"] == "yes_no" and run.verdict is True:
        for leaf in run.leaves:
            if compiled["read"](list(leaf.events)):
                return leaf
    return run.leaves[0]


def _account(leaf, events, describe: Describe | None, language: str, names: Mapping[int, str]) -> str:
    told = [event for event in events if event.citation is not None or event.is_rejection][:_MAX_EVENTS]
    chosen = {id(event) for event in told}
    lines = [
        ((describe(event.to_dict(), language) if describe else None) or event.message).rstrip(".")
        for event in leaf.raw_events if id(event) in chosen
    ]
    text = f"{_ENGINE[language]}{' :' if language == 'fr' else ':'} " + "; ".join(lines) + "."
    return with_names(text, names, language)


def with_names(text: str, names: Mapping[int, str], language: str) -> str:
    """Seats written as the question named the players (``du joueur 1`` -> ``de Bob``; seat 0 is the asker)."""

    def name(seat: int) -> str:
        return names.get(seat) or (_YOU[language] if seat == 0 else _other(language))

    if language == "fr":
        # "passe du joueur 0 au joueur 1": "du" says where from ("de toi à Bob"), not whose ("la carte à toi")
        text = re.sub(r"\bdu joueur (\d)(?= (?:au joueur|à|vers) )", lambda m: "de " + name(int(m.group(1))), text)
        text = re.sub(r"\bdu joueur (\d)\b",
                      lambda m: ("à " if m.group(1) == "0" and 0 not in names else "de ") + name(int(m.group(1))), text)
        text = text.replace("de un adversaire", "d’un adversaire")
        text = re.sub(r"\bau joueur (\d)\b", lambda m: "à " + name(int(m.group(1))), text)
        text = re.sub(r"\ble joueur (\d)\b", lambda m: name(int(m.group(1))), text)
        text = re.sub(r"\bjoueur (\d)\b", lambda m: name(int(m.group(1))), text)
        return text if 0 in names else _addressed_as_tu(text)
    text = re.sub(r"\bof player (\d)\b", lambda m: "of " + ("yours" if m.group(1) == "0" and 0 not in names
                                                            else name(int(m.group(1)))), text)
    text = re.sub(r"\bPlayer (\d)\b", lambda m: name(int(m.group(1))).capitalize(), text)
    text = re.sub(r"\bplayer\(s\) \[([\d, ]+)\]",
                  lambda m: " and ".join(name(int(seat)) for seat in m.group(1).split(", ")), text)
    text = re.sub(r"\bplayer (\d)\b", lambda m: name(int(m.group(1))), text)
    text = re.sub(r"\b([Yy]ou) (is|has|was)\b", lambda m: f"{m.group(1)} {_YOU_VERBS[m.group(2)]}", text)
    # "you reveals X and places it" -> "you reveal X and place it"
    text = re.sub(r"\b([Yy]ou) (\w+?[^s])s\b([^;.]*? and )(\w+?[^s])s\b", r"\1 \2\3\4", text)
    return re.sub(r"\b([Yy]ou) (\w+?[^s])s\b", r"\1 \2", text)


_YOU_VERBS = {"is": "are", "has": "have", "was": "were"}

# The engine's French account speaks of seat 0 in the third person ("joueur 0 prend"); said to the asker it is
# "tu prends", "ta famille", "te rend visite" — « toi prend » reads as a machine's French.
_TU_IRREGULAR = {"est": "es", "a": "as", "va": "vas", "peut": "peux", "veut": "veux", "vaut": "vaux"}
_TU_CLAUSE = re.compile(r"(^|[:;] |\bpuis )toi (ne |n’)?([a-zà-ÿ]+)\b([^;:.]*)")
_TU_AND = re.compile(r"\bet (ne |n’)?((?:la |le |les |l’|en |y )?)([a-zà-ÿ]+)\b")
_TU_YOURS = re.compile(r"\b(le |la |les |l’)((?:[\wÀ-ÿ’-]+ ){0,2}[\wÀ-ÿ’-]+) à toi\b")
_TU_VISIT = re.compile(r"\b(\w+) visite à toi\b")


def _second_person(verb: str) -> str:
    """The present tense said to "tu" from the one said of a player: achète -> achètes, doit -> dois."""
    if verb in _TU_IRREGULAR:
        return _TU_IRREGULAR[verb]
    if verb.endswith(("e", "d", "met", "bat")):
        return verb + "s"
    return verb[:-1] + "s" if verb.endswith("t") else verb


def _addressed_as_tu(text: str) -> str:
    """A French account where the unnamed asker ("toi") acts, owns and receives, in the second person."""

    def clause(m: re.Match) -> str:
        rest = _TU_AND.sub(lambda a: f"et {a.group(1) or ''}{a.group(2)}{_second_person(a.group(3))}"
                           if a.group(2) or a.group(3) in _TU_IRREGULAR or a.group(3) in ("doit", "reçoit")
                           else a.group(0), m.group(4))
        return f"{m.group(1)}tu {m.group(2) or ''}{_second_person(m.group(3))}{rest}"

    text = _TU_CLAUSE.sub(clause, text)
    text = _TU_VISIT.sub(r"te \1 visite", text)

    def yours(m: re.Match) -> str:
        article, noun = m.group(1).strip(), m.group(2)
        return f"{'tes' if article == 'les' else 'ton' if article in ('le', 'l’') or noun[0] in 'aeiouhéèêàâAEIOUHÉÈ' else 'ta'} {noun}"

    return _TU_YOURS.sub(yours, text)

_SELF_NAMED = re.compile(r"(?i:\b(?:i['’]m|i am|my name is|je suis|je m['’]appelle|moi,? c['’]est)\s+|\b(?:me|moi)\s*\(\s*)"
                         r"([A-ZÀ-Ý][a-zà-ÿ]+)\b(?!['’]s\b)")
"""The asker saying their own name: "I'm Nora", "je suis Yanis", "moi c'est Léa", "me (Tom)"."""
_ASKER_WORDS = frozenset({"you", "toi", "vous"})


_COMMON_WORD = 20000
"""A word this frequent in either language's word list is an adjective ("I'm Sure"), not a name (Tom: 7,000)."""


def named_asker(question: str, entities: Sequence[Any] = ()) -> str | None:
    """The name the asker gives themself, when exactly one is given, no game term is read there and it is no
    common word."""
    found = {m.group(1) for m in _SELF_NAMED.finditer(question)
             if not any(e.start <= m.start(1) < e.end for e in entities)
             and max(word_frequency(fold(m.group(1)), language) for language in ("fr", "en")) < _COMMON_WORD}
    return found.pop() if len(found) == 1 else None


def with_asker_named(grounded: GroundedAnswer | None, name: str | None) -> GroundedAnswer | None:
    """A verdict naming the asker ("You.") said with the name the question gave them ("Nora.")."""
    if grounded is None or name is None or str(grounded.check.verdict).lower() not in _ASKER_WORDS:
        return grounded
    said = str(grounded.check.verdict)
    if not grounded.head.lower().startswith(said.lower()):
        return grounded
    head = name + grounded.head[len(said):]
    return replace(grounded, head=head, raw=name, check=replace(grounded.check, verdict=name))


def _other(language: str) -> str:
    return "un adversaire" if language == "fr" else "an opponent"


def _reading_name(reading: Mapping[str, Any]) -> str:
    return next(iter(reading), "neutral defaults")


def _reading_option(reading: Mapping[str, Any]) -> Any:
    return next(iter(reading.values()), None)
