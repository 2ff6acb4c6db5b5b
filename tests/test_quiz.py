"""Each game's rules quiz as Markdown: how many questions it asks (counted by hand from game.yaml),
that every answer it expects is the one game.yaml's examples expect, that its wrong choices are the
same situation with a rule misread (worked out by hand), and that every question shows what its
answer needs before the answer."""

from __future__ import annotations

import re

import pytest
import yaml

from conftest import ROOT
from rulebook.load.project import load_project
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


def _before_and_after_the_answer(text: str) -> tuple[str, str]:
    before, _, after = text.partition('<div class="rb-quiz__answer" hidden markdown>')
    assert after, "no answer block"
    return before, after


def _choices(text: str) -> tuple[int, list[list[tuple[str | None, int]]]]:
    """The right choice's position and each choice's scores: (player or None, points) pairs."""
    right = int(re.search(r'<div class="rb-quiz" data-answer="(\d+)"', text)[1])
    labels = re.findall(r'<label for="quiz-\d+-\d+">(.*)</label>$', text, re.M)
    parsed = []
    for label in labels:
        pairs = re.findall(r"(\S+) (-?\d+)(?: ·|$)", label)
        parsed.append([(player, int(value)) for player, value in pairs] or [(None, int(re.search(r"-?\d+", label)[0]))])
    return right, parsed


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", QUESTIONS)
def test_a_score_questions_right_choice_is_what_game_yaml_expects(
    pages: dict[str, str], game: str, language: str
) -> None:
    expected = {example["id"]: example["expect"] for example in _game_data(game)["examples"]}
    for kind, example_id, text in _questions(pages[f"{language}/{game}/quiz.md"]):
        if kind != "example":
            continue
        right, choices = _choices(text)
        expect = expected[example_id]
        want = [(None, expect["score"])] if "score" in expect else list(expect["scores"].items())
        assert choices[right] == want, example_id
        assert 2 <= len(choices) <= 3 and all(choice != want for index, choice in enumerate(choices) if index != right)
        assert len({tuple(choice) for choice in choices}) == len(choices), example_id


