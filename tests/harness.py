"""Running `rulebook` in-process on generated input, checking the invariants every run must keep,
and tallying the runs per command for `make fuzz`.

In-process runs call `main()` as the installed command does, with stdin, stdout and stderr
replaced: about 1 ms a run, against 300 ms for a new Python process.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from rulebook.cli import main

# `make fuzz` sets this; the suite then runs each property on many more inputs.
FUZZING = os.environ.get("RULEBOOK_FUZZ") == "1"

# (command, its slowest text, seconds, seconds on the content alone, extra): tests/test_fuzz_slow_text.py
SLOW_TEXT_ROWS: list[tuple[str, str, float, float, float]] = []

# command → Counter of outcomes ("inputs", "exit 0", "exit 1", "exit 2", "internal errors")
TALLY: dict[str, Counter[str]] = defaultdict(Counter)


def budget(quick: int, fuzz: int) -> int:
    """How many inputs a property gets: a few in `make test`, many in `make fuzz`."""
    return fuzz if FUZZING else quick


@dataclass(frozen=True)
class Run:
    argv: tuple[str, ...]
    code: int
    out: str
    err: str

    @property
    def crashed(self) -> bool:
        return self.code not in (0, 1, 2) or "Traceback" in self.out + self.err or "internal error" in self.err


def run(command: str, argv: list[str], stdin: bytes = b"") -> Run:
    """`rulebook ARGV` in-process, tallied under `command`."""
    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as leaving:  # argparse's --help; anything else is a finding
                code = leaving.code if isinstance(leaving.code, int) else 2
    finally:
        sys.stdin = saved_stdin
    result = Run(tuple(argv), code, out.getvalue(), err.getvalue())
    tally = TALLY[command]
    tally["inputs"] += 1
    tally["internal errors" if result.crashed else f"exit {code}"] += 1
    return result


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON (RFC 8259)")


def strict_json(text: str) -> dict:
    """The one JSON object printed, refusing NaN and Infinity, which Python's reader accepts."""
    value = json.loads(text, parse_constant=_no_constant)
    assert isinstance(value, dict), text[:200]
    return value


def assert_invariants(result: Run, *, json_wanted: bool = False, exit_codes: tuple[int, ...] = (0, 1, 2)) -> None:
    """What every run must keep, whatever its input."""
    assert not result.crashed, f"{result.argv}: exit {result.code}\n{result.err[-2000:]}"
    assert result.code in exit_codes, f"{result.argv}: exit {result.code}\n{result.err[-2000:]}"
    if json_wanted:
        strict_json(result.out)  # exactly one object: json.loads refuses trailing data
    assert len(result.err.splitlines()) <= 52, "at most 50 problems, then '… and N more', then a summary"


def assert_located(lines: list[str], place: str) -> None:
    """Every problem line starts with its place (`place`, a pattern for the file, then :line:col
    where known), or counts the problems left out."""
    located = re.compile(rf"^(?:{place})(?::\d+:\d+)?: \S|^… and \d+ more$")
    for line in lines:
        assert located.match(line), f"a problem line without a location: {line!r}"


def tree_state(root: Path) -> dict[str, bytes]:
    """Every file's bytes under root, to restore what a run changed or prove that it changed nothing.
    The toolkit's own cache (.cache/rulebook/, git-ignored) is not the project's content."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in root.rglob("*")
        if path.is_file() and not path.relative_to(root).as_posix().startswith(".cache/")
    }


def restore(root: Path, state: dict[str, bytes]) -> None:
    """Put root back as `state` recorded it: changed files rewritten, new files removed."""
    for path in list(root.rglob("*")):
        key = path.relative_to(root).as_posix()
        if path.is_file() and key not in state:
            path.unlink()
    for key, data in state.items():
        path = root / key
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)


def tally_table() -> list[str]:
    """The counts per command, as `make fuzz` prints them."""
    columns = ("inputs", "exit 0", "exit 1", "exit 2", "internal errors")
    rows = [f"{'command':<22}" + "".join(f"{c:>17}" for c in columns)]
    total: Counter[str] = Counter()
    for command, counts in sorted(TALLY.items()):
        rows.append(f"{command:<22}" + "".join(f"{counts[c]:>17,}" for c in columns))
        total.update(counts)
    rows.append(f"{'all':<22}" + "".join(f"{total[c]:>17,}" for c in columns))
    return rows


def slow_text_table() -> list[str]:
    """The slowest text per command, as `make fuzz` prints it."""
    rows = [f"{'command':<24}{'slowest text':<42}{'seconds':>9}{'baseline':>10}{'extra':>8}"]
    for command, text, taken, baseline, extra in SLOW_TEXT_ROWS:
        rows.append(f"{command:<24}{text:<42}{taken:>9.2f}{baseline:>10.2f}{extra:>+8.2f}")
    return rows
