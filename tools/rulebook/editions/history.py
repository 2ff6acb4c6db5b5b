"""A game's edition history, rules/<game>/editions.yaml: each edition's version, date and the hash
of its snapshot, oldest first; and the problems `rulebook check` finds in it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulebook.editions.snapshot import Snapshot, digest, snapshot_from_data, snapshot_path
from rulebook.editions.versions import version_key
from rulebook.load.reader import Reader
from rulebook.located.document import Document
from rulebook.model import edition_unit
from rulebook.problems import Problem, display_path

HISTORY_FILE = "editions.yaml"
SCHEMA_LINE = "# yaml-language-server: $schema=../../schemas/editions.schema.json\n"


@dataclass(frozen=True)
class Edition:
    version: str
    date: str  # YYYY-MM-DD
    sha256: str  # of its snapshot file

    @property
    def unit_id(self) -> str:
        """The unit that summarises it, translated like any other."""
        return edition_unit(self.version)


@dataclass
class History:
    game_folder: Path
    editions: list[Edition]  # oldest first
    document: Document | None = None

    @property
    def latest(self) -> Edition | None:
        return self.editions[-1] if self.editions else None

    def edition(self, version: str) -> Edition | None:
        return next((edition for edition in self.editions if edition.version == version), None)

    def previous(self, version: str) -> Edition | None:
        versions = [edition.version for edition in self.editions]
        index = versions.index(version)
        return self.editions[index - 1] if index else None


def read_history(root: Path, game_folder: Path) -> tuple[History, list[Problem]]:
    """The history (empty when the game has none yet) and the problems of its file and snapshots."""
    path = game_folder / HISTORY_FILE
    if not path.exists():
        return History(game_folder, []), []
    reader = Reader(root)
    document = reader.read(path, "editions.schema.json")
    if document is None:
        return History(game_folder, []), reader.problems
    editions = [Edition(item["version"], item["date"], item["sha256"]) for item in document.data["editions"]]
    history = History(game_folder, editions, document)
    return history, reader.problems + order_problems(history) + hash_problems(root, history)


def order_problems(history: History) -> list[Problem]:
    """A version given twice, or an edition older (by version or date) than the one before it."""
    assert history.document is not None
    problems, seen = [], set()
    for index, edition in enumerate(history.editions):
        where = ("editions", index, "version")
        if edition.version in seen:
            problems.append(history.document.problem(where, f"edition {edition.version!r} is given twice"))
            continue
        seen.add(edition.version)
        if index == 0:
            continue
        before = history.editions[index - 1]
        if version_key(edition.version) <= version_key(before.version):
            message = f"edition {edition.version!r} comes after {before.version!r}: the history goes backwards"
            problems.append(history.document.problem(where, message))
        elif edition.date < before.date:
            message = f"edition {edition.version!r} is dated {edition.date}, before {before.version!r} ({before.date})"
            problems.append(history.document.problem(("editions", index, "date"), message))
    return problems


def hash_problems(root: Path, history: History) -> list[Problem]:
    """A recorded edition whose snapshot is missing or no longer matches its recorded hash."""
    assert history.document is not None
    problems = []
    for index, edition in enumerate(history.editions):
        path = snapshot_path(history.game_folder, edition.version)
        where = ("editions", index, "sha256")
        shown = display_path(path, root)
        if not path.is_file():
            problems.append(
                history.document.problem(where, f"the snapshot of edition {edition.version!r} is missing: {shown}")
            )
        elif digest(path.read_bytes()) != edition.sha256:
            message = f"the snapshot {shown} no longer matches the hash recorded for edition {edition.version!r}"
            problems.append(history.document.problem(where, message))
    return problems


def read_snapshot(root: Path, history: History, version: str) -> tuple[Snapshot | None, list[Problem]]:
    reader = Reader(root)
    document = reader.read(snapshot_path(history.game_folder, version), "snapshot.schema.json")
    return (snapshot_from_data(document.data) if document is not None else None), reader.problems


def history_text(editions: list[Edition]) -> str:
    lines = [SCHEMA_LINE.rstrip("\n"), "editions:"]
    for edition in editions:
        lines += [
            f'  - version: "{edition.version}"',
            f'    date: "{edition.date}"',
            f'    sha256: "{edition.sha256}"',
        ]
    return "\n".join(lines) + "\n"
