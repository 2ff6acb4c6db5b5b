"""The project's files on disk: read only from inside the project, written atomically and only
when their content changes."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rulebook.problem_codes import Message
from rulebook.problems import Problem


def write_atomic(path: Path, text: str) -> None:
    """Write through a temporary file and a rename, so a reader never sees half a file."""
    write_atomic_bytes(path, text.encode("utf-8"))


NEW_FILE_MODE = 0o644  # what a new file gets in a shared project (mkstemp alone gives 0600)


def write_atomic_bytes(path: Path, data: bytes) -> None:
    """An existing file keeps its mode; a new one is NEW_FILE_MODE."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = stage_bytes(path, data)
    with _removed_on_failure(temporary, path):
        os.replace(temporary, path)


def stage_bytes(path: Path, data: bytes) -> Path:
    """Write `data` to a new temporary file beside `path` (in its folder, which must exist, so that
    renaming it over `path` is atomic) with the mode `path` has or will have; return its path.
    On failure nothing is left and the OSError names `path`: a full disk names no file."""
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = NEW_FILE_MODE
    try:
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:  # a full disk may refuse even the empty file
        raise _naming(error, path) from error
    temporary = Path(name)
    with _removed_on_failure(temporary, path), os.fdopen(handle, "wb") as stream:
        stream.write(data)
        os.fchmod(stream.fileno(), mode)
    return temporary


@contextmanager
def _removed_on_failure(temporary: Path, path: Path) -> Iterator[None]:
    """A failure in the block removes the temporary file; an OSError then names `path`."""
    try:
        yield
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise _naming(error, path) from error
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _naming(error: OSError, path: Path) -> OSError:
    """The error as the messages need it: naming the file being written, not a temporary file's name
    nor None (a full disk names no file)."""
    if error.filename == str(path):
        return error
    return OSError(error.errno, error.strerror, str(path))


def write_if_changed(path: Path, text: str) -> bool:
    """Write only when the content differs; True when it wrote. Unchanged files keep their mtime."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except (FileNotFoundError, UnicodeDecodeError):
        pass
    write_atomic(path, text)
    return True


def inside_project(path: Path, root: Path) -> bool:
    """Whether `path`, every link on its way followed, stays inside `root` and out of its hidden
    folders. A file the toolkit reads is read only when it does: a link to /etc/passwd or
    /proc/self/environ must not have its bytes quoted into a CI log or copied into the published
    site, nor one to .git/config (a remote's token) or .cache/ (the toolkit's pickles)."""
    relative = resolved_within(path, root)
    return relative is not None and not any(part.startswith(".") for part in relative.parts)


def resolved_within(path: Path, folder: Path) -> Path | None:
    """`path` with every link followed, relative to `folder` (links followed too); None outside it."""
    try:
        return path.resolve().relative_to(folder.resolve())
    except (ValueError, OSError, RuntimeError):  # outside, or a loop of links
        return None


# The English words of the problem `file.outside-project` (problem_codes/site_words.py), which the
# tests compare output with (tests/test_site_codes.py keeps the two equal); the toolkit says them
# through `outside_project`.
OUTSIDE_PROJECT = "a link to a file outside the project: refused unread"
OUTSIDE_PROJECT_CODE = "file.outside-project"


def outside_project(shown: str) -> Problem:
    """The problem of a file or folder that is a link leaving the project, at its path `shown`."""
    return Problem.coded(shown, 0, 0, Message(OUTSIDE_PROJECT_CODE))


class LinkedFolder(Exception):
    """A folder a command would write into goes through a symbolic link, or out of the project:
    refused before anything is written (`problem`: file.write-through-link at the link's path).
    Not a `problems.Refused`: it goes past every command's own refusal, up to cli.py, which prints
    its one problem alone."""

    def __init__(self, shown: str):
        super().__init__(shown)
        self.problem = Problem.coded(shown, 0, 0, Message("file.write-through-link"))


def own_folder(folder: Path, root: Path) -> None:
    """Raise LinkedFolder when writing into `folder` would pass a symbolic link on its way from the
    project's root (the folder itself included), or leave the project: a committed `.cache` or
    `site` link must not make a command write, or delete, elsewhere. A folder outside the project,
    named on the command line (`--site /tmp/out`), is the user's own choice."""
    lexical = Path(os.path.normpath(os.path.abspath(folder)))
    base = Path(os.path.normpath(os.path.abspath(root)))
    if not lexical.is_relative_to(base):
        return
    step = base
    for part in lexical.relative_to(base).parts:
        step = step / part
        if step.is_symlink():
            raise LinkedFolder(step.relative_to(base).as_posix())
    if lexical != base and resolved_within(folder, root) is None:  # `site/..`: a way out that is no link
        raise LinkedFolder(lexical.relative_to(base).as_posix())
