"""Issue 27, the exit plan: what Zensical (Material's successor) does with this project today, measured
(dev/engines.md). It reads mkdocs.yml, runs Python-Markdown extensions and skips every plugin not on
its own list, silently: ours and mkdocs-static-i18n. zensical-i18n wraps it for the languages.
What it builds is the fixture games' project (fixture_variants.make_engine_project: alpha and beta in
en, fr and cs, the glossary given to alpha) with this project's mkdocs.yml: the toolkit's behaviour.

Each test asserts what Zensical alone does. What our after step, `rulebook finish`, adds to its site
(the policy, the calculator, the offline copy, the `/en/` redirects) is tested with the same site
tests as MkDocs' and ProperDocs' sites, in tests/browser/test_engine_sites.py.
Run by `make test-engines`, which installs Zensical in its own venv (.venv-engines) and names it in
RULEBOOK_ZENSICAL; without it these tests fail rather than pass silently.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
from pathlib import Path

import pytest

from conftest import FIXTURE_LANGUAGES, ROOT, run_cli_process
from fixture_variants import copy_engine_project
from rulebook.website.page_scripts import TAIL_MARK

pytestmark = pytest.mark.engines

# A page no content makes: what the Markdown extension does to a page (render/markdown_extension.py).
PROBE_PAGE = """# Probe

## __config

See [the rules](https://Rules.Example/r).

<div onclick="steal()">text</div>
"""


def zensical(command: str) -> Path:
    """`zensical` or `zensical-i18n`, from the venv `make test-engines` names."""
    named = os.environ.get("RULEBOOK_ZENSICAL")
    if not named:
        pytest.fail("RULEBOOK_ZENSICAL is not set: run `make test-engines`, which installs Zensical in .venv-engines")
    path = Path(named).with_name(command)
    assert path.is_file(), path
    return path


# The fixture's games and their names (make_small_project: `rulebook new game alpha --name Alpha`), in
# the project's order; the site's pages besides them.
GAMES = {"alpha": "Alpha", "beta": "Beta"}
PLANTED = "rules/alpha/game.yaml"  # where a test plants an error that `rulebook check` refuses


def project_without_pages(tmp_path_factory: pytest.TempPathFactory, target: Path) -> Path:
    """The fixture project as git would have it: content and mkdocs.yml, no generated page."""
    return copy_engine_project(tmp_path_factory, target)


def plant_error(root: Path) -> None:
    """A field no game has, at the end of alpha's game.yaml: what `rulebook check` refuses."""
    game = root / PLANTED
    game.write_text(game.read_text(encoding="utf-8") + "\nnot_a_field: true\n", encoding="utf-8")


def with_pages(root: Path) -> Path:
    """The step before the engine: `rulebook render` writes the pages and mkdocs.rendered.yml."""
    result = render(root)
    assert result.returncode == 0, result.stderr
    (root / "docs" / "en" / "probe.md").write_text(PROBE_PAGE, encoding="utf-8")
    return root


def render(root: Path) -> subprocess.CompletedProcess[str]:
    return run_cli_process("--root", str(root), "render", cwd=root)


def build(command: str, root: Path, config: str = "mkdocs.yml") -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(zensical(command)), "build", "--clean", "-f", config],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(ROOT / "tools")},  # our Markdown extension
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Zensical on the project with an error planted in the content, as `rulebook check` would refuse."""
    root = project_without_pages(tmp_path_factory, tmp_path_factory.mktemp("zensical-bare"))
    plant_error(root)
    result = build("zensical", root)
    return root / "site", result.stdout + result.stderr


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Zensical on the project with its pages written beforehand."""
    root = with_pages(project_without_pages(tmp_path_factory, tmp_path_factory.mktemp("zensical-pages")))
    build("zensical", root)
    return root / "site"


