"""Whether a rule says yes or no to a yes/no question: a reading of the rule, not a guess at the base rate.

The reading aligns the question with the evidence and names the cue it decides on:

* ``faq``: the sentence belongs to a FAQ answer that opens with "Oui." / "Non." under a heading
  that is itself a yes/no question ("EMPRISE est-il gratuit ? — Oui."): that answer, turned
  around when the player asks the other way ("c'est payant ?": an antonym of the heading) or
  negates where the heading does not; the heading's words that only ask ("Puis-je", "Can I") are not
  its topic;
* ``exception``: the rule makes an exception ("sauf si la pioche est épuisée", "unless …") that the
  question's story meets: the rule's main clause does not hold there, so the answer is its opposite
  ("il doit toujours y avoir 4 cartes visibles, sauf si la pioche est épuisée" — "la pioche est
  épuisée, il faut garder 4 cartes ?": no);
* ``order``: the rule names an order the rulebook defines by a quality ("dans l'ordre d'influence",
  defined "du plus influent au moins influent") and the question asks whether the asker, placed at one
  end of it ("le moins influent"), goes first or last (:mod:`.orders`): the reading carries the
  referee's because-clause ("the least influential goes last");
* ``contrast``: the question says one side of an antonym pair of the lexicon and the rule the
  other ("payant" / "gratuitement", "show" / "stays hidden"): no;
* ``negation``: a clause of the rule that carries the question's words is negative ("ne
  s'achève jamais sur un nul", "ne peut pas s'appliquer"): no; a negative clause about something else is not
  ("elle ne change pas de camp, mais elle compte pour déclencher la Résonance");
* ``grant``: the rule grants ("y compris", "pas de limite", "de ton choix"): yes; but no when the
  grant denies a thing (a limit) that the question asks about ("Y a-t-il une limite ?" — "pas de limite");
  a permission of the asked act grants too ("tous les joueurs peuvent les *consulter*", "la *réservation* reste
  permise"), a permission of another act does not ("une carte posée peut retourner…");
* ``restriction``: the aligned clause restricts ("seul", "uniquement", "ne ... que") and the
  question does not: no;
* ``statement``: a plain rule (no negation, restriction, condition or exception) holds most of the asking
  sentence's words, the act its modal names and its numbers, and the question tells no story: yes ("Is the first
  player chosen at random?" — "The first player is drawn at random.");
* ``affirmative``: the aligned clause states some of the question's words plainly: yes, but it never decides.

Each verdict is turned around when the question asks to escape the rule ("puis-je refuser ?");
a question's own negation does not turn it: Oui/Non say whether the asked fact holds ("Le
jumeau n'est pas défaussé, si ?" — "Non, il ne l'est pas"). The words are data: ``polarity`` in ``language/lexicons/<lang>.yaml``.
An English question is read against the sentence's English translation, a French one against
the French. Which cues decide is measured on the training questions (``scripts/eval_polarity.py``);
the others leave the answer without a ruling.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from language import content_stems, fold, fold_same_length, lexicon, number_value, stopwords, words
from language.lexicon import PolarityWords
from language.sentences import asking_sentence
from service.answers.orders import Order, order_reading

__all__ = ["CUES", "DECIDING_CUES", "POLICY_FILE", "Faq", "PolarityPolicy", "PolarityReading", "faq_opening",
           "load_policy", "read_polarity"]

CUES = ("faq", "exception", "order", "contrast", "negation", "obligation", "grant", "restriction", "statement",
        "affirmative", "none")
DECIDING_CUES = ("faq", "exception", "order", "contrast", "negation", "obligation", "grant", "restriction", "statement")
"""The cues a verdict may rest on. ``affirmative`` is read but never decides: a plain statement of some of the
question's words was right on 17 of 48 training yes/no questions with the gold sentence (``scripts/eval_polarity.py``),
no better than the base rate read backwards; most of those sentences were about another act. ``statement`` decides: the
rule holds most of the asking sentence's own words and contradicts none of its numbers or restrictions."""
STATEMENT_SHARE = 0.6
"""A rule states the asked fact when it holds at least this share of the asking sentence's content stems…"""
STATEMENT_MIN_STEMS = 3
"""…and the asking sentence has at least this many: « Il peut l'acheter ? » names too little to be matched…"""
STORY_STEMS = 3
"""…and the question holds at most this many content stems besides its asking sentence ("Première partie :")."""
FAQ_COVERAGE = 0.5
"""A FAQ's Oui/Non answers the question when the question holds more than this share of the heading's content words:
it asks the heading's question, not another one about the same things."""
POLICY_FILE = Path(__file__).parent / "models" / "polarity_reading.json"
NEGATION_SCOPE = "clause"
"""Where a negation counts: the whole evidence sentence, or the clauses that hold a word of the question (the aligned
one at least). A negation in a clause about something else is about another act ("elle ne change pas de camp, mais
elle compte pour déclencher la Résonance"; "… car les autres joueurs ne connaissent pas votre richesse")."""
_CLAUSE_BREAK = re.compile(r"[,;:()\u2014\u2013]|\s-\s|\bmais\b|\bbut\b|\bcar\b|\bbecause\b")
PERMISSION_WINDOW = 1
"""How many content words after a modal ("peut placer", "may look") or before a participle ("reste permise") name the
permitted act: the verb only; a noun further on ("peut retourner les cartes") is not the act."""
_ALTERNATIVE = re.compile(r"\s(?:ou|or)\s")
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class PolarityReading:
    """What the rule says to a yes/no question.

    Attributes:
        verdict: True (yes), False (no), or None when no cue decides.
        cue: the cue the verdict rests on (:data:`CUES`).
        clause: the clause of the evidence aligned with the question (the referee's because-clause),
            in the language read.
        alignment: the share of the question's content stems that the evidence sentence (a FAQ answer: its
            heading) holds.
        because: the referee's because-clause in the asker's language when the reading builds one (an order
            rule's "the least influential goes last"; a contrast's own word of the rule, "gratuit" against "payant"),
            else "".
    """

    verdict: bool | None
    cue: str
    clause: str = ""
    alignment: float = 0.0
    because: str = ""

    def __post_init__(self) -> None:
        if self.cue not in CUES:
            raise ValueError(f"cue: expected one of {CUES}, got {self.cue!r}")


