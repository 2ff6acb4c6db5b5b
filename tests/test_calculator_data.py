"""The calculator's data on a game page: that game's data only, and the language's words made once
per language, not once per page (issue 15)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulebook.i18n.ui_catalog as ui_catalog
import rulebook.render.calculator as calculator
from conftest import ROOT
from rulebook.load.project import load_project
from rulebook.render.calculator import calculator_data, language_part


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT).project


def test_a_game_page_holds_its_own_game_only(project) -> None:
    scored = [game for game in project.games if game.scoring]
    assert len(scored) >= 2  # else "only its own" would prove nothing
    for game in scored:
        data = json.loads(calculator_data(project, "fr", game))
        assert data["game"] == game.id
        assert list(data["games"]) == [game.id]
        assert data["games"][game.id]["facts"] == game.facts


def test_the_words_are_those_of_the_page_language(project) -> None:
    game = next(game for game in project.games if game.scoring)
    french, czech = (json.loads(calculator_data(project, language, game)) for language in ("fr", "cs"))
    assert french["language"] == "fr" and czech["language"] == "cs"
    # The button's word, from each catalog (locales/*/LC_MESSAGES): not the English.
    assert french["ui"]["score"] != "Score" or czech["ui"]["score"] != "Score"
    assert french["ui"] != czech["ui"]


def test_the_catalog_is_read_once_per_language_for_all_pages(
    project, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    reads: list[Path] = []
    real = ui_catalog.read_po_file

    def counted(path: Path, shown: str, **options: bool):
        reads.append(path)
        return real(path, shown, **options)

    # Every reader of a UI catalog (the scorers' messages, Plural-Forms, the pages' words) goes
    # through ui_catalog, which reads a file again only when it changed.
    monkeypatch.setattr(ui_catalog, "read_po_file", counted)
    ui_catalog.forget_catalogs()
    monkeypatch.setattr(calculator, "_PARTS", (None, {}))
    games = [game for game in project.games if game.scoring]
    for _ in range(3):  # three pages of each game, as three builds of the same project would ask
        for game in games:
            calculator_data(project, "fr", game)
            language_part(project, "fr")
    assert reads == [ROOT / "locales/fr/LC_MESSAGES/messages.po"]
    # A new project reads an unchanged catalog no more; an edited one is read again.
    calculator_data(load_project(ROOT).project, "fr", games[0])
    assert len(reads) == 1
    copy = tmp_path / "locales/fr/LC_MESSAGES/messages.po"
    copy.parent.mkdir(parents=True)
    copy.write_bytes((ROOT / "locales/fr/LC_MESSAGES/messages.po").read_bytes())
    ui_catalog.read_ui_catalog(tmp_path, "fr")
    assert len(reads) == 1, "a copy with the same bytes (each test's copy of the project) is not read again"
    copy.write_bytes(copy.read_bytes() + b"\n")
    ui_catalog.read_ui_catalog(tmp_path, "fr")
    assert reads[1:] == [copy]
    # With the cache off (mutation runs, cold timings), nothing is kept by content.
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    other = tmp_path / "other"
    (other / "locales/fr/LC_MESSAGES").mkdir(parents=True)
    (other / "locales/fr/LC_MESSAGES/messages.po").write_bytes(copy.read_bytes())
    ui_catalog.read_ui_catalog(other, "fr")
    assert reads[2:] == [other / "locales/fr/LC_MESSAGES/messages.po"]
