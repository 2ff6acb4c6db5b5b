"""The "✓ Verified by the build" mark under a worked example rests on that example's verification
in this build (issue 17): the verification is tested here on expectations right and wrong, and a
page rendered past the checks shows no mark on an example that does not verify."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from conftest import ROOT, edit
from rulebook.load.project import load_project
from rulebook.model import Game
from rulebook.render.pages import render_pages
from rulebook.scoring.worked import verified, worked_outcome

PROJECT = load_project(ROOT).project


def game(game_id: str) -> Game:
    return next(game for game in PROJECT.games if game.id == game_id)


# (game, example, an expectation, whether the scoring verifies it); the right values worked out by
# hand from the rules: REBUS two-squares is 6 tiles × 3 × 2 (blue) × 3 (red) = 108.
CASES = [
    ("rebus", "two-squares", {"score": 108}, True),
    ("rebus", "two-squares", {"score": 107}, False),
    ("rebus", "two-squares", {"score": 109}, False),
    ("rebus", "two-squares", {"score": 108, "all_tiles_bonus": 0}, True),
    ("rebus", "two-squares", {"score": 108, "all_tiles_bonus": 50}, False),
    ("rebus", "two-squares", {"refused": "score.tiles-over-rack"}, False),
    # ten-tiles: 10 tiles placed from a rack of 9 (score.tiles-over-rack, n 10, rack 9).
    ("rebus", "ten-tiles", {"refused": "score.tiles-over-rack"}, True),
    ("rebus", "ten-tiles", {"refused": "score.tiles-left-over-rack"}, False),
    ("rebus", "ten-tiles", {"refused": {"code": "score.tiles-over-rack", "params": {"n": 10, "rack": 9}}}, True),
    ("rebus", "ten-tiles", {"refused": {"code": "score.tiles-over-rack", "params": {"rack": 9}}}, True),
    ("rebus", "ten-tiles", {"refused": {"code": "score.tiles-over-rack", "params": {"n": 10, "rack": 8}}}, False),
    ("rebus", "ten-tiles", {"refused": {"code": "score.tiles-over-rack", "params": {"tiles": 10}}}, False),
    # Words are no code: the English of the refusal does not verify it.
    ("rebus", "ten-tiles", {"refused": "a player holds only 9"}, False),
    ("rebus", "ten-tiles", {"score": 80}, False),
    ("rebus", "end-of-game", {"scores": {"Ann": 114, "Bob": 98}, "winners": ["Ann"]}, True),
    ("rebus", "end-of-game", {"scores": {"Ann": 114, "Bob": 98}, "winners": ["Bob"]}, False),
    ("rebus", "end-of-game", {"scores": {"Ann": 120, "Bob": 98}, "winners": ["Ann"]}, False),
    ("rebis", "multiplied-shelf", {"scores": {"Ann": 72, "Bob": 7}, "red_token_to": "Ann"}, True),
    ("rebis", "multiplied-shelf", {"scores": {"Ann": 72, "Bob": 7}, "red_token_to": "Bob"}, False),
]


@pytest.mark.parametrize(("game_id", "example_id", "expect", "expected"), CASES)
def test_an_example_is_verified_only_when_its_result_is_what_it_expects(
    game_id: str, example_id: str, expect: dict, expected: bool
) -> None:
    scored_game = game(game_id)
    example = next(example for example in scored_game.examples if example.id == example_id)
    scored = worked_outcome(scored_game, example, ROOT)
    assert verified(dataclasses.replace(example, expect=expect), scored) is expected


def test_every_example_of_the_project_verifies() -> None:
    for scored_game in PROJECT.games:
        for example in scored_game.examples:
            assert verified(example, worked_outcome(scored_game, example, ROOT)), example.id


def _example_block(page: str, example_id: str) -> str:
    start = page.index(f'id="example-{example_id}"')
    return page[start : page.index("\n</div>\n", start)]


def test_a_page_rendered_past_the_checks_shows_no_mark_on_an_example_that_fails(project_copy: Path) -> None:
    edit(project_copy, "rules/rebus/game.yaml", "expect: {score: 108}", "expect: {score: 107}")
    pages = {page.path: page.text for page in render_pages(load_project(project_copy).project)}
    for language in ("en", "fr", "cs"):
        page = pages[f"{language}/rebus.md"]
        assert "rb-verified" not in _example_block(page, "two-squares"), language
        assert "rb-verified" in _example_block(page, "i-saw"), language
    english = pages["en/rebus.md"]
    assert "<summary>✓ Verified by the build</summary>" in _example_block(english, "nine-tiles")
    marks = re.findall(r"<summary>✓ Verified by the build</summary>", english)
    assert len(marks) == len(game("rebus").examples) - 1
