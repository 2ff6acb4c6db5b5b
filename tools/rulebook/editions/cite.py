"""What an old citation means now: the rule a number named at an edition, what it said then, and
where it is today, through every rename and renumbering since (or the edition that removed it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.editions.changes import translation_now
from rulebook.editions.history import History, read_snapshot
from rulebook.editions.timeline import anchor, timeline
from rulebook.model import Game, Project
from rulebook.problem_codes import Message
from rulebook.problems import Refused, cut, one_line
from rulebook.text import placeholders


@dataclass(frozen=True)
class Citation:
    game: str
    number: str  # as cited
    edition: str  # the edition it was cited from
    rule_id: str  # its id at that edition
    current_number: str | None  # None: the rule is gone
    title: str  # its section's title at that edition, in the language asked for
    removed_in: str | None = None  # the edition without it; "" when removed since the latest edition
    current_id: str | None = None  # its id now (another after `rulebook rule rename`); None when gone
    language: str = "en"  # the language asked for
    text: str = ""  # what the rule said at that edition, in `text_language`
    text_language: str = "en"  # the language asked for, or the English where its translation was pending
    changed_since: bool = False  # whether the rule's English reads otherwise now (its words or its numbers)
    changed_in: list[str] = field(default_factory=list)  # the later editions that changed its words
    # The translation was pending at that edition, and `text` is the one its translator made since.
    translated_since: bool = False

    def link(self, site_url: str, source_language: str) -> str:
        """Where a reader of `language` finds it: the current rule, or the change list's entry
        for the edition that removed it (the change list's top while no edition records that)."""
        prefix = f"{site_url}{'' if self.language == source_language else self.language + '/'}{self.game}/"
        if self.current_id is not None:
            return f"{prefix}#{self.current_id}"
        if self.removed_in:
            return f"{prefix}changes/#{anchor(self.removed_in, self.rule_id)}"
        return f"{prefix}changes/"


class NotCited(Refused):
    """The number names no rule of the edition, or the edition's snapshot cannot be read."""


def resolve(project: Project, game: Game, history: History, number: str, version: str, language: str) -> Citation:
    """The rule `number` named in edition `version`, followed to the current rules or to its removal."""
    source = project.source_language
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
    title = section.get(language) or section.get(source, rule.section)
    shown = language if language in rule.text and language not in rule.pending else source
    said = {"language": language, "text": rule.text.get(shown, ""), "text_language": shown}
    if shown != language and language != source:  # pending then: the translation made since, if any
        facts = snapshot.nested_facts() or game.facts
        unit_id = f"rule.{history.current_id(rule.id, version)}"
        since = translation_now(game, unit_id, rule.english_unit(source), language, facts)
        if since is not None:
            said = {"language": language, "text": since, "text_language": language, "translated_since": True}
    found = timeline(project, game)
    later = [edition.version for edition in found.editions if edition.version in found.changes]
    later = later[later.index(version) + 1 :] if version in later else later
    changed_in = []
    for later_version in later:
        at = history.renamed_between(version, later_version).get(rule.id, rule.id)
        change = found.change_of(later_version, at)
        if change is not None and change.kind == "changed":
            changed_in.append(later_version)
    current_id = history.current_id(rule.id, version)
    current = game.rule(current_id)
    if current is None:
        removed = _removed_in(project, history, version, rule.id)
        return Citation(game.id, number, version, rule.id, None, title, removed, None, **said, changed_in=changed_in)
    english_now = game.words[source].units[current.unit_id].text
    changed = placeholders.fill(english_now, game.facts, source) != rule.text.get(source)
    return Citation(
        game.id, number, version, rule.id, current.number, title, None, current.id, **said,
        changed_since=changed, changed_in=changed_in,
    )  # fmt: skip


def _removed_in(project: Project, history: History, version: str, rule_id: str) -> str:
    """The first later edition whose snapshot lacks the rule (under any of its later ids); "" when
    only the current rules do."""
    versions = [edition.version for edition in history.editions]
    for later in versions[versions.index(version) + 1 :]:
        snapshot, _ = read_snapshot(project.root, history, later)
        if snapshot is not None and history.renamed_between(version, later).get(rule_id, rule_id) not in snapshot.rules:
            return later
    return ""
