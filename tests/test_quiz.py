"""Each game's rules quiz as Markdown: how many questions it asks (counted by hand from game.yaml),
that every answer it expects is the one game.yaml's examples expect, that its wrong choices are the
same situation with a rule misread (worked out by hand), and that every question shows what its
answer needs before the answer. The project is the translated fixture (fixture_games.py) with
alpha's editions 1.0.1 and 1.0.2 (record_corrections: the referee note shared-win and the example
tie) and a quiz (quiz_alpha: a scorer that says its situations, names its fact and misreads its
rule; a refused example; the referee note three-rounds, which assumes the number of rounds);
beta, neither scored nor ruled, has no quiz."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from conftest import made_once
from fixture_games import NBSP, make_translated_project, quiz_alpha, record_corrections
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages
from rulebook.render.quiz_questions import quiz_questions

# By hand from game.yaml: the examples with scores that the scorer can say, then one question per
# ruling. alpha: highest-total and tie (four-rounds is refused); the rulings shared-win and three-rounds.
QUESTIONS = {"alpha": (2, 2)}
LANGUAGES = ("en", "fr", "cs")
_QUESTION = re.compile(r"^## .*\{ #(example|ruling)-([a-z0-9-]+) data-search-exclude \}$", re.M)


def make_quiz_project(root: Path) -> None:
    make_translated_project(root)
    record_corrections(root)
    quiz_alpha(root)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return made_once(tmp_path_factory, "quiz-project", make_quiz_project)


@pytest.fixture(scope="module")
def pages(root: Path) -> dict[str, str]:
    return {page.path: page.text for page in render_pages(load_project(root).project, lambda path: "quiz" in path)}


def _questions(page: str) -> list[tuple[str, str, str]]:
    """Each question's kind, id and Markdown, in page order."""
    found = list(_QUESTION.finditer(page))
    ends = [match.start() for match in found[1:]] + [len(page)]
    return [(match[1], match[2], page[match.end() : end]) for match, end in zip(found, ends, strict=True)]


def _game_data(root: Path, game: str) -> dict:
    return yaml.safe_load((root / "rules" / game / "game.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", QUESTIONS)
def test_each_quiz_asks_the_examples_then_the_rulings(
    root: Path, pages: dict[str, str], game: str, language: str
) -> None:
    questions = _questions(pages[f"{language}/{game}/quiz.md"])
    examples, rulings = QUESTIONS[game]
    assert [kind for kind, _, _ in questions] == ["example"] * examples + ["ruling"] * rulings
    assert [id_ for _, id_, _ in questions] == ["highest-total", "tie", "shared-win", "three-rounds"]
    data = _game_data(root, game)
    assert [id_ for kind, id_, _ in questions if kind == "ruling"] == [ruling["id"] for ruling in data["rulings"]]
    refused = {example["id"] for example in data["examples"] if "refused" in example["expect"]}
    assert refused == {"four-rounds"} and not refused & {id_ for kind, id_, _ in questions if kind == "example"}


def test_a_game_without_a_scored_example_or_a_ruling_has_no_quiz(pages: dict[str, str]) -> None:
    assert sorted(pages) == [f"{language}/alpha/quiz.md" for language in sorted(LANGUAGES)]


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
    root: Path, pages: dict[str, str], game: str, language: str
) -> None:
    expected = {example["id"]: example["expect"] for example in _game_data(root, game)["examples"]}
    for kind, example_id, text in _questions(pages[f"{language}/{game}/quiz.md"]):
        if kind != "example":
            continue
        right, choices = _choices(text)
        expect = expected[example_id]
        want = [(None, expect["score"])] if "score" in expect else list(expect["scores"].items())
        assert choices[right] == want, example_id
        assert 2 <= len(choices) <= 3 and all(choice != want for index, choice in enumerate(choices) if index != right)
        assert len({tuple(choice) for choice in choices}) == len(choices), example_id


