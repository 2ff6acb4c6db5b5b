"""The rules quiz in Chromium, through the reader's door, on the fixture's quiz (quiz_fixture.py):
alpha's, in English, French and Czech.

Every score question is answered from what its page shows alone: the test reads the situation and
the game's number from the question's tables (never the answer, never a data attribute) and computes
the score by hand from the rule and the referee note the question shows, then picks the choice that
says it and must hear "Right."; a choice that says something else must hear the other verdict. Every
open question is shown and self-marked. The flow (Next, the score at the end) is run on a 360 px
phone by keyboard alone; axe finds nothing in light or dark with every answer shown; offline, a quiz
never visited opens and answers. That the project's own quizzes are answered from their pages, and
scroll nowhere sideways on a phone, is test_quiz_content.py's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page

import quiz_fixture
from browser.accessibility import violations_in_both_schemes
from browser.conftest import BuiltSiteHandler, serve
from browser.test_offline_worker import installed

pytestmark = pytest.mark.browser

RIGHT, WRONG = "Right.", "Not this time: the answer is below."
Answer = list[tuple[str | None, int]]  # (player or None, points), in the page's order
# By hand from quiz_fixture.py: alpha's scored examples highest-total and tie (four-rounds is refused),
# then its referee notes shared-win and three-rounds.
QUESTIONS = ["example-highest-total", "example-tie", "ruling-shared-win", "ruling-three-rounds"]

# The tables a question shows before its answer, each as {row label: value}, read from the page as a
# reader sees them: the situation ("Given") and the game's numbers ("The game's number").
SHOWN_TABLES = """(question) => {
  const tables = {};
  for (const table of question.querySelectorAll("table")) {
    if (table.closest(".rb-quiz__answer")) continue;
    const heading = table.querySelector("th").textContent.trim();
    tables[heading] = Object.fromEntries([...table.querySelectorAll("tbody tr")].map(
      (row) => [row.cells[0].innerText.trim(), row.cells[1].innerText.trim()]));
  }
  return tables;
}"""


@pytest.fixture(scope="module")
def quiz_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture's quiz site (quiz_fixture.make_quiz_site), built once a run, shared with the other
    modules that read it. Not to change."""
    return quiz_fixture.quiz_site(tmp_path_factory)


@pytest.fixture(scope="module")
def quiz_url(quiz_site: Path) -> Iterator[str]:
    yield from serve(quiz_site, BuiltSiteHandler)


def _alpha(situation: dict[str, str], facts: dict[str, str]) -> Answer:
    """Rule 1.2 (winner) with the referee note three-rounds: each player adds up their points of the
    game's rounds, as many as the game's number says."""
    rounds = int(facts["Rounds in a game"])
    players = [label.split(" · ")[0] for label in situation if label.endswith(" · Points in round 1")]
    return [
        (player, sum(int(situation[f"{player} · Points in round {n}"]) for n in range(1, rounds + 1)))
        for player in players
    ]


def _choice_answer(label: str) -> Answer:
    """A choice as the page says it: "12 points", or "Ann 114 · Bob 98"."""
    pairs = re.findall(r"(\S+) (-?\d+)(?: ·|$)", label.strip())
    if pairs:
        return [(player, int(value)) for player, value in pairs]
    return [(None, int(re.search(r"-?\d+", label)[0]))]


def pick(question: Locator, wanted: Answer, *, right: bool) -> None:
    labels = question.locator("fieldset label")
    answers = [_choice_answer(labels.nth(index).inner_text()) for index in range(labels.count())]
    assert answers.count(wanted) == 1, (wanted, answers)
    chosen = answers.index(wanted) if right else next(i for i, answer in enumerate(answers) if answer != wanted)
    labels.nth(chosen).click()  # a label checks its radio button
    question.locator("button.rb-quiz__check").click()


def quiz_question(page: Page, anchor: str) -> Locator:
    return page.locator(f"h2#{anchor} + div.rb-quiz")


