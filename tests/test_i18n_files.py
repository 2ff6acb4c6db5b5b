"""The files translators' tools read, byte for byte where a tool would notice (issue 17): the TBX
and CSV terminology, `i18n update` on a file that lacks units or carries a cleared fuzzy flag, and
PO headers whose Language Babel does not know. The project is the translated small project
(fixture_games.py): alpha's six units (summary, edition.1-0, section.overview "Aperçu",
rule.players, rule.winner, example.highest-total) in French and Czech, status draft, and beta's
four; the terminology and the glossary's PO file are the project's glossary given to alpha
(with_glossary); the referee note is alpha's shared-win (record_corrections)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import polib
import pytest

from conftest import GIT, ROOT, as_history, edit, run_cli, run_cli_process
from fixture_games import (
    NEW_WINNER,
    NNBSP,
    WINNER,
    commit_english_edit,
    export,
    record_corrections,
    with_glossary,
)
from rulebook.addresses.site_url import configured_site_url
from rulebook.i18n.basis import Basis, basis
from rulebook.i18n.history import earlier_texts
from rulebook.i18n.plural_forms import same_plural_forms
from rulebook.i18n.po_file import Refused as PoRefused
from rulebook.i18n.refused import refusal_at
from rulebook.i18n.state import State, unit_states
from rulebook.i18n.ui import gettext_plural_forms, ui_translations
from rulebook.i18n.words_file import Change, apply_changes
from rulebook.load.project import load_project
from rulebook.located.limits import MAX_YAML_BYTES
from rulebook.model import Status, source_hash
from rulebook.problem_codes import Message, say
from rulebook.problems import Problem, Severity, refusal_line
from rulebook.translation.importer import _located, _new_errors
from rulebook.translation.review import review_po
from test_import import import_, set_msgstr, yaml_unit

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

FRENCH = "rules/alpha/fr.yaml"
PLAYERS = "The game is for {players.min} to {players.max} players."  # alpha's English rule.players
NEW_WINNER_FR = "Après {scoring.rounds} manches, le joueur qui a le plus de points gagne."  # the French of NEW_WINNER


def set_status(root: Path, unit_id: str, status: str, file: str = FRENCH) -> None:
    """The first status after a unit's id in alpha's French (or `file`) set to `status`."""
    text = (root / file).read_text(encoding="utf-8")
    start = text.index(f"  {unit_id}:\n")
    (root / file).write_text(text[:start] + text[start:].replace("status: draft", f"status: {status}", 1), "utf-8")


def terms(capsys, root: Path, folder: Path, language: str) -> tuple[bytes, str]:
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "terms", language, "-o", str(folder))
    assert code == 0, err
    with (folder / f"terms.{language}.csv").open(encoding="utf-8", newline="") as table:  # line ends as written
        return (folder / f"terms.{language}.tbx").read_bytes(), table.read()


def test_the_tbx_file_is_tbx_basic_in_utf_8(translated_project: Path, tmp_path: Path, capsys) -> None:
    with_glossary(translated_project)
    data, _ = terms(capsys, translated_project, tmp_path, "cs")
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<martif ')
    assert data.count(b"<?xml") == 1 and data.endswith(b"</martif>\n")
    assert "kamín".encode() in data  # UTF-8 text, not character references
    martif = ET.fromstring(data)
    assert (martif.tag, martif.attrib) == ("martif", {"type": "TBX-Basic", XML_LANG: "en"})
    assert martif.findtext("martifHeader/fileDesc/sourceDesc/p") == "glossary/terms.yaml, exported by rulebook"
    entries = martif.findall("text/body/termEntry")
    assert [entry.get("id") for entry in entries][:3] == ["tile", "token", "bad-luck-token"]
    tile = entries[0]
    written = [
        (lang_set.get(XML_LANG), tig.findtext("term"), tig.find("termNote").attrib, tig.findtext("termNote"))
        for lang_set in tile.findall("langSet")
        for tig in lang_set.findall("tig")
    ]
    status = {"type": "administrativeStatus"}
    assert written == [
        ("en", "tile", status, "preferredTerm-admn-sts"),
        ("cs", "kamínek", status, "preferredTerm-admn-sts"),  # whole terms, not the check's stems
        ("cs", "dlaždice", status, "deprecatedTerm-admn-sts"),
        ("cs", "destička", status, "deprecatedTerm-admn-sts"),
        ("cs", "kostka", status, "deprecatedTerm-admn-sts"),
    ]


def test_a_term_without_forbidden_forms_exports_its_preferred_ones(translated_project: Path, tmp_path: Path, capsys):
    with_glossary(translated_project)
    edit(
        translated_project,
        "glossary/terms.yaml",
        "cs: {preferred: [kamínek], deprecated: [dlaždice, destička, kostka]}",
        "cs: {preferred: [kamínek]}",
    )
    data, table = terms(capsys, translated_project, tmp_path, "cs")
    tile = ET.fromstring(data).find("text/body/termEntry[@id='tile']")
    assert [tig.findtext("term") for tig in tile.iter("tig")] == ["tile", "kamínek"]
    assert "\r" not in table  # one line ending, as a spreadsheet and git both like
    assert table.splitlines()[:2] == ["source,target,status,term", "tile,kamínek,preferred,tile"]


def test_update_adds_the_units_a_file_lacks_and_keeps_going(translated_project: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)
    catalog = polib.pofile(str(po))
    for unit_id in ("section.overview", "rule.players"):  # an early unit and one further on
        catalog.remove(next(entry for entry in catalog if entry.msgctxt == unit_id))
    catalog.save(str(po))
    set_msgstr(po, "rule.winner", "Après {scoring.rounds} manches, le plus haut total gagne.")  # after both: kept
    code, out, err = run_cli(capsys, "--root", str(translated_project), "i18n", "update", str(po))
    assert code == 0, err
    assert [line for line in out.splitlines() if line.startswith("  added: ")] == [
        "  added: section.overview",
        "  added: rule.players",
    ]
    entries = {entry.msgctxt: entry for entry in polib.pofile(str(po))}
    assert entries["section.overview"].msgstr == "Aperçu"  # as the YAML has it
    assert entries["rule.players"].msgstr == "Le jeu se joue de {players.min} à {players.max} joueurs."
    assert entries["rule.winner"].msgstr == "Après {scoring.rounds} manches, le plus haut total gagne."


def test_update_keeps_a_translator_s_cleared_fuzzy_flag(translated_history: Path, tmp_path: Path, capsys) -> None:
    commit_english_edit(translated_history)
    po = export(capsys, translated_history, tmp_path)  # rule.winner fuzzy: its YAML is outdated
    set_msgstr(po, "rule.winner", NEW_WINNER_FR, fuzzy=False)
    code, _, err = run_cli(capsys, "--root", str(translated_history), "i18n", "update", str(po))
    assert code == 0, err
    winner = next(entry for entry in polib.pofile(str(po)) if entry.msgctxt == "rule.winner")
    assert (winner.msgid, winner.msgstr) == (NEW_WINNER, NEW_WINNER_FR)
    assert (winner.fuzzy, winner.previous_msgid) == (False, None)


@pytest.mark.parametrize("action", ["update", "review"])
def test_a_broken_file_is_named_with_its_line(translated_project: Path, tmp_path: Path, capsys, action: str) -> None:
    po = export(capsys, translated_project, tmp_path)
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "Aperçu"', 'msgstr "Aperçu'), encoding="utf-8")
    line = text.splitlines().index('msgstr "Aperçu"') + 1
    code, _, err = run_cli(capsys, "--root", str(translated_project), "i18n", action, str(po))
    assert code == 2
    assert f"{po}:{line}: not a valid PO line" in err
    po.write_text(text.replace('"Language: fr\\n"', '"Language: de\\n"'), encoding="utf-8")
    code, _, err = run_cli(capsys, "--root", str(translated_project), "i18n", action, str(po))
    assert f"{po}: its Language (de) is not one of the translations (fr, cs)" in err


def test_a_language_babel_does_not_know_is_named_in_the_refusal(translated_project: Path, tmp_path: Path, capsys):
    po = export(capsys, translated_project, tmp_path)
    text = po.read_text(encoding="utf-8")
    for declared, named in [('"Language: zz\\n"', "(zz)"), ('"Language: \\n"', "(none)"), ("", "(none)")]:
        po.write_text(text.replace('"Language: fr\\n"', declared), encoding="utf-8")
        code, _, err = import_(capsys, translated_project, po)
        assert code == 2
        assert f"its Language {named} is not one of the translations (fr, cs)" in err


def test_a_stale_edit_of_a_reviewed_unit_comes_in_as_an_outdated_draft(translated_project: Path, tmp_path, capsys):
    set_status(translated_project, "rule.winner", "reviewed")
    as_history(translated_project)
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "rule.winner", "Après {scoring.rounds} manches, le plus haut total gagne.")
    commit_english_edit(translated_project)
    code, out, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert "  updated: rule.winner (outdated)" in out.splitlines()
    assert yaml_unit(translated_project, FRENCH, "rule.winner")["status"] == "draft"  # the review was of other words


def test_earlier_texts_reads_units_and_readings_lines_from_every_revision(tmp_path: Path) -> None:
    def commit(text: str) -> None:
        (tmp_path / "words.yaml").write_text(text, encoding="utf-8")
        subprocess.run([*GIT, "-C", str(tmp_path), "add", "-A"], check=True)
        subprocess.run([*GIT, "-C", str(tmp_path), "commit", "-qm", "edit"], check=True)

    subprocess.run(["git", "-C", str(tmp_path), "init", "-q"], check=True)
    commit("units:\n  a: {text: Old A}\n  b: {note: no text yet}\n  c: plain\n")
    commit("units: [not, a, mapping\n")  # a revision that is not YAML at all is passed over
    commit("symbols:\n  - {id: eye, readings: [eye, I]}\n  - {id: bare}\n")
    commit("units:\n  a: {text: New A}\n")
    assert earlier_texts(tmp_path, "words.yaml") == {
        source_hash("New A"): "New A",
        source_hash("eye · I"): "eye · I",
        source_hash("Old A"): "Old A",
    }
    assert earlier_texts(tmp_path, "missing.yaml") == {}


def test_earlier_texts_reads_the_last_revisions_of_that_file_only(tmp_path: Path, monkeypatch) -> None:
    def commit(file: str, text: str, message: str = "edit") -> None:
        (tmp_path / file).write_text(text, encoding="utf-8")
        subprocess.run([*GIT, "-C", str(tmp_path), "add", "-A"], check=True)
        subprocess.run([*GIT, "-C", str(tmp_path), "commit", "-qm", message], check=True)

    subprocess.run(["git", "-C", str(tmp_path), "init", "-q"], check=True)
    commit("words.yaml", "units:\n  a: {text: Oldest}\n")
    commit("words.yaml", "units:\n  a: {text: Old}\n")
    commit("words.yaml", "units:\n  a: {text: New}\n", "New, not HEAD~3")  # a word git could take for a revision
    commit("other.yaml", "units:\n  a: {text: Other}\n")  # a later commit of another file
    (tmp_path / "words.yaml").unlink()  # gone from the working tree, not from history
    monkeypatch.setattr("rulebook.i18n.history.HISTORY_DEPTH", 2)
    assert earlier_texts(tmp_path, "words.yaml") == {source_hash("New"): "New", source_hash("Old"): "Old"}


def test_earlier_texts_pass_over_a_revision_larger_than_a_content_file_may_be(tmp_path: Path) -> None:
    def commit(text: str) -> None:
        (tmp_path / "words.yaml").write_text(text, encoding="utf-8")
        subprocess.run([*GIT, "-C", str(tmp_path), "add", "-A"], check=True)
        subprocess.run([*GIT, "-C", str(tmp_path), "commit", "-qm", "edit"], check=True)

    subprocess.run(["git", "-C", str(tmp_path), "init", "-q"], check=True)
    commit("units:\n  a: {text: Old}\n")
    commit("units:\n  a: {text: Huge}\n#" + "x" * MAX_YAML_BYTES + "\n")  # refused unparsed by `check`
    commit("units:\n  a: {text: New}\n")
    assert earlier_texts(tmp_path, "words.yaml") == {source_hash("New"): "New", source_hash("Old"): "Old"}


def test_a_git_that_hangs_costs_the_history_not_the_command(tmp_path: Path, monkeypatch) -> None:
    fake = tmp_path / "bin"
    fake.mkdir()
    # Had it answered in time, its answer would read as a revision holding a text.
    (fake / "git").write_text("#!/bin/sh\nsleep 1\necho 'units: {a: {text: Hung}}'\n")
    (fake / "git").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}:{os.environ['PATH']}")
    monkeypatch.setattr("rulebook.i18n.history.GIT_TIMEOUT", 0.2)
    assert earlier_texts(tmp_path, "hung.yaml") == {}


def test_an_outdated_glossary_reading_shows_its_earlier_english(translated_project: Path, tmp_path, capsys) -> None:
    history = as_history(with_glossary(translated_project))
    edit(history, "glossary/symbols.yaml", "    readings: [I, eye, aye]", "    readings: [I, eye, aye, ay]")
    subprocess.run([*GIT, "-C", str(history), "commit", "-qam", "one more reading"], check=True)
    glossary = polib.pofile(str(export(capsys, history, tmp_path, game="glossary")))
    readings = next(e for e in glossary if e.msgctxt == "symbol.eye.readings")
    assert (readings.msgid, readings.previous_msgid, readings.fuzzy) == ("I · eye · aye · ay", "I · eye · aye", True)


def review(capsys, root: Path, po: Path) -> list[str]:
    code, out, err = run_cli(capsys, "--root", str(root), "i18n", "review", str(po))
    assert code == 0, err
    return out.splitlines()


def test_review_passes_over_entries_it_cannot_review_and_goes_on(translated_project: Path, tmp_path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "section.overview", "")  # an early entry left empty: nothing to review
    catalog = polib.pofile(str(po))
    next(entry for entry in catalog if entry.msgctxt == "rule.players").flags.append("fuzzy")
    catalog.save(str(po))
    entries = po.read_text(encoding="utf-8").split("\n\n")  # an entry with plural forms: not a unit's text
    winner = next(index for index, entry in enumerate(entries) if 'msgctxt "rule.winner"' in entry)
    entries[winner] = 'msgctxt "rule.winner"\nmsgid "One."\nmsgid_plural "Many."\nmsgstr[0] "Un."\nmsgstr[1] "Des."'
    po.write_text("\n\n".join(entries), encoding="utf-8")
    with po.open("a", encoding="utf-8") as file:  # and entries for no unit of alpha
        file.write('\nmsgctxt "rule.gone"\nmsgid "Gone."\nmsgstr "Parti."\n\nmsgid "No context."\nmsgstr "Aucun."\n')
    lines = review(capsys, translated_project, po)
    # alpha's six units, less section.overview, rule.players and rule.winner: summary, edition.1-0, the example.
    assert "rules/alpha/fr.yaml: 3 unit(s) marked reviewed" in lines[0]
    assert [line for line in lines if line.startswith("  not reviewed")] == [
        "  not reviewed, fuzzy or outdated: rule.players"
    ]
    assert yaml_unit(translated_project, FRENCH, "section.overview")["status"] == "draft"
    assert yaml_unit(translated_project, FRENCH, "rule.players")["status"] == "draft"
    assert yaml_unit(translated_project, FRENCH, "rule.winner")["status"] == "draft"
    assert yaml_unit(translated_project, FRENCH, "example.highest-total")["status"] == "reviewed"  # after them all


def move_english_winner(root: Path) -> None:
    """alpha's English rule.winner made NEW_WINNER, and its French said to translate it (the YAML current)."""
    edit(root, "rules/alpha/en.yaml", f"text: {WINNER}", f"text: {NEW_WINNER}")
    edit(root, FRENCH, f'source: "{source_hash(WINNER)}"', f'source: "{source_hash(NEW_WINNER)}"')


