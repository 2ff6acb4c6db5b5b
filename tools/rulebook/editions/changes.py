"""What changed between two editions of a game: rules added, removed, changed, renumbered and
renamed; and besides the rules, the facts (the numbers the rules quote and the scoring values),
the section titles, the rulings and the worked examples."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulebook.editions.snapshot import RuleAt, Snapshot, TextAt
from rulebook.editions.word_diff import Piece, word_diff
from rulebook.model import Game, source_hash
from rulebook.text import placeholders

KINDS = ("added", "removed", "changed", "renumbered", "renamed")


@dataclass(frozen=True)
class Change:
    # One of KINDS. A rule changed and renumbered is "changed", with both numbers; "renamed" is a rule
    # whose id alone changed (`rulebook rule rename`), "renumbered" one whose number changed too.
    kind: str
    rule_id: str  # its id at the later edition (at the earlier one for a removed rule)
    old_number: str | None  # None for an added rule
    new_number: str | None  # None for a removed rule
    old: RuleAt | None
    new: RuleAt | None
    old_id: str | None = None  # the id it had at the earlier edition, when `rulebook rule rename` changed it

    def pending(self, language: str) -> bool:
        """Whether the language's translation had not followed the English at the later edition
        (outdated, or not made yet)."""
        return self.new is not None and waiting(self.new, language)

    def diff(self, language: str, source_language: str, now: str | None = None) -> list[Piece]:
        """The word diff of the rule's text in `language`; in English where that translation is
        pending, unless the translator has caught up since (`now`: the translation made since)."""
        return text_diff(self.old, self.new, language, source_language, now)


@dataclass(frozen=True)
class TextChange:
    """A unit's words changed (or added, or removed) between two editions: a ruling's question,
    answer or why, an example's caption, a section's title."""

    unit_id: str
    old: TextAt | None
    new: TextAt | None

    def pending(self, language: str) -> bool:
        return self.new is not None and waiting(self.new, language)

    def diff(self, language: str, source_language: str, now: str | None = None) -> list[Piece]:
        return text_diff(self.old, self.new, language, source_language, now)


@dataclass(frozen=True)
class FactChange:
    name: str  # "play.hand_limit"
    old: Any  # None when the fact is new
    new: Any  # None when it is gone
    quoted_by: tuple[str, ...]  # the ids of the rules whose text quotes it, at the later edition
    quoted_in: tuple[str, ...] = ()  # the rulings and examples whose words quote it ("ruling.x", "example.y")


@dataclass(frozen=True)
class ItemChange:
    """A ruling or a worked example added, removed or changed: its words, and for an example its
    situation and expected result (JSON) at both editions."""

    kind: str  # "added", "removed" or "changed"
    id: str
    texts: tuple[TextChange, ...]
    old_data: str | None = None
    new_data: str | None = None


@dataclass
class Others:
    """What an edition changed besides its rules; None where the earlier snapshot did not record it."""

    facts: list[FactChange] | None = None
    sections: list[TextChange] = field(default_factory=list)
    rulings: list[ItemChange] | None = None
    examples: list[ItemChange] | None = None

    def __bool__(self) -> bool:
        return bool(self.facts or self.sections or self.rulings or self.examples)


def waiting(unit: RuleAt | TextAt, language: str) -> bool:
    """Whether an edition recorded the unit without that language's translation of its English:
    outdated then, or not made yet (the source language never waits)."""
    return language in unit.pending or language not in unit.text


def text_diff(
    old: RuleAt | TextAt | None, new: RuleAt | TextAt | None, language: str, source: str, now: str | None
) -> list[Piece]:
    pending = new is not None and waiting(new, language) and now is None
    shown = source if pending else language
    before = old.text.get(shown, "") if old else ""
    after = now if now is not None else (new.text.get(shown, "") if new else "")
    return word_diff(before, after)


def translation_now(game: Game, unit_id: str, english: str, language: str, facts: Mapping[str, Any]) -> str | None:
    """The translation made since of the English `english` (as written), filled with `facts`; None
    while the language's unit still translates another English, or is missing."""
    words = game.words.get(language)
    unit = words.units.get(unit_id) if words is not None else None
    if unit is None or unit.source != source_hash(english):
        return None
    return placeholders.fill(unit.text, facts, language)


