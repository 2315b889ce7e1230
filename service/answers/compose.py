"""Answers: a ruling first, then the verified rulebook sentences it rests on, or an honest abstention.

1. Every sentence of the retrieved passages is a candidate (:mod:`.candidates`); the
   reranker (:mod:`.reranker`) puts the one that answers first.
2. The ruling comes from the question's form (:mod:`.rulings`): Oui/Non, a number, or
   none ("La règle qui s'applique :").
3. The quotes are exactly the rulebook's text (checked on every answer). An English
   question is answered in English: the unofficial English translation of each quoted
   sentence, with the French original beside it.
4. ``confidence`` is the calibrated probability that the ruling is right
   (:mod:`.calibration`); the answer abstains when the question is probably not
   answerable from the rules, and then says what the rulebook lacks when it can.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from index.chunker import section_title
from language import COUNT, POLAR, WHICH, WHO, detect_language, fold, number_value, question_form, stem, words
from language.sentences import asking_sentence
from service.answers.abstention import decide, question_signals
from service.answers.answer_types import Expectation
from service.answers.calibration import AnswerModels, answer_features, default_models
from service.answers.candidates import FEATURES, Candidate, QuestionView, candidates, question_view
from service.answers.circumstances import circumstance, meets
from service.answers.choices import Alternative, alternatives, choose, named_candidates
from service.answers.corpus import CorpusTexts, Rulebook
from service.answers.credits import asked_credits, credit_for, rulebook_credits, stating_sentence
from service.answers.evidence import EVIDENCE_DEPTH, Evidence, weigh_evidence
from service.answers.gaps import KnownGap, gap_catalogue, match
from service.answers.metadata import (PlayerRange, asks_player_count, proposed_players, stated_players,
                                      unstated_field, unstated_measure)
from service.answers.orders import rulebook_orders
from service.answers.polarity import faq_opening
from service.answers.reranker import rank
from service.answers.roles import bound_role, says_act
from service.answers.silent_topics import (PER_QUESTION_DEPTH, game_names, settled_here, silent_topics_by_reading,
                                          topic_asked)
from service.answers.withheld import announcement_covers_more, asked_nouns, passage_spans, withheld
from service.answers.rulings import (NO_RULING, Ruling, first_alternative_asks_yes_no, form_kind, number_ruling,
                                     opens_as_yes_no, opens_with_condition, person_ruling, players_ruling, role_ruling,
                                     yes_no_ruling)
from service.answers.wording import abstention_text, answer_text, known_gap_text

LANGUAGES = ("fr", "en")


class SentenceLike(Protocol):
    text: str
    start: int
    end: int
    score: float


class HitLike(Protocol):
    game: str
    section: str
    passage: str
    score: float
    source: tuple[str, int, int]
    lexical: float
    dense: float
    sentences: Sequence[SentenceLike]


@dataclass(frozen=True)
class Citation:
    """A cited passage: ``quote`` is exactly the rulebook text at ``path[start:end]``.

    ``english`` is the quote's unofficial English translation ("" when the game has none).
    """

    section: str
    quote: str
    passage: str
    score: float
    path: str
    start: int
    end: int
    english: str = ""


@dataclass(frozen=True)
class Answer:
    """An answer with its citations, best first.

    ``confidence`` is the estimated probability that the ruling is right; an abstention
    rules nothing, and its confidence is that of the closest rule it cites (see
    :func:`_abstention_confidence`): low.
    """

    text: str
    abstained: bool
    confidence: float
    language: str
    citations: tuple[Citation, ...]
    evidence: Evidence
    ruling: Ruling = NO_RULING
    form: str = "polar"
    signals: tuple[float, ...] = ()
    """The :data:`~service.answers.calibration.ANSWER_FEATURES` the confidence was computed from."""
    answerable: float = 0.0
    """The modelled probability that the rules answer the question."""


def load_catalogues(corpus_dir: Path) -> None:
    """Read the known gaps and silent topics of every game now (about 2 s): read on a worker's first question,
    they held it and its neighbours for seconds, and each request thread that met them empty read them again."""
    gap_catalogue(corpus_dir)
    silent_topics_by_reading(corpus_dir)
    game_names(corpus_dir)


def compose_answer(
    question: str,
    game: str,
    hits: Sequence[HitLike],
    corpus: CorpusTexts,
    *,
    lang: str | None = None,
    max_citations: int = 3,
    models: AnswerModels | None = None,
) -> Answer:
    """Build the answer to ``question`` from the retriever's ``hits`` (best first).

    Args:
        question: the player's question, in French or English.
        game: the game id the hits come from.
        hits: retrieved passages of ``game``, best first.
        corpus: the loaded rulebook texts that every quote is verified against.
        lang: ``"fr"`` or ``"en"`` for the answer; detected from the question when None.
        max_citations: how many passages to cite at most (each section once).
        models: the fitted models (the saved ones when None; the fit script passes its own).

    Returns:
        The answer; ``abstained`` is true when the question is probably not answered by the rules.

    Raises:
        ValueError: when ``lang`` is not one of :data:`LANGUAGES`.
        QuoteMismatchError: when a hit's offsets do not match the rulebook (a bug upstream).
    """
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"lang: expected one of {LANGUAGES} or None, got {lang!r}")
    models = models or default_models()
    language = lang or detect_language(question)
    rulebook = corpus.rulebook(game)
    view = question_view(question, language, rulebook)
    ranked = rank(candidates(view, hits, rulebook), models.reranker)
    citations = _citations(ranked, hits, rulebook, corpus, max_citations)
    evidence = weigh_evidence(list(view.stems), hits[:EVIDENCE_DEPTH], rulebook, language)
    evidence = dataclasses.replace(
        evidence,
        answer_type_given=bool(ranked) and (not view.expectations or ranked[0][0].met),
        unstated_field=unstated_field(view.expectations, rulebook.front_matter)
        or _unstated_players(view.text, rulebook.front_matter) or unstated_measure(view.text, view.expectations, rulebook.text),
    )
    form = question_form(question)
    if not citations:
        return Answer(abstention_text(language, (), evidence.unstated_field), True, 0.0, language, (), evidence,
                      form=form)
    quotes = answer_quotes(ranked, models.second_quote_ratio)
    players = stated_players(rulebook.front_matter)
    probability = {id(candidate): p for candidate, p in ranked}
    ruling, quotes = _ruling(form, view, quotes, [c for c, _ in ranked], rulebook, models, players, corpus.corpus_dir,
                             probability)
    if ruling.stated and players and ruling.kind != "person":  # a credit states a name, not the player range
        quotes = _stating(players, ranked, quotes)
    if (ruling.kind in ("choice", "person", "number") or form == WHO) and quotes[0] is not ranked[0][0]:
        # the sentence that decides (or, for "who", names who does not do the act) is cited first
        citations = _citations([(quotes[0], 1.0), *ranked], hits, rulebook, corpus, max_citations)
    signals = question_signals(question, view.stems, rulebook, language)
    features = answer_features(form, ruling, [p for _, p in ranked], evidence, language, bool(quotes[0].english),
                               signals)
    p_right = models.confidence.probability(features) if models.confidence else evidence.strength
    p_answerable = models.answerable.probability(features) if models.answerable else evidence.strength
    gap = match(question, gap_catalogue(corpus.corpus_dir).get(game, ()), rulebook)
    topic = topic_asked(question, game, corpus.corpus_dir, rulebook, language)
    asked_kinds = [e.kind for e in view.expectations]
    sentences = [sentence for sentence, _ in ranked]
    if topic is not None and topic.gap.per_question and settled_here(topic.gap,
                                                                     [s.text for s in sentences[:PER_QUESTION_DEPTH]]):
        topic = None  # a sentence retrieved for the question weighs the choices: the rules may settle it
    nouns = asked_nouns(view.expectations, rulebook.bridges)
    data = withheld(asked_kinds, sentences, gap_catalogue(corpus.corpus_dir).get(game, ()),
                    passages=passage_spans(sentences, [hit.source for hit in hits]), nouns=nouns)
    gives_withheld = data is None or not announcement_covers_more(data, quotes[0], sentences, nouns)
    decision = decide(evidence, asked_kinds, quotes[0].met, p_answerable, models.abstain_below,
                      gap, models.known_gap_at, topic, data, gives_withheld)
    if decision.abstain and decision.gap is not None and not ruling.stated:
        cited = _with_gap_citation(decision.gap.gap, rulebook, corpus, citations, max_citations)
        return Answer(known_gap_text(language, decision.gap.gap, cited[0]), True,
                      _abstention_confidence(decision.reason, p_right, p_answerable), language, cited, evidence,
                      ruling, form, features, p_answerable)
    if decision.abstain and not ruling.stated:  # a front-matter ruling holds whatever the retriever found
        text = abstention_text(language, citations, decision.lacking,
                               decision.topic.gap.lacks.get(language) if decision.topic else None)
        return Answer(text, True, _abstention_confidence(decision.reason, p_right, p_answerable), language, citations,
                      evidence, ruling, form, features, p_answerable)
    text = answer_text(language, ruling, quotes)
    return Answer(text, False, round(p_right, 4), language, citations, evidence, ruling, form, features, p_answerable)


def _with_gap_citation(gap: KnownGap, rulebook: Rulebook, corpus: CorpusTexts, retrieved: tuple[Citation, ...],
                       max_citations: int) -> tuple[Citation, ...]:
    """The sentence that leaves the gap open first (verified), then the retrieved rules of other sentences."""
    corpus.verify_quote(rulebook.game, gap.path, gap.start, gap.end, gap.quote)
    own = Citation(gap.section, gap.quote, gap.quote, 1.0, gap.path, gap.start, gap.end,
                   rulebook.english_of(gap.start, gap.end))
    others = [c for c in retrieved if not (c.start <= gap.start < c.end or gap.start <= c.start < gap.end)]
    return (own, *others)[:max_citations]


def _abstention_confidence(reason: str | None, p_right: float, p_answerable: float) -> float:
    """How likely the closest rule an abstention cites is the answer after all.

    A right answer needs rules that answer, so it is at most P(answerable); a field the front
    matter leaves null is known to be unanswered.
    """
    if reason == "unstated_field":
        return 0.0
    return round(min(p_right, p_answerable), 4)


def _ruling(form: str, view: QuestionView, quotes: list[Candidate], ranked: list[Candidate], rulebook: Rulebook,
            models: AnswerModels, players: PlayerRange | None, corpus_dir: Path, probability: dict[int, float]
            ) -> tuple[Ruling, list[Candidate]]:
    """The ruling and the quotes, the sentence it rests on first (``ranked``: every candidate, best first)."""
    stated = players_ruling(form, players, asks_player_count(view.expectations),
                            proposed_players(view.text, str(rulebook.front_matter.get("title", ""))))
    if stated.stated:
        return stated, quotes
    credited = _credited(view, quotes, ranked, rulebook, corpus_dir)
    if credited:
        return credited
    options = alternatives(view.text) if form != COUNT else None
    chosen = _choice(view, options, ("stated",), quotes) if options else None
    if chosen:  # "face visible ou face cachée ?" is answered by the alternative, whatever the form says
        return chosen
    ruling, quotes = _form_ruling(form, view, quotes, ranked, rulebook, models, probability)
    if ruling.kind == "rule" and form == WHICH:
        return _choice(view, named_candidates(view.text), ("excluded",), quotes) or (ruling, quotes)
    return ruling, quotes


def _credited(view: QuestionView, quotes: list[Candidate], ranked: list[Candidate], rulebook: Rulebook,
              corpus_dir: Path) -> tuple[Ruling, list[Candidate]] | None:
    """The names the rulebook credits for the roles a credit question asks ("who designed it, and when?"), the
    sentences that state them quoted first (read from the rulebook when retrieval missed them: a credit line shares no
    word with "who made it?"); None when the question asks no credit or the rulebook credits no one in a role asked."""
    roles = asked_credits(view.text, str(rulebook.front_matter.get("title", "")))
    credits = [credit_for(role, rulebook_credits(rulebook.text)) for role in roles]
    if not credits or None in credits:
        return None
    stating = []
    for credit in credits:
        found = next((c for c in ranked if c.start <= credit.start < c.end), None)
        if found is None:
            sentence = stating_sentence(corpus_dir, rulebook.game, credit)
            if sentence is None:
                return None
            found = Candidate(UNRETRIEVED, 0, sentence.start, sentence.end, sentence.text, sentence.section,
                              rulebook.english_of(sentence.start, sentence.end), True, (0.0,) * len(FEATURES))
        if all(found is not other for other in stating):
            stating.append(found)
    names = ", ".join(credit.name for credit in credits)
    return (Ruling("person", value=names, english=names, stated=True),
            [*stating, *(q for q in quotes if all(q is not s for s in stating))][:MAX_QUOTES])


def _choice(view: QuestionView, options: Sequence[Alternative], how: tuple[str, ...], quotes: list[Candidate]
            ) -> tuple[Ruling, list[Candidate]] | None:
    """The question's own candidate that a rule sentence leaves, with that sentence quoted first.

    The candidates are an either-or question's alternatives, or the things a "which" question names. Only the
    quotes are read: a lower-ranked sentence that names one alternative was wrong as often as right (tuning).
    """
    if len(options) < 2:
        return None
    in_english = view.language == "en" and all(c.english for c in quotes)  # the candidates are in English
    chosen = choose(view.text, options, [c.english if in_english else c.text for c in quotes],
                    "en" if in_english else "fr", how)
    if chosen is None:
        return None
    deciding = quotes[chosen.index]
    return (Ruling("choice", value=chosen.chosen.text),
            [deciding, *(q for q in quotes if q is not deciding)][:MAX_QUOTES])


def _form_ruling(form: str, view: QuestionView, quotes: list[Candidate], ranked: list[Candidate], rulebook: Rulebook,
                 models: AnswerModels, probability: dict[int, float]) -> tuple[Ruling, list[Candidate]]:
    """The ruling the question's form asks for, and the quotes with the sentence it rests on first."""
    best = quotes[0]
    kind = form_kind(form)
    if form == WHICH and first_alternative_asks_yes_no(view.text):
        kind = "yes_no"
    if kind == "number":
        numbers = [e for e in view.expectations if e.kind == "number"]
        ruling = NO_RULING
        if numbers and numbers[0].measure:
            ruling, quotes = _measured(numbers[0], view, quotes, ranked, rulebook)
        elif numbers:
            ruling, quotes = _counted(numbers[0], view, quotes, rulebook, [probability.get(id(q), 0.0) for q in quotes])
        if ruling.kind != "rule" or not opens_as_yes_no(view.text):
            return ruling, quotes
        kind = "yes_no"  # "Do I get to decide first how many …?": no number bound, Oui/Non may still answer
    if kind == "yes_no":
        ruling, index = yes_no_ruling(view.text, view.language, quotes,
                                      [faq_opening(rulebook, quote.start) for quote in quotes], models.reading,
                                      models.polarity, rulebook_orders(rulebook.text))
        return ruling, [quotes[index], *(q for i, q in enumerate(quotes) if i != index)]
    if kind == "person":
        return _person(view, quotes, ranked)
    return NO_RULING, _circumstance_first(view, quotes)


