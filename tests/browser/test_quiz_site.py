"""Each game's rules quiz in Chromium, through the reader's door.

Every score question is answered from what its page shows alone: the test reads the situation and
the game's numbers from the question's tables (never the answer, never a data attribute) and
computes the score with formulas worked out by hand from the rules and the rulings the question
shows, then picks the choice that says it and must hear "Right."; a choice that says something else
must hear the other verdict. Every open question is shown and self-marked. The flow (Next, the
score at the end) is run on a 360 px phone by keyboard alone; axe finds nothing in light or dark
with every answer shown; nothing scrolls sideways."""

from __future__ import annotations

import re
from collections.abc import Callable
from math import prod
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page

from browser.accessibility import violations_in_both_schemes
from browser.test_offline_worker import installed

pytestmark = pytest.mark.browser

GAMES = ("rebus", "rebis", "oh-my-word")
RIGHT, WRONG = "Right.", "Not this time: the answer is below."
Answer = list[tuple[str | None, int]]  # (player or None, points), in the page's order

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


def _number(text: str) -> int:
    return int(text.replace("\u2212", "-"))


def _rows(situation: dict[str, str], group: str) -> dict[str, str]:
    """The rows of one group ("Rebus 1", "Ann", "Ann, shelf 2"), by their label within it."""
    prefix = f"{group} · "
    return {label.removeprefix(prefix): value for label, value in situation.items() if label.startswith(prefix)}


def _groups(situation: dict[str, str], pattern: str) -> list[str]:
    found: list[str] = []
    for label in situation:
        match = re.match(pattern, label)
        if match and match[1] not in found:
            found.append(match[1])
    return found


def _rebus(situation: dict[str, str], facts: dict[str, str]) -> Answer:
    """Rules 3.1 to 3.5 and the rulings shown: tiles × points a tile, × each new square's multiplier
    within the rebus; the bonus once when the whole hand is placed; at the end, the penalty a tile."""
    if "Tiles placed from the hand" not in situation:
        players = _groups(situation, r"^([^·]+) · Score before the penalty$")
        answer: Answer = []
        for player in players:
            rows = _rows(situation, player)
            left = _number(rows["Tiles left in the hand"])
            penalty = _number(facts["Points lost for each tile left in the hand at the end"]) if left else 0
            answer.append((player, _number(rows["Score before the penalty"]) - left * penalty))
        return answer
    placed = _number(situation["Tiles placed from the hand"])
    total = 0
    for rebus in _groups(situation, r"^(Rebus \d+) · "):
        rows = _rows(situation, rebus)
        multipliers = []
        if _number(rows["New tiles on blue squares"]):
            multipliers += [_number(facts["A blue square multiplies by"])] * _number(rows["New tiles on blue squares"])
        if _number(rows["New tiles on red squares"]):
            multipliers += [_number(facts["A red square multiplies by"])] * _number(rows["New tiles on red squares"])
        if rows["A new tile on the center dot"] == "Yes":
            multipliers.append(_number(facts["The center dot multiplies by"]))
        total += (
            _number(rows["Tiles in the rebus, old and new"]) * _number(facts["Points per tile"]) * prod(multipliers)
        )
    # The bonus is only shown where it applies: a hand's size shown, and all of it placed.
    if facts.get("Tiles in a player's hand") == str(placed):
        total += _number(facts["Bonus for placing every tile of the hand in one turn"])
    return [(None, total)]


def _rebis(situation: dict[str, str], facts: dict[str, str]) -> Answer:
    """Rules 4.2 and 5.1 to 5.3 with the rulings shown: a shelf is its face-up points' sum × its tokens'
    multipliers; the red token goes to the one highest (negative points + cards in hand) and sits
    where it adds most (the first such shelf); nobody gets it on a tie."""
    players = _groups(situation, r"^([^·,]+) · Cards in hand$")
    shelves: dict[str, list[tuple[int, int]]] = {}  # player → (points' sum, tokens' product) a shelf
    claims = {}
    for player in players:
        negative = 0
        shelves[player] = []
        for shelf in _groups(situation, rf"^({re.escape(player)}, shelf \d+) · "):
            rows = _rows(situation, shelf)
            points = [_number(point) for point in rows["Face-up cards' points, in the order played"].split()]
            negative += sum(-point for point in points if point < 0)
            tokens = []
            if _number(rows["Golden dust tokens"]):
                tokens += [_number(facts["Golden dust token ×"])] * _number(rows["Golden dust tokens"])
            if _number(rows["Golden mixture tokens"]):
                tokens += [_number(facts["Golden mixture token ×"])] * _number(rows["Golden mixture tokens"])
            shelves[player].append((sum(points), prod(tokens)))
        claims[player] = negative + _number(situation[f"{player} · Cards in hand"])
    scores = {player: sum(total * product for total, product in shelves[player]) for player in players}
    leaders = [player for player in players if claims[player] == max(claims.values())]
    if len(leaders) == 1 and shelves[leaders[0]]:
        red = _number(facts["Red token ×"])
        gains = [total * product * (red - 1) for total, product in shelves[leaders[0]]]
        scores[leaders[0]] += max(gains)
    return list(scores.items())


