"""A translation's basis covers the values of the facts it quotes: a changed fact outdates every
translation that quotes it, and says why (issue 24, part 3)."""

from __future__ import annotations

import json
from pathlib import Path

import polib

from conftest import edit, locate, run_cli
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages

WHY = "the value of {setup.draw_per_bag} changed from 3 to 5"


def five_per_bag(root: Path) -> None:
    edit(root, "rules/rebus/game.yaml", "draw_per_bag: 3", "draw_per_bag: 5")


def test_a_changed_fact_outdates_the_translations_that_quote_it(project_copy, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert (code, out.count("outdated")) == (0, 0)  # as committed, each translation saw the current values
    five_per_bag(project_copy)
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 0  # outdated is a warning
    outdated = [line for line in out.splitlines() if "outdated" in line]
    text = (project_copy / "rules/rebus/cs.yaml").read_text(encoding="utf-8")
    line, col = locate(text, "rule.drawing:")
    assert f"rules/rebus/cs.yaml:{line}:{col}: warning: units.rule.drawing: outdated: {WHY}" in outdated
    assert any(line.startswith("rules/rebus/fr.yaml:") and WHY in line for line in outdated)
    # Only the unit that quotes the fact: rule.bags quotes {components.bags}, which did not change.
    assert all("rule.drawing" in line for line in outdated), outdated


def test_status_says_why(project_copy, capsys) -> None:
    five_per_bag(project_copy)
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "status", "--lang", "cs")
    assert code == 0
    assert "cs rebus outdated: rule.drawing" in out
    assert f"cs rebus rule.drawing: outdated: {WHY}" in out
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "status", "--lang", "cs", "--json")
    rebus = json.loads(out)["languages"]["cs"]["rebus"]
    assert rebus["outdated_ids"] == ["rule.drawing"]
    assert rebus["outdated_reasons"] == {"rule.drawing": [WHY]}


def test_the_status_page_says_what_changed(project_copy) -> None:
    five_per_bag(project_copy)
    project = load_project(project_copy).project
    [page] = list(render_pages(project, lambda path: path == "cs/status.md"))
    outdated = page.text.split("## ")[-2]  # the Outdated section, before Missing
    assert "`rule.drawing` · `{setup.draw_per_bag}` 3 → 5" in outdated


def test_the_po_export_marks_it_fuzzy_with_the_reason(project_copy, tmp_path, capsys) -> None:
    five_per_bag(project_copy)
    code, _, err = run_cli(
        capsys, "--root", str(project_copy), "i18n", "export", "cs", "--game", "rebus", "-o", str(tmp_path)
    )
    assert code == 0, err
    entry = next(e for e in polib.pofile(str(tmp_path / "rebus.cs.po")) if e.msgctxt == "rule.drawing")
    assert entry.fuzzy
    assert "{setup.draw_per_bag} = 5" in entry.comment
    assert f"outdated: {WHY}" in entry.comment


def test_importing_the_fixed_form_records_the_new_value(project_copy, tmp_path, capsys) -> None:
    """The translator fixes the noun for 5 and clears fuzzy: the unit is current, with the new value."""
    five_per_bag(project_copy)
    run_cli(capsys, "--root", str(project_copy), "i18n", "export", "cs", "--game", "rebus", "-o", str(tmp_path))
    po = polib.pofile(str(tmp_path / "rebus.cs.po"))
    entry = next(e for e in po if e.msgctxt == "rule.drawing")
    entry.msgstr = entry.msgstr.replace("kamínky", "kamínků")
    entry.flags.remove("fuzzy")
    entry.previous_msgid = None
    po.save(str(tmp_path / "rebus.cs.po"))
    code, _, err = run_cli(capsys, "--root", str(project_copy), "i18n", "import", str(tmp_path / "rebus.cs.po"))
    assert code == 0, err
    assert "facts: {setup.draw_per_bag: 5}" in (project_copy / "rules/rebus/cs.yaml").read_text(encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert "rules/rebus/cs.yaml" not in out
