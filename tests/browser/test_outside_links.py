"""Links as Chromium reads them: the check's reading of a target (markup/target.py) against the
browser's own URL parser, and the host that an outside link shows beside its text, on screen and
in print."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from hostile import BUILT_OUTSIDE_HOST, LINK_TARGETS
from rulebook.markup.target import is_allowed_link, outside_host, scheme

pytestmark = pytest.mark.browser

# Beyond the corpus: what Chromium alone is asked (the international name's ASCII form is its).
BROWSER_ONLY = [
    "https://публикация.example/",
    "https://ПУБЛИКАЦИЯ.example./x",
    "HTTP:/\\/publisher.example",
    "https:/publisher.example",
    "https://publisher.example:443\\@evil.example",
    "\\\\\\evil.example",
    "/\\/evil.example",
    "\n//evil.example",
    "./\\evil.example",
]
# Where the link goes, as the browser resolves it against the page: its host, or null.
# A final dot names the same host; the page shows it without.
HOST_OF = """(href) => {
    try { return new URL(href, location.href).hostname.replace(/[.]$/, ""); } catch (error) { return null; }
}"""


def test_chromium_goes_where_the_check_says_each_allowed_link_goes(page: Page, fixture_url: str) -> None:
    page.goto(f"{fixture_url}/alpha/")
    own = page.evaluate("location.hostname")
    for target in [target for target, _, _ in LINK_TARGETS] + BROWSER_ONLY:
        if is_allowed_link(target):
            # An allowed link stays on the site, or goes to the host the page shows beside it (mailto: to none).
            expected = outside_host(target) or ("" if scheme(target) == "mailto" else own)
            assert page.evaluate(HOST_OF, target) == expected, target


def test_chromium_takes_each_refused_link_to_another_host(page: Page, fixture_url: str) -> None:
    """The corpus's refusals are not needless: Chromium goes to the other host they name."""
    page.goto(f"{fixture_url}/alpha/")
    for target, host, allowed in LINK_TARGETS:
        if not allowed and host is not None:
            assert page.evaluate(HOST_OF, target) == host, target


def test_an_outside_link_shows_its_host_on_screen_and_on_paper(page: Page, hostile_url: str) -> None:
    # alpha's rule.draw holds the outside link (plant_fixture_built_payloads), its only link to another host.
    page.goto(f"{hostile_url}/alpha/")
    host = page.locator(".rb-rule a[href^='https:'] + .rb-host")
    assert host.count() == 1
    assert host.inner_text() == f"({BUILT_OUTSIDE_HOST})"
    assert host.is_visible()
    page.emulate_media(media="print")
    assert host.is_visible()
