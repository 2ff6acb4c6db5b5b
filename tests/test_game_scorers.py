"""Each game's scorer lives with the game (rules/<game>/scoring.py): found there, its doctests run,
and the toolkit's own files name no game."""

from __future__ import annotations

import doctest
import os
import re
import sys
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, run_cli
from rulebook.files.scorers import scored_games, scorer

TOOLKIT = ROOT / "tools" / "rulebook"


def test_the_scorers_are_found_with_their_games(small_project: Path) -> None:
    assert scored_games(small_project) == ("alpha",)  # beta has no scoring.py
    games = {path.parent.name for path in (ROOT / "rules").glob("*/game.yaml")}
    left = [path for path in (TOOLKIT / "scoring").iterdir() if path.stem.replace("_", "-") in games]
    assert left == [], "a scorer left in the toolkit"


@pytest.mark.content
@pytest.mark.parametrize("game", scored_games(ROOT))
def test_the_doctests_of_each_scorer_pass(game: str) -> None:
    # pytest's --doctest-modules would import three files all called scoring.py as one module.
    result = doctest.testmod(scorer(ROOT, game), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result


def _game_names() -> set[str]:
    """Every game's id and name, as the toolkit could spell them (`go-fish`, `go_fish`, `go fish`, `Go Fish`)."""
    names = set()
    for game in (ROOT / "rules").glob("*/game.yaml"):
        data = yaml.safe_load(game.read_text(encoding="utf-8"))
        names |= {data["id"], data["id"].replace("-", "_"), data["id"].replace("-", " "), data["name"]}
    return names


def test_the_toolkit_names_no_game() -> None:
    names = _game_names()
    assert len(names) >= 2 * len(list((ROOT / "rules").glob("*/game.yaml"))) > 0  # the test reads the games
    # As words: a game called X or Go is not named by every "x" or "going".
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted(TOOLKIT.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".svg", ".png", ".ico", ".gz")
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, "\n".join(found)


def _content_names() -> dict[str, set[str]]:
    """What the project's games name: every fact's path (and its last part where that is one of a
    kind, with an underscore: `rack_tiles`, not `min`), every rule id and every ruling id of more than
    one word (a one-word id, `winner`, is also an ordinary word)."""
    names: dict[str, set[str]] = {"fact": set(), "rule": set(), "ruling": set()}

    def walk(facts: dict, path: tuple[str, ...]) -> None:
        for key, value in facts.items():
            if isinstance(value, dict):
                walk(value, (*path, key))
            else:
                names["fact"].add(".".join((*path, key)))
                if "_" in key:
                    names["fact"].add(key)

    for game in (ROOT / "rules").glob("*/game.yaml"):
        data = yaml.safe_load(game.read_text(encoding="utf-8"))
        walk(data.get("facts") or {}, ())
        names["rule"] |= {rule for section in data["sections"] for rule in section["rules"] if "-" in rule}
        names["ruling"] |= {ruling["id"] for ruling in data.get("rulings") or [] if "-" in ruling["id"]}
    return names


# The templates of `rulebook new game` write a starter game: its facts, rules and refusals are the
# starter's own, and may share a name with a real game's ("players.min", "winner").
NAMES_ALLOWED_IN = {TOOLKIT / "authoring" / "templates.py"}


def test_the_toolkit_names_no_fact_rule_or_ruling_of_a_game() -> None:
    """What one game's data holds belongs in that game's files (or the glossary's, symbols.yaml's
    count_fact and hand_fact): a toolkit file that names it works for that game alone. The toolkit's
    schemas too: a scorer's facts are typed by its own facts.schema.json, not by game.schema.json."""
    names = _content_names()
    assert "components.rack_tiles" in names["fact"] and names["rule"] and names["ruling"]  # the real games
    words = {name: kind for kind, found in names.items() for name in found}
    pattern = re.compile(
        r"(?<![\w.-])(" + "|".join(re.escape(name) for name in sorted(words, key=len, reverse=True)) + r")(?![\w-])"
    )
    found = [
        f"{path.relative_to(ROOT)}:{number}: {words[match.group(1)]} {match.group(1)}"
        for path in sorted([*TOOLKIT.rglob("*"), *(ROOT / "schemas").rglob("*")])
        if path.is_file() and path not in NAMES_ALLOWED_IN and "__pycache__" not in path.parts
        if path.suffix not in (".svg", ".png", ".ico", ".gz")
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        for match in pattern.finditer(line)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", ["scoring.py", "score.schema.json", "facts.schema.json", "calculator.js"])
def test_an_edited_scorer_rebuilds_the_whole_site_under_serve(name: str) -> None:
    # Its calculator script is a file of the site and its schema is in every page of the game: a
    # page refresh would leave them stale. A words file stays a page refresh.
    from rulebook.website.live import LiveSite

    assert not LiveSite._page_level(f"rules/alpha/{name}")
    assert LiveSite._page_level("rules/alpha/fr.yaml")


def test_a_scorer_linked_from_outside_the_project_is_never_imported(small_project: Path, capsys) -> None:
    root = small_project
    outside = root.parent / "outside.py"
    outside.write_text("raise SystemExit('imported from outside the project')\n", encoding="utf-8")
    scorer_file = root / "rules" / "alpha" / "scoring.py"
    scorer_file.unlink()
    scorer_file.symlink_to(outside)
    assert "alpha" not in scored_games(root)
    with pytest.raises(KeyError):
        scorer(root, "alpha")
    example = yaml.safe_load((root / "rules/alpha/game.yaml").read_text(encoding="utf-8"))["examples"][0]["id"]
    code, out, err = run_cli(capsys, "--root", str(root), "score", "alpha", "--example", example)
    assert code == 2 and "alpha has no scoring functions" in out + err, out + err


def test_a_scorer_edited_within_the_same_second_is_read_again(tmp_path: Path, monkeypatch) -> None:
    """Python's bytecode cache trusts a source whose size and whole second of change are the same: an
    edit under `rulebook serve` that keeps the file's size ("3" for "4") ran the old scorer again on a
    machine that writes bytecode. A scorer is also content of the project, where no `__pycache__`
    belongs (a copy's before-and-after comparison in the tests found one)."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)  # as on most machines
    path = tmp_path / "rules" / "chess" / "scoring.py"
    path.parent.mkdir(parents=True)
    second = 1_700_000_000 * 10**9
    path.write_text("POINTS = 3\n", encoding="utf-8")
    os.utime(path, ns=(second + 100, second + 100))
    assert scorer(tmp_path, "chess").POINTS == 3
    path.write_text("POINTS = 4\n", encoding="utf-8")
    os.utime(path, ns=(second + 200, second + 200))
    assert scorer(tmp_path, "chess").POINTS == 4
    assert not list(path.parent.glob("__pycache__")), "bytecode written into the project's rules/"
