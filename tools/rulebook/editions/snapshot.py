"""A game's snapshot at an edition: each rule's id, number and text in every language.

Kept in the repository (rules/<game>/editions/<version>.yaml), so that diffs and citations work
from a source tarball with no git history. Texts are stored with their placeholders filled, as
readers saw them: a fact changed later must not change what an old edition said.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulebook.files.yaml_quoting import misread_by_yaml_11
from rulebook.model import Example, Game, Project, source_hash
from rulebook.text import placeholders

SCHEMA_LINE = "# yaml-language-server: $schema=../../../schemas/snapshot.schema.json\n"


@dataclass(frozen=True)
class RuleAt:
    """One rule as an edition had it."""

    id: str
    number: str
    section: str
    text: dict[str, str]  # language → text
    pending: frozenset[str]  # languages whose translation did not follow that edition's English
    # The English unit as written, placeholders unfilled, where it has any: what a translation's
    # `source` hash names, so a PO export finds the previous msgid without git history.
    english_source: str | None = None

    def english_unit(self, source_language: str) -> str:
        return self.english_source or self.text.get(source_language, "")


@dataclass(frozen=True)
class TextAt:
    """A unit other than a rule (a ruling's question, answer or why; an example's caption) as an
    edition had it."""

    id: str  # the unit id: "ruling.winners.answer", "example.many-cards"
    text: dict[str, str]  # language → text
    pending: frozenset[str]
    english_source: str | None = None

    def english_unit(self, source_language: str) -> str:
        return self.english_source or self.text.get(source_language, "")


@dataclass(frozen=True)
class Snapshot:
    game: str
    version: str
    rules: dict[str, RuleAt]  # id → rule, in reading order
    sections: dict[str, dict[str, str]]  # section id → language → title
    # What a snapshot recorded before these were kept (an edition 1.0 of 2026-12-01) lacks: None, and
    # a change list then says nothing of them rather than "everything added".
    facts: dict[str, Any] | None = None  # "play.hand_limit" → its value: the numbers the rules quote
    units: dict[str, TextAt] | None = None  # rulings' and examples' words, by unit id
    examples: dict[str, str] | None = None  # example id → its situation and expected result, as JSON

    def by_number(self, number: str) -> RuleAt | None:
        return next((rule for rule in self.rules.values() if rule.number == number), None)

    def nested_facts(self) -> dict[str, Any]:
        """The facts as game.yaml nests them, to fill a text's placeholders as this edition did."""
        nested: dict[str, Any] = {}
        for name, value in (self.facts or {}).items():
            *parents, last = name.split(".")
            node = nested
            for part in parents:
                node = node.setdefault(part, {})
            node[last] = value
        return nested

    def same_content(self, other: Snapshot) -> bool:
        """Whether two snapshots record the same game, compared on what both of them record."""
        kept = [(self.rules, other.rules), (self.sections, other.sections)]
        for mine, theirs in ((self.facts, other.facts), (self.units, other.units), (self.examples, other.examples)):
            if mine is not None and theirs is not None:
                kept.append((mine, theirs))
        return all(mine == theirs for mine, theirs in kept)


def snapshot_path(game_folder: Path, version: str) -> Path:
    return game_folder / "editions" / f"{version}.yaml"


def take_snapshot(project: Project, game: Game, version: str) -> Snapshot:
    """The game as it stands now, in every language it has."""
    rules, sections = {}, {}
    for section in game.sections:
        sections[section.id] = _texts(project, game, section.unit_id)
        for rule in section.rules:
            texts, pending, unfilled = _unit_at(project, game, rule.unit_id)
            rules[rule.id] = RuleAt(rule.id, rule.number, section.id, texts, pending, unfilled)
    units = {}
    unit_ids = [unit for ruling in game.rulings for unit in ruling.unit_ids]
    unit_ids += [example.unit_id for example in game.examples]
    english = game.words[project.source_language].units
    for unit_id in unit_ids:
        if unit_id in english:
            units[unit_id] = TextAt(unit_id, *_unit_at(project, game, unit_id))
    examples = {example.id: _example_data(example) for example in game.examples}
    return Snapshot(game.id, version, rules, sections, flat_facts(game.facts), units, examples)


