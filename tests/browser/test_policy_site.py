"""In Chromium, the Content-Security-Policy as the site ships it (issue 23): a script written into a
built page does not run while the page's own scripts do, and `rulebook serve` sends the policy as a
header that its live-reload script works under. The site is the fixture's (conftest.fixture_site:
alpha and beta in en, fr and cs, fixture_games.py)."""

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
import yaml
from playwright.sync_api import Page, expect

from browser.conftest import serve
from browser.test_hostile_site import WATCH_POLICY, violations
from browser.test_site import search
from conftest import FIXTURE_LANGUAGES, edit
from rulebook.bench.measure import free_port, page_text
from rulebook.i18n.ui import gettext_plural_forms
from rulebook.website.policy import inline_scripts, script_hash
from test_split_build import ENV

pytestmark = pytest.mark.browser

PAYLOAD = "<script>window.__pwned=1</script>"
# What `rulebook score alpha` says of each of alpha's worked examples (fixture_games.py: highest-total
# of make_small_project, four-rounds and a-tie of MORE_EXAMPLES, tie of ALPHA_TIE_EXAMPLE), worked out
# by hand: each player's rounds added up over the game's 3, the highest total wins, and four rounds
# are refused.
WORKED = {
    "highest-total": {"scores": {"Ann": 9, "Bob": 8}, "winners": ["Ann"], "tiebreak": False},
    "four-rounds": {
        "error": True,
        "problems": [{"code": "score.too-many-rounds", "path": ["players", "Ann"], "params": {"n": 4, "rounds": 3}}],
    },
    "a-tie": {"scores": {"Ann": 6, "Bob": 6}, "winners": ["Ann", "Bob"], "tiebreak": True},
    "tie": {"scores": {"Ann": 9, "Bob": 9}, "winners": ["Ann", "Bob"], "tiebreak": True},
}


def header_policy(site: Path) -> str:
    """The policy that the build's `_headers` sends."""
    line = next(line for line in (site / "_headers").read_text(encoding="utf-8").splitlines() if line.startswith("  "))
    name, policy = line.strip().split(": ", 1)
    assert name == "Content-Security-Policy"
    return policy


@pytest.fixture(scope="module")
def injected_url(fixture_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A copy of the built fixture site whose alpha page got a script written into it after the build,
    where the red team's one landed: inside <body>, before the theme's own scripts."""
    site = tmp_path_factory.mktemp("injected") / "site"
    shutil.copytree(fixture_site, site)
    page = site / "alpha" / "index.html"
    html = page.read_text(encoding="utf-8")
    body = html.index(">", html.index("<body")) + 1
    page.write_text(html[:body] + PAYLOAD + html[body:], encoding="utf-8")
    yield from serve(site)


@pytest.mark.search
def test_a_script_written_into_a_built_page_does_not_run(page: Page, injected_url: str, fixture_site: Path) -> None:
    page.add_init_script(WATCH_POLICY)
    page.goto(f"{injected_url}/alpha/")
    assert PAYLOAD in page.content()
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert any(violation.startswith("script-src") for violation in violations(page))
    # The page's own scripts run: the calculator scores every worked example as the command does...
    game = yaml.safe_load((fixture_site.parent / "rules/alpha/game.yaml").read_text(encoding="utf-8"))
    score = "([game, situation]) => window.rulebook.score(game, situation)"
    scored = {example["id"]: page.evaluate(score, ["alpha", example["input"]]) for example in game["examples"]}
    assert scored == WORKED
    # ... and search finds the page.
    assert "/alpha/" in search(page, f"{injected_url}/alpha/", "alpha")


@pytest.mark.parametrize("language", FIXTURE_LANGUAGES)
def test_each_language_s_plural_rule_loads_as_a_file(
    page: Page, fixture_url: str, fixture_site: Path, language: str
) -> None:
    """The catalog's plural rule, once an inline script per language, is a file the policy allows:
    it gives the form Python's gettext gives for the same Plural-Forms. The page of a scored game, the
    one with a calculator, loads it: alpha's."""
    page.add_init_script(WATCH_POLICY)
    page.goto(f"{fixture_url}/{'' if language == 'en' else language + '/'}alpha/")
    forms = gettext_plural_forms(fixture_site.parent, language)
    plural = gettext.c2py(forms.split("plural=", 1)[1].strip().rstrip(";"))
    numbers = [*range(30), 100, 101, 102, 105, 111, 1000]
    assert page.evaluate("(numbers) => numbers.map(window.rulebookPlural)", numbers) == [plural(n) for n in numbers]
    assert violations(page) == []


@pytest.fixture(scope="module")
def served(fixture_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """`rulebook serve` of a copy of the fixture site's project: its address and the project."""
    project = tmp_path_factory.mktemp("served") / "project"
    shutil.copytree(
        fixture_site.parent, project, ignore=lambda folder, _: ["site"] if Path(folder) == fixture_site.parent else []
    )
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
            if "rb-rule" in page_text(f"{url}/alpha/") or server.poll() is not None:
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


def test_rulebook_serve_sends_the_built_site_s_policy_as_a_header(served: tuple[str, Path], fixture_site: Path) -> None:
    url, _ = served
    policy = header_policy(fixture_site)
    assert policy.endswith("; frame-ancestors 'none'")
    responses = {path: _headers(url + path) for path in ("/alpha/", "/fr/", "/assets/javascripts/calculator.js")}
    responses["/nowhere/"] = _headers(url + "/nowhere/")
    responses["/livereload/script.js"] = _headers(url + "/livereload/script.js")
    assert {path: (code, header) for path, (code, header, _) in responses.items()} == {
        "/alpha/": (200, policy),
        "/fr/": (200, policy),
        "/assets/javascripts/calculator.js": (200, policy),
        "/nowhere/": (404, policy),
        "/livereload/script.js": (200, policy),
    }
    # The reload script is a file; every inline script left is one the policy allows by its hash.
    page = responses["/alpha/"][2].decode("utf-8")
    assert '<script src="/livereload/script.js"' in page
    assert {script_hash(script) for script in inline_scripts(page)} <= set(policy.split())
    assert b"livereload(" in responses["/livereload/script.js"][2]


def test_the_preview_reloads_after_an_edit_under_its_policy(page: Page, served: tuple[str, Path]) -> None:
    url, project = served
    page.add_init_script(WATCH_POLICY)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    response = page.goto(f"{url}/alpha/")
    assert response is not None and "frame-ancestors 'none'" in response.headers["content-security-policy"]
    for _ in range(100):  # MkDocs' script says so once it has run, at the page's load event
        if "Enabled live reload" in console:
            break
        page.wait_for_timeout(100)
    assert "Enabled live reload" in console
    # alpha's rule draw (fixture_games.ALPHA_TURN), reworded.
    edit(project, "rules/alpha/en.yaml", "Draw two cards.", "Draw two cards, under the policy.")
    # The page reloads itself: the live-reload script polled the server and ran location.reload().
    expect(page.get_by_text("Draw two cards, under the policy.")).to_be_visible(timeout=60_000)
    assert violations(page) == []
    assert not [text for text in console if "Content Security Policy" in text]
