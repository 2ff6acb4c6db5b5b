"""The site as a player meets it, in Chromium: pages, language switch, search, offline, phone."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from conftest import ROOT
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
PAGES = [(language, game) for language in PROJECT.languages for game in PROJECT.games]


# The first words of each game's first and last rule, as a reader sees them, written out by hand
# from the YAML with the facts' numbers typed in (REBUS: 3 bags, 76 symbols; Oh My Word: 4 boards,
# 108 letter tiles): independent of the code that fills the placeholders.
FIRST_AND_LAST_WORDS = {
    ("en", "rebus"): ("Separate the tiles into the 3", "On the following pages is a"),
    ("en", "rebis"): ("In Rebis, players will take turns", "The base game box includes the"),
    ("en", "oh-my-word"): ("4 double-sided boards 108 letter tiles", "Follow the same procedure to remove"),
    ("fr", "rebus"): ("Répartissez les tuiles dans les 3", "Les pages suivantes présentent un glossaire"),
    ("fr", "rebis"): ("Dans Rebis, les joueurs tirent à", "La boîte du jeu de base"),
    ("fr", "oh-my-word"): ("4 plateaux double face 108 tuiles", "Procédez de la même façon pour"),
    ("cs", "rebus"): ("Roztřiďte kamínky podle barvy do 3", "Na následujících stranách najdete slovníček 76"),
    ("cs", "rebis"): ("Ve hře Rebis si hráči střídavě", "Součástí krabice základní hry je mini-rozšíření"),
    ("cs", "oh-my-word"): ("4 oboustranné herní plány 108 kamínků", "Při vyjímání baterií postupujte stejně."),
}
# The first word of each game's first referee note, per language (its question, from the YAML).
FIRST_RULING_WORD = {
    "en": {"rebus": "Do", "rebis": "Does", "oh-my-word": "What"},
    "fr": {"rebus": "Les", "rebis": "La", "oh-my-word": "Quel"},
    "cs": {"rebus": "Počítají", "rebis": "Počítá", "oh-my-word": "Jak"},
}


def language_root(site_url: str, language: str) -> str:
    return f"{site_url}/" if language == PROJECT.source_language else f"{site_url}/{language}/"


@pytest.mark.parametrize("language, game", PAGES, ids=[f"{lang}-{game.id}" for lang, game in PAGES])
def test_each_game_page_shows_its_rules(page: Page, site_url: str, language: str, game) -> None:
    page.goto(f"{language_root(site_url, language)}{game.id}/")
    assert page.inner_text("article h1").strip().rstrip("¶") == game.name
    assert page.get_attribute("html", "lang") == language
    rules = page.locator(".rb-rule")
    assert rules.count() == len(game.rules())
    for index, first_words in zip((0, len(game.rules()) - 1), FIRST_AND_LAST_WORDS[language, game.id], strict=True):
        rule = game.rules()[index]
        shown = " ".join(rules.nth(index).inner_text().split())
        assert shown.startswith(rule.number)
        assert first_words in shown


def test_switcher_lands_on_the_same_rule_in_the_other_language(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/fr/rebis/#closing-shelf")
    page.hover(".md-header__option .md-select")
    page.click("a.md-select__link[hreflang=cs]")
    page.wait_for_url("**/cs/rebis/**")
    assert urlparse(page.url).path == "/cs/rebis/"
    assert urlparse(page.url).fragment == "closing-shelf"
    assert page.get_attribute("html", "lang") == "cs"
    assert "Pokud vaše karta způsobí" in page.inner_text("#closing-shelf")


def test_switcher_keeps_the_place_a_reader_has_scrolled_to(page: Page, site_url: str) -> None:
    """No anchor in the address: the reader scrolled to rule 3.1 and switches language."""
    page.goto(f"{site_url}/fr/rebis/")
    page.evaluate(
        """() => {
            const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
            window.scrollBy(0, document.getElementById("closing-shelf").getBoundingClientRect().top - header);
        }"""
    )
    page.hover(".md-header__option .md-select")
    page.click("a.md-select__link[hreflang=cs]")
    page.wait_for_url("**/cs/rebis/**")
    assert urlparse(page.url).path == "/cs/rebis/"
    assert urlparse(page.url).fragment == "closing-shelf"
    # At the page's top, the switch lands at the other page's top.
    page.goto(f"{site_url}/fr/rebis/")
    page.hover(".md-header__option .md-select")
    page.click("a.md-select__link[hreflang=en]")
    page.wait_for_url(f"{site_url}/rebis/")
    assert urlparse(page.url).fragment == ""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_in_the_open_language_menu(page: Page, site_url: str, scheme: str) -> None:
    """The menu shows only while hovered or focused, so the page-wide axe runs never see it open."""
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{site_url}/fr/rebis/")
    page.focus("a.md-select__link[hreflang=cs]")  # the keyboard's way in: the menu opens on focus
    page.wait_for_selector("a.md-select__link[hreflang=cs]", state="visible")
    # The menu fades in and its entries change colour by CSS transitions: measured mid-way, axe saw
    # blended colours (4.28:1, 3.58:1) that no reader sees for more than a quarter of a second.
    page.wait_for_function("() => document.getAnimations().every(animation => animation.playState === 'finished')")
    assert page.get_attribute("body", "data-md-color-scheme") == {"light": "default", "dark": "slate"}[scheme]
    result = Axe().run(page, context=".md-select")
    assert [(violation["id"], len(violation["nodes"])) for violation in result.response["violations"]] == []


def search(page: Page, url: str, query: str) -> list[str]:
    page.goto(url)
    page.click("input.md-search__input")
    page.keyboard.type(query)
    page.wait_for_selector(".md-search-result__item a", state="attached")
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "links => links.map(a => a.href)")
    return [urlparse(href).path for href in hrefs]


@pytest.mark.search
def test_czech_search_ignores_accents_and_stays_in_czech(page: Page, site_url: str) -> None:
    paths = search(page, f"{site_url}/cs/", "hrac")
    assert paths, "hrac finds nothing"
    assert all(path.startswith("/cs/") for path in paths), paths


@pytest.mark.search
def test_accented_query_still_finds_accented_text(page: Page, site_url: str) -> None:
    paths = search(page, f"{site_url}/cs/", "hráč")
    assert paths and all(path.startswith("/cs/") for path in paths), paths


@pytest.mark.search
def test_french_search_without_accents_finds_the_rebis_page(page: Page, site_url: str) -> None:
    paths = search(page, f"{site_url}/fr/", "etagere")
    assert "/fr/rebis/" in paths, paths
    assert all(path.startswith("/fr/") for path in paths), paths


@pytest.mark.search
def test_english_search_stays_in_english(page: Page, site_url: str) -> None:
    paths = search(page, f"{site_url}/", "shelf")
    assert "/rebis/" in paths, paths
    assert not any(path.startswith(("/fr/", "/cs/")) for path in paths), paths


def test_pages_request_nothing_outside_the_site(page: Page, site_url: str) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    for path in ("/", "/fr/rebis/", "/cs/oh-my-word/"):
        page.goto(f"{site_url}{path}", wait_until="networkidle")
    outside = [url for url in requested if not url.startswith(site_url)]
    assert requested and outside == []


def test_a_rule_page_fits_a_phone_screen(browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{site_url}/cs/rebus/#bonus-squares")
    assert page.is_visible("#bonus-squares")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways: {width}px wide"
    context.close()


@pytest.mark.parametrize("language", PROJECT.languages)
def test_verified_examples_and_referee_notes_show_in_every_language(page: Page, site_url: str, language) -> None:
    for game in PROJECT.games:
        page.goto(f"{language_root(site_url, language)}{game.id}/")
        examples = page.locator(".rb-example")
        assert examples.count() == len(game.examples)
        assert page.locator(".rb-example .rb-verified").count() == len(game.examples)
        notes = page.locator("#referee-notes ~ .rb-ruling")
        assert notes.count() == len(game.rulings)
        question = page.locator(f"#ruling-{game.rulings[0].id} p strong").first.inner_text()
        assert question.split()[0] == FIRST_RULING_WORD[language][game.id], question
    # One breakdown read in full: REBUS, all 9 tiles in one rebus (9 × 3 = 27, + 50 = 77).
    page.goto(f"{language_root(site_url, language)}rebus/#example-nine-tiles")
    table = page.inner_text("#example-nine-tiles table")
    assert "9 × 3 = 27" in table and "27 + 50 = 77" in table
