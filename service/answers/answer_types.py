"""The kind of answer a question asks for, and whether a quote gives one.

Word overlap cannot tell "the rules mention the leagues" from "the rules list
the leagues": a question asking *which* leagues, *how many* players or *where
exactly* shares every word with a sentence that does not answer it. The
expected answer type is a signal that can:

* ``number`` (combien, how many, quel âge…): a number bound to the asked noun
  (within a few words of it), to a unit of the asked measure ("how long": minutes; "how old": ans, years),
  or any number when no noun is asked;
* ``place`` (où, where, entre quelles / between which): a place phrase (dans, sur, devant…) whose noun is not
  already in the question;
* ``person`` (qui, who): a player, a side or a name;
* ``name`` (auteur, éditeur, author, publisher): a proper name the question does
  not already contain;
* ``enumeration`` (quels/quelles + plural noun, which/what + plural): two or
  more listed items the question does not already contain;
* ``moment`` (à quel moment, quand ?, when do…): a moment of play.

"Not already in the question" is what makes the check useful: repeating the
question's own place or items ("dans la file", "de Bronze à Légende") is not an
answer to "où exactement" or "quelles ligues entre".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from language import fold, lexicon, stem, stopwords

STOPWORDS = stopwords()

__all__ = ["ANSWER_KINDS", "Expectation", "bound_numbers", "expected_answers", "gives_answer", "measure_expectation"]

ANSWER_KINDS = ("number", "place", "person", "name", "enumeration", "moment")
_NUMBER_WORDS = lexicon("fr").number_words | lexicon("en").number_words
_BINDING_BEFORE = 4
_BINDING_AFTER = 2
"""A number answers "combien de X" when it stands at most 4 words before X ("3 pièces d'or") or 2 after ("Âge : 10")."""
_PLACE_WORDS = frozenset(
    "dans sur sous devant derriere entre pres cote gauche droite centre milieu dessus dessous bout "
    "extremite haut bas in on under behind between next left right middle top bottom beside".split()
)
_PERSON_WORDS = frozenset(
    "joueur joueurs joueuse joueuses famille familles camp camps adversaire adversaires proprietaire "
    "proprietaires voisin voisins voisine chacun chacune personne gagnant vainqueur detenteur celui celle "
    "ceux premier dernier player players opponent opponents owner everyone nobody winner each".split()
)
_MOMENT_WORDS = frozenset(
    "quand lorsque des avant apres pendant debut fin tour tours manche manches moment immediatement "
    "aussitot toujours jamais ensuite puis suivant suivante when before after during start end turn "
    "round immediately always never then next".split()
)
_CREATOR_WORDS = frozenset("auteur auteurs autrice inventeur invente inventee cree createur createurs "
                           "editeur editeurs edite editee illustrateur illustre illustree illustrations author authors designer designed "
                           "invented created creator publisher published illustrator illustrated".split())
_INTERROGATIVE_QUI_BEFORE = frozenset("a par de pour chez avec est c".split())
_WHICH_WORDS = frozenset({"quels", "quelles", "which", "what"})
_NUMBER_TRIGGERS = (("combien",), ("how", "many"), ("how", "much"), ("how", "long"), ("quel", "age"),
                    ("what", "age"), ("how", "old"), ("quel", "nombre"), ("what", "number"))
_MOMENT_VERBS = frozenset("do does did is are can should must will".split())
_BETWEEN = frozenset({"entre", "between"})
_VERBS_IN_S = frozenset("goes happens counts means comes makes gets takes gives wins says needs applies works stays "
                        "moves changes decides matters belongs starts ends beats scores".split())
"""English verbs in -s that follow "what" as its verb ("What goes into the pile?"), not a plural noun to list."""
_DETERMINED = [[word] for word in "the a an my your his her their our its this that".split()]
"""A word in -s followed by a determiner is a verb with its object ("What breaks the tie?"), not a plural noun."""
_NOT_NOUNS = STOPWORDS - frozenset("joueur joueurs player players partie parties game games".split())
"""Words skipped when looking for the asked noun: function words, but "players" can be asked for."""


@dataclass(frozen=True)
class Expectation:
    """One kind of answer a question asks for.

    Attributes:
        kind: one of :data:`ANSWER_KINDS`.
        asked: folded words of the asked noun phrase (``combien de cartes`` → ``cartes``), may be empty; for a
            measure, its units (``combien de temps`` → ``minutes``, ``min``, ``heures``…).
        measure: the measure asked without a noun (``duration``, ``age``: the lexicons' ``measure_units``), else "".
    """

    kind: str
    asked: tuple[str, ...] = ()
    measure: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ANSWER_KINDS:
            raise ValueError(f"kind: expected one of {ANSWER_KINDS}, got {self.kind!r}")


def expected_answers(question: str) -> tuple[Expectation, ...]:
    """The kinds of answer ``question`` asks for, in question order; empty for yes/no and open questions.

    Example:
        >>> expected_answers("On écarte combien de cartes ?")
        (Expectation(kind='number', asked=('cartes',)),)
    """
    tokens = _words(question)
    found: list[Expectation] = []
    for index in range(len(tokens)):
        for detect in _DETECTORS:
            expectation = detect(tokens, index, question)
            if expectation and expectation.kind not in {e.kind for e in found}:
                found.append(expectation)
    if any(word in _CREATOR_WORDS for word in tokens):
        found = [e for e in found if e.kind != "person"]
        if "name" not in {e.kind for e in found}:
            found.insert(0, Expectation("name"))
    return tuple(found)


def gives_answer(expectation: Expectation, quote: str, question: str,
                 bridges: Callable[[str], Iterable[str]] = lambda stem_: (), heading: str = "") -> bool:
    """Whether ``quote`` holds an answer of the expected kind that the question does not already hold.

    Args:
        expectation: what the question asks for.
        quote: the rulebook text offered as the answer.
        question: the question (its own words are not an answer).
        bridges: stem → French stems it translates to (glossary and general vocabulary),
            so that an English asked noun binds to the French one.
        heading: the title of the quote's section. A FAQ answer often drops the noun its
            heading asks about ("Combien de jetons peut-on garder ?" → "Dix au plus"): a
            number in the quote binds to an asked noun that the heading names.
    """
    quote = _PAGE_REFERENCE.sub(" ", quote)
    tokens = _words(quote)
    if expectation.kind == "number":
        return _has_bound_number(tokens, expectation.asked, question, bridges, _words(heading), bool(expectation.measure))
    question_stems = {stem(word) for word in _words(question)}
    question_stems |= {bridged for stem_ in list(question_stems) for bridged in bridges(stem_)}
    if expectation.kind == "place":
        new = [stem(word) not in question_stems and word not in STOPWORDS and not word.isdigit() for word in tokens]
        return any(word in _PLACE_WORDS and _first_content_is_new(tokens, new, index + 1)
                   for index, word in enumerate(tokens))
    if expectation.kind == "person":
        return any(word in _PERSON_WORDS for word in tokens) or bool(_new_names(quote, question_stems))
    if expectation.kind == "name":
        return bool(_new_names(quote, question_stems))
    if expectation.kind == "enumeration":
        return _has_new_enumeration(quote, question_stems)
    return any(word in _MOMENT_WORDS for word in tokens)


# --- question side ---------------------------------------------------------------------------


def _number(tokens: list[str], index: int, question: str) -> Expectation | None:
    for trigger in _NUMBER_TRIGGERS:
        if tuple(tokens[index : index + len(trigger)]) == trigger:
            rest = tokens[index + len(trigger) :]
            if trigger[-1] in ("age", "long", "old") or rest[:2] == ["de", "temps"]:
                measure = "age" if trigger[-1] in ("age", "old") else "duration"
                return Expectation("number", _measure_units(measure), measure)
            return Expectation("number", _noun_phrase(rest[1:] if rest[:1] in (["de"], ["d"]) else rest))
    return None


def measure_expectation(measure: str) -> Expectation:
    """What a question asking ``measure`` (``duration``, ``age``: the lexicons' ``measure_units``) expects: a number of
    its units, as "how long" / « quel âge » reads it."""
    return Expectation("number", _measure_units(measure), measure)


def _measure_units(measure: str) -> tuple[str, ...]:
    """The units a number of ``measure`` is bound to, in both languages (questions mix them; quotes are French)."""
    units = [unit for language in ("fr", "en") for unit in lexicon(language).measure_units.get(measure, ())]
    return tuple(dict.fromkeys(units))


def _place(tokens: list[str], index: int, question: str) -> Expectation | None:
    word = tokens[index]
    if word == "where" or (word == "ou" and _has_accented_ou(question)):
        return Expectation("place")
    if word in _BETWEEN and tokens[index + 1 : index + 2] in (["quels"], ["quelles"], ["which"]):
        return Expectation("place")
    if word in ("quel", "quelle") and tokens[index + 1 : index + 2] in (["endroit"], ["emplacement"], ["case"]):
        return Expectation("place")
    return None


def _person(tokens: list[str], index: int, question: str) -> Expectation | None:
    word = tokens[index]
    if word in ("who", "whom", "whose"):
        return Expectation("person")
    if word != "qui":
        return None
    previous = tokens[index - 1] if index else ""
    is_last = index == len(tokens) - 1
    return Expectation("person") if not index or is_last or previous in _INTERROGATIVE_QUI_BEFORE else None


def _enumeration(tokens: list[str], index: int, question: str) -> Expectation | None:
    word, following = tokens[index], tokens[index + 1 : index + 4]
    if index and tokens[index - 1] in _BETWEEN:  # « entre quelles cartes elle se place ? » asks a place
        return None
    if word in ("quels", "quelles") and following:
        return Expectation("enumeration", _noun_phrase(following))
    if word in _WHICH_WORDS and following and following[0] in ("are", "were"):
        following = following[1:]
        if following[:1] == ["the"]:
            following = following[1:]
    if word == "which" and index and tokens[index - 1] not in STOPWORDS:  # "Tom's card, which sits next to…"
        return None
    if (word in ("which", "what") and following and following[0].endswith("s") and following[0] not in STOPWORDS
            and following[0] not in _VERBS_IN_S and following[1:2] not in _DETERMINED):
        return Expectation("enumeration", _noun_phrase(following))
    if word == "quoi" and following[:1] == ["les"] and len(following) > 1:
        return Expectation("enumeration", _noun_phrase(following[1:]))
    return None


def _moment(tokens: list[str], index: int, question: str) -> Expectation | None:
    word, following = tokens[index], tokens[index + 1 : index + 2]
    if word == "quel" and following == ["moment"]:
        return Expectation("moment")
    if word == "quand" and (index == len(tokens) - 1 or (index and tokens[index - 1] in ("est", "c"))):
        return Expectation("moment")
    if word == "when" and not index and following and following[0] in _MOMENT_VERBS:
        return Expectation("moment")
    return None


_DETECTORS = (_number, _place, _person, _enumeration, _moment)


def _noun_phrase(tokens: list[str]) -> tuple[str, ...]:
    """The first (up to two) content words of ``tokens``: the noun a number must be bound to."""
    nouns: list[str] = []
    for token in tokens[:4]:
        if token in _NOT_NOUNS and nouns:
            break
        if token not in _NOT_NOUNS and not token.isdigit():
            nouns.append(token)
        if len(nouns) == 2:
            break
    return tuple(nouns)


def _has_accented_ou(question: str) -> bool:
    return re.search(r"(?<!\w)où(?!\w)", question.lower()) is not None


# --- quote side ------------------------------------------------------------------------------


def _first_content_is_new(tokens: list[str], new: list[bool], start: int) -> bool:
    """Whether the first content word from ``start`` (the noun after a place preposition) is new."""
    for index in range(start, len(tokens)):
        if tokens[index] not in STOPWORDS:
            return new[index]
    return False


def _has_bound_number(tokens: list[str], asked: tuple[str, ...], question: str,
                      bridges: Callable[[str], Iterable[str]], heading: list[str], units: bool = False) -> bool:
    return bool(_bound_numbers(tokens, asked, question, bridges, heading, units))


def _bound_numbers(tokens: list[str], asked: tuple[str, ...], question: str,
                   bridges: Callable[[str], Iterable[str]], heading: list[str], units: bool = False) -> list[str]:
    """The numbers of ``tokens`` bound to a word of ``asked``; ``units``: ``asked`` are a measure's units, which bind
    only the number right before them ("20 minutes", "10 ans"; not « à deux, en quelques minutes »)."""
    numbers = [index for index, word in enumerate(tokens) if word.isdigit() or word in _NUMBER_WORDS]
    if not asked:
        asked_words = _words(question)
        return [tokens[i] for i in numbers if tokens[i] not in asked_words]
    targets = {stem(word) for word in asked}
    targets |= {bridged for target in list(targets) for bridged in bridges(target)}
    targets = {target for target in targets if not target.isdigit()}  # "3 jetons" in a term name is not a noun
    if any(stem(word) in targets for word in heading):
        return [tokens[i] for i in numbers]
    anchors = [index for index, word in enumerate(tokens) if stem(word) in targets]
    before, after = (1, -1) if units else (_BINDING_BEFORE, _BINDING_AFTER)
    bound = []
    for number in numbers:
        reach = [anchor - number for anchor in anchors if 0 <= anchor - number <= before]
        # A number after the asked noun is its value only when it counts nothing of its own: "Âge : 10", not
        # « chaque manche comporte 3 phases » for "combien de manches ?".
        if not _counts_own_noun(tokens, number, anchors):
            reach += [number - anchor for anchor in anchors if 0 < number - anchor <= after]
        if reach:
            # Nearest first: in « vingt cases (cinq colonnes, quatre rangées) » "vingt" is within reach of
            # "colonnes" but counts the cases; the number right before the asked noun is its own.
            bound.append((min(reach), number))
    bound.sort()
    return [tokens[number] for _, number in bound]


def bound_numbers(expectation: Expectation, quote: str, question: str,
                  bridges: Callable[[str], Iterable[str]] = lambda stem_: (), heading: str = "") -> list[str]:
    """The numbers of ``quote`` (folded, nearest the asked noun first) bound to the noun a ``number`` expectation
    asks for.

    Example:
        >>> bound_numbers(Expectation("number", ("cartes",)), "Chaque joueur reçoit 7 cartes.", "Combien de cartes ?")
        ['7']
    """
    return _bound_numbers(_words(_PAGE_REFERENCE.sub(" ", quote)), expectation.asked, question, bridges, _words(heading),
                          bool(expectation.measure))


_PAGE_REFERENCE = re.compile(r"\(?\bp\.\s*\d+(?:\s*[-–]\s*\d+)?\)?")
"""A rulebook page reference ("(p. 3-4)") is never an answer."""
_NAME = re.compile(r"(?<![\w’'])([A-ZÀ-Ý][\w’'-]+(?:[ \t]+[A-ZÀ-Ý][\w’'-]+)+)")
_RAW_WORD = re.compile(r"[\w’'-]+")
_ITEM_SEPARATOR = re.compile(r"\s*(?:,|;|\bet\b|\bou\b|\band\b|\bor\b)\s*")
_ENUMERATION = re.compile(r"([^,;:.!?\n]+(?:,[^,;:.!?\n]+)*\s(?:et|ou|and|or)\s[^,;:.!?\n]+)")


def _new_names(quote: str, question_stems: set[str]) -> list[str]:
    """Proper names (two or more capitalised words) whose words are not all in the question."""
    names = [match.group(1) for match in _NAME.finditer(quote)]
    return [name for name in names if any(stem(word) not in question_stems for word in _words(name))]


def _has_new_enumeration(quote: str, question_stems: set[str]) -> bool:
    """Two or more new items listed one per line, or coordinated: ``A, B et C``, or ``1 et 3`` for names and numbers.

    Items are the short parts (three words at most) before the last separator, plus the
    word next to them on each side ("insérez les tuiles 1, 3 et 5 dans…" → 1, 3, 5).
    """
    lines = [line.strip(" -•*\t") for line in quote.splitlines() if line.strip(" -•*\t")]
    if len(lines) >= 3 and sum(_is_new_item(line, question_stems) for line in lines) >= 2:
        return True
    for match in _ENUMERATION.finditer(quote):
        parts = [part for part in _ITEM_SEPARATOR.split(match.group(1)) if part.strip()]
        if len(parts) < 2:
            continue
        opening = len(parts) - 2
        while opening > 0 and len(_words(parts[opening])) <= 3:
            opening -= 1
        middle = parts[opening + 1 : -1]
        first, last = _RAW_WORD.findall(parts[opening]), _RAW_WORD.findall(parts[-1])
        if not first or not last:
            continue
        items = [first[-1], *middle, last[0]]
        if len(items) == 2 and not all(item[0].isdigit() or item[0].isupper() for item in items):
            continue
        if sum(_is_new_item(item, question_stems) for item in items) >= 2:
            return True
    return False


def _is_new_item(item: str, question_stems: set[str]) -> bool:
    words_ = [word for word in _words(item) if word not in STOPWORDS]
    return bool(words_) and any(stem(word) not in question_stems for word in words_)


def _words(text: str) -> list[str]:
    return list(_folded_words(text))


@functools.lru_cache(maxsize=8192)
def _folded_words(text: str) -> tuple[str, ...]:
    # Cached: the same rulebook sentences and headings are read again for every question.
    found = []
    for word in re.findall(r"[a-z0-9]+", fold(text)):
        glued = _GLUED.match(word)
        # « 10Ordres à découvrir », "8cartes par camp": a figure glued to its noun counts it; "6e", "1ere" are ranks
        found.extend(glued.groups() if glued and glued.group(2) not in _ORDINAL_SUFFIXES else (word,))
    return tuple(found)


def _counts_own_noun(tokens: list[str], number: int, anchors: list[int]) -> bool:
    """Whether the word right after the number at ``number`` is a noun of its own (not an asked one)."""
    following = number + 1
    return (following < len(tokens) and following not in anchors and tokens[following] not in STOPWORDS
            and not tokens[following].isdigit() and tokens[following] not in _NUMBER_WORDS)


_GLUED = re.compile(r"^([0-9]+)([a-z]+)$")
_ORDINAL_SUFFIXES = frozenset("e er ere eme emes es nd rd th st d ieme iemes".split())
