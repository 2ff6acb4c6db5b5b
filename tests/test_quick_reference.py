"""The quick-reference card's data: it cites rules and rulings that exist."""

from __future__ import annotations

from pathlib import Path

from conftest import edit, run_cli


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
