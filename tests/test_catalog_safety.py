"""The UI catalogs (locales/) are no door into the site (issue 23, parts 1 and 7): each translation is
plain text with its msgid's placeholders, refused by `rulebook check` at its msgstr line; a catalog
is read only from inside the project; and even a hostile catalog that got past the check makes
no element, attribute or link on a page. The catalogs are planted in copies of the small project
(fixture_games.py), whose games' content has no part in what these tests see."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import markdown
import polib
import pytest

import rulebook
from authoring import unused_language
from conftest import ROOT, run_cli, run_cli_process, tree_digest
from fixture_games import copy_small_project
from hostile import (
    CATALOG,
    ELSEWHERE,
    PALETTE_BREAKOUT,
    REFUSED_CATALOG_TEXT,
    plant_catalog,
)
from rulebook.load.project import load_project
from rulebook.render.calculator import calculator_data
from rulebook.render.pages import render_pages
from rulebook.validate.check import check_project
from rulebook.validate.safety import MARKDOWN_EXTENSIONS
from site_scan import dangers_in_page, dangers_in_search_index

# Words of the catalog check's refusals; a planted payload must draw one of them at its line.
CATALOG_WORDS = ("is not allowed", "are not allowed", "bidi control", "control character", "brace")
SECRET = "Secret-of-the-host-7f3a9c"


def catalog_lines(root: Path, language: str) -> dict[int, list[str]]:
    """Every problem of the catalog, as data, by line (the command prints the first 50)."""
    shown = CATALOG.format(language=language)
    found: dict[int, list[str]] = {}
    for problem in check_project(root)[1]:
        if problem.file == shown:
            found.setdefault(problem.line, []).append(f"{problem.col}: {problem.message}")
    return found


@pytest.mark.parametrize("language", ["fr", "cs"])
def test_check_refuses_a_payload_in_every_msgstr_at_its_line(
    tmp_path: Path, tmp_path_factory, capsys, language: str
) -> None:
    root = copy_small_project(tmp_path_factory, tmp_path)
    planted = plant_catalog(root, language, REFUSED_CATALOG_TEXT)
    assert len(planted) > 100 and {item.payload.split(" {")[0] for item in planted} >= {
        payload for _, payload in REFUSED_CATALOG_TEXT
    }
    code, out, err = run_cli(capsys, "--root", str(root), "check")
    assert code == 1, out + err
    assert f"{CATALOG.format(language=language)}:{planted[0].line}:1: msgstr" in out + err
    found = catalog_lines(root, language)
    assert set(found) == {item.line for item in planted}  # one line of problems per msgstr, and no other
    for item in planted:
        messages = found[item.line]
        assert all(message.startswith("1: msgstr") for message in messages), (item, messages)
        assert all(item.msgid[:15] in message for message in messages), (item, messages)
        assert any(word in message for message in messages for word in CATALOG_WORDS), (item, messages)
        # The payload keeps every placeholder of its msgid (whose own words may say "missing").
        assert not any("placeholder" in message and "is missing" in message for message in messages), (item, messages)


def test_the_real_catalogs_pass_the_check() -> None:
    assert all(catalog_lines(ROOT, language) == {} for language in ("fr", "cs"))


def set_msgstr(root: Path, language: str, msgid: str, text: str) -> int:
    """One translation set; its msgstr line."""
    path = root / CATALOG.format(language=language)
    catalog = polib.pofile(str(path), wrapwidth=0)
    catalog.find(msgid).msgstr = text
    catalog.save(str(path))
    lines = path.read_text(encoding="utf-8").split("\n")
    return lines.index(f'msgid "{msgid}"') + 2


def set_header(root: Path, language: str, field: str, value: str) -> int:
    """A header field set; its line in the file."""
    path = root / CATALOG.format(language=language)
    lines = path.read_text(encoding="utf-8").split("\n")
    number = next(index for index, line in enumerate(lines) if line.startswith(f'"{field}:'))
    lines[number] = f'"{field}: {value}\\n"'
    path.write_text("\n".join(lines), encoding="utf-8")
    return number + 1


def test_an_unknown_placeholder_and_a_huge_nplurals_are_refused_with_their_lines(
    tmp_path: Path, tmp_path_factory, capsys
) -> None:
    root = copy_small_project(tmp_path_factory, tmp_path)
    placeholder = set_msgstr(root, "cs", "Player {n}", "Hráč {n} {evil}")
    plurals = set_header(root, "fr", "Plural-Forms", "nplurals=99999999999; plural=(n > 1);")
    code, out, err = run_cli(capsys, "--root", str(root), "check")
    assert code == 1, out + err
    assert f"locales/cs/LC_MESSAGES/messages.po:{placeholder}:1: msgstr of msgid 'Player {{n}}': " in out
    assert "the placeholder {evil} is not one of the msgid: {n}" in out
    assert f"locales/fr/LC_MESSAGES/messages.po:{plurals}:1: Plural-Forms: nplurals=99999999999 is not 1 to 6" in out


@pytest.mark.slow  # builds a site
def test_the_build_fails_on_them_with_the_check_s_problems_and_no_internal_error(
    tmp_path: Path, tmp_path_factory
) -> None:
    root = copy_small_project(tmp_path_factory, tmp_path, site=True)
    placeholder = set_msgstr(root, "cs", "Player {n}", "Hráč {n} {evil}")
    plurals = set_header(root, "fr", "Plural-Forms", "nplurals=99999999999; plural=(n > 1);")
    # --languages builds in this process, through the plugin's own check, as `mkdocs build` does.
    build = run_cli_process("--root", str(root), "build", "--strict", "--languages", "en,fr,cs", "--site", "site")
    assert build.returncode == 1, build.stdout + build.stderr
    assert f"locales/cs/LC_MESSAGES/messages.po:{placeholder}:1: " in build.stderr
    assert f"locales/fr/LC_MESSAGES/messages.po:{plurals}:1: Plural-Forms: " in build.stderr
    assert "Traceback" not in build.stderr and "internal error" not in build.stderr


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("Plural-Forms", "nplurals=2; plural=n > 1 ? 5 : 0;", "chooses a form past nplurals=2"),
        ("Plural-Forms", "nplurals=2; plural=alert(1);", "is not a plain rule"),
        ("Plural-Forms", "nplurals=2; plural=(n > 1;", "is not an expression gettext can evaluate"),
        ("Plural-Forms", "nplurals=2; plural=n % 99999999999 > 1;", "has a number too large for the calculator"),
        ("Content-Type", "text/plain; charset=utf-7", "charset 'utf-7' is not UTF-8"),
        ("Content-Type", "text/plain; charset=rot13", "charset 'rot13' is not UTF-8"),
    ],
)
def test_a_header_that_cannot_be_used_is_refused_at_its_line(
    tmp_path: Path, tmp_path_factory, capsys, field, value, message
) -> None:
    root = copy_small_project(tmp_path_factory, tmp_path)
    line = set_header(root, "fr", field, value)
    code, out, err = run_cli(capsys, "--root", str(root), "check")
    assert code == 1, out + err
    assert f"locales/fr/LC_MESSAGES/messages.po:{line}:1: " in out and message in out


@pytest.fixture
def secret_catalog(tmp_path: Path) -> Path:
    """A French catalog outside the project whose words are a secret: read, it would show."""
    outside = tmp_path / "outside" / "messages.po"
    outside.parent.mkdir()
    catalog = polib.pofile(str(ROOT / CATALOG.format(language="fr")), wrapwidth=0)
    for entry in catalog:
        if not entry.msgid_plural and "{" not in entry.msgid:
            entry.msgstr = SECRET
    catalog.save(str(outside))
    return outside


@pytest.mark.parametrize("linked", ["the catalog", "its folder"])
def test_a_catalog_linked_from_outside_is_refused_unread_everywhere(
    tmp_path: Path, tmp_path_factory, secret_catalog, linked
) -> None:
    root = copy_small_project(tmp_path_factory, tmp_path / "project")
    path = root / CATALOG.format(language="fr")
    if linked == "the catalog":
        path.unlink()
        path.symlink_to(secret_catalog)
    else:
        (secret_catalog.parent / "LC_MESSAGES").mkdir()
        secret_catalog.rename(secret_catalog.parent / "LC_MESSAGES" / "messages.po")
        for stale in path.parent.iterdir():
            stale.unlink()
        path.parent.rmdir()
        path.parent.symlink_to(secret_catalog.parent / "LC_MESSAGES")
    check = run_cli_process("--root", str(root), "check")
    assert check.returncode == 1, check.stdout + check.stderr
    assert "locales/fr/LC_MESSAGES/messages.po: " in check.stdout and "refused unread" in check.stdout
    score = run_cli_process("--root", str(root), "score", "alpha", "--lang", "fr", "--example", "highest-total")
    assert score.returncode in (0, 1, 2), score.stderr
    project = load_project(root).project
    pages = "".join(page.text for page in render_pages(project))
    data = "".join(calculator_data(project, "fr", game) for game in project.games if game.scored)
    for output in (check.stdout + check.stderr, score.stdout + score.stderr, pages, data):
        assert SECRET not in output
    assert "Passer en mode sombre" not in pages and "Switch to dark mode" not in pages  # English, not read


class _Elements(HTMLParser):
    """Every element and attribute of a page as a browser reads it, the links' targets, the input
    fields' types and the executable scripts' text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.made: set[tuple[str, str]] = set()
        self.targets: set[str] = set()
        self.inputs: set[str] = set()
        self.scripts: list[str] = []
        self._script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.made.add((tag, ""))
        self.made |= {(tag, name) for name, _ in attrs}
        self.targets |= {value or "" for name, value in attrs if name in ("href", "src", "action")}
        if tag == "input":
            self.inputs.add(dict(attrs).get("type") or "text")
        # An executable script; the calculator's data is a <script type="application/json">.
        self._script = tag == "script" and (dict(attrs).get("type") or "") in ("", "text/javascript", "module")

    def handle_endtag(self, tag: str) -> None:
        self._script = False

    def handle_data(self, data: str) -> None:
        if self._script:
            self.scripts.append(data)


