"""The `rulebook` command. Exit codes: 0 clean, 1 problems found, 2 bad usage or input."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from rulebook.load.project import PROJECT_FILE


def find_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` that holds rules/project.yaml."""
    for folder in (start, *start.parents):
        if (folder / PROJECT_FILE).is_file():
            return folder
    return None


def _check(args: argparse.Namespace) -> int:
    from rulebook.check import check_project

    started = time.perf_counter()
    loaded, problems = check_project(args.root)
    for problem in problems:
        print(problem)
    errors = sum(problem.is_error for problem in problems)
    warnings = len(problems) - errors
    project = loaded.project
    units = sum(len(w.units) for g in project.games for w in g.words.values()) if project else 0
    elapsed = time.perf_counter() - started
    print(
        f"{errors} error(s), {warnings} warning(s) in {units} text units ({elapsed:.2f} s)", file=sys.stderr
    )
    return 1 if errors else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rulebook", description=__doc__)
    parser.add_argument("--root", type=Path, help="project folder (default: found upwards from here)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = commands.add_parser("check", help="validate all content and report every problem")
    check.set_defaults(run=_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.root is None:
        args.root = find_root(Path.cwd())
        if args.root is None:
            print(f"rulebook: no {PROJECT_FILE} here or above; use --root", file=sys.stderr)
            return 2
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # A bug must still not greet the user with a traceback.
        print(f"rulebook: internal error: {type(error).__name__}: {error}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