def test_each_question_is_answered_from_what_its_page_shows(page: Page, quiz_url: str) -> None:
    page.goto(f"{quiz_url}/alpha/quiz/", wait_until="networkidle")
    anchors = page.eval_on_selector_all("h2 + div.rb-quiz", "(divs) => divs.map((d) => d.previousElementSibling.id)")
    assert anchors == QUESTIONS
    for anchor in anchors:
        question = quiz_question(page, anchor)
        reveal = question.locator(".rb-quiz__answer")
        assert reveal.is_hidden()
        if anchor.startswith("ruling-"):
            question.locator("button.rb-quiz__show").click()
            assert reveal.is_visible()
            question.locator("button.rb-quiz__mark[value=right]").click()
            continue
        tables = question.evaluate(SHOWN_TABLES)
        try:
            answer = _alpha(tables["Given"], tables.get("The game's number", {}))
        except KeyError as missing:
            pytest.fail(f"{anchor}: the page does not show {missing}, which its answer needs")
        pick(question, answer, right=False)
        assert question.locator("output").inner_text() == WRONG, anchor
        assert reveal.is_visible()
        pick(question, answer, right=True)
        assert question.locator("output").inner_text() == RIGHT, anchor
    # Every first verdict counted: the two score questions answered wrong first, the two open ones marked right.
    score = page.locator("#rb-quiz-score-result").inner_text()
    assert score == "Right answers: 2 of 4. Still to answer: 0."


def test_the_answer_shows_its_breakdown_and_links_to_what_it_rests_on(page: Page, quiz_url: str) -> None:
    page.goto(f"{quiz_url}/alpha/quiz/", wait_until="networkidle")
    question = quiz_question(page, "example-highest-total")
    pick(question, [("Ann", 9), ("Bob", 8)], right=True)
    answer = question.locator(".rb-quiz__answer")
    # By hand from the example: Ann 3 + 2 + 4, Bob 5 + 1 + 2.
    shown = answer.inner_text()
    assert "3 + 2 + 4 = 9 → 9 points" in shown and "5 + 1 + 2 = 8 → 8 points" in shown
    assert answer.locator("a", has_text="three-rounds").count() == 1  # the referee note it rests on
    answer.locator("a", has_text="Alpha 1.2").first.click()
    page.wait_for_url(re.compile(r"/alpha/#winner$"))


def test_an_empty_answer_is_asked_for_and_reveals_nothing(page: Page, quiz_url: str) -> None:
    page.goto(f"{quiz_url}/alpha/quiz/", wait_until="networkidle")
    question = quiz_question(page, "example-tie")
    question.locator("button.rb-quiz__check").click()
    assert question.locator("output").inner_text() == "Answer the question first."
    assert question.locator(".rb-quiz__answer").is_hidden()
    assert question.locator(".rb-quiz__next").is_hidden()


def _focused(page: Page, script: str) -> bool:
    return page.evaluate(f"(() => {{ const e = document.activeElement; return {script}; }})()")


