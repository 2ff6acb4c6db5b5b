"""A fact change is a change for translators (issue 46): no command confirms a translation on the
translator's behalf, `i18n update` shows the new value, a word fixed for the old count is flagged,
and a worked example's erratum takes the translators' ordinary path, without a hand-edited hash.

Each test goes through the `rulebook` command on a copy of the translated fixture (fixture_games.py):
alpha is played over {scoring.rounds} = 3 rounds by {players.min} = 2 to {players.max} = 4 players,
and rule.winner ("After {scoring.rounds} rounds, …"; French "Après {scoring.rounds} manches, …",
Czech "Po {scoring.rounds} kolech …") is the unit that quotes the rounds; its worked example
highest-total scores Ann 3 + 2 + 4 = 9 and Bob 5 + 1 + 2 = 8. Each translation records the values it
was written with (3 rounds; 2 and 4 players).
"""

from __future__ import annotations

import difflib
import json
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from conftest import GIT, edit, locate, run_cli, tree_digest
from fixture_games import ROUNDS_ERRATUM_CAPTION_CS, ROUNDS_ERRATUM_CAPTION_FR, rounds_erratum

WINNER_UNIT = "rule.winner"  # alpha: "After {scoring.rounds} rounds, each player adds up the points they scored; …"
WHY = "the value of {scoring.rounds} changed from 3 to 5"


def cli(capsys, root: Path, *args: str) -> tuple[int, str, str]:
    return run_cli(capsys, "--root", str(root), *args)


def five_rounds(root: Path) -> None:
    edit(root, "rules/alpha/game.yaml", "rounds: 3", "rounds: 5")


def problems(capsys, root: Path) -> list[dict]:
    code, out, _ = cli(capsys, root, "check", "--json")
    found = json.loads(out)["problems"]
    assert code == (1 if any(problem["severity"] == "error" for problem in found) else 0)
    return found


def outdated(capsys, root: Path, language: str, unit_id: str) -> list[str]:
    """The outdated warnings of one unit in one language's alpha words."""
    return [
        problem["message"]
        for problem in problems(capsys, root)
        if problem["code"] == "unit.outdated"
        and problem["file"] == f"rules/alpha/{language}.yaml"
        and problem["path"] == ["units", unit_id]
    ]


def entry(po_path: Path, unit_id: str) -> polib.POEntry:
    return next(e for e in polib.pofile(str(po_path)) if e.msgctxt == unit_id)


def export(capsys, root: Path, language: str, game: str, folder: Path) -> tuple[int, str, str]:
    return cli(capsys, root, "i18n", "export", language, "--game", game, "-o", str(folder))


def old_export(capsys, root: Path, folder: Path) -> Path:
    """The Czech alpha file as a translator took it before the fact changed."""
    assert export(capsys, root, "cs", "alpha", folder)[0] == 0
    return folder / "alpha.cs.po"


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


def test_sync_after_a_fact_change_leaves_the_translations_outdated(translated_project: Path, capsys) -> None:
    code, _, err = cli(capsys, translated_project, "i18n", "sync")  # po/ as the project keeps it, in step
    assert code == 0, err
    five_rounds(translated_project)
    words = {language: (translated_project / f"rules/alpha/{language}.yaml").read_bytes() for language in ("fr", "cs")}
    code, _, err = cli(capsys, translated_project, "i18n", "sync")
    assert code == 0, err
    for language in ("fr", "cs"):
        assert (translated_project / f"rules/alpha/{language}.yaml").read_bytes() == words[language], language
        assert outdated(capsys, translated_project, language, WINNER_UNIT) == [f"units.{WINNER_UNIT}: outdated: {WHY}"]
        synced = entry(translated_project / f"po/alpha.{language}.po", WINNER_UNIT)
        assert synced.fuzzy  # Weblate shows it as needing work, with the new value
        assert "{scoring.rounds} = 5" in synced.comment.splitlines()
    # The translator confirms the Czech in Weblate (clears fuzzy); the next sync takes it.
    unfuzzied(translated_project / "po/alpha.cs.po", WINNER_UNIT)
    code, _, err = cli(capsys, translated_project, "i18n", "sync")
    assert code == 0, err
    assert "facts: {scoring.rounds: 5}" in (translated_project / "rules/alpha/cs.yaml").read_text(encoding="utf-8")
    assert outdated(capsys, translated_project, "cs", WINNER_UNIT) == []
    assert outdated(capsys, translated_project, "fr", WINNER_UNIT) == [f"units.{WINNER_UNIT}: outdated: {WHY}"]


