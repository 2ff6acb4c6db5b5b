"""The loading layer's one refusal: a file that cannot be read into a document at all.

Whatever the reason (unreadable, over its size bound, not UTF-8, not YAML, unsafe YAML), the
refusal carries coded problems (rulebook.problem_codes), each located in the file, so that every
caller reports them as it reports any other problem."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulebook.problems import Problem


class LoadError(Exception):
    """A file refused unread or unparsed; `problems` say why, at its path and line."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(str(problem) for problem in problems))
        self.problems = problems