def _circumstance_first(view: QuestionView, quotes: list[Candidate]) -> list[Candidate]:
    """The quotes with the first one written for the question's told circumstance first, when the best is not
    ("what happens if X": the rule whose condition is X rules; its neighbours explain)."""
    told = circumstance(view.text, view.language, asked=True)
    if meets(told, _in_language(quotes[0], view.language), view.language):
        return quotes
    meeting = next((q for q in quotes if meets(told, _in_language(q, view.language), view.language)), None)
    return quotes if meeting is None else [meeting, *(q for q in quotes if q is not meeting)]


def _counted(expectation: Expectation, view: QuestionView, quotes: list[Candidate], rulebook: Rulebook,
             scores: Sequence[float]) -> tuple[Ruling, list[Candidate]]:
    """The count bound to the asked noun in the first quote that gives one, that quote first: the best sentence may
    share the question's words ("20 cases sur le plateau") while the next one binds the asked noun ("cinq colonnes").
    A later quote is read only when it is a close rival of the best (:data:`COUNT_RIVAL_RATIO`) and states the rule
    itself, not a case of it (« Si le guet-apens est éliminé…, volez 3 points »: the question may not be in that case);
    ``scores`` are the quotes' reranker probabilities."""
    for index, (quote, score) in enumerate(zip(quotes, scores)):
        rival = index > 0
        if not quote.met or (rival and (score < COUNT_RIVAL_RATIO * scores[0] or opens_with_condition(quote.text))):
            continue
        ruling = number_ruling(expectation, quote.text, view.text, rulebook.bridges, section_title(quote.section),
                               quote.english, view.language)
        if ruling.kind == "number" and not (rival and not _names_the_count(ruling, expectation)):
            return ruling, [quote, *(q for q in quotes if q is not quote)]
    return NO_RULING, quotes


