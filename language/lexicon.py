"""Per-language word lists, read once from ``language/lexicons/<lang>.yaml``.

Language knowledge is data: adding a language is adding a lexicon file with the
same keys (see ``fr.yaml``), not editing code.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from importlib import resources

import yaml

__all__ = ["LANGUAGES", "Lexicon", "PolarityWords", "first_person", "lexicon", "number_value", "stopwords"]

LANGUAGES = ("fr", "en")
"""The languages Arbitre reads questions in; the rulebooks are French."""


@dataclass(frozen=True)
class OrderWords:
    """How a rule orders players by a quality, and how a question asks who goes first (all folded); read by
    ``service/answers/orders.py``.

    Attributes:
        first, last: phrase beginnings of an asking sentence that asks about going first or last.
        most, least: the superlatives of a quality ("le moins", "the least"); a question's "le moins influent".
        most_to_least, least_to_most: how a rulebook defines an order by a quality, ``{q}`` standing for it
            ("du plus {q} au moins {q}").
        named: how a rule names the order ("ordre d {q}", "{q} order").
        because: the referee's because-clause, ``{order}`` (the direction, in the asker's words), ``{who}`` and
            ``{position}`` filled in.
        positions: the words of going ``first`` and ``last`` in the because-clause.
    """

    first: tuple[str, ...] = ()
    last: tuple[str, ...] = ()
    most: tuple[str, ...] = ()
    least: tuple[str, ...] = ()
    most_to_least: tuple[str, ...] = ()
    least_to_most: tuple[str, ...] = ()
    named: tuple[str, ...] = ()
    because: str = ""
    positions: dict[str, str] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class PolarityWords:
    """What tells a rule's yes from its no (all folded); read by ``service/answers/polarity.py``.

    Attributes:
        yes, no: the words a FAQ answer opens with ("Oui.", "Non.").
        negations: words that make a clause negative on their own.
        after_ne: words that negate only after "ne" ("ne ... plus"); empty in English.
        restrictive: words that limit a rule to what it names (seul, only); "ne ... que" too in French.
        grants: phrases that allow, even when they hold a negation word ("pas de limite", "no limit").
        obligations: words and phrases that oblige (doit, obligatoire, must).
        avoidance: word beginnings of a question that asks the other way ("refuser", "skip").
        antonyms: pairs of phrase beginnings that contradict each other (gratuit / payant).
        exceptions: words after which a rule names what it leaves out ("sauf d'un autre Alchimiste", "except").
        either_way: phrases that hold a negation word but negate nothing ("révélée ou non", "revealed or not": either
            way).
        permits: words that allow the act named after them ("peut placer", "may look").
        permitted: words that allow the act named before them ("la réservation reste permise", "is allowed").
        order: how a rule orders players by a quality and a question asks who goes first.
    """

    yes: frozenset[str] = frozenset()
    no: frozenset[str] = frozenset()
    negations: frozenset[str] = frozenset()
    after_ne: frozenset[str] = frozenset()
    restrictive: frozenset[str] = frozenset()
    grants: tuple[str, ...] = ()
    obligations: tuple[str, ...] = ()
    avoidance: tuple[str, ...] = ()
    antonyms: tuple[tuple[str, str], ...] = ()
    exceptions: frozenset[str] = frozenset()
    either_way: tuple[str, ...] = ()
    permits: frozenset[str] = frozenset()
    permitted: frozenset[str] = frozenset()
    order: OrderWords = OrderWords()


@dataclass(frozen=True)
class Lexicon:
    """The word lists of one language (all folded: lower case, no accents).

    Attributes:
        language: ``"fr"`` or ``"en"``.
        function_words: closed-class words; they decide the language and are never evidence.
        question_filler: words of the asking itself (``exactement``, ``happens``).
        question_forms: form name → compiled patterns over the folded question.
        number_words: numbers written out.
        negations: words that make a statement negative.
        restrictions: words that limit what a rule allows (seulement, only, au maximum).
        permissions: words that grant (peut, any, librement).
        asks_permission: question words asking whether something is allowed (peux, can).
        asks_obligation: question words asking whether something is required (dois, must).
        number_values: written-out number → its value (``huit`` → 8).
        role_phrases: patterns of the player, family or side a rule designates ("le joueur le plus âgé").
        single_words: words (and their phrase with an article) that count one ("seule", "une seule", "single").
        condition_words: words that open a condition ("si", "if"): a "none" in one is not the rule's count.
        measure_units: a measure a count question asks without a noun ("combien de temps", "how old") → the units
            its number is bound to ("minutes", "ans"): a game's length is a number of minutes, not of rounds.
        act_words: groups of word beginnings that say one act ("commenc", "en premier"; "start", "go first"): a
            question's act is the rule's when they share a group.
        receiving_words, giving_words: word beginnings of getting something and of giving it: who gets a thing is
            whom a rule gives it to.
        role_nouns: nouns a word before names a role, not an act ("premier joueur", "first player").
        tie_words: whole words and phrases of a tie, asked about or settled by a rule ("egal", "tie", "same amount").
        dangling_words: articles, possessives, prepositions and conjunctions: a phrase cut out of a
            sentence never ends on one ("11 cards of their").
        polarity: the words that tell a rule's yes from its no.
        who_word: the plain word that asks for a person ("qui", "who").
        who_phrases: phrases that ask the same ("lequel d'entre nous", "which of us"), folded, words split on
            apostrophes and hyphens.
        stranded_prepositions: prepositions a question may end on, its object the wh-word ("who is it for?").
        coordinating_words: words that join a second ask to the first ("et", "and").
        list_joiners: words that join the counts of one list ("2 white and 4 blue bonuses", « 2 rouges et 4
            bleus »): the counts between them share the list's noun (service/grounding/coordination.py).
        noun_first: whether a noun stands before its adjectives (« 2 bonus rouges ») rather than after them ("2 red
            bonuses"): where a list says its shared noun.
        asking_words: words and phrases that open an asked clause ("combien", "est ce", "can"), folded, one
            space where the player may write a hyphen, an apostrophe or nothing.
        naming_asks: the words that ask for a player, a card or a number ("qui", "lequel", "combien", "which",
            "many" of "how many"): a negation right after one asks for everyone else or the rest.
        first_person: the words of the asker speaking of themselves ("je", "mon", "my").
        first_person_elided: their forms cut before an apostrophe ("j'", "m'").
        relative_pronouns: patterns over the lower-cased question (accents kept, apostrophes unified) of a relative
            pronoun that opens a clause about the noun before it ("a card which is under …", « la carte sur laquelle il
            y a un jeton »): not a word that asks, so the form is read without it.
        place_asks: patterns over the same lower-cased, accented question of a word that asks where (« on joue
            où ? », « je la pose où dans la file ? »), read before folding makes « où » the « ou » of a choice.
    """

    language: str
    function_words: frozenset[str]
    question_filler: frozenset[str]
    question_forms: dict[str, tuple[re.Pattern[str], ...]]
    number_words: frozenset[str]
    negations: frozenset[str]
    restrictions: frozenset[str]
    permissions: frozenset[str]
    asks_permission: frozenset[str]
    asks_obligation: frozenset[str]
    number_values: dict[str, int]
    role_phrases: tuple[re.Pattern[str], ...]
    act_words: tuple[tuple[str, ...], ...] = ()
    single_words: frozenset[str] = frozenset()
    condition_words: tuple[str, ...] = ()
    measure_units: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    receiving_words: tuple[str, ...] = ()
    giving_words: tuple[str, ...] = ()
    role_nouns: frozenset[str] = frozenset()
    tie_words: tuple[str, ...] = ()
    dangling_words: frozenset[str] = frozenset()
    polarity: PolarityWords = PolarityWords()
    who_word: str = ""
    who_phrases: tuple[str, ...] = ()
    stranded_prepositions: frozenset[str] = frozenset()
    coordinating_words: frozenset[str] = frozenset()
    list_joiners: frozenset[str] = frozenset()
    noun_first: bool = False
    asking_words: tuple[str, ...] = ()
    naming_asks: frozenset[str] = frozenset()
    first_person: frozenset[str] = frozenset()
    first_person_elided: frozenset[str] = frozenset()
    relative_pronouns: tuple[re.Pattern[str], ...] = ()
    place_asks: tuple[re.Pattern[str], ...] = ()


@functools.cache
def lexicon(language: str) -> Lexicon:
    """The lexicon of ``language``.

    Raises:
        ValueError: when ``language`` is not one of :data:`LANGUAGES`.
    """
    if language not in LANGUAGES:
        raise ValueError(f"language: expected one of {LANGUAGES}, got {language!r}")
    text = resources.files("language").joinpath("lexicons", f"{language}.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    return Lexicon(
        language=language,
        function_words=_words(data["function_words"]),
        question_filler=_words(data["question_filler"]),
        question_forms={form: tuple(re.compile(p) for p in patterns) for form, patterns in data["question_forms"].items()},
        number_words=_words(data["number_words"]),
        negations=_words(data["negations"]),
        restrictions=_words(data["restrictions"]),
        permissions=_words(data["permissions"]),
        asks_permission=_words(data["asks_permission"]),
        asks_obligation=_words(data["asks_obligation"]),
        number_values={str(word): int(value) for word, value in data["number_values"].items()},
        role_phrases=tuple(re.compile(p) for p in data["role_phrases"]),
        act_words=tuple(tuple(map(str, group)) for group in data.get("act_words") or ()),
        single_words=_words(data.get("single_words") or []),
        condition_words=tuple(map(str, data.get("condition_words") or ())),
        measure_units={str(measure): tuple(map(str, units)) for measure, units in (data.get("measure_units") or {}).items()},
        receiving_words=tuple(map(str, data.get("receiving_words") or ())),
        giving_words=tuple(map(str, data.get("giving_words") or ())),
        role_nouns=_words(data.get("role_nouns") or []),
        tie_words=tuple(map(str, data.get("tie_words") or ())),
        dangling_words=_words(data.get("dangling_words") or []),
        polarity=_polarity(data.get("polarity") or {}),
        who_word=str(data.get("who_word") or ""),
        who_phrases=tuple(str(phrase) for phrase in data.get("who_phrases") or ()),
        stranded_prepositions=_words(data.get("stranded_prepositions") or []),
        coordinating_words=_words(data.get("coordinating_words") or []),
        list_joiners=_words(data.get("list_joiners") or []),
        noun_first=bool(data.get("noun_first")),
        asking_words=tuple(str(phrase) for phrase in data.get("asking_words") or ()),
        naming_asks=_words(data.get("naming_asks") or []),
        first_person=_words(data.get("first_person") or []),
        first_person_elided=_words(data.get("first_person_elided") or []),
        relative_pronouns=tuple(re.compile(p) for p in data.get("relative_pronouns") or ()),
        place_asks=tuple(re.compile(p) for p in data.get("place_asks") or ()),
    )


@functools.cache
def stopwords() -> frozenset[str]:
    """Words that carry no evidence about *which* rule a question is about, in every language.

    Questions mix languages ("le Sailor"), so every language's function words and filler count.
    """
    return frozenset().union(*(lexicon(lang).function_words | lexicon(lang).question_filler for lang in LANGUAGES))


@functools.cache
def first_person(language: str | None = None) -> re.Pattern[str]:
    """Where the asker speaks of themselves in a folded text ("j'ai", "mon Roi", "my card"): ``language``'s words,
    or every language's when None (questions mix them).

    Example:
        >>> [m.group() for m in first_person("fr").finditer("j'ai posé mon roi, il m'a volé")]
        ["j'", 'mon', "m'"]
    """
    chosen = LANGUAGES if language is None else (lexicon(language).language,)
    whole = sorted({word for lang in chosen for word in lexicon(lang).first_person})
    elided = sorted({word for lang in chosen for word in lexicon(lang).first_person_elided})
    pattern = rf"\b(?:{'|'.join(map(re.escape, whole))})\b"
    if elided:
        pattern += rf"|\b(?:{'|'.join(map(re.escape, elided))})['’]"
    return re.compile(pattern)


def number_value(word: str) -> int | None:
    """The value of a folded word written in digits or spelled out in any language (``huit``, ``eight``), else None.

    Example:
        >>> number_value("huit"), number_value("12"), number_value("cartes")
        (8, 12, None)
    """
    if word.isdigit():
        return int(word)
    return next((lexicon(lang).number_values[word] for lang in LANGUAGES if word in lexicon(lang).number_values), None)


def _polarity(data: dict) -> PolarityWords:
    pairs = tuple((str(a), str(b)) for a, b in data.get("antonyms") or ())
    return PolarityWords(
        yes=_words(data.get("yes") or []), no=_words(data.get("no") or []),
        negations=_words(data.get("negations") or []), after_ne=_words(data.get("after_ne") or []),
        restrictive=_words(data.get("restrictive") or []), grants=tuple(map(str, data.get("grants") or ())),
        obligations=tuple(map(str, data.get("obligations") or ())),
        avoidance=tuple(map(str, data.get("avoidance") or ())), antonyms=pairs,
        exceptions=_words(data.get("exceptions") or []),
        either_way=tuple(map(str, data.get("either_way") or ())),
        permits=_words(data.get("permits") or []), permitted=_words(data.get("permitted") or []),
        order=_order(data.get("order") or {}),
    )


def _order(data: dict) -> OrderWords:
    listed = {key: tuple(map(str, data.get(key) or ())) for key in
              ("first", "last", "most", "least", "most_to_least", "least_to_most", "named")}
    return OrderWords(**listed, because=str(data.get("because") or ""),
                      positions={str(k): str(v) for k, v in (data.get("positions") or {}).items()})


def _words(items: list) -> frozenset[str]:
    return frozenset(str(item) for item in items)
