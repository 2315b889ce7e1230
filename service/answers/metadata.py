"""Questions about the game itself (player count, duration, age) against the rulebook's front matter.

The front matter's ``players: {min, max}`` also answers "combien de joueurs ?" and
"on peut jouer à deux ?" directly: the ruling is the stated range, not a sentence
that happens to share the word "joueurs".

The front matter records what the rulebook states about the game as a whole and
sets a field to null when the text does not say (``players: null``). A question
asking for such a field's number is then unanswerable from the rules, however
well its words match a sentence: "jouable à combien de joueurs ?" shares
"joueurs" with half the rulebook.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from language import OPEN, WHICH, content_stems, number_value, question_form, stem, stopwords, words
from language.sentences import asking_sentence
from service.answers.answer_types import Expectation, gives_answer, measure_expectation

__all__ = ["METADATA_FIELDS", "PlayerRange", "asked_measure", "asks_player_count", "proposed_players", "stated_players",
           "unstated_field", "unstated_measure"]

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


def unstated_measure(question: str, expectations: Sequence[Expectation], rules_text: str) -> str | None:
    """The measure of the game (``duration``, ``age``) the question asks when no line of the rules gives a number of it.

    "How long does a game take?", « à partir de quel âge ? », « Quelle est la durée d'une partie ? »
    (:func:`asked_measure`): the front matter has no such field, so the text decides. A number is a measure's only
    when its unit follows it (« environ 20 minutes », « 10 ans et + »; not « à deux, en quelques minutes »:
    :func:`.answer_types.gives_answer`); a rulebook with none anywhere lacks the measure, however well a rule about
    rounds or turns matches the question's words. A rulebook that states one elsewhere keeps the question answered
    (the retriever may have missed that line).
    """
    measure = asked_measure(question, expectations)
    if measure is None or _gives_anywhere(rules_text, measure_expectation(measure)):
        return None
    return measure


def asked_measure(question: str, expectations: Sequence[Expectation]) -> str | None:
    """The measure of the game a question asks: "how long" / « quel âge » (the expectation's own measure), a count of
    a measure's noun ("how much time", « combien de minutes »), or a which/what question naming one in its asking
    sentence (« Quelle est la durée d'une partie ? », "What is the minimum age?")."""
    for expectation in expectations:
        if expectation.measure:
            return expectation.measure
        if expectation.kind == "number" and expectation.asked:
            head = stem(expectation.asked[0])
            measure = next((field for field in _MEASURES if head in METADATA_FIELDS[field]), None)
            if measure:
                return measure
    if expectations or question_form(question) not in (WHICH, OPEN):
        return None
    named = set(content_stems(asking_sentence(question)))
    return next((field for field, nouns in _MEASURE_NAMES.items() if named & nouns), None)


_MEASURES = ("duration", "age")
_MEASURE_NAMES: Mapping[str, frozenset[str]] = {
    "duration": frozenset(stem(word) for word in "duree duration".split()),
    "age": frozenset(stem(word) for word in "age".split()),
}
"""The nouns a which/what question names a measure by: not « temps » or "time", which ask other things
(« en même temps », "at the same time")."""


@functools.lru_cache(maxsize=32)
def _gives_anywhere(rules_text: str, expectation: Expectation) -> bool:
    return any(gives_answer(expectation, line, "") for line in rules_text.splitlines() if line.strip())


_PLAY_STEMS = frozenset(stem(word) for word in "jouer joue jouable jouent play playable played".split())
_COUNT_BEFORE = frozenset("a est sommes etes sont que with are for pour entre".split())
"""Words that put a bare number in front of a player count: "à deux", "on est que deux", "with 6", "we are 5"."""
_COMPANIONS = frozenset(stem(word) for word in "amis amies copains potes friends".split())
"""People a count may name instead of players: "on est 6 amis", "we are 7 friends"."""
_ASKING_ONLY = frozenset(stem(word) for word in (
    "possible possibilite vouloir veut voulons voulez envie autorise autorisee permis allowed possible want wanna "
    "soir soiree aujourd hui tonight today ensemble together").split()) | _COMPANIONS
"""Words of a "can we play with N?" question that describe no position: wish, permission, the evening, the company
("on est 6 à vouloir jouer ce soir, c'est possible ?")."""
_OTHER_WORDS_AT_MOST = 2
"""A "can we play with N?" question names little else ("ce soir", the game's title): more words mean a
situation at N players ("we are 4; I reveal the Courtesan...") whose ruling is something else."""


@dataclass(frozen=True)
class PlayerRange:
    """The player counts the rulebook states (front matter ``players: {min, max}``)."""

    low: int
    high: int

    def phrase(self, language: str) -> str:
        """``3 à 5 joueurs`` / ``3 to 5 players`` (``2 joueurs`` when low == high)."""
        noun = "joueurs" if language == "fr" else "players"
        if self.low == self.high:
            return f"{self.low} {noun}"
        return f"{self.low} {'à' if language == 'fr' else 'to'} {self.high} {noun}"

    def spellings(self) -> tuple[str, ...]:
        """How a rulebook sentence may write the range: ``3 à 5``, ``2–4``, ``3-5``, ``2 to 4``."""
        if self.low == self.high:
            return (str(self.low),)
        return tuple(f"{self.low}{sep}{self.high}" for sep in (" à ", "–", "-", " - ", " – ", " to "))


def stated_players(front_matter: Mapping[str, object]) -> PlayerRange | None:
    """The rulebook's player range, or None when the front matter does not state one."""
    players = front_matter.get("players")
    if not isinstance(players, Mapping):
        return None
    low, high = players.get("min"), players.get("max")
    if not isinstance(low, int) or not isinstance(high, int) or low > high:
        return None
    return PlayerRange(low, high)


def asks_player_count(expectations: Sequence[Expectation]) -> bool:
    """Whether the question asks how many players ("combien de joueurs ?", "how many people can play?")."""
    return any(e.kind == "number" and e.asked and stem(e.asked[0]) in METADATA_FIELDS["players"] for e in expectations)


def proposed_players(question: str, title: str) -> int | None:
    """N when a yes/no question asks whether the game plays with N players ("On peut jouer à deux ?").

    Returns None when the question names no such count or describes a situation beyond it.
    """
    tokens = words(question)
    if not any(stem(word) in _PLAY_STEMS for word in tokens):
        return None
    players_nouns = METADATA_FIELDS["players"]
    count = None
    for index, word in enumerate(tokens):
        value = number_value(word)
        if value is None:
            continue
        after = tokens[index + 1] if index + 1 < len(tokens) else ""
        before = tokens[index - 1] if index else ""
        if stem(after) in players_nouns or stem(after) in _COMPANIONS:
            count = value
            break
        if tokens[index + 1 : index + 3] == ["of", "us"]:  # "can 6 of us play?"
            count = value
            break
        if before in _COUNT_BEFORE and (not after or after in stopwords()):  # "with 2 cards" counts cards
            count = value
            break
    if count is None:
        return None
    known = players_nouns | _PLAY_STEMS | _ASKING_ONLY | {stem(word) for word in words(title)}
    others = [s for s in content_stems(question) if s not in known and number_value(s) is None and not s.isdigit()]
    return count if len(others) <= _OTHER_WORDS_AT_MOST else None

