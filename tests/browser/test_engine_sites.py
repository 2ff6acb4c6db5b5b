"""Issue 51: three engines, one site. The same site tests run on the site MkDocs builds, on the one
ProperDocs builds, and on the one Zensical builds (with zensical-i18n) between our two steps,
`rulebook render` and `rulebook finish`: the pages in every language, the calculator, the policy,
offline use, search in each language, the language switch, the quiz and the `/en/` redirects.

A difference is a failing test. Where the engine cannot do a thing, its parameter is a strict xfail
whose reason names the engine's source, and dev/engines.md says why. Run by `make test-engines`.

Each engine builds the fixture games' project (fixture_variants.make_engine_project): alpha, scored, with
its corrections and its quiz, and beta, in en, fr and cs, the glossary given to alpha.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page

from browser.accessibility import violations_in_both_schemes
from browser.calculator_form import command_table, fill, open_form, press
from browser.conftest import BuiltSiteHandler, serve
from browser.test_glossary_site import filter_for
from browser.test_offline_worker import installed
from browser.test_quiz_site import pick, quiz_question
from browser.test_scoring_cases import check_scoring_cases
from browser.test_search_ranking import top_results
from conftest import FIXTURE_LANGUAGES, build_site, run_cli_process
from rulebook.load.project import load_project
from rulebook.render.search import FOLDED_FIELD
from rulebook.website.finish import THEME_PAGE_MARK
from rulebook.website.interface import interface_words, permalink_title, toggle_names
from rulebook.website.page_scripts import TAIL_MARK, jinja_escaped
from rulebook.website.theme_folders import zensical_templates
from scoring_cases import CASES_FILE, Case, example_cases
from test_engines import engine_command
from test_zensical_probe import GAMES, build, project_without_pages, render, zensical

pytestmark = [pytest.mark.engines, pytest.mark.browser]

# The fixture's languages and games (make_small_project): alpha is scored, beta is not.
LANGUAGES = FIXTURE_LANGUAGES
SOURCE, OTHERS = LANGUAGES[0], LANGUAGES[1:]
SCORED = ["alpha"]
ENGINES = ("mkdocs", "properdocs", "zensical")
POLICY_META = '<meta http-equiv="Content-Security-Policy"'
NO_STEMMER = (
    "Zensical 0.0.73's search (assets/javascripts/workers/search.*.min.js in its wheel) reads its own"
    " search.json and has no stemmer; our stems and folded words live in Material's lunr index (dev/engines.md)"
)
# What the page's scripts see go wrong: a policy's refusal, an uncaught error.
WATCH = """window.__problems = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__problems.push(`policy: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
window.addEventListener("error", (e) => window.__problems.push(`error: ${e.message}`));"""


def mkdocs_site(root: Path) -> Path:
    """`mkdocs build --strict` of the project at root, into root/site."""
    return build_site(root, root / "site")


def properdocs_site(root: Path) -> Path:
    """`properdocs build --strict` of the project at root, into root/site (as test_engines builds this one)."""
    result = subprocess.run(
        [*engine_command("properdocs"), "build", "--strict", "--quiet", "-f", "mkdocs.yml", "-d", str(root / "site")],
        cwd=root,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "site"


def zensical_site(root: Path) -> Path:
    """The project at root as git would have it, then `rulebook render`, zensical-i18n, and `rulebook
    finish` with Zensical's templates (their inline scripts and styles, which the policy hashes)."""
    rendered = render(root)
    assert rendered.returncode == 0, rendered.stderr
    build("zensical-i18n", root, "mkdocs.rendered.yml")
    templates = zensical_templates(zensical("zensical"))  # as make build-zensical and make bench-engines find them
    folders = [option for folder in templates for option in ("--theme-dir", folder)]
    finished = run_cli_process("--root", str(root), "finish", str(root / "site"), *folders, cwd=root)
    assert finished.returncode == 0, finished.stderr
    return root / "site"


BUILDERS = {"mkdocs": mkdocs_site, "properdocs": properdocs_site, "zensical": zensical_site}


class _Sites(dict):
    """Each engine's site of a copy of the fixture project, built the first time a test asks for it."""

    def __init__(self, folders: pytest.TempPathFactory) -> None:
        super().__init__()
        self._folders = folders

    def __missing__(self, engine: str) -> Path:
        root = project_without_pages(self._folders, self._folders.mktemp(f"{engine}-fixture-site"))
        self[engine] = BUILDERS[engine](root)
        return self[engine]


@pytest.fixture(scope="session")
def engine_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return _Sites(tmp_path_factory)


@pytest.fixture(scope="session")
def project(engine_sites: dict[str, Path]) -> Path:
    """The fixture project MkDocs built: what the pages' words and the scorers' answers are read from."""
    return engine_sites["mkdocs"].parent


@pytest.fixture(scope="module", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(scope="module")
def site(engine: str, engine_sites: dict[str, Path]) -> Path:
    return engine_sites[engine]


@pytest.fixture(scope="module")
def url(site: Path) -> Iterator[str]:
    yield from serve(site, BuiltSiteHandler)


def prefix(language: str) -> str:
    return "" if language == SOURCE else f"{language}/"


def theme_pages(site: Path) -> dict[str, str]:
    """Every page the engine rendered from the theme, by its path in the site."""
    pages = {}
    for path in sorted(site.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        if THEME_PAGE_MARK in text:
            pages[path.relative_to(site).as_posix()] = text
    return pages


def watched(page: Page, address: str) -> list[str]:
    page.add_init_script(WATCH)
    page.goto(address, wait_until="networkidle")
    return page.evaluate("window.__problems")


# The pages.
def test_the_same_pages_in_every_language(site: Path, engine_sites: dict[str, Path]) -> None:
    assert sorted(theme_pages(site)) == sorted(theme_pages(engine_sites["mkdocs"]))
    for language in LANGUAGES:
        for game in GAMES:
            text = (site / prefix(language) / game / "index.html").read_text(encoding="utf-8")
            assert f'<html lang="{language}"' in text, (language, game)


def test_en_addresses_lead_to_the_root(page: Page, url: str) -> None:
    game = SCORED[0]
    page.goto(f"{url}/{SOURCE}/{game}/#calculator")
    page.wait_for_url(f"{url}/{game}/#calculator")
    assert page.get_attribute("html", "lang") == SOURCE


def test_each_language_s_404_page_speaks_it(site: Path, project: Path) -> None:
    for language in LANGUAGES:
        words = interface_words(project, language)
        page = (site / prefix(language) / "404.html").read_text(encoding="utf-8")
        for key in ("not_found", "not_found_help", "home"):
            assert f">{jinja_escaped(words[key])}<" in page, (language, key)
        if language != SOURCE:
            assert words["not_found"] != interface_words(project, SOURCE)["not_found"]  # a translated word


PALETTE_TITLES = re.compile(r'<label class="md-header__button md-icon" title="([^"]*)"')
PERMALINK_TITLES = re.compile(r'<a class="headerlink" href="#[^"]*" title="([^"]*)"')


def test_the_theme_s_words_are_in_the_page_s_language(site: Path, project: Path) -> None:
    """The palette's toggles, the headings' anchors and the footer: words of mkdocs.yml, of toc and of
    our templates, which the plugin sets for each language and render and finish give other engines."""
    for language in LANGUAGES:
        page = (site / prefix(language) / SCORED[0] / "index.html").read_text(encoding="utf-8")
        toggles = set(PALETTE_TITLES.findall(page))
        assert toggles and toggles <= set(toggle_names(project, language).values()), (language, toggles)
        anchors = set(PERMALINK_TITLES.findall(page))
        assert anchors == {html.escape(permalink_title(project, language), quote=False)}, (language, anchors)
        before_tool = interface_words(project, language)["made_with"].partition("{tool}")[0]
        assert f'<span data-rb-word="made_with.0">{jinja_escaped(before_tool)}</span>' in page, language


# The policy, and our scripts on every page.
def test_every_page_has_the_policy_first_and_our_scripts_once(site: Path) -> None:
    for name, text in theme_pages(site).items():
        head = text.index("<head>") + len("<head>")
        assert text[head:].lstrip().startswith(POLICY_META), name
        assert text.count(TAIL_MARK) == 1, name
        game = name.split("/")[-2] if name.endswith("/index.html") and name.count("/") >= 1 else ""
        expected = 1 if game in SCORED and name in {f"{prefix(code)}{game}/index.html" for code in LANGUAGES} else 0
        assert text.count('id="rb-calculator-data"') == expected, name


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_browser_refuses_nothing_on_the_pages(page: Page, url: str, language: str) -> None:
    for path in ("", *(f"{game}/" for game in SCORED), "glossary/"):
        assert watched(page, f"{url}/{prefix(language)}{path}") == [], (language, path)


# Accessibility: axe in light and dark on a game page, the glossary and the quiz.
def test_axe_finds_nothing_in_either_scheme(page: Page, url: str) -> None:
    found = []
    for path in (f"{prefix(OTHERS[0])}{SCORED[0]}/", f"{prefix(OTHERS[-1])}glossary/", f"{SCORED[-1]}/quiz/"):
        page.goto(f"{url}/{path}", wait_until="networkidle")
        found += [f"{path} ({v['scheme']}): {v['id']} ({v['impact']})" for v in violations_in_both_schemes(page)]
    assert found == []


# The calculator: every scoring case through each game page's scorer, and the form in the page.
def fixture_cases(root: Path, game: str) -> list[Case]:
    """The game's scoring cases (rules/<game>/scoring-cases.json) and worked examples, in the project at
    root, as scoring_cases.game_cases reads this project's."""
    written = json.loads((root / "rules" / game / CASES_FILE).read_text(encoding="utf-8"))
    cases = [
        Case(game, case["description"], case["situation"], case.get("values"), case.get("refused"))
        for case in written["cases"]
    ]
    return cases + example_cases(load_project(root).project, game)


def check_cases(page: Page, root: Path, game: str) -> None:
    """Every case of the game and its worked examples, of the fixture project at root, through the scorer
    of the game page `page` shows (test_scoring_cases.check_scoring_cases)."""
    cases = fixture_cases(root, game)
    assert {"worked example highest-total", "worked example four-rounds"} <= {case.description for case in cases}
    check_scoring_cases(page, game, cases, root)


@pytest.mark.parametrize("game", SCORED)
def test_the_calculator_scores_every_case(page: Page, url: str, project: Path, game: str) -> None:
    for language in LANGUAGES:
        page.goto(f"{url}/{prefix(language)}{game}/")
        check_cases(page, project, game)
    assert page.locator(".rb-calculator form").count() == 1


# The calculator through its form, as a referee uses it: each worked example the rules give typed into
# the game page's fields, the button pressed, the breakdown read; the command's, in the page's language.
@pytest.mark.parametrize("game", SCORED)
def test_the_form_shows_each_worked_example_as_the_command_does(page: Page, url: str, project: Path, game: str) -> None:
    language = OTHERS[0]
    examples = [case for case in fixture_cases(project, game) if case.description.startswith("worked example")]
    scored = [case for case in examples if case.refused is None and case.refused_code is None]
    assert len(scored) == 2, game  # alpha's highest-total and tie (record_corrections)
    for case in scored:
        open_form(page, url, language, game)
        fill(page, language, game, case.situation, root=project)
        shown = command_table(game, case.situation, language, root=project)
        assert shown is not None and press(page, language) == shown, case.description


# The quiz: a worked example answered as a reader does (quiz_alpha's highest-total, by hand: Ann 3 + 2 + 4 = 9,
# Bob 5 + 1 + 2 = 8).
def test_the_quiz_hears_the_answer(page: Page, url: str) -> None:
    page.goto(f"{url}/alpha/quiz/", wait_until="networkidle")
    question = quiz_question(page, "example-highest-total")
    pick(question, [("Ann", 9), ("Bob", 8)], right=True)
    assert question.locator("output").inner_text() == "Right."


# Offline: the worker installs the build's list, and a page never visited opens without a network.
def test_a_page_opens_offline(browser: Browser, url: str, site: Path) -> None:
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.goto(f"{url}/", wait_until="networkidle")
        installed(page, site)
        context.set_offline(True)
        page.goto(f"{url}/{prefix(OTHERS[0])}{SCORED[-1]}/")
        assert page.get_attribute("html", "lang") == OTHERS[0]
    finally:
        context.close()


# The language switch: from a page to the same page in another language.
def test_the_switch_keeps_the_page(page: Page, url: str, engine: str) -> None:
    game = SCORED[0]
    page.goto(f"{url}/{prefix(OTHERS[0])}{game}/", wait_until="networkidle")
    link = page.locator(f"a[hreflang={OTHERS[-1]}]").first
    link.evaluate("(link) => link.click()")  # the menu opens on hover; the reader's click is the link's
    page.wait_for_url(f"**/{OTHERS[-1]}/{game}/**")
    assert urlparse(page.url).path == f"/{OTHERS[-1]}/{game}/"


# The glossary filter stems as search does: a plural, a declined word (tests/browser/test_glossary_folding.py).
FILTER_WORDS = {"fr": "d’abeilles", "cs": "včelou"}


def test_the_glossary_filter_finds_another_form_of_a_word(page: Page, url: str) -> None:
    for language, query in FILTER_WORDS.items():
        page.goto(f"{url}/{prefix(language)}glossary/", wait_until="networkidle")
        assert filter_for(page, query) == ["bee"], language


# Search: each language's own pages, and another form of a word through our stems, typed into the
# engine's own search field. Material's results are a list in the page; Zensical's, a dialog in a
# shadow root (its bundle's), which Playwright's locators pierce.
ZENSICAL_RESULTS = "(dialog) => [...dialog.querySelectorAll('a')].map((a) => a.href)"


def searched(page: Page, url: str, engine: str, language: str, query: str) -> list[str]:
    """The rules and sections the engine's search lists for the query, in order, on the language's
    home page: their paths and anchors, not a page's own entry."""
    if engine != "zensical":
        return top_results(page, url, language, query)
    page.goto(f"{url}/{prefix(language)}", wait_until="networkidle")
    page.click(".md-search__button")
    page.keyboard.type(query)
    dialog = page.locator("dialog[open]")
    page.wait_for_function(
        "() => [...document.body.children].some((e) => e.shadowRoot && e.shadowRoot.querySelector('dialog a'))"
    )
    page.wait_for_timeout(300)  # its results come in one render; a moment for the last keystroke's
    results = []
    for href in dialog.evaluate(ZENSICAL_RESULTS):
        address = urlparse(href)
        if address.fragment and f"{address.path}#{address.fragment}" not in results:
            results.append(f"{address.path}#{address.fragment}")
    return results


# Each language's word as its title says it (alpha's section turn, record_corrections: "Turn", « Tour »,
# "Tah"): every engine finds the section in its first three.
TITLE_WORDS = {"en": "turn", "fr": "tour", "cs": "tah"}


@pytest.mark.search
def test_each_language_s_search_finds_its_own_section(page: Page, url: str, engine: str) -> None:
    for language, word in TITLE_WORDS.items():
        assert f"/{prefix(language)}alpha/#turn" in searched(page, url, engine, language, word)[:3], language


@pytest.mark.search
def test_search_finds_another_form_of_a_word(page: Page, url: str, engine: str, request: pytest.FixtureRequest) -> None:
    """ "tours" and "tahy", plurals (the title says « Tour », "Tah", and no page has either plural): only a
    stemmer finds the section first (tests/browser/test_search_ranking.py measures the same on MkDocs' site)."""
    if engine == "zensical":
        request.applymarker(pytest.mark.xfail(strict=True, raises=AssertionError, reason=NO_STEMMER))
    assert searched(page, url, engine, "fr", "tours")[0] == "/fr/alpha/#turn"
    assert searched(page, url, engine, "cs", "tahy")[0] == "/cs/alpha/#turn"


# Search: an index per language, with our folding and stems.
def search_index(site: Path, language: str) -> dict:
    for name in ("search/search_index.json", "search.json"):
        index = site / prefix(language) / name
        if index.is_file():
            return json.loads(index.read_text(encoding="utf-8"))
    raise AssertionError(f"{language}: no search index")


def test_each_language_searches_its_own_pages(site: Path) -> None:
    for language in LANGUAGES:
        index = search_index(site, language)
        assert language in index["config"]["lang"], language
        locations = [entry["location"] for entry in index["docs" if "docs" in index else "items"]]
        assert locations and not any(
            location.startswith(tuple(f"{code}/" for code in OTHERS)) for location in locations
        )


def test_search_has_our_stems_and_folded_words(site: Path, engine: str, request: pytest.FixtureRequest) -> None:
    if engine == "zensical":
        request.applymarker(pytest.mark.xfail(strict=True, raises=AssertionError, reason=NO_STEMMER))
    for language in LANGUAGES:
        assert FOLDED_FIELD in search_index(site, language)["config"].get("fields", {}), language
