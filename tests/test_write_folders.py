"""Issue 48, low: a committed `.cache` symlink made `check` write outside the project. Every folder
the toolkit writes, `.cache/`, `site/`, `po/` and the generated pages' `docs/<language>/`, is now
refused when it, or a folder on its way from the project's root, is a symbolic link (or leads out
of the project): one line naming it (file.write-through-link), exit 2, nothing written there.

On the fixture games (conftest.make_small_project, and fixture_games.py's translated project with
mkdocs.yml and the assets for the builds): the folders are the toolkit's, whatever the games."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from conftest import run_cli
from fixture_games import copy_small_project
from rulebook.files.disk import LinkedFolder, own_folder

REFUSED = (
    ": a symbolic link, or a way out of the project: the toolkit writes only into the project's own folders; "
    "nothing was written"
)


@pytest.fixture
def elsewhere(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder outside the project, which must stay empty."""
    return tmp_path_factory.mktemp("elsewhere")


@pytest.fixture
def site_copy(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """The translated fixture with what a build reads besides its content (mkdocs.yml, the assets)."""
    return copy_small_project(tmp_path_factory, tmp_path / "project", site=True, translated=True)


def test_check_and_score_refuse_a_cache_folder_that_is_a_link(small_project: Path, elsewhere: Path, capsys) -> None:
    (small_project / ".cache").symlink_to(elsewhere)  # the small project has no cache of its own
    code, out, err = run_cli(capsys, "--root", str(small_project), "check")
    assert (code, out, err.splitlines()) == (2, "", [f".cache{REFUSED}"])
    sys.stdin = io.TextIOWrapper(io.BytesIO(b"players: {Ann: [2, 3]}\n"), encoding="utf-8")
    try:
        code, _, err = run_cli(capsys, "--root", str(small_project), "score", "alpha", "-")
    finally:
        sys.stdin = sys.__stdin__
    assert (code, err.splitlines()) == (2, [f".cache{REFUSED}"])
    assert list(elsewhere.iterdir()) == []


def test_a_link_inside_the_cache_folder_is_refused_too(translated_project: Path, elsewhere: Path, capsys) -> None:
    (translated_project / ".cache").mkdir()  # the translated fixture has no cache of its own
    (translated_project / ".cache/rulebook").symlink_to(elsewhere)
    code, _, err = run_cli(capsys, "--root", str(translated_project), "check", "--json")
    assert (code, err.splitlines()) == (2, [f".cache/rulebook{REFUSED}"])
    assert list(elsewhere.iterdir()) == []


def test_build_refuses_a_site_folder_that_is_a_link(site_copy: Path, elsewhere: Path, capsys) -> None:
    (site_copy / "site").symlink_to(elsewhere)
    code, _, err = run_cli(capsys, "--root", str(site_copy), "build")
    assert (code, err.splitlines()) == (2, [f"site{REFUSED}"])
    assert list(elsewhere.iterdir()) == []


def test_build_refuses_a_pages_folder_that_is_a_link_even_inside_the_project(site_copy: Path, capsys) -> None:
    # A link that stays inside passes the check's reading guard, but the build would write the French
    # pages into whatever it points at.
    (site_copy / "other").mkdir()
    (site_copy / "docs/fr").symlink_to(site_copy / "other")
    code, _, err = run_cli(capsys, "--root", str(site_copy), "build", "--site", str(site_copy / "out"))
    assert code == 2
    assert err.splitlines()[-1] == f"docs/fr{REFUSED}"
    assert list((site_copy / "other").iterdir()) == []
    assert not (site_copy / "out").exists()


@pytest.mark.parametrize("command", [["i18n", "export", "fr"], ["i18n", "sync"], ["i18n", "terms", "fr"]])
def test_the_translation_commands_refuse_a_po_folder_that_is_a_link(
    translated_project: Path, elsewhere: Path, capsys, command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(translated_project)  # where an older toolkit found `po`: never the repository's own
    assert not (translated_project / "po").exists()  # the fixture has none: a first export makes it
    (translated_project / "po").symlink_to(elsewhere)
    code, _, err = run_cli(capsys, "--root", str(translated_project), *command)
    assert (code, err.splitlines()[-1]) == (2, f"po{REFUSED}")
    assert list(elsewhere.iterdir()) == []


def test_a_folder_named_outside_the_project_is_the_users_and_a_way_out_through_a_link_is_not(
    tmp_path: Path, elsewhere: Path
) -> None:
    root = tmp_path / "project"
    (root / "docs").mkdir(parents=True)
    own_folder(elsewhere / "site", root)  # `--site /elsewhere/site`
    own_folder(root / "site", root)  # not there yet: made by the command
    own_folder(root / "docs" / "en", root)
    (root / "linked").symlink_to(elsewhere)
    for folder, shown in [(root / "linked" / "en", "linked"), (root / "linked" / ".." / "site", "site")]:
        with pytest.raises(LinkedFolder) as refused:
            own_folder(folder, root)
        assert refused.value.problem.file == shown
        assert refused.value.problem.code == "file.write-through-link"
