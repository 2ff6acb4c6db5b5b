"""`rulebook --root DIR i18n export` and `i18n terms` write into DIR's po/, wherever they are run from
(they wrote into the working folder's po/, the checkout a publisher happened to stand in).

On the translated fixture (fixture_games.py), whose po/ an earlier export of alpha into French made,
as a checkout has one: beta's Czech PO file and its template, and the Czech terms files, go there."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_cli
from fixture_games import copy_small_project, export

# (the command, the files it writes, worked out by hand: a game's PO file in the language and the
# game's template; the terms as TBX and as CSV)
COMMANDS = [
    (("i18n", "export", "cs", "--game", "beta"), {"po/beta.cs.po", "po/beta.pot"}),
    (("i18n", "terms", "cs"), {"po/terms.cs.tbx", "po/terms.cs.csv"}),
]


@pytest.mark.parametrize(("command", "files"), COMMANDS, ids=["export", "terms"])
def test_the_default_folder_is_the_projects_po(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys, monkeypatch, command, files
) -> None:
    project = copy_small_project(tmp_path_factory, tmp_path / "project", translated=True)
    export(capsys, project, project / "po")  # the checkout's po/: alpha.fr.po and alpha.pot
    before = {path.name for path in (project / "po").iterdir()}
    assert before == {"alpha.fr.po", "alpha.pot"}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    code, out, err = run_cli(capsys, "--root", str(project), *command)
    assert code == 0, err
    assert not (elsewhere / "po").exists()
    assert list(elsewhere.iterdir()) == []
    written = out.split()
    assert set(written) == files and len(written) == len(files)
    assert all((project / line).is_file() for line in written)
    assert {path.name for path in (project / "po").iterdir()} == before | {file[3:] for file in files}
