"""What changed between two editions of a game: rules added, removed, changed and renumbered."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.editions.snapshot import RuleAt, Snapshot
from rulebook.editions.word_diff import Piece, word_diff

KINDS = ("added", "removed", "changed", "renumbered")


@dataclass(frozen=True)
class Change:
    kind: str  # one of KINDS; a rule changed and renumbered is "changed", with both numbers
    rule_id: str
    old_number: str | None  # None for an added rule
    new_number: str | None  # None for a removed rule
    old: RuleAt | None
    new: RuleAt | None

    def pending(self, language: str) -> bool:
        """Whether the language's translation had not followed the English at the later edition."""
        return self.new is not None and language in self.new.pending

    def diff(self, language: str, source_language: str) -> list[Piece]:
        """The word diff of the rule's text in `language`; in English where that translation is pending."""
        shown = source_language if self.pending(language) else language
        old = self.old.text.get(shown, "") if self.old else ""
        new = self.new.text.get(shown, "") if self.new else ""
        return word_diff(old, new)


def changes_between(before: Snapshot, after: Snapshot, source_language: str) -> list[Change]:
    """Every change, grouped by kind in KINDS order, each group in rule-number order."""
    found = []
    for rule_id, new in after.rules.items():
        old = before.rules.get(rule_id)
        if old is None:
            found.append(Change("added", rule_id, None, new.number, None, new))
        elif old.text.get(source_language) != new.text.get(source_language):
            found.append(Change("changed", rule_id, old.number, new.number, old, new))
        elif old.number != new.number:
            found.append(Change("renumbered", rule_id, old.number, new.number, old, new))
    for rule_id, old in before.rules.items():
        if rule_id not in after.rules:
            found.append(Change("removed", rule_id, old.number, None, old, None))
    return sorted(found, key=lambda change: (KINDS.index(change.kind), _number_key(change)))


def _number_key(change: Change) -> tuple[int, ...]:
    number = change.new_number or change.old_number or "0"
    return tuple(int(part) for part in number.split("."))
