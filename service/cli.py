"""The ``arbitre`` command line: every module of ``service.commands`` adds its commands."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from service import commands


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arbitre", description="Rules referee for board and card games.")
    subparsers = parser.add_subparsers(dest="command", required=True)
    for module_info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"service.commands.{module_info.name}")
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
