"""Every sentence of every source text is carried by a rule, and every rule comes from a source.

The map beside each source (`sources/<file>.coverage.yaml`) names, for each unit, the source
sentences it carries, verbatim. This test checks the map against both sides: the source (each
quote is really there, and nothing is left over) and the rules (each unit's rendered text holds
the quote, word for word).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import ROOT
from rulebook.load.project import load_project
from rulebook.load.schema import schema_problems
from rulebook.located.document import read_document
from rulebook.placeholders import fill
from source_text import normalize, squash

MAPS = sorted(ROOT.glob("rules/*/sources/*.coverage.yaml"))
PROJECT = load_project(ROOT).project
_LETTER = re.compile(r"[^\W\d_]")


def quotes(entries: list) -> list[tuple[str, str]]:
    """(quote as in the source, wording expected in the unit)."""
    return [(e, e) if isinstance(e, str) else (e["quote"], e["carried_as"]) for e in entries]


def load_map(path: Path) -> dict:
    document = read_document(path, path.name)
    assert schema_problems(document, ROOT / "schemas/coverage.schema.json") == []
    return document.data


def test_every_source_has_a_map() -> None:
    sources = sorted(ROOT.glob("rules/*/sources/*.txt"))
    assert [s.with_suffix(".coverage.yaml") for s in sources] == MAPS


@pytest.mark.parametrize("path", MAPS, ids=[p.name for p in MAPS])
def test_no_sentence_of_the_source_is_lost(path: Path) -> None:
    coverage = load_map(path)
    source = squash((path.parent / coverage["source"]).read_text(encoding="utf-8"))
    taken = [quote for entries in coverage["units"].values() for quote, _ in quotes(entries)]
    taken += [item["text"] for item in coverage["not_rules"]]
    leftover = source
    for quote in taken:
        assert squash(quote) in leftover, f"not in {coverage['source']} (or taken twice): {quote!r}"
        leftover = leftover.replace(squash(quote), " ", 1)
    assert not _LETTER.search(leftover), f"sentences no unit carries: {leftover.strip()!r}"


@pytest.mark.parametrize("path", MAPS, ids=[p.name for p in MAPS])
def test_each_unit_carries_its_sentences(path: Path) -> None:
    coverage = load_map(path)
    game = next(g for g in PROJECT.games if g.folder == path.parent.parent)
    words = game.words[coverage["language"]]
    for unit_id, entries in coverage["units"].items():
        assert unit_id in words.units, f"{unit_id} is not a unit of {game.id}/{coverage['language']}.yaml"
        rendered = f" {normalize(fill(words.units[unit_id].text, game.facts, words.language))} "
        for quote, wording in quotes(entries):
            assert f" {normalize(wording)} " in rendered, f"{unit_id} does not carry {quote!r}"


@pytest.mark.parametrize("path", MAPS, ids=[p.name for p in MAPS])
def test_every_rule_in_the_source_language_comes_from_the_source(path: Path) -> None:
    """A rule text in a source's language is the source's, unless it says it was translated."""
    coverage = load_map(path)
    game = next(g for g in PROJECT.games if g.folder == path.parent.parent)
    words = game.words[coverage["language"]]
    invented = [
        unit_id
        for unit_id, unit in words.units.items()
        if unit_id.startswith("rule.")
        and unit_id not in coverage["units"]
        and unit.translated_from is None
        and unit.status.value == "original"
    ]
    assert invented == []


@pytest.mark.parametrize("path", MAPS, ids=[p.name for p in MAPS])
def test_a_heading_is_carried_by_its_own_section(path: Path) -> None:
    """A quote that is a section's whole title belongs to that section's unit, not to another unit
    whose text merely contains the word (Oh My Word's "Timer" was mapped to the summary)."""
    coverage = load_map(path)
    game = next(g for g in PROJECT.games if g.folder == path.parent.parent)
    words = game.words[coverage["language"]]
    titles = {normalize(unit.text): unit_id for unit_id, unit in words.units.items() if unit_id.startswith("section.")}
    misplaced = [
        (quote, unit_id, titles[normalize(wording)])
        for unit_id, entries in coverage["units"].items()
        for quote, wording in quotes(entries)
        if titles.get(normalize(wording), unit_id) != unit_id
    ]
    assert misplaced == []
