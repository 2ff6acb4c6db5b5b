"""A game's snapshot at an edition: each rule's id, number and text in every language.

Kept in the repository (rules/<game>/editions/<version>.yaml), so that diffs and citations work
from a source tarball with no git history. Texts are stored with their placeholders filled, as
readers saw them: a fact changed later must not change what an old edition said.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulebook import placeholders
from rulebook.model import Game, Project, source_hash
from rulebook.yaml_quoting import misread_by_yaml_11

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
class Snapshot:
    game: str
    version: str
    rules: dict[str, RuleAt]  # id → rule, in reading order
    sections: dict[str, dict[str, str]]  # section id → language → title

    def by_number(self, number: str) -> RuleAt | None:
        return next((rule for rule in self.rules.values() if rule.number == number), None)


def snapshot_path(game_folder: Path, version: str) -> Path:
    return game_folder / "editions" / f"{version}.yaml"


def take_snapshot(project: Project, game: Game, version: str) -> Snapshot:
    """The game as it stands now, in every language it has."""
    english = game.words[project.source_language].units
    rules, sections = {}, {}
    for section in game.sections:
        sections[section.id] = _texts(project, game, section.unit_id)
        for rule in section.rules:
            texts = _texts(project, game, rule.unit_id)
            current = source_hash(english[rule.unit_id].text)
            pending = frozenset(
                language
                for language, words in game.words.items()
                if language != project.source_language
                and rule.unit_id in words.units
                and words.units[rule.unit_id].source != current
            )
            written = english[rule.unit_id].text
            unfilled = written if written != texts.get(project.source_language) else None
            rules[rule.id] = RuleAt(rule.id, rule.number, section.id, texts, pending, unfilled)
    return Snapshot(game.id, version, rules, sections)


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
            rule.id: {
                "number": rule.number,
                "section": rule.section,
                "text": rule.text,
                **({"pending": sorted(rule.pending)} if rule.pending else {}),
                **({"english_source": rule.english_source} if rule.english_source else {}),
            }
            for rule in snapshot.rules.values()
        },
    }
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return SCHEMA_LINE + body


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
    return Snapshot(data["game"], data["version"], rules, {key: dict(value) for key, value in data["sections"].items()})


def digest(text: bytes) -> str:
    """The hash the history records for a snapshot file: SHA-256 of its bytes, in hex."""
    return hashlib.sha256(text).hexdigest()