def _names_the_count(ruling: Ruling, expectation: Expectation) -> bool:
    """Whether a rival quote's count says the asked noun itself, in the rule or its translation, and counts two or more:
    a bridged word (« 2 pièces » for "cartes") counts something else, « aucune carte ne capture » negates its verb and
    « votre seule carte » sets a condition."""
    said = {stem(word) for word in words(f"{ruling.value} {ruling.english}")}
    asked = {stem(word) for word in expectation.asked}
    return number_value(ruling.value.split()[0]) not in (0, 1) and bool(said & asked)


def _measured(expectation: Expectation, view: QuestionView, quotes: list[Candidate], ranked: list[Candidate],
              rulebook: Rulebook) -> tuple[Ruling, list[Candidate]]:
    """A measure's number ("how long": minutes; "how old": ans), bound to its unit in the quotes, then in every other
    candidate, its sentence quoted first: the sentence that says « environ 20 minutes » may rank low, and a number
    bound to no unit of the measure (« 3 manches ») does not answer it."""
    read = [*quotes, *(c for c in ranked if all(c is not q for q in quotes))]
    for sentence in read:
        ruling = number_ruling(expectation, sentence.text, view.text, rulebook.bridges, section_title(sentence.section),
                               sentence.english, view.language)
        if ruling.kind == "number":
            return ruling, [sentence, *(q for q in quotes if q is not sentence)][:MAX_QUOTES]
    return NO_RULING, quotes


