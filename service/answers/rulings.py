"""The ruling a referee would say first, by question form: Oui/Non, a number, or the rule itself.

* yes/no (``polar``): a reading of the rule (:mod:`.polarity`) — a FAQ's Oui/Non, an exception
  the question's story meets, an antonym, a negation, an obligation the asker would escape, a
  grant, a restriction, in the sentence that carries the question's words — leads with Oui/Non
  when its cue may decide and the evidence aligns with the question well enough
  (:class:`.PolarityPolicy`, fit on the training questions). Every quote of the answer is read,
  best first; the first that decides rules and is quoted first. Otherwise the polarity model
  (:data:`POLARITY_FEATURES`, a logistic regression on word cues, mostly the base rate) gives
  P(yes), and the ruling leads with Oui/Non only when that is far enough from a coin toss
  (:data:`POLARITY_MARGIN`); otherwise there is no ruling.
* how many (``count``): the number the evidence binds to the asked noun
  (``3 points de prestige``), taken from the quote, never computed.
* everything else, and whenever no ruling can be derived: kind ``rule``, and the
  answer says "La règle qui s'applique :" before quoting — a quote is never
  dressed up as a ruling.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from language import COUNT, POLAR, WHO, fold, question_form, fold_same_length, lexicon, number_value, stem, trim_function_words, words
from language.sentences import asking_sentence
from service.answers.answer_types import Expectation, bound_numbers
from service.answers.candidates import Candidate
from service.answers.linear import LinearModel
from service.answers.metadata import PlayerRange
from service.answers.orders import Order
from service.answers.roles import BoundRole, role_negated, sentence_role
from service.answers.polarity import Faq, PolarityPolicy, asked_alternatives, read_polarity

__all__ = ["POLARITY_FEATURES", "POLARITY_MARGIN", "RULING_KINDS", "Ruling", "first_alternative_asks_yes_no", "role_ruling",
           "number_ruling", "opens_as_yes_no", "opens_with_condition", "person_ruling", "players_ruling",
           "polarity_features", "yes_no_ruling"]

RULING_KINDS = ("yes", "no", "number", "person", "choice", "rule")
POLARITY_FEATURES = (
    "question_negated",
    "evidence_negated",
    "negation_agrees",
    "evidence_restricts",
    "evidence_grants",
    "asks_permission",
    "asks_obligation",
    "question_length",
)
"""The polarity model's features, in vector order."""
POLARITY_MARGIN = 0.1
"""Oui/Non leads only when P(yes) is at least this far from 0.5; the fit script reports accuracy by margin."""
_LEADING_NUMBER_WORDS = 3
"""A count ruling keeps the number and up to this many words after it from the quote ("3 points de prestige")."""
_PHRASE_ENDS = frozenset("et ou puis mais qui que est sont sera seront and or then but which that is are was were".split())
"""A word that starts another clause, or a copula, ends the number phrase ("huit cartes | et les pose",
"huit cartes | sont les quatre")."""
_ENGLISH_PHRASE_ENDS = frozenset("from to in on at for with by per each if when".split())
"""English prepositions end an English number phrase ("3 gold coins | from a player"); French keeps "de"."""


@dataclass(frozen=True)
class Ruling:
    """What the answer leads with.

    Attributes:
        kind: ``yes``, ``no``, ``number``, ``person``, ``choice`` or ``rule`` (no ruling: the rule is quoted).
        value: the number phrase for ``number`` (as written in the quote), the role for ``person``, the
            alternative as the question words it for ``choice``, else "".
        english: the same number phrase in the quote's English translation ("8 cards"), "" when none.
        probability: the modelled probability that the lead is right (1.0 for a quoted number or rule;
            the reading's measured precision for a polarity).
    """

    kind: str
    value: str = ""
    probability: float = 1.0
    english: str = ""
    stated: bool = False

    def __post_init__(self) -> None:
        if self.kind not in RULING_KINDS:
            raise ValueError(f"kind: expected one of {RULING_KINDS}, got {self.kind!r}")


NO_RULING = Ruling("rule")


