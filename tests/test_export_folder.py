"""`rulebook --root DIR i18n export` and `i18n terms` write into DIR's po/, wherever they are run from
(they wrote into the working folder's po/, the checkout a publisher happened to stand in)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT, TESTED_GAMES, TESTED_LANGUAGES, run_cli

TRANSLATION = TESTED_LANGUAGES[-1]  # a language the project's copy translates into


@pytest.mark.parametrize(
    "command", [("i18n", "export", TRANSLATION, "--game", TESTED_GAMES[-1]), ("i18n", "terms", TRANSLATION)]
)
def test_the_default_folder_is_the_projects_po(
    project_copy: Path, tmp_path: Path, capsys, monkeypatch, command
) -> None:
    shutil.copytree(ROOT / "po", project_copy / "po")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    code, out, err = run_cli(capsys, "--root", str(project_copy), *command)
    assert code == 0, err
    assert not (elsewhere / "po").exists()
    written = out.split()
    assert written and all(line.startswith("po/") and (project_copy / line).is_file() for line in written)
