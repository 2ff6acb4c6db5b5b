"""The "✓ Verified by the build" mark under a worked example rests on that example's verification
in this build (issue 17): the verification is tested here on expectations right and wrong, and a
page rendered past the checks shows no mark on an example that does not verify. The project is the
translated fixture (fixture_games.py) with alpha's two more examples (add_examples): alpha has one
example scored, one tied and one refused."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from conftest import edit, made_once
from fixture_games import add_examples, make_translated_project
from rulebook.load.project import load_project
from rulebook.model import Game, Project
from rulebook.render.pages import render_pages
from rulebook.scoring.worked import verified, worked_outcome


def make_project(root: Path) -> None:
    make_translated_project(root)
    add_examples(root)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return made_once(tmp_path_factory, "verified-mark-project", make_project)


def game(project: Project, game_id: str) -> Game:
    return next(game for game in project.games if game.id == game_id)


# (example, an expectation, whether the scoring verifies it); the right values worked out by hand from
# alpha's rules (3 rounds, each player's points add up, the highest total wins): in highest-total Ann
# scores 3 + 2 + 4 = 9 and Bob 5 + 1 + 2 = 8; in a-tie both 6; four-rounds gives Ann 4 rounds of 3.
TOO_MANY = "score.too-many-rounds"
CASES = [
    ("highest-total", {"scores": {"Ann": 9, "Bob": 8}}, True),
    ("highest-total", {"scores": {"Ann": 8, "Bob": 8}}, False),
    ("highest-total", {"scores": {"Ann": 10, "Bob": 8}}, False),
    ("highest-total", {"scores": {"Ann": 9, "Bob": 8}, "tiebreak": False}, True),
    ("highest-total", {"scores": {"Ann": 9, "Bob": 8}, "tiebreak": True}, False),
    ("highest-total", {"refused": TOO_MANY}, False),
    ("four-rounds", {"refused": TOO_MANY}, True),
    ("four-rounds", {"refused": "score.too-few-rounds"}, False),
    ("four-rounds", {"refused": {"code": TOO_MANY, "params": {"n": 4, "rounds": 3}}}, True),
    ("four-rounds", {"refused": {"code": TOO_MANY, "params": {"rounds": 3}}}, True),
    ("four-rounds", {"refused": {"code": TOO_MANY, "params": {"n": 4, "rounds": 2}}}, False),
    ("four-rounds", {"refused": {"code": TOO_MANY, "params": {"rounds_played": 4}}}, False),
    # Words are no code: the English of the refusal does not verify it.
    ("four-rounds", {"refused": "4 rounds scored, but the game has only 3"}, False),
    ("four-rounds", {"scores": {"Ann": 4, "Bob": 2}}, False),
    ("highest-total", {"scores": {"Ann": 9, "Bob": 8}, "winners": ["Ann"]}, True),
    ("highest-total", {"scores": {"Ann": 9, "Bob": 8}, "winners": ["Bob"]}, False),
    ("highest-total", {"scores": {"Ann": 9, "Bob": 9}, "winners": ["Ann"]}, False),
    ("a-tie", {"scores": {"Ann": 6, "Bob": 6}, "winners": ["Ann", "Bob"], "tiebreak": True}, True),
    ("a-tie", {"scores": {"Ann": 6, "Bob": 6}, "winners": ["Ann"]}, False),
]


@pytest.mark.parametrize(("example_id", "expect", "expected"), CASES)
def test_an_example_is_verified_only_when_its_result_is_what_it_expects(
    root: Path, example_id: str, expect: dict, expected: bool
) -> None:
    alpha = game(load_project(root).project, "alpha")
    example = next(example for example in alpha.examples if example.id == example_id)
    scored = worked_outcome(alpha, example, root)
    assert verified(dataclasses.replace(example, expect=expect), scored) is expected


def test_every_example_of_the_project_verifies(root: Path) -> None:
    project = load_project(root).project
    assert [example.id for example in game(project, "alpha").examples] == ["highest-total", "four-rounds", "a-tie"]
    for scored_game in project.games:
        for example in scored_game.examples:
            assert verified(example, worked_outcome(scored_game, example, root)), example.id


def _example_block(page: str, example_id: str) -> str:
    start = page.index(f'id="example-{example_id}"')
    return page[start : page.index("\n</div>\n", start)]


def test_a_page_rendered_past_the_checks_shows_no_mark_on_an_example_that_fails(root: Path, tmp_path: Path) -> None:
    copy = tmp_path / "project"
    shutil.copytree(root, copy)
    edit(copy, "rules/alpha/game.yaml", "expect: {scores: {Ann: 9, Bob: 8}", "expect: {scores: {Ann: 10, Bob: 8}")
    pages = {page.path: page.text for page in render_pages(load_project(copy).project)}
    for language in ("en", "fr", "cs"):
        page = pages[f"{language}/alpha.md"]
        assert "rb-verified" not in _example_block(page, "highest-total"), language
        assert "rb-verified" in _example_block(page, "four-rounds"), language
    english = pages["en/alpha.md"]
    assert "<summary>✓ Verified by the build</summary>" in _example_block(english, "a-tie")
    marks = re.findall(r"<summary>✓ Verified by the build</summary>", english)
    assert len(marks) == 3 - 1
