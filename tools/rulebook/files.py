"""The project's files on disk: read only from inside the project, written atomically and only
when their content changes."""

from __future__ import annotations

import os
import tempfile
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
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = NEW_FILE_MODE
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            os.fchmod(stream.fileno(), mode)
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        if error.filename is None:  # a full disk names no file; the messages name the one being written
            raise OSError(error.errno, error.strerror, str(path)) from error
        raise
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


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
