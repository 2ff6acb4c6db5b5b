"""The service worker (theme/sw.js) forgets: a page the server removed, an old build's copy and an
entry a script planted in the cache are never served. Each test serves its own copy of the fixture
site (conftest.fixture_site: alpha and beta in en, fr and cs, fixture_games.py), so that it can
change the files under a worker that has cached them."""

from __future__ import annotations

import json
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from browser.conftest import QuietHandler, serve
from browser.test_site import search
from rulebook.website.precache import CACHE_PREFIX, write_precache_list

pytestmark = [pytest.mark.browser, pytest.mark.search]

# The games' headings, as `rulebook new game alpha --name Alpha` named them (fixture_games.py).
ALPHA_TITLE = '<h1 id="alpha">Alpha<'
BETA_TITLE = '<h1 id="beta">Beta<'
PLANTED = "<h1>pwned</h1>"
# A script planted over one of the site's own, which the page's policy would let run (same origin).
PLANTED_SCRIPT = "document.documentElement.dataset.pwned = 'yes';"

# While set, the server holds every page (not the other files) until released: a network that hangs.
_STALL, _RELEASE = threading.Event(), threading.Event()


class _StallingHandler(QuietHandler):
    def do_GET(self) -> None:
        if _STALL.is_set() and self.path.split("?")[0].endswith("/"):
            _RELEASE.wait(30)
        super().do_GET()


