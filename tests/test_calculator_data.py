"""The calculator's data on a game page: that game's data only, and the language's words made once
per language, not once per page (issue 15)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulebook.i18n.ui as ui
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


def test_the_catalog_is_read_once_per_language_for_all_pages(project, monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[Path] = []
    real = calculator.read_po

    def counted(po, **kwargs):
        reads.append(Path(po.name))
        return real(po, **kwargs)

    monkeypatch.setattr(calculator, "read_po", counted)
    monkeypatch.setattr(ui, "read_po", counted)  # the plural rule's Plural-Forms
    monkeypatch.setattr(calculator, "_PARTS", (None, {}))
    games = [game for game in project.games if game.scoring]
    for _ in range(3):  # three pages of each game, as three builds of the same project would ask
        for game in games:
            calculator_data(project, "fr", game)
            language_part(project, "fr")
    # Once for the scorers' messages, once for Plural-Forms: the French catalog, not one read a page.
    assert reads == [ROOT / "locales/fr/LC_MESSAGES/messages.po"] * 2
    # A new project (content or a catalog edited) reads it again.
    calculator_data(load_project(ROOT).project, "fr", games[0])
    assert len(reads) == 4
