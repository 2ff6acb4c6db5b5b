"""A Weblate commit comes back quiet (issue 47, part 1): after `rulebook i18n sync`, the PO file
differs from what Weblate committed only in the entries the translator changed, and the YAML only
in their units.

The commit is made as Weblate makes one: the file re-wrapped by a gettext tool (msgcat, at its
default width and at a narrower one), the header given Weblate's fields, and three translations
edited through translate-toolkit, Weblate's own PO library. The project is the translated small
project (fixture_games.py), its PO files made by `rulebook i18n sync`.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from translate.storage import pypo

from publisher import ok
from test_weblate import units

PO = "po/alpha.fr.po"
WORDS = "rules/alpha/fr.yaml"
NBSP = "\u00a0"
# Three translations a reviewer improved, written by hand (the placeholders kept as the English has them).
EDITS = {
    "rule.players": "Une partie réunit de {players.min} à {players.max} joueurs.",
    "rule.winner": (
        f"Au bout de {{scoring.rounds}} manches, chacun fait le total des points qu’il a marqués{NBSP}; "
        "le plus haut total gagne la partie."
    ),
    "example.highest-total": (
        f"Ann marque 3, 2 puis 4, soit 9 points{NBSP}; Bob marque 5, 1 puis 2, soit 8 points. "
        "Ann a le plus haut total et gagne la partie."
    ),
}
WEBLATE_HEADER = {
    "Last_Translator": "Marie Dupont <marie@example.org>",
    "Language_Team": "French <https://weblate.example.org/projects/rulebook/alpha/fr/>",
    "X_Generator": "Weblate 5.9",
    "PO_Revision_Date": "2026-12-04 10:00+0000",
}


def git(root: Path, *args: str) -> str:
    command = ["git", "-C", str(root), "-c", "user.name=Test", "-c", "user.email=test@example.org", *args]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


@pytest.fixture
def clone(translated_project: Path) -> Path:
    """A publisher's clone: the project committed, po/ in step with the YAML."""
    if shutil.which("git") is None or shutil.which("msgcat") is None:
        pytest.fail("git and GNU gettext are needed: `make test` installs them")
    root = translated_project
    ok(root, "i18n", "sync")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "the project")
    return root


def weblate_commits(root: Path, width: int) -> None:
    path = root / PO
    subprocess.run(["msgcat", f"--width={width}", "-o", str(path), str(path)], check=True)
    store = pypo.pofile(path.read_bytes())
    for unit in store.units:
        if unit.getcontext() in EDITS:
            unit.target = EDITS[unit.getcontext()]
    store.updateheader(add=True, **WEBLATE_HEADER)
    path.write_bytes(bytes(store))
    git(root, "commit", "-qam", "Translated using Weblate (French)")


def changed_lines(root: Path, path: str) -> tuple[list[str], list[str], list[int]]:
    """The lines `git diff` removes and adds in a file, and the new file's numbers of the added ones."""
    removed, added, numbers = [], [], []
    number = 0
    for line in git(root, "diff", "-U0", "--", path).splitlines():
        hunk = re.match(r"@@ -\d+(?:,\d+)? \+(\d+)", line)
        if hunk:
            number = int(hunk.group(1))
        elif line.startswith("-") and not line.startswith("---"):
            removed.append(line[1:])
        elif line.startswith("+") and not line.startswith("+++"):
            added.append(line[1:])
            numbers.append(number)
            number += 1
    return removed, added, numbers


@pytest.mark.parametrize("width", [79, 60])
def test_a_weblate_commit_of_three_edits_comes_back_as_three_entries(clone: Path, width: int) -> None:
    weblate_commits(clone, width)
    ok(clone, "i18n", "sync")

    stat = git(clone, "diff", "--stat", "--", "po", "rules")
    assert [line.split("|")[0].strip() for line in stat.splitlines()[:-1]] == [PO, WORDS], stat

    # The PO file: what the export decides of those three entries is the mark of the translation
    # the YAML now holds (the translator's), and nothing else: not the wrapping, not the header.
    removed, added, _ = changed_lines(clone, PO)
    assert len(removed) == len(added) == 3, stat
    assert all(line.startswith("#. synced: ") for line in removed + added)
    text = (clone / PO).read_text(encoding="utf-8")
    header = polib.pofile(text).metadata
    assert {name: header[name.replace("_", "-")] for name in WEBLATE_HEADER} == WEBLATE_HEADER
    assert all(
        text.index(f"synced: {_mark(line)}") < text.index(f'msgctxt "{unit}"')
        for line, unit in zip(added, EDITS, strict=True)
    )

    # The YAML: the three units' texts, and no other line.
    words = (clone / WORDS).read_text(encoding="utf-8").splitlines()
    _, _, numbers = changed_lines(clone, WORDS)
    spans = {unit: _unit_span(words, unit) for unit in EDITS}
    assert numbers and all(any(start <= n <= end for start, end in spans.values()) for n in numbers)
    assert {unit: units(clone, "alpha", "fr")[unit].text for unit in EDITS} == EDITS


def _mark(line: str) -> str:
    return line.removeprefix("#. synced: ").strip()


def _unit_span(lines: list[str], unit: str) -> tuple[int, int]:
    """The 1-based first and last line of a unit in a words file (its key to the line before the next key)."""
    start = next(number for number, line in enumerate(lines, 1) if line.strip() == f"{unit}:")
    indent = len(lines[start - 1]) - len(lines[start - 1].lstrip())
    end = start
    for number in range(start + 1, len(lines) + 1):
        line = lines[number - 1]
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        end = number
    return start, end


def test_a_sync_after_the_weblate_commit_changes_nothing_more(clone: Path) -> None:
    weblate_commits(clone, 79)
    ok(clone, "i18n", "sync")
    git(clone, "commit", "-qam", "sync")
    assert ok(clone, "i18n", "sync").startswith("po: 0 file(s)")
    assert git(clone, "status", "--porcelain", "--", "po", "rules") == ""
