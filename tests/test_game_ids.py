"""A game's page is `<id>/` at the top of the site: an id the site keeps for itself (a language's
folder, the glossary, search, assets, status) would shadow or be shadowed, and an id that is a path
would have `rulebook new` write wherever it leads. The ids are planted in the small project's
manifest (games: [alpha, beta])."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT, edit, locate, run_cli, tree_digest
from fixture_games import with_site_sources
from rulebook.addresses.reserved_paths import SITE_NAMES
from rulebook.files.disk import OUTSIDE_PROJECT
from rulebook.load.project import load_project
from rulebook.render.pages import page_renderers


@pytest.mark.parametrize(
    ("game_id", "why"),
    [
        ("glossary", "one of the pages and folders of the site"),
        ("search", "one of the pages and folders of the site"),
        ("assets", "one of the pages and folders of the site"),
        ("status", "one of the pages and folders of the site"),
        ("fr", "the folder of the language 'fr'"),
        ("en", "the folder of the language 'en'"),
    ],
)
def test_check_refuses_a_game_id_the_site_keeps_for_itself(small_project: Path, capsys, game_id, why) -> None:
    text = edit(small_project, "rules/project.yaml", "games: [alpha,", f"games: [alpha, {game_id},")
    code, out, _ = run_cli(capsys, "--root", str(small_project), "check")
    assert code == 1
    line, col = locate(text, f"[alpha, {game_id},")
    col += len("[alpha, ")
    assert f"rules/project.yaml:{line}:{col}: games[1]: '{game_id}' is {why}: choose another id" in out.splitlines()


def test_every_page_of_the_site_beside_the_games_is_a_kept_name() -> None:
    project = load_project(ROOT).project
    games = {game.id for game in project.games}
    tops = {path.split("/")[1].removesuffix(".md") for path, _ in page_renderers(project)}
    assert tops - games <= SITE_NAMES
    assert {"index", "glossary", "status", "quick-reference"} <= tops - games


@pytest.mark.parametrize("game_id", ["search", "cs"])
def test_new_game_refuses_a_kept_name_and_writes_nothing(small_project: Path, capsys, game_id) -> None:
    root = with_site_sources(small_project)
    before = tree_digest(root)
    code, _, err = run_cli(capsys, "--root", str(root), "new", "game", game_id, "--name", "X")
    assert code == 2, err
    assert f"'{game_id}' is " in err and "choose another id" in err and "Traceback" not in err
    assert tree_digest(root) == before


@pytest.mark.parametrize("kind", ["relative", "absolute"])
def test_new_language_writes_nothing_for_a_game_id_that_is_a_path(
    small_project: Path, tmp_path: Path, capsys, kind
) -> None:
    root = with_site_sources(small_project)
    target = tmp_path / "elsewhere"
    game_id = "../../elsewhere" if kind == "relative" else str(target)
    text = edit(root, "rules/project.yaml", "games: [alpha,", f'games: [alpha, "{game_id}",')
    before = tree_digest(root)
    code, _, err = run_cli(capsys, "--root", str(root), "new", "language", "de")
    assert code == 2, err
    line, col = locate(text, f'"{game_id}"')
    assert err.startswith(f"rulebook new language: rules/project.yaml:{line}:{col}: games[1]: ")
    assert "is not a game id" in err
    assert tree_digest(root) == before
    assert not target.exists()


def test_new_language_neither_reads_nor_replaces_a_config_linked_from_outside(
    small_project: Path, tmp_path: Path, capsys
) -> None:
    root = with_site_sources(small_project)
    outside = tmp_path / "shared-mkdocs.yml"
    shutil.move(root / "mkdocs.yml", outside)
    (root / "mkdocs.yml").symlink_to(outside)
    before, config = tree_digest(root), outside.read_bytes()
    code, _, err = run_cli(capsys, "--root", str(root), "new", "language", "de")
    assert code == 2 and f"mkdocs.yml: {OUTSIDE_PROJECT}" in err, err
    assert (root / "mkdocs.yml").readlink() == outside and outside.read_bytes() == config
    assert tree_digest(root) == before
