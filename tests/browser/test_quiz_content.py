"""The project's own quizzes in Chromium, whatever games and languages rules/project.yaml holds
(issue 50): every score question is answered from what its page shows alone, and no quiz scrolls
sideways on a phone. The quiz's workings are test_quiz_site.py's, on the fixture.

A game's quiz is worked out by its own reader (rules/<game>/quiz_reader.py, QUIZ_READER): the
scoring of the situation and the game's numbers the question's tables show, by hand from the rules
and the referee notes, never by the game's scorer. A game whose quiz asks no score question (as
`rulebook new game --scoring` makes it: its scorer says no situation) needs none."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from playwright.sync_api import Browser, Page

from browser.test_quiz_site import RIGHT, SHOWN_TABLES, WRONG, pick, quiz_question, reveal_all
from conftest import ROOT
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
QUIZ_READER = "quiz_reader.py"  # in each game's folder: read by the browser tests alone


def quiz_reader(game: str) -> ModuleType:
    """The game's quiz reader, run from its file: its `answer(situation, facts)`. Compiled from the
    source, as the form adapters are (calculator_form.py): no bytecode written into rules/."""
    path = ROOT / "rules" / game / QUIZ_READER
    if not path.is_file():
        pytest.fail(f"{path}: the quiz of {game!r} asks score questions; write `answer(situation, facts)` there")
    module = ModuleType(f"rules.{game}.{path.stem}")
    module.__file__ = str(path)
    exec(compile(path.read_bytes(), str(path), "exec", dont_inherit=True), module.__dict__)
    return module


def quiz_path(language: str, game: str) -> str:
    return f"{'' if language == PROJECT.source_language else language + '/'}{game}/quiz/"


def quizzes(site: Path) -> list[str]:
    """The games that have a quiz (a scored worked example its scorer can say, or a referee note)."""
    return [game.id for game in PROJECT.games if (site / game.id / "quiz" / "index.html").is_file()]


def test_each_question_of_the_projects_quizzes_is_answered_from_its_page(
    page: Page, site_url: str, clean_site: Path
) -> None:
    """In the source language, whose words the readers read."""
    asked = 0
    for game in quizzes(clean_site):
        page.goto(f"{site_url}/{quiz_path(PROJECT.source_language, game)}", wait_until="networkidle")
        anchors = page.eval_on_selector_all(
            "h2 + div.rb-quiz", "(divs) => divs.map((d) => d.previousElementSibling.id)"
        )
        scored = [anchor for anchor in anchors if anchor.startswith("example-")]
        reader = quiz_reader(game) if scored else None
        for anchor in anchors:
            question = quiz_question(page, anchor)
            reveal = question.locator(".rb-quiz__answer")
            assert reveal.is_hidden(), (game, anchor)
            if reader is None or anchor.startswith("ruling-"):
                question.locator("button.rb-quiz__show").click()
                assert reveal.is_visible(), (game, anchor)
                question.locator("button.rb-quiz__mark[value=right]").click()
                continue
            tables = question.evaluate(SHOWN_TABLES)
            try:
                answer = reader.answer(tables["Given"], tables.get("The game's number", {}))
            except KeyError as missing:
                pytest.fail(f"{game} {anchor}: the page does not show {missing}, which its answer needs")
            pick(question, answer, right=False)
            assert question.locator("output").inner_text() == WRONG, (game, anchor)
            pick(question, answer, right=True)
            assert question.locator("output").inner_text() == RIGHT, (game, anchor)
            asked += 1
        score = page.locator("#rb-quiz-score-result").inner_text()
        assert score == f"Right answers: {len(anchors) - len(scored)} of {len(anchors)}. Still to answer: 0.", game
    assert asked  # the project's quizzes ask score questions: the test answered some


def test_no_quiz_scrolls_sideways_on_a_phone(browser: Browser, site_url: str, clean_site: Path) -> None:
    """Each game's quiz with every answer shown, 360 px wide, in a language each (the project's in
    turn): the longest labels and breakdowns are the content's."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    widths = {}
    for index, game in enumerate(quizzes(clean_site)):
        path = quiz_path(PROJECT.languages[index % len(PROJECT.languages)], game)
        page.goto(f"{site_url}/{path}", wait_until="networkidle")
        reveal_all(page)
        widths[path] = page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert widths and {path: width for path, width in widths.items() if width > 360} == {}
