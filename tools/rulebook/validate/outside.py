"""Links that leave the project: every one under the folders the toolkit and the site read is
refused at its path, unread. docs/assets/ is copied into the site and precached by every reader's
browser, so a link there to /proc/self/environ would publish a CI secret."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from rulebook.files.disk import inside_project, outside_project
from rulebook.problems import Problem, display_path


def links_leaving(folder: Path, root: Path) -> Iterator[Path]:
    """Each link under `folder` (a file's or a folder's) whose target is outside `root`; a folder
    link that stays inside is not walked into again (its files are found where they are)."""
    if not folder.is_dir() or not inside_project(folder, root):
        return
    yield from _links_leaving(str(folder), root)


def _links_leaving(folder: str, root: Path) -> Iterator[Path]:
    # As os.walk without following links, but with each entry's type as the folder listing gives
    # it: no lstat of every file (`rulebook serve` checks again after each edit, and docs/ holds
    # thousands of generated pages).
    try:
        with os.scandir(folder) as scan:
            entries = sorted(scan, key=lambda entry: entry.name)
    except OSError:
        return  # unreadable, as os.walk skips it
    for entry in entries:
        if entry.is_symlink():
            if not inside_project(Path(entry.path), root):
                yield Path(entry.path)
        elif entry.is_dir(follow_symlinks=False):
            yield from _links_leaving(entry.path, root)


def outside_link_problems(root: Path, folders: Iterable[Path]) -> list[Problem]:
    """A problem at the path of each link leaving the project, under each of `folders`."""
    seen: set[Path] = set()
    problems = []
    for folder in folders:
        if not inside_project(folder, root) and (folder.exists() or folder.is_symlink()):
            problems.append(outside_project(display_path(folder, root)))
            continue
        for path in links_leaving(folder, root):
            if path not in seen:
                seen.add(path)
                problems.append(outside_project(display_path(path, root)))
    return problems