# Each wrong choice worked out by hand from the same situation, with one rule misread.
WRONG = {
    # 2 tiles, one on the centre dot (×2): forgetting the dot, 2 × 3 = 6; the dot taken for red, 2 × 3 × 3 = 18.
    ("rebus", "i-saw"): [[(None, 6)], [(None, 18)]],
    # 5 tiles (3 new), a new one on blue: the new tiles only, 3 × 3 × 2 = 18; without the square, 5 × 3 = 15.
    ("rebus", "reads-through"): [[(None, 18)], [(None, 15)]],
    # Ann 120 with 2 tiles left, Bob 98 with none: no penalty, 120; a point a tile, 118.
    ("rebus", "end-of-game"): [[("Ann", 120), ("Bob", 98)], [("Ann", 118), ("Bob", 98)]],
    # Ann 5 + 3 − 2 = 6 with golden dust and gold, Bob 7 and 1 card in hand. Tokens left out: Ann 6 (and the
    # red token she gets is ×1 too). The −2 added as 2: Ann 10 × 2 × 3 = 60, her red token claim falls to 0,
    # so Bob (1 card) receives it: 7 × 2 = 14.
    ("rebis", "multiplied-shelf"): [[("Ann", 6), ("Bob", 7)], [("Ann", 60), ("Bob", 14)]],
    # Tokens 1 + 3, 2 and none, counted instead of their values: 2, 1, 0.
    ("oh-my-word", "fewest-points"): [[("Ann", 2), ("Bob", 1), ("Cy", 0)]],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_wrong_choices_are_the_same_situation_with_a_rule_misread(pages: dict[str, str], language: str) -> None:
    for (game, example_id), wrong in WRONG.items():
        text = dict(((kind, id_), text) for kind, id_, text in _questions(pages[f"{language}/{game}/quiz.md"]))
        right, choices = _choices(text["example", example_id])
        offered = [choice for index, choice in enumerate(choices) if index != right]
        assert sorted(offered) == sorted(wrong), (game, example_id)
        # The answer says, for each, which rule was misread, with its link.
        _, after = _before_and_after_the_answer(text["example", example_id])
        others = [line for line in after.splitlines() if line.startswith("- **")]
        assert len(others) == len(wrong) and all(f"](../{game}.md#" in line for line in others)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", QUESTIONS)
def test_every_question_shows_its_rules_and_rulings_before_the_answer(
    pages: dict[str, str], game: str, language: str
) -> None:
    data = _game_data(game)
    examples = {example["id"]: example for example in data["examples"]}
    rulings = {ruling["id"]: ruling for ruling in data["rulings"]}
    for kind, id_, text in _questions(pages[f"{language}/{game}/quiz.md"]):
        before, after = _before_and_after_the_answer(text)
        named = examples[id_] if kind == "example" else rulings[id_]
        for rule in named["rules"]:
            assert f"](../{game}.md#{rule})" in before, (id_, rule)
            assert f"](../{game}.md#{rule})" in after, (id_, rule)  # and the answer links what it rests on
        for ruling in named.get("rulings", ()):
            assert f"](../{game}.md#ruling-{ruling})" in before, (id_, ruling)
        if kind == "ruling":
            assert 'type="radio"' not in text  # open: the reader marks their own answer
            assert 'class="rb-quiz__show"' in before and 'class="rb-quiz__mark"' in after


def test_the_facts_shown_are_those_the_answer_needs(pages: dict[str, str]) -> None:
    questions = {(kind, id_): text for kind, id_, text in _questions(pages["en/rebus/quiz.md"])}
    before, _ = _before_and_after_the_answer(questions["example", "i-saw"])
    # 2 × 3 points, × 2 for the centre dot, said as a yes: the tile points and the dot's multiplier, no
    # bonus (2 tiles are not the hand of 9), no other square.
    assert "| Rebus 1 · A new tile on the center dot | Yes |" in before
    facts = re.findall(r"^\| ([^|]+) \| (\d+) \| \[", before, re.M)
    assert facts == [("Points per tile", "3"), ("The center dot multiplies by", "2")]
    # The blue square doubles a rebus that adds to the board's tiles: rule 3.2 is cited and its number shown.
    before, _ = _before_and_after_the_answer(questions["example", "reads-through"])
    assert "| A blue square multiplies by | 2 |" in before and "[REBUS 3.2](../rebus.md#bonus-squares)" in before
    # Rebis: the token values the project assumes, with the ruling that assumes them.
    rebis = {(kind, id_): text for kind, id_, text in _questions(pages["en/rebis/quiz.md"])}
    before, _ = _before_and_after_the_answer(rebis["example", "multiplied-shelf"])
    for row in ("| Golden dust token × | 2 |", "| Golden mixture token × | 3 |", "| Red token × | 2 |"):
        assert f"{row} [`token-values`](../rebis.md#ruling-token-values) |" in before


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_question_has_a_next_button_and_the_page_ends_with_the_score(pages: dict[str, str], language: str) -> None:
    page = pages[f"{language}/rebis/quiz.md"]
    nexts = re.findall(r'<button type="button" class="rb-quiz__next" hidden>([^<]+)</button>', page)
    assert len(nexts) == sum(QUESTIONS["rebis"]) and len(set(nexts[:-1])) == 1 and nexts[-1] != nexts[0]
    assert re.search(r"## [^\n]+ \{ #quiz-score data-search-exclude \}\n\n<div class=\"rb-quiz-score\"", page)
    assert page.index("#quiz-score") > page.rindex('class="rb-quiz__next"')


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
    czech = pages["cs/rebus/quiz.md"]
    assert "Otázka 1" in czech and "Další otázka" in czech
    # „Pole“ names the board's squares in Czech; the situation's column is „Údaj“.
    assert "| Údaj | Hodnota |" in czech and "| Pole |" not in czech


def test_a_games_questions_are_made_once_and_are_what_a_new_model_gives() -> None:
    # Remembered on the game: `rulebook serve` lists every page, quizzes included, at each refresh.
    project = load_project(ROOT).project
    fresh = load_project(ROOT).project
    assert project is not None and fresh is not None
    for game, new in zip(project.games, fresh.games, strict=True):
        if game.id not in QUESTIONS:  # a game an author added: this file knows the questions of the tested ones
            continue
        first = quiz_questions(game, ROOT)
        assert quiz_questions(game, ROOT) is first
        assert first == quiz_questions(new, ROOT) and len(first) == sum(QUESTIONS[game.id])