def _unit_at(project: Project, game: Game, unit_id: str) -> tuple[dict[str, str], frozenset[str], str | None]:
    """A unit's filled texts, the languages whose translation did not follow its English, and the
    English as written where placeholders make it differ from what readers saw."""
    english = game.words[project.source_language].units[unit_id].text
    texts = _texts(project, game, unit_id)
    current = source_hash(english)
    pending = frozenset(
        language
        for language, words in game.words.items()
        if language != project.source_language and unit_id in words.units and words.units[unit_id].source != current
    )
    return texts, pending, english if english != texts.get(project.source_language) else None


def flat_facts(facts: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Every fact by its placeholder's name, as the rules quote it.

    >>> flat_facts({"play": {"hand_limit": 13}, "scoring": {"values": [1, 2]}})
    {'play.hand_limit': 13, 'scoring.values': [1, 2]}
    """
    flat: dict[str, Any] = {}
    for key, value in facts.items():
        if isinstance(value, Mapping):
            flat |= flat_facts(value, f"{prefix}{key}.")
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _example_data(example: Example) -> str:
    """What a worked example computes and expects, as one canonical JSON line."""
    data = {"input": example.input, "expect": example.expect}
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))


def _texts(project: Project, game: Game, unit_id: str) -> dict[str, str]:
    """The unit in each language that has it (a missing translation is left out, not copied)."""
    return {
        language: placeholders.fill(game.words[language].units[unit_id].text, game.facts, language)
        for language in project.languages
        if language in game.words and unit_id in game.words[language].units
    }


def snapshot_text(snapshot: Snapshot) -> str:
    """The file's text: plain YAML, every string quoted as JSON quotes it, so that it reads back the same."""
    data: dict[str, Any] = {
        "game": snapshot.game,
        "version": snapshot.version,
        "sections": snapshot.sections,
        "rules": {
            rule.id: {"number": rule.number, "section": rule.section, **_text_data(rule)}
            for rule in snapshot.rules.values()
        },
    }
    if snapshot.facts is not None:
        data["facts"] = snapshot.facts
    if snapshot.units is not None:
        data["units"] = {unit.id: _text_data(unit) for unit in snapshot.units.values()}
    if snapshot.examples is not None:
        data["examples"] = snapshot.examples
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return SCHEMA_LINE + body


def _text_data(unit: RuleAt | TextAt) -> dict[str, Any]:
    return {
        "text": unit.text,
        **({"pending": sorted(unit.pending)} if unit.pending else {}),
        **({"english_source": unit.english_source} if unit.english_source else {}),
    }


_PLAIN = re.compile(r"[a-z][a-z0-9-]*")


class _Dumper(yaml.SafeDumper):
    """Ids and language codes plain; every other string double-quoted, which YAML 1.1 and 1.2 read alike."""


def _string(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    plain = _PLAIN.fullmatch(text) is not None and not misread_by_yaml_11(text)
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=None if plain else '"')


_Dumper.add_representer(str, _string)


def snapshot_from_data(data: dict[str, Any]) -> Snapshot:
    """A snapshot read back from its (schema-checked) file's data."""
    rules = {
        rule_id: RuleAt(
            rule_id,
            rule["number"],
            rule["section"],
            dict(rule["text"]),
            frozenset(rule.get("pending", ())),
            rule.get("english_source"),
        )
        for rule_id, rule in data["rules"].items()
    }
    units = data.get("units")
    return Snapshot(
        data["game"],
        data["version"],
        rules,
        {key: dict(value) for key, value in data["sections"].items()},
        dict(data["facts"]) if "facts" in data else None,
        None
        if units is None
        else {
            unit_id: TextAt(unit_id, dict(unit["text"]), frozenset(unit.get("pending", ())), unit.get("english_source"))
            for unit_id, unit in units.items()
        },
        dict(data["examples"]) if "examples" in data else None,
    )


def digest(text: bytes) -> str:
    """The hash the history records for a snapshot file: SHA-256 of its bytes, in hex."""
    return hashlib.sha256(text).hexdigest()
