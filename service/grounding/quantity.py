"""Ask the engine a state quantity: "how many cards at set-up?", "how many turns per round with 3 of us?".

One mechanism for every game. A game declares what its state holds
(``engine/<game>/quantities.py``: readers by moment and the rules they apply;
``corpus/<game>/quantities.yaml``: the words players ask them with and the
unit). For a question:

1. the asking sentence holds a count cue ("combien", "how many");
2. the quantity is the declared one whose words stand nearest the cue (one
   best, else no answer), read at the moment the question names, or at the
   quantity's own moment when it names none (rounds in a game);
3. every fact the question states is bound: its number of players, or a count
   of another declared quantity whose engine value at that moment is the stated
   one ("the box gives me 11 per family"); any other count, card, move or
   vague thing means the question describes a position this mechanism does not
   build, and it is left to the other readers;
4. the engine builds the initial state for the stated number of players (each
   one the game allows when none is stated), plays a random line to the moment
   when the moment is later, and reads the value under several seeds; the
   seeds must agree, a player's holding must be the same for every seat, and a
   value resting on a named assumption (placeholder data) is not stated as a
   ruling for a stated player count;
5. the answer leads with the number and its unit, or "it depends on the number
   of players" with each count's value, quotes the rules, and says what the
   engine read (``engine_check.method == "quantity"``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import yaml

from engine.core.quantity import Measured, Quantity
from engine.core.registry import available_games
from service.answers.compose import Citation
from service.grounding.budget import Budget, Fuse
from service.grounding.hooks import engine_modules
from service.grounding.quantity_answer import Values, quantity_answer
from service.grounding.quantity_reading import (
    count_asking_span, cue_position, describes_moves, find_mentions, listed_players, moments_said, nearest_after,
    player_count, words,
)
from service.grounding.results import GroundedAnswer
from language import fold
from language.lexicon import number_value, stopwords
from language.tokens import singular, tokens

__all__ = ["Declared", "QuantityAsker", "load_declarations"]

QUANTITY_MODULE = "quantities"
SEEDS = 4
"""Set-ups (and random lines of play) a value is read under; they must all agree."""


@dataclass(frozen=True)
class Declared:
    """A game's quantity with its words and unit (from ``corpus/<game>/quantities.yaml``)."""

    quantity: Quantity
    words: tuple[str, ...]
    unit: Mapping[str, str]
    unit_one: Mapping[str, str] | None = None
    """The unit after the number 1 ("1 carte en main"), when it differs."""


def load_declarations(corpus_dir: Path) -> dict[str, dict[str, Declared]]:
    """Game id → quantity id → :class:`Declared`, for every engine with a ``quantities`` module.

    Raises:
        ValueError: a module without a words file, or ids that differ between the two.
    """
    found: dict[str, dict[str, Declared]] = {}
    for game, module in engine_modules(QUANTITY_MODULE).items():
        path = Path(corpus_dir) / game / "quantities.yaml"
        if not path.is_file():
            raise ValueError(f"{path}: missing; engine/{game}/quantities.py needs the words its quantities are asked with")
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        words = data.get("quantities") or {}
        declared = {quantity.id: quantity for quantity in module.QUANTITIES}
        if set(words) != set(declared):
            raise ValueError(f"{path}: quantities {sorted(words)} differ from engine/{game}/quantities.py's {sorted(declared)}")
        found[game] = {}
        for quantity_id, quantity in declared.items():
            entry = words[quantity_id]
            unit = entry.get("unit") or {}
            if set(unit) != {"fr", "en"}:
                raise ValueError(f"{path}: {quantity_id}.unit: expected fr and en, got {sorted(unit)}")
            phrases = tuple(fold(w) for language in ("fr", "en") for w in entry.get(language) or ())
            if not phrases:
                raise ValueError(f"{path}: {quantity_id}: expected fr and en words")
            one = entry.get("one")
            if one is not None and set(one) != {"fr", "en"}:
                raise ValueError(f"{path}: {quantity_id}.one: expected fr and en, got {sorted(one)}")
            found[game][quantity_id] = Declared(quantity, phrases, unit, one)
    return found


