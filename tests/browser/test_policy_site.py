"""In Chromium, the Content-Security-Policy as the site ships it (issue 23): a script written into a
built page does not run while the page's own scripts do, and `rulebook serve` sends the policy as a
header that its live-reload script works under."""

from __future__ import annotations

import gettext
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from browser.conftest import serve
from browser.test_calculator_differential import GAMES, compare
from browser.test_hostile_site import WATCH_POLICY, violations
from conftest import ROOT, copy_site_sources, edit
from rulebook.bench.measure import free_port, page_text
from rulebook.i18n.ui import gettext_plural_forms
from rulebook.website.policy import inline_scripts, script_hash
from test_split_build import ENV

pytestmark = pytest.mark.browser

PAYLOAD = "<script>window.__pwned=1</script>"


def header_policy(site: Path) -> str:
    """The policy that the build's `_headers` sends."""
    line = next(line for line in (site / "_headers").read_text(encoding="utf-8").splitlines() if line.startswith("  "))
    name, policy = line.strip().split(": ", 1)
    assert name == "Content-Security-Policy"
    return policy


@pytest.fixture(scope="module")
def injected_url(clean_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A copy of the built site whose REBUS page got a script written into it after the build, where
    the red team's one landed: inside <body>, before the theme's own scripts."""
    site = tmp_path_factory.mktemp("injected") / "site"
    shutil.copytree(clean_site, site)
    page = site / "rebus" / "index.html"
    html = page.read_text(encoding="utf-8")
    body = html.index(">", html.index("<body")) + 1
    page.write_text(html[:body] + PAYLOAD + html[body:], encoding="utf-8")
    yield from serve(site)


@pytest.mark.search
def test_a_script_written_into_a_built_page_does_not_run(page: Page, injected_url: str) -> None:
    page.add_init_script(WATCH_POLICY)
    page.goto(f"{injected_url}/rebus/")
    assert PAYLOAD in page.content()
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert any(violation.startswith("script-src") for violation in violations(page))
    # The page's own scripts run: the calculator scores every worked example as the command does...
    rebus = next(game for game in GAMES if game.id == "rebus")
    inputs = [rebus.document.part(("examples", example.index, "input")).data for example in rebus.examples]
    tally = compare(page, "rebus", "en", inputs)
    assert tally["scored"] + tally["refused"] == len(inputs) > 0
    # ... and search finds the page.
    page.click("input.md-search__input")
    page.keyboard.type("rebus")
    page.wait_for_selector(".md-search-result__item a", state="attached")


@pytest.mark.parametrize("language", ["en", "fr", "cs"])
def test_each_language_s_plural_rule_loads_as_a_file(page: Page, injected_url: str, language: str) -> None:
    """The catalog's plural rule, once an inline script per language, is a file the policy allows:
    it gives the form Python's gettext gives for the same Plural-Forms."""
    page.add_init_script(WATCH_POLICY)
    page.goto(f"{injected_url}/{'' if language == 'en' else language + '/'}rebis/")
    plural = gettext.c2py(gettext_plural_forms(ROOT, language).split("plural=", 1)[1].strip().rstrip(";"))
    numbers = [*range(30), 100, 101, 102, 105, 111, 1000]
    assert page.evaluate("(numbers) => numbers.map(window.rulebookPlural)", numbers) == [plural(n) for n in numbers]
    assert violations(page) == []


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """`rulebook serve` of a copy of the project: its address and the project."""
    project = copy_site_sources(tmp_path_factory.mktemp("served"))
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "rulebook.cli", "--root", str(project), "serve", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=project,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(3000):
            if "rb-rule" in page_text(f"{url}/rebus/") or server.poll() is not None:
                break
            time.sleep(0.1)
        assert server.poll() is None, "the server stopped"
        yield url, project
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=60)
    assert "Traceback" not in errors, errors


def _headers(url: str) -> tuple[int, str | None, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Security-Policy"], response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Security-Policy"], error.read()


def test_rulebook_serve_sends_the_built_site_s_policy_as_a_header(served: tuple[str, Path], clean_site: Path) -> None:
    url, _ = served
    policy = header_policy(clean_site)
    assert policy.endswith("; frame-ancestors 'none'")
    responses = {path: _headers(url + path) for path in ("/rebus/", "/fr/", "/assets/javascripts/calculator.js")}
    responses["/nowhere/"] = _headers(url + "/nowhere/")
    responses["/livereload/script.js"] = _headers(url + "/livereload/script.js")
    assert {path: (code, header) for path, (code, header, _) in responses.items()} == {
        "/rebus/": (200, policy),
        "/fr/": (200, policy),
        "/assets/javascripts/calculator.js": (200, policy),
        "/nowhere/": (404, policy),
        "/livereload/script.js": (200, policy),
    }
    # The reload script is a file; every inline script left is one the policy allows by its hash.
    page = responses["/rebus/"][2].decode("utf-8")
    assert '<script src="/livereload/script.js"' in page
    assert {script_hash(script) for script in inline_scripts(page)} <= set(policy.split())
    assert b"livereload(" in responses["/livereload/script.js"][2]


def test_the_preview_reloads_after_an_edit_under_its_policy(page: Page, served: tuple[str, Path]) -> None:
    url, project = served
    page.add_init_script(WATCH_POLICY)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    response = page.goto(f"{url}/rebus/")
    assert response is not None and "frame-ancestors 'none'" in response.headers["content-security-policy"]
    for _ in range(100):  # MkDocs' script says so once it has run, at the page's load event
        if "Enabled live reload" in console:
            break
        page.wait_for_timeout(100)
    assert "Enabled live reload" in console
    edit(project, "rules/rebus/en.yaml", "according to color.", "according to color, under the policy.")
    # The page reloads itself: the live-reload script polled the server and ran location.reload().
    expect(page.get_by_text("according to color, under the policy.")).to_be_visible(timeout=60_000)
    assert violations(page) == []
    assert not [text for text in console if "Content Security Policy" in text]
