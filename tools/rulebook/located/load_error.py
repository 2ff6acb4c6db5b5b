"""The loading layer's one refusal: a file that cannot be read into a document at all.

Whatever the reason (unreadable, over its size bound, not UTF-8, not YAML, unsafe YAML), the
refusal carries coded problems (rulebook.problem_codes), each located in the file, so that every
caller reports them as it reports any other problem."""

from __future__ import annotations

from rulebook.problems import Refused


class LoadError(Refused):
    """A file refused unread or unparsed; `problems` say why, at its path and line."""

    def __str__(self) -> str:
        # One line, each problem as `file:line:col: message`: what a command prints of a file it cannot read.
        return "; ".join(str(problem) for problem in self.problems)