class QuantityAsker:
    """Answers "how many" questions about a game's state from its engine (see the module docstring).

    Args:
        corpus_dir: the folder of ``<game>/quantities.yaml``.
        resolve: ``(game, section, quote) -> Citation | None`` (the grounder's citation resolver).
        seeds: set-ups each value is read under.
        budget: its wall-clock fuse bounds reading values not read before (past it, :class:`~.budget.FuseBlown`
            and nothing is cached); None: no fuse.
        precompute: read every value at warm-up (the service: before it answers /readyz), so that no
            question pays for a playout (For a Crown's rounds: about 50 short games).
    """

    def __init__(self, corpus_dir: Path, resolve: Callable[[str, str, str], Citation | None], seeds: int = SEEDS,
                 budget: Budget | None = None, precompute: bool = False):
        self.corpus_dir = Path(corpus_dir)
        self.resolve = resolve
        self.seeds = seeds
        self.budget = budget
        self.precompute = precompute
        self.declared: dict[str, dict[str, Declared]] = {}
        self._values: dict[tuple[str, str, str, int], Measured | None] = {}

    def warm_up(self) -> None:
        self.declared = load_declarations(self.corpus_dir)
        if self.precompute:
            self._read_all()

    def _read_all(self) -> None:
        for game, declared in self.declared.items():
            game_class = available_games()[game]
            for entry in declared.values():
                for moment in entry.quantity.readers:
                    for players in range(game_class.min_players, game_class.max_players + 1):
                        self.value(game, entry.quantity, moment, players)

    def check(self, question: str, game: str, language: str, frame_of: Callable[[], Any] = lambda: None,
              actions: Mapping[str, Iterable[str]] | None = None) -> GroundedAnswer | None:
        """The engine's answer to ``question`` when it asks a declared quantity and states nothing unbound.

        Args:
            frame_of: gives the question's parsed :class:`~service.grounding.frame.Frame` (None for a game
                without a frame module): its cards, move, vague mentions, markers and terms are facts this
                mechanism cannot bind. Called only for a question that asks "how many".
            actions: the game lexicon's action words (id → folded words): moves told before the asking.
        """
        declared = self.declared.get(game)
        if not declared:
            return None
        span = count_asking_span(question)
        if span is None:
            return None
        named = _named_by(question, declared)
        frame = frame_of()
        if frame is not None and _states_more(frame, named, available_games()[game].title, _moment_spans(question)):
            return None
        asked = self._asked(question, question[span[0]:span[1]], declared)
        if asked is None:
            return None
        quantity_said, moment = asked
        if moment is None:
            return None
        game_class = available_games()[game]
        players, players_at = player_count(question)
        if players is not None and not game_class.min_players <= players <= game_class.max_players:
            return None
        if describes_moves(question, actions or {}, [*named, *players_at]):
            return None
        counts = [players] if players is not None else list(range(game_class.min_players, game_class.max_players + 1))
        fuse = self.budget.fuse() if self.budget is not None else None
        if not self._bound(game, question, declared, quantity_said, counts, players_at, fuse):
            return None
        values = {}
        for count in counts:
            measured = self.value(game, quantity_said.quantity, moment, count, fuse)
            if measured is None or (players is not None and measured.assumptions):
                return None
            values[count] = measured
        return quantity_answer(
            Values(game, quantity_said.quantity.id, moment, values, players is not None, self.seeds),
            quantity_said.unit, language, self._citations(game, quantity_said.quantity, moment), quantity_said.unit_one,
        )

    def value(self, game: str, quantity: Quantity, moment: str, players: int,
              fuse: Fuse | None = None) -> Measured | None:
        """The value at ``moment`` with ``players`` players, the same under every seed and for every seat; else None.

        Raises:
            FuseBlown: when reading it outlives ``fuse``; nothing is cached.
        """
        key = (game, quantity.id, moment, players)
        if key not in self._values:
            self._values[key] = self._measure(game, quantity, moment, players, fuse)
        return self._values[key]

    def _measure(self, game: str, quantity: Quantity, moment: str, players: int,
                 fuse: Fuse | None) -> Measured | None:
        game_class = available_games()[game]
        seen: set[tuple] = set()
        for seed in range(self.seeds):
            if fuse is not None:
                fuse.check(f"{game} {quantity.id} at {moment} with {players} players")
            state = game_class(players).new_initial_state(random.Random(seed))
            raw = quantity.readers[moment](state, random.Random(10_000 + seed))
            if raw is None:
                continue
            measured = raw if isinstance(raw, Measured) else Measured(raw)
            value = measured.value
            if isinstance(value, list):
                if len(set(value)) != 1:
                    return None  # seats hold different amounts: no one number answers "how many"
                value = value[0]
            seen.add((value, measured.assumptions))
        if len(seen) != 1:
            return None
        value, assumptions = seen.pop()
        return Measured(value, assumptions)

    def _asked(self, question: str, sentence: str, declared: Mapping[str, Declared]) -> tuple[Declared, str | None] | None:
        """The quantity the asking sentence names and the moment the question names (else the quantity's own);
        None when the sentence names no quantity, or two (apart from words that only say when: "turns in each
        round")."""
        cue = cue_position(sentence)
        if cue is None:
            return None
        moments = find_mentions(sentence, words().moments)
        mentions = [m for m in find_mentions(sentence, {qid: d.words for qid, d in declared.items()})
                    if not any(t.start <= m.start and m.end <= t.end for t in moments)]  # "each round" says when
        if len({mention.id for mention in mentions}) != 1:
            return None  # nothing counted, or two things ("je pose combien de cartes de ma Réserve")
        chosen = declared[mentions[0].id]
        if not _counts_it(sentence, cue, chosen, mentions):
            return None
        return chosen, _moment(chosen.quantity, moments_said(question))

    def _bound(self, game: str, question: str, declared: Mapping[str, Declared], asked: Declared,
               counts: list[int], players_at: list[tuple[int, int]], fuse: Fuse | None) -> bool:
        """Whether every number the question states is its player count, or a value the engine agrees with:
        another declared quantity's, at the moment its clause names (or its own), for every player count."""
        moment_words = find_mentions(question, words().moments)
        named = find_mentions(question, {qid: d.words for qid, d in declared.items()})
        for number, start in _numbers(question):
            if any(m.start <= _word_index(question, start) < m.end for m in named):
                continue  # "les piles de niveau 1": a number inside a quantity's own name
            if any(low <= start < high for low, high in players_at):
                continue
            if any(m.start <= _word_index(question, start) < m.end for m in moment_words):
                continue  # "in one round" names a moment, not a fact
            low, clause = _clause_around(question, start)
            mentions = find_mentions(clause, {qid: d.words for qid, d in declared.items()})
            if not mentions:
                return False
            stated = declared[nearest_after(mentions, _word_index(clause, start - low))[0].id]
            moment = _moment(stated.quantity, moments_said(clause))
            if stated is asked or moment is None:
                return False
            for count in counts:
                measured = self.value(game, stated.quantity, moment, count, fuse)
                if measured is None or measured.value != number or measured.assumptions:
                    return False
        return True

    def _citations(self, game: str, quantity: Quantity, moment: str) -> list[Citation]:
        cited = [self.resolve(game, rule.section, rule.quote) for rule in quantity.cites[moment]]
        return [citation for citation in cited if citation is not None]


