"""A set of file writes that happens entirely or not at all, and the refusal of the commands that
plan them (`rulebook new`, `rule`, `edition new`, `cite`, `diff`): coded problems, nothing written.

Layering: with files and problems at the bottom, so that every package that writes (authoring/,
editions/, i18n/) plans its writes alike (tests/test_layers.py).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.files import inside_project, write_atomic, write_atomic_bytes
from rulebook.problem_codes import Message
from rulebook.problems import MESSAGE_LENGTH, Problem, cut, display_path, one_line


class Refused(Exception):
    """The input cannot be used; nothing has been written. Each problem has its code (authoring.*,
    edition.*, or the code of the problem found in a file) and names its file where there is one:
    "" for a command's argument."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(_line(problem) for problem in self.problems))

    @classmethod
    def at(
        cls, file: str | Path, message: Message, *, line: int = 0, col: int = 0, field: str | None = None
    ) -> Refused:
        """A refusal of one coded problem, at a file's line and column (0: the whole file)."""
        file = file.as_posix() if isinstance(file, Path) else file
        return cls([Problem.coded(file, line, col, message, field=field)])


def _line(problem: Problem) -> str:
    """`file:line:col: message`, `file: message`, or the message alone for a command's argument."""
    return str(problem) if problem.file else cut(one_line(problem.message), MESSAGE_LENGTH)


def _path_refused(code: str, path: Path, root: Path) -> Refused:
    return Refused.at("", Message(code, {}, {"path": cut(one_line(display_path(path, root)))}))


@dataclass
class Plan:
    """Files to write, each in full: built first, written last, together."""

    root: Path
    texts: dict[Path, str] = field(default_factory=dict)

    def add(self, path: Path, text: str) -> None:
        """A file to write, which must be the project's own: not outside it, nor a link."""
        if not inside_project(path, self.root):
            raise _path_refused("authoring.write-outside-project", path, self.root)
        if path.is_symlink():
            raise _path_refused("authoring.write-to-link", path, self.root)
        self.texts[path] = text

    def new_file(self, path: Path, text: str) -> None:
        """A file that must not exist yet: refused now, before anything is written."""
        if path.exists() or path.is_symlink():
            raise _path_refused("authoring.file-exists", path, self.root)
        self.add(path, text)

    def apply(self) -> list[Path]:
        """Write every file atomically. If one write fails, the files already written get their old
        content back (or are removed, with any folder made for them), and the error goes on."""
        before: dict[Path, bytes | None] = {}
        made: list[Path] = []
        try:
            for path, text in self.texts.items():
                before[path] = path.read_bytes() if path.exists() else None
                made += _missing_folders(path.parent)
                write_atomic(path, text)
        except BaseException:
            for path, old in reversed(before.items()):
                if old is None:
                    path.unlink(missing_ok=True)
                else:
                    write_atomic_bytes(path, old)
            for folder in reversed(made):
                if folder.is_dir() and not any(folder.iterdir()):
                    folder.rmdir()
            raise
        return list(self.texts)


def _missing_folders(folder: Path) -> list[Path]:
    """The folders, outermost first, that writing into `folder` would create."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    return list(reversed(missing))


def apply_and_report(what: str, plan: Plan, root: Path) -> int:
    """Write every file of the plan, or none; print each file written, or why none was. The exit
    code of the command that planned it."""
    try:
        written = plan.apply()
    except OSError as error:
        print(f"{what}: cannot write {error.filename}: {error.strerror}; no file was changed", file=sys.stderr)
        return 2
    for path in written:
        print(display_path(path, root))
    return 0