def polarity_features(question: str, evidence: str) -> tuple[float, ...]:
    """The :data:`POLARITY_FEATURES` of a yes/no ``question`` and the ``evidence`` text that answers it."""
    asked, said = set(words(question)), set(words(evidence))
    cues = {name: frozenset().union(*(getattr(lexicon(lang), name) for lang in ("fr", "en")))
            for name in ("negations", "restrictions", "permissions", "asks_permission", "asks_obligation")}
    question_negated = bool(asked & cues["negations"]) or "n't" in question.lower()
    evidence_negated = bool(said & cues["negations"])
    return (
        float(question_negated),
        float(evidence_negated),
        float(question_negated == evidence_negated),
        float(bool(said & cues["restrictions"])),
        float(bool(said & cues["permissions"])),
        float(bool(asked & cues["asks_permission"])),
        float(bool(asked & cues["asks_obligation"])),
        min(len(asked), 60) / 60.0,
    )


def yes_no_ruling(question: str, language: str, quotes: Sequence[Candidate], faqs: Sequence[Faq | None],
                  policy: PolarityPolicy | None, model: LinearModel | None, orders: tuple[Order, ...] = ()
                  ) -> tuple[Ruling, int]:
    """Oui or Non, and the index of the quote it rests on.

    The first quote whose reading decides under ``policy`` rules: a rule's exception, obligation or grant is often
    the second or third sentence quoted ("The visit is mandatory", "nobles included"). When none decides, the
    polarity model reads the best quote and rules when it is decided enough; else there is no ruling.

    Args:
        question: the player's question.
        language: its language.
        quotes: the answer's quotes, best first.
        faqs: each quote's FAQ entry (:func:`~service.answers.polarity.faq_opening`), or None.
        policy: when a reading decides (None: never).
        model: the polarity model (None: no guess).
        orders: the rulebook's orders by a quality (:func:`~service.answers.orders.rulebook_orders`).

    Returns:
        The ruling and the index in ``quotes`` of the sentence it rests on (0 when the model or nothing rules).
    """
    if policy is not None:
        readings = [read_polarity(question, language, quote.text, quote.english, faq, orders)
                    for quote, faq in zip(quotes, faqs)]
        index = policy.deciding(readings)
        if index is not None:  # a because-clause the reading built is said after Oui/Non, in the asker's language
            because = readings[index].because
            return Ruling("yes" if readings[index].verdict else "no", value=because, english=because,
                          probability=policy.p_right), index
    if model is None:
        return NO_RULING, 0
    best = quotes[0]
    p_yes = model.probability(polarity_features(question, best.text + " " + best.english))
    if abs(p_yes - 0.5) < POLARITY_MARGIN:
        return Ruling("rule", probability=max(p_yes, 1 - p_yes)), 0
    return (Ruling("yes", probability=p_yes) if p_yes > 0.5 else Ruling("no", probability=1 - p_yes)), 0


def number_ruling(expectation: Expectation, quote: str, question: str, bridges, heading: str,
                  english: str = "", language: str = "fr") -> Ruling:
    """The number the quote binds to the asked noun, with the words that follow it; no ruling when none is bound.

    The head noun binds first ("combien de *points* pour la Reine" → the number of points,
    not the number next to "Reine"). ``english``, the quote's aligned translation, gives the
    same number's phrase in English ("8 cards") for an English answer; for an English question (``language``) whose
    noun no bridge maps to the French one ("columns" / « colonnes »), the number is bound in the translation itself.
    """
    head = Expectation(expectation.kind, expectation.asked[:1], expectation.measure)
    read = _conditioned_clause(quote, question)
    found = bound_numbers(head, read, question, bridges) or bound_numbers(expectation, read, question, bridges)
    if not found and heading.rstrip().endswith("?"):
        # A FAQ answer may drop the noun its heading asks about ("Dix au plus"): only a lone number is taken then.
        found = bound_numbers(expectation, quote, question, bridges, heading)
        found = found if len(found) == 1 else []
    found = [number for number in found if not _zero_in_condition(number, quote)]
    if not found and english and language == "en":
        return _bound_in_english(expectation, english, question)
    if not found:
        return NO_RULING
    number = found[0]
    # The phrase stays on the number's line: a list item ends there ("- 30 min" | "- Âge").
    pattern = r"(?<![\w])" + re.escape(number) + r"(?![\w])((?:(?:[^\S\n]|[’'-])+[^\s,;:.!?()]+){0,%d})" % _LEADING_NUMBER_WORDS
    folded = fold_same_length(quote)  # same length: offsets found in it hold in the quote
    phrases = [match.group(1) for match in re.finditer(pattern, folded)]
    asked = {stem(word) for word in expectation.asked}
    following = next((p for p in phrases if asked & {stem(w) for w in words(p)}), phrases[0] if phrases else "")
    start = folded.find(number + following) if following else -1
    original = quote[start + len(number) : start + len(number) + len(following)] if start >= 0 else ""
    kept = []
    for word in original.split():
        if fold(word).strip("'") in _PHRASE_ENDS:
            break
        kept.append(word)
    opening = _single_opening(folded, start) if start >= 0 else start
    phrase = " ".join(trim_function_words([quote[opening : start + len(number)] if start >= 0 else number, *kept]))
    value = 1 if _is_single(number) else number_value(number)
    in_english = _english_phrase(value, _conditioned_clause(english, question)) if value is not None else ""
    return Ruling("number", value=phrase if value is None or number.isdigit() else f"{value} ({phrase})",
                  english=in_english)