def test_review_of_an_entry_made_from_an_older_english_is_refused(translated_project: Path, tmp_path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)  # rule.winner's msgid is WINNER
    move_english_winner(translated_project)
    lines = review(capsys, translated_project, po)  # the YAML is current now, but the reviewer read other English
    assert "  not reviewed, fuzzy or outdated: rule.winner" in lines
    assert yaml_unit(translated_project, FRENCH, "rule.winner")["status"] == "draft"
    assert yaml_unit(translated_project, FRENCH, "rule.players")["status"] == "reviewed"


def test_review_lists_as_edited_an_entry_for_a_language_without_a_file(translated_project: Path, tmp_path, capsys):
    (translated_project / "rules/alpha/cs.yaml").unlink()
    po = export(capsys, translated_project, tmp_path, "cs")
    set_msgstr(po, "section.overview", "Přehled")
    lines = review(capsys, translated_project, po)
    assert "  not reviewed, the text differs from the YAML (import it first): section.overview" in lines
    assert not (translated_project / "rules/alpha/cs.yaml").exists()


def test_review_returns_the_units_it_marked(translated_project: Path, tmp_path: Path, capsys) -> None:
    set_status(translated_project, "section.overview", "original")
    po = export(capsys, translated_project, tmp_path)
    result = review_po(load_project(translated_project).project, po)
    # alpha's six units in file order, without the original section.overview.
    assert result.reviewed == ["summary", "edition.1-0", "rule.players", "rule.winner", "example.highest-total"]
    assert (result.edited, result.outdated) == ([], [])


