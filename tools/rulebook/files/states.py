"""The state of the files under a folder, cheap to take (no file is opened): what a long-lived
process (`rulebook serve`) compares to tell that nothing it read there changed since."""

from __future__ import annotations

import os
from pathlib import Path

State = tuple


def tree_state(folder: Path) -> State:
    """Every entry under `folder`, the folder itself included, as (relative path, type and
    permissions, inode, size, modification time in ns), links not followed: an edit, a file added,
    removed or replaced by a link all change it. A link also gives where it leads and the state of
    what it leads to, as the readers follow it."""
    return tuple(_entries(folder, ""))


def _entries(folder: Path, relative: str) -> list[tuple]:
    try:
        stat = os.lstat(folder)
    except OSError:
        return [(relative, None)]
    found = [(relative, stat.st_mode, stat.st_ino, stat.st_size, stat.st_mtime_ns)]
    try:
        with os.scandir(folder) as scan:
            entries = sorted(scan, key=lambda entry: entry.name)
    except OSError:
        return found
    for entry in entries:
        name = f"{relative}/{entry.name}"
        if entry.is_dir(follow_symlinks=False):
            found += _entries(Path(entry.path), name)
            continue
        try:
            own = entry.stat(follow_symlinks=False)
        except OSError:
            found.append((name, None))
            continue
        found.append((name, own.st_mode, own.st_ino, own.st_size, own.st_mtime_ns))
        if entry.is_symlink():
            found.append((name, os.path.realpath(entry.path), *_followed(entry.path)))
    return found


def _followed(path: str) -> tuple:
    try:
        stat = os.stat(path)
    except OSError:
        return (None,)
    return (stat.st_mode, stat.st_ino, stat.st_size, stat.st_mtime_ns)


def path_state(path: Path) -> State:
    """One file's state, as `tree_state` gives each entry, with every link on its way resolved."""
    return (str(path), os.path.realpath(path), _followed(str(path)))
