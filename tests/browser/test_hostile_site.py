"""In Chromium: the hostile build runs nothing and fetches nothing from elsewhere, and the site works
under its Content-Security-Policy with no violation (the fixture games' site: the policy is the toolkit's)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page, Request

pytestmark = pytest.mark.browser

# Fire the handlers a payload could hang on: hovering, focusing and clicking anything but a link.
PROVOKE = """() => {
  for (const element of document.querySelectorAll("body *")) {
    for (const type of ["mouseover", "mouseenter", "focus", "pointerdown"]) {
      element.dispatchEvent(new Event(type, {bubbles: true}));
    }
    if (!element.closest("a, form, label, input")) {
      element.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
    }
  }
}"""
# Recorded before any page script runs; CSP reports come as events.
WATCH_POLICY = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


@pytest.mark.long
def test_no_page_of_the_hostile_build_opens_a_dialog_or_leaves_loopback(
    browser: Browser, hostile_url: str, hostile_site: Path
) -> None:
    # The offline copy fetches every file. Nothing is searched here: the search worker would only
    # build each language's index, which has no page to write to (its text is held to no markup by
    # test_hostile.py), and it was half of the sweep's CPU (its page loads took 42.6 busy
    # core-seconds with the worker, 20.4 without).
    context = browser.new_context(service_workers="allow")
    dialogs: list[str] = []
    outside: list[str] = []

    # Watched, not routed: a routed context has no HTTP cache, and every page fetched every script
    # and icon again through Playwright (the sweep took 54 s routed, 46 s watched). Nothing leaves
    # this closed network anyway; what a page asks for elsewhere is recorded, and the context's
    # requests include the service worker's.
    def watch(request: Request) -> None:
        if urlparse(request.url).hostname != "127.0.0.1":
            outside.append(request.url)

    context.on("request", watch)
    page = context.new_page()
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    paths = sorted(path.relative_to(hostile_site).as_posix() for path in hostile_site.rglob("*.html"))
    assert len(paths) >= 18
    for path in paths:
        page.goto(f"{hostile_url}/{path}", wait_until="networkidle")
        page.evaluate(PROVOKE)
        page.wait_for_timeout(50)
    context.close()
    assert dialogs == []
    assert outside == []


def violations(page: Page) -> list[str]:
    return page.evaluate("window.__violations")


@pytest.mark.search
def test_the_site_works_under_its_policy_with_no_violation(page: Page, fixture_url: str) -> None:
    page.add_init_script(WATCH_POLICY)
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if "Content Security Policy" in message.text else None
    )
    # Search, on a language's own index: "apercu" is alpha's section « Aperçu », its accent folded.
    page.goto(f"{fixture_url}/fr/")
    page.click("input.md-search__input")
    page.keyboard.type("apercu")
    page.wait_for_selector(".md-search-result__item a", state="attached")
    assert violations(page) == []
    # The palette toggle.
    page.goto(f"{fixture_url}/cs/alpha/")
    before = page.get_attribute("body", "data-md-color-scheme")
    page.click("label.md-header__button[for^=__palette]:visible")
    assert page.get_attribute("body", "data-md-color-scheme") != before
    assert violations(page) == []
    # The language switcher, from a rule of beta's.
    page.goto(f"{fixture_url}/fr/beta/#players")
    page.hover(".md-header__option .md-select")
    page.click("a.md-select__link[hreflang=cs]")
    page.wait_for_url("**/cs/beta/**")
    assert violations(page) == []
    # The glossary filter: the leaf is « List » in Czech.
    page.goto(f"{fixture_url}/cs/glossary/")
    page.click("#rb-filter")
    page.keyboard.type("list")
    assert page.locator(".rb-symbol:not([hidden])").count() < 76
    assert violations(page) == []
    assert errors == []


def test_an_inline_script_injected_into_a_page_would_not_run(page: Page, fixture_url: str) -> None:
    """The policy itself, tried: a script element added to a page is refused by the browser."""
    page.add_init_script(WATCH_POLICY)
    page.goto(f"{fixture_url}/alpha/")
    page.evaluate(
        """() => { const s = document.createElement("script"); s.textContent = "window.__ran = true";
                   document.body.appendChild(s); }"""
    )
    assert page.evaluate("window.__ran === true") is False
    assert any(violation.startswith("script-src") for violation in violations(page))
