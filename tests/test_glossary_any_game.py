"""A glossary may belong to any game (issue 50): one whose scorer prices no example, or that has no
scorer at all, gets its glossary checked and its examples shown with their tiles alone, where the
check used to stop with a KeyError (exit 3) from the scorer it looked the price up in."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, run_cli
from rulebook.documents.reader import GLOSSARY_FILE
from rulebook.files.scorers import glossary_price

# The game the project's glossary belongs to, as its file says.
OWNER = yaml.safe_load((ROOT / GLOSSARY_FILE).read_text(encoding="utf-8"))["game"]


def with_glossary_of(root: Path, game: str) -> None:
    """The project's own glossary, given to `game` of the small project (alpha, beta)."""
    shutil.copytree(ROOT / "glossary", root / "glossary")
    symbols = root / "glossary" / "symbols.yaml"
    text = symbols.read_text(encoding="utf-8")
    symbols.write_text(text.replace(f"\ngame: {OWNER}\n", f"\ngame: {game}\n", 1), encoding="utf-8")
    assert f"\ngame: {game}\n" in symbols.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", ["alpha", "beta"])  # a scorer without glossary_price; no scorer
def test_a_glossary_of_a_game_that_prices_nothing_is_checked(
    small_project: Path, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    assert glossary_price(small_project, game) is None
    with_glossary_of(small_project, game)
    code, out, err = run_cli(capsys, "--root", str(small_project), "check", "--json")
    assert code == 1 and "Traceback" not in err, err
    codes = [problem["code"] for problem in json.loads(out)["problems"]]
    # The facts it keeps to are its owner's (count_fact, hand_fact), which the fixture game lacks.
    assert codes.count("glossary.fact-not-a-count") == 2, codes
    # A number in the words is a reading or a tile count: with no price there is no score to be.
    assert "glossary.number-not-a-reading" not in codes


def test_the_real_glossary_s_game_prices_its_examples() -> None:
    price = glossary_price(ROOT, OWNER)
    assert price is not None


def test_a_number_in_the_words_of_a_game_that_prices_nothing_names_no_score(small_project: Path, capsys) -> None:
    """A number that is neither a reading nor the example's tile count is refused; with no price, the
    words say the tiles alone (they said "scores None"). The first symbol's example and its English
    description, as the project's glossary has them."""
    with_glossary_of(small_project, "alpha")
    first = yaml.safe_load((small_project / GLOSSARY_FILE).read_text(encoding="utf-8"))["symbols"][0]
    tiles = len(first["example"]["tiles"])
    words = small_project / "glossary" / "en.yaml"
    unit = f'  symbol.{first["id"]}.description:\n    text: "'  # a quoted text: 99 goes first inside it
    text = words.read_text(encoding="utf-8")
    assert text.count(unit) == 1
    words.write_text(text.replace(unit, unit + "99 "), encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(small_project), "check", "--json")
    assert code == 1
    found = [problem for problem in json.loads(out)["problems"] if problem["code"].startswith("glossary.number")]
    assert [problem["code"] for problem in found] == ["glossary.number-not-a-count"]
    assert found[0]["message"].endswith(f"says 99; the example has {tiles} tiles, and no reading is 99")
