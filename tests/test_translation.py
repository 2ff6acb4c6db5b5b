"""The translator workflow: status counts, outdated units, the PO round trip, and an import that
either takes everything or changes nothing. The project is the translated small project
(fixture_games.py): alpha's six units (summary, edition.1-0, section.overview, rule.players as
Alpha 1.1, rule.winner as Alpha 1.2, example.highest-total) and beta's four, in French and Czech;
changed_copy rewrites alpha's English rule.winner, drops its Czech rule.players, reviews its French
rule.players and gives beta's French and Czech some of the publisher's own texts (status original)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from conftest import edit, run_cli, tree_digest
from fixture_games import NEW_WINNER, TRANSLATIONS, WINNER, commit_english_edit, with_glossary
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages

# NEW_WINNER as a reader sees it, alpha's scoring.rounds (3) filled in.
NEW_WINNER_FILLED = "After 3 rounds, the player with the most points wins."
OUTDATED = ["the English text changed since this translation was made"]
# alpha's French rule.players, as its PO entry's msgstr line reads.
PLAYERS_FR = f'msgstr "{TRANSLATIONS["fr"]["alpha"]["rule.players"]}"'


def drop_unit(root: Path, file: str, unit_id: str) -> None:
    path = root / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line == f"  {unit_id}:\n")
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    path.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")


def set_status(root: Path, file: str, unit_id: str, status: str) -> None:
    """The status of one unit of a words file (the first `status: draft` after its key) changed."""
    path = root / file
    text = path.read_text(encoding="utf-8")
    start = text.index(f"  {unit_id}:\n")
    path.write_text(text[:start] + text[start:].replace("status: draft", f"status: {status}", 1), encoding="utf-8")


@pytest.fixture
def po_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """PO files go outside the project copy, as a translator's would."""
    return tmp_path_factory.mktemp("po")


@pytest.fixture
def changed_copy(translated_project: Path) -> Path:
    """alpha: English rule.winner rewritten, Czech rule.players removed, French rule.players reviewed;
    beta: French rule.players and Czech section.overview and rule.players the publisher's (original)."""
    edit(translated_project, "rules/alpha/en.yaml", f"text: {WINNER}", f"text: {NEW_WINNER}")
    drop_unit(translated_project, "rules/alpha/cs.yaml", "rule.players")
    set_status(translated_project, "rules/alpha/fr.yaml", "rule.players", "reviewed")
    set_status(translated_project, "rules/beta/fr.yaml", "rule.players", "original")
    set_status(translated_project, "rules/beta/cs.yaml", "section.overview", "original")
    set_status(translated_project, "rules/beta/cs.yaml", "rule.players", "original")
    return translated_project


def test_status_counts(changed_copy: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(changed_copy), "status", "--json")
    assert code == 0
    report = json.loads(out)["languages"]
    # alpha has 6 units to translate: summary, edition 1.0, one section title, 2 rules, 1 caption.
    assert report["fr"]["alpha"] == {
        "name": "alpha",
        "total": 6,
        "translated": 5,
        "outdated": 1,
        "missing": 0,
        "draft": 5,  # the outdated rule.winner is still a draft
        "reviewed": 1,
        "original": 0,
        "percent": 83.3,  # 5 / 6
        "outdated_ids": ["rule.winner"],
        "missing_ids": [],
        "outdated_reasons": {"rule.winner": OUTDATED},
    }
    assert report["cs"]["alpha"] == {
        "name": "alpha",
        "total": 6,
        "translated": 4,
        "outdated": 1,
        "missing": 1,
        "draft": 5,
        "reviewed": 0,
        "original": 0,
        "percent": 66.7,  # 4 / 6
        "outdated_ids": ["rule.winner"],
        "missing_ids": ["rule.players"],
        "outdated_reasons": {"rule.winner": OUTDATED},
    }
    # beta: the publisher's French and Czech are counted as such, apart from our drafts.
    assert [report["fr"]["beta"][key] for key in ("total", "translated", "draft", "original")] == [4, 4, 3, 1]
    assert [report["cs"]["beta"][key] for key in ("total", "translated", "draft", "original")] == [4, 4, 2, 2]