@pytest.fixture
def served(fixture_site: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the built fixture site, safe to change, and its address on loopback."""
    site = shutil.copytree(fixture_site, tmp_path / "site")
    try:
        for url in serve(site, _StallingHandler):
            yield site, url
    finally:
        _RELEASE.set()
        _STALL.clear()
        _RELEASE.clear()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(service_workers="allow")
    context.set_default_timeout(15_000)
    yield context
    context.close()


def eventually(check: Callable[[], object], what: str, seconds: float = 30) -> None:
    """Poll from Python: the page's Content-Security-Policy refuses the eval of wait_for_function."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def installed(page: Page, site: Path) -> str:
    """Wait until the worker of the site's current build controls the page and its cache, the only
    one left, holds every file the build lists; that cache's name."""
    precache = json.loads((site / "precache.json").read_text(encoding="utf-8"))
    cache = CACHE_PREFIX + precache["build"]
    state = """async (name) => [navigator.serviceWorker.controller !== null, await caches.keys(),
        (await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0]"""
    wanted = [True, [cache], len(precache["files"])]
    eventually(lambda: page.evaluate(state, cache) == wanted, f"the worker of {cache} never took over")
    return cache


def cached_text(page: Page, cache: str, url: str) -> str | None:
    """The text of the cache's response for url, None when it holds none (without creating the cache)."""
    return page.evaluate(
        """async ([name, url]) => {
             if (!(await caches.has(name))) return null;
             const response = await (await caches.open(name)).match(url);
             return response ? await response.text() : null;
           }""",
        [cache, url],
    )


def plant(page: Page, cache: str, entries: dict[str, str]) -> None:
    """What a page script can do: put any response under any URL of the origin's caches."""
    page.evaluate(
        """async ([name, entries]) => {
             const cache = await caches.open(name);
             for (const [url, body] of Object.entries(entries)) {
               const type = url.endsWith(".js") ? "text/javascript" : "text/html";
               await cache.put(url, new Response(body, {headers: {"Content-Type": type}}));
             }
           }""",
        [cache, entries],
    )


def test_a_page_or_file_the_server_removed_is_gone_from_the_cache(
    context: BrowserContext, served: tuple[Path, str]
) -> None:
    site, url = served
    page = context.new_page()
    page.goto(f"{url}/beta/")
    cache = installed(page, site)
    assert BETA_TITLE in (cached_text(page, cache, f"{url}/beta/") or "")
    shutil.rmtree(site / "beta")
    (site / "assets/javascripts/print.js").unlink()
    # Online, the page comes from the server, which no longer has it.
    response = page.reload()
    assert response is not None and response.status == 404
    assert cached_text(page, cache, f"{url}/beta/") is None
    # Another file may be answered from the cache once more, while the network is asked; then it is gone.
    fetch_status = "async (url) => (await fetch(url)).status"
    page.evaluate(fetch_status, f"{url}/assets/javascripts/print.js")
    eventually(lambda: cached_text(page, cache, f"{url}/assets/javascripts/print.js") is None, "print.js stayed cached")
    assert page.evaluate(fetch_status, f"{url}/assets/javascripts/print.js") == 404


def test_a_new_build_replaces_the_cached_copy_whole(context: BrowserContext, served: tuple[Path, str]) -> None:
    site, url = served
    page = context.new_page()
    page.goto(f"{url}/")
    old = installed(page, site)
    page_file = site / "alpha" / "index.html"
    text = page_file.read_text(encoding="utf-8")
    assert text.count(ALPHA_TITLE) == 1
    page_file.write_text(text.replace(ALPHA_TITLE, '<h1 id="alpha">Alpha, second edition<'), "utf-8")
    script = site / "assets/javascripts/print.js"
    script.write_text(script.read_text(encoding="utf-8") + "\ndocument.documentElement.dataset.edition = '2';\n")
    new = CACHE_PREFIX + write_precache_list(site)  # as the build does after writing the files
    assert new != old
    page.goto(f"{url}/alpha/")
    assert page.inner_text("article h1").startswith("Alpha, second edition")
    # The new page comes with the new build's scripts, not the old cache's.
    assert page.get_attribute("html", "data-edition") == "2"
    # The browser found a new worker script, which installed the new build and deleted the old cache.
    assert installed(page, site) == new
    context.set_offline(True)
    page.goto(f"{url}/alpha/")
    assert page.inner_text("article h1").startswith("Alpha, second edition")
    assert page.get_attribute("html", "data-edition") == "2"


def test_a_planted_response_is_never_served(context: BrowserContext, served: tuple[Path, str]) -> None:
    site, url = served
    page = context.new_page()
    page.goto(f"{url}/")
    cache = installed(page, site)
    script = f"{url}/assets/javascripts/print.js"
    plant(page, cache, {f"{url}/planted/": PLANTED, f"{url}/alpha/": PLANTED, script: PLANTED_SCRIPT})
    response = page.goto(f"{url}/planted/")
    assert response is not None and response.status == 404 and "pwned" not in page.content()
    page.goto(f"{url}/alpha/")
    assert page.inner_text("article h1").startswith("Alpha")
    assert page.get_attribute("html", "data-pwned") is None
    # The planted entries went; the site's own bytes are back.
    eventually(lambda: cached_text(page, cache, f"{url}/planted/") is None, "the planted page stayed cached")
    assert ALPHA_TITLE in (cached_text(page, cache, f"{url}/alpha/") or "")
    eventually(lambda: cached_text(page, cache, script) != PLANTED_SCRIPT, "the planted script stayed cached")
    # Offline too, where only the cache can answer: planted again, and in a cache of another name.
    plant(page, cache, {f"{url}/planted/": PLANTED, f"{url}/fr/alpha/": PLANTED, script: PLANTED_SCRIPT})
    plant(page, "rulebook-site", {f"{url}/elsewhere/": PLANTED})
    context.set_offline(True)
    for address in (f"{url}/planted/", f"{url}/fr/alpha/", f"{url}/elsewhere/", f"{url}/cs/"):
        page.goto(address)
        assert "pwned" not in page.content(), address
        assert page.get_attribute("html", "data-pwned") is None, address


def test_offline_a_visited_page_and_search_open(context: BrowserContext, served: tuple[Path, str]) -> None:
    site, url = served
    page = context.new_page()
    page.goto(f"{url}/alpha/")
    installed(page, site)
    context.set_offline(True)
    page.goto(f"{url}/alpha/")
    assert page.inner_text("article h1").startswith("Alpha")
    # Each language's index is cached: alpha's referee note shared-win says why in each language, "The
    # rules name no tiebreaker." / "Les règles ne prévoient aucun départage." (typed without its accents).
    assert set(search(page, f"{url}/", "tiebreaker")) == {"/alpha/"}
    assert set(search(page, f"{url}/fr/", "departage")) == {"/fr/alpha/"}


def test_a_page_the_network_is_slow_to_send_comes_from_the_cache(
    context: BrowserContext, served: tuple[Path, str]
) -> None:
    site, url = served
    page = context.new_page()
    page.goto(f"{url}/alpha/")
    installed(page, site)
    _STALL.set()
    started = time.monotonic()
    page.goto(f"{url}/alpha/")
    waited = time.monotonic() - started
    assert page.inner_text("article h1").startswith("Alpha")
    assert waited < 10, f"{waited:.1f} s for a page the cache holds"