def _oh_my_word(situation: dict[str, str], facts: dict[str, str]) -> Answer:
    """Rules 4.1 and 4.2: the sum of a player's bad luck tokens' values, or, in the simple scoring,
    their number."""
    simple = situation["Scoring"].startswith("Simple")
    answer: Answer = []
    for player in _groups(situation, r"^([^·]+) · Bad luck tokens worth \d+$"):
        held = {int(label.rsplit(" ", 1)[1]): _number(count) for label, count in _rows(situation, player).items()}
        answer.append((player, sum(held.values()) if simple else sum(value * count for value, count in held.items())))
    return answer


SCORERS: dict[str, Callable[[dict[str, str], dict[str, str]], Answer]] = {
    "rebus": _rebus,
    "rebis": _rebis,
    "oh-my-word": _oh_my_word,
}


def _choice_answer(label: str) -> Answer:
    """A choice as the page says it: "12 points", or "Ann 114 · Bob 98"."""
    pairs = re.findall(r"(\S+) (-?\d+)(?: ·|$)", label.strip())
    if pairs:
        return [(player, int(value)) for player, value in pairs]
    return [(None, int(re.search(r"-?\d+", label)[0]))]


def _pick(question: Locator, wanted: Answer, *, right: bool) -> None:
    labels = question.locator("fieldset label")
    answers = [_choice_answer(labels.nth(index).inner_text()) for index in range(labels.count())]
    assert answers.count(wanted) == 1, (wanted, answers)
    chosen = answers.index(wanted) if right else next(i for i, answer in enumerate(answers) if answer != wanted)
    labels.nth(chosen).click()  # a label checks its radio button
    question.locator("button.rb-quiz__check").click()


def _question(page: Page, anchor: str) -> Locator:
    return page.locator(f"h2#{anchor} + div.rb-quiz")


@pytest.mark.parametrize("game", GAMES)
def test_each_question_is_answered_from_what_its_page_shows(page: Page, site_url: str, game: str) -> None:
    page.goto(f"{site_url}/{game}/quiz/", wait_until="networkidle")
    anchors = page.eval_on_selector_all("h2 + div.rb-quiz", "(divs) => divs.map((d) => d.previousElementSibling.id)")
    scored = [anchor for anchor in anchors if anchor.startswith("example-")]
    assert scored and len(scored) < len(anchors)
    for anchor in anchors:
        question = _question(page, anchor)
        reveal = question.locator(".rb-quiz__answer")
        assert reveal.is_hidden()
        if anchor.startswith("ruling-"):
            question.locator("button.rb-quiz__show").click()
            assert reveal.is_visible()
            question.locator("button.rb-quiz__mark[value=right]").click()
            continue
        tables = question.evaluate(SHOWN_TABLES)
        try:
            answer = SCORERS[game](tables["Given"], tables.get("The game's number", {}))
        except KeyError as missing:
            pytest.fail(f"{anchor}: the page does not show {missing}, which its answer needs")
        _pick(question, answer, right=False)
        assert question.locator("output").inner_text() == WRONG, anchor
        assert reveal.is_visible()
        _pick(question, answer, right=True)
        assert question.locator("output").inner_text() == RIGHT, anchor
    # Every first verdict counted: the wrong first answers of the score questions, the open ones marked right.
    score = page.locator("#rb-quiz-score-result").inner_text()
    assert score == f"Right answers: {len(anchors) - len(scored)} of {len(anchors)}. Still to answer: 0."


def test_the_answer_shows_its_breakdown_and_links_to_what_it_rests_on(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/rebus/quiz/", wait_until="networkidle")
    question = _question(page, "example-two-squares")
    _pick(question, [(None, 108)], right=True)
    answer = question.locator(".rb-quiz__answer")
    # By hand from the rules: 6 tiles × 3 points, × 2 for the blue square and × 3 for the red one.
    assert "6 × 3 = 18 × 2 × 3 = 108" in answer.inner_text()
    assert answer.locator("a", has_text="squares-compound").count() == 1  # the ruling it rests on
    answer.locator("a", has_text="REBUS 3.2").first.click()
    page.wait_for_url(re.compile(r"/rebus/#bonus-squares$"))


def test_an_empty_answer_is_asked_for_and_reveals_nothing(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/rebus/quiz/", wait_until="networkidle")
    question = _question(page, "example-i-saw")
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


def test_the_quiz_by_keyboard_on_a_phone_next_and_the_score(browser: Browser, site_url: str) -> None:
    """Oh My Word in Czech, 360 px wide, keys only: each question answered, Next to the following,
    and after the last, the score."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{site_url}/cs/oh-my-word/quiz/", wait_until="networkidle")
    anchors = page.eval_on_selector_all("h2 + div.rb-quiz", "(divs) => divs.map((d) => d.previousElementSibling.id)")
    rights = 0
    for number, anchor in enumerate(anchors):
        question = _question(page, anchor)
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
# handlers, in one call: the tests that use it read the page with every answer shown, and answering
# through the fields is test_each_question_is_answered_from_what_its_page_shows's. Through
# Playwright, one action per field and button took 1.75 to 2.85 busy core-seconds a quiz
# (dev/testing.md).
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
    _pick(question, [(None, 77)], right=True)
    assert question.locator("output").inner_text() == "Exact."
    context.close()


def test_the_game_page_links_to_its_quiz(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/fr/rebis/", wait_until="networkidle")
    page.locator("p.rb-edition a", has_text="Quiz des règles").click()
    page.wait_for_url(re.compile(r"/fr/rebis/quiz/$"))
    assert page.locator("h1").inner_text().startswith("Rebis\u00a0: quiz des règles")
