"""The site as a player meets it, in Chromium: pages, language switch, search, offline, phone."""

from __future__ import annotations

import re
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page

from conftest import ROOT
from rulebook.load.project import load_project
from rulebook.placeholders import fill

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
PAGES = [(language, game) for language in PROJECT.languages for game in PROJECT.games]


def plain(markdown: str) -> str:
    """What a reader sees of a rule's Markdown: no list markers, no emphasis marks."""
    return re.sub(r"(?m)^\s*[-*+]\s+", "", markdown).replace("*", "")


def language_root(site_url: str, language: str) -> str:
    return f"{site_url}/" if language == PROJECT.source_language else f"{site_url}/{language}/"


@pytest.mark.parametrize("language, game", PAGES, ids=[f"{lang}-{game.id}" for lang, game in PAGES])
def test_each_game_page_shows_its_rules(page: Page, site_url: str, language: str, game) -> None:
    page.goto(f"{language_root(site_url, language)}{game.id}/")
    assert page.inner_text("article h1").strip().rstrip("¶") == game.name
    assert page.get_attribute("html", "lang") == language
    rules = page.locator(".rb-rule")
    assert rules.count() == len(game.rules())
    for index in (0, len(game.rules()) - 1):  # the first and the last rule, as the YAML says them
        rule = game.rules()[index]
        unit = game.words[language].units[rule.unit_id]
        first_words = " ".join(plain(fill(unit.text, game.facts, language)).split()[:6])
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


def search(page: Page, url: str, query: str) -> list[str]:
    page.goto(url)
    page.click("input.md-search__input")
    page.keyboard.type(query)
    page.wait_for_selector(".md-search-result__item a", state="attached")
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "links => links.map(a => a.href)")
    return [urlparse(href).path for href in hrefs]


def test_czech_search_ignores_accents_and_stays_in_czech(page: Page, site_url: str) -> None:
    paths = search(page, f"{site_url}/cs/", "hrac")
    assert paths, "hrac finds nothing"
    assert all(path.startswith("/cs/") for path in paths), paths


def test_accented_query_still_finds_accented_text(page: Page, site_url: str) -> None:
    paths = search(page, f"{site_url}/cs/", "hráč")
    assert paths and all(path.startswith("/cs/") for path in paths), paths


def test_french_search_without_accents_finds_the_rebis_page(page: Page, site_url: str) -> None:
    paths = search(page, f"{site_url}/fr/", "etagere")
    assert "/fr/rebis/" in paths, paths
    assert all(path.startswith("/fr/") for path in paths), paths


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
        first = game.rulings[0]
        question = game.words[language].units[first.unit_ids[0]].text
        shown = page.inner_text(f"#ruling-{first.id}")
        assert plain(fill(question, game.facts, language)).split()[0] in shown
    # One breakdown read in full: REBUS, all 9 tiles in one rebus (9 × 3 = 27, + 50 = 77).
    page.goto(f"{language_root(site_url, language)}rebus/#example-nine-tiles")
    table = page.inner_text("#example-nine-tiles table")
    assert "9 × 3 = 27" in table and "27 + 50 = 77" in table
