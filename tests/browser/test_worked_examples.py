"""Worked examples as a referee reads them in Chromium: breakdowns at body size, the command folded
away with a copy button, assumptions said at the example, and refusals in the page's language.

The toolkit's behaviour is driven on the fixture's sites: the shared fixture site (fixture_url: alpha's
highest-total, four-rounds, a-tie and tie, none resting on an assumption) and the quiz site
(quiz_fixture.py: alpha's examples all rest on the referee note three-rounds, which assumes the number
of rounds). That the project's own examples are each verified or say their assumption is a content
test here, naming no game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

import quiz_fixture
from browser.conftest import BuiltSiteHandler, serve
from conftest import ROOT
from fixture_games import QUIZ_RULING_UNITS
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "fr", "cs")  # the fixture's; English is its source language
# By hand from fixture_games.py: alpha's examples on the shared fixture site, and on the quiz site,
# where each one's result changes with the number of rounds that three-rounds assumes (with 4 rounds,
# highest-total and tie are refused for too few rounds, four-rounds for Bob's 3 rather than Ann's 4).
FIXTURE_EXAMPLES = ["highest-total", "four-rounds", "a-tie", "tie"]
QUIZ_EXAMPLES = ["highest-total", "tie", "four-rounds"]


@pytest.fixture(scope="module")
def quiz_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(quiz_fixture.quiz_site(tmp_path_factory), BuiltSiteHandler)


def language_root(site_url: str, language: str, source: str = "en") -> str:
    return f"{site_url}/" if language == source else f"{site_url}/{language}/"


def font_size(page: Page, selector: str) -> float:
    return page.eval_on_selector(selector, "element => parseFloat(getComputedStyle(element).fontSize)")


@pytest.mark.parametrize("width", [360, 1280])
def test_breakdown_tables_are_at_least_body_size(browser: Browser, fixture_url: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(f"{fixture_url}/alpha/#example-highest-total")
    body = font_size(page, ".md-content .rb-rule > p")
    assert body >= 14
    for cell in ("th", "td"):
        size = font_size(page, f"#example-highest-total table {cell}")
        assert size >= body, f"{cell}: {size}px, body {body}px"
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_command_is_folded_away_and_copied_by_its_button(browser: Browser, fixture_url: str, language: str) -> None:
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(f"{language_root(fixture_url, language)}alpha/#example-highest-total")
    example = page.locator("#example-highest-total")
    command = example.locator("pre code")
    assert command.is_hidden()
    example.locator("details.rb-verified summary").click()
    assert command.inner_text() == "rulebook score alpha --example highest-total"
    button = example.locator("button.rb-copy")
    label = button.inner_text()
    button.click()
    assert page.evaluate("navigator.clipboard.readText()") == "rulebook score alpha --example highest-total"
    copied = button.get_attribute("data-copied")
    assert copied and copied != label
    assert button.inner_text() == copied
    # The command is one line: it scrolls in its box rather than wrapping at "--" on a phone.
    assert command.evaluate("code => getComputedStyle(code).whiteSpace") == "pre"
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_examples_that_rest_on_an_assumption_say_so_and_are_not_verified_fact(
    page: Page, fixture_url: str, quiz_url: str, language: str
) -> None:
    question = QUIZ_RULING_UNITS[language]["question"]
    page.goto(f"{language_root(quiz_url, language)}alpha/")
    assert page.locator(".rb-example").evaluate_all("all => all.map((e) => e.id)") == [
        f"example-{example}" for example in QUIZ_EXAMPLES
    ]
    for example in QUIZ_EXAMPLES:
        block = page.locator(f"#example-{example}")
        note = block.locator(".rb-assumption")
        assert note.count() == 1, example
        link = note.locator("a")
        assert link.get_attribute("href") == "#ruling-three-rounds"
        assert link.inner_text().split() == question.split()
        assert "✓" not in block.locator("details.rb-verified summary").inner_text(), example
    page.goto(f"{language_root(fixture_url, language)}alpha/")
    assert page.locator(".rb-example").evaluate_all("all => all.map((e) => e.id)") == [
        f"example-{example}" for example in FIXTURE_EXAMPLES
    ]
    assert page.locator(".rb-example .rb-assumption").count() == 0
    for example in FIXTURE_EXAMPLES:
        assert page.locator(f"#example-{example} details.rb-verified summary").inner_text().startswith("✓"), example


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", "4 rounds scored, but the game has only 3"),
        ("fr", "4 manches comptées, mais le jeu n’en a que 3"),
        ("cs", "4 započítaná kola, ale hra má jen 3"),
    ],
)
def test_a_refusal_is_in_the_page_language(page: Page, quiz_url: str, language: str, words: str) -> None:
    # alpha's four-rounds: Ann scores in 4 rounds, the game has 3 (quiz_fixture.translate_too_many_rounds).
    page.goto(f"{language_root(quiz_url, language)}alpha/#example-four-rounds")
    shown = page.inner_text("#example-four-rounds")
    assert words in shown
    if language != "en":
        assert "rounds scored" not in shown


def test_each_of_the_projects_examples_is_verified_or_says_its_assumption(
    page: Page, site_url: str, clean_site: Path
) -> None:
    """Content: every worked example of every game, in every language of rules/project.yaml, shows
    "✓" with no assumption, or says the assumption it rests on, linked to a referee note that assumes
    a fact, and no "✓"."""
    project = load_project(ROOT).project
    verified = 0
    for game in project.games:
        assuming = {f"#ruling-{ruling.id}" for ruling in game.rulings if ruling.assumes}
        for language in project.languages:
            page.goto(f"{language_root(site_url, language, project.source_language)}{game.id}/")
            shown = page.locator(".rb-example").evaluate_all(
                """all => all.map((e) => [e.id, e.querySelector("details.rb-verified summary").innerText,
                  [...e.querySelectorAll(".rb-assumption a")].map((a) => a.getAttribute("href"))])"""
            )
            assert sorted(id_ for id_, _, _ in shown) == sorted(f"example-{example.id}" for example in game.examples)
            for id_, checked, notes in shown:
                if notes:
                    assert set(notes) <= assuming and "✓" not in checked, (language, game.id, id_, notes)
                else:
                    assert checked.startswith("✓"), (language, game.id, id_)
                    verified += 1
    assert verified  # the project's examples: the test looked at some