def _person(view: QuestionView, quotes: list[Candidate], ranked: list[Candidate]) -> tuple[Ruling, list[Candidate]]:
    """The role a rule names as the doer of the asked act, its sentence quoted first; else the best quote's role.

    The quotes are read first, then every other candidate: the rule that names who does the act may rank low
    ("The oldest player starts the game" for "who goes first?").
    """
    read = [*quotes, *(c for c in ranked if all(c is not q for q in quotes))]
    told = circumstance(view.text, view.language, asked=True)
    meeting = [c for c in read if meets(told, _in_language(c, view.language), view.language)]
    read = [*meeting, *(c for c in read if all(c is not m for m in meeting))]  # the rule for the circumstance first
    bound = bound_role(view.text, asking_sentence(view.text), view.language, [(c.text, c.english) for c in read])
    best_is_the_rule = any(quotes[0] is m for m in meeting) and says_act(
        view.text, _in_language(quotes[0], view.language), view.language, told)
    # the best sentence is the rule for the told circumstance and says the asked act: a role bound in a sentence
    # written for another circumstance is a neighbour's answer; only the rule's own role may rule
    neighbours = bound is not None and best_is_the_rule and all(read[bound.index] is not m for m in meeting)
    ruling = role_ruling(bound, view.language) if bound else NO_RULING
    if bound is None or neighbours or (ruling.kind == "rule" and not bound.negated):
        return person_ruling(quotes[0].text, quotes[0].english, view.language), quotes
    sentence = read[bound.index]  # a rule saying who does not do the act is quoted first, without a ruling
    return ruling, [sentence, *(q for q in quotes if not _same_sentence(q, sentence))][:MAX_QUOTES]