# Each wrong choice worked out by hand from the same situation, with one rule misread (quiz_alpha's
# MISTAKES, in order): a round too many is refused (no choice); the rounds added backwards give the right
# total (no choice); the last round alone; the first round left out; the first round alone would be a
# third wrong choice, but the quiz offers two.
WRONG = {
    # Ann 3, 2, 4 and Bob 5, 1, 2: the last round, Ann 4 and Bob 2; without the first, Ann 6 and Bob 3.
    ("alpha", "highest-total"): [[("Ann", 4), ("Bob", 2)], [("Ann", 6), ("Bob", 3)]],
    # Ann 3, 3, 3 and Bob 4, 4, 1: the last round, Ann 3 and Bob 1; without the first, Ann 6 and Bob 5.
    ("alpha", "tie"): [[("Ann", 3), ("Bob", 1)], [("Ann", 6), ("Bob", 5)]],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_wrong_choices_are_the_same_situation_with_a_rule_misread(pages: dict[str, str], language: str) -> None:
    for (game, example_id), wrong in WRONG.items():
        text = dict(((kind, id_), text) for kind, id_, text in _questions(pages[f"{language}/{game}/quiz.md"]))
        right, choices = _choices(text["example", example_id])
        offered = [choice for index, choice in enumerate(choices) if index != right]
        assert sorted(offered) == sorted(wrong), (game, example_id)
        # The answer says, for each, which rule was misread, with its link: winner, never players (the
        # misreading left out).
        _, after = _before_and_after_the_answer(text["example", example_id])
        others = [line for line in after.splitlines() if line.startswith("- **")]
        assert len(others) == len(wrong) and all(f"](../{game}.md#winner)" in line for line in others)
        assert not any("#players" in line for line in others)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", QUESTIONS)
def test_every_question_shows_its_rules_and_rulings_before_the_answer(
    root: Path, pages: dict[str, str], game: str, language: str
) -> None:
    data = _game_data(root, game)
    examples = {example["id"]: example for example in data["examples"]}
    rulings = {ruling["id"]: ruling for ruling in data["rulings"]}
    for kind, id_, text in _questions(pages[f"{language}/{game}/quiz.md"]):
        before, after = _before_and_after_the_answer(text)
        named = examples[id_] if kind == "example" else rulings[id_]
        for rule in named["rules"]:
            assert f"](../{game}.md#{rule})" in before, (id_, rule)
            assert f"](../{game}.md#{rule})" in after, (id_, rule)  # and the answer links what it rests on
        for ruling in (*named.get("rulings", ()), *named.get("presumes", ())):
            assert f"](../{game}.md#ruling-{ruling})" in before, (id_, ruling)
        if kind == "ruling":
            assert 'type="radio"' not in text  # open: the reader marks their own answer
            assert 'class="rb-quiz__show"' in before and 'class="rb-quiz__mark"' in after


def test_the_facts_shown_are_those_the_answer_needs(pages: dict[str, str]) -> None:
    questions = {(kind, id_): text for kind, id_, text in _questions(pages["en/alpha/quiz.md"])}
    before, _ = _before_and_after_the_answer(questions["example", "tie"])
    # The situation in the form's words: each player's points in each round, Ann's then Bob's.
    given = re.findall(r"^\| (\w+) · Points in round (\d) \| (\d+) \|$", before, re.M)
    ann = [("Ann", "1", "3"), ("Ann", "2", "3"), ("Ann", "3", "3")]
    assert given == [*ann, ("Bob", "1", "4"), ("Bob", "2", "4"), ("Bob", "3", "1")]
    # A total changes with the number of rounds (a player must score each), not with the number of
    # players: one fact, quoted by rule 1.2 (winner) and supplied by the referee note three-rounds.
    facts = re.findall(r"^\| ([^|]+) \| (\d+) \| (.+) \|$", before, re.M)
    assert facts == [
        (
            "Rounds in a game",
            "3",
            "[Alpha 1.2](../alpha.md#winner), [`three-rounds`](../alpha.md#ruling-three-rounds)",
        )
    ]
    # The note that gives the number settles its rule too: players (1.1), beside the example's winner
    # (1.2); shared-win is on winner, three-rounds assumes the fact.
    assert "*The rules:* [Alpha 1.1](../alpha.md#players), [Alpha 1.2](../alpha.md#winner)\n" in before
    notes = re.findall(r"^- \[([^]]+)\]\(\.\./alpha\.md#ruling-([a-z-]+)\) (.+)$", before, re.M)
    assert notes == [
        ("Do players with the same highest total share the win?", "shared-win", "Yes, they all win."),
        (
            "How many rounds does a game last?",
            "three-rounds",
            "Three: the sources give no number, and the project plays three.",
        ),
    ]
    # An open question shows the rule it concerns, quoted, and the note it presumes.
    before, _ = _before_and_after_the_answer(questions["ruling", "three-rounds"])
    assert "> [Alpha 1.1](../alpha.md#players)\n>\n> The game is for 2 to 4 players.\n" in before
    assert "#winner" not in before and "](../alpha.md#ruling-shared-win) Yes, they all win." in before


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_question_has_a_next_button_and_the_page_ends_with_the_score(pages: dict[str, str], language: str) -> None:
    page = pages[f"{language}/alpha/quiz.md"]
    nexts = re.findall(r'<button type="button" class="rb-quiz__next" hidden>([^<]+)</button>', page)
    assert len(nexts) == sum(QUESTIONS["alpha"]) and len(set(nexts[:-1])) == 1 and nexts[-1] != nexts[0]
    assert re.search(r"## [^\n]+ \{ #quiz-score data-search-exclude \}\n\n<div class=\"rb-quiz-score\"", page)
    assert page.index("#quiz-score") > page.rindex('class="rb-quiz__next"')


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_page_links_to_its_quiz(root: Path, language: str) -> None:
    project = load_project(root).project
    pages = {page.path: page.text for page in render_pages(project, lambda path: path.count("/") == 1)}
    assert "](alpha/quiz.md)</p>" in pages[f"{language}/alpha.md"]
    assert "quiz.md" not in pages[f"{language}/beta.md"]  # beta has no quiz


def test_the_quiz_words_are_the_catalogs(pages: dict[str, str]) -> None:
    # The French catalog's words, not English.
    french = pages["fr/alpha/quiz.md"]
    assert f"# Alpha{NBSP}: quiz des règles" in french and "Vérifier ma réponse" in french
    assert "Check my answer" not in french
    czech = pages["cs/alpha/quiz.md"]
    assert "Otázka 1" in czech and "Další otázka" in czech
    # „Pole“ names the board's squares in Czech; the situation's column is „Údaj“.
    assert "| Údaj | Hodnota |" in czech and "| Pole |" not in czech


def test_a_games_questions_are_made_once_and_are_what_a_new_model_gives(root: Path) -> None:
    # Remembered on the game: `rulebook serve` lists every page, quizzes included, at each refresh.
    project = load_project(root).project
    fresh = load_project(root).project
    assert project is not None and fresh is not None
    for game, new in zip(project.games, fresh.games, strict=True):
        first = quiz_questions(game, root)
        assert quiz_questions(game, root) is first
        assert first == quiz_questions(new, root) and len(first) == sum(QUESTIONS.get(game.id, (0, 0)))