@pytest.fixture(scope="module")
def i18n_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`rulebook render`, then zensical-i18n on the configuration it wrote (mkdocs-static-i18n's settings,
    and the navigation our plugin gives MkDocs)."""
    root = with_pages(project_without_pages(tmp_path_factory, tmp_path_factory.mktemp("zensical-i18n")))
    build("zensical-i18n", root, "mkdocs.rendered.yml")
    return root / "site"


def html_lang(page: Path) -> str:
    found = re.search(r'<html lang="([^"]*)"', page.read_text(encoding="utf-8"))
    assert found, page
    return found[1]


# Zensical alone, on the project as it is.
def test_zensical_skips_our_plugin_silently_no_check_no_page(bare: tuple[Path, str]) -> None:
    site, output = bare
    assert "not_a_field" not in output  # no check ran: the planted error passes
    assert (site / "404.html").is_file()
    pages = sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))
    assert pages == ["404.html"]  # no page: our plugin writes them, and it never ran


# Zensical alone, with the pages rendered beforehand.
def test_zensical_runs_our_markdown_extension(rendered: Path) -> None:
    probe = (rendered / "en" / "probe" / "index.html").read_text(encoding="utf-8")
    assert 'id="text-__config"' in probe  # anchors.slugify, given to toc
    assert '<span class="rb-host">(rules.example)</span>' in probe  # outside links' hosts
    assert "onclick" not in probe and "generated by rulebook" not in probe  # the sanitizer


def test_zensical_builds_each_language_as_a_plain_folder_in_english(rendered: Path) -> None:
    """No mkdocs-static-i18n: en/, fr/ and cs/ are folders of one English site, no language at the root."""
    assert not (rendered / "index.html").exists()
    for language in FIXTURE_LANGUAGES:
        assert html_lang(rendered / language / "alpha" / "index.html") == "en"
    assert "hreflang" not in (rendered / "fr" / "alpha" / "index.html").read_text(encoding="utf-8")


# The steps around the engine: `rulebook render` before it.
def test_render_refuses_content_with_errors_and_writes_no_page(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    """Zensical checks nothing (above); the step before it does, as our plugin does for MkDocs."""
    root = project_without_pages(tmp_path_factory, tmp_path)
    plant_error(root)
    result = render(root)
    assert result.returncode == 1
    assert f"{PLANTED}:" in result.stdout and "not_a_field" in result.stdout
    assert not (root / "docs" / "en").exists() and not (root / "mkdocs.rendered.yml").exists()


def test_render_then_zensical_builds_the_pages_from_rules(i18n_site: Path) -> None:
    for language in ("", "fr/", "cs/"):
        for page in (*GAMES, "glossary", "status"):
            assert (i18n_site / language / page / "index.html").is_file(), language + page


def test_zensical_takes_our_theme_overrides(i18n_site: Path) -> None:
    """`rulebook render` names our theme folder, and Zensical's templates accept it: our stylesheets
    are on every page, and the 404 page is ours. Our scripts are not: they need data that only our
    after step, `rulebook finish`, gives a page on Zensical (website/page_scripts.py)."""
    for language in ("", "fr/", "cs/"):
        page = (i18n_site / language / "alpha" / "index.html").read_text(encoding="utf-8")
        for asset in ("stylesheets/rulebook.css", "stylesheets/glossary.css", "manifest.webmanifest"):
            assert asset in page, (language, asset)
        assert TAIL_MARK not in page
    assert "Page not found" in (i18n_site / "404.html").read_text(encoding="utf-8")


def test_zensical_i18n_switches_language_on_the_same_page(i18n_site: Path) -> None:
    """Its language menu links each language's copy of the page being read, not that language's home."""
    french = (i18n_site / "fr" / "alpha" / "index.html").read_text(encoding="utf-8")
    links = {
        language: html.unescape(href)
        for href, language in re.findall(r'<a href="([^"]*)" hreflang="([a-z]+)"[^>]*md-i18n__link', french)
    }
    assert links == {"en": "../../alpha/", "fr": "././", "cs": "../../cs/alpha/"}, links


def menu(page: Path) -> list[str]:
    """The titles the primary navigation's links show, in order (the current page's toggle aside)."""
    text = page.read_text(encoding="utf-8")
    primary = text[text.index("md-nav--primary") :].split("md-nav--secondary")[0]
    link = r'<a href="[^"]*" class="md-nav__link[^"]*">\s*<span class="md-ellipsis">([^<]+)</span>'
    links = re.findall(link, primary)
    return [re.sub(r"\s+", " ", title).strip() for title in links]


def test_render_gives_zensical_each_language_s_menu(i18n_site: Path) -> None:
    """Without our navigation the French and Czech menus showed English folder names, twice. Now each
    language's menu is its pages' own headings, in the project's order, each once."""
    for language, home, glossary, status in (
        ("", "Board game rules", "Glossary", "Translation status"),
        ("fr/", "Règles de jeux de société", "Glossaire", "État des traductions"),
        ("cs/", "Pravidla deskových her", "Slovníček", "Stav překladů"),
    ):
        titles = menu(i18n_site / language / "status" / "index.html")
        games = len(GAMES) + 1
        assert titles[:games] == [home, *GAMES.values()], (language, titles)
        assert titles[games].startswith(glossary) and titles[games + 1 :] == [status], (language, titles)


# zensical-i18n: the languages.
def test_zensical_i18n_builds_the_three_languages_from_mkdocs_yml(i18n_site: Path) -> None:
    assert html_lang(i18n_site / "alpha" / "index.html") == "en"
    assert html_lang(i18n_site / "fr" / "alpha" / "index.html") == "fr"
    assert html_lang(i18n_site / "cs" / "alpha" / "index.html") == "cs"
    french = (i18n_site / "fr" / "alpha" / "index.html").read_text(encoding="utf-8")
    assert "Règles de jeux de société" in french  # the language's site_name
    assert 'hreflang="cs"' in french  # alternates to the other languages
    for language in ("", "fr/", "cs/"):
        assert (i18n_site / f"{language}search.json").is_file()  # a search index per language
        assert (i18n_site / f"{language}404.html").is_file()