def test_update_marks_fuzzy_an_entry_whose_english_changed_even_when_the_yaml_is_current(
    translated_project: Path, tmp_path: Path, capsys
) -> None:
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "rule.winner", "Après {scoring.rounds} manches, le meilleur total l’emporte.")
    move_english_winner(translated_project)
    code, out, err = run_cli(capsys, "--root", str(translated_project), "i18n", "update", str(po))
    assert code == 0, err
    assert "  fuzzy: rule.winner" in out.splitlines()
    winner = next(entry for entry in polib.pofile(str(po)) if entry.msgctxt == "rule.winner")
    assert (winner.msgid, winner.msgstr) == (NEW_WINNER, "Après {scoring.rounds} manches, le meilleur total l’emporte.")
    assert (winner.fuzzy, winner.previous_msgid) == (True, WINNER)


def test_update_keeps_every_gone_entry_as_obsolete(translated_project: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)
    with po.open("a", encoding="utf-8") as file:
        file.write('\nmsgctxt "rule.gone"\nmsgid "Gone."\nmsgstr "Parti."\n')
        file.write('\n#, fuzzy\nmsgctxt "rule.left"\nmsgid "Left."\nmsgstr "Quitté."\n')
        file.write('\nmsgid "No context."\nmsgstr "Aucun."\n')  # no unit at all: not kept
    code, out, err = run_cli(capsys, "--root", str(translated_project), "i18n", "update", str(po))
    assert code == 0, err
    assert [line for line in out.splitlines() if line.startswith("  obsolete: ")] == [
        "  obsolete: rule.gone",
        "  obsolete: rule.left",
    ]
    kept = {entry.msgctxt: entry for entry in polib.pofile(str(po)).obsolete_entries()}
    assert (kept["rule.gone"].msgstr, kept["rule.left"].msgstr) == ("Parti.", "Quitté.")