def changes_between(
    before: Snapshot, after: Snapshot, source_language: str, renamed: Mapping[str, str] | None = None
) -> list[Change]:
    """Every change of a rule, grouped by kind in KINDS order, each group in rule-number order.
    `renamed` maps an id of `before` to its id in `after` (the history's renames in between)."""
    renamed = renamed or {}
    earlier = {renamed.get(rule_id, rule_id): rule for rule_id, rule in before.rules.items()}
    found = []
    for rule_id, new in after.rules.items():
        old = earlier.get(rule_id)
        old_id = old.id if old is not None and old.id != rule_id else None
        if old is None:
            found.append(Change("added", rule_id, None, new.number, None, new))
        elif old.english_unit(source_language) != new.english_unit(source_language):
            found.append(Change("changed", rule_id, old.number, new.number, old, new, old_id))
        elif old.number != new.number:
            found.append(Change("renumbered", rule_id, old.number, new.number, old, new, old_id))
        elif old_id is not None:
            found.append(Change("renamed", rule_id, old.number, new.number, old, new, old_id))
    for rule_id, old in earlier.items():
        if rule_id not in after.rules:
            found.append(Change("removed", old.id, old.number, None, old, None))
    return sorted(found, key=lambda change: (KINDS.index(change.kind), _number_key(change)))


def other_changes(before: Snapshot, after: Snapshot, source_language: str) -> Others:
    """The facts, section titles, rulings and examples that changed; a kind that the earlier
    snapshot did not record is None (an edition recorded before they were kept)."""
    others = Others()
    for section_id, titles in after.sections.items():
        old_titles = before.sections.get(section_id)
        if old_titles is not None and old_titles.get(source_language) != titles.get(source_language):
            pending = frozenset(lang for lang, title in titles.items() if old_titles.get(lang) == title)
            unit = f"section.{section_id}"
            others.sections.append(
                TextChange(unit, TextAt(unit, old_titles, frozenset()), TextAt(unit, titles, pending))
            )
    if before.facts is not None and after.facts is not None:
        others.facts = _fact_changes(before.facts, after)
    if before.units is not None and after.units is not None:
        others.rulings = _item_changes(before, after, "ruling", source_language)
        others.examples = _item_changes(before, after, "example", source_language)
    return others


def _fact_changes(old: dict[str, Any], after: Snapshot) -> list[FactChange]:
    new = after.facts or {}
    found = []
    for name in [*old, *(name for name in new if name not in old)]:
        if old.get(name) != new.get(name) or (name in old) != (name in new):
            rules = tuple(rule.id for rule in after.rules.values() if _quotes(rule, name))
            items = {
                ".".join(unit.id.split(".")[:2]): None for unit in (after.units or {}).values() if _quotes(unit, name)
            }
            found.append(FactChange(name, old.get(name), new.get(name), rules, tuple(items)))
    return found


def _quotes(unit: RuleAt | TextAt, name: str) -> bool:
    """Whether a unit's English quotes the fact, as a number or through its word forms (`{{fact|…}}`)."""
    written = unit.english_source or ""
    return name in placeholders.names(written) or name in {
        part.split("|", 1)[0].strip() for part in written.split("{{")[1:]
    }


def _item_changes(before: Snapshot, after: Snapshot, kind: str, source: str) -> list[ItemChange]:
    old_units, new_units = before.units or {}, after.units or {}
    old_data, new_data = before.examples or {}, after.examples or {}
    ids: dict[str, None] = {}
    for unit_id in [*old_units, *new_units]:
        if unit_id.startswith(f"{kind}."):
            ids[unit_id.split(".")[1]] = None
    if kind == "example":
        ids |= dict.fromkeys([*old_data, *new_data])
    found = []
    for item in ids:
        units = sorted(
            {u for u in [*old_units, *new_units] if u == f"{kind}.{item}" or u.startswith(f"{kind}.{item}.")},
            key=_part_order,
        )
        texts = tuple(
            TextChange(unit, old_units.get(unit), new_units.get(unit))
            for unit in units
            if _english(old_units.get(unit), source) != _english(new_units.get(unit), source)
        )
        had = any(u in old_units for u in units) or item in old_data
        has = any(u in new_units for u in units) or item in new_data
        data = (old_data.get(item), new_data.get(item)) if kind == "example" else (None, None)
        if not had:
            found.append(ItemChange("added", item, texts, None, data[1]))
        elif not has:
            found.append(ItemChange("removed", item, texts, data[0], None))
        elif texts or data[0] != data[1]:
            found.append(ItemChange("changed", item, texts, *data))
    return found


def _part_order(unit_id: str) -> int:
    return ("question", "answer", "why").index(unit_id.rsplit(".", 1)[1]) if unit_id.count(".") == 2 else 0


def _english(unit: TextAt | None, source: str) -> str | None:
    return unit.english_unit(source) if unit is not None else None


def _number_key(change: Change) -> tuple[int, ...]:
    number = change.new_number or change.old_number or "0"
    return tuple(int(part) for part in number.split("."))
