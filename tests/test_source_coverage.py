"""Every sentence of every source text is carried by a rule, and every rule comes from a source.

The map beside each source (`sources/<file>.coverage.yaml`) names, for each unit, the source
sentences it carries, verbatim. `rulebook check` checks the map against both sides (issue 46,
validate/source_coverage.py): the source (each quote is really there, and nothing is left over)
and the publisher's units (each still holds its quotes, word for word), each problem at its line.
Those checks run on the fixture games (fixture_games.py): alpha's English rule.winner carrying its
publisher's one sentence (add_winner_source_map), beta's English rule.players carrying the first of
its publisher's two sentences and the second no rule (add_source_map), and, in the translated
project, beta's French rule.players given a French publisher's text of its own (french_source).

What stays on the real content is about this repository's content alone, and names no game: every
source has a map, every English rule is the publisher's or says it is translated, and a heading is
carried by its own section (a new game's own rules have no source to map, so `check` cannot ask
these of every project).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import ROOT, edit, locate, run_cli
from fixture_games import (
    NEW_WINNER,
    SOURCE_MAP,
    WINNER,
    WINNER_SOURCE_MAP,
    add_source_map,
    add_winner_source_map,
)
from rulebook.authoring.templates import SOURCE_NOTE
from rulebook.documents.schema import schema_problems
from rulebook.load.project import load_project
from rulebook.located.document import read_document
from rulebook.validate.source_coverage import normalize

MAPS = sorted(ROOT.glob("rules/*/sources/*.coverage.yaml"))
PROJECT = load_project(ROOT).project
# alpha's publisher's sentence (add_winner_source_map), at line 6 of its map; rule.winner at line 16 of en.yaml.
WINNER_SENTENCE = "After 3 rounds, each player adds up the points they scored; the highest total wins."
# As a message quotes it: 80 characters at most, the sentence's 83 cut after "total " with an ellipsis.
WINNER_QUOTED = "'After 3 rounds, each player adds up the points they scored; the highest total …"
# beta's publisher's sentences (add_source_map): the first carried by rule.players, the second no rule.
PLAYERS_SENTENCE = "The game is for 2 to 4 players."
PLAYERS_WRITTEN = "The game is for {players.min} to {players.max} players."
BETA_SOURCE = "rules/beta/sources/original.txt"
# beta's French publisher's text (french_source), carried by the French rule.players at line 21 of fr.yaml.
FRENCH_MAP = "rules/beta/sources/original-fr.coverage.yaml"
PLAYERS_FR = "Le jeu se joue de {players.min} à {players.max} joueurs."
FIX = "if the change is meant, give that entry the new wording as 'carried_as' with a 'why', or move the sentence to 'not_rules' with a 'why'"  # noqa: E501


def french_source(root: Path) -> Path:
    """beta's French source (sources/original-fr.txt, named in game.yaml): one sentence, which the
    French rule.players carries and its map records; that unit made the publisher's (original)."""
    edit(
        root,
        "rules/beta/game.yaml",
        "    language: en\n",
        "    language: en\n  - file: sources/original-fr.txt\n    language: fr\n",
    )
    (root / "rules/beta/sources/original-fr.txt").write_text("Le jeu se joue de 2 à 4 joueurs.\n", encoding="utf-8")
    header = "# yaml-language-server: $schema=../../../schemas/coverage.schema.json\n"
    body = "source: original-fr.txt\nlanguage: fr\nunits:\n  rule.players:\n  - Le jeu se joue de 2 à 4 joueurs.\n"
    (root / FRENCH_MAP).write_text(header + body + "not_rules: []\n", encoding="utf-8")
    french = root / "rules/beta/fr.yaml"
    text = french.read_text(encoding="utf-8")
    start = text.index("  rule.players:\n")
    french.write_text(text[:start] + text[start:].replace("status: draft", "status: original", 1), encoding="utf-8")
    return root


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


def test_maps_that_match_their_sources_and_units_have_no_coverage_problem(small_project: Path, capsys) -> None:
    add_winner_source_map(add_source_map(small_project))
    code, _, problems = check(small_project, capsys)
    assert (code, problems) == (0, [])


