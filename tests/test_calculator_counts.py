"""A count in the calculator is digits, or it is refused as the command refuses it (issue 48: "2,5"
gave 25 tiles and scored "25 × 3 = 75"); the form's limits in the page's language. Node runs the
page's own scripts (tests/calculator_node.py); the browser tests fill the same fields. The game is
the small project's alpha, whose situation is each player's points, round by round."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.numbers import format_decimal

from calculator_node import NODE, run
from rulebook.commands.score import score_json

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

NOT_A_COUNT = {"code": "schema.type", "params": {"expected": "integer"}}
# Whatever a locale makes of them, these are no whole number a referee meant: refused, never read.
REFUSED = ["2,5", "3,0", "2.5", "3.0", "1 000", "1e3", "0x10", "٣", "1_000", "5-", "--1", "two"]
# Digits, with a sign at most (U+2212 too), spaces around them ignored: the number they say.
READ = {"7": 7, " 12 ": 12, "-3": -3, "−3": -3, "+4": 4, "0": 0, "007": 7}


@pytest.fixture
def small(small_project: Path) -> Path:
    """A copy of the small project: the score command writes its cache there."""
    return small_project


def _read(root: Path, texts: list[str]) -> list[dict]:
    return run("alpha", "en", [f"rulebook.readCount({json.dumps(text)})" for text in texts], root=root)


def test_a_count_is_digits_with_a_sign_at_most(small: Path) -> None:
    assert _read(small, REFUSED) == [{"problem": NOT_A_COUNT}] * len(REFUSED)
    assert _read(small, list(READ)) == [{"value": value} for value in READ.values()]
    assert _read(small, ["", "   "]) == [{"empty": True}] * 2


@pytest.mark.parametrize("text", ["2,5", "3,0", "2.5", "1 000", "1e3"])
def test_the_form_refuses_a_count_as_the_command_does(small: Path, text: str) -> None:
    # The same text in the same field of a situation, as a referee would type it in the YAML:
    # Ann's points in the second round.
    situation = f"players:\n  Ann:\n  - 2\n  - {text}\n"
    code, printed = score_json(small, "alpha", situation.encode("utf-8"))
    assert code == 2
    (problem,) = json.loads(printed)["problems"]
    assert problem["path"] == ["players", "Ann", 1]
    (form,) = _read(small, [text])
    assert form["problem"] == {"code": problem["code"], "params": problem["params"]} == NOT_A_COUNT


@pytest.mark.parametrize(
    ("language", "shown"), [("en", "1,000,000"), ("fr", "1\u202f000\u202f000"), ("cs", "1\xa0000\xa0000")]
)
def test_a_limit_is_written_in_the_page_language(small: Path, language: str, shown: str) -> None:
    # CLDR's grouping: a comma in English, a narrow no-break space in French, a no-break space in Czech.
    assert run("alpha", language, ["rulebook.words.number(1000000)"], root=small) == [shown]
    assert format_decimal(1000000, locale=language) == shown  # the command's side says it the same way
