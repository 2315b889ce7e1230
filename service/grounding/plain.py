"""``dataclasses.asdict`` without a deep copy of every number and string.

Python 3.11's ``asdict`` calls ``copy.deepcopy`` on each leaf, which for an ``int``, ``str`` or ``None``
returns the object itself at the price of a call; an engine check's scenario and trace have thousands of such
leaves per answer. :func:`as_dict` walks the value as 3.11's ``asdict`` does and returns the same result, returning
those immutable leaves as they are (3.12's ``asdict`` takes the same shortcut).
"""

from __future__ import annotations

import copy
from dataclasses import fields, is_dataclass
from typing import Any

__all__ = ["as_dict"]

_ATOMIC = frozenset({type(None), bool, int, float, str, complex, bytes})


def as_dict(instance: Any) -> dict[str, Any]:
    """``dataclasses.asdict(instance)``, the same result."""
    if not is_dataclass(instance) or isinstance(instance, type):
        raise TypeError("as_dict() should be called on dataclass instances")
    return _plain(instance)


def _plain(value: Any) -> Any:
    kind = type(value)
    if kind in _ATOMIC:
        return value
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return kind(*[_plain(item) for item in value])
    if isinstance(value, (list, tuple)):
        return kind(_plain(item) for item in value)
    if isinstance(value, dict):
        return kind((_plain(key), _plain(item)) for key, item in value.items())
    return copy.deepcopy(value)
