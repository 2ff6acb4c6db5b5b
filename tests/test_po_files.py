"""Every exported PO file is read by the tools translators use: msgfmt --check, polib and
translate-toolkit (Weblate's reader), and survives msgcat and msgmerge with its meaning unchanged,
before and after an English edit whose earlier texts are long, multi-line, quoted, with
backslashes, tabs and non-ASCII (issue 10, part 1). The project is the translated small project
(fixture_games.py), whose alpha's six units all get an earlier English."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from translate.storage import po as ttk_po  # pypo, the reader Weblate uses

from conftest import GIT, run_cli
from fixture_games import copy_small_project
from rulebook.i18n.plural_forms import same_plural_forms
from rulebook.load.project import load_project
from rulebook.model import source_hash

# The English each unit had before the edit: the `#| msgid` of its fuzzy entries afterwards.
EARLIER = {
    "rule.winner": (
        "After {scoring.rounds} rounds, each player adds up the points they scored, and the player with the "
        "highest total wins; this sentence is far longer than eighty characters."
    ),
    "rule.players": "The game is\nfor {players.min} to {players.max}\nplayers.",
    "summary": 'A game for {players.min} to {players.max} "players" — say “players” — being "written" at a wrap.',
    "section.overview": (
        "A backslash \\ and \\n that is not a line break, and a\ttab, in a title over eighty characters"
    ),
    "edition.1-0": "Žluťoučký kůň úpěl ďábelské ódy — «naïve» café ✓ 𝄞 " + "ř" * 70 + ".",
    "example.highest-total": "x" * 120 + ".",  # one long word: nowhere to wrap
}
# (They agree with the translations made from them: placeholders, numbers, closing punctuation.)


def git(root: Path, *args: str) -> None:
    subprocess.run([*GIT, "-C", str(root), *args], check=True, capture_output=True)


def unit_block(lines: list[str], unit_id: str) -> tuple[int, int]:
    start = lines.index(f"  {unit_id}:\n")
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    return start, end


def set_field(root: Path, file: str, unit_id: str, key: str, value: str) -> None:
    """Replace one field of a unit; a JSON string is a valid YAML double-quoted scalar."""
    path = root / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start, end = unit_block(lines, unit_id)
    kept, skipping = [], False
    for line in lines[start + 1 : end]:
        if line.startswith(f"    {key}:"):
            skipping = True
            continue
        if skipping and line.startswith("      "):
            continue
        skipping = False
        kept.append(line)
    new = f"    {key}: {json.dumps(value, ensure_ascii=False)}\n"
    path.write_text("".join([*lines[: start + 1], new, *kept, *lines[end:]]), encoding="utf-8")


def english_text(root: Path, unit_id: str) -> str:
    from rulebook.load.project import load_project

    return load_project(root).project.game("alpha").words["en"].units[unit_id].text


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git copy whose alpha's English had the EARLIER texts (translations made from them), then the
    fixture's own."""
    root = copy_small_project(tmp_path_factory, tmp_path_factory.mktemp("edited") / "project", translated=True)
    current = {unit_id: english_text(root, unit_id) for unit_id in EARLIER}
    for unit_id, text in EARLIER.items():
        set_field(root, "rules/alpha/en.yaml", unit_id, "text", text)
        for language in ("fr", "cs"):
            set_field(root, f"rules/alpha/{language}.yaml", unit_id, "source", source_hash(text))
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "the earlier English")
    for unit_id, text in current.items():
        set_field(root, "rules/alpha/en.yaml", unit_id, "text", text)
    git(root, "commit", "-qam", "the English edit")
    return root


def export_all(capsys, root: Path, folder: Path) -> list[Path]:
    paths = []
    for language in load_project(root).project.languages[1:]:
        code, out, err = run_cli(capsys, "--root", str(root), "i18n", "export", language, "-o", str(folder))
        assert code == 0, err
        paths += [Path(line) for line in out.splitlines()]
    return paths


def meaning(path: Path) -> dict:
    """What a PO file says, as polib reads it: per entry its text, translation, flags and previous text."""
    return {
        (entry.msgctxt, entry.msgid): (entry.msgstr, entry.fuzzy, entry.previous_msgid, entry.obsolete)
        for entry in polib.pofile(str(path))
    }