def comments(catalog: polib.POFile, unit_id: str) -> list[str]:
    """The entry's `#.` lines but the mark `rulebook i18n sync` reads (tests/test_weblate.py)."""
    lines = next(entry for entry in catalog if entry.msgctxt == unit_id).comment.splitlines()
    return [line for line in lines if not line.startswith("synced: ")]


PLAYERS_NOTE = "The publisher's rules say nothing of a game for one player; this rule is ours."
PLAYERS_NOTE_FR = f"Traduit de l’anglais{NNBSP}; la règle n’a pas de source française."


def test_each_kind_of_unit_tells_the_translator_what_it_is_and_where(translated_project: Path, tmp_path, capsys):
    record_corrections(translated_project)  # alpha's referee note shared-win, and its section turn
    with_glossary(translated_project)
    edit(
        translated_project,
        "rules/alpha/en.yaml",
        f"    text: {PLAYERS}\n",
        f"    text: {PLAYERS}\n    note: {PLAYERS_NOTE}\n",
    )
    edit(
        translated_project,
        FRENCH,
        "    facts: {players.min: 2, players.max: 4}\n    status: draft\n  rule.winner:",
        "    facts: {players.min: 2, players.max: 4}\n    status: draft\n"
        f'    note: "{PLAYERS_NOTE_FR}"\n  rule.winner:',
    )
    shutil.copy(ROOT / "mkdocs.yml", translated_project / "mkdocs.yml")
    site = configured_site_url(ROOT)  # mkdocs.yml's site_url, the public address
    alpha = polib.pofile(str(export(capsys, translated_project, tmp_path)))
    assert comments(alpha, "summary") == [
        "One-line description of Alpha on the home page",
        "Keep every {group.name} placeholder: the site fills it from game data.",
        "{players.min} = 2",  # alpha's facts
        "{players.max} = 4",
        "noun forms by number: {{players.min|one=…|many=…|other=…}}",  # French: CLDR's one, many and other
        f"on the site: {site}fr/",
        "status: draft",
    ]
    assert comments(alpha, "section.overview") == [
        "Section title Alpha 1",
        f"on the site: {site}fr/alpha/#overview",
        "status: draft",
    ]
    assert comments(alpha, "section.turn")[:2] == ["Section title Alpha 2", f"on the site: {site}fr/alpha/#turn"]
    assert comments(alpha, "example.highest-total")[:2] == [
        "Caption of a worked example: quote exactly the numbers the English quotes",
        f"on the site: {site}fr/alpha/#example-highest-total",
    ]
    assert comments(alpha, "ruling.shared-win.question") == [
        "Referee note (project ruling 'shared-win'): the question",
        f"on the site: {site}fr/alpha/#ruling-shared-win",
        "status: draft",
    ]
    template = polib.pofile(str(tmp_path / "alpha.pot"))  # English: the site's pages have no language prefix
    assert comments(template, "rule.winner") == [
        "Rule Alpha 1.2",
        "Keep every {group.name} placeholder: the site fills it from game data.",
        "{scoring.rounds} = 3",  # no noun forms in the template: they would be English's
        f"on the site: {site}alpha/#winner",
    ]
    assert comments(template, "rule.discard") == ["Rule Alpha 2.3", f"on the site: {site}alpha/#discard"]
    players = " ".join(comments(alpha, "rule.players"))  # Babel wraps long comments
    assert f"note: {PLAYERS_NOTE}" in players
    assert f"translation note: {PLAYERS_NOTE_FR}" in players
    glossary = polib.pofile(str(export(capsys, translated_project, tmp_path, game="glossary")))
    symbol = "Glossary symbol 'eye' (material/eye), English readings: I · eye · aye"
    readings = " ".join(comments(glossary, "symbol.eye.readings"))
    assert readings.startswith(
        f"{symbol} Explain these English readings to a reader of your language; the msgid lists them "
        f"on the site: {site}fr/glossary/#eye"
    )
    assert " ".join(comments(glossary, "symbol.eye.name")).startswith(f"{symbol} on the site: {site}fr/glossary/#eye")
    # A group's name and the page's own words have no symbol: the link is to the page itself.
    assert f"on the site: {site}fr/glossary/" in comments(glossary, "group.sound-plays.name")
    assert f"on the site: {site}fr/glossary/" in comments(glossary, "page.title")


