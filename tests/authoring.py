"""A whole copy of the project, toolkit included, and the `rulebook` command run as a new author
runs it there: in a process of its own whose `rulebook` package is the copy's (a scoring module
that `new game --scoring` writes is then importable, as in a clone)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import CONTENT, ROOT, run_cli_process


def copy_whole_project(target: Path) -> Path:
    for folder in CONTENT:
        shutil.copytree(ROOT / folder, target / folder)
    shutil.copytree(ROOT / "docs" / "assets", target / "docs" / "assets")
    shutil.copytree(ROOT / "tools", target / "tools", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    return target


def environment(root: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(root / "tools"), "NO_MKDOCS_2_WARNING": "1"}


def run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`rulebook ARGS` in the copy, with the copy's own package."""
    return run_cli_process(*args, env={"NO_MKDOCS_2_WARNING": "1"}, package=root / "tools", cwd=root)


def build(root: Path) -> Path:
    """`mkdocs build --strict` of the copy with the copy's own package; the build must pass."""
    site = root / "site"
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(site)],
        cwd=root,
        env=environment(root),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return site


def unused_language(*, lunr: bool) -> str:
    """A language code Babel knows that the project does not have yet: one that Material ships a
    lunr stemmer for, or one it does not (Polish first), so the tests still run after an author has
    added a language."""
    from rulebook.load.project import load_project
    from rulebook.website.plugin import site_lunr_languages as lunr_languages

    taken = set(load_project(ROOT).project.languages)
    candidates = ("de", "es", "it", "nl", "sv") if lunr else ("pl", "sk", "hr", "sl", "eu")
    return next(code for code in candidates if code not in taken and (code in lunr_languages()) == lunr)


def unused_game_id(preferred: str) -> str:
    """`preferred`, or a variant of it that no game of the project uses yet."""
    from rulebook.load.project import load_project

    taken = {game.id for game in load_project(ROOT).project.games}
    return next(f"{preferred}{suffix}" for suffix in ("", "-2", "-3", "-4") if f"{preferred}{suffix}" not in taken)


def fail_one_write(
    monkeypatch: pytest.MonkeyPatch, fails: Callable[[Path, int], bool], errno: int, reason: str
) -> list[Path]:
    """Make the authoring plan's write of the path that `fails(path, count)` picks raise an OSError
    naming that path; the other writes happen (beside their targets, as the plan stages them).
    Returns the paths asked for, in order."""
    from rulebook.files import plan

    real_stage, calls = plan.stage_bytes, []

    def failing(path: Path, data: bytes) -> Path:
        calls.append(path)
        if fails(path, len(calls)):
            raise OSError(errno, reason, str(path))
        return real_stage(path, data)

    monkeypatch.setattr(plan, "stage_bytes", failing)
    return calls
