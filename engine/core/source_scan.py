"""Read an engine's code for what running it may never show: every rejection code and event kind it can emit.

Random legal play never makes an illegal move, and scenarios reach only some, so
the reference lists rejection codes from the code itself: every
``rejection("code", message, citation, ...)`` and ``Event(REJECTED, ...,
{"reason": "code"})`` call, and every ``Event("kind", ...)``, in the modules of
the game's package and in the core modules it imports (``PhaseTable.check``
emits ``wrong_phase`` for the games that use it). A citation written as
``rules.NAME`` is resolved in the module that wrote it.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import sys
from dataclasses import dataclass
from types import ModuleType

from engine.core.citations import Citation

__all__ = ["Emission", "SourceScan", "scan_package"]


@dataclass(frozen=True)
class Emission:
    """One place in the code that emits an event kind or a rejection code."""

    code: str
    message: str
    """The message as written: an f-string's fields shown as ``{expression}``."""
    citation: Citation | None
    module: str
    line: int


@dataclass(frozen=True)
class SourceScan:
    rejections: tuple[Emission, ...]
    events: tuple[Emission, ...]

    def rejection_codes(self) -> list[str]:
        return sorted({e.code for e in self.rejections})

    def event_kinds(self) -> list[str]:
        return sorted({e.code for e in self.events})


def scan_package(package_name: str) -> SourceScan:
    """Every emission in ``package_name``'s modules and in the ``engine.core`` modules they import."""
    modules = list(_package_modules(package_name))
    core = {name for module in modules for name in _imported_core(module)}
    modules += [importlib.import_module(name) for name in sorted(core) if name != "engine.core.events"]
    rejections: list[Emission] = []
    events: list[Emission] = []
    for module in modules:
        for call in _calls(module):
            _classify(module, call, rejections, events)
    return SourceScan(tuple(rejections), tuple(events))


def _package_modules(package_name: str):
    package = importlib.import_module(package_name)
    yield package
    for info in pkgutil.iter_modules(package.__path__):
        yield importlib.import_module(f"{package_name}.{info.name}")


def _imported_core(module: ModuleType) -> set[str]:
    return {value.__module__ if not isinstance(value, ModuleType) else value.__name__
            for value in vars(module).values()
            if getattr(value, "__module__", None) and str(getattr(value, "__module__", "")).startswith("engine.core")
            or isinstance(value, ModuleType) and value.__name__.startswith("engine.core")}


def _calls(module: ModuleType):
    try:
        source = _source(module)
    except OSError:
        return
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
            yield node


def _source(module: ModuleType) -> str:
    path = getattr(module, "__file__", None)
    if not path:
        raise OSError(f"{module.__name__} has no source file")
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _classify(module: ModuleType, call: ast.Call, rejections: list, events: list) -> None:
    name = call.func.id  # type: ignore[attr-defined]
    args = call.args
    if name == "rejection":
        for code in _strings(args[0]):
            rejections.append(_emission(module, call, code, args[1:2], args[2:3]))
    elif name == "Event":
        first = args[0]
        if isinstance(first, ast.Name) and first.id == "REJECTED":
            data = args[3] if len(args) > 3 else None
            for code in _reason_codes(data):
                rejections.append(_emission(module, call, code, args[1:2], args[2:3]))
            return
        for kind in _strings(first):
            events.append(_emission(module, call, kind, args[1:2], args[2:3]))


def _emission(module: ModuleType, call: ast.Call, code: str, message: list, citation: list) -> Emission:
    return Emission(code, _message(message[0]) if message else "", _citation(module, citation[0]) if citation else None,
                    module.__name__, call.lineno)


def _strings(node: ast.AST) -> list[str]:
    """The string constants an argument can evaluate to (a literal, or both arms of ``a if c else b``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def _reason_codes(node: ast.AST | None) -> list[str]:
    if isinstance(node, ast.Dict):
        for key, value in zip(node.keys, node.values):
            if isinstance(key, ast.Constant) and key.value == "reason":
                return _strings(value)
    return []


def _message(node: ast.AST) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "{" + ast.unparse(part.value) + "}"
                       for part in node.values)
    if isinstance(node, ast.Name):
        return "{" + node.id + "}"
    return ast.unparse(node)


def _citation(module: ModuleType, node: ast.AST) -> Citation | None:
    """``rules.NAME`` / ``NAME`` resolved in the module's globals; ``None`` when chosen at run time."""
    value: object = None
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        owner = vars(module).get(node.value.id) or sys.modules.get(node.value.id)
        value = getattr(owner, node.attr, None)
    elif isinstance(node, ast.Name):
        value = vars(module).get(node.id)
    return value if isinstance(value, Citation) else None
