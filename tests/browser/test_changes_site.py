"""The change list of an erratum in Chromium: axe finds nothing in light or dark, in any language,
and the word diff is marked by more than colour, on screen and on paper.

The erratum is the fixture's (fixture_games.py): alpha, translated, given editions 1.0.1 and 1.0.2
(record_corrections) and the erratum 1.1 (record_alpha_erratum: same-total inserted before winner,
draw reworded from "two" to "three" cards, followed in French, pending in Czech, pass removed)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from browser.accessibility import violations_in_both_schemes
from browser.conftest import serve
from conftest import build_site
from fixture_games import copy_small_project, record_alpha_erratum, record_corrections

pytestmark = pytest.mark.browser

# The change list in every language, and the game's page where its translation is pending (Czech) or not.
PAGES = ["alpha/changes/", "fr/alpha/changes/", "cs/alpha/changes/", "alpha/", "cs/alpha/"]


@pytest.fixture(scope="module")
def erratum_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("erratum-site")
    copy_small_project(tmp_path_factory, root, site=True, translated=True)
    record_alpha_erratum(record_corrections(root))
    yield from serve(build_site(root, root / "site"))


def test_axe_finds_nothing_on_the_change_lists(page: Page, erratum_url: str) -> None:
    """In light and in dark (accessibility.py)."""
    found = []
    for path in PAGES:
        page.goto(f"{erratum_url}/{path}", wait_until="networkidle")
        found += [
            f"{path} ({violation['scheme']}): {violation['id']} ({violation['impact']})"
            for violation in violations_in_both_schemes(page)
        ]
    assert found == []


@pytest.mark.parametrize("media", ["screen", "print"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_diff_is_marked_by_more_than_colour(browser: Browser, erratum_url: str, scheme: str, media: str) -> None:
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    page.emulate_media(media=media)
    page.goto(f"{erratum_url}/fr/alpha/changes/", wait_until="networkidle")
    # draw's French, reworded: "Piochez <del>deux</del> <ins>trois</ins> cartes."
    assert page.inner_html("#change-1-1-draw del") == "deux" and page.inner_html("#change-1-1-draw ins") == "trois"
    style = "(element) => getComputedStyle(element).textDecorationLine"
    assert page.eval_on_selector("#change-1-1-draw del", style) == "line-through"
    assert page.eval_on_selector("#change-1-1-draw ins", style) == "underline"
    assert page.eval_on_selector("#change-1-1-draw ins", "(e) => getComputedStyle(e).textDecorationStyle") == "double"
    if media == "print":
        assert page.eval_on_selector("#change-1-1-draw ins", "(e) => getComputedStyle(e).color") == "rgb(0, 0, 0)"
    context.close()
