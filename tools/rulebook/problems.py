"""Problems found in content, gathered as data and printed at the end (as jsonschema does)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path


class Severity(Enum):
    ERROR = "error"
    # Reported but not failing, such as a translation that is not written yet.
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Problem:
    """One finding, located at `file:line:col` (1-based) where the position is known."""

    file: str
    line: int
    col: int
    message: str
    severity: Severity = field(default=Severity.ERROR, compare=False)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}" if self.line else self.file
        prefix = "warning: " if self.severity is Severity.WARNING else ""
        return f"{where}: {prefix}{self.message}"

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


def display_path(path: Path, root: Path | None = None) -> str:
    """A path as people should see it in messages: relative to the project when possible."""
    if root is not None:
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            pass
    return path.as_posix()
