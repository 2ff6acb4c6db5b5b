"""An English edit makes translations outdated, never wrong: `rulebook check` and the strict build
pass with outdated warnings only, whatever the edit adds or removes (issue 16, first part)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import GIT, ROOT, edit, run_cli
from fixture_games import with_site_sources

# (kind, file, old English, new English, unit id, what comparing a translation with the new English finds),
# each in the English of the translated fixture game alpha (fixture_games.py).
WORDS = "rules/alpha/en.yaml"
EDITS = [
    (
        "new placeholder",
        WORDS,
        "text: The game is for {players.min} to {players.max} players.",
        "text: The game is for {players.min} to {players.max} players, for {scoring.rounds} rounds.",
        "rule.players",
        "placeholders {players.max}, {players.min} differ from the English {players.max}, {players.min}, "
        "{scoring.rounds}",
    ),
    (
        "removed placeholder",
        WORDS,
        "text: A game for {players.min} to {players.max} players, whose rules are being written.",
        "text: A game for two to four players, whose rules are being written.",
        "summary",
        "placeholders {players.max}, {players.min} differ from the English (none)",
    ),
    (
        "new link",
        WORDS,
        "the highest total wins.",
        "the highest total wins (see [the overview](#overview)).",
        "rule.winner",
        "1 Markdown link(s) in the English, 0 in the translation",
    ),
    (
        "new emphasis",
        WORDS,
        "text: Overview",
        "text: '*Overview*'",
        "section.overview",
        None,  # emphasis is checked for balance, not compared with the English
    ),
]
IDS = [kind for kind, *_ in EDITS]


def outdated_warning(unit_id: str) -> str:
    return f"warning: units.{unit_id}: outdated: the en text changed since this translation was made"


def commit(root: Path, message: str) -> None:
    subprocess.run([*GIT, "-C", str(root), "add", "-A"], check=True)
    subprocess.run([*GIT, "-C", str(root), "commit", "-qm", message], check=True)


@pytest.fixture
def site_copy(translated_project: Path) -> Path:
    """The translated small project with mkdocs.yml and the hand-written assets, committed in a git
    repository of its own, which ignores what the project's does."""
    root = with_site_sources(translated_project, package=False)
    shutil.copy(ROOT / ".gitignore", root / ".gitignore")
    subprocess.run(["git", "-C", str(root), "init", "-q"], check=True)
    commit(root, "as released")
    return root


def check_lines(capsys, root: Path) -> tuple[int, list[str]]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    return code, out.splitlines()


@pytest.mark.parametrize("case", EDITS, ids=IDS)
def test_with_history_an_english_edit_gives_outdated_warnings_only(site_copy: Path, capsys, case) -> None:
    _, file, old, new, unit_id, _ = case
    edit(site_copy, file, old, new)
    commit(site_copy, "English edit")
    code, lines = check_lines(capsys, site_copy)
    assert code == 0, lines
    # Exactly one warning per translation: the translations are checked against the English they
    # were made from, which git still has.
    assert sorted(line.split(": ", 1)[1] for line in lines) == [outdated_warning(unit_id)] * 2, lines


@pytest.mark.parametrize("case", EDITS, ids=IDS)
def test_without_history_the_differences_are_warnings(site_copy: Path, capsys, case) -> None:
    _, file, old, new, unit_id, difference = case
    shutil.rmtree(site_copy / ".git")  # a tarball of the project: the old English is not in git
    edit(site_copy, file, old, new)
    code, lines = check_lines(capsys, site_copy)
    assert code == 0, lines
    messages = sorted(line.split(": ", 1)[1] for line in lines)
    expected = [outdated_warning(unit_id)] * 2
    # A rule's English is in the recorded edition (rules/<game>/editions/), which a tarball keeps:
    # the translations are then compared with it, as with git history.
    recorded = unit_id.startswith("rule.")
    if difference and not recorded:  # compared with the new English, as a warning in each language
        expected += [f"warning: units.{unit_id}.text: {difference}"] * 2
    assert messages == sorted(expected), lines


@pytest.mark.slow  # builds a site
def test_the_strict_build_passes_after_every_kind_of_edit(site_copy: Path, capsys) -> None:
    for _, file, old, new, *_ in EDITS:
        edit(site_copy, file, old, new)
    commit(site_copy, "English edits")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site_copy / "site")],
        cwd=site_copy,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    page = (site_copy / "site" / "fr" / "alpha" / "index.html").read_text(encoding="utf-8")
    players = page[page.index('id="players"') : page.index("</div>", page.index('id="players"'))]
    assert "Traduction périmée" in players  # the outdated French, marked, with the new English beside it
    assert "players, for 3 rounds." in players
