"""`rulebook i18n import` refuses what `rulebook check` refuses, and only what the import makes
worse; takes stale files entry by entry; reads the headers translators' tools write (issue 10,
parts 2, 3, 4 and 6). The project is the translated small project (fixture_games.py): alpha's six
units in French and Czech (section.overview "Aperçu" and "Přehled", rule.players, and rule.winner,
whose English commit_english_edit changes in a git history, translated_history). The refusals of
check's typography and terms are on test_qa's project (the same, with the project's typography and
terms, and alpha's rule.players holding a bag of tiles), whose French caption ends with a question,
a colon and guillemets (import_project)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from conftest import edit, made_once, run_cli, run_cli_process, tree_digest
from fixture_games import NEW_WINNER, TRANSLATIONS, WINNER, commit_english_edit, export, quiet
from rulebook.model import source_hash
from test_qa import make_qa_project

NBSP, NNBSP = "\u00a0", "\u202f"
FRENCH, CZECH = "rules/alpha/fr.yaml", "rules/alpha/cs.yaml"
PLAYERS = "The game is for {players.min} to {players.max} players."  # alpha's English rule.players
PLAYERS_FR = TRANSLATIONS["fr"]["alpha"]["rule.players"]
WINNER_FR = TRANSLATIONS["fr"]["alpha"]["rule.winner"]
TITLE_FR = "Vue d’ensemble"  # a new French title for section.overview ("Aperçu")
BEST_FR = "Après {scoring.rounds} manches, le meilleur total l’emporte."  # the translator's French of WINNER
NEW_WINNER_FR = "Après {scoring.rounds} manches, le joueur qui a le plus de points gagne."  # of NEW_WINNER
# alpha's French caption, in import_project, ends with a question, a colon and guillemets.
QUESTION = f"Qui gagne{NNBSP}? Ann{NBSP}: «{NBSP}le plus haut total{NBSP}»."


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


def make_import_project(root: Path) -> None:
    """test_qa's project, alpha's French caption ending with QUESTION; `check` passes it."""
    make_qa_project(root)
    edit(root, FRENCH, "Ann a le plus haut total.", QUESTION)
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)


@pytest.fixture
def import_project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """A copy of make_import_project's project (made once a run), safe to break."""
    made = made_once(tmp_path_factory, "import-project", make_import_project)
    return Path(shutil.copytree(made, tmp_path / "import"))


# (case, language, unit of alpha, text in the current translation, its replacement, the check's message);
# each of these imported with exit 0 before, and then `check` failed.
REFUSED = [
    (
        "French space before a colon",
        "fr",
        "example.highest-total",
        f"Ann{NBSP}:",
        "Ann :",
        "French typography: a no-break space (U+00A0 or U+202F) goes before ':'",
    ),
    (
        "French space before a question mark",
        "fr",
        "example.highest-total",
        f"gagne{NNBSP}?",
        "gagne ?",
        "French typography: a no-break space (U+00A0 or U+202F) goes before '?'",
    ),
    (
        "French guillemets without no-break spaces",
        "fr",
        "example.highest-total",
        f"«{NBSP}le plus haut total{NBSP}»",
        "« le plus haut total »",
        "French typography: « and » take a no-break space inside",
    ),
    (
        "forbidden Czech term",
        "cs",
        "rule.players",
        "pytlíkem",  # "každý s pytlíkem kamínů": the preferred term, declined
        "sáčkem",
        "terminology: 'sáčk…' is not used for 'bag'; say 'pytlík…'",
    ),
    ("unbalanced emphasis", "fr", "rule.players", " sac ", " *sac ", "unbalanced Markdown emphasis (* or **)"),
    (
        "dropped full stop",
        "fr",
        "rule.players",
        "tuiles.",
        "tuiles",
        "the English ends with full stop, the translation with none",
    ),
    (
        "trailing line break",
        "fr",
        "rule.players",
        "tuiles.",
        "tuiles.\n",
        "starts or ends with whitespace (a space, tab or line break)",
    ),
    (
        "trailing tab",
        "cs",
        "rule.players",
        "kamínů.",
        "kamínů.\t",
        # The Czech rule.players is 72 characters: the tab after it is the 73rd. A tab is refused anywhere.
        "the control character U+0009 at character 73 is not allowed",
    ),
]