def assert_valid(path: Path, tmp_path: Path) -> None:
    msgfmt = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True)
    assert msgfmt.returncode == 0, f"{path.name}: {msgfmt.stderr}"
    entries = meaning(path)
    assert entries, path
    units = [unit for unit in ttk_po.pofile.parsefile(str(path)).units if not unit.isheader()]
    assert len(units) == len(entries), path.name
    for unit in units:  # translate-toolkit reads the same texts as polib
        assert entries[(unit.getcontext() or None, unit.source)][0] == unit.target
    concatenated = tmp_path / f"msgcat-{path.name}"
    msgcat = subprocess.run(["msgcat", "-o", str(concatenated), str(path)], capture_output=True, text=True)
    assert msgcat.returncode == 0, msgcat.stderr
    assert meaning(concatenated) == entries, path.name


@pytest.mark.parametrize("when", ["before the edit", "after the edit"])
def test_every_exported_file_is_valid_for_gettext_polib_and_translate_toolkit(
    edited, tmp_path_factory, tmp_path, capsys, when
):
    root = edited
    if when == "before the edit":  # the project as it is, every translation up to date
        root = copy_small_project(tmp_path_factory, tmp_path / "before", translated=True)
    if shutil.which("msgfmt") is None:
        pytest.fail("msgfmt is missing: `make test` installs Debian's gettext")
    paths = export_all(capsys, root, tmp_path / "po")
    # The Czech export finds each template as the French one wrote it: not written again.
    project = load_project(root).project
    names = [game.id for game in project.games]  # and no glossary
    suffixes = [".pot", *(f".{language}.po" for language in project.languages[1:])]
    assert sorted(path.name for path in paths) == sorted(f"{n}{s}" for n in names for s in suffixes)
    for path in set(paths):
        assert_valid(path, tmp_path)
        assert path.stat().st_mode & 0o777 == 0o644


def test_after_the_edit_each_outdated_entry_is_fuzzy_with_its_earlier_english(edited, tmp_path, capsys) -> None:
    export_all(capsys, edited, tmp_path)
    for language in ("fr", "cs"):
        path = tmp_path / f"alpha.{language}.po"
        fuzzy = {entry.msgctxt: entry.previous_msgid for entry in polib.pofile(str(path)) if entry.fuzzy}
        assert fuzzy == EARLIER
        store = ttk_po.pofile.parsefile(str(path))
        previous = {unit.getcontext(): unit.prev_source for unit in store.units if unit.isfuzzy()}
        assert previous == EARLIER


def test_msgmerge_with_the_template_keeps_the_meaning(edited, tmp_path, capsys) -> None:
    export_all(capsys, edited, tmp_path)
    for path in sorted(tmp_path.glob("*.po")):
        game = path.name.split(".")[0]
        merged, template = tmp_path / f"merged.{path.name}", tmp_path / f"{game}.pot"
        result = subprocess.run(
            ["msgmerge", "--quiet", "--previous", "--no-fuzzy-matching", "-o", str(merged), str(path), str(template)],
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, result.stderr
        assert meaning(merged) == meaning(path)


def test_exported_headers_are_gettexts_without_template_placeholders(edited, tmp_path, capsys) -> None:
    export_all(capsys, edited, tmp_path)
    french, czech = polib.pofile(str(tmp_path / "alpha.fr.po")), polib.pofile(str(tmp_path / "alpha.cs.po"))
    assert same_plural_forms(french.metadata["Plural-Forms"], "nplurals=2; plural=(n > 1);")
    assert same_plural_forms(
        czech.metadata["Plural-Forms"], "nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);"
    )
    assert (french.metadata["Language"], czech.metadata["Language"]) == ("fr", "cs")
    for path in tmp_path.glob("*.po*"):
        text = path.read_text(encoding="utf-8")
        assert "EMAIL@ADDRESS" not in text and "LL@li.org" not in text and "FULL NAME" not in text, path.name


def test_an_output_folder_that_cannot_be_made_is_a_clear_refusal(small_project, tmp_path, capsys) -> None:
    blocker = small_project / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    for command in (["export", "fr"], ["terms", "fr"]):
        code, out, err = run_cli(capsys, "--root", str(small_project), "i18n", *command, "-o", str(blocker / "po"))
        assert code == 2
        # Named from the project's root, which holds the blocker; no file of the two or more was written.
        assert err == f"rulebook i18n {command[0]}: cannot write a-file/po: Not a directory; no file was changed\n"
        assert out == ""
