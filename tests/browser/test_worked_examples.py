"""Worked examples as a referee reads them in Chromium: breakdowns at body size, the command folded
away with a copy button, and assumptions said at the example."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from conftest import ROOT
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
REBIS = next(game for game in PROJECT.games if game.id == "rebis")
# Worked out by hand from rules/rebis/game.yaml: the examples with a mixture token on a shelf that
# counts, or a red token on a shelf worth more than 0, use the assumed token values.
ASSUMING_TOKEN_VALUES = {
    "multiplied-shelf",
    "face-down-closing",
    "red-token-placed",
    "red-token-default-shelf",
    "many-cards",
}


def language_root(site_url: str, language: str) -> str:
    return f"{site_url}/" if language == PROJECT.source_language else f"{site_url}/{language}/"


def font_size(page: Page, selector: str) -> float:
    return page.eval_on_selector(selector, "element => parseFloat(getComputedStyle(element).fontSize)")


@pytest.mark.parametrize("width", [360, 1280])
def test_breakdown_tables_are_at_least_body_size(browser: Browser, site_url: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(f"{site_url}/rebus/#example-two-rebuses-all-tiles")
    body = font_size(page, ".md-content .rb-rule > p")
    assert body >= 14
    for cell in ("th", "td"):
        size = font_size(page, f"#example-two-rebuses-all-tiles table {cell}")
        assert size >= body, f"{cell}: {size}px, body {body}px"
    context.close()


@pytest.mark.parametrize("language", PROJECT.languages)
def test_the_command_is_folded_away_and_copied_by_its_button(browser: Browser, site_url: str, language: str) -> None:
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(f"{language_root(site_url, language)}rebus/#example-nine-tiles")
    example = page.locator("#example-nine-tiles")
    command = example.locator("pre code")
    assert command.is_hidden()
    example.locator("details.rb-verified summary").click()
    assert command.inner_text() == "rulebook score rebus --example nine-tiles"
    button = example.locator("button.rb-copy")
    label = button.inner_text()
    button.click()
    assert page.evaluate("navigator.clipboard.readText()") == "rulebook score rebus --example nine-tiles"
    copied = button.get_attribute("data-copied")
    assert copied and copied != label
    assert button.inner_text() == copied
    # The command is one line: it scrolls in its box rather than wrapping at "--" on a phone.
    assert command.evaluate("code => getComputedStyle(code).whiteSpace") == "pre"
    context.close()


@pytest.mark.parametrize("language", PROJECT.languages)
def test_examples_that_rest_on_an_assumption_say_so_and_are_not_verified_fact(
    page: Page, site_url: str, language: str
) -> None:
    question = REBIS.words[language].units["ruling.token-values.question"].text
    page.goto(f"{language_root(site_url, language)}rebis/")
    for example in REBIS.examples:
        block = page.locator(f"#example-{example.id}")
        note = block.locator(".rb-assumption")
        checked = block.locator("details.rb-verified summary").inner_text()
        if example.id in ASSUMING_TOKEN_VALUES:
            assert note.count() == 1, example.id
            link = note.locator("a")
            assert link.get_attribute("href") == "#ruling-token-values"
            assert link.inner_text().split()[:3] == question.split()[:3]
            assert "✓" not in checked, example.id
        else:
            assert note.count() == 0, example.id
            assert checked.startswith("✓"), example.id
    for game in PROJECT.games:
        if game is REBIS:
            continue
        page.goto(f"{language_root(site_url, language)}{game.id}/")
        assert page.locator(".rb-example .rb-assumption").count() == 0
        assert page.locator(".rb-example details.rb-verified summary", has_text="✓").count() == len(game.examples)


@pytest.mark.parametrize(
    "language, words",
    [("en", "10 tiles placed"), ("fr", "10 tuiles posées"), ("cs", "položeno 10 kamínků")],
)
def test_a_refusal_is_in_the_page_language(page: Page, site_url: str, language: str, words: str) -> None:
    # REBUS ten-tiles places 10 tiles; a player holds 9.
    page.goto(f"{language_root(site_url, language)}rebus/#example-ten-tiles")
    shown = page.inner_text("#example-ten-tiles")
    assert words in shown
    if language != "en":
        assert "tiles placed" not in shown
