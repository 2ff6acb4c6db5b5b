"""Finding the project and loading it for a command that needs it whole, or readable at least."""

from __future__ import annotations

import sys
from pathlib import Path

from rulebook.documents.reader import PROJECT_FILE
from rulebook.problems import report_lines


def find_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` that holds rules/project.yaml."""
    for folder in (start, *start.parents):
        if (folder / PROJECT_FILE).is_file():
            return folder
    return None


def load_clean(root: Path):
    """The project, or None after printing why it cannot be used."""
    from rulebook.validate.check import check_project

    loaded, problems = check_project(root)
    errors = [problem for problem in problems if problem.is_error]
    if loaded.project is None or errors:
        for line in report_lines(errors or loaded.problems):  # the first 50, as `check` prints them
            print(line, file=sys.stderr)
        print("rulebook: the content has errors; fix them first (`rulebook check`)", file=sys.stderr)
        return None
    return loaded.project
