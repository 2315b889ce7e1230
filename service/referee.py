"""The service's one domain object: the retriever, the verified rulebook texts and the grounder.

Routes and CLI commands call :class:`Referee`; it knows nothing of HTTP. It is
cheap to build; :meth:`Referee.warm_up` loads the index, the rulebook texts and
the scenario templates, and :attr:`Referee.ready` tells whether that happened.
An edge-case question that a template fits is answered by the rules engine
(:mod:`service.grounding`): its verdict leads the answer and the rules it applied
are cited first.
"""

from __future__ import annotations

import logging
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Protocol

from index.chunker import section_title
from language import POLAR, detect_language, question_form
from language.compound import asks
from service.answers import Answer, Citation, CorpusTexts, HitLike, compose_answer
from service.answers.calibration import default_models, engine_confidence
from service.answers.filled_gaps import ASSUMED_CONFIDENCE, FilledGap, filled_gap
from service.answers.gaps import gap_catalogue
from service.answers.compose import load_catalogues
from service.grounding import Declined, EngineCheck, Explanation, FuseBlown, GroundedAnswer, Grounder
from service.grounding.decisive import decisive_rules, once_per_passage

_log = logging.getLogger(__name__)

ASK_RETRIEVAL_DEPTH = 5
"""Hits retrieved per question; the best few become citations."""

FOLLOW_UP_GAIN = 0.1
"""How much better (best hit's fused score) a follow-up must fit the rulebook when read in
the previous answer's topic for that reading to win. An elliptical follow-up ("Ça rapporte
combien ?") fits far better in topic (+0.2 to +0.5); one that names its own topic ("Et en cas
d'égalité ?") fits no better or worse, and keeps its own hits. Chosen on the 20 pairs of
``scripts/probes/follow_ups.yaml``, checked on the 10 of ``follow_ups_heldout.yaml``."""


class RetrieverLike(Protocol):
    """What the service needs from ``index.Retriever`` (see docs/ARCHITECTURE.md)."""

    def warm_up(self) -> None: ...

    def rulebooks(self) -> Sequence[Any]: ...

    def run(self, query: str, game: str | None = None, k: int = 5, language: str | None = None) -> list[Any]: ...


@dataclass(frozen=True)
class CheckedAnswer(Answer):
    """An answer, with the rules engine's check when a scenario template fitted the question.

    ``engine_check`` is ``/v1/ask``'s object of that name (None when no template
    fits: a check is never made up); ``explain`` shows the template, the slot
    filling, the position and the outcome under each assumption option.
    """

    engine_check: EngineCheck | None = None
    explain: Explanation | None = None

    @classmethod
    def of(cls, answer: Answer, engine_check: EngineCheck | None = None,
           explain: Explanation | None = None) -> CheckedAnswer:
        """``answer``, with the engine's check and its explanation when a template fitted (None: none did)."""
        return cls(**{field.name: getattr(answer, field.name) for field in fields(Answer)},
                   engine_check=engine_check, explain=explain)


class UnknownGameError(LookupError):
    """A request named a game the corpus does not hold."""

    def __init__(self, game: str, known: Sequence[str]) -> None:
        super().__init__(f"Unknown game {game!r}; known games: {', '.join(known)}")
        self.game = game
        self.known = tuple(known)


