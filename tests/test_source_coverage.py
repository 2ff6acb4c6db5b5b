"""Every sentence of every source text is carried by a rule, and every rule comes from a source.

The map beside each source (`sources/<file>.coverage.yaml`) names, for each unit, the source
sentences it carries, verbatim. `rulebook check` checks the map against both sides (issue 46,
validate/source_coverage.py): the source (each quote is really there, and nothing is left over)
and the publisher's units (each still holds its quotes, word for word), each problem at its line.
What stays here is about this repository's content alone: every source has a map, every English
rule is the publisher's or says it is translated, and a heading is carried by its own section (a
new game's own rules have no source to map, so `check` cannot ask these of every project).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import ROOT, edit, locate, run_cli
from rulebook.authoring.templates import SOURCE_NOTE
from rulebook.documents.schema import schema_problems
from rulebook.load.project import load_project
from rulebook.located.document import read_document
from rulebook.validate.source_coverage import normalize

MAPS = sorted(ROOT.glob("rules/*/sources/*.coverage.yaml"))
PROJECT = load_project(ROOT).project
REBUS_MAP = "rules/rebus/sources/000_1e571b27f5b0f623.coverage.yaml"
REBIS_FR_MAP = "rules/rebis/sources/003_2259376a80e6e440.coverage.yaml"
BAGS = "Separate the tiles into the three bags according to color."
BAGS_WRITTEN = "Separate the tiles into the {components.bags} bags according to color."
BAGS_REWORDED = "Sort the tiles into the {components.bags} bags by color."
AIM_FR = "Dans Rebis, les joueurs tirent à tour de rôle"
FIX = "if the change is meant, give that entry the new wording as 'carried_as' with a 'why', or move the sentence to 'not_rules' with a 'why'"  # noqa: E501


def quotes(entries: list) -> list[tuple[str, str]]:
    """(quote as in the source, wording expected in the unit)."""
    return [(e, e) if isinstance(e, str) else (e["quote"], e["carried_as"]) for e in entries]


def load_map(path: Path) -> dict:
    document = read_document(path, path.name)
    assert schema_problems(document, ROOT / "schemas/coverage.schema.json") == []
    return document.data


def check(root: Path, capsys) -> tuple[int, list[str], list[dict]]:
    """`rulebook check`'s exit code, its lines, and the coverage problems of its JSON."""
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    _, found, _ = run_cli(capsys, "--root", str(root), "check", "--json")
    problems = [problem for problem in json.loads(found)["problems"] if problem["code"].startswith("source.")]
    return code, out.splitlines(), problems


def test_every_source_has_a_map() -> None:
    # A publisher's text has a map; the note `rulebook new game` leaves as the source of rules written
    # for the project (SOURCE_NOTE: its en.yaml is the original) has nothing to map.
    sources = sorted(path for path in ROOT.glob("rules/*/sources/*.txt") if path.name != SOURCE_NOTE)
    assert [s.with_suffix(".coverage.yaml") for s in sources] == MAPS


def test_todays_content_has_no_coverage_problem(project_copy: Path, capsys) -> None:
    code, _, problems = check(project_copy, capsys)
    assert (code, problems) == (0, [])


def test_a_reworded_publisher_rule_is_reported_at_its_text(project_copy: Path, capsys) -> None:
    words = edit(project_copy, "rules/rebus/en.yaml", BAGS_WRITTEN, BAGS_REWORDED)
    coverage = (project_copy / REBUS_MAP).read_text(encoding="utf-8")
    line, col = locate(words, BAGS_REWORDED)
    map_line, _ = locate(coverage, BAGS)
    code, lines, problems = check(project_copy, capsys)
    assert code == 1
    assert (
        f"rules/rebus/en.yaml:{line}:{col}: 'rule.bags' is the publisher's text but no longer carries "
        f"'{BAGS}' ({REBUS_MAP}:{map_line}); {FIX}"
    ) in lines
    assert [(p["code"], p["line"], p["params"]) for p in problems] == [("source.not-carried", line, {"line": map_line})]


def test_a_rewording_the_map_records_with_why_passes(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/rebus/en.yaml", BAGS_WRITTEN, BAGS_REWORDED)
    recorded = f"  - quote: {BAGS}\n    carried_as: Sort the tiles into the three bags by color.\n    why: reworded\n"
    edit(project_copy, REBUS_MAP, f"  - {BAGS}\n", recorded)
    code, _, problems = check(project_copy, capsys)
    assert (code, problems) == (0, [])


def test_rewording_our_own_text_is_not_flagged_and_the_publishers_is(project_copy: Path, capsys) -> None:
    """Rebis's French rule.aim is the publisher's French: reworded, it is reported; the same words
    marked as our draft translation are ours, and may be reworded."""
    reworded = "Dans Rebis, chaque joueur tire à son tour"
    words = edit(project_copy, "rules/rebis/fr.yaml", AIM_FR, reworded)
    code, _, problems = check(project_copy, capsys)
    line, _ = locate(words, "  rule.aim:\n")
    line, col = line + 1, len("    text: ") + 1  # a folded text is placed at its `>-`
    assert code == 1
    assert [(p["file"], p["line"], p["col"], p["code"]) for p in problems] == [
        ("rules/rebis/fr.yaml", line, col, "source.not-carried")
    ]
    aim = '    source: "818e3fd91f07"\n    facts: {play.shelf_limit: 13}\n    status: '
    edit(project_copy, "rules/rebis/fr.yaml", f"{aim}original\n", f"{aim}draft\n")
    assert check(project_copy, capsys)[2] == []


def test_a_quote_the_source_lacks_is_reported_at_the_map(project_copy: Path, capsys) -> None:
    """A map's quote edited away from the source: not in the source, the source's own sentence
    left over, and the unit does not carry the edited quote either."""
    edited = "Separate the cards into the three bags according to color."
    coverage = edit(project_copy, REBUS_MAP, f"  - {BAGS}\n", f"  - {edited}\n")
    words = (project_copy / "rules/rebus/en.yaml").read_text(encoding="utf-8")
    line, col = locate(coverage, edited)
    source_line, source_col = locate(coverage, "source: ")
    source_col += len("source: ")
    unit_line, _ = locate(words, BAGS_WRITTEN)
    source = "rules/rebus/sources/000_1e571b27f5b0f623.txt"
    code, lines, problems = check(project_copy, capsys)
    assert code == 1
    assert f"{REBUS_MAP}:{line}:{col}: '{edited}' is not in {source}, or is quoted twice" in lines
    left = f"{REBUS_MAP}:{source_line}:{source_col}: {source} has sentences that no unit carries"
    assert f"{left} and 'not_rules' does not list: '{BAGS}'" in lines
    assert sorted((p["file"], p["line"], p["code"]) for p in problems) == sorted(
        [
            (REBUS_MAP, line, "source.not-in-source"),
            (REBUS_MAP, source_line, "source.left-over"),
            ("rules/rebus/en.yaml", unit_line, "source.not-carried"),
        ]
    )


def test_a_map_naming_a_unit_the_words_lack_is_reported_at_its_key(project_copy: Path, capsys) -> None:
    coverage = edit(project_copy, REBUS_MAP, "  rule.bags:\n", "  rule.bagz:\n")
    line, col = locate(coverage, "rule.bagz")
    code, lines, _ = check(project_copy, capsys)
    assert code == 1
    assert f"{REBUS_MAP}:{line}:{col}: no unit 'rule.bagz' in rules/rebus/en.yaml" in lines


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
