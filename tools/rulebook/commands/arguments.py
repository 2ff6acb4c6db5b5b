"""Command-line parsing where options may come before or after the positional arguments.

Python 3.11's argparse gives an optional positional (`nargs="?"`) nothing when an option follows
the first positional: `rulebook score GAME --lang fr -` left `-` over ("unrecognized arguments").
`parse_known_intermixed_args` reads the options first and the positionals after, in any order.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def intermixed(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The parser, reading its options and positionals in any order. A subcommand's parser is run
    through parse_known_args by its parent, so that method is the one replaced; the intermixed
    reading calls it again for each of its two passes, which then take argparse's own."""
    plain = parser.parse_known_args
    passes = []

    def parse_known_args(
        args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if passes:  # one of the intermixed reading's passes
            return plain(args, namespace)
        passes.append(True)
        try:
            return parser.parse_known_intermixed_args(args, namespace)
        finally:
            passes.clear()

    parser.parse_known_args = parse_known_args  # type: ignore[method-assign]
    return parser
