"""Each game's form adapter lives with the game (rules/<game>/calculator_form.py, issue 50): the
browser tests fill a game's calculator form through it, by its one function `fill(form, situation)`,
and the shared adapter (tests/browser/calculator_form.py) names no game. The toolkit never runs it:
`rulebook check` only hashes it into its cache key."""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

import pytest
import yaml

from browser.calculator_form import ADAPTER, form_adapter
from conftest import ROOT
from rulebook.files.scorers import scored_games
from rulebook.validate.check import check_project

SHARED = ROOT / "tests" / "browser" / "calculator_form.py"


def test_the_shared_adapter_names_no_game() -> None:
    names = set()
    for game in (ROOT / "rules").glob("*/game.yaml"):
        data = yaml.safe_load(game.read_text(encoding="utf-8"))
        names |= {data["id"], data["id"].replace("-", "_"), data["name"]}
    assert names  # the test reads the games
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)
    lines = SHARED.read_text(encoding="utf-8").splitlines()
    assert [f"{number}: {line}" for number, line in enumerate(lines, 1) if pattern.search(line)] == []


@pytest.mark.content
@pytest.mark.parametrize("game", scored_games(ROOT))
def test_each_scored_game_has_a_form_adapter(game: str) -> None:
    """A game with a calculator brings the filling of its form, as `rulebook new game --scoring` writes it."""
    fill = form_adapter(game).fill
    assert list(inspect.signature(fill).parameters) == ["form", "situation"]
    assert not (ROOT / "rules" / game / "__pycache__").exists(), "the adapter's bytecode was written into rules/"


def test_a_missing_adapter_is_named_by_its_file(tmp_path: Path) -> None:
    (tmp_path / "rules" / "alpha").mkdir(parents=True)
    with pytest.raises(LookupError) as missing:
        form_adapter("alpha", tmp_path)
    assert str(tmp_path / "rules" / "alpha" / ADAPTER) in str(missing.value)
    (tmp_path / "rules" / "alpha" / ADAPTER).write_text("def fil(form, situation):\n    pass\n", encoding="utf-8")
    with pytest.raises(LookupError, match=re.escape(f"{tmp_path / 'rules' / 'alpha' / ADAPTER}: ")):
        form_adapter("alpha", tmp_path)


def test_check_only_hashes_a_form_adapter(small_project: Path) -> None:
    """The adapter is test code: the check neither runs nor judges it (a payload in it is no problem
    of the content), and no page shows it."""
    adapter = small_project / "rules" / "alpha" / ADAPTER
    adapter.write_text('raise SystemExit("run by the check")\n# <script>alert(1)</script>\n', encoding="utf-8")
    problems = check_project(small_project)[1]
    assert [problem for problem in problems if problem.file.endswith(ADAPTER)] == []
    assert not any(name.endswith(f".{adapter.stem}") for name in sys.modules if name.startswith("rules."))
