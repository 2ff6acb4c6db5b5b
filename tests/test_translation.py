"""The translator workflow: status counts, outdated units, the PO round trip, and an import that
either takes everything or changes nothing."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from conftest import edit, run_cli, tree_digest
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages

NEW_WINNER = "The player with the highest score wins the game."


def drop_unit(root: Path, file: str, unit_id: str) -> None:
    path = root / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line == f"  {unit_id}:\n")
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    path.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")


@pytest.fixture
def po_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """PO files go outside the project copy, as a translator's would."""
    return tmp_path_factory.mktemp("po")


@pytest.fixture
def changed_copy(project_copy: Path) -> Path:
    """English rule.winner rewritten; Czech rule.drawing removed; French rule.bags reviewed."""
    edit(project_copy, "rules/rebus/en.yaml", "text: Highest score wins.", f"text: {NEW_WINNER}")
    drop_unit(project_copy, "rules/rebus/cs.yaml", "rule.drawing")
    path = project_copy / "rules/rebus/fr.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  rule.bags:")
    text = text[:start] + text[start:].replace("status: draft", "status: reviewed", 1)
    path.write_text(text, encoding="utf-8")
    return project_copy


def test_status_counts(changed_copy: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(changed_copy), "status", "--json")
    assert code == 0
    report = json.loads(out)["languages"]
    # REBUS has 56 units to translate: 1 summary, 2 edition summaries (1.0 and 1.0.1), 5 section
    # titles, 21 rules, 9 captions, 6 × 3 ruling texts.
    assert report["fr"]["rebus"] == {
        "name": "rebus",
        "total": 56,
        "translated": 55,
        "outdated": 1,
        "missing": 0,
        "draft": 55,
        "reviewed": 1,
        "original": 0,
        "percent": 98.2,  # 55 / 56
        "outdated_ids": ["rule.winner"],
        "missing_ids": [],
        "outdated_reasons": {"rule.winner": ["the English text changed since this translation was made"]},
    }
    assert report["cs"]["rebus"] == {
        "name": "rebus",
        "total": 56,
        "translated": 54,
        "outdated": 1,
        "missing": 1,
        "draft": 55,
        "reviewed": 0,
        "original": 0,
        "percent": 96.4,  # 54 / 56
        "outdated_ids": ["rule.winner"],
        "missing_ids": ["rule.drawing"],
        "outdated_reasons": {"rule.winner": ["the English text changed since this translation was made"]},
    }
    # Rebis: the publisher's French and Czech are counted as such.
    assert report["fr"]["rebis"]["original"] == report["cs"]["rebis"]["original"] == 14


def test_status_table_and_fail_under(changed_copy: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(changed_copy), "status", "--lang", "cs")
    assert code == 0
    assert out.splitlines()[1].split() == ["cs", "rebus", "56", "54", "1", "1", "55", "0", "0", "96.4%"]
    assert "cs rebus outdated: rule.winner" in out.splitlines()
    assert "cs rebus missing: rule.drawing" in out.splitlines()
    # Of 387 units in all, French has 386 up to date (99.74 %), Czech 385 (99.48 %).
    assert run_cli(capsys, "--root", str(changed_copy), "status", "--fail-under", "99.6")[0] == 1
    assert run_cli(capsys, "--root", str(changed_copy), "status", "--fail-under", "99.4")[0] == 0


def test_a_changed_english_unit_makes_its_translations_outdated_on_the_site(changed_copy: Path) -> None:
    pages = {page.path: page.text for page in render_pages(load_project(changed_copy).project)}
    for language, notice in (("fr", "Traduction périmée"), ("cs", "Zastaralý překlad")):
        page = pages[f"{language}/rebus.md"]
        winner = page[page.index('id="winner"') : page.index("</div>", page.index('id="winner"'))]
        assert "rb-rule--outdated" in page[page.index('id="winner"') - 40 : page.index('id="winner"')]
        assert notice in winner
        assert NEW_WINNER in winner  # the current English, one click away
    status = pages["cs/status.md"]
    assert "[REBUS 4.2](rebus.md#winner)" in status  # outdated, linked to its rule
    assert "[REBUS 1.3](rebus.md#drawing)" in status  # missing


def export(capsys, root: Path, language: str, folder: Path) -> list[Path]:
    code, out, err = run_cli(capsys, "--root", str(root), "i18n", "export", language, "-o", str(folder))
    assert code == 0, err
    return [Path(line) for line in out.splitlines() if line.endswith(".po")]  # not the .pot templates


def test_export_passes_msgfmt_check(project_copy: Path, po_dir: Path, capsys) -> None:
    if shutil.which("msgfmt") is None:
        pytest.fail("msgfmt is missing: `make test` installs Debian's gettext")
    for language in ("fr", "cs"):
        for po in export(capsys, project_copy, language, po_dir):
            result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
            assert result.returncode == 0, result.stderr


def test_export_then_import_leaves_every_yaml_file_byte_identical(project_copy: Path, po_dir: Path, capsys) -> None:
    before = tree_digest(project_copy)
    for language in ("fr", "cs"):
        for po in export(capsys, project_copy, language, po_dir):
            code, _, err = run_cli(capsys, "--root", str(project_copy), "i18n", "import", str(po))
            assert code == 0, err
    assert tree_digest(project_copy) == before


