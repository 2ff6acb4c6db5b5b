"""Weblate as a way to translate (issue 24, part 5): po/ is in the repository and in step with the
YAML, `rulebook i18n sync` carries edits both ways, and a file Weblate committed goes through. The
syncs run on the translated small project (fixture_games.py): alpha's Czech."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from babel import Locale

from conftest import ROOT, run_cli, tree_digest
from rulebook.i18n.plural_forms import same_plural_forms
from rulebook.i18n.ui import catalog_path, ui_translations
from rulebook.load.project import load_project
from rulebook.model import source_hash
from rulebook.render.calculator import plural_script
from rulebook.render.pages import render_pages

WEBLATE_CZECH_PLURALS = "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"
RULES_PO = "po/alpha.cs.po"
# Czech ties a one-letter word to the next: the project says so (rules/project.yaml), as the real one does.
TIES = "typography:\n  cs: {tie_to_next_word: [k, s, v, z, o, u, i]}\n"


def test_po_folder_is_in_step_with_the_yaml(tmp_path: Path, capsys) -> None:
    """Fails when po/ drifts from the YAML: run `rulebook i18n sync` and commit po/."""
    project = load_project(ROOT).project
    fresh, committed = tmp_path / "fresh", tmp_path / "committed"
    shutil.copytree(ROOT / "po", committed)
    for language in project.languages[1:]:
        code, _, err = run_cli(capsys, "--root", str(ROOT), "i18n", "export", language, "-o", str(fresh))
        assert code == 0, err
        # An export onto the committed files edits nothing: not a line, not a date.
        code, out, err = run_cli(capsys, "--root", str(ROOT), "i18n", "export", language, "-o", str(committed))
        assert (code, out) == (0, ""), f"{out}{err}: po/ differs from the YAML: run `rulebook i18n sync` and commit po/"
    assert sorted(path.name for path in (ROOT / "po").glob("*.po*")) == sorted(path.name for path in fresh.iterdir())
    assert tree_digest(committed) == tree_digest(ROOT / "po")


@pytest.fixture
def synced(translated_project: Path, capsys) -> Path:
    root = translated_project
    manifest = root / "rules/project.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + TIES, encoding="utf-8")
    code, out, err = run_cli(capsys, "--root", str(root), "i18n", "sync")
    assert code == 0, err
    # The copy has no po/: each game (it has no glossary) gets a template and a file per translation.
    project = load_project(root).project
    exported = len(project.games) * len(project.languages)
    assert out.endswith(f"po: {exported} file(s) exported again from the YAML, the rest in step\n")
    return root


def test_a_sync_with_nothing_to_do_changes_no_file(synced: Path, capsys) -> None:
    digest = tree_digest(synced)
    code, out, err = run_cli(capsys, "--root", str(synced), "i18n", "sync")
    assert code == 0, err
    assert out == "po: 0 file(s) exported again from the YAML, the rest in step\n"
    assert tree_digest(synced) == digest  # not even the header's dates: nothing to commit, nothing for Weblate


def test_each_exported_entry_records_the_translation_it_was_synced_from(synced: Path) -> None:
    exported = {entry.msgctxt: entry.comment.splitlines() for entry in polib.pofile(str(synced / RULES_PO))}
    summary = units(synced)["summary"].text
    assert exported["summary"][-1] == f"synced: {source_hash(summary)}"  # last: the translator reads the rest first


def entry_block(text: str, unit_id: str) -> tuple[int, int]:
    """Start and end offsets of an entry's block (its comments to its last msgstr line)."""
    at = text.index(f'msgctxt "{unit_id}"\n')
    start = text.rindex("\n\n", 0, at) + 2
    end = text.find("\n\n", at)
    return start, end if end != -1 else len(text)


def set_msgstr(text: str, unit_id: str, new: str) -> str:
    start, end = entry_block(text, unit_id)
    block = text[start:end]
    head = block[: block.index("msgstr ")]
    return text[:start] + head + 'msgstr "' + polib.escape(new) + '"' + text[end:]


def units(root: Path, game: str = "alpha", language: str = "cs"):
    project = load_project(root).project
    game_words = next(text_set for text_set in project.text_sets() if text_set.id == game).words
    return game_words[language].units


SUMMARY = "Hra pro {players.min} až {players.max} hráče, ve které se sčítají body z kol."


def test_sync_imports_a_translators_edit_and_keeps_an_authors(synced: Path, capsys) -> None:
    po = synced / RULES_PO
    po.write_text(set_msgstr(po.read_text(encoding="utf-8"), "summary", SUMMARY), "utf-8")
    words = synced / "rules/alpha/cs.yaml"
    before = units(synced)["rule.players"].text
    words.write_text(words.read_text(encoding="utf-8").replace(before, before + " Hned."), "utf-8")
    code, out, err = run_cli(capsys, "--root", str(synced), "i18n", "sync")
    assert code == 0, err
    after = units(synced)
    assert after["summary"].text == SUMMARY  # the translator's, into the YAML
    assert after["rule.players"].text == before + " Hned."  # the author's, not undone by the older PO
    exported = {entry.msgctxt: entry.msgstr for entry in polib.pofile(str(po))}
    assert (exported["summary"], exported["rule.players"]) == (SUMMARY, before + " Hned.")
    assert "'rule.players': changed in the YAML only" in out


