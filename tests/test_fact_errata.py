"""A fact change is a change for translators (issue 46): no command confirms a translation on the
translator's behalf, `i18n update` shows the new value, a word fixed for the old count is flagged,
and a worked example's erratum takes the translators' ordinary path, without a hand-edited hash.

Each test goes through the `rulebook` command on a copy of the project.
"""

from __future__ import annotations

import difflib
import json
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from conftest import GIT, ROOT, edit, locate, run_cli, tree_digest

DRAW = "rule.drawing"  # REBUS: "Each player then draws {setup.draw_per_bag} tiles from each bag."
WHY = "the value of {setup.draw_per_bag} changed from 3 to 5"


def cli(capsys, root: Path, *args: str) -> tuple[int, str, str]:
    return run_cli(capsys, "--root", str(root), *args)


def five_per_bag(root: Path) -> None:
    edit(root, "rules/rebus/game.yaml", "draw_per_bag: 3", "draw_per_bag: 5")


def problems(capsys, root: Path) -> list[dict]:
    code, out, _ = cli(capsys, root, "check", "--json")
    found = json.loads(out)["problems"]
    assert code == (1 if any(problem["severity"] == "error" for problem in found) else 0)
    return found


def outdated(capsys, root: Path, language: str, unit_id: str) -> list[str]:
    """The outdated warnings of one unit in one language's REBUS words."""
    return [
        problem["message"]
        for problem in problems(capsys, root)
        if problem["code"] == "unit.outdated"
        and problem["file"] == f"rules/rebus/{language}.yaml"
        and problem["path"] == ["units", unit_id]
    ]


def entry(po_path: Path, unit_id: str) -> polib.POEntry:
    return next(e for e in polib.pofile(str(po_path)) if e.msgctxt == unit_id)


def export(capsys, root: Path, language: str, game: str, folder: Path) -> tuple[int, str, str]:
    return cli(capsys, root, "i18n", "export", language, "--game", game, "-o", str(folder))


def old_export(capsys, root: Path, folder: Path) -> Path:
    """The Czech REBUS file as a translator took it before the fact changed."""
    assert export(capsys, root, "cs", "rebus", folder)[0] == 0
    return folder / "rebus.cs.po"


def unfuzzied(po_path: Path, unit_id: str, replace: tuple[str, str] | None = None) -> None:
    """What a translator does in a PO editor: optionally edits the msgstr, then clears fuzzy."""
    po = polib.pofile(str(po_path))
    found = next(e for e in po if e.msgctxt == unit_id)
    if replace:
        assert replace[0] in found.msgstr, found.msgstr
        found.msgstr = found.msgstr.replace(*replace)
    if "fuzzy" in found.flags:
        found.flags.remove("fuzzy")
    found.previous_msgid = None
    po.save(str(po_path))


# ---- 1. import, sync and review never confirm a translation on the translator's behalf ------------


def test_sync_after_a_fact_change_leaves_the_translations_outdated(project_copy: Path, capsys) -> None:
    shutil.copytree(ROOT / "po", project_copy / "po")
    five_per_bag(project_copy)
    words = {language: (project_copy / f"rules/rebus/{language}.yaml").read_bytes() for language in ("fr", "cs")}
    code, _, err = cli(capsys, project_copy, "i18n", "sync")
    assert code == 0, err
    for language in ("fr", "cs"):
        assert (project_copy / f"rules/rebus/{language}.yaml").read_bytes() == words[language], language
        assert outdated(capsys, project_copy, language, DRAW) == [f"units.{DRAW}: outdated: {WHY}"]
        synced = entry(project_copy / f"po/rebus.{language}.po", DRAW)
        assert synced.fuzzy  # Weblate shows it as needing work, with the new value
        assert "{setup.draw_per_bag} = 5" in synced.comment.splitlines()
    # The translator confirms the Czech in Weblate (clears fuzzy); the next sync takes it.
    unfuzzied(project_copy / "po/rebus.cs.po", DRAW)
    code, _, err = cli(capsys, project_copy, "i18n", "sync")
    assert code == 0, err
    assert "facts: {setup.draw_per_bag: 5}" in (project_copy / "rules/rebus/cs.yaml").read_text(encoding="utf-8")
    assert outdated(capsys, project_copy, "cs", DRAW) == []
    assert outdated(capsys, project_copy, "fr", DRAW) == [f"units.{DRAW}: outdated: {WHY}"]


