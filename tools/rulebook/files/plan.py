"""A set of file writes that happens entirely or not at all. The commands that plan them (`rulebook
new`, `rule`, `edition new`, `cite`, `diff`) refuse with `problems.Refused`: coded problems, nothing
written.

Layering: in files/, at the bottom with problems, so that every package that writes (authoring/,
editions/, i18n/, translation/) plans its writes alike (tests/test_layers.py).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.files.disk import inside_project, stage_bytes
from rulebook.problem_codes import Message
from rulebook.problems import MESSAGE_LENGTH, Refused, cut, display_path, one_line


def _path_refused(code: str, path: Path, root: Path) -> Refused:
    return Refused.at("", Message(code, {}, {"path": cut(one_line(display_path(path, root)))}))


class WriteFailed(OSError):
    """A file of a plan could not be written: the error (errno, strerror) names that file. Every
    content is written beside its target before the first rename, so a failure then changed no
    file; only a failed rename, which needs no space, leaves `changed` not empty."""

    def __init__(self, error: OSError, path: Path, changed: Sequence[Path] = (), unchanged: Sequence[Path] = ()):
        super().__init__(error.errno, error.strerror, str(path))
        self.changed = list(changed)
        self.unchanged = list(unchanged)


@dataclass
class Plan:
    """Files to write, each in full: built first, then all written beside their targets, then all
    renamed into place, so that a full disk or a file-size limit changes no file."""

    root: Path
    texts: dict[Path, str | bytes] = field(default_factory=dict)

    def add(self, path: Path, text: str | bytes) -> None:
        """A file to write, which must be the project's own: not outside it, nor a link."""
        if not inside_project(path, self.root):
            raise _path_refused("authoring.write-outside-project", path, self.root)
        if path.is_symlink():
            raise _path_refused("authoring.write-to-link", path, self.root)
        self.put(path, text)

    def put(self, path: Path, data: str | bytes) -> None:
        """A file whose place the caller has checked: a words file planned by `i18n import`, or one
        in a folder the user named (`--output`, files.own_folder), which may be outside the project.
        A link there would be replaced by the file, never followed."""
        self.texts[path] = data

    def new_file(self, path: Path, text: str) -> None:
        """A file that must not exist yet: refused now, before anything is written."""
        if path.exists() or path.is_symlink():
            raise _path_refused("authoring.file-exists", path, self.root)
        self.add(path, text)

    def apply(self) -> list[Path]:
        """Write every file, or none: raises WriteFailed naming the file that could not be written."""
        staged: dict[Path, Path] = {}
        made: list[Path] = []
        try:
            for path, text in self.texts.items():
                for folder in _missing_folders(path.parent):
                    folder.mkdir()
                    made.append(folder)
                staged[path] = stage_bytes(path, text.encode("utf-8") if isinstance(text, str) else text)
        except OSError as error:
            _discard(staged.values(), made)
            raise WriteFailed(error, Path(error.filename or path), (), list(self.texts)) from error
        except BaseException:
            _discard(staged.values(), made)
            raise
        renamed: list[Path] = []
        for path, temporary in staged.items():
            try:
                os.replace(temporary, path)
            except BaseException as error:
                left = [other for other in staged if other not in renamed]
                _discard([staged[other] for other in left], made)
                if isinstance(error, OSError):
                    raise WriteFailed(error, path, renamed, left) from error
                raise
            renamed.append(path)
        return renamed


def _discard(temporaries: Iterable[Path], made: list[Path]) -> None:
    """Remove the temporary files, then the folders made for them that are left empty."""
    for temporary in temporaries:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
    for folder in reversed(made):
        with contextlib.suppress(OSError):
            if not any(folder.iterdir()):
                folder.rmdir()


def _missing_folders(folder: Path) -> list[Path]:
    """The folders, outermost first, that writing into `folder` would create."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    return list(reversed(missing))


def write_failure(what: str, error: OSError, root: Path) -> list[str]:
    """What a command says when a write failed: which file and why, then which files it changed
    (none, unless a rename failed)."""
    shown = _shown(Path(error.filename), root) if error.filename else "a file"
    said = f"{what}: cannot write {shown}: {error.strerror or error}"
    changed = error.changed if isinstance(error, WriteFailed) else []
    if not changed:
        return [f"{said}; no file was changed"]
    unchanged = error.unchanged if isinstance(error, WriteFailed) else []
    return [
        f"{said}; {len(changed)} file(s) changed, {len(unchanged)} not:",
        *(f"  changed: {_shown(path, root)}" for path in changed),
        *(f"  not changed: {_shown(path, root)}" for path in unchanged),
    ]


def _shown(path: Path, root: Path) -> str:
    return cut(one_line(display_path(path, root)), MESSAGE_LENGTH)


def apply_and_report(what: str, plan: Plan, root: Path) -> int:
    """Write every file of the plan, or none; print each file written, or why none was. The exit
    code of the command that planned it."""
    try:
        written = plan.apply()
    except OSError as error:
        for line in write_failure(what, error, root):
            print(line, file=sys.stderr)
        return 2
    for path in written:
        print(display_path(path, root))
    return 0