@dataclass(frozen=True)
class Faq:
    """A FAQ entry whose heading is a yes/no question answered "Oui." or "Non." first.

    Attributes:
        heading: the heading, French.
        english: its English translation ("" when none).
        answer: True for "Oui.", False for "Non.".
    """

    heading: str
    english: str
    answer: bool


def faq_opening(rulebook, start: int) -> Faq | None:
    """The FAQ entry holding offset ``start`` of ``rulebook`` (a :class:`~service.answers.corpus.Rulebook`),
    when its heading is a question whose answer opens with Oui or Non; else None.
    """
    headings = [m for m in _HEADING.finditer(rulebook.text, 0, max(0, start)) if m.end() <= start]
    if not headings:
        return None
    heading = headings[-1]
    title = heading.group(1).strip()
    if not title.endswith("?"):
        return None
    opening = words(rulebook.text[heading.end() : heading.end() + 40])[:1]
    said = lexicon("fr").polarity
    if not opening or opening[0] not in said.yes | said.no:
        return None
    return Faq(title, rulebook.english_of(heading.start(1), heading.start(1) + len(title)), opening[0] in said.yes)


def read_polarity(question: str, language: str, sentence: str, english: str = "", faq: Faq | None = None,
                  orders: tuple[Order, ...] = ()) -> PolarityReading:
    """Read whether ``sentence`` (the evidence, French) answers the yes/no ``question`` yes or no.

    Args:
        question: the player's question.
        language: the question's language, ``"fr"`` or ``"en"``.
        sentence: the evidence sentence, as the rulebook writes it.
        english: its English translation ("" when none): an English question is read against it.
        faq: the FAQ entry the sentence belongs to (:func:`faq_opening`), if any.
        orders: the orders the rulebook defines by a quality (:func:`~service.answers.orders.rulebook_orders`).

    Returns:
        The reading; ``verdict`` is None when no cue decides.
    """
    read_in = "en" if language == "en" and english else "fr"
    evidence = english if read_in == "en" else sentence
    asked = lexicon(language).polarity
    said = lexicon(read_in).polarity
    question_text = _joined(question)
    asking = _joined(asking_sentence(question))
    # "Yes"/"no" say whether the asked fact holds, whatever the asking's own negation ("Il n'est pas défaussé,
    # si ?" — "Non, il ne l'est pas"; "ou pas ?"); asking to refuse or skip a rule asks about its opposite.
    other_way = _avoids(asking, asked)
    stems = set(content_stems(question))
    heading = (faq.english if language == "en" else faq.heading) if faq is not None else ""
    if heading:
        heading_text = _joined(heading)
        contrast = _contrast(question_text, heading_text, asked)
        # The antonym is itself a word the question and the heading share ("payant" for "gratuit").
        if _share(_topic_stems(heading, language), question, extra=int(contrast)) > FAQ_COVERAGE:
            return PolarityReading(faq.answer != (other_way != contrast), "faq", evidence.strip(),
                                   _share(stems, heading, extra=int(contrast)),
                                   _contrast_words(question_text, heading, asked) if contrast else "")
    evidence_text = _joined(evidence)
    contrast = read_in == language and _contrast(question_text, evidence_text, said)
    alignment = _share(stems, evidence, extra=int(contrast))
    if alignment == 0:
        return PolarityReading(None, "none")
    clauses = [c for c in _CLAUSE_BREAK.split(evidence) if c and c.strip()] or [evidence]
    overlaps = [len(stems & set(content_stems(c))) for c in clauses]
    clause = clauses[max(range(len(clauses)), key=lambda i: (overlaps[i], -i))].strip()
    clause_text = _joined(clause)
    main = _exception_met(evidence, set(content_stems(question)), said)
    if main is not None:  # the rule's main clause does not hold in the told story: its opposite is the answer
        return PolarityReading(_negated(_joined(main), said) != other_way, "exception", clause, alignment)
    ordered = order_reading(question, asking_sentence(question), language, sentence, orders) if orders else None
    if ordered is not None:
        return PolarityReading(ordered.verdict, "order", clause, alignment, ordered.because)
    if contrast:
        return PolarityReading(other_way, "contrast", clause, alignment, _contrast_words(question_text, evidence, said))
    if _avoids(asking, asked) and _obliges(evidence_text, said):
        return PolarityReading(False, "obligation", clause, alignment)
    if NEGATION_SCOPE == "sentence" and _negated(evidence_text, said) or NEGATION_SCOPE == "clause" and any(
            _negated(_joined(c), said) for c, overlap in zip(clauses, overlaps) if overlap or c.strip() == clause):
        return PolarityReading(other_way, "negation", clause, alignment)
    if _grants(clause_text, said):
        # "Is there a limit?" asks whether the limit a rule denies ("no limit") exists: no.
        denied = _denies_asked(clause_text, said, asked_alternatives(question)[0], asked)
        return PolarityReading(denied == other_way, "grant", clause, alignment)
    if _restricts(clause_text, said) and not _restricts(question_text, asked):
        return PolarityReading(other_way, "restriction", clause, alignment)
    permission = _permitted_asked_act(clauses, said, stems)
    if permission:
        return PolarityReading(not other_way, "grant", permission.strip(), alignment)
    if read_in == language and _states_asked(question, evidence, asked, said, lexicon(read_in).condition_words):
        return PolarityReading(not other_way, "statement", clause, alignment)
    return PolarityReading(not other_way, "affirmative", clause, alignment)