def test_exported_headers_say_what_the_file_is(translated_project: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)
    text = po.read_text(encoding="utf-8")
    assert text.startswith(
        "# alpha: en → fr, exported by `rulebook i18n export`.\n"
        "# msgctxt is the unit id; a fuzzy entry is outdated or needs work, and stays marked so until cleared.\n"
    )
    header = polib.pofile(str(po)).metadata
    assert (header["Project-Id-Version"], header["Language-Team"]) == ("rulebook alpha", "French")
    assert (header["Report-Msgid-Bugs-To"], header["Last-Translator"]) == ("", "")
    template_text = (tmp_path / "alpha.pot").read_text(encoding="utf-8")
    assert template_text.startswith("# alpha: en → any language, exported by `rulebook i18n export`.\n")
    template = polib.pofile(str(tmp_path / "alpha.pot"))
    assert (template.metadata["Language-Team"], "Plural-Forms" in template.metadata) == ("", False)
    assert all(entry.msgstr == "" for entry in template)
    # As xgettext writes them: a template's header is fuzzy (to be filled in), a translation's is not.
    assert (bool(template.metadata_is_fuzzy), bool(polib.pofile(str(po)).metadata_is_fuzzy)) == (True, False)
    stamp = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d\+0000")  # in UTC, not Babel's YEAR-MO-DA placeholder
    assert stamp.fullmatch(header["POT-Creation-Date"]) and stamp.fullmatch(header["PO-Revision-Date"])


def test_exported_dates_are_utc_whatever_the_machine_s_time_zone(translated_project: Path, tmp_path: Path, capsys):
    export(capsys, translated_project, tmp_path)  # in this process as well: `make mutate` credits it to this test
    out = tmp_path / "auckland"
    ran = run_cli_process(
        "--root",
        str(translated_project),
        "i18n",
        "export",
        "fr",
        "--game",
        "alpha",
        "-o",
        str(out),
        env={"TZ": "Pacific/Auckland"},
    )
    assert ran.returncode == 0, ran.stderr
    for name in ("alpha.fr.po", "alpha.pot"):
        header = polib.pofile(str(out / name)).metadata
        assert header["POT-Creation-Date"].endswith("+0000"), header  # Auckland is +1300 in summer, +1200 else
        assert header["PO-Revision-Date"].endswith("+0000") or name == "alpha.pot", header


def flags(po: Path) -> dict[str, list[str]]:
    return {entry.msgctxt: entry.flags for entry in polib.pofile(str(po))}


