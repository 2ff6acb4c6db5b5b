"""The one refusal of the i18n layer: export, import, update, review, sync, minor and the UI catalogs'
reader raise `Refused` with coded problems (rulebook.problem_codes), each at its file and line, and
nothing is written. `rulebook i18n` prints them one a line (commands/report.py)."""

from __future__ import annotations

from collections.abc import Sequence

from rulebook.problem_codes import Message
from rulebook.problems import MESSAGE_LENGTH, Problem, cut, excerpt, one_line


class Refused(Exception):
    """An i18n operation cannot be done; nothing was written. Each problem names its file and line."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(self.lines))

    @property
    def lines(self) -> list[str]:
        return [refusal_line(problem) for problem in self.problems]


def refusal_at(file: str, line: int, message: Message, *, field: str | None = None) -> Problem:
    """A coded problem at a file's line (0: the whole file; "": no file, a command's argument). Its
    column is 0: a PO file's refusals name the line of the entry, as msgfmt does."""
    return Problem.coded(file, line, 0, message, field=field)


def refusal_line(problem: Problem) -> str:
    """`file:line: message` (`file:line:col: message` where the column is known), on one line.

    >>> refusal_line(refusal_at("a.po", 3, Message("catalog.utf-8", {"byte": "ff"})))
    'a.po:3: not valid utf-8: byte 0xff'
    >>> refusal_line(refusal_at("", 0, Message("i18n.words-file-link")))[:9]
    'a link, n'
    """
    where = one_line(problem.file)
    where += (f":{problem.line}" if problem.line else "") + (f":{problem.col}" if problem.line and problem.col else "")
    text = cut(one_line(problem.message), MESSAGE_LENGTH)
    return f"{where}: {text}" if where else text


def not_a_translation(language: str, translations: list[str]) -> Message:
    """A language asked for that is not one of the project's translations (`minor`, `export`, `terms`)."""
    said = {"language": excerpt(language), "choices": ", ".join(translations) or "none"}
    return Message("i18n.not-a-translation", {"translations": translations}, said)