_PAGE_REFERENCE = re.compile(r"\(p\.[^)]*\)")


def _same_sentence(one: Candidate, other: Candidate) -> bool:
    """Whether two candidates say the same sentence, a page reference aside: a rule the rulebook repeats in its
    questions section is quoted once."""
    return words(_PAGE_REFERENCE.sub(" ", one.text)) == words(_PAGE_REFERENCE.sub(" ", other.text))


def _in_language(candidate: Candidate, language: str) -> str:
    """The sentence as the asker reads it: its English translation for an English question, when there is one."""
    return candidate.english if language == "en" and candidate.english else candidate.text


COUNT_RIVAL_RATIO = 0.5
"""A quote after the best gives the count only when the reranker scores it at least this share of the best: a sentence
far below it that happens to bind the asked noun ("remplacer 1 Pièce par 1 Rubis" for the starting coins) answers
another question (dev17 probe and earlier helpers' build probes)."""
UNRETRIEVED = -1
"""The ``hit_rank`` of a sentence the answer read from the rulebook itself, not from a retrieved passage."""
MAX_QUOTES = 3
"""Sentences an answer quotes at most. Measured offline on the training questions without engine checks
(``scripts/eval_quotes.py``): ruling correct 0.278 with at most two, 0.325 with at most three (194
answerable); tuning part 0.412 → 0.424 (85)."""


