"""Rule variants: ``assumption=option`` settings read from the command line.

A variant is a set of assumption overrides; every engine already accepts them
(``Game(players, options, assumption_overrides)``), so a variant is only parsed
and checked here, never special-cased by a game.
"""

from __future__ import annotations

import json
from typing import Any, Iterable


def parse_setting(game_class: type, text: str) -> tuple[str, Any]:
    """``"emblemes.coins_below_zero=allow_negative"`` -> (id, option) checked against the game's assumptions.

    The option is matched by its text among the assumption's options; an
    assumption with free-form values (no options listed) takes JSON.
    """
    assumption_id, sep, raw = text.partition("=")
    assumption_id, raw = assumption_id.strip(), raw.strip()
    if not sep or not assumption_id:
        raise ValueError(f"--set: expected ASSUMPTION=OPTION, got {text!r}")
    by_id = {assumption.id: assumption for assumption in game_class.assumptions}
    if assumption_id not in by_id:
        raise ValueError(f"--set: unknown assumption {assumption_id!r}; expected one of {sorted(by_id)}")
    options = by_id[assumption_id].options
    if not options:
        try:
            return assumption_id, json.loads(raw)
        except json.JSONDecodeError as error:
            raise ValueError(f"--set {assumption_id}: free-form value must be JSON ({error.msg})") from None
    for option in options:
        if str(option) == raw:
            return assumption_id, option
    raise ValueError(f"--set {assumption_id}: expected one of {[str(o) for o in options]}, got {raw!r}")


def parse_settings(game_class: type, texts: Iterable[str]) -> dict[str, Any]:
    """Several ``--set`` values; a later setting of the same assumption wins."""
    return dict(parse_setting(game_class, text) for text in texts)


def describe(overrides: dict[str, Any]) -> str:
    """One line naming a variant, ``"rules as written (defaults)"`` when nothing is overridden."""
    if not overrides:
        return "defaults (no assumption overridden)"
    return ", ".join(f"{key}={value}" for key, value in sorted(overrides.items()))
