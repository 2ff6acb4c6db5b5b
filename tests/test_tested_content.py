"""The copies of the content that the toolkit's tests break keep the tested games and languages
alone (conftest.keep_tested_content, issue 50): what an author adds besides does not reach them."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

from authoring import unused_game_id, unused_language
from conftest import (
    ROOT,
    TESTED_GAME_COUNT,
    TESTED_GAMES,
    TESTED_LANGUAGES,
    copy_site_sources,
    keep_tested_content,
    tree_digest,
)
from rulebook.cli import main
from rulebook.load.project import load_project


def test_the_project_as_it_is_is_copied_byte_for_byte(tmp_path: Path) -> None:
    project = load_project(ROOT).project
    if {game.id for game in project.games} <= set(TESTED_GAMES) and set(project.languages) <= set(TESTED_LANGUAGES):
        copy = copy_site_sources(tmp_path / "copy")
        for folder in ("rules", "glossary", "locales"):
            assert tree_digest(copy / folder) == tree_digest(ROOT / folder), folder
        assert (copy / "mkdocs.yml").read_bytes() == (ROOT / "mkdocs.yml").read_bytes()
    # The tests' games are the project's first, as many as the tests were written against.
    assert tuple(game.id for game in project.games)[:TESTED_GAME_COUNT] == TESTED_GAMES
    assert len(TESTED_GAMES) == TESTED_GAME_COUNT
    assert set(TESTED_LANGUAGES) <= set(project.languages)


def test_a_game_and_a_language_an_author_adds_are_taken_out(tmp_path: Path) -> None:
    copy = copy_site_sources(tmp_path / "copy")
    before = tree_digest(copy)
    game, language = unused_game_id("dice-duel"), unused_language(lunr=True)
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["--root", str(copy), "new", "game", game, "--name", "Dice Duel", "--scoring"]) == 0
        assert main(["--root", str(copy), "new", "language", language]) == 0
    added = copy / "rules" / "project.yaml"
    added.write_text(  # and the language's typography, as an author may write it
        added.read_text(encoding="utf-8").replace("typography:\n", f"typography:\n  {language}: {{quotes: [„, “]}}\n"),
        encoding="utf-8",
    )
    shutil.rmtree(copy / ".cache", ignore_errors=True)
    assert tree_digest(copy) != before
    keep_tested_content(copy)
    assert tree_digest(copy) == before
