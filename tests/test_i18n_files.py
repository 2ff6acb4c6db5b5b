"""The files translators' tools read, byte for byte where a tool would notice (issue 17): the TBX
and CSV terminology, `i18n update` on a file that lacks units or carries a cleared fuzzy flag, and
PO headers whose Language Babel does not know."""

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

from conftest import GIT, ROOT, edit, run_cli, run_cli_process
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

FRENCH = "rules/rebus/fr.yaml"
NEW_WINNER = "The player with the highest score wins the game."


def export(capsys, root: Path, folder: Path, language: str = "fr", game: str = "rebus") -> Path:
    """The PO file of one game (REBUS by default) in one language, exported into folder."""
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "export", language, "--game", game, "-o", str(folder))
    assert code == 0, err
    return folder / f"{game}.{language}.po"


def commit_english_edit(root: Path, new: str = NEW_WINNER) -> None:
    """REBUS's English rule.winner changed, in a commit of the history."""
    edit(root, "rules/rebus/en.yaml", "text: Highest score wins.", f"text: {new}")
    subprocess.run([*GIT, "-C", str(root), "commit", "-qam", "English edit"], check=True)


def set_status(root: Path, unit_id: str, status: str) -> None:
    """The first status after a unit's id in REBUS's French set to `status`."""
    text = (root / FRENCH).read_text(encoding="utf-8")
    start = text.index(f"  {unit_id}:\n")
    (root / FRENCH).write_text(text[:start] + text[start:].replace("status: draft", f"status: {status}", 1), "utf-8")


def terms(capsys, root: Path, folder: Path, language: str) -> tuple[bytes, str]:
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "terms", language, "-o", str(folder))
    assert code == 0, err
    with (folder / f"terms.{language}.csv").open(encoding="utf-8", newline="") as table:  # line ends as written
        return (folder / f"terms.{language}.tbx").read_bytes(), table.read()


def test_the_tbx_file_is_tbx_basic_in_utf_8(project_copy: Path, tmp_path: Path, capsys) -> None:
    data, _ = terms(capsys, project_copy, tmp_path, "cs")
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


def test_a_term_without_forbidden_forms_exports_its_preferred_ones(project_copy: Path, tmp_path: Path, capsys):
    edit(
        project_copy,
        "glossary/terms.yaml",
        "cs: {preferred: [kamínek], deprecated: [dlaždice, destička, kostka]}",
        "cs: {preferred: [kamínek]}",
    )
    data, table = terms(capsys, project_copy, tmp_path, "cs")
    tile = ET.fromstring(data).find("text/body/termEntry[@id='tile']")
    assert [tig.findtext("term") for tig in tile.iter("tig")] == ["tile", "kamínek"]
    assert "\r" not in table  # one line ending, as a spreadsheet and git both like
    assert table.splitlines()[:2] == ["source,target,status,term", "tile,kamínek,preferred,tile"]


