"""The print edition, printed by Chromium as `make print` prints it: REBUS on 5 A4 pages or fewer,
every rule number and every citation's public address on paper (never the local server's it was
printed from), no navigation, examples kept whole."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from pypdf import PdfReader

from conftest import ROOT
from rulebook.edition import game_pdf, game_url, print_games, served
from rulebook.load.project import load_project
from rulebook.site_address import configured_site_url

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
REBUS = next(game for game in PROJECT.games if game.id == "rebus")
MOST_A4_PAGES = 5  # issue 12: REBUS took 8
PUBLIC = configured_site_url(ROOT)  # mkdocs.yml's site_url, which the built site's canonical links name
LOCAL = ("127.0.0.1", "localhost")


def pdf_text(pdf: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(pdf))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


@pytest.mark.parametrize("language", PROJECT.languages)
def test_rebus_prints_on_five_a4_pages_with_every_rule_number(page: Page, site_url: str, language: str) -> None:
    pages, text = pdf_text(game_pdf(page, game_url(site_url, PROJECT, language, REBUS.id), "A4"))
    assert pages <= MOST_A4_PAGES
    missing = [rule.number for rule in REBUS.rules() if rule.number not in text]
    assert missing == []
    # The citations of the examples and referee notes print their full public address (a long
    # address may break across lines, so spaces are left out of the comparison).
    joined = "".join(text.split())
    url = game_url(PUBLIC.rstrip("/"), PROJECT, language, REBUS.id)
    for example in REBUS.examples:
        for rule_id in example.rules:
            assert f"<{url}#{rule_id}>" in joined, rule_id


@pytest.mark.parametrize("language", PROJECT.languages)
def test_paper_shows_the_rules_without_navigation_and_keeps_examples_whole(
    page: Page, site_url: str, language: str
) -> None:
    page.goto(game_url(site_url, PROJECT, language, REBUS.id))
    page.emulate_media(media="print")
    for chrome in (".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer", ".md-search"):
        assert not page.locator(chrome).first.is_visible(), chrome
    assert page.locator(".rb-card--folded").is_hidden()
    assert page.locator(".rb-rule__number").first.is_visible()
    breaks = page.eval_on_selector_all(".rb-example", "blocks => blocks.map(b => getComputedStyle(b).breakInside)")
    assert breaks and set(breaks) == {"avoid"}


def test_make_print_writes_one_pdf_per_game_and_language(browser: Browser, clean_site: Path, tmp_path: Path) -> None:
    # What `make print` runs, in the session's browser (write_edition launches its own).
    with served(clean_site) as site_url:
        written = print_games(browser, site_url, PROJECT, tmp_path)
    expected = {tmp_path / language / f"{game.id}.pdf" for language in PROJECT.languages for game in PROJECT.games}
    assert set(written) == expected
    for path in written:
        pages, text = pdf_text(path.read_bytes())
        game = next(game for game in PROJECT.games if game.id == path.stem)
        assert pages >= 1 and game.rules()[-1].number in text, path
        # Each printed 24 to 56 addresses of the local server it was printed from.
        assert [word for word in LOCAL if word in text] == [], path
