"""The refusals of the translators' operations: export, import, update, review, sync, minor and the UI
catalogs' reader raise `problems.Refused` with coded problems (rulebook.problem_codes), each at its
file and line (`refusal_at`), and nothing is written. `rulebook i18n` prints them one a line
(commands/report.py)."""

from __future__ import annotations

from rulebook.problem_codes import Message
from rulebook.problems import Problem, excerpt


def refusal_at(file: str, line: int, message: Message, *, field: str | None = None) -> Problem:
    """A coded problem at a file's line (0: the whole file; "": no file, a command's argument). Its
    column is 0: a PO file's refusals name the line of the entry, as msgfmt does."""
    return Problem.coded(file, line, 0, message, field=field)


def not_a_translation(language: str, translations: list[str]) -> Message:
    """A language asked for that is not one of the project's translations (`minor`, `export`, `terms`)."""
    said = {"language": excerpt(language), "choices": ", ".join(translations) or "none"}
    return Message("i18n.not-a-translation", {"translations": translations}, said)