def test_status_table_and_fail_under(changed_copy: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(changed_copy), "status", "--lang", "cs")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].split() == ["cs", "alpha", "6", "4", "1", "1", "5", "0", "0", "66.7%"]
    assert lines[2].split() == ["cs", "beta", "4", "4", "0", "0", "2", "0", "2", "100.0%"]
    assert lines[3].split() == ["cs", "all", "10", "8", "1", "1", "7", "0", "2", "80.0%"]
    assert "cs alpha outdated: rule.winner" in lines
    assert "cs alpha missing: rule.players" in lines
    # Of 10 units in all, French has 9 up to date (90 %), Czech 8 (80 %); under means strictly under.
    code, _, err = run_cli(capsys, "--root", str(changed_copy), "status", "--fail-under", "85")
    assert code == 1
    assert err.splitlines() == ["rulebook status: cs is 80.0% translated, under 85%"]
    assert run_cli(capsys, "--root", str(changed_copy), "status", "--fail-under", "80")[0] == 0


def test_a_changed_english_unit_makes_its_translations_outdated_on_the_site(changed_copy: Path) -> None:
    pages = {page.path: page.text for page in render_pages(load_project(changed_copy).project)}
    for language, notice in (("fr", "Traduction périmée"), ("cs", "Zastaralý překlad")):
        page = pages[f"{language}/alpha.md"]
        winner = page[page.index('id="winner"') : page.index("</div>", page.index('id="winner"'))]
        assert "rb-rule--outdated" in page[page.index('id="winner"') - 40 : page.index('id="winner"')]
        assert notice in winner
        assert NEW_WINNER_FILLED in winner  # the current English, one click away
    status = pages["cs/status.md"]
    assert "[Alpha 1.2](alpha.md#winner)" in status  # outdated, linked to its rule
    assert "[Alpha 1.1](alpha.md#players)" in status  # missing


def export(capsys, root: Path, language: str, folder: Path) -> list[Path]:
    code, out, err = run_cli(capsys, "--root", str(root), "i18n", "export", language, "-o", str(folder))
    assert code == 0, err
    return [Path(line) for line in out.splitlines() if line.endswith(".po")]  # not the .pot templates


def test_export_passes_msgfmt_check(translated_project: Path, po_dir: Path, capsys) -> None:
    if shutil.which("msgfmt") is None:
        pytest.fail("msgfmt is missing: `make test` installs Debian's gettext")
    with_glossary(translated_project)  # the glossary's PO file too
    for language in ("fr", "cs"):
        files = export(capsys, translated_project, language, po_dir)
        assert sorted(po.name for po in files) == [f"{name}.{language}.po" for name in ("alpha", "beta", "glossary")]
        for po in files:
            result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
            assert result.returncode == 0, result.stderr


def test_export_then_import_leaves_every_yaml_file_byte_identical(
    translated_project: Path, po_dir: Path, capsys
) -> None:
    with_glossary(translated_project)
    before = tree_digest(translated_project)
    imported = 0
    for language in ("fr", "cs"):
        for po in export(capsys, translated_project, language, po_dir):
            code, _, err = run_cli(capsys, "--root", str(translated_project), "i18n", "import", str(po))
            assert code == 0, err
            imported += 1
    assert imported == 6  # alpha, beta and the glossary, in two languages
    assert tree_digest(translated_project) == before


def test_an_outdated_unit_is_fuzzy_with_the_previous_english_from_git(translated_history: Path, po_dir, capsys) -> None:
    commit_english_edit(translated_history)  # rule.winner: WINNER in the first commit, NEW_WINNER in the second
    (po,) = export_one(capsys, translated_history, po_dir)
    entry = po.read_text(encoding="utf-8").split('\nmsgctxt "rule.winner"')[0].rsplit("\n\n", 1)[-1]
    assert "#, fuzzy" in entry
    assert f'#| msgctxt "rule.winner"\n#| msgid "{WINNER}"' in entry  # as msgmerge writes it
    assert "#. Rule Alpha 1.2" in entry


def export_one(capsys, root: Path, po_dir: Path) -> list[Path]:
    code, out, err = run_cli(capsys, "--root", str(root), "i18n", "export", "fr", "--game", "alpha", "-o", str(po_dir))
    assert code == 0, err
    return [Path(line) for line in out.splitlines() if line.endswith(".po")]