_CONDITION_OPENING = 3
"""A clause is conditioned by a number when one stands among its first words: « à 3, 5 jetons », "with 3, 5 tokens"."""


def _conditioned_clause(quote: str, question: str) -> str:
    """The clause of ``quote`` whose opening number the question states, when the quote gives one clause per case
    (« À 2, on garde 4 jetons … ; à 3, 5 jetons … »: a question at three players reads the second); else ``quote``."""
    clauses = [clause for clause in re.split(r"[;\n]", quote) if clause.strip()]
    if len(clauses) < 2:
        return quote
    stated = {number_value(word) for word in words(question)} - {None, 0, 1}
    openings = [{number_value(word) for word in words(clause)[:_CONDITION_OPENING]} - {None} for clause in clauses]
    if sum(bool(opening) for opening in openings) < 2:
        return quote
    matching = [clause for clause, opening in zip(clauses, openings) if opening & stated]
    return matching[0] if len(matching) == 1 else quote


def _bound_in_english(expectation: Expectation, english: str, question: str) -> Ruling:
    """The number the English translation binds to the English question's noun, said as the translation says it."""
    head = Expectation(expectation.kind, expectation.asked[:1], expectation.measure)
    english = _conditioned_clause(english, question)
    found = bound_numbers(head, english, question) or bound_numbers(expectation, english, question)
    # "one"/"a"/"no" render the French article or negation (« un point », « aucune carte »): a count the French
    # does not read is not read in its translation either; digits and two upward are counts.
    found = [number for number in found if number.isdigit() or (number_value(number) or 0) >= 2]
    value = number_value(found[0]) if found else None
    phrase = _english_phrase(value, english) if value is not None else ""
    return Ruling("number", value=phrase, english=phrase) if phrase else NO_RULING


def _is_single(word: str) -> bool:
    """Whether ``word`` says one ("seule" in « une seule action », "single"): a count of 1."""
    return any(word in lexicon(language).single_words for language in ("fr", "en"))


def _single_opening(folded: str, start: int) -> int:
    """Where the number phrase at ``start`` opens: before its article when the lexicon says them together ("une
    seule", "a single"), else at ``start``."""
    for language in ("fr", "en"):
        for phrase in lexicon(language).single_words:
            head, _, last = phrase.rpartition(" ")
            if head and folded[start:].startswith(last) and folded[:start].rstrip().endswith(head):
                return folded[:start].rstrip().rfind(head)
    return start


def _zero_in_condition(number: str, quote: str) -> bool:
    """Whether ``number`` says none inside a condition ("S'il n'y a aucune carte dans la file, …"): the count the
    rule gives is elsewhere, or not in this sentence."""
    if number_value(number) != 0:
        return False
    for clause in re.split(r"[,;:.!?]", " ".join(words(quote))):
        said = clause.split()
        if number in said:
            opening = " ".join(said[: said.index(number)])
            return any(re.match(re.escape(word) + r"(?![a-z0-9])", opening)
                       for language in ("fr", "en") for word in lexicon(language).condition_words)
    return False


def opens_with_condition(sentence: str) -> bool:
    """Whether ``sentence`` opens with a condition ("Si …", "If …", « Lorsque … »): it rules a case, not the rule."""
    said = " ".join(words(sentence)[:2])
    return any(re.match(re.escape(word) + r"(?![a-z0-9])", said)
               for language in ("fr", "en") for word in lexicon(language).condition_words)


