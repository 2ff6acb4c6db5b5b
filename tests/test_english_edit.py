"""An English edit makes translations outdated, never wrong: `rulebook check` and the strict build
pass with outdated warnings only, whatever the edit adds or removes (issue 16, first part)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import GIT, ROOT, copy_site_sources, edit, run_cli

# (kind, file, old English, new English, unit id, what comparing a translation with the new English finds).
EDITS = [
    (
        "new placeholder",
        "rules/rebus/en.yaml",
        "text: Each player then draws {setup.draw_per_bag} tiles from each bag.",
        # The publisher's sentence kept, words added (issue 46: check refuses a reworded publisher's rule).
        "text: Each player then draws {setup.draw_per_bag} tiles from each bag (all {components.bags} bags).",
        "rule.drawing",
        "placeholders {setup.draw_per_bag} differ from the English {components.bags}, {setup.draw_per_bag}",
    ),
    (
        "removed placeholder",
        "rules/rebus/en.yaml",
        "text: Separate the tiles into the {components.bags} bags according to color.",
        "text: Separate the tiles into the three bags according to color.",  # the publisher's words
        "rule.bags",
        "placeholders {components.bags} differ from the English (none)",
    ),
    (
        "new link",
        "rules/rebus/en.yaml",
        "text: Highest score wins.",
        "text: Highest score wins (see [scoring](#scoring)).",
        "rule.winner",
        "1 Markdown link(s) in the English, 0 in the translation",
    ),
    (
        "new emphasis",
        "rules/rebus/en.yaml",
        "text: Rules in forming Rebuses",
        "text: Rules in forming *Rebuses*",
        "section.forming",
        None,  # emphasis is checked for balance, not compared with the English
    ),
    (
        "changed number",
        "glossary/en.yaml",
        '"The digit 4 on a square tile."',
        '"The digit 4 on a square tile; its example scores 6."',  # the glossary check allows 6
        "symbol.four.description",
        "the English says 6, the translation does not",
    ),
]
IDS = [kind for kind, *_ in EDITS]


def outdated_warning(unit_id: str) -> str:
    return f"warning: units.{unit_id}: outdated: the en text changed since this translation was made"


def commit(root: Path, message: str) -> None:
    subprocess.run([*GIT, "-C", str(root), "add", "-A"], check=True)
    subprocess.run([*GIT, "-C", str(root), "commit", "-qm", message], check=True)


@pytest.fixture
def site_copy(tmp_path: Path, warm_cache: Path) -> Path:
    """The whole site (content, mkdocs.yml, hand-written assets), committed in a git repository of its
    own, with the cache of a first check, which the repository ignores as the project's does."""
    copy_site_sources(tmp_path, warm_cache)
    shutil.copy(ROOT / ".gitignore", tmp_path / ".gitignore")
    subprocess.run(["git", "-C", str(tmp_path), "init", "-q"], check=True)
    commit(tmp_path, "as released")
    return tmp_path


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
    page = (site_copy / "site" / "fr" / "rebus" / "index.html").read_text(encoding="utf-8")
    drawing = page[page.index('id="drawing"') : page.index("</div>", page.index('id="drawing"'))]
    assert "Traduction périmée" in drawing  # the outdated French, marked, with the new English beside it
    assert "from each bag (all 3 bags)" in drawing