def _numbers(question: str) -> list[tuple[int, int]]:
    """Each number the question states (digits or written out) and where it starts."""
    found = []
    for token in tokens(question):
        value = int(token.text) if token.text.isdigit() else number_value(token.text)
        if value is not None:
            found.append((value, token.start))
    return found


def _clause_around(question: str, at: int) -> tuple[int, str]:
    """The clause holding character ``at`` (between sentence marks, commas, colons), with its start."""
    low = max((question.rfind(mark, 0, at) for mark in ".?!;:,"), default=-1) + 1
    ends = [end for end in (question.find(mark, at) for mark in ".?!;:,") if end >= 0]
    high = min(ends) if ends else len(question)
    return low, question[low:high]


def _word_index(text: str, at: int) -> int:
    return sum(1 for token in tokens(text) if token.start < at)


def _counts_it(sentence: str, cue: int, chosen: Declared, mentions: list) -> bool:
    """Whether the noun the cue counts ("combien de X", "how many X") is the chosen quantity: inside one of its
    mentions, or a word of its unit ("combien de cartes" for "cartes en main"). "How many leagues… in ranked
    play" counts leagues, whatever else the sentence names."""
    said = [token.text for token in tokens(sentence)]
    at = cue + len(_CUE_WORDS.get(said[cue], ())) + 1
    while at < len(said) and said[at] in _OF:
        at += 1
    if at >= len(said) or said[at] in stopwords():
        return True  # "je gagne combien ?", "how many are there": nothing named right after the cue
    unit = {singular(word) for text in chosen.unit.values() for word in fold(text).replace("’", " ").split()}
    return singular(said[at]) in unit or any(m.start <= at < m.end for m in mentions)


