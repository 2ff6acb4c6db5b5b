"""A translation's basis covers the values of the facts it quotes: a changed fact outdates every
translation that quotes it, and says why (issue 24, part 3). The fact is alpha's scoring.rounds, in
the translated small project (fixture_games.py): only rule.winner quotes it."""

from __future__ import annotations

import json
from pathlib import Path

import polib

from conftest import edit, locate, run_cli
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages

WHY = "the value of {scoring.rounds} changed from 3 to 5"


def five_rounds(root: Path) -> None:
    edit(root, "rules/alpha/game.yaml", "rounds: 3", "rounds: 5")


def test_a_changed_fact_outdates_the_translations_that_quote_it(translated_project, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "check")
    assert (code, out.count("outdated")) == (0, 0)  # as committed, each translation saw the current values
    five_rounds(translated_project)
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "check")
    assert code == 0  # outdated is a warning
    outdated = [line for line in out.splitlines() if "outdated" in line]
    text = (translated_project / "rules/alpha/cs.yaml").read_text(encoding="utf-8")
    line, col = locate(text, "rule.winner:")
    assert f"rules/alpha/cs.yaml:{line}:{col}: warning: units.rule.winner: outdated: {WHY}" in outdated
    assert any(line.startswith("rules/alpha/fr.yaml:") and WHY in line for line in outdated)
    # Only the unit that quotes the fact: rule.players quotes {players.min} and {players.max}, unchanged.
    assert all("rule.winner" in line for line in outdated), outdated


def test_status_says_why(translated_project, capsys) -> None:
    five_rounds(translated_project)
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "status", "--lang", "cs")
    assert code == 0
    assert "cs alpha outdated: rule.winner" in out
    assert f"cs alpha rule.winner: outdated: {WHY}" in out
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "status", "--lang", "cs", "--json")
    alpha = json.loads(out)["languages"]["cs"]["alpha"]
    assert alpha["outdated_ids"] == ["rule.winner"]
    assert alpha["outdated_reasons"] == {"rule.winner": [WHY]}


def test_the_status_page_says_what_changed(translated_project) -> None:
    five_rounds(translated_project)
    project = load_project(translated_project).project
    [page] = list(render_pages(project, lambda path: path == "cs/status.md"))
    outdated = page.text.split("## ")[-2]  # the Outdated section, before Missing
    assert "`rule.winner` · `{scoring.rounds}` 3 → 5" in outdated


def test_the_po_export_marks_it_fuzzy_with_the_reason(translated_project, tmp_path, capsys) -> None:
    five_rounds(translated_project)
    code, _, err = run_cli(
        capsys, "--root", str(translated_project), "i18n", "export", "cs", "--game", "alpha", "-o", str(tmp_path)
    )
    assert code == 0, err
    entry = next(e for e in polib.pofile(str(tmp_path / "alpha.cs.po")) if e.msgctxt == "rule.winner")
    assert entry.fuzzy
    assert "{scoring.rounds} = 5" in entry.comment
    assert f"outdated: {WHY}" in entry.comment


def test_importing_the_fixed_form_records_the_new_value(translated_project, tmp_path, capsys) -> None:
    """The translator rereads the sentence for 5 rounds, rewords it and clears fuzzy: the unit is
    current, with the new value."""
    five_rounds(translated_project)
    run_cli(capsys, "--root", str(translated_project), "i18n", "export", "cs", "--game", "alpha", "-o", str(tmp_path))
    po = polib.pofile(str(tmp_path / "alpha.cs.po"))
    entry = next(e for e in po if e.msgctxt == "rule.winner")
    entry.msgstr = entry.msgstr.replace("každý hráč", "každý z hráčů")
    assert "každý z hráčů" in entry.msgstr
    entry.flags.remove("fuzzy")
    entry.previous_msgid = None
    po.save(str(tmp_path / "alpha.cs.po"))
    code, _, err = run_cli(capsys, "--root", str(translated_project), "i18n", "import", str(tmp_path / "alpha.cs.po"))
    assert code == 0, err
    assert "facts: {scoring.rounds: 5}" in (translated_project / "rules/alpha/cs.yaml").read_text(encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "check")
    assert "rules/alpha/cs.yaml" not in out