class Referee:
    """Answers and searches over the rulebooks of ``corpus_dir``.

    Args:
        retriever: an ``index.Retriever`` (or a test double with the same contract).
        corpus_dir: the folder the retriever indexes; quotes are verified against its files.
        max_citations: how many passages an answer cites at most.
        grounder: the engine-check layer, built from the settings (``Grounder.from_settings``) so that
            ``ARBITRE_SCENARIO_*`` reach its runs; default: a grounder with the default budgets.
    """

    def __init__(
        self, retriever: RetrieverLike, corpus_dir: Path, max_citations: int = 3, grounder: Grounder | None = None
    ) -> None:
        if not 1 <= max_citations <= ASK_RETRIEVAL_DEPTH:
            raise ValueError(f"max_citations: expected 1..{ASK_RETRIEVAL_DEPTH}, got {max_citations!r}")
        self.retriever = retriever
        self.corpus = CorpusTexts(corpus_dir)
        self.max_citations = max_citations
        self.grounder: Grounder | None = None
        self._grounder = grounder or Grounder(Path(corpus_dir))
        self._ready = threading.Event()
        self._games: tuple[Any, ...] = ()

    def warm_up(self) -> None:
        """Load the index (building it if missing or stale), the rulebook texts and the templates.

        The grounder matches templates lexically: with the retriever's embedder it
        would embed each question a second time (about 60 ms on two CPU cores, the
        whole ``/v1/ask`` budget's margin) for no gain on the dev set; see
        docs/grounding.md and ``scripts/eval_grounded --dense``.
        """
        self.retriever.warm_up()
        self.corpus.load()
        load_catalogues(self.corpus.corpus_dir)
        self._grounder.warm_up()
        self.grounder = self._grounder
        self._games = tuple(self.retriever.rulebooks())
        self._ready.set()

    @property
    def ready(self) -> bool:
        return self._ready.is_set()

    def wait_until_ready(self, timeout_s: float) -> bool:
        """Block until :meth:`warm_up` finished or ``timeout_s`` passed; return readiness."""
        return self._ready.wait(timeout_s)

    def games(self) -> tuple[Any, ...]:
        """The rulebooks the retriever indexed (``index.types.RulebookInfo``), sorted by id."""
        return self._games

    def search(self, query: str, game: str | None, k: int) -> list[HitLike]:
        """The ``k`` best passages for ``query``, in one game or all.

        Raises:
            UnknownGameError: when ``game`` is not indexed.
        """
        if game is not None:
            self._check_game(game)
        return self.retriever.run(query, game=game, k=k)

    def ask(self, game: str, question: str, lang: str | None = None,
            follow_up_sections: Sequence[str] = ()) -> CheckedAnswer:
        """Answer ``question`` about ``game`` with verified quotes, or abstain.

        When a scenario template fits, the engine's verdict leads the answer, the
        rules the engine applied are cited before the retrieved passages, and the
        answer carries ``engine_check``; otherwise it is the plain cited answer. A question
        that asks a yes/no beside a count, a name or a place (:func:`language.compound.asks`)
        gets both rulings, in the order asked (:func:`joined`).
        ``follow_up_sections`` are the sections the previous answer cited when the
        question follows it up: see :func:`follow_up_query`.

        Raises:
            UnknownGameError: when ``game`` is not indexed.
            ValueError: when ``lang`` is neither ``"fr"``, ``"en"`` nor None.
        """
        self._check_game(game)
        parts = asks(question)
        if len(parts) == 1:
            return self._answer(game, question, lang, follow_up_sections)
        whole = question_form(question)
        covered = [part for part in parts if part.form == whole]
        # The whole question's answer rules in its own form; a yes/no asked beside a count or a name is what it
        # cannot give (its ruling must come first), so that ask is answered on its own.
        yes_no = [part for part in parts if part.form == POLAR and whole != POLAR]
        at = covered[0].start if covered else len(question)
        answered = [(at, self._answer(game, question, lang, follow_up_sections))]
        answered += [(part.start, self._answer(game, part.question, lang, follow_up_sections)) for part in yes_no]
        return joined(answered, one_of_several=len(covered) > 1)

    def _answer(self, game: str, question: str, lang: str | None, follow_up_sections: Sequence[str]) -> CheckedAnswer:
        """The answer to one ask: composed from the retrieved rules, or the engine's when it checks the question.

        The question's language is decided once, here: retrieval weighs the English translation by it (a follow-up's
        query, the question with a French section title, stays the question's language), and the answer is in it
        unless ``lang`` asks for the other one.
        """
        language = detect_language(question)
        hits = self._retrieve(question, game, follow_up_sections, language)
        answer = compose_answer(question, game, hits, self.corpus, lang=lang or language,
                                max_citations=self.max_citations)
        try:
            grounded = self.grounder.attempt(question, game, answer.language) if self.grounder else None
        except FuseBlown as error:  # server protection, never a verdict: the text answers and explain says why
            _log.warning("engine check stopped: %s", error)
            return CheckedAnswer.of(answer, explain=Explanation.of_declined(f"fuse: {error}"))
        if isinstance(grounded, Declined):  # a position that does not answer what is asked: the text answers
            return CheckedAnswer.of(answer, explain=Explanation.of_declined(grounded.reason))
        if grounded is None:
            return CheckedAnswer.of(answer)
        check = grounded.check
        filled = filled_gap(question, gap_catalogue(self.corpus.corpus_dir).get(game, ()), self.corpus.rulebook(game),
                            check.assumptions, [reading.about for reading in check.readings],
                            default_models().known_gap_at)
        return _checked(answer, grounded, filled)

    def _retrieve(self, question: str, game: str, follow_up_sections: Sequence[str],
                  language: str | None = None) -> list[Any]:
        """The question's hits; for a follow-up, those of the question read in the previous topic
        when that reading fits the rulebook clearly better (see :data:`FOLLOW_UP_GAIN`).

        ``language`` is the question's (detected from it when None); both queries are retrieved in it.
        """
        language = language or detect_language(question)
        hits = self.retriever.run(question, game=game, k=ASK_RETRIEVAL_DEPTH, language=language)
        if not follow_up_sections:
            return hits
        in_topic = self.retriever.run(follow_up_query(question, follow_up_sections), game=game,
                                      k=ASK_RETRIEVAL_DEPTH, language=language)
        if in_topic and (not hits or in_topic[0].score >= hits[0].score + FOLLOW_UP_GAIN):
            return in_topic
        return hits

    def _check_game(self, game: str) -> None:
        known = [info.id for info in self._games]
        if game not in known:
            raise UnknownGameError(game, known)


