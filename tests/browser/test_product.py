"""Every page as a product: axe-core in both schemes, no console error or failed request, the
interface in the reader's language, a 404 page per language, /en/, and reading offline.

The toolkit's pages are driven on the fixture site (conftest.fixture_site, fixture_games.py: alpha,
scored, with its turn section, worked examples and referee note, and beta, in en, fr and cs, alpha
given the project's glossary). The real site is swept by content tests that name no game: axe on
each of its games' pages, and every page free of console errors and failed requests."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

import pytest
import yaml
from playwright.sync_api import Browser, BrowserContext, Page

from browser.accessibility import COLOUR_RULES, SCHEMES, colour_rules, scheme, violations_in_both_schemes
from browser.test_offline_worker import installed
from conftest import ROOT
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
LANGUAGES = PROJECT.languages
# One page of every type, in every language, on the fixture site.
PAGE_TYPES = ["", "alpha/", "quick-reference/alpha/", "glossary/", "status/", "404.html"]
# The real site's pages that show its content: the home and status pages, which list its games, and each
# game's page and quick reference, in every language. The glossary page is the fixture's: with_glossary
# gives alpha the project's own glossary.
CONTENT_PAGES = ["", "status/"] + [
    page for game in PROJECT.games for page in (f"{game.id}/", f"quick-reference/{game.id}/")
]
BLOCKING = {"serious", "critical"}


def root_of(language: str) -> str:
    return "/" if language == PROJECT.source_language else f"/{language}/"


def serious_violations(page: Page, url: str, paths: list[str]) -> list[str]:
    """What axe finds serious or critical on each page, in light and in dark (accessibility.py: the
    dark scheme through the reader's toggle)."""
    assert colour_rules(page) == COLOUR_RULES
    found = []
    for path in paths:
        page.goto(f"{url}{path}", wait_until="networkidle")
        found += [
            f"{path} ({violation['scheme']}): {violation['id']} ({violation['impact']})"
            f" at {violation['nodes'][0]['target']}"
            for violation in violations_in_both_schemes(page)
            if violation["impact"] in BLOCKING
        ]
    return found


@pytest.mark.long
@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_finds_nothing_serious_on_any_page_type(page: Page, fixture_url: str, language: str) -> None:
    assert serious_violations(page, fixture_url, [f"{root_of(language)}{kind}" for kind in PAGE_TYPES]) == []


@pytest.mark.long
@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_finds_nothing_serious_on_the_real_content(page: Page, site_url: str, language: str) -> None:
    """Content: the home and status pages and every game's page and quick reference of
    rules/project.yaml, light and dark."""
    assert serious_violations(page, site_url, [f"{root_of(language)}{path}" for path in CONTENT_PAGES]) == []


def test_a_reader_whose_system_is_dark_gets_the_dark_scheme(browser: Browser, fixture_url: str) -> None:
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(f"{fixture_url}/fr/alpha/")
    assert scheme(page) == SCHEMES["dark"]
    context.close()


def every_page(site: Path) -> list[str]:
    return sorted(
        "/" + path.relative_to(site).as_posix().removesuffix("index.html")
        for path in site.rglob("*.html")
        if not path.relative_to(site).as_posix().startswith(f"{PROJECT.source_language}/")  # the /en/ redirects
    )


def problems_on(context: BrowserContext, paths: list[str], site_url: str, workers: list[str]) -> list[str]:
    """Console errors and failed requests while the context's page opens each path in turn; the
    scripts of the workers it starts are added to `workers`."""
    page = context.new_page()
    page.on("worker", lambda worker: workers.append(urlparse(worker.url).path))
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    # A request the next navigation cancels fails as net::ERR_ABORTED: the test moved on, the site
    # did not fail (seen once, on the search worker, with the machine loaded). Any other failure counts.
    page.on(
        "requestfailed",
        lambda request: (
            problems.append(f"failed: {request.url} ({request.failure})")
            if request.failure != "net::ERR_ABORTED"
            else None
        ),
    )
    page.on(
        "response",
        lambda response: problems.append(f"{response.status}: {response.url}") if response.status >= 400 else None,
    )
    for path in paths:
        page.goto(f"{site_url}{path}", wait_until="networkidle")
    context.close()
    return problems


@pytest.mark.long
def test_no_page_logs_an_error_or_fails_a_request(browser: Browser, site_url: str, clean_site: Path) -> None:
    """Content: every page of the real site, whatever its games."""
    paths = every_page(clean_site)
    assert len(paths) >= 20
    # The search worker builds its language's index, the same on every page of the language: it
    # builds it on each language's home, and the other pages get the idle stand-in (the sweep took
    # 39.3 busy core-seconds with it on every page, 22.7 so). The offline copy's errors count too.
    homes = [root_of(language) for language in LANGUAGES]
    assert set(homes) <= set(paths)
    searched: list[str] = []
    problems = problems_on(browser.new_context(service_workers="allow", search=True), homes, site_url, searched)
    others = [path for path in paths if path not in homes]
    problems += problems_on(browser.new_context(service_workers="allow", search=False), others, site_url, [])
    assert problems == []
    assert len([script for script in searched if "/workers/search." in script]) == len(homes)


def test_the_interface_speaks_the_page_language(page: Page, fixture_url: str) -> None:
    page.goto(f"{fixture_url}/fr/alpha/")
    toggle = page.locator("label.md-header__button[for^=__palette]:visible")
    assert toggle.get_attribute("title") == "Passer en mode sombre"
    assert page.get_attribute("h2#turn a.headerlink", "title") == "Lien permanent"
    assert "Réalisé avec" in page.inner_text(".md-copyright")
    assert page.get_attribute(".md-search", "aria-label") == page.get_attribute(".md-search__input", "placeholder")
    page.goto(f"{fixture_url}/cs/status/")
    assert (
        page.locator("label.md-header__button[for^=__palette]:visible").get_attribute("title")
        == "Přepnout na tmavý režim"
    )
    assert "Vytvořeno pomocí" in page.inner_text(".md-copyright")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.search
def test_each_language_has_its_own_404(page: Page, fixture_url: str, language) -> None:
    """Its search finds the games' summaries: "rules", "règles", "pravidla" (fixture_games.TRANSLATIONS)."""
    page.goto(f"{fixture_url}{root_of(language)}404.html")
    assert page.get_attribute("html", "lang") == language
    words = {"en": "Page not found", "fr": "Page introuvable", "cs": "Stránka nenalezena"}
    assert page.inner_text("article h1").strip().rstrip("¶") == words[language]
    # The switcher leads to each language's root, not to some other page.
    links = page.eval_on_selector_all("a.md-select__link[hreflang]", "links => links.map(a => [a.hreflang, a.href])")
    assert {lang: urlparse(href).path for lang, href in links} == {code: root_of(code) for code in LANGUAGES}
    # Its search uses its own language's index.
    page.click("input.md-search__input")
    page.keyboard.type("regle" if language == "fr" else "pravidla" if language == "cs" else "rules")
    page.wait_for_selector(".md-search-result__item a", state="attached")
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "links => links.map(a => a.href)")
    paths = [urlparse(href).path for href in hrefs]
    others = [root_of(code) for code in LANGUAGES if code not in (language, PROJECT.source_language)]
    assert paths and all(not path.startswith(tuple(others)) for path in paths), paths
    if language != PROJECT.source_language:
        assert all(path.startswith(root_of(language)) for path in paths), paths