def test_an_unedited_file_from_before_the_change_confirms_nothing(translated_project: Path, tmp_path, capsys) -> None:
    old = old_export(capsys, translated_project, tmp_path / "translator")
    five_rounds(translated_project)
    before = tree_digest(translated_project)
    code, out, err = cli(capsys, translated_project, "i18n", "import", str(old))
    assert code == 0, err
    assert "0 unit(s) updated" in out
    assert tree_digest(translated_project) == before
    assert outdated(capsys, translated_project, "cs", WINNER_UNIT) == [f"units.{WINNER_UNIT}: outdated: {WHY}"]
    # Exporting over it needs no "import first": the file holds nothing the YAML lacks.
    code, _, err = export(capsys, translated_project, "cs", "alpha", old.parent)
    assert code == 0, err
    fresh = entry(old, WINNER_UNIT)
    assert fresh.fuzzy
    assert f"outdated: {WHY}" in fresh.comment.splitlines()


def test_an_edit_made_with_the_old_value_in_view_stays_outdated(translated_project: Path, tmp_path, capsys) -> None:
    old = old_export(capsys, translated_project, tmp_path / "translator")
    five_rounds(translated_project)
    # The translator rewords the sentence in the file that still shows 3.
    unfuzzied(old, WINNER_UNIT, ("každý hráč sečte", "sečte každý hráč"))
    code, _, err = cli(capsys, translated_project, "i18n", "import", str(old))
    assert code == 0, err
    cs = (translated_project / "rules/alpha/cs.yaml").read_text(encoding="utf-8")
    assert "sečte každý hráč" in cs  # the edit is kept...
    assert "facts: {scoring.rounds: 3}" in cs  # ...with the value it was made for
    assert outdated(capsys, translated_project, "cs", WINNER_UNIT) == [f"units.{WINNER_UNIT}: outdated: {WHY}"]
    assert export(capsys, translated_project, "cs", "alpha", old.parent)[0] == 0  # imported: nothing is pending
    assert entry(old, WINNER_UNIT).fuzzy


def test_review_confirms_the_new_value_only_from_a_file_that_shows_it(
    translated_project: Path, tmp_path, capsys
) -> None:
    old = old_export(capsys, translated_project, tmp_path / "old")
    five_rounds(translated_project)
    code, out, err = cli(capsys, translated_project, "i18n", "review", str(old))
    assert code == 0, err
    assert f"not reviewed, fuzzy or outdated: {WINNER_UNIT}" in out.splitlines()[-1]
    assert outdated(capsys, translated_project, "cs", WINNER_UNIT) == [f"units.{WINNER_UNIT}: outdated: {WHY}"]
    assert export(capsys, translated_project, "cs", "alpha", tmp_path / "new")[0] == 0
    fresh = tmp_path / "new" / "alpha.cs.po"
    unfuzzied(fresh, WINNER_UNIT)  # the reviewer read it with 5 in view and found it right
    code, out, err = cli(capsys, translated_project, "i18n", "review", str(fresh))
    assert code == 0, err
    assert f"  reviewed: {WINNER_UNIT}" in out.splitlines()
    cs = (translated_project / "rules/alpha/cs.yaml").read_text(encoding="utf-8")
    block = cs[cs.index(f"  {WINNER_UNIT}:") :].split("\n  example.", 1)[0]  # the unit after it
    assert "facts: {scoring.rounds: 5}" in block
    assert "status: reviewed" in block
    assert outdated(capsys, translated_project, "cs", WINNER_UNIT) == []


# ---- 2. i18n update shows the new value and makes the entry fuzzy --------------------------------