def test_a_reworded_publisher_rule_is_reported_at_its_text(small_project: Path, capsys) -> None:
    add_winner_source_map(small_project)
    words = edit(small_project, "rules/alpha/en.yaml", f"text: {WINNER}", f"text: {NEW_WINNER}")
    coverage = (small_project / WINNER_SOURCE_MAP).read_text(encoding="utf-8")
    line, col = locate(words, NEW_WINNER)
    map_line, _ = locate(coverage, WINNER_SENTENCE)
    assert (line, col, map_line) == (16, 11, 6)  # the rule's text, after `    text: `; the map's quote
    code, lines, problems = check(small_project, capsys)
    assert code == 1
    assert (
        f"rules/alpha/en.yaml:{line}:{col}: 'rule.winner' is the publisher's text but no longer carries "
        f"{WINNER_QUOTED} ({WINNER_SOURCE_MAP}:{map_line}); {FIX}"
    ) in lines
    assert [(p["code"], p["line"], p["params"]) for p in problems] == [("source.not-carried", line, {"line": map_line})]


def test_a_rewording_the_map_records_with_why_passes(small_project: Path, capsys) -> None:
    add_winner_source_map(small_project)
    edit(small_project, "rules/alpha/en.yaml", f"text: {WINNER}", f"text: {NEW_WINNER}")
    carried = "After 3 rounds, the player with the most points wins."  # NEW_WINNER as it reads
    recorded = f"  - quote: {WINNER_SENTENCE}\n    carried_as: {carried}\n    why: reworded\n"
    edit(small_project, WINNER_SOURCE_MAP, f"  - {WINNER_SENTENCE}\n", recorded)
    code, _, problems = check(small_project, capsys)
    assert (code, problems) == (0, [])


def test_rewording_our_own_text_is_not_flagged_and_the_publishers_is(translated_project: Path, capsys) -> None:
    """beta's French rule.players is the publisher's French (french_source): reworded, it is reported;
    the same words marked as our draft translation are ours, and may be reworded."""
    french_source(translated_project)
    assert check(translated_project, capsys)[2] == []  # as the publisher wrote it
    reworded = "On joue de {players.min} à {players.max} joueurs."
    edit(translated_project, "rules/beta/fr.yaml", f"text: {PLAYERS_FR}", f"text: {reworded}")
    code, _, problems = check(translated_project, capsys)
    assert code == 1
    assert [(p["file"], p["line"], p["col"], p["code"]) for p in problems] == [
        ("rules/beta/fr.yaml", 21, len("    text: ") + 1, "source.not-carried")
    ]
    french = translated_project / "rules/beta/fr.yaml"
    text = french.read_text(encoding="utf-8")
    start = text.index("  rule.players:\n")
    french.write_text(text[:start] + text[start:].replace("status: original", "status: draft", 1), encoding="utf-8")
    assert check(translated_project, capsys)[2] == []


def test_a_quote_the_source_lacks_is_reported_at_the_map(small_project: Path, capsys) -> None:
    """A map's quote edited away from the source: not in the source, the source's own sentence
    left over (its other sentence is in not_rules), and the unit does not carry the edited quote either."""
    add_source_map(small_project)
    edited = "The game is for 2 to 4 people."
    coverage = edit(small_project, SOURCE_MAP, f"  - {PLAYERS_SENTENCE}\n", f"  - {edited}\n")
    words = (small_project / "rules/beta/en.yaml").read_text(encoding="utf-8")
    line, col = locate(coverage, edited)
    source_line, source_col = locate(coverage, "source: ")
    source_col += len("source: ")
    unit_line, _ = locate(words, PLAYERS_WRITTEN)
    assert (line, col, source_line, source_col, unit_line) == (6, 5, 2, 9, 14)
    code, lines, problems = check(small_project, capsys)
    assert code == 1
    assert f"{SOURCE_MAP}:{line}:{col}: '{edited}' is not in {BETA_SOURCE}, or is quoted twice" in lines
    left = f"{SOURCE_MAP}:{source_line}:{source_col}: {BETA_SOURCE} has sentences that no unit carries"
    assert f"{left} and 'not_rules' does not list: '{PLAYERS_SENTENCE}'" in lines
    assert sorted((p["file"], p["line"], p["code"]) for p in problems) == sorted(
        [
            (SOURCE_MAP, line, "source.not-in-source"),
            (SOURCE_MAP, source_line, "source.left-over"),
            ("rules/beta/en.yaml", unit_line, "source.not-carried"),
        ]
    )


def test_a_map_naming_a_unit_the_words_lack_is_reported_at_its_key(small_project: Path, capsys) -> None:
    add_source_map(small_project)
    coverage = edit(small_project, SOURCE_MAP, "  rule.players:\n", "  rule.playerz:\n")
    line, col = locate(coverage, "rule.playerz")
    assert (line, col) == (5, 3)
    code, lines, _ = check(small_project, capsys)
    assert code == 1
    assert f"{SOURCE_MAP}:{line}:{col}: no unit 'rule.playerz' in rules/beta/en.yaml" in lines


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
    whose text merely contains the word (a game's "Timer" heading was once mapped to its summary)."""
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