def test_an_unedited_file_from_before_the_change_confirms_nothing(project_copy: Path, tmp_path, capsys) -> None:
    old = old_export(capsys, project_copy, tmp_path / "translator")
    five_per_bag(project_copy)
    before = tree_digest(project_copy)
    code, out, err = cli(capsys, project_copy, "i18n", "import", str(old))
    assert code == 0, err
    assert "0 unit(s) updated" in out
    assert tree_digest(project_copy) == before
    assert outdated(capsys, project_copy, "cs", DRAW) == [f"units.{DRAW}: outdated: {WHY}"]
    # Exporting over it needs no "import first": the file holds nothing the YAML lacks.
    code, _, err = export(capsys, project_copy, "cs", "rebus", old.parent)
    assert code == 0, err
    fresh = entry(old, DRAW)
    assert fresh.fuzzy
    assert f"outdated: {WHY}" in fresh.comment.splitlines()


def test_an_edit_made_with_the_old_value_in_view_stays_outdated(project_copy: Path, tmp_path, capsys) -> None:
    old = old_export(capsys, project_copy, tmp_path / "translator")
    five_per_bag(project_copy)
    # The translator rewords the sentence in the file that still shows 3.
    unfuzzied(old, DRAW, ("Každý hráč si pak", "Potom si každý hráč"))
    code, _, err = cli(capsys, project_copy, "i18n", "import", str(old))
    assert code == 0, err
    cs = (project_copy / "rules/rebus/cs.yaml").read_text(encoding="utf-8")
    assert "Potom si každý hráč" in cs  # the edit is kept...
    assert "facts: {setup.draw_per_bag: 3}" in cs  # ...with the value it was made for
    assert outdated(capsys, project_copy, "cs", DRAW) == [f"units.{DRAW}: outdated: {WHY}"]
    assert export(capsys, project_copy, "cs", "rebus", old.parent)[0] == 0  # imported: nothing is pending
    assert entry(old, DRAW).fuzzy


def test_review_confirms_the_new_value_only_from_a_file_that_shows_it(project_copy: Path, tmp_path, capsys) -> None:
    old = old_export(capsys, project_copy, tmp_path / "old")
    five_per_bag(project_copy)
    code, out, err = cli(capsys, project_copy, "i18n", "review", str(old))
    assert code == 0, err
    assert f"not reviewed, fuzzy or outdated: {DRAW}" in out.splitlines()[-1]
    assert outdated(capsys, project_copy, "cs", DRAW) == [f"units.{DRAW}: outdated: {WHY}"]
    assert export(capsys, project_copy, "cs", "rebus", tmp_path / "new")[0] == 0
    fresh = tmp_path / "new" / "rebus.cs.po"
    unfuzzied(fresh, DRAW)  # the reviewer read it with 5 in view and found it right
    code, out, err = cli(capsys, project_copy, "i18n", "review", str(fresh))
    assert code == 0, err
    assert f"  reviewed: {DRAW}" in out.splitlines()
    cs = (project_copy / "rules/rebus/cs.yaml").read_text(encoding="utf-8")
    block = cs[cs.index(f"  {DRAW}:") :].split("\n  rule.", 1)[0]
    assert "facts: {setup.draw_per_bag: 5}" in block
    assert "status: reviewed" in block
    assert outdated(capsys, project_copy, "cs", DRAW) == []


# ---- 2. i18n update shows the new value and makes the entry fuzzy --------------------------------


def test_update_refreshes_the_value_and_marks_the_entry_fuzzy(project_copy: Path, tmp_path, capsys) -> None:
    old = old_export(capsys, project_copy, tmp_path / "translator")
    before = old.read_text(encoding="utf-8")
    five_per_bag(project_copy)
    code, out, err = cli(capsys, project_copy, "i18n", "update", str(old))
    assert code == 0, err
    assert f"fact changed: {DRAW}" in out
    after = old.read_text(encoding="utf-8")
    diff = [line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:2] in ("- ", "+ ")]
    assert diff == [
        "- #. {setup.draw_per_bag} = 3",
        "+ #. {setup.draw_per_bag} = 5",
        f"+ #. outdated: {WHY}",
        "- #, python-brace-format",
        "+ #, fuzzy, python-brace-format",
    ]
    assert entry(old, DRAW).fuzzy
    if shutil.which("msgfmt"):
        subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(old)], check=True)
    # Sent back as it is, it changes nothing; with the flag cleared, it confirms the Czech for 5.
    digest = tree_digest(project_copy)
    assert cli(capsys, project_copy, "i18n", "import", str(old))[0] == 0
    assert tree_digest(project_copy) == digest
    unfuzzied(old, DRAW)
    assert cli(capsys, project_copy, "i18n", "import", str(old))[0] == 0
    assert outdated(capsys, project_copy, "cs", DRAW) == []


