"""Each game's rules quiz in Chromium, through the reader's door: every question answered wrong,
then right, by typing and clicking; one answered by keyboard alone; axe finds nothing in light or
dark with every answer shown; nothing scrolls sideways on a 360 px phone. The right answers come
from game.yaml's `expect` and from the rulings' own answers in the words files."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from playwright.sync_api import Browser, Locator, Page

from browser.accessibility import violations_in_both_schemes
from browser.test_offline_worker import installed
from conftest import ROOT
from rulebook.load.project import load_project
from rulebook.render.context import PageContext

pytestmark = pytest.mark.browser

GAMES = ("rebus", "rebis", "oh-my-word")
RIGHT, WRONG = "Right.", "Not this time: the answer is below."


def _expected(game_id: str) -> dict[str, Any]:
    """Each question's anchor and its answer: the scores game.yaml expects (a list, in field order),
    or a ruling's English answer as its words file says it, placeholders filled."""
    data = yaml.safe_load((ROOT / "rules" / game_id / "game.yaml").read_text(encoding="utf-8"))
    answers: dict[str, Any] = {}
    for example in data["examples"]:
        expect = example["expect"]
        if "score" in expect:
            answers[f"example-{example['id']}"] = [expect["score"]]
        elif "scores" in expect:
            answers[f"example-{example['id']}"] = list(expect["scores"].values())
    project = load_project(ROOT).project
    game = next(each for each in project.games if each.id == game_id)
    english = PageContext(project, "en")
    for ruling in data["rulings"]:
        answers[f"ruling-{ruling['id']}"] = _spaces(english.plain(game, f"ruling.{ruling['id']}.answer"))
    return answers


