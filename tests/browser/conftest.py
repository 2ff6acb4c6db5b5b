"""The built site served on loopback, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import shutil
import sys
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
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
def hostile_url(hostile_site: Path) -> Iterator[str]:
    yield from serve(hostile_site, BuiltSiteHandler)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail("Debian's chromium is not installed: `make test` installs it (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