def test_update_does_not_doubt_a_translation_confirmed_for_the_new_value(project_copy: Path, tmp_path, capsys) -> None:
    old = old_export(capsys, project_copy, tmp_path / "old")
    five_per_bag(project_copy)
    assert export(capsys, project_copy, "cs", "rebus", tmp_path / "new")[0] == 0
    unfuzzied(tmp_path / "new" / "rebus.cs.po", DRAW)
    assert cli(capsys, project_copy, "i18n", "import", str(tmp_path / "new" / "rebus.cs.po"))[0] == 0
    assert cli(capsys, project_copy, "i18n", "update", str(old))[0] == 0
    refreshed = entry(old, DRAW)
    assert "{setup.draw_per_bag} = 5" in refreshed.comment.splitlines()
    assert not refreshed.fuzzy  # its text is the YAML's, confirmed for 5 already


# ---- 3. a word fixed for the old count --------------------------------------------------------------


def fixed_forms(capsys, root: Path) -> list[tuple[str, int, int, str, dict]]:
    return [
        (problem["file"], problem["line"], problem["col"], problem["severity"], problem["params"])
        for problem in problems(capsys, root)
        if problem["code"] == "plural.fixed-form"
    ]


def at(root: Path, file: str, marker: str) -> tuple[str, int, int]:
    return (file, *locate((root / file).read_text(encoding="utf-8"), marker))


def test_the_real_content_has_no_fixed_form_to_doubt(project_copy: Path, capsys) -> None:
    assert fixed_forms(capsys, project_copy) == []


def test_one_card_becoming_two_flags_card_karte_and_kartu(project_copy: Path, capsys) -> None:
    """Rebis: "you can play {play.other_shelf_cards} card" in English, "… carte" in French and
    "… kartu" in Czech, all right for 1; with 2 each noun is wrong, in every language."""
    edit(project_copy, "rules/rebis/game.yaml", "other_shelf_cards: 1", "other_shelf_cards: 2")
    placeholder = "{play.other_shelf_cards}"
    said = {
        "en": ("play {play.other_shelf_cards} card", "one", "other"),
        "fr": ("jouer {play.other_shelf_cards} carte", "one", "other"),
        "cs": ("zahrát {play.other_shelf_cards} kartu", "one", "few"),
    }
    expected = []
    for language, (text, was, now) in said.items():
        file, line, col = at(project_copy, f"rules/rebis/{language}.yaml", text)
        col += text.index(placeholder)
        params = {"language": language, "before": 1, "after": 2, "was": was, "now": now}
        expected.append((file, line, col, "warning", params))
    assert sorted(fixed_forms(capsys, project_copy)) == sorted(expected)


def test_only_a_change_of_plural_category_is_flagged(project_copy: Path, capsys) -> None:
    """Two cards becoming five: Czech "karty" (few) must become "karet" (other); English "cards"
    and French "cartes" stay right."""
    edit(project_copy, "rules/rebis/game.yaml", "own_shelf_pair: 2", "own_shelf_pair: 5")
    found = fixed_forms(capsys, project_copy)
    assert [(file, params["was"], params["now"]) for file, _, _, _, params in found] == [
        ("rules/rebis/cs.yaml", "few", "other")
    ]


def test_a_plural_choice_follows_the_value_and_is_not_flagged(project_copy: Path, capsys) -> None:
    """REBUS draws 3 tiles per bag; with 1, the English "tiles" is wrong, while the French and
    Czech choose their noun's form by the value."""
    edit(project_copy, "rules/rebus/game.yaml", "draw_per_bag: 3", "draw_per_bag: 1")
    found = fixed_forms(capsys, project_copy)
    assert [(file, params["before"], params["after"]) for file, _, _, _, params in found] == [
        ("rules/rebus/en.yaml", 3, 1)
    ]


# ---- 4. a worked example's erratum ----------------------------------------------------------------

MULTIPLIED_EN = ("6 × 2 × 3 × 2 = 72", "6 × 2 × 2 × 2 = 48")
PLACED_EN = ("Ann has 36, Bob 8.", "Ann has 24, Bob 8.")
PLACED_FR = ("Ann a 36 points, Bob 8.", "Ann a 24 points, Bob 8.")
PLACED_CS = ("Ann má 36 bodů, Bob 8.", "Ann má 24 bodů, Bob 8.")