@dataclass(frozen=True)
class PolarityPolicy:
    """When a reading decides the answer's Oui/Non (fit by ``scripts/fit_answers.py``).

    Attributes:
        min_alignment: the least :attr:`PolarityReading.alignment` a deciding reading needs: a sentence that
            shares little with the question may be the wrong rule.
        p_right: how often a deciding reading was right on the training questions (out of fold, smoothed):
            the ruling's probability.
        cues: the cues that may decide (:data:`DECIDING_CUES`).
    """

    min_alignment: float
    p_right: float
    cues: tuple[str, ...] = DECIDING_CUES

    def decides(self, reading: PolarityReading) -> bool:
        """Whether ``reading``'s verdict is the answer's ruling."""
        return reading.verdict is not None and reading.cue in self.cues and reading.alignment >= self.min_alignment

    def deciding(self, readings: Sequence[PolarityReading]) -> int | None:
        """The index of the first of ``readings`` (one per quote, best first) that decides, or None."""
        return next((i for i, reading in enumerate(readings) if self.decides(reading)), None)


def load_policy(path: Path = POLICY_FILE) -> PolarityPolicy | None:
    """The fitted policy, or None before it is fit (the answer then rules no Oui/Non)."""
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return PolarityPolicy(float(data["min_alignment"]), float(data["p_right"]), tuple(data["cues"]))


def _share(stems: set[str], text: str, extra: int = 0) -> float:
    """The share of ``stems`` that ``text`` holds, ``extra`` more counted as held (an antonym pair's word)."""
    return min(1.0, (len(stems & set(content_stems(text))) + extra) / len(stems)) if stems else 0.0


def asked_alternatives(question: str) -> list[str]:
    """The asking sentence (folded, joined) cut at each "ou"/"or": one part when it offers no alternative. "Je peux
    en empiler autant que je veux, ou il y a une hauteur maximale ?" asks about its first (the second negates it)."""
    return [part.strip() for part in _ALTERNATIVE.split(f" {_joined(asking_sentence(question))} ")]