def _spaces(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ")).strip()


def _question(page: Page, anchor: str) -> Locator:
    return page.locator(f"h2#{anchor} + div.rb-quiz")


def _answer(question: Locator, expected: Any, *, right: bool) -> None:
    if isinstance(expected, list):
        fields = question.locator("input[type=text]")
        assert fields.count() == len(expected)
        for index, value in enumerate(expected):
            fields.nth(index).fill(str(value if right or index else value + 1))
    else:
        labels = question.locator("fieldset label")
        texts = [_spaces(labels.nth(index).inner_text()) for index in range(labels.count())]
        assert texts.count(expected) == 1, texts
        chosen = texts.index(expected) if right else next(i for i, text in enumerate(texts) if text != expected)
        labels.nth(chosen).click()  # a label checks its radio button
    question.locator("button.rb-quiz__check").click()


@pytest.mark.parametrize("game", GAMES)
def test_every_question_answered_wrong_then_right(page: Page, site_url: str, game: str) -> None:
    expected = _expected(game)
    page.goto(f"{site_url}/{game}/quiz/", wait_until="networkidle")
    anchors = page.eval_on_selector_all("h2 + div.rb-quiz", "(divs) => divs.map((d) => d.previousElementSibling.id)")
    assert anchors and set(anchors) <= set(expected)
    for anchor in anchors:
        question = _question(page, anchor)
        reveal = question.locator(".rb-quiz__answer")
        assert reveal.is_hidden()
        _answer(question, expected[anchor], right=False)
        assert question.locator("output").inner_text() == WRONG, anchor
        assert reveal.is_visible()
        _answer(question, expected[anchor], right=True)
        assert question.locator("output").inner_text() == RIGHT, anchor
    # Every ruling is asked; every example with scores is, but those the form cannot say.
    assert {anchor for anchor in expected if anchor.startswith("ruling-")} <= set(anchors)


def test_the_answer_shows_its_breakdown_and_links_to_its_rules(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/rebus/quiz/", wait_until="networkidle")
    question = _question(page, "example-two-squares")
    _answer(question, [108], right=True)
    # By hand from the rules: 6 tiles × 3 points, × 2 for the blue square and × 3 for the red one.
    assert "6 × 3 = 18 × 2 × 3 = 108" in question.locator(".rb-quiz__answer").inner_text()
    question.locator(".rb-quiz__answer a", has_text="REBUS 3.2").click()
    page.wait_for_url(re.compile(r"/rebus/#bonus-squares$"))


def test_an_empty_answer_is_asked_for_and_reveals_nothing(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/rebus/quiz/", wait_until="networkidle")
    question = _question(page, "ruling-multipliers")
    question.locator("button.rb-quiz__check").click()
    assert question.locator("output").inner_text() == "Answer the question first."
    assert question.locator(".rb-quiz__answer").is_hidden()


def test_a_question_answered_by_keyboard_alone(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/cs/oh-my-word/quiz/", wait_until="networkidle")
    first = page.locator("div.rb-quiz").first
    field = first.locator("input[type=text]").first
    field.focus()
    # Oh My Word, fewest-points: Ann's tokens 1 and 3 make 4 bad luck points (game.yaml expects 4, 2, 0).
    for value in ("4", "2", "0"):
        page.keyboard.type(value)
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('rb-quiz__check')")
    page.keyboard.press("Enter")
    assert first.locator("output").inner_text() == "Správně."
    # A choice: arrows move between the radio buttons, Tab reaches the button, Space presses it.
    choice = page.locator("h2[id^=ruling-] + div.rb-quiz").first
    choice.locator("input[type=radio]").first.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    assert choice.locator("output").inner_text() in ("Správně.", "Tentokrát ne: odpověď je níže.")
    assert choice.locator(".rb-quiz__answer").is_visible()


# Every question answered (its first choice, or 1 in each field) and checked, by the page's own
# handlers, in one call: the tests that use it read the page with every answer shown, and answering
# through the fields is test_every_question_answered_wrong_then_right's. Through Playwright, one
# action per field and button took 1.75 to 2.85 busy core-seconds a quiz (dev/testing.md).
REVEAL_ALL = """() => {
  const questions = [...document.querySelectorAll("div.rb-quiz")];
  for (const question of questions) {
    const radio = question.querySelector("input[type=radio]");
    if (radio) radio.checked = true;
    else question.querySelectorAll("input[type=text]").forEach((field) => { field.value = "1"; });
    question.querySelector("button.rb-quiz__check").click();
  }
  return [questions.length, questions.filter((question) => question.querySelector(".rb-quiz__answer").hidden).length];
}"""


def _reveal_all(page: Page) -> None:
    questions, hidden = page.evaluate(REVEAL_ALL)
    assert questions > 0 and hidden == 0, f"{hidden} of {questions} answers stayed hidden"


def test_axe_finds_nothing_on_the_quizzes(page: Page, site_url: str) -> None:
    """In light and in dark (accessibility.py), every answer revealed."""
    found = []
    for path in ("rebus/quiz/", "fr/rebis/quiz/", "cs/oh-my-word/quiz/"):
        page.goto(f"{site_url}/{path}", wait_until="networkidle")
        _reveal_all(page)
        found += [
            f"{path} ({violation['scheme']}): {violation['id']} ({violation['impact']})"
            for violation in violations_in_both_schemes(page)
        ]
    assert found == []


@pytest.mark.parametrize("path", ["rebis/quiz/", "fr/rebus/quiz/"])
def test_nothing_scrolls_sideways_on_a_phone(browser: Browser, site_url: str, path: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{site_url}/{path}", wait_until="networkidle")
    _reveal_all(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert width <= 360, f"the page scrolls sideways: {width}px wide"


def test_offline_a_quiz_never_visited_opens_and_answers(browser: Browser, site_url: str, clean_site: Path) -> None:
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(f"{site_url}/rebis/")
    installed(page, clean_site)  # the worker holds every file of precache.json, the quizzes among them
    context.set_offline(True)
    page.goto(f"{site_url}/fr/rebus/quiz/")
    question = _question(page, "example-nine-tiles")
    # By hand: 9 tiles × 3 points = 27, and the bonus of 50 for placing all 9 tiles: 77.
    _answer(question, [77], right=True)
    assert question.locator("output").inner_text() == "Exact."
    context.close()


def test_the_game_page_links_to_its_quiz(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/fr/rebis/", wait_until="networkidle")
    page.locator("p.rb-edition a", has_text="Quiz des règles").click()
    page.wait_for_url(re.compile(r"/fr/rebis/quiz/$"))
    assert page.locator("h1").inner_text().startswith("Rebis\u00a0: quiz des règles")
