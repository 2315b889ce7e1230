""""Can I …?" answered from the engine's legal actions, in every game, with one mechanism.

A yes/no question that asks whether a move is allowed ("puis-je prendre 2 jetons
or ?", "can I place my card between two cards?") and states nothing else is
compiled into a kind of move, the objects it names and the qualifiers it says;
the engine then plays random games from the set-up (several seeds, each number
of players the question allows) and looks, at every decision, at the legal
actions of that kind:

- none of them is the move stated, while moves of that kind exist → **no**: the
  rules never allow it; the stated move is applied anyway so that the engine's
  rejection names the rule (else the kind's declared rule is cited);
- some are → **yes** (in every position where such a move is possible, or in
  some of them: the answer says which), the rules the legal move applies quoted.

Each game declares its kinds of move in ``engine/<game>/actions_words.py``
(``KINDS``, ``QUALIFIERS``, ``matches``, ``attempt``, optionally ``understood``:
whether the qualifiers said make one move, and ``TURN_IS_ONE_PLAYERS``: "twice in
the same turn" can be asked; plain data, the engine never imports the service).
Precision first: the move's object must be said (a card, a noun of the move, a
qualifier: "On peut jouer à deux ?" plays the game, not a card) and every content
word of the question must be read (the move, its objects, a qualifier, a number
before an object, the number of players, the asking words); anything else (a
position described, a negation, a player named) and the question goes to the text
answer. A verdict resting on a named assumption of the engine is not given either.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Mapping, Sequence

from engine.core.game import CHANCE
from engine.core.registry import load_game
from language import fold, lexicon, number_value, question_form, tokens
from service.answers.compose import Citation
from service.grounding.budget import Budget
from service.grounding.entities import Entity
from service.grounding.frame import _find, frame_words
from service.grounding.hooks import engine_modules
from service.grounding.results import EngineCheck, Explanation, GroundedAnswer, Provenance

DECLARATION_MODULE = "actions_words"
SEEDS = 3
MAX_PLIES = 400
_ONE = frozenset({"un", "une", "a", "an", "one"})
_ASKING = frozenset({"droit", "possible", "autorise", "autorisee", "permis", "legal", "allowed", "able", "permitted",
                     "regle", "regles", "rules", "rule", "est", "ce", "c", "qu", "am"})
"""Words of the asking itself, beyond the function words and the modal verbs ("ai-je le droit", "is it legal")."""
_SITUATION = frozenset({"si", "quand", "plus", "sans", "comment", "combien", "pourquoi", "quoi", "quel", "quelle",
                        "quels", "quelles", "if", "when", "then", "than", "any", "all", "each", "every", "some", "not",
                        "no", "how", "many", "much", "what", "which", "why", "where", "who", "whom", "whose"})
"""Function words that put the move in a situation or ask something else ("si j'ai…", "when…", "how many"):
the move is then not all the question says. Fillers such as "encore", "still", "already" are no function words,
so they are unread words too."""
_COUNTED_KINDS = frozenset({"player_count"})


def _longest_first(words) -> tuple[str, ...]:
    """Folded entries, the longest first: at one position ``frame._find`` returns the first entry that matches,
    so "different colours" is read whole, never "different" alone (a set's order would change per process)."""
    return tuple(sorted({fold(word) for word in words}, key=lambda word: (-len(word), word)))


_TURN_WORDS = _longest_first((
    "dans le meme tour", "au meme tour", "en un seul tour", "en un tour", "pendant mon tour", "a mon tour",
    "d affilee", "de suite", "a la suite", "dans la foulee", "ce tour",
    "in the same turn", "on the same turn", "in one turn", "in a single turn", "on my turn", "during my turn",
    "in a row", "this turn", "same turn"))
"""Words that say "within one turn of mine", read in a game whose declaration says a turn is one player's go."""
_NEGATED = re.compile(r"\b(?:\w+n[’']t|cannot|can not)\b", re.IGNORECASE)
"""English negations the tokens split ("can't" is "can" + "t")."""


@dataclass(frozen=True)
class LegalAsk:
    """A "can I …?" question compiled: the kind of move, what it names, and the numbers of players it allows."""

    kind: str
    bound: tuple[dict, ...]
    qualifiers: frozenset[str]
    player_counts: tuple[int, ...]
    said: str
    twice: bool = False
    """Asked twice in one turn ("deux fois dans le même tour", "two cards in one turn"): after the move, may the
    same player make it again before anyone else moves?"""


@dataclass
class Survey:
    """What the engine's legal actions said over the positions played."""

    positions: int = 0
    """Decisions where a move of the asked kind was legal."""
    allowed: int = 0
    """Of those, decisions where the stated move itself was legal."""
    games: int = 0
    example: tuple[Any, dict] | None = None
    refused: list[tuple[Any, int, dict | None]] = field(default_factory=list)
    """Positions where the stated move is not legal (the first, the 8th and the 30th: later ones hold more cards
    to try the move on), each with its player and the move to try (None: the game's ``attempt`` spells it)."""
    refusals: int = 0


def load_declarations() -> dict[str, ModuleType]:
    """Game id -> its ``engine/<game>/actions_words.py`` (checked: ``KINDS``, ``matches``, ``attempt``)."""
    modules = engine_modules(DECLARATION_MODULE, required=("KINDS", "matches", "attempt"), contract="legality declaration")
    for module in modules.values():
        for kind_id, kind in module.KINDS.items():
            missing = {"words", "types", "cites", "label"} - set(kind)
            if missing:
                raise ValueError(f"{module.__name__}: KINDS[{kind_id!r}] lacks {sorted(missing)}")
    return modules


class LegalityCheck:
    """The legality mechanism for every game that declares its moves.

    Args:
        declarations: game id -> its ``actions_words`` module (:func:`load_declarations`).
        resolve: ``(game, section, quote) -> Citation | None``, the service's citation resolver.
        budget: the check's wall-clock fuse (the survey's size is fixed: seeds, plies, numbers of players).
    """

    def __init__(self, declarations: Mapping[str, ModuleType],
                 resolve: Callable[[str, str, str | None], Citation | None], budget: Budget = Budget()):
        self.declarations = dict(declarations)
        self.resolve = resolve
        self.budget = budget
        self._words = {game: _by_language({kind_id: kind["words"] for kind_id, kind in module.KINDS.items()})
                       for game, module in self.declarations.items()}
        self._qualifiers = {game: _by_language(getattr(module, "QUALIFIERS", {}))
                            for game, module in self.declarations.items()}

    def read(self, question: str, game: str, language: str, entities: Sequence[Entity]) -> LegalAsk | None:
        """The question as a "can I <move>?" ask, or None when it is not one or says anything else."""
        module = self.declarations.get(game)
        if module is None or question.count("?") > 1 or question_form(question) != "polar":
            return None
        words = tokens(question)
        if _NEGATED.search(question) or any(t.text in _negations() for t in words):
            return None  # "can't I …", "je ne peux pas …": the polarity is the text answer's
        permission = lexicon(language).asks_permission | frame_words(language)["modal"]
        if not any(t.text in permission for t in words):
            return None
        whole = (0, len(question))
        found = [hit for hit in (_find(question, whole, self._words[game][lang]) for lang in ("fr", "en")) if hit]
        by_terms = {kind_id for kind_id, kind in module.KINDS.items()
                    for e in entities if e.value in kind.get("terms", ())}
        kinds = {hit[0] for hit in found} | by_terms
        if len(kinds) != 1:
            return None
        kind_id = kinds.pop()
        kind = module.KINDS[kind_id]
        understood = getattr(module, "understood", None)
        covered: list[tuple[int, int]] = []
        for hit in found:
            covered += _spans_of(words, hit[1], hit[2])
        qualifiers = set()
        for lang in ("fr", "en"):
            for q_id, entries in self._qualifiers[game][lang].items():
                spans = _said(question, words, {q_id: entries})
                if spans:
                    qualifiers.add(q_id)
                    covered += spans
        one_turn = getattr(module, "TURN_IS_ONE_PLAYERS", False)
        turn = _said(question, words, {"turn": _TURN_WORDS if one_turn else ()})
        twice_words = _folded({lang: frame_words(lang)["times"][2] for lang in ("fr", "en")})
        times = _said(question, words, {"twice": twice_words})
        covered += turn + times
        binds, neutral, terms = set(kind.get("binds", ())), set(kind.get("neutral", ())), set(kind.get("terms", ()))
        bound, counts = [], []
        objects = [e for e in entities if e.kind in binds or e.value in neutral]
        for index, entity in enumerate(objects):
            covered.append((entity.start, entity.end))
            following = objects[index + 1] if index + 1 < len(objects) else None
            noun_of_next = (entity.value in neutral and following is not None
                            and not question[entity.end : following.start].strip())
            count = None if noun_of_next else _count_before(question, words, entity, objects, neutral)
            if count is not None:
                counts.append(count[1])
            if entity.kind in binds:
                bound.append({"term": entity.value, "kind": entity.kind, "name": entity.text,
                              "attributes": dict(entity.attributes), "count": count[0] if count else None})
            elif count is not None and count[0] == 2 and turn:
                times = times or [count[1]]  # "deux cartes dans le même tour": the move twice
            elif count is not None and count[0] != 1:
                return None  # "poser 3 cartes": a count of the move's noun (not "une carte") is no one move
        nouns = frozenset(fold(word) for lang in ("fr", "en") for word in kind.get("nouns", {}).get(lang, ()))
        said_nouns = [token for token in words if token.text in nouns]
        said_whole = [e for e in entities if e.value in terms and _move_with_object(e.text)]
        if not (objects or said_nouns or qualifiers or said_whole):
            return None  # the move's object unsaid: "On peut jouer à deux ?" plays the game, not a card
        for token in said_nouns:
            if any(s <= token.start < e for s, e in covered):
                continue
            covered.append((token.start, token.end))
            noun = Entity("noun", token.text, token.start, token.end, token.text)
            count = _count_before(question, words, noun, [], ())
            if count is not None and count[0] == 2 and turn:
                times = times or [count[1]]
                covered.append(count[1])
            elif count is not None and count[0] != 1:
                return None  # "acheter 3 cartes": how many over the game is not one move
            elif count is not None:
                covered.append(count[1])
        covered += [(e.start, e.end) for e in entities if e.value in terms or e.kind in _COUNTED_KINDS]
        covered += counts
        asking = ((lexicon("fr").function_words | lexicon("en").function_words) - _SITUATION) | permission | _ASKING
        for token in words:
            if token.text in asking or any(start <= token.start < end for start, end in covered):
                continue
            return None  # a word the move does not account for: a stated fact this check cannot place
        if understood is not None and not understood(kind_id, bound, frozenset(qualifiers)):
            return None
        if times and not turn:
            return None  # "twice" without "in one turn": over the game? the text answers
        game_class = load_game(game)
        stated = sorted({int(e.value) for e in entities if e.kind == "player_count"})
        player_counts = tuple(n for n in (stated or range(game_class.min_players, game_class.max_players + 1))
                              if game_class.min_players <= n <= game_class.max_players)
        if not player_counts:
            return None
        return LegalAsk(kind_id, tuple(bound), frozenset(qualifiers), player_counts, question.strip(), bool(times))

    def check(self, question: str, game: str, language: str, entities: Sequence[Entity]) -> GroundedAnswer | None:
        """The engine's answer to a "can I …?" question, or None (see the module docstring)."""
        ask = self.read(question, game, language, entities)
        if ask is None:
            return None
        module = self.declarations[game]
        survey = self.survey(game, ask)
        if survey.positions == 0:
            return None
        if survey.allowed:
            return self._allowed(game, language, ask, survey, module, entities)
        return self._refused(game, language, ask, survey, module, entities)

    def survey(self, game: str, ask: LegalAsk) -> Survey:
        """Random games from the set-up: at every decision, are moves of the kind legal, and is the stated one?

        Raises:
            FuseBlown: past the wall-clock fuse (no verdict from a partial survey).
        """
        module = self.declarations[game]
        kind = module.KINDS[ask.kind]
        types = frozenset(kind["types"])
        game_class = load_game(game)
        fuse = self.budget.fuse()
        survey = Survey()
        for players in ask.player_counts:
            for seed in range(SEEDS):
                state = game_class(players).new_initial_state(random.Random(seed))
                rng = random.Random(10_000 + seed)
                survey.games += 1
                for _ in range(MAX_PLIES):
                    if state.is_terminal():
                        break
                    fuse.check("legality survey")
                    if state.current_player() != CHANCE:
                        for player in state.players_to_move():
                            self._look(state, player, types, ask, module, survey)
                    state.random_step(rng)
        return survey

    @staticmethod
    def _look(state, player: int, types, ask: LegalAsk, module, survey: Survey) -> None:
        stated = _stated_move(state, player, types, ask, module)
        if stated is _NO_MOVE_OF_THE_KIND:
            return
        if ask.twice and stated is not None:  # the question is about the second move: count the first's positions
            after = state.clone()
            after.apply(stated)
            survey.positions += 1
            again = _again(after, player, types, ask, module)
            if again is not None:
                survey.allowed += 1
                if survey.example is None:
                    survey.example = again
            else:
                _refusal(survey, after, player, dict(stated))
            return
        if ask.twice:
            return
        survey.positions += 1
        if stated is not None:
            survey.allowed += 1
            if survey.example is None:
                survey.example = (state.clone(), dict(stated))
        else:
            _refusal(survey, state, player, None)

    def _allowed(self, game, language, ask: LegalAsk, survey: Survey, module, entities) -> GroundedAnswer | None:
        state, action = survey.example
        events = state.apply(action)
        if any(event.is_rejection or event.assumptions for event in events):
            return None  # legal only under a named assumption: the rules alone do not say yes
        citations = self._cited(game, [event.citation for event in events if event.citation is not None])
        always = survey.allowed == survey.positions
        return self._answer(game, language, ask, survey, module, entities, True, citations, events, action, always)

    def _refused(self, game, language, ask: LegalAsk, survey: Survey, module, entities) -> GroundedAnswer | None:
        for state, player, action in reversed(survey.refused):
            action = action or module.attempt(ask.kind, ask.bound, ask.qualifiers, player, state)
            if action is not None:
                break
        events = []
        if action is not None:
            try:
                events = state.apply(action)
            except (ValueError, KeyError, TypeError):
                events = []  # the engine cannot even spell the move: its declared rule is cited
        rejections = [event for event in events if event.is_rejection]
        if any(event.assumptions for event in events) or (events and not rejections):
            return None
        cited = [event.citation for event in rejections if event.citation is not None]
        cited = cited or [module.KINDS[ask.kind]["cites"]]
        citations = self._cited(game, cited)
        if not citations:
            return None
        return self._answer(game, language, ask, survey, module, entities, False, citations, rejections, action, False)

    def _cited(self, game: str, engine_citations) -> list[Citation]:
        found: dict[tuple[str, str], Citation] = {}
        for citation in engine_citations:
            resolved = self.resolve(game, citation.section, citation.quote)
            if resolved is not None:
                found.setdefault((resolved.section, resolved.quote), resolved)
        return list(found.values())

    def _answer(self, game, language, ask: LegalAsk, survey: Survey, module, entities, allowed: bool, citations,
                events, action, always: bool) -> GroundedAnswer:
        label = module.KINDS[ask.kind]["label"][language]
        if ask.twice:
            label += ", puis le refaire dans le même tour" if language == "fr" else " and then again in the same turn"
        verdict = _YES_NO[language][allowed]
        account = _account(language, label, survey, allowed, always, ask.player_counts)
        if events:
            told = "; ".join(event.message.rstrip(".") for event in events[:3])
            account += (" Coup tenté : " if language == "fr" else " The move tried: ") + told + "."
        scenario = {"game": game, "players": list(ask.player_counts), "move": ask.kind, "bound": list(ask.bound),
                    "qualifiers": sorted(ask.qualifiers), "twice": ask.twice, "games": survey.games,
                    "positions": survey.positions, "allowed": survey.allowed}
        check = EngineCheck(
            scenario=scenario, outcome=account, verdict=verdict,
            trace=[{"step": index, **event.to_dict()} for index, event in enumerate(events)],
            assumptions=[], agrees_with_text=None, method="legality", readings=(), open=False,
        )
        provenance = [Provenance(f"move: {ask.kind}", "stated", ask.said)]
        provenance += [Provenance(f"{thing['kind']}: {thing['term']} × {thing['count'] or 1}", "stated", thing["name"])
                       for thing in ask.bound]
        provenance += [Provenance(f"qualifier: {q}", "stated", None) for q in sorted(ask.qualifiers)]
        explanation = Explanation(
            template=None, entities=[e.to_dict() for e in entities], slots={}, position=None,
            steps=[action] if action else [], by_assumption=[], provenance=provenance,
        )
        return GroundedAnswer(f"{verdict.capitalize()}.", account, language, check, tuple(citations), explanation, 1.0,
                              allowed, "yes_no", deciding=len(citations))  # the move's rules: the verdict rests on them


_YES_NO = {"fr": {True: "oui", False: "non"}, "en": {True: "yes", False: "no"}}
_NO_MOVE_OF_THE_KIND = object()
_AGAIN_DEPTH = 1
"""Only the decision right after the move: following the player's own later decisions crosses into other phases
(Oriflamme's resolution, where the last placer may reveal first, then place first in the next turn)."""
_AGAIN_WIDTH = 24


_KEPT_REFUSALS = (1, 8, 30)


def _refusal(survey: Survey, state, player: int, action: dict | None) -> None:
    survey.refusals += 1
    if survey.refusals in _KEPT_REFUSALS:
        survey.refused.append((state.clone(), player, action))


def _stated_move(state, player: int, types, ask: LegalAsk, module):
    """The stated move if legal here, None if moves of its kind are but not it, else ``_NO_MOVE_OF_THE_KIND``."""
    of_kind = [action for action in state.legal_actions(player) if action.get("type") in types]
    if not of_kind:
        return _NO_MOVE_OF_THE_KIND
    if not ask.bound and not ask.qualifiers:
        return of_kind[0]  # the kind itself was asked: any move of it is the move
    return next((a for a in of_kind if module.matches(ask.kind, a, ask.bound, ask.qualifiers, state)), None)


def _again(state, player: int, types, ask: LegalAsk, module) -> tuple[Any, dict] | None:
    """A position and the stated move legal there again, reached by ``player``'s own next decisions only (the
    same turn: nobody else moved), or None."""
    frontier = [state]
    for _ in range(_AGAIN_DEPTH):
        deeper = []
        for node in frontier:
            if node.is_terminal() or node.current_player() == CHANCE or player not in node.players_to_move():
                continue
            stated = _stated_move(node, player, types, ask, module)
            if stated is not None and stated is not _NO_MOVE_OF_THE_KIND:
                return node.clone(), dict(stated)
            for action in node.legal_actions(player)[:_AGAIN_WIDTH]:
                child = node.clone()
                child.apply(action)
                deeper.append(child)
        frontier = deeper[:_AGAIN_WIDTH]
    return None


def _account(language: str, label: str, survey: Survey, allowed: bool, always: bool, counts: Sequence[int]) -> str:
    players = "/".join(str(n) for n in counts)
    if language == "fr":
        head = (f"Le moteur de règles a joué {survey.games} parties ({players} joueurs) et regardé les coups légaux "
                f"des {survey.positions} moments où l’on peut {label} :")
        if not allowed:
            return f"{head} aucun n’est le coup demandé."
        if always:
            return f"{head} le coup demandé est légal à chacun d’eux."
        return (f"{head} le coup demandé est légal dans {survey.allowed} d’entre eux, pas dans les autres "
                f"(cela dépend de la position).")
    head = (f"The rules engine played {survey.games} games ({players} players) and looked at the legal moves of the "
            f"{survey.positions} moments where one may {label}:")
    if not allowed:
        return f"{head} none is the move asked about."
    if always:
        return f"{head} the move asked about is legal at each of them."
    return (f"{head} the move asked about is legal at {survey.allowed} of them, not at the others "
            f"(it depends on the position).")


def _by_language(entries: Mapping[str, Mapping[str, Sequence[str]]]) -> dict[str, dict[str, tuple[str, ...]]]:
    """``{id: {lang: words}}`` -> ``{lang: {id: folded words}}``: the lexicon shape ``frame._find`` reads."""
    return {lang: {entry_id: _longest_first(words.get(lang, ())) for entry_id, words in entries.items()}
            for lang in ("fr", "en")}


def _folded(words: Mapping[str, Sequence[str]]) -> tuple[str, ...]:
    return _longest_first(word for phrases in words.values() for word in phrases)



def _said(question: str, words, entries: Mapping[str, frozenset[str]]) -> list[tuple[int, int]]:
    """The characters of every mention of ``entries`` (one id) in the question."""
    found, start = [], 0
    while next(iter(entries.values()), None):
        hit = _find(question, (start, len(question)), entries)
        if hit is None:
            break
        spans = _spans_of(words, hit[1], hit[2])
        found += spans
        start = max(end for _, end in spans) if spans else hit[1] + 1
    return found


def _spans_of(words, position: int, entry: str) -> list[tuple[int, int]]:
    """The characters of a lexicon hit: its words from ``position``; for "sur * carte" only its first and last
    words (the words of the gap, "sur la carte de Hugo", must be read on their own)."""
    after = [t for t in words if t.start >= position]
    if " * " in entry:
        head, tail = entry.split(" * ", 1)
        size = len(head.split())
        last = next((t for t in after[size:] if t.text == tail.split()[-1]), None)
        return [(t.start, t.end) for t in after[:size]] + ([(last.start, last.end)] if last else [])
    size = len(entry.split())
    return [(t.start, t.end) for t in after[:size]]


def _count_before(question: str, words, entity: Entity, objects, neutral) -> tuple[int, tuple[int, int]] | None:
    """The number said right before an object ("2 jetons rubis", "two gold", "un rubis"), skipping its noun
    ("jetons") and "de"/"of"; with the characters it covers."""
    before = [t for t in words if t.end <= entity.start]
    while before and (before[-1].text in ("de", "d", "of") or any(
            o.value in neutral and o.start <= before[-1].start < o.end for o in objects)):
        before.pop()
    if not before:
        return None
    word = before[-1]
    value = 1 if word.text in _ONE else number_value(word.text)
    return (value, (word.start, word.end)) if value is not None else None


def _negations() -> frozenset[str]:
    return (lexicon("fr").negations | lexicon("en").negations) - {"aucun", "aucune"}


def _move_with_object(said: str) -> bool:
    """Whether a glossary term of the move, as said, names its object too ("reserve a card", "acheter une carte"):
    the term then says what the move is made on, in any language, as a noun said beside the verb would.
    A number other than one inside ("take 3 tokens") is a count the reader must weigh, so it is not such a term."""
    words = tokens(said)
    return len(words) > 1 and all(number_value(token.text) in (None, 1) for token in words)
