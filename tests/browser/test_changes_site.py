"""The change list of an erratum in Chromium: axe finds nothing in light or dark, in any language,
and the word diff is marked by more than colour, on screen and on paper."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from authoring import build, copy_whole_project
from browser.accessibility import violations_in_both_schemes
from browser.conftest import serve
from errata import record_erratum

pytestmark = pytest.mark.browser

PAGES = ["rebus/changes/", "fr/rebus/changes/", "cs/rebus/changes/", "rebus/", "cs/rebus/"]


@pytest.fixture(scope="module")
def erratum_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = copy_whole_project(tmp_path_factory.mktemp("erratum-site"))
    record_erratum(root)
    yield from serve(build(root))


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
    page.goto(f"{erratum_url}/fr/rebus/changes/", wait_until="networkidle")
    style = "(element) => getComputedStyle(element).textDecorationLine"
    assert page.eval_on_selector("#change-1-1-winner del", style) == "line-through"
    assert page.eval_on_selector("#change-1-1-winner ins", style) == "underline"
    assert page.eval_on_selector("#change-1-1-winner ins", "(e) => getComputedStyle(e).textDecorationStyle") == "double"
    if media == "print":
        assert page.eval_on_selector("#change-1-1-winner ins", "(e) => getComputedStyle(e).color") == "rgb(0, 0, 0)"
    context.close()