def elements(html: str) -> _Elements:
    parser = _Elements()
    parser.feed(html)
    parser.close()
    return parser


def french_pages(root: Path) -> dict[str, str]:
    """The French pages as HTML, converted as the build converts them but NOT sanitized."""
    converter = markdown.Markdown(extensions=list(MARKDOWN_EXTENSIONS))
    pages = {}
    for page in render_pages(load_project(root).project):
        if page.path.startswith("fr/"):
            converter.reset()
            pages[page.path] = converter.convert(page.text.split("\n---\n", 1)[-1])
    return pages


def test_a_hostile_catalog_past_every_check_makes_nothing_on_the_rendered_pages(
    tmp_path: Path, tmp_path_factory, monkeypatch
) -> None:
    """Defence in depth: with the catalog's judgement bypassed too, so that every hostile translation
    reaches the page writers, the pages hold exactly the elements, attributes and links of the
    real catalog's pages, and the calculator's data ends no script element."""
    import rulebook.render.calculator as calculator

    clean = french_pages(copy_small_project(tmp_path_factory, tmp_path / "clean"))
    root = copy_small_project(tmp_path_factory, tmp_path / "hostile")
    plant_catalog(root, "fr", REFUSED_CATALOG_TEXT)
    trust_every_translation(monkeypatch)
    hostile = french_pages(root)
    assert "alert(1)" in "".join(hostile.values())  # the payloads did reach the pages
    for path, html in hostile.items():
        seen, expected = elements(html), elements(clean[path])
        assert seen.made <= expected.made, (path, seen.made - expected.made)
        assert seen.targets <= expected.targets, (path, seen.targets - expected.targets)
        assert dangers_in_page(html) == [], path
    monkeypatch.setattr(calculator, "_PARTS", (None, {}))
    project = load_project(root).project
    for game in (game for game in project.games if game.scored):
        data = calculator_data(project, "fr", game)
        assert "<" not in data and ">" not in data and "&" not in data


