"""A long-lived process (`rulebook serve`) loads the project again after each edit: each unchanged
game's model is taken as it was (its units made once), and whatever changed under a game, or a
schema it was checked against, gives that game a new one. The games are the translated small
project's alpha and beta (fixture_games.py), but for the synthetic ones of the last test."""

from __future__ import annotations

import os
from pathlib import Path

from conftest import ROOT, edit
from rulebook.bench.synthetic import Size, generate
from rulebook.cache import store as cache
from rulebook.load.project import load_project


def games(root: Path) -> dict:
    loaded = load_project(root, remember=True)
    assert loaded.project is not None, loaded.problems
    return {game.id: game for game in loaded.project.games}


def test_an_unchanged_games_model_is_kept_and_an_edited_one_made_again(translated_project: Path) -> None:
    before = games(translated_project)
    units = before["alpha"].words["fr"].units  # made once
    edit(translated_project, "rules/beta/en.yaml", "  summary:\n    text: ", "  summary:\n    text: Edited. ")
    after = games(translated_project)
    assert after["alpha"] is before["alpha"]
    assert after["alpha"].words["fr"].units is units
    assert after["beta"] is not before["beta"]
    assert after["beta"].words["en"].units["summary"].text.startswith("Edited. ")
    assert after["beta"].words["fr"] is not before["beta"].words["fr"]


def test_a_file_added_or_a_schema_changed_gives_a_new_model(translated_project: Path) -> None:
    before = games(translated_project)
    (translated_project / "rules/alpha/notes.txt").write_text("a new file\n", encoding="utf-8")
    added = games(translated_project)
    assert added["alpha"] is not before["alpha"]
    assert added["beta"] is before["beta"]
    schema = translated_project / "schemas/words.schema.json"
    schema.write_text(schema.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert all(games(translated_project)[game] is not added[game] for game in added)


def test_a_folders_digest_is_read_again_only_after_an_edit(translated_project: Path, monkeypatch) -> None:
    reads = []
    read = cache._folder_digest
    monkeypatch.setattr(cache, "_folder_digest", lambda folder, *rest: reads.append(folder) or read(folder, *rest))
    folder = translated_project / "rules/alpha"
    first = cache.folder_digest(folder, remembered=True)
    assert cache.folder_digest(folder, remembered=True) == first
    assert len(reads) == 1
    words = folder / "cs.yaml"
    words.write_text(words.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    second = cache.folder_digest(folder, remembered=True)
    assert second != first and len(reads) == 2
    os.remove(words)
    assert cache.folder_digest(folder, remembered=True) not in (first, second)


def test_a_game_scored_by_another_games_scorer_gets_a_new_model_when_that_scorer_changes(tmp_path: Path) -> None:
    # Its examples' outcomes and quiz questions are remembered on the model: made with the old scorer.
    generate(ROOT, tmp_path, Size(2, 2))  # each synthetic game is scored by the model game's scorer
    before = games(tmp_path)
    scoring = before["game-001"].scoring
    assert scoring != "game-001" and (tmp_path / "rules" / scoring / "scoring.py").is_file()
    assert games(tmp_path)["game-001"] is before["game-001"]
    for name in ("scoring.py", "score.schema.json", "facts.schema.json"):
        path = tmp_path / "rules" / scoring / name
        path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        after = games(tmp_path)
        assert after["game-001"] is not before["game-001"] and after["game-002"] is not before["game-002"]
        before = after