def test_sync_refuses_a_unit_both_sides_changed_and_changes_nothing(synced: Path, capsys) -> None:
    po = synced / RULES_PO
    text = set_msgstr(po.read_text(encoding="utf-8"), "summary", "Hra podle Weblate.")
    po.write_text(text, "utf-8")
    words = synced / "rules/alpha/cs.yaml"
    before = units(synced)["summary"].text
    words.write_text(words.read_text(encoding="utf-8").replace(before, "Hra podle autora."), "utf-8")
    digest = tree_digest(synced)
    code, _, err = run_cli(capsys, "--root", str(synced), "i18n", "sync")
    line = text[: text.index('msgctxt "summary"')].count("\n") + 2  # the msgid's line
    assert code == 2
    assert f"{RULES_PO}:{line}: 'summary' changed both here and in rules/alpha/cs.yaml since the last sync" in err
    assert err.endswith("rulebook i18n sync: refused; no file was changed\n")
    assert tree_digest(synced) == digest


# ---- a commit by Weblate, replayed ----------------------------------------------------------------


def weblate_header(text: str) -> str:
    """The header as Weblate rewrites it on commit."""
    text = re.sub(r'"PO-Revision-Date: .*\\n"', r'"PO-Revision-Date: 2026-11-30 18:02+0000\\n"', text, count=1)
    text = re.sub(r'"Last-Translator: .*\\n"', r'"Last-Translator: Jana Nováková <jana@example.org>\\n"', text, count=1)
    team = r'"Language-Team: Czech <https://weblate.example.org/projects/rulebook/cs/>\\n"'
    text = re.sub(r'"Language-Team: .*\\n"', team, text, count=1)
    plurals = f'"Plural-Forms: {WEBLATE_CZECH_PLURALS}\\\\n"\n"X-Generator: Weblate 2026.10\\\\n"'
    return re.sub(r'"Plural-Forms: .*\\n"', plurals, text, count=1)


def rewrap(text: str, unit_id: str) -> str:
    """The entry's msgstr wrapped at 77 columns, as Weblate (translate-toolkit) writes one it edited."""
    start, end = entry_block(text, unit_id)
    block = text[start:end]
    head, string = block[: block.index("msgstr ")], polib.unescape(block[block.index("msgstr ") + 8 : -1])
    lines, line = [], ""
    for word in re.findall(r"\S+\s*", string):
        if line and len(polib.escape(line + word)) > 75:
            lines.append(line)
            line = ""
        line += word
    lines.append(line)
    wrapped = 'msgstr ""\n' + "\n".join(f'"{polib.escape(part)}"' for part in lines)
    return text[:start] + head + wrapped + text[end:]


def fuzzy(text: str, unit_id: str) -> str:
    """The entry marked fuzzy beside its other flags, as Weblate writes "Needs editing"."""
    start, end = entry_block(text, unit_id)
    block = text[start:end]
    if "\n#, " in "\n" + block:
        block = re.sub(r"^#, ", "#, fuzzy, ", block, count=1, flags=re.MULTILINE)
    else:
        block = block.replace("#: ", "#, fuzzy\n#: ", 1)
    return text[:start] + block + text[end:]


def test_a_weblate_commit_syncs_checks_and_builds(synced: Path, capsys) -> None:
    po = synced / RULES_PO
    text = po.read_text(encoding="utf-8")
    long_text = units(synced)["rule.winner"].text  # over 75 characters: the re-wrap makes two lines
    text = weblate_header(text)
    text = set_msgstr(text, "summary", SUMMARY)
    text = rewrap(text, "rule.winner")
    text = fuzzy(text, "rule.players")
    assert text.count('\n"') > po.read_text(encoding="utf-8").count('\n"')  # the re-wrap made lines
    po.write_text(text, "utf-8")
    catalog = catalog_path(synced, "cs")
    ui = weblate_header(catalog.read_text(encoding="utf-8"))
    ui = ui.replace('msgstr "Kalkulačka skóre"', 'msgstr "Kalkulačka bodů"', 1)
    catalog.write_text(ui, "utf-8")

    code, out, err = run_cli(capsys, "--root", str(synced), "i18n", "sync")
    assert code == 0, err
    after = units(synced)
    assert after["summary"].text == SUMMARY
    assert after["rule.winner"].text == long_text  # a re-wrap is no edit
    assert after["rule.players"].needs_work  # the fuzzy state is kept in the YAML...
    exported = {entry.msgctxt: entry for entry in polib.pofile(str(po))}
    assert "fuzzy" in exported["rule.players"].flags  # ...and in the file Weblate pulls next
    assert "python-brace-format" in exported["rule.players"].flags
    assert same_plural_forms(polib.pofile(str(po)).metadata["Plural-Forms"], WEBLATE_CZECH_PLURALS)

    code, out, err = run_cli(capsys, "--root", str(synced), "check")
    assert code == 0, out + err
    # The UI catalog as Weblate left it: msgfmt takes it, the plural rule means what it meant.
    result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(catalog)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert same_plural_forms(polib.pofile(str(catalog)).metadata["Plural-Forms"], WEBLATE_CZECH_PLURALS)
    ui_cs = ui_translations(synced, "cs")
    assert ui_cs.gettext("Score calculator") == "Kalkulačka bodů"
    forms = {"one": "{n} bod", "few": "{n} body", "other": "{n} bodů"}
    for n in (0, 1, 2, 4, 5, 22, 100):
        assert ui_cs.ngettext("{n} point", "{n} points", n) == forms[Locale.parse("cs").plural_form(n)], n
    project = load_project(synced).project
    assert plural_script(project, "cs").endswith("return Number((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2); };")
    pages = {page.path: page.text for page in render_pages(project)}
    assert "body z\u00a0kol" in pages["cs/index.md"]  # the Czech page ties "z" to its word
    assert "Kalkulačka bodů" in pages["cs/alpha.md"]