def test_update_adds_the_units_a_file_lacks_and_keeps_going(project_copy: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    catalog = polib.pofile(str(po))
    for unit_id in ("section.play", "rule.drawing"):  # an early unit and one further on
        catalog.remove(next(entry for entry in catalog if entry.msgctxt == unit_id))
    catalog.save(str(po))
    set_msgstr(po, "rule.winner", "Le plus haut score gagne.")  # after both: must still be kept
    code, out, err = run_cli(capsys, "--root", str(project_copy), "i18n", "update", str(po))
    assert code == 0, err
    assert [line for line in out.splitlines() if line.startswith("  added: ")] == [
        "  added: section.play",
        "  added: rule.drawing",
    ]
    entries = {entry.msgctxt: entry for entry in polib.pofile(str(po))}
    assert entries["section.play"].msgstr == "Pour jouer"  # as the YAML has it
    assert entries["rule.winner"].msgstr == "Le plus haut score gagne."


def test_update_keeps_a_translator_s_cleared_fuzzy_flag(project_copy: Path, tmp_path: Path, capsys) -> None:
    subprocess.run(["git", "-C", str(project_copy), "init", "-q"], check=True)
    subprocess.run([*GIT, "-C", str(project_copy), "add", "-A"], check=True)
    subprocess.run([*GIT, "-C", str(project_copy), "commit", "-qm", "released"], check=True)
    commit_english_edit(project_copy)
    po = export(capsys, project_copy, tmp_path)  # rule.winner fuzzy: its YAML is outdated
    set_msgstr(po, "rule.winner", "Le joueur au plus haut score gagne la partie.", fuzzy=False)
    code, _, err = run_cli(capsys, "--root", str(project_copy), "i18n", "update", str(po))
    assert code == 0, err
    winner = next(entry for entry in polib.pofile(str(po)) if entry.msgctxt == "rule.winner")
    assert (winner.msgid, winner.msgstr) == (NEW_WINNER, "Le joueur au plus haut score gagne la partie.")
    assert (winner.fuzzy, winner.previous_msgid) == (False, None)


@pytest.mark.parametrize("action", ["update", "review"])
def test_a_broken_file_is_named_with_its_line(project_copy: Path, tmp_path: Path, capsys, action: str) -> None:
    po = export(capsys, project_copy, tmp_path)
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "Pour jouer"', 'msgstr "Pour jouer'), encoding="utf-8")
    line = text.splitlines().index('msgstr "Pour jouer"') + 1
    code, _, err = run_cli(capsys, "--root", str(project_copy), "i18n", action, str(po))
    assert code == 2
    assert f"{po}:{line}: not a valid PO line" in err
    po.write_text(text.replace('"Language: fr\\n"', '"Language: de\\n"'), encoding="utf-8")
    code, _, err = run_cli(capsys, "--root", str(project_copy), "i18n", action, str(po))
    assert f"{po}: its Language (de) is not one of the translations ({translations(project_copy)})" in err


def translations(root: Path) -> str:
    """The project's languages but its source language, as a refusal lists them."""
    return ", ".join(load_project(root).project.languages[1:])


def test_a_language_babel_does_not_know_is_named_in_the_refusal(project_copy: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    text = po.read_text(encoding="utf-8")
    for declared, named in [('"Language: zz\\n"', "(zz)"), ('"Language: \\n"', "(none)"), ("", "(none)")]:
        po.write_text(text.replace('"Language: fr\\n"', declared), encoding="utf-8")
        code, _, err = import_(capsys, project_copy, po)
        assert code == 2
        assert f"its Language {named} is not one of the translations ({translations(project_copy)})" in err


def test_a_stale_edit_of_a_reviewed_unit_comes_in_as_an_outdated_draft(project_copy: Path, tmp_path: Path, capsys):
    set_status(project_copy, "rule.winner", "reviewed")
    subprocess.run(["git", "-C", str(project_copy), "init", "-q"], check=True)
    subprocess.run([*GIT, "-C", str(project_copy), "add", "-A"], check=True)
    subprocess.run([*GIT, "-C", str(project_copy), "commit", "-qm", "released"], check=True)
    po = export(capsys, project_copy, tmp_path)
    set_msgstr(po, "rule.winner", "Le plus haut score gagne.")
    commit_english_edit(project_copy)
    code, out, err = import_(capsys, project_copy, po)
    assert code == 0, err
    assert "  updated: rule.winner (outdated)" in out.splitlines()
    assert yaml_unit(project_copy, FRENCH, "rule.winner")["status"] == "draft"  # the review was of other words


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


def test_an_outdated_glossary_reading_shows_its_earlier_english(history: Path, tmp_path: Path, capsys) -> None:
    edit(history, "glossary/symbols.yaml", "    readings: [I, eye, aye]", "    readings: [I, eye, aye, ay]")
    subprocess.run([*GIT, "-C", str(history), "commit", "-qam", "one more reading"], check=True)
    glossary = polib.pofile(str(export(capsys, history, tmp_path, game="glossary")))
    readings = next(e for e in glossary if e.msgctxt == "symbol.eye.readings")
    assert (readings.msgid, readings.previous_msgid, readings.fuzzy) == ("I · eye · aye · ay", "I · eye · aye", True)


def review(capsys, root: Path, po: Path) -> list[str]:
    code, out, err = run_cli(capsys, "--root", str(root), "i18n", "review", str(po))
    assert code == 0, err
    return out.splitlines()


def test_review_passes_over_entries_it_cannot_review_and_goes_on(project_copy: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    set_msgstr(po, "section.play", "")  # an early entry left empty: nothing to review
    catalog = polib.pofile(str(po))
    next(entry for entry in catalog if entry.msgctxt == "rule.bags").flags.append("fuzzy")
    catalog.save(str(po))
    entries = po.read_text(encoding="utf-8").split("\n\n")  # an entry with plural forms: not a unit's text
    players = next(index for index, entry in enumerate(entries) if 'msgctxt "rule.starting-player"' in entry)
    entries[players] = (
        'msgctxt "rule.starting-player"\nmsgid "One."\nmsgid_plural "Many."\nmsgstr[0] "Un."\nmsgstr[1] "Des."'
    )
    po.write_text("\n\n".join(entries), encoding="utf-8")
    with po.open("a", encoding="utf-8") as file:  # and entries for no unit of REBUS
        file.write('\nmsgctxt "rule.gone"\nmsgid "Gone."\nmsgstr "Parti."\n\nmsgid "No context."\nmsgstr "Aucun."\n')
    lines = review(capsys, project_copy, po)
    assert "rules/rebus/fr.yaml: 53 unit(s) marked reviewed" in lines[0]  # 56 with 1.0's and 1.0.1's summaries, less 3
    assert [line for line in lines if line.startswith("  not reviewed")] == [
        "  not reviewed, fuzzy or outdated: rule.bags"
    ]
    assert yaml_unit(project_copy, FRENCH, "section.play")["status"] == "draft"
    assert yaml_unit(project_copy, FRENCH, "rule.winner")["status"] == "reviewed"  # after them all


def test_review_of_an_entry_made_from_an_older_english_is_refused(project_copy: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)  # rule.winner's msgid is "Highest score wins."
    edit(project_copy, "rules/rebus/en.yaml", "text: Highest score wins.", f"text: {NEW_WINNER}")
    edit(
        project_copy, FRENCH, f'source: "{source_hash("Highest score wins.")}"', f'source: "{source_hash(NEW_WINNER)}"'
    )
    lines = review(capsys, project_copy, po)  # the YAML is current now, but the reviewer read other English
    assert "  not reviewed, fuzzy or outdated: rule.winner" in lines
    assert yaml_unit(project_copy, FRENCH, "rule.winner")["status"] == "draft"


def test_review_lists_as_edited_an_entry_for_a_language_without_a_file(project_copy: Path, tmp_path, capsys) -> None:
    (project_copy / "rules/rebus/cs.yaml").unlink()
    po = export(capsys, project_copy, tmp_path, "cs")
    set_msgstr(po, "section.play", "Jak hrát")
    lines = review(capsys, project_copy, po)
    assert "  not reviewed, the text differs from the YAML (import it first): section.play" in lines
    assert not (project_copy / "rules/rebus/cs.yaml").exists()


def test_review_returns_the_units_it_marked(project_copy: Path, tmp_path: Path, capsys) -> None:
    set_status(project_copy, "section.play", "original")
    po = export(capsys, project_copy, tmp_path)
    result = review_po(load_project(project_copy).project, po)
    assert len(result.reviewed) == 55 and "section.play" not in result.reviewed  # 56 units, less the original
    assert result.reviewed[:2] == ["summary", "edition.1-0"]  # in file order, without the original section.play
    assert (result.edited, result.outdated) == ([], [])


def test_update_marks_fuzzy_an_entry_whose_english_changed_even_when_the_yaml_is_current(
    project_copy: Path, tmp_path: Path, capsys
) -> None:
    po = export(capsys, project_copy, tmp_path)
    set_msgstr(po, "rule.winner", "Le meilleur score l’emporte.")
    edit(project_copy, "rules/rebus/en.yaml", "text: Highest score wins.", f"text: {NEW_WINNER}")
    edit(
        project_copy, FRENCH, f'source: "{source_hash("Highest score wins.")}"', f'source: "{source_hash(NEW_WINNER)}"'
    )
    code, out, err = run_cli(capsys, "--root", str(project_copy), "i18n", "update", str(po))
    assert code == 0, err
    assert "  fuzzy: rule.winner" in out.splitlines()
    winner = next(entry for entry in polib.pofile(str(po)) if entry.msgctxt == "rule.winner")
    assert (winner.msgid, winner.msgstr) == (NEW_WINNER, "Le meilleur score l’emporte.")
    assert (winner.fuzzy, winner.previous_msgid) == (True, "Highest score wins.")


def test_update_keeps_every_gone_entry_as_obsolete(project_copy: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    with po.open("a", encoding="utf-8") as file:
        file.write('\nmsgctxt "rule.gone"\nmsgid "Gone."\nmsgstr "Parti."\n')
        file.write('\n#, fuzzy\nmsgctxt "rule.left"\nmsgid "Left."\nmsgstr "Quitté."\n')
        file.write('\nmsgid "No context."\nmsgstr "Aucun."\n')  # no unit at all: not kept
    code, out, err = run_cli(capsys, "--root", str(project_copy), "i18n", "update", str(po))
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


def test_each_kind_of_unit_tells_the_translator_what_it_is_and_where(project_copy: Path, tmp_path: Path, capsys):
    shutil.copy(ROOT / "mkdocs.yml", project_copy / "mkdocs.yml")
    site = configured_site_url(ROOT)  # mkdocs.yml's site_url, the public address
    rebus = polib.pofile(str(export(capsys, project_copy, tmp_path)))
    assert comments(rebus, "summary") == [
        "One-line description of REBUS on the home page",
        f"on the site: {site}fr/",
        "status: draft",
    ]
    assert comments(rebus, "section.play") == [
        "Section title REBUS 1",
        f"on the site: {site}fr/rebus/#play",
        "status: draft",
    ]
    assert comments(rebus, "example.i-saw")[:2] == [
        "Caption of a worked example: quote exactly the numbers the English quotes",
        f"on the site: {site}fr/rebus/#example-i-saw",
    ]
    assert comments(rebus, "ruling.rebus-score.question") == [
        "Referee note (project ruling 'rebus-score'): the question",
        f"on the site: {site}fr/rebus/#ruling-rebus-score",
        "status: draft",
    ]
    template = polib.pofile(str(tmp_path / "rebus.pot"))  # English: the site's pages have no language prefix
    assert comments(template, "rule.winner") == ["Rule REBUS 4.2", f"on the site: {site}rebus/#winner"]
    rebis = polib.pofile(str(export(capsys, project_copy, tmp_path, game="rebis")))
    zero = " ".join(comments(rebis, "rule.zero-expansion"))  # Babel wraps long comments
    assert "note: The English and French sources lack this paragraph; this is our translation of the Czech" in zero
    assert "translation note: Absent de la source française\u202f; traduction du paragraphe tchèque." in zero
    glossary = polib.pofile(str(export(capsys, project_copy, tmp_path, game="glossary")))
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


def test_exported_headers_say_what_the_file_is(project_copy: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    text = po.read_text(encoding="utf-8")
    assert text.startswith(
        "# rebus: en → fr, exported by `rulebook i18n export`.\n"
        "# msgctxt is the unit id; a fuzzy entry is outdated or needs work, and stays marked so until cleared.\n"
    )
    header = polib.pofile(str(po)).metadata
    assert (header["Project-Id-Version"], header["Language-Team"]) == ("rulebook rebus", "French")
    assert (header["Report-Msgid-Bugs-To"], header["Last-Translator"]) == ("", "")
    template_text = (tmp_path / "rebus.pot").read_text(encoding="utf-8")
    assert template_text.startswith("# rebus: en → any language, exported by `rulebook i18n export`.\n")
    template = polib.pofile(str(tmp_path / "rebus.pot"))
    assert (template.metadata["Language-Team"], "Plural-Forms" in template.metadata) == ("", False)
    assert all(entry.msgstr == "" for entry in template)
    # As xgettext writes them: a template's header is fuzzy (to be filled in), a translation's is not.
    assert (bool(template.metadata_is_fuzzy), bool(polib.pofile(str(po)).metadata_is_fuzzy)) == (True, False)
    stamp = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d\+0000")  # in UTC, not Babel's YEAR-MO-DA placeholder
    assert stamp.fullmatch(header["POT-Creation-Date"]) and stamp.fullmatch(header["PO-Revision-Date"])


def test_exported_dates_are_utc_whatever_the_machine_s_time_zone(project_copy: Path, tmp_path: Path, capsys) -> None:
    export(capsys, project_copy, tmp_path)  # in this process as well: `make mutate` credits it to this test
    out = tmp_path / "auckland"
    ran = run_cli_process(
        "--root",
        str(project_copy),
        "i18n",
        "export",
        "fr",
        "--game",
        "rebus",
        "-o",
        str(out),
        env={"TZ": "Pacific/Auckland"},
    )
    assert ran.returncode == 0, ran.stderr
    for name in ("rebus.fr.po", "rebus.pot"):
        header = polib.pofile(str(out / name)).metadata
        assert header["POT-Creation-Date"].endswith("+0000"), header  # Auckland is +1300 in summer, +1200 else
        assert header["PO-Revision-Date"].endswith("+0000") or name == "rebus.pot", header


def test_a_publishers_text_tells_msgfmt_it_is_no_format_string(project_copy: Path, tmp_path: Path, capsys) -> None:
    # Rebis in French is the publisher's text (status original); REBUS in French is our draft.
    rebis = {entry.msgctxt: entry for entry in polib.pofile(str(export(capsys, project_copy, tmp_path, game="rebis")))}
    assert rebis["rule.aim"].flags == ["no-python-brace-format"]
    assert rebis["rule.zero-expansion"].flags == ["python-brace-format"]  # our translation of the Czech
    template = {entry.msgctxt: entry for entry in polib.pofile(str(tmp_path / "rebis.pot"))}
    assert template["rule.aim"].flags == []  # the template names no format: msgmerge keeps each file's own
    rebus = {entry.msgctxt: entry for entry in polib.pofile(str(export(capsys, project_copy, tmp_path)))}
    assert rebus["rule.bags"].flags == ["python-brace-format"]


def test_a_publishers_text_in_the_first_translation_alone_leaves_the_template_without_a_format(
    project_copy: Path, tmp_path: Path, capsys
) -> None:
    set_status(project_copy, "rule.bags", "original")  # French only: REBUS in Czech stays our draft
    export(capsys, project_copy, tmp_path)
    template = {entry.msgctxt: entry for entry in polib.pofile(str(tmp_path / "rebus.pot"))}
    assert (template["rule.bags"].flags, template["rule.drawing"].flags) == ([], ["python-brace-format"])


def test_each_entry_refers_to_the_line_of_its_english(project_copy: Path, tmp_path: Path, capsys) -> None:
    english = (project_copy / "rules/rebus/en.yaml").read_text(encoding="utf-8").splitlines()
    catalog = polib.pofile(str(export(capsys, project_copy, tmp_path)))
    for unit_id in ("summary", "rule.bags", "section.play"):
        line = english.index(f"  {unit_id}:") + 1  # the unit's key, as msgfmt and editors count lines
        assert next(e for e in catalog if e.msgctxt == unit_id).occurrences == [("rules/rebus/en.yaml", str(line))]


def test_readings_and_examples_written_over_several_lines_refer_to_their_key_lines(
    project_copy: Path, tmp_path, capsys
) -> None:
    edit(
        project_copy,
        "glossary/symbols.yaml",
        "    readings: [I, eye, aye]\n    example: {tiles: [eye, saw], reads: I saw}\n",
        "    readings:\n      - I\n      - eye\n      - aye\n"
        "    example:\n      tiles: [eye, saw]\n      reads: I saw\n",
    )
    lines = (project_copy / "glossary/symbols.yaml").read_text(encoding="utf-8").splitlines()
    readings_line = next(n for n, line in enumerate(lines, 1) if line == "    readings:" and lines[n] == "      - I")
    catalog = polib.pofile(str(export(capsys, project_copy, tmp_path, game="glossary")))
    occurrences = {e.msgctxt: e.occurrences for e in catalog if e.msgctxt.startswith("symbol.eye.")}
    assert occurrences["symbol.eye.readings"] == [("glossary/symbols.yaml", str(readings_line))]  # not "- I"
    assert occurrences["symbol.eye.example"] == [("glossary/symbols.yaml", str(lines.index("      reads: I saw") + 1))]


def test_basis_is_the_english_a_translation_was_made_from(project_copy: Path) -> None:
    subprocess.run(["git", "-C", str(project_copy), "init", "-q"], check=True)
    subprocess.run([*GIT, "-C", str(project_copy), "add", "-A"], check=True)
    subprocess.run([*GIT, "-C", str(project_copy), "commit", "-qm", "released"], check=True)

    def basis_of(unit_id: str, **change: object) -> Basis:
        project = load_project(project_copy).project
        rebus = next(game for game in project.games if game.id == "rebus")
        return basis(project, rebus, replace(rebus.words["fr"].units[unit_id], **change))

    current = basis_of("rule.bags")
    assert (current.english.text, current.severity) == (
        "Separate the tiles into the {components.bags} bags according to color.",
        Severity.ERROR,
    )
    assert basis_of("rule.bags", source=None).english.text.startswith("Separate the tiles")
    assert basis_of("rule.bags", id="rule.nowhere").english is None
    commit_english_edit(project_copy)  # rule.winner's French is now outdated; git has its English
    outdated = basis_of("rule.winner")
    assert (outdated.english.id, outdated.english.text, outdated.severity) == (
        "rule.winner",
        "Highest score wins.",
        Severity.ERROR,
    )
    assert outdated.english.status is Status.ORIGINAL  # the English is the original text
    lost = basis_of("rule.winner", source="000000000000")  # an English git never had
    assert (lost.english.text, lost.severity) == (NEW_WINNER, Severity.WARNING)
    (project_copy / "rules/rebus/en.yaml").unlink()  # `check` reports that; there is nothing to compare with
    assert basis_of("rule.bags") == Basis(None, Severity.ERROR)


def test_unit_states_set_each_translation_against_the_current_english(project_copy: Path) -> None:
    project = load_project(project_copy).project
    rebus = next(game for game in project.games if game.id == "rebus")
    assert unit_states(project, rebus, "en") == []  # the source language translates nothing
    bags = next(state for state in unit_states(project, rebus, "fr") if state.unit_id == "rule.bags")
    english = "Separate the tiles into the {components.bags} bags according to color."  # rules/rebus/en.yaml
    assert (bags.state, bags.source_text, bags.translation.id) == (State.TRANSLATED, english, "rule.bags")


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


def test_import_names_each_entry_it_cannot_take_with_its_line(project_copy: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    entries = po.read_text(encoding="utf-8").rstrip("\n").split("\n\n")
    bags = next(index for index, entry in enumerate(entries) if 'msgctxt "rule.bags"' in entry)
    entries[bags] = (
        'msgctxt "rule.bags"\nmsgid "One bag."\nmsgid_plural "Bags."\nmsgstr[0] "Un sac."\nmsgstr[1] "Des sacs."'
    )
    entries.append('msgid "No context."\nmsgstr "Aucun."')
    po.write_text("\n\n".join(entries) + "\n", encoding="utf-8")
    lines = po.read_text(encoding="utf-8").splitlines()
    no_context = lines.index('msgid "No context."') + 1
    plural = lines.index('msgid "One bag."') + 1
    err = refused(capsys, project_copy, po)
    assert f"{po}:{no_context}: an entry without msgctxt (the unit id) whose `#:` reference and msgid" in err
    assert f"{po}:{plural}: 'rule.bags' has plural forms, but a unit has one text" in err


def test_a_control_character_in_a_translation_is_refused_by_entry(project_copy: Path, tmp_path: Path, capsys):
    po = export(capsys, project_copy, tmp_path)
    line = set_msgstr(po, "section.play", "Pour\x07jouer")
    err = refused(capsys, project_copy, po)
    assert f"{po}:{line}: 'section.play': the control character U+0007" in err


def test_bytes_invalid_in_the_declared_charset_are_refused_with_their_line(project_copy: Path, tmp_path, capsys):
    po = export(capsys, project_copy, tmp_path)
    data = po.read_bytes().replace(b'msgstr "Pour jouer"', b'msgstr "Pour \xff jouer"')
    po.write_bytes(data)
    line = data[: data.index(b"\xff")].count(b"\n") + 1
    assert f"{po}:{line}: not valid utf-8: byte 0xff" in refused(capsys, project_copy, po)  # as declared


def test_a_file_without_a_declared_charset_or_with_a_bom_is_read_as_utf_8(project_copy: Path, tmp_path, capsys):
    po = export(capsys, project_copy, tmp_path)
    set_msgstr(po, "section.play", "Comment jouer")
    text = re.sub(r"; charset=[\w-]+", "", po.read_text(encoding="utf-8"))
    assert "charset" not in text
    po.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    code, _, err = import_(capsys, project_copy, po)
    assert code == 0, err
    assert yaml_unit(project_copy, FRENCH, "section.play")["text"] == "Comment jouer"


def test_a_po_path_that_cannot_be_read_is_refused(project_copy: Path, tmp_path: Path, capsys) -> None:
    assert f"{tmp_path}: cannot read: Is a directory" in refused(capsys, project_copy, tmp_path)


def test_update_keeps_an_entry_the_translator_marked_fuzzy(project_copy: Path, tmp_path: Path, capsys) -> None:
    po = export(capsys, project_copy, tmp_path)
    catalog = polib.pofile(str(po))
    bags = next(entry for entry in catalog if entry.msgctxt == "rule.bags")
    bags.msgstr, bags.flags = "Triez les tuiles ?", ["fuzzy", *bags.flags]  # unsure: not to be imported yet
    catalog.save(str(po))
    code, _, err = run_cli(capsys, "--root", str(project_copy), "i18n", "update", str(po))
    assert code == 0, err
    bags = next(entry for entry in polib.pofile(str(po)) if entry.msgctxt == "rule.bags")
    assert (bags.msgstr, bags.fuzzy) == ("Triez les tuiles ?", True)


def test_a_new_error_is_located_at_the_po_line_of_its_unit_or_said_as_it_is() -> None:
    lines = {"rule.bags": 42}
    field = "units.rule.bags.text"
    bags = Problem.coded("rules/rebus/fr.yaml", 3, 5, Message("qa.unbalanced-emphasis"), field=field)
    located = _located(bags, lines, "po/rebus.fr.po")
    assert (located.file, located.line, located.code) == ("po/rebus.fr.po", 42, "qa.unbalanced-emphasis")
    assert refusal_line(located) == "po/rebus.fr.po:42: 'rule.bags': unbalanced Markdown emphasis (* or **)"
    assert say(located.code, located.params, located.quoted) == located.message
    other = Problem("rules/rebus/fr.yaml", 1, 1, "language: not the file's folder language")
    after = _located(other, lines, "po/rebus.fr.po")
    assert (after.code, dict(after.params)) == ("i18n.after-import", {"code": ""})
    assert refusal_line(after) == "rules/rebus/fr.yaml:1:1: language: not the file's folder language (after the import)"
    unlisted = Problem("rules/rebus/fr.yaml", 9, 5, "units.rule.winner.text: too long")
    assert _located(unlisted, lines, "po/rebus.fr.po").message.endswith("(after the import)")
    one, two = (refusal_at("a.po", n, Message("catalog.utf-8", {"byte": "ff"})) for n in (1, 2))
    assert str(PoRefused([one, two])) == "a.po:1: not valid utf-8: byte 0xff\na.po:2: not valid utf-8: byte 0xff"


def test_new_errors_are_counted_without_positions_and_kept_with_theirs() -> None:
    bags = Problem("rules/rebus/fr.yaml", 16, 11, "units.rule.bags.text: the English ends with full stop")
    moved = replace(bags, line=18, col=15)  # two lines down, re-indented: the same error
    again = replace(bags, line=40)  # the same message once more: one more of it
    warning = Problem("rules/rebus/fr.yaml", 9, 11, "units.summary.text: long", Severity.WARNING)
    play = Problem("rules/rebus/fr.yaml", 12, 11, "units.section.play.text: a stray brace")
    assert _new_errors([bags], [moved]) == []
    assert _new_errors([bags], [moved, warning]) == []  # a new warning is no reason to refuse
    assert _new_errors([bags, bags], [moved]) == []  # an import may fix an error
    new = _new_errors([bags], [moved, again, warning, play])
    assert [(problem.message, problem.line) for problem in new] in (
        [(bags.message, 18), (play.message, 12)],
        [(bags.message, 40), (play.message, 12)],
    )  # either of the two counts as the new one; each keeps its position after the import
    assert _new_errors([], [play, play]) == [play, play]


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