def test_en_leads_to_the_english_root(page: Page, fixture_url: str) -> None:
    page.goto(f"{fixture_url}/en/")
    page.wait_for_url(f"{fixture_url}/")
    assert page.get_attribute("html", "lang") == "en"
    page.goto(f"{fixture_url}/en/alpha/")
    page.wait_for_url(f"{fixture_url}/alpha/")
    # A cited rule keeps its anchor: the reader lands on the rule (alpha 2.1), not at the page's top.
    page.goto(f"{fixture_url}/en/alpha/#draw")
    page.wait_for_url(f"{fixture_url}/alpha/#draw")
    page.goto(f"{fixture_url}/en/beta/")
    page.wait_for_url(f"{fixture_url}/beta/")


@pytest.mark.search
def test_a_visited_site_works_offline(browser: Browser, fixture_site: Path, fixture_url: str) -> None:
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(f"{fixture_url}/", wait_until="networkidle")
    installed(page, fixture_site)  # the service worker has cached the whole site
    context.set_offline(True)
    page.goto(f"{fixture_url}/fr/alpha/")  # never visited
    assert page.get_attribute("html", "lang") == "fr"
    assert page.inner_text("article h1").strip().rstrip("¶") == "Alpha"
    assert "Défaussez une carte à la fin du tour." in page.inner_text("#discard")
    # Search, offline too: "defaussez" is alpha's 2.3 alone.
    page.click("input.md-search__input")
    page.keyboard.type("defaussez")
    page.wait_for_selector(".md-search-result__item a[href*='/fr/alpha/']", state="attached")
    page.goto(f"{fixture_url}/cs/glossary/")
    # Every symbol of the glossary the fixture was given (with_glossary), read from its own file.
    symbols = yaml.safe_load((fixture_site.parent / "glossary" / "symbols.yaml").read_text(encoding="utf-8"))
    assert page.locator(".rb-symbol").count() == len(symbols["symbols"])
    context.close()
