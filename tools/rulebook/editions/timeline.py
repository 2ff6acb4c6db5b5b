"""A game's editions with their snapshots and the changes each made: what the pages show."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from rulebook.editions.changes import Change, Others, changes_between, other_changes
from rulebook.editions.history import Edition, History, read_history, read_snapshot
from rulebook.editions.snapshot import Snapshot
from rulebook.model import Game, Project, source_hash


@dataclass
class Timeline:
    editions: list[Edition]  # oldest first
    snapshots: dict[str, Snapshot]  # version → snapshot
    changes: dict[str, list[Change]] = field(default_factory=dict)  # version → changes from the one before
    others: dict[str, Others] = field(default_factory=dict)  # version → facts, titles, rulings, examples
    history: History | None = None  # its renames

    def current_id(self, rule_id: str, version: str) -> str:
        """The id a rule of edition `version` has now."""
        return self.history.current_id(rule_id, version) if self.history is not None else rule_id

    def old_ids(self, rule_id: str) -> list[str]:
        """Every id a current rule had in a recorded edition, other than its own: its old anchors."""
        ids = {old for s in self.snapshots.values() for old in s.rules if self.current_id(old, s.version) == rule_id}
        return sorted(ids - {rule_id})

    @property
    def latest(self) -> Edition | None:
        return self.editions[-1] if self.editions else None

    def change_of(self, version: str, rule_id: str) -> Change | None:
        return next((change for change in self.changes.get(version, ()) if change.rule_id == rule_id), None)


def timeline(project: Project, game: Game) -> Timeline:
    """Every readable edition of the game; `rulebook check` reports the ones that are not."""
    history, _ = read_history(project.root, game.folder)
    editions, snapshots = [], {}
    for edition in history.editions:
        snapshot, _ = read_snapshot(project.root, history, edition.version)
        if snapshot is not None:
            editions.append(edition)
            snapshots[edition.version] = snapshot
    found = Timeline(editions, snapshots, history=history)
    for before, after in itertools.pairwise(editions):
        renamed = history.renamed_between(before.version, after.version)
        earlier, later = snapshots[before.version], snapshots[after.version]
        found.changes[after.version] = changes_between(earlier, later, project.source_language, renamed)
        found.others[after.version] = other_changes(earlier, later, project.source_language)
    return found


def anchor(version: str, rule_id: str | None = None) -> str:
    """The id of an edition's entry on the change list, or of one rule's change in it.

    >>> anchor("1.1"), anchor("1.1", "winner")
    ('edition-1-1', 'change-1-1-winner')
    """
    slug = version.replace(".", "-")
    return f"change-{slug}-{rule_id}" if rule_id else f"edition-{slug}"


def recorded_english(project: Project, game: Game) -> dict[str, str]:
    """hash → every English rule text the recorded editions hold: the previous msgid of an outdated
    translation, found in the repository itself (a source tarball has no git history)."""
    found = timeline(project, game)
    units = [unit for s in found.snapshots.values() for unit in [*s.rules.values(), *(s.units or {}).values()]]
    texts = (unit.english_unit(project.source_language) for unit in units)
    return {source_hash(text): text for text in texts}