def person_ruling(quote: str, english: str, language: str) -> Ruling:
    """The player, family or side the quote designates ("le joueur le plus âgé"), for a "who" question.

    Read from the French quote; an English answer needs the same role in the translation, else no ruling.
    """
    french = sentence_role(quote, "fr")
    in_english = sentence_role(english, "en") if english else ""
    if not french or (language == "en" and not in_english):
        return NO_RULING
    if role_negated(english if language == "en" else quote, language):  # the role that does *not* do it
        return NO_RULING
    return Ruling("person", value=french, english=in_english)


def role_ruling(bound: BoundRole, language: str) -> Ruling:
    """The role a rule names as the doer of the asked act (:func:`~service.answers.roles.bound_role`), in the
    asker's language; no ruling when that language's words of it are missing."""
    if bound.negated or not (bound.english if language == "en" else bound.french):
        return NO_RULING
    return Ruling("person", value=bound.french or bound.english, english=bound.english)


def players_ruling(form: str, players: PlayerRange | None, asks_count: bool, proposed: int | None) -> Ruling:
    """The front matter's player range for "combien de joueurs ?", and Oui/Non for "on peut jouer à N ?".

    No ruling when the rulebook states no range or the question asks neither.
    """
    if players is None:
        return NO_RULING
    phrase = {"value": players.phrase("fr"), "english": players.phrase("en"), "stated": True}
    if form == COUNT and asks_count:
        return Ruling("number", **phrase)
    if form == POLAR and proposed is not None:
        return Ruling("yes" if players.low <= proposed <= players.high else "no", **phrase)
    return NO_RULING


def _english_phrase(value: int, english: str) -> str:
    """``value`` as the translation writes it (digits or a word) with the words after it, up to the next clause.

    A written-out number gets its digits first, as in French: ``8 (eight cards)``.
    """
    spellings = {str(value)} | {word for word, v in lexicon("en").number_values.items() if v == value}
    spellings |= lexicon("en").single_words if value == 1 else set()
    pattern = r"(?<![\w])(" + "|".join(map(re.escape, sorted(spellings))) + r")(?![\w])"
    match = re.search(pattern, fold_same_length(english))  # same length: its offsets hold in ``english``
    if not match:
        return ""
    number = english[match.start() : match.end()]
    clause = re.split(r"[,;:.!?()]", english[match.end() :], maxsplit=1)[0]
    kept = []
    for word in clause.split()[:_LEADING_NUMBER_WORDS]:
        if fold(word).strip("'") in _PHRASE_ENDS | _ENGLISH_PHRASE_ENDS:
            break
        kept.append(word)
    phrase = " ".join(trim_function_words([number, *kept]))
    return phrase if number.isdigit() else f"{value} ({phrase})"


_POLAR_OPENERS = ("est ce qu", "do ", "does ", "is ", "are ", "can ", "may ", "must ")


def first_alternative_asks_yes_no(question: str) -> bool:
    """Whether an either-or question's first alternative is itself a yes/no question.

    "Je peux empiler autant de cartes que je veux, ou il y a une hauteur maximale ?" asks whether one may (the
    second alternative is its negation): Oui/Non answers it. "Plutôt un avantage ou un désavantage ?" asks to
    choose between two things and is not one.
    """
    parts = asked_alternatives(question)
    if len(parts) < 2:
        return False
    first = parts[0]
    if question_form(f"{first} ?") != POLAR:  # "quelle carte je peux prendre, la Reine ou le Roi ?" asks to choose
        return False
    asks = frozenset().union(*(lexicon(lang).asks_permission | lexicon(lang).asks_obligation for lang in ("fr", "en")))
    return bool(set(first.split()) & asks) or first.startswith(_POLAR_OPENERS)


def opens_as_yes_no(question: str) -> bool:
    """Whether the asking sentence opens as a yes/no question ("Do I get to decide first how many raccoons to buy
    off?"): a count asked inside it is its object, and when no number is bound Oui/Non still answers. « Est-ce
    qu'on pioche combien de cartes ? » asks the count: "est-ce que" only marks a question."""
    asking = f"{' '.join(words(asking_sentence(question)))} "
    return asking.startswith(tuple(o for o in _POLAR_OPENERS if o != "est ce qu"))


def form_kind(form: str) -> str:
    """Which ruling a question form can get: ``yes_no``, ``number`` or ``rule``."""
    return {POLAR: "yes_no", COUNT: "number", WHO: "person"}.get(form, "rule")