@pytest.mark.parametrize("case", REFUSED, ids=[case[0] for case in REFUSED])
def test_import_refuses_what_check_refuses(import_project: Path, tmp_path: Path, capsys, case) -> None:
    _, language, unit_id, old, new, check = case
    po = export(capsys, import_project, tmp_path, language)
    current = yaml_unit(import_project, f"rules/alpha/{language}.yaml", unit_id)["text"]
    assert current.count(old) == 1, current
    line = set_msgstr(po, unit_id, current.replace(old, new))
    before = tree_digest(import_project)
    code, _, err = import_(capsys, import_project, po)
    assert code == 2
    assert f"{po}:{line}: '{unit_id}': {check}" in err.splitlines(), err
    assert "refused; no file was changed" in err
    assert tree_digest(import_project) == before
    assert run_cli(capsys, "--root", str(import_project), "check")[0] == 0


def test_an_import_that_fixes_errors_is_taken_even_while_others_remain(import_project, tmp_path, capsys) -> None:
    clean = run_cli(capsys, "--root", str(import_project), "check")
    po = export(capsys, import_project, tmp_path)  # exported while the content was clean
    # Someone breaks two French units by hand: check now fails, and used to refuse every import.
    edit(import_project, FRENCH, f"Ann{NBSP}:", "Ann :")
    edit(import_project, FRENCH, "un sac de tuiles.", "un sac de tuiles")
    assert run_cli(capsys, "--root", str(import_project), "check")[0] == 1
    # The translator's file has rule.players right, and an unrelated new title.
    set_msgstr(po, "section.overview", TITLE_FR)
    code, out, err = import_(capsys, import_project, po)
    assert code == 0, err
    assert "  updated: rule.players" in out.splitlines()
    assert "  updated: section.overview" in out.splitlines()
    assert "  updated: example.highest-total" in out.splitlines()  # the file had it right too
    code, out, _ = run_cli(capsys, "--root", str(import_project), "check")
    assert (code, out) == (0, clean[1])  # what the clean project said (its glossary's warnings), no error


def test_a_stale_file_is_taken_entry_by_entry(translated_history: Path, tmp_path: Path, capsys) -> None:
    history = translated_history
    po = export(capsys, history, tmp_path)
    set_msgstr(po, "section.overview", TITLE_FR)
    line = set_msgstr(po, "rule.winner", BEST_FR)
    commit_english_edit(history)  # days later, the English of rule.winner changes
    code, out, err = import_(capsys, history, po)
    assert code == 0, err
    assert (
        "2 unit(s) updated, 0 fuzzy entr(ies) kept as needing work, 1 stale entr(ies) taken as outdated, 0 skipped"
        in out
    )
    assert "  updated: rule.winner (outdated)" in out.splitlines()
    assert yaml_unit(history, FRENCH, "section.overview")["text"] == TITLE_FR
    winner = yaml_unit(history, FRENCH, "rule.winner")
    # Taken with the hash of the English it was made from: the site and the next export mark it outdated.
    assert winner == {
        "text": BEST_FR,
        "source": source_hash(WINNER),
        "facts": {"scoring.rounds": 3},
        "status": "draft",
    }
    code, out, _ = run_cli(capsys, "--root", str(history), "status", "--lang", "fr", "--json")
    assert json.loads(out)["languages"]["fr"]["alpha"]["outdated_ids"] == ["rule.winner"]
    # Imported again after someone translated the new English: skipped, and said so.
    edit(history, FRENCH, BEST_FR, NEW_WINNER_FR)
    edit(history, FRENCH, f'source: "{source_hash(WINNER)}"', f'source: "{source_hash(NEW_WINNER)}"')
    code, out, err = import_(capsys, history, po)
    assert code == 0, err
    assert f"  {po}:{line}: skipped: rule.winner: the YAML already has a translation of the current English" in out
    assert yaml_unit(history, FRENCH, "rule.winner")["text"] == NEW_WINNER_FR


