"""A new game and a new language pass the content tier as `rulebook new` writes them, with no test
edited (issue 50): on a copy of the whole project, tests included, `rulebook new game x --scoring`
and `rulebook new language pl`, then `pytest -m content` there. The content tests read the games and
languages from rules/project.yaml and each game's cases from rules/<game>/scoring-cases.json, so the
copy's tests/ is never touched."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from authoring import environment, run, unused_game_id
from conftest import ROOT, tree_digest
from rulebook.load.project import load_project

GAME = unused_game_id("x")
LANGUAGE = next(code for code in ("pl", "sk", "de", "it") if code not in load_project(ROOT).project.languages)
# What git leaves out (.gitignore), and the checkout's own state: none of it is the project's.
LEFT_OUT = {".git", ".venv", ".venv-engines", ".cache", ".hypothesis", ".pytest_cache", ".ruff_cache", ".mutate"}
LEFT_OUT |= {".ci", ".helpers", "site", "print", "bench", "mutants", "contact-sheet"}


def copy_project(target: Path) -> Path:
    """The project as a clone has it: toolkit, tests, content and configuration; under docs/ only the
    hand-written assets (the rest is generated)."""
    for path in ROOT.iterdir():
        if path.name in LEFT_OUT or path.name == "docs" or path.name.startswith(".venv"):
            continue
        if path.is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.mo")
            shutil.copytree(path, target / path.name, ignore=ignore)
        else:
            shutil.copy2(path, target / path.name)
    shutil.copytree(ROOT / "docs" / "assets", target / "docs" / "assets")
    return target


def sources(folder: Path) -> dict[str, str]:
    """Every file of the folder with its hash, but the bytecode Python may cache beside it."""
    return {name: digest for name, digest in tree_digest(folder).items() if "__pycache__" not in name}


@pytest.mark.slow  # two authoring commands and the content tier in a process of its own (a cold check)
def test_a_new_game_and_language_pass_the_content_tier_without_a_test_edited(tmp_path: Path) -> None:
    root = copy_project(tmp_path / "project")
    tests_before = sources(root / "tests")
    game = run(root, "new", "game", GAME, "--name", GAME.upper(), "--scoring")
    assert game.returncode == 0, game.stderr
    language = run(root, "new", "language", LANGUAGE)
    assert language.returncode == 0, language.stderr
    assert (root / "rules" / GAME / "scoring-cases.json").is_file()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-m", "content", "-p", "no:cacheprovider"],
        cwd=root,
        env=environment(root),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    # The new game's cases and examples, and the new language, were among what passed.
    passed = [line for line in result.stdout.splitlines() if " PASSED" in line]
    assert any(f"[{GAME}: worked example " in line for line in passed), result.stdout[-3000:]
    assert any(f"[{GAME}: " in line and "worked example" not in line for line in passed)  # a scoring case
    assert any(f"[{LANGUAGE}]" in line for line in passed)
    assert sources(root / "tests") == tests_before, "the content tier ran with tests/ as it was"
