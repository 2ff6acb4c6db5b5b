"""What an old citation means now: the rule a number named at an edition, and where it is today."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.editions.history import History, read_snapshot
from rulebook.model import Game, Project


@dataclass(frozen=True)
class Citation:
    game: str
    number: str  # as cited
    edition: str  # the edition it was cited from
    rule_id: str
    current_number: str | None  # None: the rule is gone
    title: str  # its section's title at that edition, in the language asked for
    removed_in: str | None = None  # the edition without it; "" when removed since the latest edition

    def link(self, site_url: str) -> str:
        return f"{site_url}{self.game}/#{self.rule_id}"


class NotCited(LookupError):
    pass


def resolve(project: Project, game: Game, history: History, number: str, version: str, language: str) -> Citation:
    """The rule `number` named in edition `version`, followed to the current rules or to its removal."""
    snapshot, problems = read_snapshot(project.root, history, version)
    if snapshot is None:
        raise NotCited(str(problems[0]) if problems else f"the snapshot of {version} cannot be read")
    rule = snapshot.by_number(number)
    if rule is None:
        raise NotCited(f"{game.name} {number} names no rule in edition {version}")
    section = snapshot.sections.get(rule.section, {})
    title = section.get(language) or section.get(project.source_language, rule.section)
    current = game.rule(rule.id)
    if current is not None:
        return Citation(game.id, number, version, rule.id, current.number, title)
    return Citation(game.id, number, version, rule.id, None, title, _removed_in(project, history, version, rule.id))


def _removed_in(project: Project, history: History, version: str, rule_id: str) -> str:
    """The first later edition whose snapshot lacks the rule; "" when only the current rules do."""
    versions = [edition.version for edition in history.editions]
    for later in versions[versions.index(version) + 1 :]:
        snapshot, _ = read_snapshot(project.root, history, later)
        if snapshot is not None and rule_id not in snapshot.rules:
            return later
    return ""