def test_without_history_a_stale_entry_is_skipped_and_named(translated_project, tmp_path, capsys) -> None:
    # A section title: no git here, and the recorded editions keep only the rules' English.
    po = export(capsys, translated_project, tmp_path)
    line = set_msgstr(po, "section.overview", TITLE_FR)
    edit(translated_project, "rules/alpha/en.yaml", "    text: Overview\n", "    text: How the game goes\n")
    code, out, err = import_(capsys, translated_project, po)
    assert code == 0, err
    reason = "its msgid is neither the current English nor an earlier one in git history"
    assert f"  {po}:{line}: skipped: section.overview: {reason}" in out.splitlines()
    assert yaml_unit(translated_project, FRENCH, "section.overview")["text"] == "Aperçu"


def test_without_git_a_rule_s_stale_entry_is_known_from_the_recorded_edition(translated_project, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "rule.winner", BEST_FR)
    edit(translated_project, "rules/alpha/en.yaml", f"text: {WINNER}", f"text: {NEW_WINNER}")  # after edition 1.0
    code, out, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert "  updated: rule.winner (outdated)" in out.splitlines()
    winner = yaml_unit(translated_project, FRENCH, "rule.winner")
    assert (winner["text"], winner["source"]) == (BEST_FR, source_hash(WINNER))  # the English of edition 1.0


def test_update_brings_an_old_file_to_the_current_english(translated_history: Path, tmp_path: Path, capsys) -> None:
    history = translated_history
    po = export(capsys, history, tmp_path)
    set_msgstr(po, "section.overview", TITLE_FR)
    set_msgstr(po, "rule.winner", BEST_FR)
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
    assert entries["rule.winner"].msgstr == BEST_FR  # the translator's work is kept
    assert entries["rule.winner"].fuzzy
    assert entries["rule.winner"].previous_msgid == WINNER
    assert entries["section.overview"].msgstr == TITLE_FR and not entries["section.overview"].fuzzy
    result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(po)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    # The translator brings it up to date and clears the flag: the import takes it as current.
    set_msgstr(po, "rule.winner", NEW_WINNER_FR, fuzzy=False)
    code, out, err = import_(capsys, history, po)
    assert code == 0, err
    winner = yaml_unit(history, FRENCH, "rule.winner")
    assert (winner["text"], winner["source"]) == (NEW_WINNER_FR, source_hash(NEW_WINNER))


def test_msgmerge_with_the_new_template_does_what_update_does(translated_history: Path, tmp_path: Path, capsys):
    history = translated_history
    old = export(capsys, history, tmp_path / "old")
    close = WINNER.replace("the highest total wins.", "the highest total wins the game.")
    commit_english_edit(history, close)  # close enough for msgmerge's fuzzy matching
    export(capsys, history, tmp_path / "new")
    merged = tmp_path / "merged.po"
    template = tmp_path / "new" / "alpha.pot"
    subprocess.run(["msgmerge", "-q", "--previous", "-o", str(merged), str(old), str(template)], check=True)
    winner = next(entry for entry in polib.pofile(str(merged)) if entry.msgctxt == "rule.winner")
    assert (winner.msgid, winner.fuzzy, winner.previous_msgid) == (close, True, WINNER)
    code, out, err = import_(capsys, history, merged)
    assert code == 0, err
    # msgmerge's fuzzy mark of the outdated unit is not the translator's: the unit stays as it was.
    assert "updated: rule.winner" not in out
    assert "needs_work" not in yaml_unit(history, FRENCH, "rule.winner")


