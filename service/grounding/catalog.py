"""The scenario templates of every game: scenarios that declare ``questions:``.

A template lives anywhere under ``corpus/<game>/scenarios/`` (subfolders
included) and is an ordinary scenario (see ``engine/core/scenario.py`` and
``engine/core/templates.py``). The grounding layer reads three more things
from it, all optional except ``questions`` and ``answer``:

- ``slots.<name>.unit``: for a ``count`` slot, the glossary term it counts
  (``jeton``), so ``3 jetons`` fills it and ``3 joueurs`` does not; a list when
  players count it in several words (``[reserve, carte_developpement]``);
- a list ``default`` makes a list slot: it takes every remaining entity of its kind;
  ``item`` (optional) is what each one renders to, with ``${value}`` and
  ``${role}`` (``self``, ``other`` or null) inside, e.g. ``{card: "${value}", owner: "${role}"}``;
- ``answer.labels``: verdict words instead of oui/non, per language, e.g.
  ``{true: {fr: Tout de suite, en: Immediately}, false: {...}}``;
- ``answer.unit``: the word after a number verdict, per language (``{fr: pièces, en: coins}``);
- ``answer.cites``: event patterns whose citations the answer quotes first, for a
  verdict read off the state rather than off an event (``[{kind: cards_drawn}]``);
- ``answer.forms``: the question forms the verdict answers (``polar``, ``count``,
  ``who``, ``open``, ``when``, ``which``), when not those of its type (see :mod:`.forms`);
- ``answer.opposite``: for a yes/no template, word stems that ask the other way
  ("does my deck last?" against "does my deck run out?"): the verdict is flipped;
- ``requires``: what the question must mention for the template to be about it,
  each item an entity value (a glossary id such as ``reserver``, a hook's action or
  a marker such as ``last_revealed``), a slot name (the question must fill that
  slot: the verdict hinges on it), ``value:role`` (a mention with that owner:
  ``reserve:other``) or a list of alternatives (any one will do);
- ``conflicts``: entity values that, mentioned, make the question about another
  situation (``or`` for a template about a gem colour). A ``value:role`` item
  conflicts only with a mention of that role (``reserve:other``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from engine.core.scenario import load_scenario_file, scenario_files
from engine.core.templates import VERDICT_TYPES, Slot, slots_of

LANGUAGES = ("fr", "en")
QUESTION_FORMS = ("count", "who", "open", "when", "which", "polar")


@dataclass(frozen=True)
class SlotSpec:
    """A template slot with what grounding needs beyond ``engine.core.templates.Slot``."""

    slot: Slot
    unit: tuple[str, ...] = ()
    """The glossary terms a count slot counts (empty: any)."""
    item: Any = None

    @property
    def name(self) -> str:
        return self.slot.name

    @property
    def kind(self) -> str:
        return self.slot.kind

    @property
    def is_list(self) -> bool:
        return isinstance(self.slot.default, list)

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` (one item, for a list slot) is allowed by the slot's ``choices``."""
        return not self.slot.choices or value in self.slot.choices


@dataclass(frozen=True)
class Template:
    """One question-answering scenario.

    Args:
        game: the game id.
        path: the file, relative to the corpus folder's parent (for display).
        scenario: the file's content, placeholders unrendered.
        phrasings: ``(language, text)`` pairs from ``questions``.
        slots: the slots, in declaration order.
    """

    game: str
    path: str
    scenario: Mapping[str, Any]
    phrasings: tuple[tuple[str, str], ...]
    slots: tuple[SlotSpec, ...]
    requires: tuple[tuple[str, ...], ...] = ()
    """Each item: alternatives, one of which the question must mention."""
    conflicts: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return str(self.scenario.get("title") or self.path)

    @property
    def answer(self) -> Mapping[str, Any]:
        return self.scenario["answer"]


def load_templates(corpus_dir: Path) -> list[Template]:
    """Every template under ``corpus_dir/<game>/scenarios/``, sorted by path.

    Scenarios without ``questions`` and ``answer`` are regression scenarios only and are skipped.

    Raises:
        ValueError: naming the file and field of a malformed template.
    """
    corpus_dir = Path(corpus_dir)
    templates = []
    for scenarios in sorted(corpus_dir.glob("*/scenarios")):
        for path in scenario_files(scenarios):
            data = load_scenario_file(path)
            if data.get("questions") and data.get("answer"):
                templates.append(template_from_dict(data, _display_path(path, corpus_dir.parent)))
    return templates


def template_from_dict(data: Mapping[str, Any], path: str) -> Template:
    """Validate and wrap one scenario that declares ``questions``.

    Raises:
        ValueError: naming the field, the expected and the actual value.
    """
    questions = data.get("questions")
    if not isinstance(questions, Mapping) or not set(questions) <= set(LANGUAGES):
        raise ValueError(f"{path}: questions: expected a mapping of {list(LANGUAGES)} to lists, got {questions!r}")
    phrasings = []
    for language, texts in questions.items():
        if not isinstance(texts, list) or not all(isinstance(t, str) and t.strip() for t in texts):
            raise ValueError(f"{path}: questions.{language}: expected a list of non-empty strings, got {texts!r}")
        phrasings += [(language, text) for text in texts]
    answer = data.get("answer")
    if not isinstance(answer, Mapping) or answer.get("type") not in VERDICT_TYPES:
        raise ValueError(f"{path}: answer.type: expected one of {list(VERDICT_TYPES)}, got {answer!r}")
    opposite = answer.get("opposite")
    if opposite is not None and (not isinstance(opposite, list) or not all(isinstance(w, str) and w for w in opposite)):
        raise ValueError(f"{path}: answer.opposite: expected a list of word stems, got {opposite!r}")
    forms = answer.get("forms")
    if forms is not None and (not isinstance(forms, list) or not forms or not set(forms) <= set(QUESTION_FORMS)):
        raise ValueError(f"{path}: answer.forms: expected a non-empty list of {list(QUESTION_FORMS)}, got {forms!r}")
    raw_slots = data.get("slots") or {}
    slots = tuple(
        SlotSpec(slot, _units(raw_slots[name].get("unit"), f"{path}: slots.{name}.unit"), raw_slots[name].get("item"))
        for name, slot in slots_of(data).items()
    )
    requires = tuple(_alternatives(item, f"{path}: requires[{index}]") for index, item in enumerate(_list(data, "requires", path)))
    conflicts = tuple(_value(item, f"{path}: conflicts[{index}]") for index, item in enumerate(_list(data, "conflicts", path)))
    return Template(str(data["game"]), path, data, tuple(phrasings), slots, requires, conflicts)


def _units(unit: Any, where: str) -> tuple[str, ...]:
    if unit is None:
        return ()
    units = tuple(unit) if isinstance(unit, list) else (unit,)
    if not units or not all(isinstance(u, str) and u for u in units):
        raise ValueError(f"{where}: expected a glossary id or a list of them, got {unit!r}")
    return units


def _list(data: Mapping[str, Any], key: str, path: str) -> list:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError(f"{path}: {key}: expected a list of entity values, got {value!r}")
    return value


def _alternatives(item: Any, where: str) -> tuple[str, ...]:
    if isinstance(item, list) and item:
        return tuple(_value(alternative, where) for alternative in item)
    return (_value(item, where),)


def _value(item: Any, where: str) -> str:
    if not isinstance(item, str) or not item.strip():
        raise ValueError(f"{where}: expected an entity value (a glossary id, hook value or marker), got {item!r}")
    return item


def _display_path(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
