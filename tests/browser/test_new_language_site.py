"""A language added by `rulebook new language pl` works in Chromium as the others do: its search
stays in its own tree, the switcher lands on the same rule, the glossary filter runs (issue 16)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page

from authoring import unused_language
from browser.conftest import serve
from browser.test_glossary_site import visible_cards
from browser.test_site import search

pytestmark = pytest.mark.browser
CODE = unused_language(lunr=False)  # as the polish_site fixture chose it


@pytest.fixture(scope="module")
def polish_url(polish_site: Path) -> Iterator[str]:
    yield from serve(polish_site)


@pytest.mark.search
def test_search_in_the_new_language_finds_its_own_pages_only(page: Page, polish_url: str) -> None:
    paths = search(page, f"{polish_url}/{CODE}/", "shelf")  # the pages are in English for now
    assert f"/{CODE}/rebis/" in paths, paths
    assert all(path.startswith(f"/{CODE}/") for path in paths), paths


def test_switcher_goes_from_the_new_language_to_the_same_rule(page: Page, polish_url: str) -> None:
    page.goto(f"{polish_url}/{CODE}/rebis/#closing-shelf")
    assert page.get_attribute("html", "lang") == CODE
    page.hover(".md-header__option .md-select")
    page.click("a.md-select__link[hreflang=fr]")
    page.wait_for_url("**/fr/rebis/**")
    assert urlparse(page.url).path == "/fr/rebis/" and urlparse(page.url).fragment == "closing-shelf"


def test_the_glossary_filter_works_in_the_new_language(page: Page, polish_url: str) -> None:
    page.goto(f"{polish_url}/{CODE}/glossary/")
    assert len(visible_cards(page)) == 76
    page.click("#rb-filter")
    page.keyboard.type("leaf")
    assert visible_cards(page) == ["leaf"]
