"""A minor English edit (a typo) keeps the translations that were current: `rulebook i18n minor`
gives them the new English's hash; one that was outdated before stays outdated (issue 24, part 4).
The unit is rule.players of alpha, in the translated small project (fixture_games.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import GIT, edit, run_cli, tree_digest
from rulebook.model import source_hash

RIGHT = "The game is for {players.min} to {players.max} players."
TYPO = "The game is fro {players.min} to {players.max} players."
OLDER = "Play with {players.min} to {players.max} players."  # an English the Czech was made from, long ago


def commit(root: Path, message: str) -> None:
    subprocess.run([*GIT, "-C", str(root), "commit", "-qam", message], check=True)


def outdated(capsys, root: Path) -> list[str]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 0, out
    return [line for line in out.splitlines() if "rule.players: outdated" in line]


def released_with_a_typo(root: Path) -> None:
    """The English has a typo; the French was made from it, the Czech from an older English."""
    edit(root, "rules/alpha/en.yaml", RIGHT, TYPO)
    edit(root, "rules/alpha/fr.yaml", f'source: "{source_hash(RIGHT)}"', f'source: "{source_hash(TYPO)}"')
    edit(root, "rules/alpha/cs.yaml", f'source: "{source_hash(RIGHT)}"', f'source: "{source_hash(OLDER)}"')
    commit(root, "the typo, released")


def test_a_typo_fix_keeps_the_current_translations_current(translated_history: Path, capsys) -> None:
    released_with_a_typo(translated_history)
    assert [line.split(":")[0] for line in outdated(capsys, translated_history)] == ["rules/alpha/cs.yaml"]
    edit(translated_history, "rules/alpha/en.yaml", TYPO, RIGHT)  # the fix
    assert len(outdated(capsys, translated_history)) == 2  # without the command, French is outdated too
    code, out, err = run_cli(capsys, "--root", str(translated_history), "i18n", "minor", "alpha", "rule.players")
    assert code == 0, err
    assert "rules/alpha/fr.yaml: rule.players stays current (fr)" in out
    assert "cs: rule.players not changed: outdated before this edit: it stays outdated" in out
    message = f"alpha: minor English edit of rule.players ({source_hash(TYPO)} → {source_hash(RIGHT)})"
    assert f"suggested commit message: {message}" in out
    # French carries the new basis; the Czech, outdated before, is still outdated, with its old hash.
    assert [line.split(":")[0] for line in outdated(capsys, translated_history)] == ["rules/alpha/cs.yaml"]
    french = (translated_history / "rules/alpha/fr.yaml").read_text(encoding="utf-8")
    assert f'source: "{source_hash(RIGHT)}"' in french
    assert f'source: "{source_hash(OLDER)}"' in (translated_history / "rules/alpha/cs.yaml").read_text(encoding="utf-8")
    # Only the hash changed: the diff of the French is one line.
    diff = subprocess.run(
        ["git", "-C", str(translated_history), "diff", "-U0", "--", "rules/alpha/fr.yaml"],
        capture_output=True,
        text=True,
    ).stdout
    assert [line for line in diff.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")] == [
        f'-    source: "{source_hash(TYPO)}"',
        f'+    source: "{source_hash(RIGHT)}"',
    ]


def test_a_changed_fact_still_outdates(translated_history: Path, capsys) -> None:
    released_with_a_typo(translated_history)
    edit(translated_history, "rules/alpha/en.yaml", TYPO, RIGHT)
    edit(translated_history, "rules/alpha/game.yaml", "max: 4", "max: 5")
    code, out, _ = run_cli(
        capsys, "--root", str(translated_history), "i18n", "minor", "alpha", "rule.players", "--lang", "fr"
    )
    assert code == 0
    assert "fr: rule.players not changed: outdated: the value of {players.max} changed from 4 to 5" in out
    assert "cs:" not in out  # --lang fr: the Czech is not looked at


def test_refusals_change_nothing(translated_history: Path, capsys) -> None:
    released_with_a_typo(translated_history)
    edit(translated_history, "rules/alpha/en.yaml", TYPO, RIGHT)
    before = tree_digest(translated_history)
    cases = [
        (("alpha", "rule.nothing"), "rulebook i18n minor: alpha has no English unit 'rule.nothing'"),
        (("chess", "rule.players"), "rulebook i18n minor: no game or glossary 'chess'; choose from"),
        (("alpha", "rule.players", "--lang", "de"), "rulebook i18n minor: 'de' is not a translation; choose from"),
        (
            ("alpha", "rule.winner"),  # never edited: history has no earlier English
            "rulebook i18n minor: rules/alpha/en.yaml: git history has no earlier English of 'rule.winner'",
        ),
    ]
    for args, message in cases:
        code, out, err = run_cli(capsys, "--root", str(translated_history), "i18n", "minor", *args)
        assert (code, out) == (2, ""), args
        assert err.startswith(message), err
        assert len(err.splitlines()) == 1
    assert tree_digest(translated_history) == before
