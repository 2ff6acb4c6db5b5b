"""A game's edition history, rules/<game>/editions.yaml: each edition's version, dates, the hash
of its snapshot and its link in the chain of editions (chain.py), oldest first; and the problems
`rulebook check` finds in it (the snapshots' texts are validate/snapshots.py's)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.documents.reader import Reader
from rulebook.editions.chain import FIRST, link
from rulebook.editions.dates import still_to_come
from rulebook.editions.snapshot import Snapshot, digest, snapshot_from_data, snapshot_path
from rulebook.editions.versions import version_key
from rulebook.located.document import Document
from rulebook.model import edition_unit
from rulebook.problem_codes import Message
from rulebook.problems import Problem, cut, display_path

HISTORY_FILE = "editions.yaml"
CURRENT = "current"  # the game as it stands, in `rulebook diff GAME VERSION current`
SCHEMA_LINE = "# yaml-language-server: $schema=../../schemas/editions.schema.json\n"


@dataclass(frozen=True)
class Edition:
    version: str
    date: str  # YYYY-MM-DD, the day it was published: never one still to come
    sha256: str  # of its snapshot file
    chain: str = ""  # its link: chain.link of the edition before's chain and its own fields
    effective: str | None = None  # YYYY-MM-DD, the day its rules take effect, if it says; not before `date`

    def linked(self, previous: str) -> str:
        """Its link in the chain, after the edition whose chain is `previous`."""
        return link(previous, self.version, self.date, self.effective, self.sha256)

    @property
    def unit_id(self) -> str:
        """The unit that summarises it, translated like any other."""
        return edition_unit(self.version)


@dataclass(frozen=True)
class Rename:
    """A rule renamed (`rulebook rule rename`) while `after` was the latest edition."""

    old: str
    new: str
    after: str


@dataclass
class History:
    game_folder: Path
    editions: list[Edition]  # oldest first
    document: Document | None = None
    renames: list[Rename] = field(default_factory=list)  # oldest first

    def current_id(self, rule_id: str, version: str) -> str:
        """The id a rule of edition `version` has now, through every rename made since.

        >>> h = History(Path("."), [], None, [Rename("a", "b", "1.0"), Rename("b", "c", "1.1")])
        >>> h.current_id("a", "1.0"), h.current_id("b", "1.1"), h.current_id("a", "1.2")
        ('c', 'c', 'a')
        """
        for rename in self.renames:
            if rename.old == rule_id and version_key(rename.after) >= version_key(version):
                rule_id = rename.new
        return rule_id

    def renamed_between(self, before: str, after: str) -> dict[str, str]:
        """Each id of edition `before` renamed by edition `after` (or by now, for "current"), to its id then."""
        mapping: dict[str, str] = {}
        for rename in self.renames:
            made = version_key(rename.after)
            if made >= version_key(before) and (after == CURRENT or made < version_key(after)):
                olds = [old for old, new in mapping.items() if new == rename.old] or [rename.old]
                for old in olds:
                    mapping[old] = rename.new
        return mapping

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
    editions = [
        # `chain` is required by the schema this toolkit ships; a project whose schemas/ predates it
        # reads on, and `check` says each link is broken.
        Edition(item["version"], item["date"], item["sha256"], item.get("chain", ""), item.get("effective"))
        for item in document.data["editions"]
    ]
    renames = [Rename(item["from"], item["to"], item["after"]) for item in document.data.get("renamed", ())]
    history = History(game_folder, editions, document, renames)
    problems = order_problems(history) + date_problems(history) + hash_problems(root, history)
    return history, reader.problems + problems + chain_problems(history)


def order_problems(history: History) -> list[Problem]:
    """A version given twice, also in disguise (1.2.0 after 1.2), or an edition older (by version or
    date) than the one before it. Versions and dates are params: the schema has let only digits and
    dots, and YYYY-MM-DD, through."""
    assert history.document is not None
    problems, seen = [], {}
    for index, edition in enumerate(history.editions):
        where = ("editions", index, "version")
        same = seen.get(version_key(edition.version))
        if same is not None:
            said = {"version": edition.version}
            again = Message("edition.version-twice", said) if same == edition.version else None
            again = again or Message("edition.version-repeated", said | {"before": same})
            problems.append(history.document.problem(where, again))
            continue
        seen[version_key(edition.version)] = edition.version
        if index == 0:
            continue
        before = history.editions[index - 1]
        if version_key(edition.version) <= version_key(before.version):
            backwards = Message("edition.version-backwards", {"version": edition.version, "before": before.version})
            problems.append(history.document.problem(where, backwards))
        elif edition.date < before.date:
            dates = {"version": edition.version, "date": edition.date, "before": before.version}
            earlier = Message("edition.date-backwards", dates | {"before_date": before.date})
            problems.append(history.document.problem(("editions", index, "date"), earlier))
    return problems


def date_problems(history: History) -> list[Problem]:
    """An edition dated on a day still to come, or taking effect before it was published."""
    assert history.document is not None
    problems = []
    for index, edition in enumerate(history.editions):
        said = {"version": edition.version, "date": edition.date}
        if still_to_come(edition.date):
            problems.append(
                history.document.problem(("editions", index, "date"), Message("edition.date-to-come", said))
            )
        if edition.effective is not None and edition.effective < edition.date:
            early = Message("edition.effective-before-date", said | {"effective": edition.effective})
            problems.append(history.document.problem(("editions", index, "effective"), early))
    return problems


def chain_problems(history: History) -> list[Problem]:
    """Each link that does not follow from the recorded link before it and its edition's own fields:
    the edition was rewritten (or the one before, whose link was then written again)."""
    assert history.document is not None
    problems, previous = [], FIRST
    for index, edition in enumerate(history.editions):
        if edition.chain != edition.linked(previous):
            broken = Message("edition.chain-broken", {"version": edition.version})
            problems.append(history.document.problem(("editions", index, "chain"), broken))
        previous = edition.chain
    return problems


def hash_problems(root: Path, history: History) -> list[Problem]:
    """A recorded edition whose snapshot is missing or no longer matches its recorded hash."""
    assert history.document is not None
    problems = []
    for index, edition in enumerate(history.editions):
        path = snapshot_path(history.game_folder, edition.version)
        where = ("editions", index, "sha256")
        shown = display_path(path, root)
        said = ({"version": edition.version}, {"snapshot": cut(shown, 200)})
        if not path.is_file():
            problems.append(history.document.problem(where, Message("edition.snapshot-missing", *said)))
        elif digest(path.read_bytes()) != edition.sha256:
            problems.append(history.document.problem(where, Message("edition.snapshot-changed", *said)))
    return problems


def read_snapshot(root: Path, history: History, version: str) -> tuple[Snapshot | None, list[Problem]]:
    reader = Reader(root)
    document = reader.read(snapshot_path(history.game_folder, version), "snapshot.schema.json")
    return (snapshot_from_data(document.data) if document is not None else None), reader.problems


def history_text(editions: list[Edition], renames: Sequence[Rename] = ()) -> str:
    lines = [SCHEMA_LINE.rstrip("\n"), "editions:"]
    for edition in editions:
        lines += [f'  - version: "{edition.version}"', f'    date: "{edition.date}"']
        lines += [f'    effective: "{edition.effective}"'] if edition.effective is not None else []
        lines += [f'    sha256: "{edition.sha256}"', f'    chain: "{edition.chain}"']
    if renames:
        lines.append("renamed:")
    for rename in renames:  # ids are plain by the schema's pattern; versions are quoted as above
        lines.append(f'  - {{from: {rename.old}, to: {rename.new}, after: "{rename.after}"}}')
    return "\n".join(lines) + "\n"