@pytest.mark.parametrize("code", ["fr_FR", "fr-FR", "FR"])
def test_language_codes_with_a_territory_are_accepted(translated_project, tmp_path, capsys, code) -> None:
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "section.overview", TITLE_FR)
    po.write_text(
        po.read_text(encoding="utf-8").replace('"Language: fr\\n"', f'"Language: {code}\\n"'), encoding="utf-8"
    )
    assert f'"Language: {code}\\n"' in po.read_text(encoding="utf-8")
    status, _, err = import_(capsys, translated_project, po)
    assert status == 0, err
    assert yaml_unit(translated_project, FRENCH, "section.overview")["text"] == TITLE_FR


def test_czech_language_code_with_territory(translated_project, tmp_path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path, "cs")
    set_msgstr(po, "section.overview", "Jak se hraje")
    po.write_text(po.read_text(encoding="utf-8").replace('"Language: cs\\n"', '"Language: cs_CZ\\n"'), encoding="utf-8")
    status, _, err = import_(capsys, translated_project, po)
    assert status == 0, err
    assert yaml_unit(translated_project, CZECH, "section.overview")["text"] == "Jak se hraje"


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
    translated_project, tmp_path, capsys, charset, encoding
) -> None:
    po = export(capsys, translated_project, tmp_path, "cs")
    set_msgstr(po, "section.overview", HIDDEN if encoding != "ascii" else "Jak se hraje")
    # The header and that one entry, as in the file that had English ISO-8859-2 cannot write.
    header, *entries = po.read_text(encoding="utf-8").split("\n\n")
    entry = next(e for e in entries if 'msgctxt "section.overview"' in e)
    po.write_text(header + "\n\n" + entry + "\n", encoding="utf-8")
    if encoding == "utf-7":  # as a translator's tool writes it: only what is not ASCII shifted
        declare_charset(po, charset, "utf-8")
        text = po.read_text(encoding="utf-8")
        po.write_bytes("".join(c if c.isascii() else c.encode("utf-7").decode("ascii") for c in text).encode("ascii"))
        assert HIDDEN.encode("utf-8") not in po.read_bytes() and b"Tajn+AP0" in po.read_bytes()
    else:
        declare_charset(po, charset, encoding)
    before = tree_digest(translated_project)
    status, out, err = import_(capsys, translated_project, po)
    line = next(number for number, text in enumerate(po.read_bytes().split(b"\n"), 1) if b"charset=" in text)
    assert status == 2
    assert f"{po}:{line}: charset '{charset}' is not UTF-8; save the file as UTF-8" in err
    assert "Traceback" not in err and "internal error" not in err
    assert tree_digest(translated_project) == before
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
def test_a_wrong_or_unknown_charset_is_refused(translated_project, tmp_path, capsys, charset, message) -> None:
    po = export(capsys, translated_project, tmp_path, "cs")
    set_msgstr(po, "section.overview", "Čtvrtý způsob hry")
    declare_charset(po, charset, "utf-8")
    before = tree_digest(translated_project)
    status, _, err = import_(capsys, translated_project, po)
    lines = po.read_bytes().split(b"\n")
    line = next(number for number, text in enumerate(lines, 1) if b"charset=" in text)
    assert status == 2
    assert f"{po}:{line}: {message}" in err
    assert "Traceback" not in err and "internal error" not in err
    assert tree_digest(translated_project) == before


def test_two_entries_for_one_unit_are_refused_with_both_lines(translated_project, tmp_path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)
    text = po.read_text(encoding="utf-8")
    entry = text[text.index('msgctxt "section.overview"') :].split("\n\n", 1)[0]
    text = text.rstrip("\n") + "\n\n" + entry.replace('msgstr "Aperçu"', f'msgstr "{TITLE_FR}"') + "\n"
    po.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    first = lines.index('msgctxt "section.overview"') + 2
    second = len(lines) - lines[::-1].index('msgctxt "section.overview"') + 1
    status, _, err = import_(capsys, translated_project, po)
    assert status == 2
    assert f"{po}:{second}: a second entry with msgctxt 'section.overview' (the first is at line {first})" in err