def test_update_refreshes_the_value_and_marks_the_entry_fuzzy(translated_project: Path, tmp_path, capsys) -> None:
    old = old_export(capsys, translated_project, tmp_path / "translator")
    before = old.read_text(encoding="utf-8")
    five_rounds(translated_project)
    code, out, err = cli(capsys, translated_project, "i18n", "update", str(old))
    assert code == 0, err
    assert f"fact changed: {WINNER_UNIT}" in out
    after = old.read_text(encoding="utf-8")
    diff = [line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:2] in ("- ", "+ ")]
    assert diff == [
        "- #. {scoring.rounds} = 3",
        "+ #. {scoring.rounds} = 5",
        f"+ #. outdated: {WHY}",
        "- #, python-brace-format",
        "+ #, fuzzy, python-brace-format",
    ]
    assert entry(old, WINNER_UNIT).fuzzy
    if shutil.which("msgfmt"):
        subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(old)], check=True)
    # Sent back as it is, it changes nothing; with the flag cleared, it confirms the Czech for 5.
    digest = tree_digest(translated_project)
    assert cli(capsys, translated_project, "i18n", "import", str(old))[0] == 0
    assert tree_digest(translated_project) == digest
    unfuzzied(old, WINNER_UNIT)
    assert cli(capsys, translated_project, "i18n", "import", str(old))[0] == 0
    assert outdated(capsys, translated_project, "cs", WINNER_UNIT) == []


def test_update_does_not_doubt_a_translation_confirmed_for_the_new_value(
    translated_project: Path, tmp_path, capsys
) -> None:
    old = old_export(capsys, translated_project, tmp_path / "old")
    five_rounds(translated_project)
    assert export(capsys, translated_project, "cs", "alpha", tmp_path / "new")[0] == 0
    unfuzzied(tmp_path / "new" / "alpha.cs.po", WINNER_UNIT)
    assert cli(capsys, translated_project, "i18n", "import", str(tmp_path / "new" / "alpha.cs.po"))[0] == 0
    assert cli(capsys, translated_project, "i18n", "update", str(old))[0] == 0
    refreshed = entry(old, WINNER_UNIT)
    assert "{scoring.rounds} = 5" in refreshed.comment.splitlines()
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


def test_the_fixture_has_no_fixed_form_to_doubt(translated_project: Path, capsys) -> None:
    """Each count is quoted with the value its translations recorded (3 rounds; 2 and 4 players)."""
    assert fixed_forms(capsys, translated_project) == []


def test_three_rounds_becoming_one_flags_rounds_manches_and_kolech(translated_project: Path, capsys) -> None:
    """alpha: "After {scoring.rounds} rounds" in English, "Après … manches" in French and "Po … kolech"
    in Czech, all right for 3; with 1 each noun is wrong, in every language (3 is English and French
    "other", Czech "few"; 1 is "one" in all three)."""
    edit(translated_project, "rules/alpha/game.yaml", "rounds: 3", "rounds: 1")
    placeholder = "{scoring.rounds}"
    said = {
        "en": ("After {scoring.rounds} rounds", "other", "one"),
        "fr": ("Après {scoring.rounds} manches", "other", "one"),
        "cs": ("Po {scoring.rounds} kolech", "few", "one"),
    }
    expected = []
    for language, (text, was, now) in said.items():
        file, line, col = at(translated_project, f"rules/alpha/{language}.yaml", text)
        col += text.index(placeholder)
        params = {"language": language, "before": 3, "after": 1, "was": was, "now": now}
        expected.append((file, line, col, "warning", params))
    assert sorted(fixed_forms(capsys, translated_project), key=str) == sorted(expected, key=str)


def test_only_a_change_of_plural_category_is_flagged(translated_project: Path, capsys) -> None:
    """Three rounds becoming five: Czech "kolech" after 3 (few) is a fixed form for 5 (other); English
    "rounds" and French "manches" stay right (other both times)."""
    five_rounds(translated_project)
    found = fixed_forms(capsys, translated_project)
    assert [(file, params["was"], params["now"]) for file, _, _, _, params in found] == [
        ("rules/alpha/cs.yaml", "few", "other")
    ]


def test_a_plural_choice_follows_the_value_and_is_not_flagged(translated_project: Path, capsys) -> None:
    """With the French and Czech choosing their noun's form by the value (a plural choice), three rounds
    becoming one leaves only the English "rounds" wrong."""
    choices = {
        "fr": ("{scoring.rounds} manches", "{scoring.rounds} {{scoring.rounds|one=manche|other=manches}}"),
        "cs": ("{scoring.rounds} kolech", "{scoring.rounds} {{scoring.rounds|one=kole|few=kolech|other=kolech}}"),
    }
    for language, (old, new) in choices.items():
        edit(translated_project, f"rules/alpha/{language}.yaml", old, new)
    assert fixed_forms(capsys, translated_project) == []
    edit(translated_project, "rules/alpha/game.yaml", "rounds: 3", "rounds: 1")
    found = fixed_forms(capsys, translated_project)
    assert [(file, params["before"], params["after"]) for file, _, _, _, params in found] == [
        ("rules/alpha/en.yaml", 3, 1)
    ]


