"""`rulebook new language`: a language with no lunr support (Polish) builds at once, every page in
English with the notice, its own search index, switcher and 404 (issue 16). The project is the small
one (fixture_games.py), with what a build reads: its games alpha and beta, no glossary."""

from __future__ import annotations

import difflib
import html
import json
import subprocess
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from authoring import fail_one_write, run, unused_language
from conftest import FIXTURE_LANGUAGES, ROOT, built_after, edit, make_small_project, run_cli, tree_digest
from fixture_games import with_site_sources
from rulebook.load.project import load_project
from rulebook.website.plugin import site_lunr_languages as lunr_languages

CODE = unused_language(lunr=False)  # Polish, unless the project has it already
OTHER = unused_language(lunr=True)
GAMES = ("alpha", "beta")
LANGUAGES = list(FIXTURE_LANGUAGES)  # the small project's
NEW_TEXT = "Not translated yet: shown in English."


@pytest.fixture(scope="session")
def small_polish_project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The small project with what a build reads after `rulebook new language pl` (or the language
    unused_language picks), with the command's result, and its site built when the command passed
    (small_polish_site). Made once a run; conftest marks the tests that use it slow."""

    def prepare(project: Path) -> None:
        project.mkdir()
        make_small_project(project)
        with_site_sources(project)

    return built_after(tmp_path_factory, "small-new-language", prepare, ("new", "language", CODE))


@pytest.fixture(scope="session")
def small_polish_site(small_polish_project: tuple[Path, subprocess.CompletedProcess[str]]) -> Path:
    root, result = small_polish_project
    assert result.returncode == 0, result.stderr
    return root / "site"


@pytest.fixture
def project(small_project: Path) -> Path:
    """A copy of the small project with mkdocs.yml, the assets and the package beside it."""
    return with_site_sources(small_project)


def test_the_command_writes_words_files_a_catalog_and_both_configs(small_polish_project) -> None:
    root, result = small_polish_project
    assert result.returncode == 0, result.stderr
    words = [f"rules/{game}/{CODE}.yaml" for game in GAMES]  # and no glossary
    catalog = f"locales/{CODE}/LC_MESSAGES/messages.po"
    assert set(result.stdout.split()) == {*words, catalog, "mkdocs.yml", "rules/project.yaml"}
    for file in words:
        text = (root / file).read_text(encoding="utf-8")
        assert text.startswith("# yaml-language-server: $schema=") and "units: {}" in text
    # mkdocs.yml: three lines added to the i18n plugin's languages, every other line as it was.
    old = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    new = (root / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    changes = [line for line in difflib.ndiff(old, new) if line[:1] in "+-"]
    name = Locale.parse(CODE).get_display_name(CODE)  # the language's name in itself, capitalised
    expected = [f"- locale: {CODE}", f"name: {name[:1].upper()}{name[1:]}", "build: true"]
    assert [line[1:].strip() for line in changes] == expected
    assert all(line.startswith("+") for line in changes)
    assert load_project(root).project.languages == [*LANGUAGES, CODE]


def test_the_catalog_is_babels_from_the_template(small_polish_project) -> None:
    root, _ = small_polish_project
    with (root / f"locales/{CODE}/LC_MESSAGES/messages.po").open("rb") as stream:
        catalog = read_po(stream)
    with (ROOT / "locales/messages.pot").open("rb") as stream:
        template = read_po(stream)
    assert str(catalog.locale) == CODE and catalog.num_plurals == get_plural(CODE).num_plurals
    assert {message.id for message in catalog if message.id} == {message.id for message in template if message.id}
    strings = [m.string if isinstance(m.string, tuple) else (m.string,) for m in catalog if m.id]
    assert not any(any(forms) for forms in strings)  # nothing translated yet
    text = (root / f"locales/{CODE}/LC_MESSAGES/messages.po").read_text(encoding="utf-8")
    for placeholder in ("EMAIL@ADDRESS", "LL@li.org", "FULL NAME"):
        assert placeholder not in text


def test_check_passes_and_status_shows_it_at_zero(small_polish_project) -> None:
    root, _ = small_polish_project
    check = run(root, "check")
    assert check.returncode == 0, check.stdout
    status = run(root, "status", "--lang", CODE, "--json")
    parts = json.loads(status.stdout)["languages"][CODE]
    assert parts["all"]["percent"] == 0 and parts["all"]["missing"] == parts["all"]["total"] > 0


def test_every_page_shows_english_with_the_notice(small_polish_site: Path) -> None:
    for name in GAMES:
        page = html.unescape((small_polish_site / CODE / name / "index.html").read_text(encoding="utf-8"))
        assert f'<html lang="{CODE}"' in page
        assert NEW_TEXT in page  # the catalog is not translated yet: the notice in English
    status = html.unescape((small_polish_site / "status" / "index.html").read_text(encoding="utf-8"))
    heading = Locale.parse(CODE).get_display_name(LANGUAGES[0])  # "Polish"
    assert f">{heading}" in status and "0 %" in status[status.index(f">{heading}") :]
    assert (small_polish_site / CODE / "404.html").is_file()


def test_its_search_index_is_its_own(small_polish_site: Path) -> None:
    assert CODE not in lunr_languages()  # the point of choosing Polish: lunr has no stemmer for it
    index = json.loads((small_polish_site / CODE / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"][0] == "en" and index["config"]["pipeline"] == []
    english = json.loads((small_polish_site / "search" / "search_index.json").read_text(encoding="utf-8"))

    # The same pages as the English tree, under the Polish root, and no other language's (a
    # translation's status page is about that language alone, so its headings differ).
    def rules(part: dict) -> list[str]:
        return sorted(e["location"] for e in part["docs"] if not e["location"].startswith("status/"))

    # Each game's rules are entries: alpha's players and winner, beta's players.
    assert rules(index) == rules(english) and {"alpha/#players", "alpha/#winner", "beta/#players"} <= set(rules(index))
    others = set(LANGUAGES[1:])
    assert not any(entry["location"].split("/", 1)[0] in others for entry in index["docs"])
    for language in LANGUAGES[1:]:
        part = json.loads((small_polish_site / language / "search" / "search_index.json").read_text(encoding="utf-8"))
        assert len(rules(part)) == len(rules(index))  # every language keeps its own full index


def test_the_switcher_offers_it_everywhere(small_polish_site: Path) -> None:
    for prefix in ["", *(f"{language}/" for language in LANGUAGES[1:]), f"{CODE}/"]:
        page = (small_polish_site / prefix / "alpha" / "index.html").read_text(encoding="utf-8")
        assert f'hreflang="{CODE}"' in page, prefix


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("fr", "'fr' is already one of the project's languages"),
        ("PL", "'PL' is not a language code"),
        ("polish", "'polish' is not a language code"),
        ("qqq", "Babel (CLDR) knows no such language"),
    ],
)
def test_bad_codes_are_refused_with_exit_2_and_change_nothing(project: Path, capsys, code, message) -> None:
    root = project
    before = tree_digest(root)
    status, _, err = run_cli(capsys, "--root", str(root), "new", "language", code)
    assert status == 2
    assert message in err and "Traceback" not in err, err
    assert tree_digest(root) == before


def test_tags_and_comments_of_mkdocs_yml_survive(project: Path, capsys) -> None:
    root = project
    tagged = (
        "\n# An extension configured with a Python name: kept as written, never constructed.\n"
        "extra_tags:\n  emoji: !!python/name:os.system\n  here: !relative $config_dir/docs\n"
    )
    config = root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + tagged, encoding="utf-8")
    code, _, err = run_cli(capsys, "--root", str(root), "new", "language", OTHER)
    assert code == 0, err
    text = config.read_text(encoding="utf-8")
    assert text.endswith(tagged) and f"        - locale: {OTHER}\n          name: " in text


def test_a_failed_write_puts_every_file_back(project: Path, capsys, monkeypatch) -> None:
    root = project
    before = tree_digest(root)
    # project.yaml is the last write, after mkdocs.yml and every new file.
    calls = fail_one_write(monkeypatch, lambda path, _count: path.name == "project.yaml", 13, "Permission denied")
    code, _, err = run_cli(capsys, "--root", str(root), "new", "language", OTHER)
    assert code == 2 and "Permission denied" in err and "no file was changed" in err
    assert any(path.name == "mkdocs.yml" for path in calls)
    assert tree_digest(root) == before
    assert not (root / "locales" / OTHER).exists()


def test_a_project_file_without_its_lists_is_refused(project: Path, capsys) -> None:
    root = project
    edit(root, "rules/project.yaml", "games: [", "plays: [")
    before = tree_digest(root)
    code, _, err = run_cli(capsys, "--root", str(root), "new", "language", OTHER)
    assert code == 2 and "rules/project.yaml: no `games` list" in err, err
    assert tree_digest(root) == before


def test_a_translation_imports_into_the_new_language(project: Path, capsys) -> None:
    from babel.messages.pofile import write_po

    root = project
    assert run_cli(capsys, "--root", str(root), "new", "language", OTHER)[0] == 0
    code, _, err = run_cli(
        capsys, "--root", str(root), "i18n", "export", OTHER, "--game", "alpha", "-o", str(root / "po")
    )
    assert code == 0, err
    po = root / "po" / f"alpha.{OTHER}.po"
    with po.open("rb") as stream:
        catalog = read_po(stream)
    catalog.get(
        next(m.id for m in catalog if m.context == "section.overview"), context="section.overview"
    ).string = "Spiel"
    with po.open("wb") as stream:
        write_po(stream, catalog)
    code, out, err = run_cli(capsys, "--root", str(root), "i18n", "import", str(po))
    assert code == 0 and "1 unit(s) updated" in out, err
    words = (root / "rules" / "alpha" / f"{OTHER}.yaml").read_text(encoding="utf-8")
    assert "units:\n  section.overview:\n    text: Spiel\n" in words  # block style, as the other files
    assert run_cli(capsys, "--root", str(root), "check")[0] == 0