def test_import_keeps_the_mode_of_the_yaml_file(translated_project, tmp_path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)
    assert po.stat().st_mode & 0o777 == 0o644
    french = translated_project / FRENCH
    french.chmod(0o664)
    set_msgstr(po, "section.overview", TITLE_FR)
    assert import_(capsys, translated_project, po)[0] == 0
    assert french.stat().st_mode & 0o777 == 0o664
    assert yaml_unit(translated_project, FRENCH, "section.overview")["text"] == TITLE_FR


def test_review_marks_unchanged_current_entries_reviewed(translated_history: Path, tmp_path: Path, capsys) -> None:
    history = translated_history
    commit_english_edit(history)  # rule.winner is outdated in French
    po = export(capsys, history, tmp_path)
    set_msgstr(po, "section.overview", TITLE_FR)  # edited by the reviewer: to be imported first
    code, out, err = run_cli(capsys, "--root", str(history), "i18n", "review", str(po))
    assert code == 0, err
    # alpha has 6 units, all French drafts: all but the outdated and the edited one become reviewed.
    assert "rules/alpha/fr.yaml: 4 unit(s) marked reviewed" in out
    assert "  not reviewed, fuzzy or outdated: rule.winner" in out.splitlines()
    assert "  not reviewed, the text differs from the YAML (import it first): section.overview" in out.splitlines()
    for unit_id in ("summary", "edition.1-0", "rule.players", "example.highest-total"):
        assert yaml_unit(history, FRENCH, unit_id)["status"] == "reviewed", unit_id
    assert yaml_unit(history, FRENCH, "rule.winner")["status"] == "draft"
    assert yaml_unit(history, FRENCH, "section.overview")["status"] == "draft"


def test_an_outdated_reviewed_unit_confirmed_without_edit_becomes_draft(translated_history, tmp_path, capsys) -> None:
    history = translated_history
    french = history / FRENCH
    text = french.read_text(encoding="utf-8")
    start = text.index("  rule.winner:")
    french.write_text(text[:start] + text[start:].replace("status: draft", "status: reviewed", 1), encoding="utf-8")
    commit_english_edit(history)
    po = export(capsys, history, tmp_path)
    set_msgstr(po, "rule.winner", WINNER_FR, fuzzy=False)  # the French as it was, confirmed
    code, _, err = import_(capsys, history, po)
    assert code == 0, err
    winner = yaml_unit(history, FRENCH, "rule.winner")
    # Reviewed against the old English; confirmed for the new one by a translator, not a reviewer.
    assert (winner["text"], winner["source"], winner["status"]) == (WINNER_FR, source_hash(NEW_WINNER), "draft")


@pytest.mark.parametrize("action", ["import", "update", "review"])
@pytest.mark.parametrize(
    "breakage, message",
    [
        (lambda t: t.replace('msgstr "Aperçu"', 'msgstr "Aperçu'), "not a valid PO line"),
        (lambda t: t.replace('"Language: fr\\n"', '"Language: de\\n"'), "its Language (de) is not one of"),
        (lambda t: t.replace("Project-Id-Version: rulebook alpha", "Project-Id-Version: rulebook chess"), "chess"),
    ],
    ids=["unterminated string", "unknown language", "unknown game"],
)
def test_a_refused_file_changes_nothing(translated_project, tmp_path, capsys, action, breakage, message) -> None:
    po = export(capsys, translated_project, tmp_path)
    text = po.read_text(encoding="utf-8")
    assert breakage(text) != text
    po.write_text(breakage(text), encoding="utf-8")
    before, po_before = tree_digest(translated_project), po.read_bytes()
    code, _, err = run_cli(capsys, "--root", str(translated_project), "i18n", action, str(po))
    assert code == 2
    assert any(line.startswith(f"{po}:") and message in line for line in err.splitlines()), err
    assert f"rulebook i18n {action}: {po} refused; no file was changed" in err
    assert "Traceback" not in err and "internal error" not in err
    assert tree_digest(translated_project) == before and po.read_bytes() == po_before