# ---- 4. a worked example's erratum ----------------------------------------------------------------

# alpha's worked example, and its erratum (fixture_games.rounds_erratum: rounds 3 → 2, Ann 5 and Bob 6).
EXAMPLE = "example.highest-total"


def commit(root: Path) -> None:
    subprocess.run([*GIT, "-C", str(root), "commit", "-qam", "erratum"], check=True)


def test_a_scoring_erratum_takes_the_translators_ordinary_path(translated_history: Path, tmp_path, capsys) -> None:
    root = translated_history
    rounds_erratum(root)
    found = problems(capsys, root)
    assert [problem for problem in found if problem["severity"] == "error"] == []
    captions = {
        (problem["file"], problem["path"][1], problem["code"])
        for problem in found
        if problem["path"] and problem["path"][1].startswith("example.")
    }
    assert captions == {
        (f"rules/alpha/{language}.yaml", EXAMPLE, code)
        for language in ("fr", "cs")
        for code in ("unit.outdated", "example.caption-number")
    }
    commit(root)
    # `minor` is no way round: a new number is a new meaning.
    code, out, err = cli(capsys, root, "i18n", "minor", "alpha", EXAMPLE)
    assert code == 0, err
    assert f"fr: {EXAMPLE} not changed" in out
    status = subprocess.run(["git", "-C", str(root), "status", "--porcelain"], capture_output=True, text=True)
    assert status.stdout == ""  # no file was stamped
    # The translators export, follow the English, clear fuzzy, and import.
    for language, caption in (("fr", ROUNDS_ERRATUM_CAPTION_FR), ("cs", ROUNDS_ERRATUM_CAPTION_CS)):
        code, _, err = export(capsys, root, language, "alpha", tmp_path)
        assert code == 0, err
        po_path = tmp_path / f"alpha.{language}.po"
        unfuzzied(po_path, EXAMPLE, caption)
        unfuzzied(po_path, WINNER_UNIT)  # it shows "{scoring.rounds} = 2" and needs no edit
        code, _, err = cli(capsys, root, "i18n", "import", str(po_path))
        assert code == 0, err
    assert [problem for problem in problems(capsys, root) if problem["file"].startswith("rules/alpha/")] == []


def test_an_old_file_brought_up_to_the_new_result_is_taken_as_outdated(
    translated_history: Path, tmp_path, capsys
) -> None:
    """A translator follows the erratum in the file they had before it: the entry translates the
    old English, so it is taken as an outdated translation, not refused for its new numbers."""
    root = translated_history
    old = tmp_path / "alpha.fr.po"
    assert export(capsys, root, "fr", "alpha", tmp_path)[0] == 0
    rounds_erratum(root)
    commit(root)
    unfuzzied(old, EXAMPLE, ROUNDS_ERRATUM_CAPTION_FR)
    code, out, err = cli(capsys, root, "i18n", "import", str(old))
    assert code == 0, err
    assert "1 stale entr(ies) taken as outdated" in out
    found = [problem for problem in problems(capsys, root) if problem["path"][1:2] == [EXAMPLE]]
    assert {(problem["file"], problem["code"], problem["severity"]) for problem in found} >= {
        ("rules/alpha/fr.yaml", "unit.outdated", "warning"),
        ("rules/alpha/fr.yaml", "qa.number-missing", "warning"),  # 4, 9 and 8: only the old English said them
    }
    assert all(problem["severity"] == "warning" for problem in found)


@pytest.mark.parametrize("language", ["fr", "cs"])
def test_a_current_caption_with_a_wrong_number_is_still_an_error(
    translated_project: Path, language: str, capsys
) -> None:
    """The warning is for outdated captions only: a translation of today's English must say its numbers."""
    caption = {"fr": ROUNDS_ERRATUM_CAPTION_FR, "cs": ROUNDS_ERRATUM_CAPTION_CS}[language][0]
    edit(translated_project, f"rules/alpha/{language}.yaml", caption, caption.replace("9", "7"))
    found = [
        (problem["code"], problem["severity"])
        for problem in problems(capsys, translated_project)
        if problem["file"] == f"rules/alpha/{language}.yaml"
    ]
    assert ("example.caption-number", "error") in found