_CUE_WORDS = {"how": ("many",), "number": ("of",), "nombre": ("de",), "quel": ("est", "le", "nombre")}
"""Words a cue spans after its first ("how many"), to find the noun it counts."""
_OF = frozenset({"de", "d", "des", "of", "the"})


def _moment(quantity: Quantity, said: set[str]) -> str | None:
    """The one moment the question names that the quantity has; its own moment when none is named."""
    if not said:
        return quantity.default_moment
    usable = said & set(quantity.readers)
    return usable.pop() if len(usable) == 1 and len(said) == 1 else None


def _named_by(question: str, declared: Mapping[str, Declared]) -> list[tuple[int, int]]:
    """The character spans of the question that name a declared quantity ("cartes Événement", "nobles")."""
    said = tokens(question)
    return [(said[m.start].start, said[m.end - 1].end)
            for m in find_mentions(question, {qid: d.words for qid, d in declared.items()})]


def _moment_spans(question: str) -> list[tuple[int, int]]:
    """The character spans of the question that name a moment ("avant le premier tour", "before round 1")."""
    said = tokens(question)
    return [(said[m.start].start, said[m.end - 1].end) for m in find_mentions(question, words().moments)]


def _states_more(frame: Any, quantity_spans: list[tuple[int, int]], title: str,
                 moment_spans: list[tuple[int, int]] = ()) -> bool:
    """The frame holds a fact this mechanism cannot bind: a card other than one a quantity's words name
    ("combien de nobles"), a named player (a game under way; not one only listed as who plays), a move, a vague
    thing, a marker other than a moment ("alone", "revealed last"), a term, a "no X", a rank (not one inside a
    moment's words)."""
    cards = [card for card in frame.cards
             if not any(low <= card.start < high for low, high in quantity_spans)]
    counted = {count.owner for count in frame.counts}  # "Léa a 3 pièces": a fact of her, wherever her name is
    listed = listed_players(frame.text, frame.players) - counted  # "on est 3 : Hugo, Léa et moi": who plays
    players = [name for name in frame.players if fold(name) not in fold(title).split()  # "une partie d'Oriflamme"
               and name not in listed]
    ranks = [rank for rank in frame.ranks if not any(low <= rank.start < high for low, high in moment_spans)]
    return bool(cards or players or frame.action or frame.vague or set(frame.markers) - _MOMENT_MARKERS or frame.terms
                or frame.absent or ranks)  # "premier" in "avant le premier tour" names the moment


_MOMENT_MARKERS = frozenset({"end_of_round", "end_of_game"})
"""Markers that only name a moment, which the moment words read."""
