"""Issue 48, low: dev/security.md keeps the site's own names (a project language, `index`, `status`,
`quick-reference`, `search`, `assets`…) from every id, yet `check` and `rule rename` accepted them
for rules. Now a section, a rule, a glossary symbol and a group are held to it, as a game is: each
refused at its line:col (`id.site-name`), and `rule rename` refuses such a new id, writing nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import edit, locate, run_cli, tree_digest

NAMED = "is one of the site's own names (a language of the project, a page or a folder); choose another"


@pytest.mark.parametrize(
    ("file", "old", "new", "marker", "shown"),
    [
        ("rules/rebus/game.yaml", "[end-of-play, winner]", "[end-of-play, en]", "en]", "rule id 'en'"),
        ("rules/rebus/game.yaml", "[end-of-play, winner]", "[end-of-play, index]", "index]", "rule id 'index'"),
        ("rules/rebus/game.yaml", "- id: ending\n", "- id: status\n", "status", "section id 'status'"),
        (
            "rules/rebus/game.yaml",
            "[end-of-play, winner]",
            "[end-of-play, quick-reference]",
            "quick-reference]",
            "rule id 'quick-reference'",
        ),
        ("glossary/symbols.yaml", "  - id: eye\n", "  - id: search\n", "search", "symbol id 'search'"),
        ("glossary/symbols.yaml", "nature]", "nature, assets]", "assets]", "group id 'assets'"),
        ("glossary/symbols.yaml", "  - id: eye\n", "  - id: cs\n", "cs\n", "symbol id 'cs'"),
    ],
    ids=["rule en", "rule index", "section status", "rule quick-reference", "symbol search", "group assets", "cs"],
)
def test_check_refuses_a_site_name_as_an_id_at_its_place(
    project_copy: Path, capsys, file: str, old: str, new: str, marker: str, shown: str
) -> None:
    text = edit(project_copy, file, old, new)
    line, column = locate(text, marker)
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    assert f"{file}:{line}:{column}: {shown} {NAMED}" in out.splitlines()


def test_check_says_it_in_json_with_its_code(project_copy: Path, capsys) -> None:
    import json

    edit(project_copy, "rules/rebus/game.yaml", "[end-of-play, winner]", "[end-of-play, fr]")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check", "--json")
    assert code == 1
    codes = [(p["code"], p["file"]) for p in json.loads(out)["problems"] if p["code"] == "id.site-name"]
    assert codes == [("id.site-name", "rules/rebus/game.yaml")]


@pytest.mark.parametrize("new", ["en", "cs", "index", "status", "quick-reference", "search", "assets"])
def test_rule_rename_refuses_a_site_name_and_writes_nothing(project_copy: Path, capsys, new: str) -> None:
    before = tree_digest(project_copy)
    code, out, err = run_cli(capsys, "--root", str(project_copy), "rule", "rename", "rebus", "winner", new)
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == f"rulebook rule rename: '{new}' {NAMED} id"
    assert tree_digest(project_copy) == before


def test_a_rule_may_still_be_renamed_to_an_ordinary_id(project_copy: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "--root", str(project_copy), "rule", "rename", "rebus", "winner", "who-wins")
    assert code == 0, err
