"""An :class:`~engine.core.reference.EngineReference` written as Markdown (``docs/engines/<game>.md``).

The HTTP page (``/games/{game}/engine``) renders the same Markdown, with each
cited section linking into the rules viewer (``link``).
"""

from __future__ import annotations

import json
from typing import Any, Callable

from engine.core.reference import EngineReference, Table
from engine.core.rejections import ALIASES

__all__ = ["render_markdown"]

Link = Callable[[str], "str | None"]


def render_markdown(reference: EngineReference, link: Link | None = None) -> str:
    """The whole reference; ``link(section)`` gives the URL of a cited section (none in ``docs/``)."""
    link = link or (lambda section: None)
    parts = [
        f"# {reference.title}: engine reference",
        f"Generated from the engine by `arbitre reference {reference.game}`: its code, "
        f"{reference.simulated_games} seeded random games ({_players(reference.players)}) and its "
        f"{reference.scenario_files} scenario files. Regenerate it rather than editing it.",
        *([f"**{len(reference.scenario_errors)} scenario files did not run**: "
           + "; ".join(reference.scenario_errors)] if reference.scenario_errors else []),
        _descriptor(reference),
        "## Actions",
        "The engine package's own description:",
        _quoted(reference.description) if reference.description else "_(the package has no docstring)_",
        "Action types seen in random play and in the scenarios (keys used, first example):",
        _table(("type", "keys", "example"), [(f"`{a.type}`", ", ".join(f"`{k}`" for k in a.keys),
                                              _code(json.dumps(a.example, ensure_ascii=False)))
                                             for a in reference.actions]),
        "## Position",
        "Fields of `to_dict()` positions seen (dotted paths, `[]` for list items); a scenario's "
        "`position:` and `expect.state` use the same paths.",
        _table(("field", "types", "example"), [(_code(f.path), ", ".join(f.types), _code(_json(f.example)))
                                              for f in reference.position]),
        "## Event kinds",
        "Every kind the code can emit or the engine emitted; counts are events in the random games and in the "
        "scenarios. A kind with 0 and 0 is written in the code but was reached by neither.",
        _table(("kind", "random games", "scenarios", "rules cited", "assumptions", "example"),
               [(f"`{e.kind}`", e.simulated, e.in_scenarios, _sections(e.sections, link),
                 ", ".join(f"`{a}`" for a in e.assumptions), e.example) for e in reference.events]),
        "## Rejection codes",
        "An illegal action returns one `rejected` event with `data.reason` = the code; the state is unchanged. "
        "Shared codes mean the same in every game (`engine/core/rejections.py`); older names still accepted "
        "in `expect_rejection`: " + ", ".join(f"`{old}` = `{new}`" for old, new in sorted(ALIASES.items())) + ".",
        _table(("code", "meaning", "rules cited", "message as written", "in scenarios"),
               [(f"`{r.code}`", r.meaning or "_this game's rule_", _sections(r.sections, link),
                 " / ".join(r.messages[:3]), r.in_scenarios) for r in reference.rejections]),
        "## Named assumptions",
        "Where the rulebook is silent or ambiguous; override with `assumptions:` in a scenario or "
        f"`--set ID=OPTION` (`arbitre simulate`, `arbitre gaps`). {len(reference.assumptions)} in all.",
        *(_assumption(a, link) for a in reference.assumptions),
    ]
    if reference.tables:
        parts.append("## Game data")
        parts.extend(_data_table(table) for table in reference.tables)
    return "\n\n".join(parts) + "\n"


def _descriptor(reference: EngineReference) -> str:
    d = reference.descriptor
    rows = [("id", f"`{d['id']}`"), ("players", f"{d['players']['min']} to {d['players']['max']}"),
            ("chance", d["chance"]), ("information", d["information"]), ("turns", d["turns"]),
            ("first player", "yes" if d["first_player"] else "no"), ("ends", d["terminal"]),
            ("options", ", ".join(f"`{o}`" for o in reference.options) or "none")]
    return "## Descriptor\n\n" + _table(("", ""), rows)


def _assumption(assumption, link: Link) -> str:
    options = ", ".join(f"**`{_json(o)}`** (default)" if o == assumption.default else f"`{_json(o)}`"
                        for o in assumption.options) or f"free-form data; default `{_json(assumption.default)}`"
    lines = [f"### `{assumption.id}`", "", assumption.question, "",
             f"- options: {options}",
             f"- rule: {_sections((assumption.citation.section,), link)}"
             + (f" — « {assumption.citation.quote} »" if assumption.citation.quote else "")]
    if assumption.rationale:
        lines.append(f"- why the default: {assumption.rationale}")
    return "\n".join(lines)


def _data_table(table: Table) -> str:
    head = f"### {table.title}\n\n" + (f"{table.note}\n\n" if table.note else "")
    return head + _table(table.columns, table.rows)


def _table(columns, rows) -> str:
    lines = ["| " + " | ".join(_cell(c) for c in columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    if not rows:
        lines.append("| " + " | ".join(["—"] * len(columns)) + " |")
    return "\n".join(lines)


def _cell(value: Any) -> str:
    return str(value).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    text = text if len(text) <= 120 else text[:117] + "…"
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def _json(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _sections(sections, link: Link) -> str:
    shown = []
    for section in sections:
        url = link(section)
        shown.append(f"[{section}]({url})" if url else section)
    return "; ".join(shown)


def _quoted(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines())


def _players(counts: tuple[int, ...]) -> str:
    return f"{counts[0]} players" if len(counts) == 1 else f"{counts[0]} to {counts[-1]} players"