def test_import_takes_edits_refreshes_hashes_and_keeps_the_rest(changed_copy: Path, po_dir: Path, capsys) -> None:
    (po,) = export_one(capsys, changed_copy, po_dir)
    text = po.read_text(encoding="utf-8")
    # Clear the fuzzy flag of the outdated rule after bringing it up to date, and change a title.
    head, entry = text.split('\nmsgctxt "rule.winner"')
    flags = head.rindex("#, fuzzy")
    head = head[:flags] + head[flags:].replace("#, fuzzy, python-brace-format\n", "#, python-brace-format\n", 1)
    assert "#, fuzzy" not in head
    entry = entry.replace("l’emporte.", "remporte la partie.", 1)
    text = head + '\nmsgctxt "rule.winner"' + entry
    po.write_text(text.replace('msgstr "Aperçu"', 'msgstr "Vue d’ensemble"'), encoding="utf-8")
    french = changed_copy / "rules/alpha/fr.yaml"
    before = french.read_text(encoding="utf-8").splitlines()
    code, out, err = run_cli(capsys, "--root", str(changed_copy), "i18n", "import", str(po))
    assert code == 0, err
    after = french.read_text(encoding="utf-8").splitlines()
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    # The French rule.winner is folded at 94 columns: its first line ends at "total" (88 characters),
    # and "remporte" (8 more and a space) goes on the second line, where "l’emporte." was.
    assert changed == [
        ("    text: Aperçu", "    text: Vue d’ensemble"),
        ("      l’emporte.", "      remporte la partie."),
        (f'    source: "{_hash(WINNER)}"', f'    source: "{_hash(NEW_WINNER)}"'),
    ]
    code, out, _ = run_cli(capsys, "--root", str(changed_copy), "status", "--lang", "fr", "--json")
    assert json.loads(out)["languages"]["fr"]["alpha"]["outdated"] == 0


def test_a_fuzzy_entry_edited_is_kept_as_needing_work(changed_copy: Path, po_dir: Path, capsys) -> None:
    (po,) = export_one(capsys, changed_copy, po_dir)
    po.write_text(po.read_text(encoding="utf-8").replace("l’emporte.", "gagne tout."), encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(changed_copy), "i18n", "import", str(po))
    assert code == 0
    assert "1 unit(s) updated, 1 fuzzy entr(ies) kept as needing work" in out
    assert "  updated: rule.winner (needs work)" in out.splitlines()  # named, not only counted
    winner = yaml.safe_load((changed_copy / "rules/alpha/fr.yaml").read_text(encoding="utf-8"))["units"]["rule.winner"]
    assert winner["text"].endswith("gagne tout.") and winner["needs_work"] is True


@pytest.mark.parametrize(
    "breakage, message",
    [
        (
            # Its `#:` reference gone too (rule.players is at line 13 of alpha's English): nothing names the unit.
            lambda t: t.replace("#: rules/alpha/en.yaml:13\n", "").replace(
                'msgctxt "rule.players"\nmsgid "The game', 'msgid "The match'
            ),
            "an entry without msgctxt (the unit id) whose `#:` reference and msgid name no single unit of alpha",
        ),
        (lambda t: t.replace(PLAYERS_FR, f"{PLAYERS_FR} garbage"), "not a valid PO line"),
        (
            lambda t: t.replace("Project-Id-Version: rulebook alpha", "Project-Id-Version: rulebook chess"),
            "its Project-Id-Version names no game or glossary",
        ),
        (
            lambda t: t.replace(PLAYERS_FR, 'msgstr "Le jeu se joue <b>vite</b>."'),
            "'rule.players': placeholders (none) differ from the English {players.max}, {players.min}",
        ),
        (lambda t: t.replace(PLAYERS_FR, PLAYERS_FR[:-1]), "not a valid PO line"),
    ],
    ids=["entry for no unit", "broken syntax", "unknown game", "text check fails", "unterminated string"],
)
def test_an_aborted_import_changes_nothing(translated_project, po_dir, capsys, breakage, message) -> None:
    (po,) = export_one(capsys, translated_project, po_dir)
    # A good edit, in an entry before the broken one (section.overview comes before rule.players).
    text = po.read_text(encoding="utf-8").replace('msgstr "Aperçu"', 'msgstr "Vue d’ensemble"')
    broken = breakage(text)
    assert broken != text
    po.write_text(broken, encoding="utf-8")
    before = tree_digest(translated_project)
    code, _, err = run_cli(capsys, "--root", str(translated_project), "i18n", "import", str(po))
    assert code == 2
    assert message in err
    assert "refused; no file was changed" in err
    assert "Traceback" not in err
    assert tree_digest(translated_project) == before


def _hash(text: str) -> str:
    from rulebook.model import source_hash

    return source_hash(text)