def _topic_stems(heading: str, language: str) -> set[str]:
    """A FAQ heading's content stems less the words that ask for a permission or an obligation ("Puis-je",
    "Peut-on", "Can I"): they say how the heading asks, not what about."""
    asking = lexicon(language).asks_permission | lexicon(language).asks_obligation
    return set(content_stems(heading)) - set(content_stems(" ".join(sorted(asking))))


def _denies_asked(text: str, said: PolarityWords, asked_text: str, asked: PolarityWords) -> bool:
    """Whether ``text`` grants by denying a thing (a grant holding a negation: "pas de limite", "no limit") that the
    asked sentence asks about without denying it ("Y a-t-il une limite ?")."""
    for grant in said.grants:
        said_words = grant.split()
        nouns = [w for w in said_words if w not in said.negations and w not in stopwords()]
        if nouns and set(said_words) & said.negations and _has_phrase(text, grant) and \
                all(_has(asked_text, noun) for noun in nouns) and not _negated(asked_text, asked):
            return True
    return False


def _joined(text: str) -> str:
    return " ".join(words(text))


def _has_phrase(text: str, phrase: str) -> bool:
    """Whether the folded, space-joined ``text`` holds ``phrase`` as whole words."""
    return re.search(r"(?<![a-z0-9])" + re.escape(phrase) + r"(?![a-z0-9])", text) is not None


def _obliges(text: str, said: PolarityWords) -> bool:
    return any(_has_phrase(text, o) for o in said.obligations)


def _has(text: str, beginning: str) -> bool:
    """Whether the folded, space-joined ``text`` holds a word sequence starting with ``beginning``."""
    return re.search(r"(?<![a-z0-9])" + re.escape(beginning), text) is not None


def _negated(text: str, said: PolarityWords) -> bool:
    for phrase in said.either_way:  # "révélée ou non": either way, no negation
        text = re.sub(r"(?<![a-z0-9])" + re.escape(phrase) + r"(?![a-z0-9])", " ", text)
    tokens = text.split()
    negative = any(t in said.negations for t in tokens) or (
        bool(said.after_ne) and any(t in ("ne", "n") for t in tokens) and any(t in said.after_ne for t in tokens))
    # "il n'y a pas de limite" grants: its negation word is part of the grant.
    return negative and not any(_has_phrase(text, g) and set(g.split()) & said.negations for g in said.grants)


def _permitted_asked_act(clauses: list[str], said: PolarityWords, stems: set[str]) -> str:
    """The clause that permits the question's own act, else "": a modal whose next content words ("tous les joueurs
    peuvent les consulter", "may look") or a participle whose previous ones ("la réservation reste permise") hold one of
    the question's content stems, in a clause that no negation turns ("ne peut donc pas être révélée"). A permission
    of another act ("une carte posée peut retourner…" for "les Cendres attirent-elles…") says nothing of the asked one.
    """
    for clause in clauses:
        tokens = _joined(clause).split()
        if not tokens or _negated(" ".join(tokens), said):
            continue
        for i, token in enumerate(tokens):
            if token in said.permits:
                near = _content_words(tokens[i + 1:])[:PERMISSION_WINDOW]
            elif token in said.permitted:
                near = _content_words(tokens[:i])[-PERMISSION_WINDOW - 1:]  # over a copula: "reste permise"
            else:
                continue
            if any(set(content_stems(word)) & stems for word in near):
                return clause
    return ""


