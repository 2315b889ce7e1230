"""``arbitre scenario run FILE`` and ``arbitre scenario check DIR``: designers' scenario tools."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.core.scenario import (
    ScenarioBudgetExceeded, ScenarioError, format_trace, load_scenario_file, run_scenario, scenario_files,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("scenario", help="run rules-engine scenarios (YAML)")
    commands = parser.add_subparsers(dest="scenario_command", required=True)
    run = commands.add_parser("run", help="play one scenario and print its trace; exit 1 if an expectation fails")
    run.add_argument("file", type=Path)
    run.add_argument("--json", action="store_true", help="print the result as JSON (as POST /v1/scenarios/run)")
    run.set_defaults(handler=run_file)
    check = commands.add_parser("check", help="run every scenario of a folder like a test suite")
    check.add_argument("directory", type=Path)
    check.add_argument("-v", "--verbose", action="store_true", help="print the trace of failing scenarios")
    check.set_defaults(handler=check_directory)


def run_file(args: argparse.Namespace) -> int:
    try:
        result = run_scenario(load_scenario_file(args.file))
    except (ScenarioError, ScenarioBudgetExceeded, OSError) as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(format_trace(result))
    return 0 if result.passed else 1


def check_directory(args: argparse.Namespace) -> int:
    files = scenario_files(args.directory)
    if not files:
        print(f"{args.directory}: no scenario files (*.yaml, *.yml, *.json)", file=sys.stderr)
        return 2
    failed = 0
    for path in files:
        try:
            result = run_scenario(load_scenario_file(path))
        except (ScenarioError, ScenarioBudgetExceeded) as error:
            failed += 1
            print(f"ERROR {path}: {error}")
            continue
        if result.passed:
            print(f"PASS  {path}")
        else:
            failed += 1
            print(f"FAIL  {path}")
            for failure in result.failures:
                print(f"      {failure}")
            if args.verbose:
                print(format_trace(result))
    print(f"{len(files) - failed} passed, {failed} failed, {len(files)} scenarios")
    return 1 if failed else 0
