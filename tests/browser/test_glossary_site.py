"""The glossary in Chromium: the filter box, links from rules, search in each language, a phone."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page

from browser.test_site import search

pytestmark = pytest.mark.browser


def visible_cards(page: Page) -> list[str]:
    return page.eval_on_selector_all(".rb-symbol:not([hidden]) h3", "headings => headings.map(h => h.id)")


def test_the_filter_narrows_the_grid_as_you_type(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/fr/glossary/")
    assert len(visible_cards(page)) == 76
    page.click("#rb-filter")
    page.keyboard.type("feuil")
    assert visible_cards(page) == ["leaf"]
    assert page.inner_text("#rb-filter-count") == "1 / 76"
    # A reading matches too, and accents do not matter.
    page.fill("#rb-filter", "")
    page.keyboard.type("ETOILE")
    assert visible_cards(page) == ["star"]
    page.fill("#rb-filter", "")
    page.keyboard.type("scream")
    assert visible_cards(page) == ["ice-cream"]
    page.fill("#rb-filter", "")
    page.keyboard.type("zzzz")
    assert visible_cards(page) == []
    assert page.is_visible("#rb-filter-none")
    page.fill("#rb-filter", "")
    page.keyboard.type(" ")
    page.keyboard.press("Backspace")
    assert len(visible_cards(page)) == 76


def test_a_rule_links_to_the_glossary_entry_of_each_picture(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/cs/rebus/#plausible-sentences")
    page.click("#plausible-sentences .rb-illustration a[href$='#saw']")
    page.wait_for_url("**/cs/glossary/#saw")
    assert urlparse(page.url).path == "/cs/glossary/"
    assert page.is_visible("h3#saw")


@pytest.mark.parametrize(
    "language_root, query", [("", "leaf"), ("/fr", "feuille"), ("/cs", "list")], ids=["en", "fr", "cs"]
)
def test_site_search_finds_the_leaf_symbol_in_each_language(page: Page, site_url: str, language_root, query) -> None:
    paths = search(page, f"{site_url}{language_root}/", query)
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "links => links.map(a => a.href)")
    assert f"{language_root}/glossary/" in paths, paths
    assert any(urlparse(href).fragment == "leaf" for href in hrefs), hrefs


def test_the_glossary_fits_a_phone(browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{site_url}/fr/glossary/#eye")
    assert page.is_visible("h3#eye")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()
