"""Each game's rules quiz as Markdown: how many questions it asks (counted by hand from game.yaml),
and that every answer it expects is the one game.yaml's examples expect or the ruling's own."""

from __future__ import annotations

import re

import pytest
import yaml

from conftest import ROOT
from rulebook.load.project import load_project
from rulebook.render.context import PageContext
from rulebook.render.pages import render_pages
from rulebook.render.quiz_questions import quiz_questions

# By hand from game.yaml: the examples with a score or scores that the calculator form can say,
# then one question per ruling. REBUS: 9 examples, ten-tiles refused; 6 rulings. Rebis: 8
# examples, 2 refused, red-token-placed gives token values and the red token's place, which the
# form has no field for; 8 rulings. Oh My Word: 8 examples, 2 refused; 3 rulings.
QUESTIONS = {"rebus": (8, 6), "rebis": (5, 8), "oh-my-word": (6, 3)}
LANGUAGES = ("en", "fr", "cs")
_QUESTION = re.compile(r"^## .*\{ #(example|ruling)-([a-z0-9-]+) data-search-exclude \}$", re.M)


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return {page.path: page.text for page in render_pages(load_project(ROOT).project, lambda path: "quiz" in path)}


def _questions(page: str) -> list[tuple[str, str, str]]:
    """Each question's kind, id and Markdown, in page order."""
    found = list(_QUESTION.finditer(page))
    ends = [match.start() for match in found[1:]] + [len(page)]
    return [(match[1], match[2], page[match.end() : end]) for match, end in zip(found, ends, strict=True)]


def _game_data(game: str) -> dict:
    return yaml.safe_load((ROOT / "rules" / game / "game.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", QUESTIONS)
def test_each_quiz_asks_the_examples_then_the_rulings(pages: dict[str, str], game: str, language: str) -> None:
    questions = _questions(pages[f"{language}/{game}/quiz.md"])
    examples, rulings = QUESTIONS[game]
    assert [kind for kind, _, _ in questions] == ["example"] * examples + ["ruling"] * rulings
    data = _game_data(game)
    assert [id_ for kind, id_, _ in questions if kind == "ruling"] == [ruling["id"] for ruling in data["rulings"]]
    refused = {example["id"] for example in data["examples"] if "refused" in example["expect"]}
    assert not refused & {id_ for kind, id_, _ in questions if kind == "example"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", QUESTIONS)
def test_a_score_question_expects_what_game_yaml_expects(pages: dict[str, str], game: str, language: str) -> None:
    expected = {example["id"]: example["expect"] for example in _game_data(game)["examples"]}
    for kind, example_id, text in _questions(pages[f"{language}/{game}/quiz.md"]):
        if kind != "example":
            continue
        answers = [int(value) for value in re.findall(r'<input type="text"[^>]* data-answer="(-?\d+)">', text)]
        expect = expected[example_id]
        assert answers == ([expect["score"]] if "score" in expect else list(expect["scores"].values())), example_id
        if "scores" in expect:  # each field is labelled with its player's name
            assert re.findall(r'<label for="[^"]+">([^<]+)</label> <input', text) == list(expect["scores"])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", QUESTIONS)
def test_a_ruling_question_expects_the_rulings_own_answer(pages: dict[str, str], game: str, language: str) -> None:
    project = load_project(ROOT).project
    found = next(each for each in project.games if each.id == game)
    context = PageContext(project, language)
    answers = {ruling.id: context.text(found, f"ruling.{ruling.id}.answer") for ruling in found.rulings}
    for kind, ruling_id, text in _questions(pages[f"{language}/{game}/quiz.md"]):
        if kind != "ruling":
            continue
        right = int(re.search(r'<div class="rb-quiz" data-answer="(\d+)"', text)[1])
        choices = re.findall(r'<label for="quiz-\d+-\d+">(.*)</label>$', text, re.M)
        assert 2 <= len(choices) <= 3 and len(set(choices)) == len(choices)
        assert choices[right] == answers[ruling_id]
        # Every wrong choice is another ruling's answer, never one typed for the quiz.
        assert set(choices) - {answers[ruling_id]} <= set(answers.values()) - {answers[ruling_id]}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_page_links_to_its_quiz(language: str) -> None:
    project = load_project(ROOT).project
    pages = {page.path: page.text for page in render_pages(project, lambda path: path.count("/") == 1)}
    for game in QUESTIONS:
        assert f"]({game}/quiz.md)</p>" in pages[f"{language}/{game}.md"]


def test_the_quiz_words_are_the_catalogs(pages: dict[str, str]) -> None:
    # The French catalog's words (a draft, written for this page), not English.
    french = pages["fr/rebus/quiz.md"]
    assert "# REBUS\u00a0: quiz des règles" in french and "Vérifier ma réponse" in french
    assert "Check my answer" not in french
    assert "Otázka 1" in pages["cs/rebus/quiz.md"]


def test_a_games_questions_are_made_once_and_are_what_a_new_model_gives() -> None:
    # Remembered on the game: `rulebook serve` lists every page, quizzes included, at each refresh.
    project = load_project(ROOT).project
    fresh = load_project(ROOT).project
    assert project is not None and fresh is not None
    for game, new in zip(project.games, fresh.games, strict=True):
        first = quiz_questions(game, ROOT)
        assert quiz_questions(game, ROOT) is first
        assert first == quiz_questions(new, ROOT) and len(first) == sum(QUESTIONS[game.id])
