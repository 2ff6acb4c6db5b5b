"""`rulebook i18n import` refuses what `rulebook check` refuses, and only what the import makes
worse; takes stale files entry by entry; reads the headers translators' tools write (issue 10,
parts 2, 3, 4 and 6)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import polib
import pytest

from conftest import GIT, edit, run_cli, run_cli_process, tree_digest
from rulebook.model import source_hash

NBSP = "\u00a0"
NEW_WINNER = "The player with the highest score wins the game."


def export(capsys, root: Path, folder: Path, language: str = "fr", game: str = "rebus") -> Path:
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "export", language, "--game", game, "-o", str(folder))
    assert code == 0, err
    return folder / f"{game}.{language}.po"


def set_msgstr(po: Path, unit_id: str, text: str, *, fuzzy: bool | None = None) -> int:
    """Edit one entry as a translator's tool would (polib); return the line of its msgid."""
    catalog = polib.pofile(str(po))
    entry = next(e for e in catalog if e.msgctxt == unit_id)
    entry.msgstr = text
    if fuzzy is False and "fuzzy" in entry.flags:
        entry.flags.remove("fuzzy")
        entry.previous_msgid = None
    catalog.save(str(po))
    lines = po.read_text(encoding="utf-8").splitlines()
    return lines.index(f'msgctxt "{unit_id}"') + 2  # the msgid follows the one-line msgctxt


def import_(capsys, root: Path, po: Path) -> tuple[int, str, str]:
    return run_cli(capsys, "--root", str(root), "i18n", "import", str(po))


def yaml_unit(root: Path, file: str, unit_id: str) -> dict:
    import yaml

    return yaml.safe_load((root / file).read_text(encoding="utf-8"))["units"][unit_id]


# (case, language, game, unit, text in the current translation, its replacement, the check's message);
# each of these imported with exit 0 before, and then `check` failed.
REFUSED = [
    (
        "French space before a colon",
        "fr",
        "rebus",
        "rule.no-lists",
        f"Exemple{NBSP}:",
        "Exemple :",
        "French typography: a no-break space (U+00A0 or U+202F) goes before ':'",
    ),
    (
        "French space before a question mark",
        "fr",
        "oh-my-word",
        "ruling.scores.question",
        "partie\u202f?",
        "partie ?",
        "French typography: a no-break space (U+00A0 or U+202F) goes before '?'",
    ),
    (
        "French guillemets without no-break spaces",
        "fr",
        "rebus",
        "rule.starting-player",
        f"«{NBSP}A{NBSP}»",
        "« A »",
        "French typography: « and » take a no-break space inside",
    ),
    (
        "forbidden Czech term",
        "cs",
        "rebus",
        "rule.bags",
        "|other=pytlíků}}",  # the plural choice's form for 5 and more (rulebook/text/plural_choice.py)
        "|other=sáčků}}",
        "terminology: 'sáčk…' is not used for 'bag'; say 'pytlík…'",
    ),
    ("unbalanced emphasis", "fr", "rebus", "rule.bags", " sacs", " *sacs", "unbalanced Markdown emphasis (* or **)"),
    (
        "dropped full stop",
        "fr",
        "rebus",
        "rule.bags",
        "couleur.",
        "couleur",
        "the English ends with full stop, the translation with none",
    ),
    (
        "trailing line break",
        "fr",
        "rebus",
        "rule.bags",
        "couleur.",
        "couleur.\n",
        "starts or ends with whitespace (a space, tab or line break)",
    ),
    (
        "trailing tab",
        "cs",
        "rebus",
        "rule.bags",
        "pytlíků}}.",
        "pytlíků}}.\t",
        "the control character U+0009 at character 110 is not allowed",  # a tab is refused anywhere
    ),
]