def test_a_publishers_text_tells_msgfmt_it_is_no_format_string(translated_project: Path, tmp_path, capsys) -> None:
    # alpha's rule.players in French and Czech made the publisher's text (status original); the rest our drafts.
    set_status(translated_project, "rule.players", "original")
    set_status(translated_project, "rule.players", "original", "rules/alpha/cs.yaml")
    alpha = flags(export(capsys, translated_project, tmp_path))
    assert alpha["rule.players"] == ["no-python-brace-format"]
    assert alpha["rule.winner"] == ["python-brace-format"]  # our translation
    assert alpha["section.overview"] == []  # no placeholder: no format either way
    template = flags(tmp_path / "alpha.pot")
    assert template["rule.players"] == []  # the template names no format: msgmerge keeps each file's own
    assert template["rule.winner"] == ["python-brace-format"]
    beta = flags(export(capsys, translated_project, tmp_path, game="beta"))
    assert beta["rule.players"] == ["python-brace-format"]  # another game's rule of the same id is ours


def test_a_publishers_text_in_the_first_translation_alone_leaves_the_template_without_a_format(
    translated_project: Path, tmp_path: Path, capsys
) -> None:
    set_status(translated_project, "rule.players", "original")  # French only: alpha in Czech stays our draft
    export(capsys, translated_project, tmp_path)
    template = flags(tmp_path / "alpha.pot")
    assert (template["rule.players"], template["rule.winner"]) == ([], ["python-brace-format"])
    czech = flags(export(capsys, translated_project, tmp_path / "cs", "cs"))
    assert czech["rule.players"] == ["python-brace-format"]


def test_each_entry_refers_to_the_line_of_its_english(translated_project: Path, tmp_path: Path, capsys) -> None:
    english = (translated_project / "rules/alpha/en.yaml").read_text(encoding="utf-8").splitlines()
    catalog = polib.pofile(str(export(capsys, translated_project, tmp_path)))
    # By hand, in rules/alpha/en.yaml as `new game` writes it: a five-line header, then `units:` on line 6.
    lines = {"summary": 7, "section.overview": 11, "rule.winner": 15}
    for unit_id, line in lines.items():
        assert english[line - 1] == f"  {unit_id}:"  # the unit's key, as msgfmt and editors count lines
        assert next(e for e in catalog if e.msgctxt == unit_id).occurrences == [("rules/alpha/en.yaml", str(line))]


def test_readings_and_examples_written_over_several_lines_refer_to_their_key_lines(
    translated_project: Path, tmp_path, capsys
) -> None:
    with_glossary(translated_project)
    edit(
        translated_project,
        "glossary/symbols.yaml",
        "    readings: [I, eye, aye]\n    example: {tiles: [eye, saw], reads: I saw}\n",
        "    readings:\n      - I\n      - eye\n      - aye\n"
        "    example:\n      tiles: [eye, saw]\n      reads: I saw\n",
    )
    lines = (translated_project / "glossary/symbols.yaml").read_text(encoding="utf-8").splitlines()
    readings_line = next(n for n, line in enumerate(lines, 1) if line == "    readings:" and lines[n] == "      - I")
    catalog = polib.pofile(str(export(capsys, translated_project, tmp_path, game="glossary")))
    occurrences = {e.msgctxt: e.occurrences for e in catalog if e.msgctxt.startswith("symbol.eye.")}
    assert occurrences["symbol.eye.readings"] == [("glossary/symbols.yaml", str(readings_line))]  # not "- I"
    assert occurrences["symbol.eye.example"] == [("glossary/symbols.yaml", str(lines.index("      reads: I saw") + 1))]


def test_basis_is_the_english_a_translation_was_made_from(translated_history: Path) -> None:
    def basis_of(unit_id: str, **change: object) -> Basis:
        project = load_project(translated_history).project
        alpha = next(game for game in project.games if game.id == "alpha")
        return basis(project, alpha, replace(alpha.words["fr"].units[unit_id], **change))

    current = basis_of("rule.players")
    assert (current.english.text, current.severity) == (PLAYERS, Severity.ERROR)
    assert basis_of("rule.players", source=None).english.text == PLAYERS
    assert basis_of("rule.players", id="rule.nowhere").english is None
    commit_english_edit(translated_history)  # rule.winner's French is now outdated; git has its English
    outdated = basis_of("rule.winner")
    assert (outdated.english.id, outdated.english.text, outdated.severity) == ("rule.winner", WINNER, Severity.ERROR)
    assert outdated.english.status is Status.ORIGINAL  # the English is the original text
    lost = basis_of("rule.winner", source="000000000000")  # an English git never had
    assert (lost.english.text, lost.severity) == (NEW_WINNER, Severity.WARNING)
    (translated_history / "rules/alpha/en.yaml").unlink()  # `check` reports that; there is nothing to compare with
    assert basis_of("rule.players") == Basis(None, Severity.ERROR)


def test_unit_states_set_each_translation_against_the_current_english(translated_project: Path) -> None:
    project = load_project(translated_project).project
    alpha = next(game for game in project.games if game.id == "alpha")
    assert unit_states(project, alpha, "en") == []  # the source language translates nothing
    states = unit_states(project, alpha, "fr")
    assert [state.unit_id for state in states] == [
        "summary",
        "edition.1-0",
        "section.overview",
        "rule.players",
        "rule.winner",
        "example.highest-total",
    ]
    players = next(state for state in states if state.unit_id == "rule.players")
    assert (players.state, players.source_text, players.translation.id) == (State.TRANSLATED, PLAYERS, "rule.players")


