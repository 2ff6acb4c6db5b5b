"""A language added by `rulebook new language pl` works in Chromium as the others do: its search
stays in its own tree, the switcher lands on the same rule, the glossary filter runs (issue 16).
The project is the translated fixture with the glossary given to alpha (fixture_variants)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page

from authoring import unused_language
from browser.conftest import serve
from browser.test_glossary_site import visible_cards
from browser.test_site import search
from conftest import built_after
from fixture_variants import prepare_glossary_project

pytestmark = [pytest.mark.browser, pytest.mark.slow]
CODE = unused_language(lunr=False)  # Polish, unless the project has it already


@pytest.fixture(scope="module")
def new_language_project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The fixture project after `rulebook new language CODE`, with the command's result and its site built."""
    return built_after(tmp_path_factory, "fixture-new-language", prepare_glossary_project, ("new", "language", CODE))


@pytest.fixture(scope="module")
def new_language_url(new_language_project: tuple[Path, subprocess.CompletedProcess[str]]) -> Iterator[str]:
    root, result = new_language_project
    assert result.returncode == 0, result.stderr
    yield from serve(root / "site")


@pytest.mark.search
def test_search_in_the_new_language_finds_its_own_pages_only(page: Page, new_language_url: str) -> None:
    # The pages are in English for now: alpha's rule winner says "After 3 rounds, …"; beta has no rounds.
    paths = search(page, f"{new_language_url}/{CODE}/", "rounds")
    assert f"/{CODE}/alpha/" in paths, paths
    assert all(path.startswith(f"/{CODE}/") for path in paths), paths


def test_switcher_goes_from_the_new_language_to_the_same_rule(page: Page, new_language_url: str) -> None:
    page.goto(f"{new_language_url}/{CODE}/alpha/#winner")
    assert page.get_attribute("html", "lang") == CODE
    page.hover(".md-header__option .md-select")
    page.click("a.md-select__link[hreflang=fr]")
    page.wait_for_url("**/fr/alpha/**")
    assert urlparse(page.url).path == "/fr/alpha/" and urlparse(page.url).fragment == "winner"


def test_the_glossary_filter_works_in_the_new_language(page: Page, new_language_url: str) -> None:
    page.goto(f"{new_language_url}/{CODE}/glossary/")
    assert len(visible_cards(page)) == 76
    page.click("#rb-filter")
    page.keyboard.type("leaf")
    assert visible_cards(page) == ["leaf"]
