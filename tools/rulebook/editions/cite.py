"""What an old citation means now: the rule a number named at an edition, and where it is today."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.editions.history import History, read_snapshot
from rulebook.model import Game, Project
from rulebook.plan import Refused
from rulebook.problem_codes import Message
from rulebook.problems import cut, one_line


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


class NotCited(Refused):
    """The number names no rule of the edition, or the edition's snapshot cannot be read."""


def resolve(project: Project, game: Game, history: History, number: str, version: str, language: str) -> Citation:
    """The rule `number` named in edition `version`, followed to the current rules or to its removal."""
    snapshot, problems = read_snapshot(project.root, history, version)
    if snapshot is None:
        if problems:
            raise NotCited(problems[:1])
        raise NotCited.at("", Message("edition.snapshot-unreadable", {"version": version}))
    rule = snapshot.by_number(number)
    if rule is None:
        cited = {"game": cut(one_line(game.name)), "number": cut(one_line(number))}
        raise NotCited.at("", Message("edition.number-names-no-rule", {"version": version}, cited))
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