def test_an_outdated_unit_is_fuzzy_with_the_previous_english_from_git(changed_copy: Path, po_dir, capsys) -> None:
    git = ["git", "-C", str(changed_copy), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(["git", "-C", str(changed_copy), "init", "-q"], check=True)
    edit(changed_copy, "rules/rebus/en.yaml", f"text: {NEW_WINNER}", "text: Highest score wins.")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "before"], check=True)
    edit(changed_copy, "rules/rebus/en.yaml", "text: Highest score wins.", f"text: {NEW_WINNER}")
    subprocess.run([*git, "commit", "-qam", "after"], check=True)
    (po,) = export_one(capsys, changed_copy, po_dir)
    entry = po.read_text(encoding="utf-8").split('\nmsgctxt "rule.winner"')[0].rsplit("\n\n", 1)[-1]
    assert "#, fuzzy" in entry
    assert '#| msgctxt "rule.winner"\n#| msgid "Highest score wins."' in entry  # as msgmerge writes it
    assert "#. Rule REBUS 4.2" in entry


def export_one(capsys, root: Path, po_dir: Path) -> list[Path]:
    code, out, err = run_cli(capsys, "--root", str(root), "i18n", "export", "fr", "--game", "rebus", "-o", str(po_dir))
    assert code == 0, err
    return [Path(line) for line in out.splitlines() if line.endswith(".po")]


def test_import_takes_edits_refreshes_hashes_and_keeps_the_rest(changed_copy: Path, po_dir: Path, capsys) -> None:
    (po,) = export_one(capsys, changed_copy, po_dir)
    text = po.read_text(encoding="utf-8")
    # Clear the fuzzy flag of the outdated rule after bringing it up to date, and change a title.
    head, entry = text.split('\nmsgctxt "rule.winner"')
    head = head[: head.rindex("#, fuzzy")] + head[head.rindex("#, fuzzy") :].replace("#, fuzzy\n", "", 1)
    entry = entry.replace("l’emporte.", "gagne la partie.", 1)
    po.write_text(head + '\nmsgctxt "rule.winner"' + entry.replace('msgstr "Pour jouer"', 'msgstr "Comment jouer"'))
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Pour jouer"', 'msgstr "Comment jouer"'))
    french = changed_copy / "rules/rebus/fr.yaml"
    before = french.read_text(encoding="utf-8").splitlines()
    code, out, err = run_cli(capsys, "--root", str(changed_copy), "i18n", "import", str(po))
    assert code == 0, err
    after = french.read_text(encoding="utf-8").splitlines()
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    assert changed == [
        ("    text: Pour jouer", "    text: Comment jouer"),
        (
            "    text: Le joueur qui a le score le plus élevé l’emporte.",
            "    text: Le joueur qui a le score le plus élevé gagne la partie.",
        ),
        ('    source: "ae1c6b7f7145"', f'    source: "{_hash(NEW_WINNER)}"'),
    ]
    code, out, _ = run_cli(capsys, "--root", str(changed_copy), "status", "--lang", "fr", "--json")
    assert json.loads(out)["languages"]["fr"]["rebus"]["outdated"] == 0


def test_a_fuzzy_entry_edited_is_kept_as_needing_work(changed_copy: Path, po_dir: Path, capsys) -> None:
    (po,) = export_one(capsys, changed_copy, po_dir)
    po.write_text(po.read_text(encoding="utf-8").replace("l’emporte.", "gagne tout."), encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(changed_copy), "i18n", "import", str(po))
    assert code == 0
    assert "1 unit(s) updated, 1 fuzzy entr(ies) kept as needing work" in out
    assert "  updated: rule.winner (needs work)" in out.splitlines()  # named, not only counted
    winner = yaml.safe_load((changed_copy / "rules/rebus/fr.yaml").read_text(encoding="utf-8"))["units"]["rule.winner"]
    assert winner["text"].endswith("gagne tout.") and winner["needs_work"] is True


@pytest.mark.parametrize(
    "breakage, message",
    [
        (
            # Its `#:` reference gone too: nothing names the unit any more.
            lambda t: t.replace("#: rules/rebus/en.yaml:11\n", "").replace(
                'msgctxt "rule.bags"\nmsgid "Separate', 'msgid "Gather'
            ),
            "an entry without msgctxt (the unit id) whose `#:` reference and msgid name no single unit of rebus",
        ),
        (lambda t: t.replace('msgstr "Glossaire"', 'msgstr "Glossaire" garbage'), "not a valid PO line"),
        (
            lambda t: t.replace("Project-Id-Version: rulebook rebus", "Project-Id-Version: rulebook chess"),
            "its Project-Id-Version names no game or glossary",
        ),
        (
            lambda t: t.replace(
                'msgstr "Répartissez les tuiles dans les {components.bags} sacs selon leur couleur."',
                'msgstr "Répartissez les tuiles <b>vite</b>."',
            ),
            "'rule.bags': placeholders (none) differ from the English {components.bags}",
        ),
        (lambda t: t.replace('msgstr "Glossaire"', 'msgstr "Glossaire'), "not a valid PO line"),
    ],
    ids=["entry for no unit", "broken syntax", "unknown game", "text check fails", "unterminated string"],
)
def test_an_aborted_import_changes_nothing(project_copy, po_dir, capsys, breakage, message) -> None:
    (po,) = export_one(capsys, project_copy, po_dir)
    text = po.read_text(encoding="utf-8").replace('msgstr "Pour jouer"', 'msgstr "Comment jouer"')  # a good edit
    po.write_text(breakage(text), encoding="utf-8")
    before = tree_digest(project_copy)
    code, _, err = run_cli(capsys, "--root", str(project_copy), "i18n", "import", str(po))
    assert code == 2
    assert message in err
    assert "refused; no file was changed" in err
    assert "Traceback" not in err
    assert tree_digest(project_copy) == before


def _hash(text: str) -> str:
    from rulebook.model import source_hash

    return source_hash(text)