def gold_erratum(root: Path) -> None:
    """The gold token's assumed value goes from 3 to 2: Ann's multiplied shelf scores 6 × 2 × 2 × 2
    = 48 rather than 72, and in red-token-placed (6 × 2 × 2, the red token worth 0) 24 rather than
    36; the author fixes both expectations and both English captions."""
    edit(root, "rules/rebis/game.yaml", "    gold: 3\n", "    gold: 2\n")
    edit(root, "rules/rebis/game.yaml", "scores: {Ann: 72, Bob: 7}", "scores: {Ann: 48, Bob: 7}")
    edit(root, "rules/rebis/game.yaml", "scores: {Ann: 36, Bob: 8}", "scores: {Ann: 24, Bob: 8}")
    edit(root, "rules/rebis/en.yaml", *MULTIPLIED_EN)
    edit(root, "rules/rebis/en.yaml", *PLACED_EN)


def commit(root: Path) -> None:
    subprocess.run([*GIT, "-C", str(root), "commit", "-qam", "erratum"], check=True)


def test_a_scoring_erratum_takes_the_translators_ordinary_path(history: Path, tmp_path, capsys) -> None:
    root = history
    gold_erratum(root)
    found = problems(capsys, root)
    assert [problem for problem in found if problem["severity"] == "error"] == []
    captions = {
        (problem["file"], problem["path"][1], problem["code"])
        for problem in found
        if problem["path"] and problem["path"][1].startswith("example.")
    }
    assert captions == {
        (f"rules/rebis/{language}.yaml", unit, code)
        for language in ("fr", "cs")
        for unit in ("example.multiplied-shelf", "example.red-token-placed")
        for code in ("unit.outdated", "example.caption-number")
    }
    commit(root)
    # `minor` is no way round: a new number is a new meaning.
    code, out, err = cli(capsys, root, "i18n", "minor", "rebis", "example.multiplied-shelf")
    assert code == 0, err
    assert "fr: example.multiplied-shelf not changed" in out
    status = subprocess.run(["git", "-C", str(root), "status", "--porcelain"], capture_output=True, text=True)
    assert status.stdout == ""  # no file was stamped
    # The translators export, follow the English, clear fuzzy, and import.
    for language, placed in (("fr", PLACED_FR), ("cs", PLACED_CS)):
        code, _, err = export(capsys, root, language, "rebis", tmp_path)
        assert code == 0, err
        po_path = tmp_path / f"rebis.{language}.po"
        unfuzzied(po_path, "example.multiplied-shelf", MULTIPLIED_EN)
        unfuzzied(po_path, "example.red-token-placed", placed)
        unfuzzied(po_path, "ruling.token-values.answer")  # it shows "{token_values.gold} = 2" and needs no edit
        code, _, err = cli(capsys, root, "i18n", "import", str(po_path))
        assert code == 0, err
    assert [problem for problem in problems(capsys, root) if problem["file"].startswith("rules/rebis/")] == []


def test_an_old_file_brought_up_to_the_new_result_is_taken_as_outdated(history: Path, tmp_path, capsys) -> None:
    """A translator follows the erratum in the file they had before it: the entry translates the
    old English, so it is taken as an outdated translation, not refused for its new number."""
    root = history
    old = tmp_path / "rebis.fr.po"
    assert export(capsys, root, "fr", "rebis", tmp_path)[0] == 0
    gold_erratum(root)
    commit(root)
    unfuzzied(old, "example.red-token-placed", PLACED_FR)
    code, out, err = cli(capsys, root, "i18n", "import", str(old))
    assert code == 0, err
    assert "1 stale entr(ies) taken as outdated" in out
    found = [problem for problem in problems(capsys, root) if problem["path"][1:2] == ["example.red-token-placed"]]
    assert {(problem["file"], problem["code"], problem["severity"]) for problem in found} >= {
        ("rules/rebis/fr.yaml", "unit.outdated", "warning"),
        ("rules/rebis/fr.yaml", "qa.number-missing", "warning"),  # 36: only the old English said it
    }
    assert all(problem["severity"] == "warning" for problem in found)


@pytest.mark.parametrize("language", ["fr", "cs"])
def test_a_current_caption_with_a_wrong_number_is_still_an_error(project_copy: Path, language: str, capsys) -> None:
    """The warning is for outdated captions only: a translation of today's English must say its numbers."""
    placed = {"fr": PLACED_FR, "cs": PLACED_CS}[language]
    edit(project_copy, f"rules/rebis/{language}.yaml", placed[0], placed[0].replace("36", "37"))
    found = [
        (problem["code"], problem["severity"])
        for problem in problems(capsys, project_copy)
        if problem["file"] == f"rules/rebis/{language}.yaml"
    ]
    assert ("example.caption-number", "error") in found