def _tab_to(page: Page, script: str, limit: int = 200) -> None:
    """Tab until the focus is on what `script` describes: the page's header comes first."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if _focused(page, script):
            return
    raise AssertionError(f"Tab never reached {script}")


def test_the_quiz_by_keyboard_on_a_phone_next_and_the_score(browser: Browser, quiz_url: str) -> None:
    """alpha in Czech, 360 px wide, keys only: each question answered, Next to the following, and
    after the last, the score."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{quiz_url}/cs/alpha/quiz/", wait_until="networkidle")
    anchors = page.eval_on_selector_all("h2 + div.rb-quiz", "(divs) => divs.map((d) => d.previousElementSibling.id)")
    assert anchors == QUESTIONS
    rights = 0
    for number, anchor in enumerate(anchors):
        question = quiz_question(page, anchor)
        if anchor.startswith("example-"):
            # A radio group: Tab reaches its first choice, Space picks it, Tab reaches Check.
            _tab_to(page, f"e.type === 'radio' && e.name === 'quiz-{number + 1}'")
            page.keyboard.press("Space")
            right = page.evaluate("document.activeElement.value") == question.get_attribute("data-answer")
            _tab_to(page, "e.classList.contains('rb-quiz__check')")
            page.keyboard.press("Enter")
            assert question.locator("output").inner_text() == (
                "Správně." if right else "Tentokrát ne: odpověď je níže."
            )
        else:
            _tab_to(page, "e.classList.contains('rb-quiz__show')")
            page.keyboard.press("Enter")
            _tab_to(page, "e.classList.contains('rb-quiz__mark')")  # "I had it right" comes first
            page.keyboard.press("Enter")
            right = True
        rights += right
        assert question.locator(".rb-quiz__answer").is_visible()
        _tab_to(page, "e.classList.contains('rb-quiz__next')")
        last = number == len(anchors) - 1
        assert page.evaluate("document.activeElement.textContent") == ("Zobrazit mé skóre" if last else "Další otázka")
        page.keyboard.press("Enter")
        target = "quiz-score" if last else anchors[number + 1]
        assert _focused(page, f"e.id === '{target}'"), target
    score = page.locator("#rb-quiz-score-result").inner_text()
    assert score == f"Správné odpovědi: {rights} z\u00a0{len(anchors)}. Zbývá odpovědět: 0."
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


# Every question answered (its first choice, or the answer shown) and checked, by the page's own
# handlers, in one call: the tests that use it (here and in test_quiz_content.py) read the page with
# every answer shown, and answering through the fields is
# test_each_question_is_answered_from_what_its_page_shows's. Through Playwright, one action per field
# and button took 1.75 to 2.85 busy core-seconds a quiz (dev/testing.md).
REVEAL_ALL = """() => {
  const questions = [...document.querySelectorAll("div.rb-quiz")];
  for (const question of questions) {
    const radio = question.querySelector("input[type=radio]");
    if (radio) {
      radio.checked = true;
      question.querySelector("button.rb-quiz__check").click();
    } else {
      question.querySelector("button.rb-quiz__show").click();
      question.querySelector("button.rb-quiz__mark").click();
    }
  }
  return [questions.length, questions.filter((question) => question.querySelector(".rb-quiz__answer").hidden).length];
}"""


def reveal_all(page: Page) -> None:
    questions, hidden = page.evaluate(REVEAL_ALL)
    assert questions > 0 and hidden == 0, f"{hidden} of {questions} answers stayed hidden"


def test_axe_finds_nothing_on_the_quizzes(page: Page, quiz_url: str) -> None:
    """In light and in dark (accessibility.py), every answer revealed, in each language."""
    found = []
    for path in ("alpha/quiz/", "fr/alpha/quiz/", "cs/alpha/quiz/"):
        page.goto(f"{quiz_url}/{path}", wait_until="networkidle")
        reveal_all(page)
        found += [
            f"{path} ({violation['scheme']}): {violation['id']} ({violation['impact']})"
            for violation in violations_in_both_schemes(page)
        ]
    assert found == []


def test_offline_a_quiz_never_visited_opens_and_answers(browser: Browser, quiz_url: str, quiz_site: Path) -> None:
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(f"{quiz_url}/alpha/")
    installed(page, quiz_site)  # the worker holds every file of precache.json, the quizzes among them
    context.set_offline(True)
    page.goto(f"{quiz_url}/fr/alpha/quiz/")
    question = quiz_question(page, "example-highest-total")
    # By hand: Ann 3 + 2 + 4 = 9, Bob 5 + 1 + 2 = 8.
    pick(question, [("Ann", 9), ("Bob", 8)], right=True)
    assert question.locator("output").inner_text() == "Exact."
    context.close()


def test_the_game_page_links_to_its_quiz(page: Page, quiz_url: str) -> None:
    page.goto(f"{quiz_url}/fr/alpha/", wait_until="networkidle")
    page.locator("p.rb-edition a", has_text="Quiz des règles").click()
    page.wait_for_url(re.compile(r"/fr/alpha/quiz/$"))
    assert page.locator("h1").inner_text().startswith("Alpha\u00a0: quiz des règles")
