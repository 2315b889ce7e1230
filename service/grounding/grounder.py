"""Answer edge-case questions by running the engine: the grounding layer's one entry point.

:class:`Grounder` loads every game's glossary, hook and templates at warm-up.
For a question it recognises the entities, picks the template (or none), fills
its slots, runs the engine and returns the ``engine_check`` object of
``/v1/ask`` with the verdict-first answer text and the cited rules. Games plug
in with files only: ``corpus/<game>/glossary.yaml``, templates under
``corpus/<game>/scenarios/`` and, optionally, ``engine/<game>/questions.py``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Mapping

from engine.core.events import Event
from engine.core.registry import available_games
from engine.core.scenario import _matches, build_game
from service.answers.compose import Citation
from language import detect_language, fold
from language.lemmas import load_dictionaries
from service.grounding.accounting import (
    deciding_defaults, described_terms, overridden_counts, overridden_reason, unplaced_values, with_stated_count,
)
from service.grounding.aside import without_asides
from service.grounding.asked_negation import negated_ask
from service.grounding.asked_term import other_term_asked
from service.grounding.asked_unit import unit_mismatch
from service.grounding.catalog import Template, load_templates
from service.grounding.budget import Budget
from service.grounding.checking import Run, flipped, run_template
from service.grounding.citations import CitationResolver, cited_rules
from service.grounding.entities import Entity, Recogniser, load_glossary
from service.grounding.filling import Filling, fill_slots
from service.grounding.binding import absent, binding_problem, fixed_mentions, mismatch, offers_a_time
from service.grounding.forms import answers_form, asks_opposite, question_form, template_forms
from service.grounding.hooks import load_hooks
from service.grounding.matching import MATCH_THRESHOLD, Embedder, Match, TemplateMatcher
from service.grounding.mending import QuestionMender
from service.grounding.frame import Frame, addressed, parse_frame
from service.grounding.frame_answer import frame_answer, named_asker, with_asker_named
from service.grounding.framing import check_compiled, load_frame_modules, play_variants
from service.grounding.legality import LegalityCheck, load_declarations
from service.grounding.lexicons import GameLexicon, load_game_lexicon, with_borrowed_asks
from service.grounding.quantity import QuantityAsker
from service.grounding.results import (
    Declined, EngineCheck, Explanation, GroundedAnswer, PassedOver, Provenance, Reading,
)
from service.grounding.wording import account, verdict_phrase, verdict_value

_TEMPLATE_ONLY_KEYS = ("questions", "slots", "answer", "requires", "conflicts")
_SITUATION_WORDS = frozenset(
    "je j me moi mon ma mes on si quand lorsque nous notre nos i im me my mine if when we our".split()
)
"""Words that put the asker in a position: an edge question describes one, a lookup does not."""
FRAME_FORMS = {"yes_no": ("polar",), "number": ("count", "open"), "player": ("who", "which"), "card": ("which",),
               "text": ("open",)}
"""The question forms each verdict type answers: "which card is discarded?" never gets "yes"."""
_SITUATION_ENTITIES = frozenset({"number", "player_count", "player", "marker", "value"})


class Grounder:
    """Edge-case questions answered by the rules engines.

    Args:
        corpus_dir: the folder of ``<game>/`` corpora (rules, glossary, scenarios).
        embedder: optional sentence embedder (the index's) for template matching.
        budget: the step budget of each position played and the wall-clock fuse (:mod:`.budget`).
        threshold: minimum template score (see :mod:`.matching`).
        precompute_quantities: read every state quantity at warm-up (the service does).

    Example:
        >>> grounder = Grounder(Path("corpus"))
        >>> grounder.warm_up()
        >>> grounded = grounder.check("Mon Matelot au Port avec une Sorcière : doublé ?", "emblemes")
    """

    def __init__(
        self,
        corpus_dir: Path,
        embedder: Embedder | None = None,
        budget: Budget = Budget(),
        threshold: float = MATCH_THRESHOLD,
        precompute_quantities: bool = False,
    ):
        self.corpus_dir = Path(corpus_dir)
        self.embedder = embedder
        self.budget = budget
        self.threshold = threshold
        self.recognisers: dict[str, Recogniser] = {}
        self.templates: list[Template] = []
        self._matcher: TemplateMatcher | None = None
        self._citations = CitationResolver(self.corpus_dir)
        self._prepare: dict[str, Any] = {}
        self._describe: dict[str, Any] = {}
        self._fixed: dict[str, frozenset] = {}
        self._frames: dict[str, Any] = {}
        self._placeholders: frozenset[str] = frozenset()
        self._lexicons: dict[str, GameLexicon] = {}
        self._english: dict[str, dict[str, str]] = {}
        self._mender: QuestionMender | None = None
        self._quantities = QuantityAsker(self.corpus_dir, self._citations.resolve,
                                         budget=budget, precompute=precompute_quantities)
        self._legality: LegalityCheck | None = None

    @classmethod
    def from_settings(cls, settings: Any, embedder: Embedder | None = None) -> "Grounder":
        """The grounder of ``settings`` (``service.core.config.Settings``): its corpus, step budget and fuse; its
        state quantities read at warm-up."""
        budget = Budget(settings.scenario_max_steps, settings.engine_check_fuse_s)
        return cls(settings.corpus_dir, embedder=embedder, budget=budget, precompute_quantities=True)

    def warm_up(self) -> None:
        """Load glossaries, hooks, templates and the lemma dictionaries; featurise and embed the templates' phrasings."""
        load_dictionaries()
        hooks = load_hooks()
        self._prepare = {game: game_hooks.prepare for game, game_hooks in hooks.items() if game_hooks.prepare}
        self._describe = {game: game_hooks.describe for game, game_hooks in hooks.items() if game_hooks.describe}
        self.recognisers = {
            folder.name: Recogniser(load_glossary(folder / "glossary.yaml"), getattr(hooks.get(folder.name), "recognise", None))
            for folder in sorted(self.corpus_dir.iterdir())
            if (folder / "rules.md").is_file()
        }
        self._english = {game: _english_names(recogniser) for game, recogniser in self.recognisers.items()}
        self._placeholders = _placeholder_assumptions()
        self._frames = load_frame_modules()
        self._lexicons = with_borrowed_asks({game: self._lexicon(game, module) for game, module in self._frames.items()})
        self.templates = load_templates(self.corpus_dir)
        self._fixed = {t.path: fixed_mentions(t, self.recognisers[t.game]) for t in self.templates}
        self._matcher = TemplateMatcher(self.templates, self.recognisers, self.embedder, self.threshold)
        self._matcher.warm_up()
        self._citations.warm_up()
        self._quantities.warm_up()
        self._mender = QuestionMender.from_corpus(self.corpus_dir)
        self._mender.warm_up()
        self._legality = LegalityCheck(load_declarations(), self._citations.resolve, self.budget)

    def _lexicon(self, game: str, module: Any) -> GameLexicon:
        path = self.corpus_dir / game / "lexicon.yaml"
        if not path.is_file():
            raise ValueError(f"{path}: missing; engine/{game}/frames.py needs the game's question lexicon")
        return load_game_lexicon(path, module)

    @property
    def ready(self) -> bool:
        return self._matcher is not None

    def entities(self, question: str, game: str) -> list[Entity]:
        """The entities of ``question`` (empty for a game without a corpus folder)."""
        recogniser = self.recognisers.get(game)
        return recogniser.recognise(question) if recogniser else []

    def check(self, question: str, game: str, language: str | None = None) -> GroundedAnswer | None:
        """The engine-checked answer to ``question``, or None when no template fits, the run fails or a compiled
        position was withdrawn (:meth:`attempt` says why).

        Raises:
            FuseBlown: the engine runs outlived the wall-clock fuse (:mod:`.budget`): no verdict, and no None either,
                so that the caller can say why the question got no engine check.
            RuntimeError: before :meth:`warm_up`.
            ValueError: when ``language`` is not ``fr``, ``en`` or None.
        """
        attempted = self.attempt(question, game, language)
        return attempted if isinstance(attempted, GroundedAnswer) else None

    def attempt(self, question: str, game: str, language: str | None = None) -> GroundedAnswer | Declined | None:
        """:meth:`check`, with the reason when a position was compiled and withdrawn (:class:`Declined`: it does not
        answer what the question asks), for the referee's ``explain``. Raises as :meth:`check` does."""
        if self._matcher is None:
            raise RuntimeError("Grounder is not loaded: call warm_up() first")
        if language not in (None, "fr", "en"):
            raise ValueError(f"language: expected 'fr', 'en' or None, got {language!r}")
        language = language or detect_language(question)
        question = self._mender.mend(question, game)
        entities = self.entities(question, game)
        checked = self._checked(question, game, language, entities)
        if isinstance(checked, Declined):
            return checked
        return with_asker_named(checked, named_asker(question, entities))

    def _checked(self, question: str, game: str, language: str,
                 entities: list[Entity]) -> GroundedAnswer | Declined | None:
        """:meth:`check` on the mended question and its entities."""
        if game in self._lexicons:
            spoken = without_asides(question, entities, self._lexicons[game], self.recognisers[game].is_slip)
            if spoken != question:  # chatter around the question: its numbers and names are no facts of the game
                question, entities = spoken, self.entities(spoken, game)
        legal = self._legality.check(question, game, language, entities)
        if legal is not None and legal.check.scenario["allowed"] in (0, legal.check.scenario["positions"]):
            return legal  # a move the rules allow or forbid in every position played: a default position says no more
        parsed = functools.cache(lambda: self._parsed(question, game, language, entities))  # one parse for both readers
        framed = self._from_frame(game, language, parsed)
        if framed is not None:
            return framed  # a frame module only compiles a position the question describes (or withdraws it)
        counted = self._quantities.check(question, game, language, parsed,
                                         self._lexicons[game].actions if game in self._lexicons else None)
        if counted is not None:
            return counted  # a state quantity the engine reads, every stated fact bound
        chosen = self._choose(question, game, entities) if _describes_situation(question, entities) else None
        run = None if chosen is None else run_template(chosen[0].template, chosen[1].values, self.budget, self._prepare.get(game))
        if run is None:  # no position described or templated: "can I <move>?" from the legal actions, or nothing
            return legal
        match, filling, passed_over = chosen
        answer = match.template.answer
        if answer.get("type") == "number":  # a template's count, like a frame's, answers only the count asked
            other_count = self._other_count(question, entities, answer.get("unit"), game)
            if other_count is not None:
                return Declined(other_count)
        deciding = self._deciding_defaults(match.template, filling, run, game, parsed())
        if deciding:
            return Declined(f"the verdict rests on the template's default {', '.join(deciding)}, which the question "
                            "does not state")
        if asks_opposite(match.template, question):
            run = flipped(run)
        grounded = self._grounded(game, language, match, filling, entities, run)
        return replace(grounded, explanation=replace(grounded.explanation, passed_over=passed_over))

    def frame(self, question: str, game: str, language: str | None = None):
        """The question's :class:`~service.grounding.frame.Frame` (None for a game without a frame module)."""
        if game not in self._lexicons:
            return None
        language = language or detect_language(question)
        if self._mender is not None:
            question = self._mender.mend(question, game)
        entities = self.entities(question, game)
        return parse_frame(question, game, language, question_form(question), entities, self._lexicons[game])

    def _parsed(self, question: str, game: str, language: str, entities: list[Entity]):
        if game not in self._lexicons:
            return None
        return parse_frame(question, game, language, question_form(question), entities, self._lexicons[game])

    def _from_frame(self, game: str, language: str,
                    parsed: Callable[[], Frame | None]) -> GroundedAnswer | Declined | None:
        """The answer from the positions the game's frame module compiles from the question's frame (``parsed``),
        None when it compiles none, :class:`Declined` when the position does not answer what is asked."""
        module = self._frames.get(game)
        if module is None:
            return None
        frame = parsed()
        if frame.asked is not None:
            frame = replace(frame, form=_asking_form(frame.asked.said))
        compiled = module.compile(frame)
        if compiled is None:
            return None
        check_compiled(compiled, game)
        unplaced = unplaced_values(frame, compiled["variants"][0]["scenario"].get("players"))
        if unplaced is not None:
            return Declined(unplaced)
        overridden = overridden_counts(frame, compiled, self._unit_names(game))
        if compiled.get("players"):  # "mon voisin de gauche" is "votre voisin de gauche" in the answer
            compiled = {**compiled, "players": {seat: addressed(name, language) for seat, name in compiled["players"].items()}}
        if frame.form not in FRAME_FORMS[compiled["verdict"]]:
            return None
        if compiled["verdict"] == "number":
            other_count = self._other_count(frame.text, frame.entities, compiled.get("unit"), game)
            if other_count is not None:
                return Declined(other_count)
        if compiled["verdict"] in ("player", "number", "card"):
            negated = negated_ask(frame.text)
            if negated is not None:
                return Declined(negated)
        runs = play_variants(compiled, self.budget)
        if not runs:
            return None
        if overridden and not self._stated_counts_agree(compiled, runs, overridden, game):
            return Declined(overridden_reason(overridden))
        if compiled["verdict"] == "yes_no" and frame.asked is not None and frame.asked.opposite:
            runs = [replace(run, verdict=not run.verdict) if isinstance(run.verdict, bool) else run for run in runs]
        return frame_answer(
            frame, compiled, runs, language, self._describe.get(game),
            lambda citation: self._citations.resolve(game, citation.section, citation.quote),
            {fold(term.fr): {"fr": term.fr, "en": term.en} for term in self.recognisers[game].terms.values()},
            self._placeholders, self._english.get(game),
        )

    def _deciding_defaults(self, template: Template, filling: Filling, run: Run, game: str,
                           frame: Frame | None) -> list[str]:
        """The count slots left at their default on which the run's verdict turns, of a quantity the question does
        not describe (:func:`.accounting.deciding_defaults`); none without a frame to find the asking clause."""
        if frame is None:
            return []

        def replay(values: Mapping[str, Any]) -> Any:
            again = run_template(template, values, self.budget, self._prepare.get(game))
            return None if again is None else again.verdict

        stated = [name for name, sources in filling.sources.items() if sources]
        described = described_terms(frame, self.recognisers[game].terms)
        return deciding_defaults(template, filling.values, stated, described, replay, run.verdict)

    def _other_count(self, question: str, entities, unit: Mapping[str, str] | None, game: str) -> str | None:
        """Why a count in ``unit`` answers another count than the one asked (its words, or its glossary term)."""
        terms = self.recognisers[game].terms
        return unit_mismatch(question, entities, unit, terms) or other_term_asked(question, entities, unit, terms)

    def _unit_names(self, game: str) -> Callable[[str], list[str]]:
        """The names (French, English, aliases) of a count's unit (``chest:rubis`` is ``rubis``)."""
        terms = self.recognisers[game].terms

        def names(unit: str) -> list[str]:
            term = terms.get(unit.split(":")[-1])
            return [term.fr, term.en, *term.aliases] if term is not None else []

        return names

    def _stated_counts_agree(self, compiled: Mapping[str, Any], runs, overridden, game: str) -> bool:
        """Whether every variant, replayed with the stated counts where it held defaults, gives the same verdict
        (the defaults did not decide it); False when a stated count cannot be placed or a replay fails."""
        names = self._unit_names(game)
        variants = []
        for variant in compiled["variants"]:
            scenario = variant["scenario"]
            for count in overridden:
                scenario = with_stated_count(scenario, count, names)
                if scenario is None:
                    return False
            variants.append({**variant, "scenario": scenario})
        replayed = play_variants({**compiled, "variants": variants}, self.budget)
        if not replayed or len(replayed) != len(runs):
            return False
        return all(repr(again.verdict) == repr(run.verdict) for again, run in zip(replayed, runs))

    def _choose(self, question: str, game: str, entities: list[Entity]) -> tuple[Match, Filling, list[PassedOver]] | None:
        """The best template above the threshold that answers the question's form, is about it and binds
        everything it states; with its filling and the better-scored templates passed over (and why)."""
        form = question_form(question)
        if form == "which" and offers_a_time(question):
            form = "when"
        terms = self.recognisers[game].terms
        missing = absent(question, entities)
        present = [entity for entity in entities if entity not in missing]
        passed_over = []
        for match in self._matcher.rank(question, game, entities, floor=self.threshold):
            if match.score < self.threshold:
                return None
            template = match.template
            filling = fill_slots(template, present, terms)
            if not answers_form(template, form, entities):
                reason = f"answers {list(template_forms(template))}, the question is {form}"
            else:
                reason = mismatch(template, question, entities) or binding_problem(
                    template, filling, entities, missing, self._fixed[template.path], terms
                )
            if reason is None:
                return match, filling, passed_over
            passed_over.append(PassedOver(template.path, round(match.score, 4), reason))
        return None

    def leaving_out_phrasing(self, game: str, phrasing: str):
        """A context in which ``phrasing`` matches no question (:meth:`TemplateMatcher.leaving_out`; fitting only)."""
        if self._matcher is None:
            raise RuntimeError("Grounder is not loaded: call warm_up() first")
        return self._matcher.leaving_out(game, phrasing)

    def rank(self, question: str, game: str) -> list[Match]:
        """Every template of ``game`` scored for ``question`` (for evaluation and ``--explain``)."""
        if self._matcher is None:
            raise RuntimeError("Grounder is not loaded: call warm_up() first")
        return self._matcher.rank(question, game, self.entities(question, game))

    def _grounded(self, game, language, match: Match, filling: Filling, entities, run: Run) -> GroundedAnswer:
        answer = match.template.answer
        value = verdict_value(answer, run.verdict, language)
        ranked, read = _events_by_relevance(run, answer)
        citations, deciding = self._cited_rules(game, ranked, read)
        engine_account = account(
            run, language, answer, self._describe.get(game), ranked, self._placeholders, self._english.get(game)
        )
        scenario = {k: v for k, v in run.scenario.items() if k not in _TEMPLATE_ONLY_KEYS}
        readings = tuple(
            Reading(outcome.assumption, option, verdict_value(answer, raw, language))
            for outcome in run.assumptions
            for option, raw in outcome.verdicts
        )
        check = EngineCheck(
            scenario=scenario,
            outcome=engine_account,
            verdict=value,
            trace=[{"step": step.index, **event.to_dict()} for step in run.result.steps for event in step.events],
            assumptions=list(run.result.assumptions_used),
            agrees_with_text=run.agrees_with_text,
            method="template",
            readings=readings,
            open=bool(run.depends_on),
        )
        explanation = Explanation(
            template=match.to_dict(),
            entities=[entity.to_dict() for entity in entities],
            slots=filling.to_dict(),
            position=scenario.get("position"),
            steps=scenario.get("steps", []),
            by_assumption=[
                {
                    "assumption": outcome.assumption,
                    "question": outcome.question,
                    "outcomes": [
                        {"option": option, "verdict": verdict_value(answer, raw, language)}
                        for option, raw in outcome.verdicts
                    ],
                }
                for outcome in run.assumptions
            ],
            provenance=_slot_provenance(filling),
        )
        return GroundedAnswer(f"{verdict_phrase(answer, value, language)}.", engine_account, language, check,
                              tuple(citations), explanation, match.score, run.verdict, deciding=deciding)

    def _cited_rules(self, game: str, events: list[Event], leading: int = 0) -> tuple[list[Citation], int]:
        return cited_rules(events, lambda cited: self._citations.resolve(game, cited.section, cited.quote), leading)


def _asking_form(clause: str) -> str:
    """The form of the asking clause alone: "…in the Village, where Carla's Merchant is. Can I move it?" is
    yes/no, whatever the description before it says; "whose" asks who."""
    if re.search(r"\bwhose\b", clause, re.IGNORECASE):
        return "who"
    form = question_form(clause)
    if form in ("which", "who") and _POLAR_START.match(clause) and all(
            _RELATIVE.match(clause, 0, wh.start()) for wh in re.finditer(r"\b(?:which|who)\b", clause, re.IGNORECASE)):
        return "polar"  # "Can I put my card over my own card, which is already revealed?": a relative, not a choice
    return form


_POLAR_START = re.compile(r"\s*(?:can|could|may|do|does|did|is|are|was|were|will|would|should|must|has|have)\b", re.IGNORECASE)
_RELATIVE = re.compile(r".*\w,\s*$", re.DOTALL)
"""A wh-word right after a comma that follows a word: a relative clause ("my own card, which is revealed")."""


_NAMED_KINDS = frozenset({"card", "location"})


def _english_names(recogniser: Recogniser) -> dict[str, str]:
    """French proper names of cards and locations → their English names, for the engines' English messages."""
    return {
        term.fr: term.en for term in recogniser.terms.values()
        if term.kind in _NAMED_KINDS and term.fr[:1].isupper() and term.en and term.fr != term.en
    }


def _placeholder_assumptions() -> frozenset[str]:
    """Ids of every engine's free-form assumptions (placeholder data, e.g. Emblèmes' reward tables)."""
    found = set()
    for game_id in available_games():
        found |= {assumption.id for assumption in build_game({"game": game_id}).book if not assumption.options}
    return frozenset(found)


def _slot_provenance(filling: Filling) -> list[Provenance]:
    """Each slot of a template run: stated (with the question's words) or left at the template's default."""
    return [
        Provenance(f"slot {name} = {value!r}", "stated", " / ".join(e.text for e in filling.sources[name]))
        if filling.sources.get(name) else Provenance(f"slot {name} = {value!r}", "default")
        for name, value in filling.values.items()
    ]


def _describes_situation(question: str, entities: list[Entity]) -> bool:
    """Whether the question sets up a position (first person, a condition, a count, a player)."""
    words = set(re.findall(r"[a-z]+", question.lower().replace("’", "'").replace("'", " ")))
    return bool(words & _SITUATION_WORDS) or any(entity.kind in _SITUATION_ENTITIES for entity in entities)


def _events_by_relevance(run: Run, answer: Mapping[str, Any]) -> tuple[list[Event], int]:
    """Events the verdict reads first, then rejections, then the rest in trace order; and how many it reads."""
    patterns = _event_patterns(answer)
    ranks = [
        0 if any(_matches(event.to_dict(), pattern) for pattern in patterns) else 1 if event.is_rejection else 2
        for event in run.result.events
    ]
    ranked = sorted(zip(ranks, run.result.events), key=lambda pair: pair[0])
    return [event for _, event in ranked], ranks.count(0)


def _event_patterns(spec: Any) -> list[Mapping[str, Any]]:
    """The event patterns an answer spec reads (``event``, ``event_count``, ``event_sum``) or ``cites``."""
    found: list[Mapping[str, Any]] = []
    if isinstance(spec, Mapping):
        for key, value in spec.items():
            if key in ("event", "event_count") and isinstance(value, Mapping):
                found.append(value)
            elif key == "cites" and isinstance(value, list):
                found += [pattern for pattern in value if isinstance(pattern, Mapping)]
            elif key == "event_sum" and isinstance(value, Mapping):
                found.append({**(value.get("match") or {}), **({"kind": value["kind"]} if "kind" in value else {})})
            else:
                found += _event_patterns(value)
    elif isinstance(spec, list):
        for item in spec:
            found += _event_patterns(item)
    return found

