"""The built site served on loopback, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

# Debian's chromium-headless-shell, Chromium's engine without the browser around it (Playwright's
# own choice for headless runs): the same browser tests took 123 busy core-seconds against 204 with
# the whole Chromium, and 137 s against 170 (dev/testing.md).
CHROMIUM = "/usr/bin/chromium-headless-shell"
# Chromium's own background traffic would be refused by this closed network; keep it quiet.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class BuiltSiteHandler(QuietHandler):
    """For a built site that nothing changes while it is served. Python's server sends Last-Modified
    only, and a site built a minute ago counts as changed a moment ago: the browser asked again for
    every script, stylesheet and icon at every page (about 700 of the 900 requests of a sweep of
    every page). Here each answer is fresh for the run, and connections stay open (HTTP/1.1)."""

    protocol_version = "HTTP/1.1"

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=86400")
        super().end_headers()


class LoopbackServer(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        # The browser closes a connection whose answer it no longer wants when a test moves on:
        # not a failure, and its traceback buried the test run's output.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(site: Path, handler: type[SimpleHTTPRequestHandler] = QuietHandler) -> Iterator[str]:
    """A folder served on loopback while the generator is open."""
    server = LoopbackServer(("127.0.0.1", 0), partial(handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_url(clean_site: Path) -> Iterator[str]:
    yield from serve(clean_site, BuiltSiteHandler)


@pytest.fixture(scope="session")
def fixture_url(fixture_site: Path) -> Iterator[str]:
    yield from serve(fixture_site, BuiltSiteHandler)


@pytest.fixture(scope="session")
def hostile_url(hostile_site: Path) -> Iterator[str]:
    yield from serve(hostile_site, BuiltSiteHandler)


# Material's search worker builds the search index on every page a context opens: about a third
# of a page load's CPU in a new context (0.42 of 1.3 busy core-seconds), and the browser tests
# took 449 s against 517 s with it everywhere (dev/testing.md). A test
# that never searches gets an idle worker in its place; the site's other scripts are the site's
# own. A test marked `search` (the query set, the console sweep, offline) gets the real one, and a
# context may ask for either (`new_context(search=...)`). A test that searches without the mark
# fails loudly: no result ever appears.
IDLE_SEARCH_WORKER = """(() => {
  const Worker = window.Worker;
  class Idle extends EventTarget { postMessage() {} terminate() {} }
  window.Worker = function (url, options) {
    return /\\/workers\\/search\\./.test(String(url)) ? new Idle() : new Worker(url, options);
  };
})();"""
SEARCH_MARK = "search"
_search_wanted = True


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before any fixture of the test opens a context: whether its contexts build the search index."""
    global _search_wanted
    _search_wanted = item.get_closest_marker(SEARCH_MARK) is not None


def lighter_contexts(browser: Browser) -> Browser:
    """Contexts open without the search index unless the test is marked `search` (above), and
    without the site's service worker unless a test asks for it with
    service_workers="allow", as the offline tests and the sweeps of every page do. Each new context
    installed it and fetched the whole site for its offline copy (about 130 requests to our one
    Python server) in tests that never go offline, and most tests open a context of their own. The
    browser tests took 499 s (877 busy core-seconds) with it, 422 s (686) without, on 2 idle cores.
    A context shared by the tests of a worker, to keep the HTTP cache warm, gave nothing more (429 s)."""
    open_context = browser.new_context

    def new_context(*, search: bool | None = None, **options: Any) -> BrowserContext:
        """`search` overrides the test's mark for this context: a sweep of every page builds each
        language's index once, in a context of its own, rather than on every page."""
        options.setdefault("service_workers", "block")
        context = open_context(**options)
        if not (_search_wanted if search is None else search):
            context.add_init_script(IDLE_SEARCH_WORKER)
        return context

    browser.new_context = new_context  # type: ignore[method-assign]
    return browser


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            "Debian's chromium-headless-shell is not installed: `make test` installs it"
            " (apt-get install chromium-headless-shell)"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield lighter_contexts(browser)
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