def _states_asked(question: str, evidence: str, asked: PolarityWords, said: PolarityWords,
                  conditions: tuple[str, ...]) -> bool:
    """Whether ``evidence`` states the asked fact itself, plainly: a yes that needs no reading of a story.

    * the rule holds :data:`STATEMENT_SHARE` of the asking sentence's content stems, and the act a modal of the
      question names ("on peut *défausser*…") among them;
    * the rule is plain: no negation, restriction, condition or exception anywhere in it (« Fais une seule action »,
      "If this card is adjacent to a stack…": what it says depends on more than the asked words);
    * the question tells no story around its asking sentence (a told position is the engine's or an edge reading's
      to weigh, not a general statement's), neither negates nor restricts (« elles attirent que les ennemies ? »
      asks whether nothing else is), and names no number the rule does not ("two spaces" is not "one space").
    """
    asking = asking_sentence(question)
    asking_stems = set(content_stems(asking))
    said_stems = set(content_stems(evidence))
    if len(asking_stems) < STATEMENT_MIN_STEMS or len(asking_stems & said_stems) < STATEMENT_SHARE * len(asking_stems):
        return False
    if len(set(content_stems(question)) - asking_stems) > STORY_STEMS:
        return False
    evidence_text, asking_text = _joined(evidence), _joined(asking)
    if _negated(evidence_text, said) or _restricts(evidence_text, said) or any(
            _has_phrase(evidence_text, word) for word in (*conditions, *said.exceptions)):
        return False
    bare = re.sub(r"(?<![a-z0-9])(?:est ce qu[e]?|qu est ce qu[e]?)(?![a-z0-9])", " ", asking_text)
    if _negated(asking_text, asked) or _restricts(asking_text, asked) or set(bare.split()) & {"que", "qu"}:
        return False
    tokens = asking_text.split()
    acts = [_content_words(tokens[i + 1:])[:1] for i, token in enumerate(tokens) if token in asked.permits]
    if any(act and not set(content_stems(act[0])) & said_stems for act in acts):
        return False
    numbers = {number_value(word) for word in tokens} - {None}
    return numbers <= {number_value(word) for word in evidence_text.split()} - {None}


def _content_words(tokens: list[str]) -> list[str]:
    return [token for token in tokens if content_stems(token)]


def _avoids(text: str, said: PolarityWords) -> bool:
    return any(_has(text, beginning) for beginning in said.avoidance)


def _grants(text: str, said: PolarityWords) -> bool:
    return any(_has_phrase(text, g) for g in said.grants)


def _restricts(text: str, said: PolarityWords) -> bool:
    tokens = text.split()
    if any(t in said.restrictive for t in tokens):
        return True
    if "ne" in tokens or "n" in tokens:  # "ne ... que": nothing but
        after = tokens[max(tokens.index("ne") if "ne" in tokens else -1, tokens.index("n") if "n" in tokens else -1):]
        return any(t in ("que", "qu") for t in after) and not any(t in said.negations for t in after)
    return False


EXCEPTION_MET = 0.5
"""An exception clause is met when the question holds at least this share of its content words (and one at least)."""


def _exception_met(evidence: str, question_stems: set[str], said: PolarityWords) -> str | None:
    """The rule's main clause when ``evidence`` makes an exception that the question's words meet, else None.

    The exception runs from its word ("sauf", "unless") to the next clause break; what comes before it is the
    main clause ("il doit toujours y avoir 4 cartes visibles par niveau, | sauf si la pioche est épuisée").
    """
    for match in re.finditer(r"\w+", evidence):
        if fold(match.group()) not in said.exceptions:
            continue
        after = _CLAUSE_BREAK.split(evidence[match.end():], maxsplit=1)[0]
        stems = set(content_stems(after))
        met = len(stems & question_stems)
        if stems and met >= max(1, EXCEPTION_MET * len(stems)):
            main = evidence[: match.start()]
            return main if content_stems(main) else None
    return None


def _contrast_words(question: str, evidence: str, said: PolarityWords) -> str:
    """The evidence's own words for its side of the antonym pair the question contrasts with ("gratuit" in « EMPRISE
    est-il gratuit ? » against "c'est payant ?"; "face down"), as the rule writes them: the word the verdict rests
    on, said after Oui/Non. ``question`` is folded and joined; ``evidence`` as written."""
    folded = fold_same_length(evidence)  # same length: its offsets hold in ``evidence``
    joined = _joined(evidence)
    pairs = sorted((pair for a, b in said.antonyms for pair in ((a, b), (b, a))), key=lambda p: -len(p[1].split()))
    for one, other in pairs:  # the longest words first: "face cachée" rather than "cachée"
        if _has(question, one) and not _has(question, other) and _has(joined, other) and not _has(joined, one):
            pattern = r"(?<![a-z0-9])" + r"\W+".join(map(re.escape, other.split())) + r"[a-z0-9]*"
            found = re.search(pattern, folded)
            if found:  # a word that opens the sentence is said mid-sentence after Oui/Non: "No: before"
                word = evidence[found.start() : found.end()]
                return word[:1].lower() + word[1:] if not evidence[: found.start()].strip() else word
    return ""


def _contrast(question: str, evidence: str, said: PolarityWords) -> bool:
    """Whether the question says one side of an antonym pair and the evidence only the other."""
    return any(_has(question, one) and not _has(question, other) and _has(evidence, other) and not _has(evidence, one)
               for a, b in said.antonyms for one, other in ((a, b), (b, a)))