def test_every_problem_of_a_refused_file_is_listed_together(translated_project, tmp_path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)
    # Problems of three kinds, in file order: an entry no unit takes first, so a later kind cannot hide it.
    header, entries = po.read_text(encoding="utf-8").split("\n\n", 1)
    unknown_entry = 'msgid "Gone."\nmsgstr "Parti."'
    po.write_text(f"{header}\n\n{unknown_entry}\n\n{entries}", encoding="utf-8")
    bell = set_msgstr(po, "section.overview", "Aper\x07çu")  # refused by entry, before any check
    adds_error = set_msgstr(po, "rule.players", PLAYERS_FR.removesuffix("."))
    unknown = po.read_text(encoding="utf-8").splitlines().index('msgid "Gone."') + 1
    before = tree_digest(translated_project)
    code, _, err = import_(capsys, translated_project, po)
    assert code == 2
    assert f"{po}:{unknown}: an entry without msgctxt (the unit id) whose `#:` reference and msgid" in err
    assert f"{po}:{bell}: 'section.overview': the control character U+0007" in err
    assert f"{po}:{adds_error}: 'rule.players': the English ends with full stop, the translation with none" in err
    assert tree_digest(translated_project) == before


def break_rule_players(root: Path, po: Path) -> None:
    """An error the import does not cause: rule.players without its full stop, in the YAML and the PO file alike."""
    edit(root, FRENCH, f"text: {PLAYERS_FR}\n", f"text: {PLAYERS_FR.removesuffix('.')}\n")
    set_msgstr(po, "rule.players", yaml_unit(root, FRENCH, "rule.players")["text"])


def check_output(capsys, root: Path) -> list[str]:
    """What `rulebook check` finds, without positions."""
    _, out, _ = run_cli(capsys, "--root", str(root), "check")
    return [line.split(": ", 1)[1] for line in out.splitlines()]


def test_an_error_the_import_only_moves_is_not_a_new_one(translated_project, tmp_path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)
    break_rule_players(translated_project, po)
    before = check_output(capsys, translated_project)
    assert before == ["units.rule.players.text: the English ends with full stop, the translation with none"]
    french = translated_project / FRENCH
    players_line = french.read_text(encoding="utf-8").splitlines().index("  rule.players:")
    # The summary, above rule.players, grows by a line or more (a sentence more: its 92 characters and
    # 29 more after a space are two lines at 94): the error moves down.
    summary = yaml_unit(translated_project, FRENCH, "summary")["text"]
    set_msgstr(po, "summary", f"{summary} Les règles changeront encore.")
    code, _, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert french.read_text(encoding="utf-8").splitlines().index("  rule.players:") > players_line
    assert check_output(capsys, translated_project) == before


def test_an_error_the_import_only_shifts_sideways_is_not_a_new_one(translated_project, tmp_path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)
    break_rule_players(translated_project, po)
    french = translated_project / FRENCH
    # A file indented by four spaces, which the import writes back at our two: every column moves.
    lines = french.read_text(encoding="utf-8").splitlines(keepends=True)
    indented = "".join(line.replace("  ", "    ", 2) if line.startswith("  ") else line for line in lines)
    french.write_text(indented, encoding="utf-8")
    before = check_output(capsys, translated_project)
    assert before == ["units.rule.players.text: the English ends with full stop, the translation with none"]
    set_msgstr(po, "section.overview", TITLE_FR)
    code, _, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert f"\n    text: {TITLE_FR}\n" in french.read_text(encoding="utf-8")  # re-indented: the columns moved
    assert check_output(capsys, translated_project) == before


