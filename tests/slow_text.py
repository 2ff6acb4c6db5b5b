"""Text that made `rulebook` slow (issue 23, part 4): runs of the constructs Python-Markdown is
superlinear on, deep nesting, and sheer size. Beside tests/hostile.py, which holds text that is
dangerous to readers; this is text that is dangerous to the commands.

Each pattern makes a text of about `size` characters, none with a digit (a digit is refused as a
number written out, which would hide what is being measured).
"""

from __future__ import annotations

from collections.abc import Callable


def _run(unit: str) -> Callable[[int], str]:
    return lambda size: unit * max(1, size // len(unit))


def _nested(line: Callable[[int], str]) -> Callable[[int], str]:
    """Lines nested one level deeper each, up to `size` characters."""

    def text(size: int) -> str:
        lines, length, depth = [], 0, 0
        while length < size:
            lines.append(line(depth))
            length += len(lines[-1]) + 1
            depth += 1
        return "\n".join(lines)

    return text


SLOW_PATTERNS: dict[str, Callable[[int], str]] = {
    "run of [": _run("["),
    "run of ![": _run("!["),
    "run of [a](": _run("[a]("),
    "run of {": _run("{"),
    "run of &": _run("&"),
    "run of <": _run("<"),
    "run of *": _run("*"),
    "run of _": _run("_"),
    "run of backticks": _run("`"),
    "run of backslashes": _run("\\"),
    "run of |": _run("|"),
    "nested > quotes": _nested(lambda depth: ">" * (depth + 1) + " a"),
    "nested lists": _nested(lambda depth: "    " * depth + "- a"),
    "plain text": _run("a word "),
}
# Patterns made of markup characters (located/limits.py): refused for their count; the others
# for their length.
LENGTH_ONLY = frozenset({"nested lists", "plain text"})
