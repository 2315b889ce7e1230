"""Run the positions a game's frame module compiles from a question, and read one verdict or an honest "it depends".

The plug-in contract (``engine/<game>/frames.py``, found through the engine
registry like the question hooks): ``ACTIONS``, ``ASKS`` (and optionally
``RELATIONS``), the ids its ``corpus/<game>/lexicon.yaml`` may use, and
``compile(frame) -> dict | None`` returning plain data:

- ``variants``: ``[{"reading": {unsaid fact: option}, "scenario": {...}, "read"?: ...}]``, the
  neutral defaults first (a variant's own ``read`` replaces the compiled one for its runs,
  when its seats differ); each scenario is a partial position with ``steps``,
  each step a pattern that the asker's legal actions are matched against (at a
  chance node, the chance outcomes: "a Scandale is revealed"), or, with
  ``"try": true``, an action applied as stated even when illegal (its rejection event
  is read like any other);
- ``then``: a pattern of the asker's follow-up choices to branch over (or None);
- ``read(events) -> verdict`` (None when the run says nothing), ``reads`` (the
  event kinds it reads: cited first), ``verdict`` (``yes_no``, ``number``,
  ``player``, ``card``: a card's rulebook name, ``text``: an outcome worded by the engine's
  frame module, for "what happens…?"), ``modal`` ("can I...": yes when one choice does it), ``unit``,
  ``players`` (seat -> name), ``facts`` (``{fact, source, said?, varies?}``).

Every variant is played; when their verdicts differ, the answer says that the
question leaves it open and gives the verdict under each reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Mapping

from engine.core.game import CHANCE
from engine.core.scenario import build_game, initial_state
from service.grounding.budget import Budget, Fuse, StepsExceeded
from service.grounding.hooks import engine_modules

FRAME_MODULE = "frames"
_COMPILED_KEYS = frozenset({"title", "verdict", "modal", "unit", "players", "variants", "then", "read", "reads", "facts"})
_VERDICT_TYPES = frozenset({"yes_no", "number", "player", "card", "text"})
OPEN = object()
"""A verdict that moves with the asker's choice: neither yes nor no."""


@dataclass(frozen=True)
class Leaf:
    """One line of play: the actions taken and every event, as dicts."""

    actions: tuple[dict, ...]
    events: tuple[dict, ...]
    raw_events: tuple[Any, ...]


@dataclass(frozen=True)
class VariantRun:
    """One variant (a reading of what the question leaves unsaid) played out, with its verdict."""

    reading: Mapping[str, Any]
    scenario: dict[str, Any]
    verdict: Any
    leaves: tuple[Leaf, ...]


def load_frame_modules() -> dict[str, ModuleType]:
    """Game id -> its engine's ``frames`` module, when there is one (checked: ``compile``, ``ACTIONS``, ``ASKS``)."""
    return engine_modules(FRAME_MODULE, required=("compile", "ACTIONS", "ASKS"), contract="frame contract")


def check_compiled(compiled: Mapping[str, Any], game: str) -> None:
    """Raises ValueError naming the field when a frame module's output breaks the contract (a bug in the module)."""
    unknown = set(compiled) - _COMPILED_KEYS
    if unknown:
        raise ValueError(f"engine/{game}/frames.compile: unknown key(s) {sorted(unknown)}; expected {sorted(_COMPILED_KEYS)}")
    if compiled.get("verdict") not in _VERDICT_TYPES:
        raise ValueError(f"engine/{game}/frames.compile: verdict: expected one of {sorted(_VERDICT_TYPES)}, got {compiled.get('verdict')!r}")
    if not compiled.get("variants") or not callable(compiled.get("read")):
        raise ValueError(f"engine/{game}/frames.compile: expected variants and a read function")