def follow_up_query(question: str, sections: Sequence[str]) -> str:
    """The retrieval query of a follow-up: the question, then the titles of the sections it follows.

    A follow-up is often elliptical ("Et s'il est dans le Port ?"): its topic is the
    previous answer's first section, whose own title (the last part of its path) is
    appended. Only retrieval sees the title; the answer's form and wording read the
    question alone. (All cited sections' titles were tried: the second and third
    citations are often off topic and pulled 12/20 probe follow-ups down to 8/20.)
    """
    titles = dict.fromkeys(section_title(section).strip() for section in sections[:1])
    return " ".join([question, *(title for title in titles if title)])


_RULES_LEAVE_IT_OPEN = {
    "fr": "Les règles ne tranchent pas ce point : le résultat dépend d’une hypothèse nommée, que le texte laisse "
          "ouverte. Selon la lecture par défaut du moteur :",
    "en": "The rules do not settle this: the outcome depends on a named assumption the text leaves open. "
          "Under the engine's default reading:",
}


def _checked(answer: Answer, grounded: GroundedAnswer, filled: FilledGap | None = None) -> CheckedAnswer:
    """The engine-checked answer: its text, the engine's citations first (the rule that decided leads), then the
    retrieved ones, each passage once.

    Confidence is how often an engine verdict of that method (frame or template) and kind (yes, no, a number,
    a name, a description) was right on the training questions (``engine_confidence``). When the verdict moves
    with a named assumption the run relied on, the rules do not settle the question: the answer abstains, says
    so, and gives the outcome under each reading (the engine's account), its confidence that of an abstention.
    When the question lands on a known gap the run filled with its named assumption, untried (``filled``,
    :mod:`.answers.filled_gaps`), the verdict stays first and the answer adds that it rests on that assumption, not on
    a rule, at a confidence of at most :data:`.answers.filled_gaps.ASSUMED_CONFIDENCE`.
    """
    engine_cited = {(c.section, c.start, c.end) for c in grounded.citations}
    retrieved: list[Citation] = [c for c in answer.citations if (c.section, c.start, c.end) not in engine_cited]
    rules = decisive_rules(grounded.citations, answer.citations, grounded.raw, grounded.deciding)
    open_rule = rules_leave_it_open(grounded.check)
    text = grounded.worded(rules.quoted)
    if open_rule:
        text = f"{_RULES_LEAVE_IT_OPEN.get(answer.language, _RULES_LEAVE_IT_OPEN['en'])} {text}"
    confidence = min(answer.confidence, answer.answerable) if open_rule else engine_confidence(
        grounded.raw, grounded.check.method, grounded.verdict_type, grounded.score)
    if filled is not None and not open_rule:
        text = f"{text} {filled.note(answer.language)}"
        confidence = min(confidence, ASSUMED_CONFIDENCE)
    ruled = replace(answer, text=text, abstained=open_rule, confidence=round(confidence, 4),
                    citations=once_per_passage((*rules.cited, *retrieved)))
    return CheckedAnswer.of(ruled, grounded.check, grounded.explanation)


