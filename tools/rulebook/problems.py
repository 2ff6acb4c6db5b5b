"""Problems found in content, gathered as data and printed at the end (as jsonschema does), and
`Refused`, the one exception that carries them: an input refused with every reason, nothing written.

A problem prints as one line, whatever it quotes: keys and values from the input are escaped and cut
(`excerpt`), and a long list of problems is cut too (`report_lines`), so that output never grows
with the input and never echoes a whole file into a CI log.
"""

from __future__ import annotations

import reprlib
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

EXCERPT_LENGTH = 80  # characters of a key or value that a message quotes
# A safety net for messages that quote input without `excerpt`: no line echoes a whole file.
MESSAGE_LENGTH = 500
MAX_REPORTED = 50  # problems printed before "… and N more"

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# Spaces kept as they are: the no-break spaces of French and Czech typography keep a line whole, and
# a refusal said in French (`rulebook score --lang fr`) reads as French, not as `\xa0:`.
_KEPT_SPACES = frozenset(" \u00a0\u202f")
# Containers quoted in a message show their first few items only.
_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel, _SHORT_REPR.maxdict, _SHORT_REPR.maxlist = 2, 3, 3
_SHORT_REPR.maxstring, _SHORT_REPR.maxlong, _SHORT_REPR.maxother = 40, 40, 40


class Severity(Enum):
    ERROR = "error"
    # Reported but not failing, such as a translation that is not written yet.
    WARNING = "warning"


def one_line(text: str) -> str:
    """Text with every control, format and line-separator character escaped: it stays on one line.
    Backslashes are left alone, so that escaping twice changes nothing.

    >>> print(one_line("a\\nb\\u202ec"))
    a\\nb\\u202ec
    >>> one_line(one_line("a\\nb")) == one_line("a\\nb")
    True
    """
    if text.isprintable():
        return text
    return "".join(_escape(char) for char in text)


def _escape(char: str) -> str:
    if char in _ESCAPES:
        return _ESCAPES[char]
    if char in _KEPT_SPACES or unicodedata.category(char)[0] not in "CZ":
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def cut(text: str, limit: int = EXCERPT_LENGTH) -> str:
    """At most `limit` characters, with an ellipsis where text was left out.

    >>> cut("abcdef", 4), cut("abc", 4)
    ('abc…', 'abc')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def excerpt(value: Any, limit: int = EXCERPT_LENGTH) -> str:
    """A key or value from the input as a message quotes it: one line, at most `limit` characters.

    >>> excerpt("four")
    "'four'"
    >>> excerpt("a\\nb: x" * 40)[:12], len(excerpt("x" * 1000))
    ("'a\\\\nb: xa\\\\nb", 80)
    >>> excerpt({"round": {"moves": [1, 2, 3, 4, 5]}})
    "{'round': {'moves': [...]}}"
    """
    if isinstance(value, str):
        return cut("'" + one_line(value[: limit + 1]) + ("'" if len(value) <= limit else ""), limit)
    try:
        text = _SHORT_REPR.repr(value)
    except ValueError:  # an int too long for str(); the YAML reader refuses those, but stay safe
        text = "a very long number"
    return cut(one_line(text), limit)


# A field's place in a document: keys and list indexes, as in JSON (`("round", "moves", 0)`).
JsonPath = tuple[str | int, ...]


@dataclass(frozen=True, order=True)
class Problem:
    """One finding, located at `file:line:col` (1-based) where the position is known.

    `code` names the kind of problem for good (`schema.minimum`, see rulebook.problem_codes) and
    `params` are the JSON values its message is rendered from, in any language; `path` is the
    field's place in the document, where there is one. `message` is the English rendering.
    """

    file: str
    line: int
    col: int
    message: str
    severity: Severity = field(default=Severity.ERROR, compare=False)
    code: str = field(default="", compare=False)
    params: Mapping[str, Any] = field(default_factory=dict, compare=False)
    path: JsonPath | None = field(default=None, compare=False)
    # Excerpts of the input that the message quotes (rulebook.problem_codes), not part of the contract.
    quoted: Mapping[str, str] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        file = one_line(self.file)
        where = f"{file}:{self.line}:{self.col}" if self.line else file
        prefix = "warning: " if self.severity is Severity.WARNING else ""
        return f"{where}: {prefix}{cut(one_line(self.message), MESSAGE_LENGTH)}"

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @classmethod
    def coded(cls, file: str, line: int, col: int, said: Any, *, field: str | None = None, **details: Any) -> Problem:
        """A problem from a coded message (rulebook.problem_codes.Message), said before `field`."""
        quoted = dict(said.quoted) | ({"field": field} if field is not None else {})
        message = f"{field}: {said}" if field is not None else str(said)
        return cls(file, line, col, message, code=said.code, params=dict(said.params), quoted=quoted, **details)


def report_lines(problems: Iterable[Problem | str], limit: int = MAX_REPORTED) -> list[str]:
    """The problems as printed lines: the first `limit`, then how many more there are.

    >>> report_lines(["a", "b", "c"], limit=2)
    ['a', 'b', '… and 1 more']
    """
    lines, more = [], 0
    for problem in problems:
        if len(lines) < limit:
            lines.append(one_line(str(problem)))
        else:
            more += 1
    return [*lines, f"… and {more} more"] if more else lines


def display_path(path: Path, root: Path | None = None) -> str:
    """A path as people should see it in messages: relative to the project when possible.

    Symbolic links are not followed: a link is named where it stands, not by its target.
    """
    if root is not None:
        try:
            return path.absolute().relative_to(root.absolute()).as_posix()
        except ValueError:
            pass
    return path.as_posix()


class Refused(Exception):
    """The input cannot be used, and nothing was written: the one exception that carries problems,
    each with its code (rulebook.problem_codes), naming its file and line where there is one ("" for
    a command's argument). Raised by the planned writes of `new`, `rule`, `edition new`, `cite` and
    `diff` (files/plan.py), the translators' operations and the UI catalogs' reader; its kinds are
    subclasses: a file that cannot be read at all (located.load_error.LoadError), a situation that
    cannot be scored (scoring.situation.Invalid), a citation that names no rule (editions.cite.NotCited).
    """

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(self.lines))

    @property
    def lines(self) -> list[str]:
        """Each problem on one line, as the commands print a refusal."""
        return [refusal_line(problem) for problem in self.problems]

    @classmethod
    def at(cls, file: str | Path, said: Any, *, line: int = 0, col: int = 0, field: str | None = None) -> Refused:
        """A refusal of one coded problem (`said`, a rulebook.problem_codes.Message), at a file's line and
        column (0: the whole file)."""
        file = file.as_posix() if isinstance(file, Path) else file
        return cls([Problem.coded(file, line, col, said, field=field)])


def refusal_line(problem: Problem) -> str:
    """`file:line: message` (`file:line:col: message` where the column is known), on one line; the
    message alone for a command's argument (no file).

    >>> refusal_line(Problem("a.po", 3, 0, "not valid utf-8"))
    'a.po:3: not valid utf-8'
    >>> refusal_line(Problem("a.yaml", 3, 7, "x")), refusal_line(Problem("", 0, 0, "a\\nb"))
    ('a.yaml:3:7: x', 'a\\\\nb')
    """
    where = one_line(problem.file)
    where += (f":{problem.line}" if problem.line else "") + (f":{problem.col}" if problem.line and problem.col else "")
    text = cut(one_line(problem.message), MESSAGE_LENGTH)
    return f"{where}: {text}" if where else text