@pytest.mark.parametrize("case", REFUSED, ids=[case[0] for case in REFUSED])
def test_import_refuses_what_check_refuses(project_copy: Path, tmp_path: Path, capsys, case) -> None:
    _, language, game, unit_id, old, new, check = case
    po = export(capsys, project_copy, tmp_path, language, game)
    current = yaml_unit(project_copy, f"rules/{game}/{language}.yaml", unit_id)["text"]
    assert current.count(old) == 1, current
    line = set_msgstr(po, unit_id, current.replace(old, new))
    before = tree_digest(project_copy)
    code, _, err = import_(capsys, project_copy, po)
    assert code == 2
    assert f"{po}:{line}: '{unit_id}': {check}" in err.splitlines(), err
    assert "refused; no file was changed" in err
    assert tree_digest(project_copy) == before
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0


def test_an_import_that_fixes_errors_is_taken_even_while_others_remain(project_copy, tmp_path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)  # exported while the content was clean
    # Someone breaks two French units by hand: check now fails, and used to refuse every import.
    edit(project_copy, "rules/rebus/fr.yaml", f"Pas d’énumérations. Exemple{NBSP}:", "Pas d’énumérations. Exemple :")
    edit(project_copy, "rules/rebus/fr.yaml", "selon leur couleur.", "selon leur couleur")
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 1
    # The translator's file has rule.bags right, and an unrelated new title.
    set_msgstr(po, "section.play", "Comment jouer")
    code, out, err = import_(capsys, project_copy, po)
    assert code == 0, err
    assert "  updated: rule.bags" in out.splitlines()
    assert "  updated: section.play" in out.splitlines()
    assert "  updated: rule.no-lists" in out.splitlines()  # the file had it right too
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert (code, out) == (0, "")


def commit_english_edit(root: Path, new: str = NEW_WINNER) -> None:
    edit(root, "rules/rebus/en.yaml", "text: Highest score wins.", f"text: {new}")
    subprocess.run([*GIT, "-C", str(root), "commit", "-qam", "English edit"], check=True)


def test_a_stale_file_is_taken_entry_by_entry(history: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, history, tmp_path)
    set_msgstr(po, "section.play", "Comment jouer")
    line = set_msgstr(po, "rule.winner", "Le meilleur score l’emporte.")
    commit_english_edit(history)  # days later, the English of rule.winner changes
    code, out, err = import_(capsys, history, po)
    assert code == 0, err
    assert (
        "2 unit(s) updated, 0 fuzzy entr(ies) kept as needing work, 1 stale entr(ies) taken as outdated, 0 skipped"
        in out
    )
    assert "  updated: rule.winner (outdated)" in out.splitlines()
    assert yaml_unit(history, "rules/rebus/fr.yaml", "section.play")["text"] == "Comment jouer"
    winner = yaml_unit(history, "rules/rebus/fr.yaml", "rule.winner")
    # Taken with the hash of the English it was made from: the site and the next export mark it outdated.
    assert winner == {
        "text": "Le meilleur score l’emporte.",
        "source": source_hash("Highest score wins."),
        "status": "draft",
    }
    code, out, _ = run_cli(capsys, "--root", str(history), "status", "--lang", "fr", "--json")
    assert json.loads(out)["languages"]["fr"]["rebus"]["outdated_ids"] == ["rule.winner"]
    # Imported again after someone translated the new English: skipped, and said so.
    edit(history, "rules/rebus/fr.yaml", "text: Le meilleur score l’emporte.", "text: Le plus haut score gagne.")
    edit(
        history,
        "rules/rebus/fr.yaml",
        f'source: "{source_hash("Highest score wins.")}"',
        f'source: "{source_hash(NEW_WINNER)}"',
    )
    code, out, err = import_(capsys, history, po)
    assert code == 0, err
    assert f"  {po}:{line}: skipped: rule.winner: the YAML already has a translation of the current English" in out


def test_without_history_a_stale_entry_is_skipped_and_named(project_copy, tmp_path, capsys) -> None:
    # A section title: no git here, and the recorded editions keep only the rules' English.
    po = export(capsys, project_copy, tmp_path)
    line = set_msgstr(po, "section.play", "Comment jouer")
    edit(project_copy, "rules/rebus/en.yaml", "    text: To play\n", "    text: How to play\n")
    code, out, err = import_(capsys, project_copy, po)
    assert code == 0, err
    reason = "its msgid is neither the current English nor an earlier one in git history"
    assert f"  {po}:{line}: skipped: section.play: {reason}" in out.splitlines()
    assert yaml_unit(project_copy, "rules/rebus/fr.yaml", "section.play")["text"] == "Pour jouer"


