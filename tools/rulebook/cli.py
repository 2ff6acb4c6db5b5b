"""The `rulebook` command. Exit codes: 0 clean, 1 problems found, 2 bad usage or input.

Each group of commands lives in rulebook/commands/ with its own parsers: site (check, build, serve,
merge, finish), score, translation (status, i18n) and content (new, rule, edition, cite, diff).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import NoReturn

from rulebook.commands import content, score, site, translation
from rulebook.commands.loading import find_root
from rulebook.commands.report import fail
from rulebook.commands.streams import safe_streams
from rulebook.documents.reader import PROJECT_FILE
from rulebook.files.disk import LinkedFolder
from rulebook.problems import excerpt, one_line


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rulebook", description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, help="project folder (default: found upwards from here)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for group in (site, score, translation, content):
        group.add_parsers(commands)
    return parser


@cache
def _parser() -> argparse.ArgumentParser:
    """The parser, built once a process: parsing leaves it as it was, and building it took 8 ms of
    each of the 1,100 commands that the fast tests run in one process each."""
    return build_parser()


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """An argument parser that lets `main` report bad usage (as JSON too, under --json)."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: error: {message}")


def main(argv: Sequence[str] | None = None) -> int:
    with safe_streams() as out:
        code = _run(list(sys.argv[1:] if argv is None else argv))
    if out is not None and out.failure is not None:
        print(f"rulebook: cannot write the output: {out.failure.strerror}", file=sys.stderr)
        return 2
    return code


def _run(argv: list[str]) -> int:
    json_wanted = "--json" in argv
    try:
        args = _parser().parse_args(argv)
    except _UsageError as error:
        return fail(one_line(str(error)), 2, json_wanted)
    if args.root is None:
        args.root = find_root(Path.cwd())
        if args.root is None:
            return fail(f"rulebook: no {PROJECT_FILE} here or above; use --root", 2, json_wanted)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except LinkedFolder as refusal:  # raised before the command wrote anything
        return fail([refusal.problem], 2, json_wanted)
    except OSError as error:  # a path too long, a folder that cannot be listed: the input, not a bug
        where = excerpt(str(error.filename)) if error.filename else "a file"
        return fail(f"rulebook: cannot read {where}: {error.strerror or error}", 2, json_wanted)
    except Exception as error:  # A bug must still not greet the user with a traceback.
        return fail(f"rulebook: internal error: {type(error).__name__}: {excerpt(str(error), 200)}", 3, json_wanted)


if __name__ == "__main__":
    sys.exit(main())
