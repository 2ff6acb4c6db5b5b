"""A minor English edit (a typo) keeps the translations that were current: `rulebook i18n minor`
gives them the new English's hash; one that was outdated before stays outdated (issue 24, part 4)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import GIT, edit, free_from_source, run_cli, tree_digest
from rulebook.model import source_hash

RIGHT = "Each player then draws {setup.draw_per_bag} tiles from each bag."
TYPO = "Each player then draws {setup.draw_per_bag} tiles form each bag."
OLDER = "Each player draws {setup.draw_per_bag} tiles."  # an English the Czech was made from, long ago


def commit(root: Path, message: str) -> None:
    subprocess.run([*GIT, "-C", str(root), "commit", "-qam", message], check=True)


def outdated(capsys, root: Path) -> list[str]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 0, out
    return [line for line in out.splitlines() if "rule.drawing: outdated" in line]


def released_with_a_typo(root: Path) -> None:
    """The English has a typo; the French was made from it, the Czech from an older English."""
    edit(root, "rules/rebus/en.yaml", RIGHT, TYPO)
    free_from_source(root, "rule.drawing")
    edit(root, "rules/rebus/fr.yaml", f'source: "{source_hash(RIGHT)}"', f'source: "{source_hash(TYPO)}"')
    edit(root, "rules/rebus/cs.yaml", f'source: "{source_hash(RIGHT)}"', f'source: "{source_hash(OLDER)}"')
    commit(root, "the typo, released")


def test_a_typo_fix_keeps_the_current_translations_current(history: Path, capsys) -> None:
    released_with_a_typo(history)
    assert [line.split(":")[0] for line in outdated(capsys, history)] == ["rules/rebus/cs.yaml"]
    edit(history, "rules/rebus/en.yaml", TYPO, RIGHT)  # the fix
    assert len(outdated(capsys, history)) == 2  # without the command, French is outdated too
    code, out, err = run_cli(capsys, "--root", str(history), "i18n", "minor", "rebus", "rule.drawing")
    assert code == 0, err
    assert "rules/rebus/fr.yaml: rule.drawing stays current (fr)" in out
    assert "cs: rule.drawing not changed: outdated before this edit: it stays outdated" in out
    message = f"rebus: minor English edit of rule.drawing ({source_hash(TYPO)} → {source_hash(RIGHT)})"
    assert f"suggested commit message: {message}" in out
    # French carries the new basis; the Czech, outdated before, is still outdated, with its old hash.
    assert [line.split(":")[0] for line in outdated(capsys, history)] == ["rules/rebus/cs.yaml"]
    french = (history / "rules/rebus/fr.yaml").read_text(encoding="utf-8")
    assert f'source: "{source_hash(RIGHT)}"' in french
    assert f'source: "{source_hash(OLDER)}"' in (history / "rules/rebus/cs.yaml").read_text(encoding="utf-8")
    # Only the hash changed: the diff of the French is one line.
    diff = subprocess.run(
        ["git", "-C", str(history), "diff", "-U0", "--", "rules/rebus/fr.yaml"], capture_output=True, text=True
    ).stdout
    assert [line for line in diff.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")] == [
        f'-    source: "{source_hash(TYPO)}"',
        f'+    source: "{source_hash(RIGHT)}"',
    ]


def test_a_changed_fact_still_outdates(history: Path, capsys) -> None:
    released_with_a_typo(history)
    edit(history, "rules/rebus/en.yaml", TYPO, RIGHT)
    edit(history, "rules/rebus/game.yaml", "draw_per_bag: 3", "draw_per_bag: 5")
    code, out, _ = run_cli(capsys, "--root", str(history), "i18n", "minor", "rebus", "rule.drawing", "--lang", "fr")
    assert code == 0
    assert "fr: rule.drawing not changed: outdated: the value of {setup.draw_per_bag} changed from 3 to 5" in out
    assert "cs:" not in out  # --lang fr: the Czech is not looked at


def test_refusals_change_nothing(history: Path, capsys) -> None:
    released_with_a_typo(history)
    edit(history, "rules/rebus/en.yaml", TYPO, RIGHT)
    before = tree_digest(history)
    cases = [
        (("rebus", "rule.nothing"), "rulebook i18n minor: rebus has no English unit 'rule.nothing'"),
        (("chess", "rule.drawing"), "rulebook i18n minor: no game or glossary 'chess'; choose from"),
        (("rebus", "rule.drawing", "--lang", "de"), "rulebook i18n minor: 'de' is not a translation; choose from"),
        (
            ("rebus", "rule.winner"),  # never edited: history has no earlier English
            "rulebook i18n minor: rules/rebus/en.yaml: git history has no earlier English of 'rule.winner'",
        ),
    ]
    for args, message in cases:
        code, out, err = run_cli(capsys, "--root", str(history), "i18n", "minor", *args)
        assert (code, out) == (2, ""), args
        assert err.startswith(message), err
        assert len(err.splitlines()) == 1
    assert tree_digest(history) == before
