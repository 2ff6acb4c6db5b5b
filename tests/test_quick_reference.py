"""The quick-reference card's data: it cites rules and rulings that exist."""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT, edit, run_cli
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages


def test_a_card_citing_a_rule_or_ruling_the_game_lacks_is_refused(project_copy: Path, capsys) -> None:
    edit(
        project_copy,
        "rules/oh-my-word/game.yaml",
        "tie: {rules: [tie-playoff], rulings: [tie]}",
        "tie: {rules: [tie-break], rulings: [ties]}",
    )
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    assert "quick_reference.tie.rules: no rule 'tie-break'" in out
    assert "quick_reference.tie.rulings: no ruling 'ties'" in out


def test_the_card_keeps_the_rulings_a_worked_example_scores_by() -> None:
    """Not only rulings with a number: REBUS squares-compound and covered-earlier and Rebis
    shelf-value change a score, and their examples rest on them."""
    pages = {page.path: page.text for page in render_pages(load_project(ROOT).project)}
    for language in ("en", "fr", "cs"):
        rebus = pages[f"{language}/quick-reference/rebus.md"]
        rebis = pages[f"{language}/quick-reference/rebis.md"]
        for ruling in ("squares-compound", "covered-earlier", "multipliers"):
            assert f"(../rebus.md#ruling-{ruling})" in rebus, (language, ruling)
        assert "(../rebis.md#ruling-shelf-value)" in rebis, language
        # A ruling no example scores by and without a number stays off: the card is one page.
        assert "#ruling-token-count" not in pages[f"{language}/quick-reference/oh-my-word.md"]
