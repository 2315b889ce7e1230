"""The words of an answer, in the asker's language, around the verified quotes.

French: the ruling, then the rule quoted. English: the ruling, then the rule in the
unofficial English translation with the French original beside it (the French text
rules); a game without a translation is quoted in French and says so. Nothing here
decides anything: the ruling and the quotes come from :mod:`.compose`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from index.chunker import section_title
from service.answers.counts import stated_counts
from service.answers.rulings import Ruling

__all__ = ["abstention_text", "answer_text", "known_gap_text"]

_LEADS = {
    "fr": {"yes": "Oui.", "no": "Non.", "rule": "La règle qui s’applique :"},
    "en": {"yes": "Yes.", "no": "No.", "rule": "The rule that applies:"},
}
_UNSTATED = {
    "fr": {"players": "le texte ne donne pas le nombre de joueurs", "duration": "le texte ne donne aucune durée en minutes ou en heures",
           "age": "le texte ne donne pas l’âge conseillé", "name": "aucun passage ne donne le nom demandé",
           "enumeration": "aucun passage ne donne la liste demandée"},
    "en": {"players": "the text does not give the number of players", "duration": "the text gives no duration in minutes or hours",
           "age": "the text does not give a recommended age", "name": "no passage gives the name asked for",
           "enumeration": "no passage gives the list asked for"},
}


class QuoteLike(Protocol):
    text: str
    english: str


class CitationLike(Protocol):
    section: str
    quote: str
    english: str


COUNTED_RULINGS = ("rule", "choice")
"""The rulings whose lead also says, in figures, the counts their quotes write out: a ruling that states no number
(a number, a yes/no or a person ruling says its own)."""


def answer_text(language: str, ruling: Ruling, quotes: Sequence[QuoteLike]) -> str:
    """The ruling, then each quote (translated with its French original for English).

    A lead that states no number says the counts the quotes write out in words, in figures ("The rule that applies
    (1 Influence point):"); a choice reads them from the sentence that decides it only.
    """
    lead = _lead(language, ruling)
    if ruling.kind in COUNTED_RULINGS and quotes:
        read = quotes if ruling.kind == "rule" else quotes[:1]
        in_english = language == "en" and all(q.english for q in read)
        counts = stated_counts([q.english if in_english else q.text for q in read], "en" if in_english else "fr")
        if counts:
            lead = _with_counts(lead, counts, language)
    body = " ".join(_quoted(language, quote.text, quote.english) for quote in quotes)
    return f"{lead} {body}"


CLOSEST_QUOTED = 2
"""Closest rules an abstention quotes in its text (all of them stay cited)."""


def abstention_text(language: str, closest: Sequence[CitationLike], unstated: str | None,
                    lacks: str | None = None) -> str:
    """The rules do not say — what they lack when known (``lacks``, else the ``unstated`` field's wording) — then the
    closest rules, marked as not settling it."""
    lacks = lacks or _UNSTATED["en" if language == "en" else "fr"].get(unstated or "")
    if language == "en":
        answer = "The rules do not say"
        answer += f": {lacks}." if lacks else "."
        if closest:
            answer += " Closest rules (they do not settle it): " + " ".join(
                _quoted("en", c.quote, c.english) for c in closest[:CLOSEST_QUOTED])
        return answer
    answer = "Les règles ne le précisent pas"
    answer += f" : {lacks}." if lacks else "."
    if closest:
        answer += " Règles les plus proches (elles ne tranchent pas ce point) : " + " ; ".join(
            f"« {section_title(c.section)} » : « {c.quote} »" for c in closest[:CLOSEST_QUOTED])
    return answer


class GapLike(Protocol):
    id: str
    lacks: dict[str, str]
    assumption: str | None
    default: object


def known_gap_text(language: str, gap: GapLike, said: CitationLike) -> str:
    """The rules do not say what the known gap lacks; what the rule does say; how the engine settles it, if it does.

    The engine's reading is a named assumption, never a rule: it is said as such.
    """
    readable_default = gap.default if isinstance(gap.default, str) else None
    if language == "en":
        lacks = gap.lacks.get("en") or gap.lacks.get("fr", "")
        text = f"The rules do not say{': ' + lacks if lacks else ''}. What the rule says: {_quoted('en', said.quote, said.english)}"
        if gap.assumption:
            text += (f" When asked, the rules engine settles it by a named assumption ({gap.assumption}"
                     f"{': ' + readable_default if readable_default else ''}), not by a rule.")
        return text
    lacks = gap.lacks.get("fr") or (f"le texte laisse ouverte la question « {gap.lacks['en']} »"
                                     if gap.lacks.get("en") else "")
    text = (f"Les règles ne le précisent pas{' : ' + lacks if lacks else ''}. Ce que dit la règle "
            f"(« {section_title(said.section)} ») : « {said.quote} »")
    if gap.assumption:
        text += (f" Si on le lui demande, le moteur de règles tranche ce point par une hypothèse nommée ({gap.assumption}"
                 f"{' : ' + readable_default if readable_default else ''}), pas par une règle.")
    return text


def _lead(language: str, ruling: Ruling) -> str:
    if ruling.kind == "number":
        # The number phrase is the French rulebook's words: an English answer leads with the translation's
        # phrase for the same number, or with the number alone when the translation has none.
        if language == "fr":
            return f"{ruling.value}."
        return f"{ruling.english or ruling.value.split()[0]}."
    if ruling.kind == "choice":  # the question's own words, so already in the asker's language
        return f"{ruling.value[:1].upper()}{ruling.value[1:]}."
    if ruling.kind == "person":
        role = ruling.value if language == "fr" else ruling.english
        return f"{role[:1].upper()}{role[1:]}."
    if ruling.kind in ("yes", "no") and ruling.value:
        # A stated ruling says what it rests on: "Non : 3 à 5 joueurs."
        because = ruling.value if language == "fr" else ruling.english or ruling.value
        return f"{_LEADS[language][ruling.kind][:-1]}{' :' if language == 'fr' else ':'} {because}."
    return _LEADS[language][ruling.kind]


def _with_counts(lead: str, counts: Sequence[str], language: str) -> str:
    """``lead`` with ``counts`` in brackets before its closing colon or full stop."""
    said = f"({', '.join(counts)})"
    stem = lead.rstrip(" :.")
    closing = lead[len(stem):].strip()
    if closing == ":":
        return f"{stem} {said}{' :' if language == 'fr' else ':'}"
    return f"{stem} {said}{closing or '.'}"


def _quoted(language: str, french: str, english: str) -> str:
    if language != "en":
        return f"« {french} »"
    if english:
        return f"“{english}” (unofficial translation; French original: « {french} »)"
    return f"« {french} » (quoted in French: no English translation of this rulebook yet)"