@pytest.mark.parametrize(
    "written, message",
    [
        ("language: fr\nunits: {rule.players: [unclosed\n", "rules/alpha/fr.yaml:3:1: YAML syntax error: "),
        (
            "language: fr\nunits:\n  rule.players:\n    text: Joueurs.\n"
            f'    source: "{source_hash(PLAYERS)}"\n    status: done\n',
            "rules/alpha/fr.yaml:6:13: units.rule.players.status: 'done' is not one of",
        ),
    ],
    ids=["YAML it cannot read back", "YAML its schema refuses"],
)
def test_a_words_file_the_import_would_write_wrong_is_never_written(
    translated_project, tmp_path, capsys, monkeypatch, written, message
) -> None:
    # Fault injection: the YAML writer (ours, or ruamel.yaml) produces a file `check` cannot take.
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "section.overview", TITLE_FR)
    monkeypatch.setattr("rulebook.translation.importer.apply_changes", lambda *args: written)
    before = tree_digest(translated_project)
    code, _, err = import_(capsys, translated_project, po)
    assert code == 2
    assert message in err, err
    assert "Traceback" not in err and "internal error" not in err
    assert tree_digest(translated_project) == before


def test_an_import_writes_the_same_file_whatever_the_locale(translated_project, tmp_path, capsys) -> None:
    # Czech text, imported here (a UTF-8 locale) and then by a process whose locale is ASCII, as a
    # bare server or a minimal container has it: the files are UTF-8 whatever the locale says.
    po = export(capsys, translated_project, tmp_path, "cs")
    set_msgstr(po, "section.overview", "Jak hrát teď")
    czech = translated_project / CZECH
    original = czech.read_bytes()
    assert import_(capsys, translated_project, po)[0] == 0
    here = czech.read_bytes()
    assert "    text: Jak hrát teď\n" in here.decode("utf-8")
    czech.write_bytes(original)
    ascii_locale = {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    ran = run_cli_process("--root", str(translated_project), "i18n", "import", str(po), env=ascii_locale)
    assert ran.returncode == 0, ran.stderr
    assert czech.read_bytes() == here


@pytest.mark.parametrize("action", ["import", "update", "review"])
def test_without_its_english_a_po_file_is_refused_not_a_crash(translated_project, tmp_path, capsys, action) -> None:
    po = export(capsys, translated_project, tmp_path)
    (translated_project / "rules/alpha/en.yaml").unlink()  # `check` reports it; the file for it is refused
    before, po_before = tree_digest(translated_project), po.read_bytes()
    code, _, err = run_cli(capsys, "--root", str(translated_project), "i18n", action, str(po))
    assert code == 2
    assert f"{po}: there is no English to translate (alpha's en.yaml cannot be read); run `rulebook check`" in err
    assert tree_digest(translated_project) == before and po.read_bytes() == po_before


def test_a_header_date_that_runs_on_to_the_next_line_is_refused_at_its_line(translated_project, tmp_path, capsys):
    """Found by `make fuzz` (issue 48): a header line starting with a space continues the field above
    it, and Babel's reading of POT-Creation-Date then ended `i18n import` in exit 3."""
    po = export(capsys, translated_project, tmp_path)
    text = po.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    line = next(number for number, content in enumerate(lines, 1) if content.startswith('"POT-Creation-Date:'))
    lines.insert(line, '" \\n"\n')  # the line after it: a space, so a continuation
    po.write_text("".join(lines), encoding="utf-8")
    before = tree_digest(translated_project)
    status, _, err = import_(capsys, translated_project, po)
    assert status == 2
    assert f"{po}:{line}: not a valid PO file: a date of the header cannot be read" in err
    assert "internal error" not in err
    assert tree_digest(translated_project) == before
