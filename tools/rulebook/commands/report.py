"""How every command refuses: the problems on stderr, cut to 50 lines, and one JSON object under --json;
each problem of a refusal (rulebook.problems.Refused) at its file and line."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import replace

from rulebook.problems import Problem, refusal_line, report_lines


def refusal_json(lines: Sequence[str]) -> str:
    """What every command prints under --json when it refuses: the lines it wrote to stderr."""
    return json.dumps({"error": True, "problems": list(lines)}, ensure_ascii=False)


def fail(problems: str | Sequence[object], code: int, json_wanted: bool) -> int:
    """Print why a command refuses (at most 50 lines), and under --json one JSON object saying it."""
    lines = report_lines([problems] if isinstance(problems, str) else problems)
    for line in lines:
        print(line, file=sys.stderr)
    if json_wanted:
        print(refusal_json(lines))
    return code


def refused(problems: Sequence[Problem], closing: str | None = None, *, prefix: str = "") -> int:
    """Print an i18n refusal, exit 2: each coded problem at its `file:line`, then `closing`, which
    says what was left as it was. Every problem is printed, each on one cut line: a translator
    mends a PO file entry by entry, and no other output lists them."""
    lines = [prefix + refusal_line(problem) for problem in problems]
    for line in [*lines, *([closing] if closing else [])]:
        print(line, file=sys.stderr)
    return 2


def warned(problems: Sequence[Problem]) -> None:
    """Print an i18n command's warnings on stderr, each at its `file:line` as a refusal is: the
    command went through, and its exit code says so."""
    for problem in problems:
        print(refusal_line(replace(problem, message=f"warning: {problem.message}")), file=sys.stderr)
