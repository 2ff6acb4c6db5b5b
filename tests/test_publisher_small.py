"""Issue 46, point 7: the quick-reference card says the edition it quotes, and a new game is
recorded as edition 1.0 at once. (A reworded publisher's rule: tests/test_source_coverage.py.)"""

from __future__ import annotations

import datetime
import html
import re
from pathlib import Path

import pytest

from conftest import run_cli
from errata import record_erratum
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages

# Worked out by hand: every game's latest edition, the corrections 1.0.1 of 2026-12-05
# (rules/*/editions.yaml), in each language's words for "Edition {version}" and "Changes"
# (locales/*/messages.po) and its long date (CLDR).
LATEST = {
    "en": "Edition 1.0.1 · December 5, 2026 · [Changes]",
    "fr": "Édition 1.0.1 · 5 décembre 2026 · [Modifications]",
    "cs": "Vydání 1.0.1 · 5. prosince 2026 · [Změny]",
}
# The erratum of tests/errata.py: REBUS edition 1.1 of 2026-12-05 (errata.DATE).
ERRATUM = {
    "en": "Edition 1.1 · December 5, 2026 · [Changes]",
    "fr": "Édition 1.1 · 5 décembre 2026 · [Modifications]",
    "cs": "Vydání 1.1 · 5. prosince 2026 · [Změny]",
}


def card_lines(root: Path, language: str, game: str) -> tuple[list[str], list[str]]:
    """The edition lines of the card's page and of the folded card on the game page."""
    pages = {page.path: page.text for page in render_pages(load_project(root).project)}
    card = pages[f"{language}/quick-reference/{game}.md"]
    folded = pages[f"{language}/{game}.md"]
    folded = folded[folded.index('<details class="rb-card') : folded.index("</details>")]
    return [line for line in card.splitlines() if "rb-card__edition" in line], [
        line for line in folded.splitlines() if "rb-card__edition" in line
    ]


@pytest.mark.parametrize("language", ["en", "fr", "cs"])
def test_the_card_says_its_edition_and_date_linked_to_the_change_list(project_copy: Path, language: str) -> None:
    for game in ("rebus", "rebis", "oh-my-word"):
        card, folded = card_lines(project_copy, language, game)
        # The card's page is in quick-reference/: the change list is one folder up.
        assert card == [f'<p class="rb-edition rb-card__edition" markdown>{LATEST[language]}(../{game}/changes.md)</p>']
        assert folded == [f'<p class="rb-edition rb-card__edition" markdown>{LATEST[language]}({game}/changes.md)</p>']


@pytest.mark.parametrize("language", ["en", "fr", "cs"])
def test_the_card_follows_the_latest_edition(project_copy: Path, language: str) -> None:
    record_erratum(project_copy)
    card, folded = card_lines(project_copy, language, "rebus")
    assert [ERRATUM[language] in line for line in card + folded] == [True, True]
    # The other games keep their latest edition, the corrections.
    assert LATEST[language] in card_lines(project_copy, language, "rebis")[0][0]


def test_a_game_without_an_edition_has_a_card_without_one(project_copy: Path) -> None:
    (project_copy / "rules/oh-my-word/editions.yaml").unlink()
    assert card_lines(project_copy, "en", "oh-my-word") == ([], [])


def test_the_built_card_links_its_edition_to_the_change_list(clean_site: Path) -> None:
    shown = {
        "": ("Edition 1.0.1 · December 5, 2026", "Changes"),
        "fr/": ("Édition 1.0.1 · 5 décembre 2026", "Modifications"),
    }
    for prefix, (edition, changes) in shown.items():
        page = html.unescape((clean_site / prefix / "quick-reference/rebus/index.html").read_text(encoding="utf-8"))
        found = re.search(r'<p class="rb-edition rb-card__edition">(.*?) · <a href="([^"]+)">([^<]+)</a></p>', page)
        assert found is not None and (found.group(1), found.group(3)) == (edition, changes)
        # The link lands on the built change list.
        target = (clean_site / prefix / "quick-reference/rebus" / found.group(2) / "index.html").resolve()
        assert target == (clean_site / prefix / "rebus/changes/index.html").resolve() and target.is_file()


def test_a_new_game_is_recorded_as_edition_one(project_copy: Path, capsys) -> None:
    before = datetime.datetime.now(datetime.UTC).date().isoformat()
    code, out, err = run_cli(capsys, "--root", str(project_copy), "new", "game", "my-game", "--name", "My Game")
    after = datetime.datetime.now(datetime.UTC).date().isoformat()
    assert code == 0, err
    assert {"rules/my-game/editions.yaml", "rules/my-game/editions/1.0.yaml"} <= set(out.split())
    history = (project_copy / "rules/my-game/editions.yaml").read_text(encoding="utf-8")
    assert re.search(r'- version: "1\.0"\n    date: "(\d{4}-\d\d-\d\d)"', history).group(1) in (before, after)
    # The summary unit, in the words the real games give their first edition.
    english = (project_copy / "rules/my-game/en.yaml").read_text(encoding="utf-8")
    assert "  edition.1-0:\n    text: The rules as this project first recorded them.\n" in english
    # The snapshot holds the rule as readers see it: "{players.min} to {players.max}" is 2 to 4.
    snapshot = (project_copy / "rules/my-game/editions/1.0.yaml").read_text(encoding="utf-8")
    assert 'en: "The game is for 2 to 4 players."' in snapshot
    # check passes at once (the translations' missing units are warnings); cite and diff name it.
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 0, out
    code, out, err = run_cli(capsys, "--root", str(project_copy), "cite", "my-game", "1.1", "--edition", "1.0")
    assert code == 0, err
    assert out.startswith("My Game 1.1 (edition 1.0) is My Game 1.1: Overview")
    code, _, err = run_cli(capsys, "--root", str(project_copy), "edition", "new", "my-game", "1.0", "--summary", "x")
    assert code == 2 and "1.0" in err  # already recorded
