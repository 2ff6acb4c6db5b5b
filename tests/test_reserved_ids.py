"""Issue 48, low: dev/security.md keeps the site's own names (a project language, `index`, `status`,
`quick-reference`, `search`, `assets`…) from every id, yet `check` and `rule rename` accepted them
for rules. Now a section, a rule, a glossary symbol and a group are held to it, as a game is: each
refused at its line:col (`id.site-name`), and `rule rename` refuses such a new id, writing nothing.

On the small fixture project (alpha and beta, fixture_games.py); the glossary's ids are planted in the
project's own glossary given to alpha (fixture_games.with_glossary)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import edit, locate, run_cli, tree_digest
from fixture_games import with_glossary

NAMED = "is one of the site's own names (a language of the project, a page or a folder); choose another"


# Planted in the small project's alpha (fixture_games.py): its one section, overview, holds the rules
# [players, winner].
GAME_CASES = [
    ("rules/alpha/game.yaml", "[players, winner]", "[players, en]", "en]", "rule id 'en'"),
    ("rules/alpha/game.yaml", "[players, winner]", "[players, index]", "index]", "rule id 'index'"),
    ("rules/alpha/game.yaml", "- id: overview\n", "- id: status\n", "status", "section id 'status'"),
    (
        "rules/alpha/game.yaml",
        "[players, winner]",
        "[players, quick-reference]",
        "quick-reference]",
        "rule id 'quick-reference'",
    ),
]
# The fixture games have no glossary: these are planted in the project's own, given to alpha (with_glossary).
GLOSSARY_CASES = [
    ("glossary/symbols.yaml", "  - id: eye\n", "  - id: search\n", "search", "symbol id 'search'"),
    ("glossary/symbols.yaml", "nature]", "nature, assets]", "assets]", "group id 'assets'"),
    ("glossary/symbols.yaml", "  - id: eye\n", "  - id: cs\n", "cs\n", "symbol id 'cs'"),
]


def _refused_at_its_place(root: Path, capsys, file: str, old: str, new: str, marker: str, shown: str) -> None:
    text = edit(root, file, old, new)
    line, column = locate(text, marker)
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert f"{file}:{line}:{column}: {shown} {NAMED}" in out.splitlines()


@pytest.mark.parametrize(
    ("file", "old", "new", "marker", "shown"),
    GAME_CASES,
    ids=["rule en", "rule index", "section status", "rule quick-reference"],
)
def test_check_refuses_a_site_name_as_an_id_at_its_place(
    small_project: Path, capsys, file: str, old: str, new: str, marker: str, shown: str
) -> None:
    _refused_at_its_place(small_project, capsys, file, old, new, marker, shown)


@pytest.mark.parametrize(
    ("file", "old", "new", "marker", "shown"), GLOSSARY_CASES, ids=["symbol search", "group assets", "cs"]
)
def test_check_refuses_a_site_name_as_a_glossary_id_at_its_place(
    small_project: Path, capsys, file: str, old: str, new: str, marker: str, shown: str
) -> None:
    with_glossary(small_project, "alpha")
    code, out, _ = run_cli(capsys, "--root", str(small_project), "check")
    assert (code, out.count(NAMED)) == (0, 0), out  # the glossary as given passes: the planted id is the fault
    _refused_at_its_place(small_project, capsys, file, old, new, marker, shown)


def test_check_says_it_in_json_with_its_code(small_project: Path, capsys) -> None:
    import json

    edit(small_project, "rules/alpha/game.yaml", "[players, winner]", "[players, fr]")
    code, out, _ = run_cli(capsys, "--root", str(small_project), "check", "--json")
    assert code == 1
    codes = [(p["code"], p["file"]) for p in json.loads(out)["problems"] if p["code"] == "id.site-name"]
    assert codes == [("id.site-name", "rules/alpha/game.yaml")]


@pytest.mark.parametrize("new", ["en", "cs", "index", "status", "quick-reference", "search", "assets"])
def test_rule_rename_refuses_a_site_name_and_writes_nothing(small_project: Path, capsys, new: str) -> None:
    before = tree_digest(small_project)
    code, out, err = run_cli(capsys, "--root", str(small_project), "rule", "rename", "alpha", "winner", new)
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == f"rulebook rule rename: '{new}' {NAMED} id"
    assert tree_digest(small_project) == before


def test_a_rule_may_still_be_renamed_to_an_ordinary_id(small_project: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "--root", str(small_project), "rule", "rename", "alpha", "winner", "who-wins")
    assert code == 0, err