def _unstated_players(question: str, front_matter: dict) -> str | None:
    """``players`` when the question asks whether the game plays with N and the rulebook gives no player count."""
    if "players" not in front_matter or front_matter["players"] is not None:
        return None
    return "players" if proposed_players(question, str(front_matter.get("title", ""))) is not None else None


def _stating(players: PlayerRange, ranked: list[tuple[Candidate, float]], quotes: list[Candidate]) -> list[Candidate]:
    """The quotes with the sentence that states the player range first, when a candidate states it."""
    spellings = [fold(s) for s in players.spellings()]
    stating = next((c for c, _ in ranked if any(s in fold(c.text) for s in spellings)), None)
    if stating is None:
        return quotes
    return [stating, *[q for q in quotes if q.text.strip() != stating.text.strip()]][:MAX_QUOTES]


def answer_quotes(ranked: list[tuple[Candidate, float]], ratio: float) -> list[Candidate]:
    """The best sentence, then each next best (up to :data:`MAX_QUOTES`) while it scores at least ``ratio`` of the best.

    A rule often takes two or three sentences (the rule, its exception, its example).
    """
    best, best_p = ranked[0]
    quotes = [best]
    for candidate, p in ranked[1:]:
        if len(quotes) == MAX_QUOTES or p < ratio * best_p:
            break
        if all(candidate.text.strip() != quote.text.strip() for quote in quotes):
            quotes.append(candidate)
    return quotes


def _citations(
    ranked: list[tuple[Candidate, float]], hits: Sequence[HitLike], rulebook: Rulebook, corpus: CorpusTexts,
    max_citations: int,
) -> tuple[Citation, ...]:
    """One citation per retrieved passage, in the order of their best sentence; each quotes that sentence.

    Two passages of one long section stay two citations: the later one may hold the answer.
    """
    cited: list[Citation] = []
    seen_hits: set[int] = set()
    for candidate, probability in ranked:
        if candidate.hit_rank in seen_hits:
            continue
        seen_hits.add(candidate.hit_rank)
        if candidate.hit_rank == UNRETRIEVED:  # a sentence read from the rulebook itself: it is its own passage
            path = str(hits[0].source[0])
            corpus.verify_quote(rulebook.game, path, candidate.start, candidate.end, candidate.text)
            cited.append(Citation(candidate.section, candidate.text, candidate.text, 1.0, path, candidate.start,
                                  candidate.end, candidate.english))
            if len(cited) == max_citations:
                break
            continue
        hit = hits[candidate.hit_rank]
        path, start, end = hit.source
        quote = rulebook.text[candidate.start : candidate.end]
        corpus.verify_quote(hit.game, path, candidate.start, candidate.end, quote)
        corpus.verify_quote(hit.game, path, start, end, hit.passage)
        cited.append(Citation(hit.section, quote, hit.passage, float(hit.score), str(path), candidate.start,
                              candidate.end, candidate.english))
        if len(cited) == max_citations:
            break
    return tuple(cited)