ONE_OF_SEVERAL_CONFIDENCE = 0.5
"""The most an answer is trusted when the question asks several things of one form and it rules on one: the
other asks go unanswered (a prior, not fit: 1 of the 2 such training questions was right at the start)."""
_ONE_OF_SEVERAL = {
    "fr": "(Cette réponse ne tranche qu’une des questions posées.)",
    "en": "(This answer rules on only one of the questions asked.)",
}


def joined(answered: Sequence[tuple[int, CheckedAnswer]], one_of_several: bool = False) -> CheckedAnswer:
    """One answer to a question that asks several things, from ``(where the ask starts, its answer)`` pairs,
    the whole question's answer first.

    The texts follow the order asked. The whole is right only when every part is, so the confidence is the
    product of the parts' (their errors taken as independent). The whole question's answer decides the rest:
    its citations lead (then the parts' new ones), its abstention stands (a part adds a ruling, it does not
    overrule the whole's abstention), its engine check is shown (or the first part's). ``one_of_several``: the
    answer rules on one of several asks of one form, which the text says and the confidence (at most
    :data:`ONE_OF_SEVERAL_CONFIDENCE`) reflects.
    """
    whole = answered[0][1]
    answers = [answer for _, answer in answered]
    text = " ".join(answer.text for _, answer in sorted(answered, key=lambda pair: pair[0]))
    confidence = math.prod(answer.confidence for answer in answers)
    if one_of_several:
        confidence = min(confidence, ONE_OF_SEVERAL_CONFIDENCE)
        text += " " + _ONE_OF_SEVERAL.get(whole.language, _ONE_OF_SEVERAL["en"])
    citations = tuple({(c.section, c.start, c.end): c for a in answers for c in a.citations}.values())
    checked = next((a for a in answers if a.engine_check is not None), whole)
    return replace(whole, text=text, confidence=round(confidence, 4), citations=citations,
                   engine_check=checked.engine_check, explain=checked.explain)


def rules_leave_it_open(check: EngineCheck) -> bool:
    """Whether the verdict moves with a named assumption the run relied on (a reading about it changes it).

    An open check whose readings are only about what the question leaves unsaid ("it depends on
    which card") is the question's gap, not the rules': it is answered "it depends".
    """
    verdicts: dict[str, set[str]] = {}
    for reading in check.readings:
        if reading.about in check.assumptions:
            verdicts.setdefault(reading.about, set()).add(repr(reading.verdict))
    return check.open and any(len(seen) > 1 for seen in verdicts.values())