def test_the_palette_names_are_escaped_for_material(tmp_path: Path, tmp_path_factory, monkeypatch) -> None:
    """Material's partials/palette.html prints the toggle's name into title and aria-label unescaped."""
    from mkdocs.config import load_config

    from rulebook.website.interface import localize_theme

    root = copy_small_project(tmp_path_factory, tmp_path)
    set_msgstr(root, "fr", "Switch to dark mode", PALETTE_BREAKOUT)
    trust_every_translation(monkeypatch)
    config = load_config(str(ROOT / "mkdocs.yml"))
    localize_theme(config, root, "fr")
    names = [option["toggle"]["name"] for option in config.theme["palette"] if option.get("scheme") == "default"]
    assert names == ["Passer en mode sombre&quot;&gt;&lt;script&gt;alert(9)&lt;/script&gt;&lt;i x=&quot;"]


def test_a_refused_translation_is_never_used_the_english_is_said(tmp_path: Path, tmp_path_factory) -> None:
    from rulebook.i18n.ui import ui_translations

    root = copy_small_project(tmp_path_factory, tmp_path)
    set_msgstr(root, "fr", "Switch to dark mode", PALETTE_BREAKOUT)
    set_msgstr(root, "fr", "Player {n}", "Joueur {n} {evil}")
    french = ui_translations(root, "fr")
    assert french.gettext("Switch to dark mode") == "Switch to dark mode"
    assert french.gettext("Player {n}") == "Player {n}"
    assert french.gettext("Switch to light mode") == "Passer en mode clair"  # the rest of the catalog is used