def test_ui_words_come_from_the_catalog_or_stay_english(tmp_path: Path) -> None:
    french = {entry.msgid: entry.msgstr for entry in polib.pofile(str(ROOT / "locales/fr/LC_MESSAGES/messages.po"))}
    assert ui_translations(ROOT, "fr").gettext("Referee notes") == french["Referee notes"] != "Referee notes"
    assert ui_translations(tmp_path, "fr").gettext("Referee notes") == "Referee notes"
    assert same_plural_forms(gettext_plural_forms(ROOT, "fr"), "nplurals=2; plural=(n > 1);")  # as the catalog declares
    assert gettext_plural_forms(tmp_path, "pl").startswith("nplurals=3;")  # no catalog: CLDR's, through Babel


def refused(capsys, root: Path, po: Path) -> str:
    code, _, err = import_(capsys, root, po)
    assert code == 2, err
    return err


def test_import_names_each_entry_it_cannot_take_with_its_line(translated_project: Path, tmp_path: Path, capsys):
    po = export(capsys, translated_project, tmp_path)
    entries = po.read_text(encoding="utf-8").rstrip("\n").split("\n\n")
    players = next(index for index, entry in enumerate(entries) if 'msgctxt "rule.players"' in entry)
    entries[players] = (
        'msgctxt "rule.players"\nmsgid "One player."\nmsgid_plural "Players."\n'
        'msgstr[0] "Un joueur."\nmsgstr[1] "Des joueurs."'
    )
    entries.append('msgid "No context."\nmsgstr "Aucun."')
    po.write_text("\n\n".join(entries) + "\n", encoding="utf-8")
    lines = po.read_text(encoding="utf-8").splitlines()
    no_context = lines.index('msgid "No context."') + 1
    plural = lines.index('msgid "One player."') + 1
    err = refused(capsys, translated_project, po)
    assert f"{po}:{no_context}: an entry without msgctxt (the unit id) whose `#:` reference and msgid" in err
    assert f"{po}:{plural}: 'rule.players' has plural forms, but a unit has one text" in err


def test_a_control_character_in_a_translation_is_refused_by_entry(translated_project: Path, tmp_path: Path, capsys):
    po = export(capsys, translated_project, tmp_path)
    line = set_msgstr(po, "section.overview", "Aper\x07çu")
    err = refused(capsys, translated_project, po)
    assert f"{po}:{line}: 'section.overview': the control character U+0007" in err