def play_variants(compiled: Mapping[str, Any], budget: Budget = Budget()) -> list[VariantRun] | None:
    """Every variant played out; None when the neutral one cannot be played or read (no verdict is made up), or
    when any variant needs more than ``budget.max_steps`` actions (a reading left out could change the verdict).

    Raises:
        FuseBlown: past ``budget.fuse_s`` seconds (server protection, never a verdict).
    """
    fuse = budget.fuse()
    runs = []
    for index, variant in enumerate(compiled["variants"]):
        try:
            leaves = _play(variant["scenario"], variant.get("then", compiled.get("then")), budget.max_steps, fuse)
        except StepsExceeded:
            return None
        except ValueError:
            if index == 0:
                return None
            continue
        read = variant.get("read") or compiled["read"]
        verdict = _combine([read(list(leaf.events)) for leaf in leaves], bool(compiled.get("modal")), compiled["verdict"])
        if verdict is None and index == 0:
            return None
        if verdict is not None:
            runs.append(VariantRun(variant.get("reading") or {}, variant["scenario"], verdict, tuple(leaves)))
    return runs


def _play(scenario: Mapping[str, Any], then: Mapping[str, Any] | None, max_steps: int, fuse: Fuse) -> list[Leaf]:
    """Apply each step (branching over the legal actions it matches), then branch over the ``then`` choices; every
    action applied counts against ``max_steps``."""
    state = initial_state(build_game(scenario), scenario)
    frontier = [(state, (), ())]
    budget = [max_steps]
    for step in scenario.get("steps") or ():
        if step.get("try"):
            frontier = [_attempt(node, step, budget, fuse) for node in frontier]
            continue
        frontier = [child for node in frontier for child in _expand(node, step, budget, fuse)]
        if not frontier:
            raise ValueError(f"no legal action matches step {step!r}")
    if then is not None:
        done = []
        while frontier:
            node = frontier.pop()
            children = _expand(node, then, budget, fuse)
            if children:
                frontier.extend(children)
            else:
                done.append(node)
        frontier = done
    return [
        Leaf(actions, tuple(event.to_dict() for event in events), events) for _, actions, events in frontier
    ]


def _attempt(node, step: Mapping[str, Any], budget: list[int], fuse: Fuse):
    """A ``try`` step: the action as the question states it, applied even when the rules forbid it (the engine's
    rejection, with its citation, is then the answer); the state is left as it was on a rejection."""
    _spend(budget, fuse)
    state, actions, events = node
    action = {key: value for key, value in step.items() if key != "try"}
    child = state.clone()
    return child, (*actions, action), (*events, *child.apply(action))


def _spend(budget: list[int], fuse: Fuse) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        raise StepsExceeded("frame run over its step budget")
    fuse.check("frame run")


def _expand(node, pattern: Mapping[str, Any], budget: list[int], fuse: Fuse) -> list:
    state, actions, events = node
    if state.is_terminal():
        return []
    matching = [action for action in _candidates(state) if _matches(action, pattern)]
    children = []
    for action in matching:
        _spend(budget, fuse)
        child = state.clone()
        new_events = child.apply(action)
        if any(event.is_rejection for event in new_events):
            continue
        children.append((child, (*actions, action), (*events, *new_events)))
    return children


def _candidates(state) -> list:
    """The legal actions, or at a chance node its outcomes: a step naming an outcome plays what the question
    says was drawn ("a Scandale is revealed"); no frame step of a player's move matches an outcome."""
    if state.current_player() == CHANCE:
        return [action for action, _ in state.chance_outcomes()]
    return state.legal_actions()


def _matches(action: Mapping[str, Any], pattern: Mapping[str, Any]) -> bool:
    return all(action.get(key) == value for key, value in pattern.items())


def _combine(values: list[Any], modal: bool, verdict_type: str) -> Any:
    """One verdict for every line of play: a modal yes/no is yes when one line does it; else they must agree."""
    if any(value is None for value in values) or not values:
        return None
    if verdict_type == "yes_no" and modal:
        return any(values)
    distinct = {repr(value) for value in values}
    return values[0] if len(distinct) == 1 else OPEN


def cited_events(leaf: Leaf, reads: tuple[str, ...]) -> list[Any]:
    """The engine events of one line of play, those the verdict reads first."""
    return sorted(leaf.raw_events, key=lambda event: (event.kind not in reads, not event.is_rejection))


Reader = Callable[[list[dict]], Any]