def trust_every_translation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every translation taken as the catalog has it, as if the catalog's judgement were not there
    (before it existed, there was nothing to bypass)."""
    try:
        import rulebook.i18n.ui_catalog as ui_catalog
    except ImportError:
        return
    monkeypatch.setattr(ui_catalog, "message_dangers", lambda msgid, text: iter(()))
    # Catalogs this process judged are not taken, and the ones read unjudged are forgotten after the test.
    monkeypatch.setattr(ui_catalog, "_JUDGED", ui_catalog.Remembered(ui_catalog._JUDGED.limit))


def bypassed_build(root: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` with the catalog check and judgement bypassed: the hostile catalog is
    built as if a check had let it through. (Before the catalog check existed, nothing to bypass.)"""
    bypass = (
        "import sys\n"
        "try:\n"
        "    import rulebook.validate.check as check, rulebook.i18n.ui_catalog as ui_catalog\n"
        "    check.catalog_problems = lambda root, languages: []\n"
        "    ui_catalog.message_dangers = lambda msgid, text: iter(())\n"
        "except ImportError:\n"
        "    pass\n"
        "from mkdocs.__main__ import cli\n"
        "sys.exit(cli())\n"
    )
    return subprocess.run(
        [sys.executable, "-c", bypass, "build", "--strict", "--quiet", "-d", str(site)],
        cwd=root,
        # The package this test imported (under `make mutate`, the mutant's copy).
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(Path(rulebook.__file__).resolve().parents[1])},
        capture_output=True,
        text=True,
    )


@pytest.mark.slow  # builds a site
def test_the_french_site_built_from_a_hostile_catalog_runs_nothing_injected(tmp_path: Path, tmp_path_factory) -> None:
    """One build of a copy whose French catalog holds a payload in every translation, the palette's
    attribute breakout in both toggles' names, with the check and the catalog's judgement bypassed."""
    root = copy_small_project(tmp_path_factory, tmp_path, site=True)
    plant_catalog(root, "fr", REFUSED_CATALOG_TEXT)
    for msgid in ("Switch to dark mode", "Switch to light mode"):
        set_msgstr(root, "fr", msgid, PALETTE_BREAKOUT)
    build = bypassed_build(root, root / "site")
    assert build.returncode == 0, build.stdout + build.stderr
    pages = sorted((root / "site" / "fr").rglob("*.html"))
    assert len(pages) >= 6
    for page in pages:
        html = page.read_text(encoding="utf-8")
        found = elements(html)
        assert dangers_in_page(html) == [], page
        assert not any("alert(" in script for script in found.scripts), page
        assert "password" not in found.inputs, page
        assert not any(name == "x" or name.startswith("on") for _, name in found.made), page  # <i x="
        assert not any(ELSEWHERE in target or "javascript:" in target.lower() for target in found.targets), page
    index = json.loads((root / "site" / "fr" / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert dangers_in_search_index(index) == []
    # The payloads reached the pages as text: this build did not simply leave them out.
    home = (root / "site" / "fr" / "index.html").read_text(encoding="utf-8")
    assert "alert(9)" in home


def test_a_template_linked_from_outside_is_refused_unread_by_new_language(
    tmp_path: Path, tmp_path_factory, capsys
) -> None:
    root = copy_small_project(tmp_path_factory, tmp_path / "project", site=True)
    outside = tmp_path / "outside.pot"
    outside.write_text(f'msgid ""\nmsgstr ""\n\nmsgid "Score"\nmsgstr ""\n\n# {SECRET}\nnot PO: {SECRET}\n')
    (root / "locales/messages.pot").unlink()
    (root / "locales/messages.pot").symlink_to(outside)
    before = tree_digest(root)
    code, out, err = run_cli(capsys, "--root", str(root), "new", "language", unused_language(lunr=False))
    assert code == 2, out + err
    assert "locales/messages.pot: a symbolic link" in err and "refused unread" in err
    assert SECRET not in out + err
    assert tree_digest(root) == before