def test_bytes_invalid_in_the_declared_charset_are_refused_with_their_line(translated_project: Path, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    data = po.read_bytes().replace('msgstr "Aperçu"'.encode(), 'msgstr "Aper\xffçu"'.encode("latin-1"))
    po.write_bytes(data)
    line = data[: data.index(b"\xff")].count(b"\n") + 1
    assert f"{po}:{line}: not valid utf-8: byte 0xff" in refused(capsys, translated_project, po)  # as declared


def test_a_file_without_a_declared_charset_or_with_a_bom_is_read_as_utf_8(translated_project: Path, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "section.overview", "Vue d’ensemble")
    text = re.sub(r"; charset=[\w-]+", "", po.read_text(encoding="utf-8"))
    assert "charset" not in text
    po.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    code, _, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert yaml_unit(translated_project, FRENCH, "section.overview")["text"] == "Vue d’ensemble"


def test_a_po_path_that_cannot_be_read_is_refused(translated_project: Path, tmp_path: Path, capsys) -> None:
    folder = tmp_path / "po"
    folder.mkdir()
    assert f"{folder}: cannot read: Is a directory" in refused(capsys, translated_project, folder)


def test_update_keeps_an_entry_the_translator_marked_fuzzy(translated_project: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)
    catalog = polib.pofile(str(po))
    players = next(entry for entry in catalog if entry.msgctxt == "rule.players")
    unsure = f"Le jeu se joue à plusieurs{NNBSP}?"  # unsure: not to be imported yet
    players.msgstr, players.flags = unsure, ["fuzzy", *players.flags]
    catalog.save(str(po))
    code, _, err = run_cli(capsys, "--root", str(translated_project), "i18n", "update", str(po))
    assert code == 0, err
    players = next(entry for entry in polib.pofile(str(po)) if entry.msgctxt == "rule.players")
    assert (players.msgstr, players.fuzzy) == (unsure, True)


def test_a_new_error_is_located_at_the_po_line_of_its_unit_or_said_as_it_is() -> None:
    lines = {"rule.players": 42}
    field = "units.rule.players.text"
    players = Problem.coded("rules/alpha/fr.yaml", 3, 5, Message("qa.unbalanced-emphasis"), field=field)
    located = _located(players, lines, "po/alpha.fr.po")
    assert (located.file, located.line, located.code) == ("po/alpha.fr.po", 42, "qa.unbalanced-emphasis")
    assert refusal_line(located) == "po/alpha.fr.po:42: 'rule.players': unbalanced Markdown emphasis (* or **)"
    assert say(located.code, located.params, located.quoted) == located.message
    other = Problem("rules/alpha/fr.yaml", 1, 1, "language: not the file's folder language")
    after = _located(other, lines, "po/alpha.fr.po")
    assert (after.code, dict(after.params)) == ("i18n.after-import", {"code": ""})
    assert refusal_line(after) == "rules/alpha/fr.yaml:1:1: language: not the file's folder language (after the import)"
    unlisted = Problem("rules/alpha/fr.yaml", 9, 5, "units.rule.winner.text: too long")
    assert _located(unlisted, lines, "po/alpha.fr.po").message.endswith("(after the import)")
    one, two = (refusal_at("a.po", n, Message("catalog.utf-8", {"byte": "ff"})) for n in (1, 2))
    assert str(PoRefused([one, two])) == "a.po:1: not valid utf-8: byte 0xff\na.po:2: not valid utf-8: byte 0xff"


def test_new_errors_are_counted_without_positions_and_kept_with_theirs() -> None:
    players = Problem("rules/alpha/fr.yaml", 16, 11, "units.rule.players.text: the English ends with full stop")
    moved = replace(players, line=18, col=15)  # two lines down, re-indented: the same error
    again = replace(players, line=40)  # the same message once more: one more of it
    warning = Problem("rules/alpha/fr.yaml", 9, 11, "units.summary.text: long", Severity.WARNING)
    overview = Problem("rules/alpha/fr.yaml", 12, 11, "units.section.overview.text: a stray brace")
    assert _new_errors([players], [moved]) == []
    assert _new_errors([players], [moved, warning]) == []  # a new warning is no reason to refuse
    assert _new_errors([players, players], [moved]) == []  # an import may fix an error
    new = _new_errors([players], [moved, again, warning, overview])
    assert [(problem.message, problem.line) for problem in new] in (
        [(players.message, 18), (overview.message, 12)],
        [(players.message, 40), (overview.message, 12)],
    )  # either of the two counts as the new one; each keeps its position after the import
    assert _new_errors([], [overview, overview]) == [overview, overview]


WORDS = 'language: fr\nunits:\n  a:\n    text: Old\n    source: "x"\n    status: reviewed\n'


def written(text: str) -> str:
    """The words file after one unit's text changed, as the import writes it."""
    return apply_changes(WORDS, [Change("a", text, "h", None)], ["a"])


def test_a_text_up_to_the_width_stays_on_its_key_line_and_a_longer_one_folds() -> None:
    # "    text: " is 10 columns; our files are 100 wide, so 90 characters fit and 91 do not.
    fits, too_long = "x" * 90, "x" * 91
    assert written(fits) == f'language: fr\nunits:\n  a:\n    text: {fits}\n    source: "h"\n    status: reviewed\n'
    assert written(too_long) == (
        f'language: fr\nunits:\n  a:\n    text: >-\n      {too_long}\n    source: "h"\n    status: reviewed\n'
    )


def test_a_long_text_folds_at_spaces_within_94_columns_of_text() -> None:
    word = "abcdefghi"  # nine words and their spaces make 89 columns, ten make 99: past 100 − 6 of indent
    text = " ".join([word] * 20)
    nine = " ".join([word] * 9)
    assert written(text) == (
        f"language: fr\nunits:\n  a:\n    text: >-\n      {nine}\n      {nine}\n      {word} {word}\n"
        '    source: "h"\n    status: reviewed\n'
    )


def test_a_text_with_double_spaces_or_line_breaks_keeps_them() -> None:
    spaced = "x" * 90 + "  " + "y" * 10  # a fold there would turn the double space into one
    assert f"    text: {spaced}\n" in written(spaced)
    assert "    text: |-\n      first\n      second\n" in written("first\nsecond")


def test_a_new_unit_goes_where_the_english_order_puts_it_as_a_draft() -> None:
    order = ["a", "b", "c"]
    after = apply_changes(WORDS, [Change("c", "Cee", "h3", None), Change("zz", "Zed", "h0", None)], order)
    assert after.endswith(
        '    status: reviewed\n  c:\n    text: Cee\n    source: "h3"\n    status: draft\n  zz:\n'
        '    text: Zed\n    source: "h0"\n    status: draft\n'
    )


def test_a_new_unit_between_two_others_goes_between_them() -> None:
    both = WORDS + '  c:\n    text: Cee\n    source: "h3"\n    status: draft\n'
    after = apply_changes(both, [Change("b", "Bee", "h2", None)], ["a", "b", "c"])
    assert after == WORDS + (
        '  b:\n    text: Bee\n    source: "h2"\n    status: draft\n'
        '  c:\n    text: Cee\n    source: "h3"\n    status: draft\n'
    )


def test_an_untouched_line_is_kept_however_long() -> None:
    long = " ".join(["mot"] * 1500)  # 5,999 characters on one line, written by hand
    words = WORDS + f'  b:\n    text: {long}\n    source: "h2"\n    status: draft\n'
    assert apply_changes(words, [Change("a", "Old", "x", None)], ["a", "b"]) == words


def test_a_word_longer_than_a_line_gets_a_line_of_its_own_in_a_fold() -> None:
    url = "https://example.org/" + "x" * 100  # a word wider than the 94 columns of a folded line
    text = f"See {url} for the rules."
    folded = f"    text: >-\n      See\n      {url}\n      for the rules.\n"
    assert written(text) == f'language: fr\nunits:\n  a:\n{folded}    source: "h"\n    status: reviewed\n'


def test_a_long_text_folds_at_spaces_and_never_inside_a_hyphenated_word() -> None:
    # Folding after a hyphen would read back as "mi- temps": a fold is a space.
    text = " ".join(["mi-temps"] * 20)  # ten words and their spaces make 89 columns, eleven make 98
    ten = " ".join(["mi-temps"] * 10)
    folded = f"    text: >-\n      {ten}\n      {ten}\n"
    assert written(text) == f'language: fr\nunits:\n  a:\n{folded}    source: "h"\n    status: reviewed\n'