def test_without_git_a_rule_s_stale_entry_is_known_from_the_recorded_edition(project_copy, tmp_path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    set_msgstr(po, "rule.winner", "Le meilleur score l’emporte.")
    edit(project_copy, "rules/rebus/en.yaml", "text: Highest score wins.", f"text: {NEW_WINNER}")
    code, out, err = import_(capsys, project_copy, po)
    assert code == 0, err
    assert "  updated: rule.winner (outdated)" in out.splitlines()
    winner = yaml_unit(project_copy, "rules/rebus/fr.yaml", "rule.winner")
    assert winner["text"] == "Le meilleur score l’emporte."


def test_update_brings_an_old_file_to_the_current_english(history: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, history, tmp_path)
    set_msgstr(po, "section.play", "Comment jouer")
    set_msgstr(po, "rule.winner", "Le meilleur score l’emporte.")
    # A unit the English no longer has (a rule removed since the export).
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgctxt "rule.gone"\nmsgid "Gone."\nmsgstr "Parti."\n')
    commit_english_edit(history)
    code, out, err = run_cli(capsys, "--root", str(history), "i18n", "update", str(po))
    assert code == 0, err
    assert "  fuzzy: rule.winner" in out.splitlines()
    assert "  obsolete: rule.gone" in out.splitlines()
    gone = [entry for entry in polib.pofile(str(po)).obsolete_entries() if entry.msgctxt == "rule.gone"]
    assert [(entry.msgid, entry.msgstr) for entry in gone] == [("Gone.", "Parti.")]  # kept, as msgmerge keeps it
    entries = {entry.msgctxt: entry for entry in polib.pofile(str(po))}
    assert entries["rule.winner"].msgid == NEW_WINNER
    assert entries["rule.winner"].msgstr == "Le meilleur score l’emporte."  # the translator's work is kept
    assert entries["rule.winner"].fuzzy
    assert entries["rule.winner"].previous_msgid == "Highest score wins."
    assert entries["section.play"].msgstr == "Comment jouer" and not entries["section.play"].fuzzy
    result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(po)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    # The translator brings it up to date and clears the flag: the import takes it as current.
    set_msgstr(po, "rule.winner", "Le joueur qui a le score le plus élevé gagne la partie.", fuzzy=False)
    code, out, err = import_(capsys, history, po)
    assert code == 0, err
    winner = yaml_unit(history, "rules/rebus/fr.yaml", "rule.winner")
    assert winner["source"] == source_hash(NEW_WINNER)


def test_msgmerge_with_the_new_template_does_what_update_does(history: Path, tmp_path: Path, capsys) -> None:
    old = export(capsys, history, tmp_path / "old")
    commit_english_edit(history, "The highest score wins.")  # close enough for msgmerge's fuzzy matching
    export(capsys, history, tmp_path / "new")
    merged = tmp_path / "merged.po"
    template = tmp_path / "new" / "rebus.pot"
    subprocess.run(["msgmerge", "-q", "--previous", "-o", str(merged), str(old), str(template)], check=True)
    winner = next(entry for entry in polib.pofile(str(merged)) if entry.msgctxt == "rule.winner")
    assert (winner.msgid, winner.fuzzy, winner.previous_msgid) == (
        "The highest score wins.",
        True,
        "Highest score wins.",
    )
    code, out, err = import_(capsys, history, merged)
    assert code == 0, err
    # msgmerge's fuzzy mark of the outdated unit is not the translator's: the unit stays as it was.
    assert "updated: rule.winner" not in out
    assert "needs_work" not in yaml_unit(history, "rules/rebus/fr.yaml", "rule.winner")


@pytest.mark.parametrize("code", ["fr_FR", "fr-FR", "FR"])
def test_language_codes_with_a_territory_are_accepted(project_copy, tmp_path, capsys, code) -> None:
    po = export(capsys, project_copy, tmp_path)
    set_msgstr(po, "section.play", "Comment jouer")
    po.write_text(
        po.read_text(encoding="utf-8").replace('"Language: fr\\n"', f'"Language: {code}\\n"'), encoding="utf-8"
    )
    assert f'"Language: {code}\\n"' in po.read_text(encoding="utf-8")
    status, _, err = import_(capsys, project_copy, po)
    assert status == 0, err
    assert yaml_unit(project_copy, "rules/rebus/fr.yaml", "section.play")["text"] == "Comment jouer"


def test_czech_language_code_with_territory(project_copy, tmp_path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path, "cs")
    set_msgstr(po, "section.play", "Jak se hraje")
    po.write_text(po.read_text(encoding="utf-8").replace('"Language: cs\\n"', '"Language: cs_CZ\\n"'), encoding="utf-8")
    status, _, err = import_(capsys, project_copy, po)
    assert status == 0, err
    assert yaml_unit(project_copy, "rules/rebus/cs.yaml", "section.play")["text"] == "Jak se hraje"


def declare_charset(po: Path, charset: str, encoding: str) -> None:
    text = po.read_text(encoding="utf-8").replace("charset=utf-8", f"charset={charset}").replace("→", "to")
    po.write_bytes(text.encode(encoding))


# Text a reviewer reading the bytes does not see: UTF-7 spells "ý" as "+AP0".
HIDDEN = "Tajný výklad"


@pytest.mark.parametrize(
    "charset, encoding",
    [("ISO-8859-2", "iso-8859-2"), ("UTF-7", "utf-7"), ("utf7", "utf-7"), ("rot13", "ascii")],
)
def test_a_file_in_any_charset_but_utf_8_is_refused_at_its_header_line(
    project_copy, tmp_path, capsys, charset, encoding
) -> None:
    po = export(capsys, project_copy, tmp_path, "cs")
    set_msgstr(po, "section.play", HIDDEN if encoding != "ascii" else "Jak se hraje")
    # The header and that one entry: the other English has “quotes” ISO-8859-2 cannot write.
    header, *entries = po.read_text(encoding="utf-8").split("\n\n")
    po.write_text(header + "\n\n" + next(e for e in entries if 'msgctxt "section.play"' in e) + "\n", encoding="utf-8")
    if encoding == "utf-7":  # as a translator's tool writes it: only what is not ASCII shifted
        declare_charset(po, charset, "utf-8")
        text = po.read_text(encoding="utf-8")
        po.write_bytes("".join(c if c.isascii() else c.encode("utf-7").decode("ascii") for c in text).encode("ascii"))
        assert HIDDEN.encode("utf-8") not in po.read_bytes() and b"Tajn+AP0" in po.read_bytes()
    else:
        declare_charset(po, charset, encoding)
    before = tree_digest(project_copy)
    status, out, err = import_(capsys, project_copy, po)
    line = next(number for number, text in enumerate(po.read_bytes().split(b"\n"), 1) if b"charset=" in text)
    assert status == 2
    assert f"{po}:{line}: charset '{charset}' is not UTF-8; save the file as UTF-8" in err
    assert "Traceback" not in err and "internal error" not in err
    assert tree_digest(project_copy) == before
    assert HIDDEN not in out + err


@pytest.mark.parametrize(
    "charset, message",
    [
        ("ISO-8859-2", "charset 'ISO-8859-2' is not UTF-8"),
        ("no-such-charset", "unknown charset 'no-such-charset'"),
        # A NUL in the name made Python's codec lookup raise ValueError: exit 3 (make fuzz, issue 48)
        ("utf-8\x00", "unknown charset 'utf-8\\x00'"),
    ],
)
def test_a_wrong_or_unknown_charset_is_refused(project_copy, tmp_path, capsys, charset, message) -> None:
    po = export(capsys, project_copy, tmp_path, "cs")
    set_msgstr(po, "section.play", "Čtvrtý způsob hry")
    declare_charset(po, charset, "utf-8")
    before = tree_digest(project_copy)
    status, _, err = import_(capsys, project_copy, po)
    lines = po.read_bytes().split(b"\n")
    line = next(number for number, text in enumerate(lines, 1) if b"charset=" in text)
    assert status == 2
    assert f"{po}:{line}: {message}" in err
    assert "Traceback" not in err and "internal error" not in err
    assert tree_digest(project_copy) == before


def test_two_entries_for_one_unit_are_refused_with_both_lines(project_copy, tmp_path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    text = po.read_text(encoding="utf-8")
    entry = text[text.index('msgctxt "section.play"') :].split("\n\n", 1)[0]
    text = text.rstrip("\n") + "\n\n" + entry.replace('msgstr "Pour jouer"', 'msgstr "Comment jouer"') + "\n"
    po.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    first = lines.index('msgctxt "section.play"') + 2
    second = len(lines) - lines[::-1].index('msgctxt "section.play"') + 1
    status, _, err = import_(capsys, project_copy, po)
    assert status == 2
    assert f"{po}:{second}: a second entry with msgctxt 'section.play' (the first is at line {first})" in err


def test_import_keeps_the_mode_of_the_yaml_file(project_copy, tmp_path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    assert po.stat().st_mode & 0o777 == 0o644
    french = project_copy / "rules/rebus/fr.yaml"
    french.chmod(0o664)
    set_msgstr(po, "section.play", "Comment jouer")
    assert import_(capsys, project_copy, po)[0] == 0
    assert french.stat().st_mode & 0o777 == 0o664
    assert yaml_unit(project_copy, "rules/rebus/fr.yaml", "section.play")["text"] == "Comment jouer"


def test_review_marks_unchanged_current_entries_reviewed(history: Path, tmp_path: Path, capsys) -> None:
    commit_english_edit(history)  # rule.winner is outdated in French
    po = export(capsys, history, tmp_path)
    set_msgstr(po, "section.play", "Comment jouer")  # edited by the reviewer: to be imported first
    code, out, err = run_cli(capsys, "--root", str(history), "i18n", "review", str(po))
    assert code == 0, err
    # REBUS has 56 units, all French drafts: all but the outdated and the edited one become reviewed.
    assert "rules/rebus/fr.yaml: 54 unit(s) marked reviewed" in out
    assert "  not reviewed, fuzzy or outdated: rule.winner" in out.splitlines()
    assert "  not reviewed, the text differs from the YAML (import it first): section.play" in out.splitlines()
    assert yaml_unit(history, "rules/rebus/fr.yaml", "rule.bags")["status"] == "reviewed"
    assert yaml_unit(history, "rules/rebus/fr.yaml", "rule.winner")["status"] == "draft"
    assert yaml_unit(history, "rules/rebus/fr.yaml", "section.play")["status"] == "draft"


def test_an_outdated_reviewed_unit_confirmed_without_edit_becomes_draft(history, tmp_path, capsys) -> None:
    french = history / "rules/rebus/fr.yaml"
    text = french.read_text(encoding="utf-8")
    start = text.index("  rule.winner:")
    french.write_text(text[:start] + text[start:].replace("status: draft", "status: reviewed", 1), encoding="utf-8")
    commit_english_edit(history)
    po = export(capsys, history, tmp_path)
    set_msgstr(po, "rule.winner", "Le joueur qui a le score le plus élevé l’emporte.", fuzzy=False)
    code, _, err = import_(capsys, history, po)
    assert code == 0, err
    winner = yaml_unit(history, "rules/rebus/fr.yaml", "rule.winner")
    # Reviewed against the old English; confirmed for the new one by a translator, not a reviewer.
    assert (winner["source"], winner["status"]) == (source_hash(NEW_WINNER), "draft")


@pytest.mark.parametrize("action", ["import", "update", "review"])
@pytest.mark.parametrize(
    "breakage, message",
    [
        (lambda t: t.replace('msgstr "Pour jouer"', 'msgstr "Pour jouer'), "not a valid PO line"),
        (lambda t: t.replace('"Language: fr\\n"', '"Language: de\\n"'), "its Language (de) is not one of"),
        (lambda t: t.replace("Project-Id-Version: rulebook rebus", "Project-Id-Version: rulebook chess"), "chess"),
    ],
    ids=["unterminated string", "unknown language", "unknown game"],
)
def test_a_refused_file_changes_nothing(project_copy, tmp_path, capsys, action, breakage, message) -> None:
    po = export(capsys, project_copy, tmp_path)
    po.write_text(breakage(po.read_text(encoding="utf-8")), encoding="utf-8")
    before, po_before = tree_digest(project_copy), po.read_bytes()
    code, _, err = run_cli(capsys, "--root", str(project_copy), "i18n", action, str(po))
    assert code == 2
    assert any(line.startswith(f"{po}:") and message in line for line in err.splitlines()), err
    assert f"rulebook i18n {action}: {po} refused; no file was changed" in err
    assert "Traceback" not in err and "internal error" not in err
    assert tree_digest(project_copy) == before and po.read_bytes() == po_before


def test_every_problem_of_a_refused_file_is_listed_together(project_copy, tmp_path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    # Problems of three kinds, in file order: an entry no unit takes first, so a later kind cannot hide it.
    header, entries = po.read_text(encoding="utf-8").split("\n\n", 1)
    unknown_entry = 'msgid "Gone."\nmsgstr "Parti."'
    po.write_text(f"{header}\n\n{unknown_entry}\n\n{entries}", encoding="utf-8")
    bell = set_msgstr(po, "section.play", "Pour\x07jouer")  # refused by entry, before any check
    adds_error = set_msgstr(po, "rule.bags", "Répartissez les tuiles dans les {components.bags} sacs")
    unknown = po.read_text(encoding="utf-8").splitlines().index('msgid "Gone."') + 1
    before = tree_digest(project_copy)
    code, _, err = import_(capsys, project_copy, po)
    assert code == 2
    assert f"{po}:{unknown}: an entry without msgctxt (the unit id) whose `#:` reference and msgid" in err
    assert f"{po}:{bell}: 'section.play': the control character U+0007" in err
    assert f"{po}:{adds_error}: 'rule.bags': the English ends with full stop, the translation with none" in err
    assert tree_digest(project_copy) == before


def break_rule_bags(root: Path, po: Path) -> None:
    """An error the import does not cause: rule.bags without its full stop, in the YAML and the PO file alike."""
    edit(root, "rules/rebus/fr.yaml", "selon leur couleur.", "selon leur couleur")
    set_msgstr(po, "rule.bags", yaml_unit(root, "rules/rebus/fr.yaml", "rule.bags")["text"])


def check_output(capsys, root: Path) -> list[str]:
    """What `rulebook check` finds, without positions."""
    _, out, _ = run_cli(capsys, "--root", str(root), "check")
    return [line.split(": ", 1)[1] for line in out.splitlines()]


def test_an_error_the_import_only_moves_is_not_a_new_one(project_copy, tmp_path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    break_rule_bags(project_copy, po)
    before = check_output(capsys, project_copy)
    assert before == ["units.rule.bags.text: the English ends with full stop, the translation with none"]
    french = project_copy / "rules/rebus/fr.yaml"
    bags_line = french.read_text(encoding="utf-8").splitlines().index("  rule.bags:")
    # The summary, above rule.bags, grows by a line or more: the error moves down.
    summary = yaml_unit(project_copy, "rules/rebus/fr.yaml", "summary")["text"]
    set_msgstr(po, "summary", f"{summary} {summary}")
    code, _, err = import_(capsys, project_copy, po)
    assert code == 0, err
    assert french.read_text(encoding="utf-8").splitlines().index("  rule.bags:") > bags_line
    assert check_output(capsys, project_copy) == before


def test_an_error_the_import_only_shifts_sideways_is_not_a_new_one(project_copy, tmp_path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    break_rule_bags(project_copy, po)
    french = project_copy / "rules/rebus/fr.yaml"
    # A file indented by four spaces, which the import writes back at our two: every column moves.
    lines = french.read_text(encoding="utf-8").splitlines(keepends=True)
    indented = "".join(line.replace("  ", "    ", 2) if line.startswith("  ") else line for line in lines)
    french.write_text(indented, encoding="utf-8")
    before = check_output(capsys, project_copy)
    assert before == ["units.rule.bags.text: the English ends with full stop, the translation with none"]
    set_msgstr(po, "section.play", "Comment jouer")
    code, _, err = import_(capsys, project_copy, po)
    assert code == 0, err
    assert "\n    text: Comment jouer\n" in french.read_text(encoding="utf-8")  # re-indented: the columns moved
    assert check_output(capsys, project_copy) == before


@pytest.mark.parametrize(
    "written, message",
    [
        ("language: fr\nunits: {rule.bags: [unclosed\n", "rules/rebus/fr.yaml:3:1: YAML syntax error: "),
        (
            'language: fr\nunits:\n  rule.bags:\n    text: Sacs.\n    source: "8b431258bc48"\n    status: done\n',
            "rules/rebus/fr.yaml:6:13: units.rule.bags.status: 'done' is not one of",
        ),
    ],
    ids=["YAML it cannot read back", "YAML its schema refuses"],
)
def test_a_words_file_the_import_would_write_wrong_is_never_written(
    project_copy, tmp_path, capsys, monkeypatch, written, message
) -> None:
    # Fault injection: the YAML writer (ours, or ruamel.yaml) produces a file `check` cannot take.
    po = export(capsys, project_copy, tmp_path)
    set_msgstr(po, "section.play", "Comment jouer")
    monkeypatch.setattr("rulebook.translation.importer.apply_changes", lambda *args: written)
    before = tree_digest(project_copy)
    code, _, err = import_(capsys, project_copy, po)
    assert code == 2
    assert message in err, err
    assert "Traceback" not in err and "internal error" not in err
    assert tree_digest(project_copy) == before


def test_an_import_writes_the_same_file_whatever_the_locale(project_copy, tmp_path, capsys) -> None:
    # Czech text, imported here (a UTF-8 locale) and then by a process whose locale is ASCII, as a
    # bare server or a minimal container has it: the files are UTF-8 whatever the locale says.
    po = export(capsys, project_copy, tmp_path, "cs")
    set_msgstr(po, "section.play", "Jak hrát teď")
    czech = project_copy / "rules/rebus/cs.yaml"
    original = czech.read_bytes()
    assert import_(capsys, project_copy, po)[0] == 0
    here = czech.read_bytes()
    assert "    text: Jak hrát teď\n" in here.decode("utf-8")
    czech.write_bytes(original)
    ascii_locale = {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    ran = run_cli_process("--root", str(project_copy), "i18n", "import", str(po), env=ascii_locale)
    assert ran.returncode == 0, ran.stderr
    assert czech.read_bytes() == here


@pytest.mark.parametrize("action", ["import", "update", "review"])
def test_without_its_english_a_po_file_is_refused_not_a_crash(project_copy, tmp_path, capsys, action) -> None:
    po = export(capsys, project_copy, tmp_path)
    (project_copy / "rules/rebus/en.yaml").unlink()  # `check` reports it; the file for it is refused
    before, po_before = tree_digest(project_copy), po.read_bytes()
    code, _, err = run_cli(capsys, "--root", str(project_copy), "i18n", action, str(po))
    assert code == 2
    assert f"{po}: there is no English to translate (rebus's en.yaml cannot be read); run `rulebook check`" in err
    assert tree_digest(project_copy) == before and po.read_bytes() == po_before


def test_a_header_date_that_runs_on_to_the_next_line_is_refused_at_its_line(project_copy, tmp_path, capsys) -> None:
    """Found by `make fuzz` (issue 48): a header line starting with a space continues the field above
    it, and Babel's reading of POT-Creation-Date then ended `i18n import` in exit 3."""
    po = export(capsys, project_copy, tmp_path)
    text = po.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    line = next(number for number, content in enumerate(lines, 1) if content.startswith('"POT-Creation-Date:'))
    lines.insert(line, '" \\n"\n')  # the line after it: a space, so a continuation
    po.write_text("".join(lines), encoding="utf-8")
    before = tree_digest(project_copy)
    status, _, err = import_(capsys, project_copy, po)
    assert status == 2
    assert f"{po}:{line}: not a valid PO file: a date of the header cannot be read" in err
    assert "internal error" not in err
    assert tree_digest(project_copy) == before
