"""Issue 46, point 7: the quick-reference card says the edition it quotes, and a new game is
recorded as edition 1.0 at once. (A reworded publisher's rule: tests/test_source_coverage.py.) The
games are the fixture's (fixture_games.py: alpha and beta, translated)."""

from __future__ import annotations

import datetime
import html
import re
from pathlib import Path

import pytest

from conftest import build_site, edit, made_once, run_cli
from fixture_games import NEW_WINNER, WINNER, copy_small_project, written_date
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages

# Worked out by hand: each language's words for "Edition {version}" and "Changes" (locales/*/messages.po)
# and its long date (CLDR: "December 6, 2026", "6 décembre 2026", "6. prosince 2026"). The fixture's
# games were recorded as edition 1.0 on the day the fixture was made (recorded), and an erratum is
# recorded the day the test runs: a day read, not a date known beforehand.
WORDS = {"en": ("Edition", "Changes"), "fr": ("Édition", "Modifications"), "cs": ("Vydání", "Změny")}


def long_date(language: str, day: datetime.date) -> str:
    return written_date(language, day.isoformat())


def shown(language: str, version: str, day: datetime.date) -> str:
    edition, changes = WORDS[language]
    return f"{edition} {version} · {long_date(language, day)} · [{changes}]"


def recorded(root: Path, game: str) -> datetime.date:
    """The day of the game's first edition, as its editions.yaml records it."""
    found = re.search(r'date: "(\d{4}-\d\d-\d\d)"', (root / f"rules/{game}/editions.yaml").read_text(encoding="utf-8"))
    assert found is not None
    return datetime.date.fromisoformat(found.group(1))


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
def test_the_card_says_its_edition_and_date_linked_to_the_change_list(translated_project: Path, language: str) -> None:
    for game in ("alpha", "beta"):
        latest = shown(language, "1.0", recorded(translated_project, game))
        card, folded = card_lines(translated_project, language, game)
        # The card's page is in quick-reference/: the change list is one folder up.
        assert card == [f'<p class="rb-edition rb-card__edition" markdown>{latest}(../{game}/changes.md)</p>']
        assert folded == [f'<p class="rb-edition rb-card__edition" markdown>{latest}({game}/changes.md)</p>']


@pytest.mark.parametrize("language", ["en", "fr", "cs"])
def test_the_card_follows_the_latest_edition(translated_project: Path, capsys, language: str) -> None:
    edit(translated_project, "rules/alpha/en.yaml", f"text: {WINNER}", f"text: {NEW_WINNER}")
    before = datetime.datetime.now(datetime.UTC).date()
    code, _, err = run_cli(
        capsys, "--root", str(translated_project), "edition", "new", "alpha", "1.1", "--summary", "The winner, shorter."
    )
    after = datetime.datetime.now(datetime.UTC).date()
    assert code == 0, err
    card, folded = card_lines(translated_project, language, "alpha")
    assert any(all(shown(language, "1.1", day) in line for line in card + folded) for day in (before, after))
    assert len(card + folded) == 2
    # The other game keeps its edition.
    beta = shown(language, "1.0", recorded(translated_project, "beta"))
    assert beta in card_lines(translated_project, language, "beta")[0][0]


def test_a_game_without_an_edition_has_a_card_without_one(small_project: Path) -> None:
    (small_project / "rules/beta/editions.yaml").unlink()
    assert card_lines(small_project, "en", "beta") == ([], [])


@pytest.fixture(scope="module")
def card_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The translated fixture project and its site, built once a run with the repository's mkdocs.yml."""

    def make(folder: Path) -> None:
        root = copy_small_project(tmp_path_factory, folder / "project", site=True, translated=True)
        build_site(root, folder / "site")

    return made_once(tmp_path_factory, "translated-site", make)


@pytest.mark.slow  # builds a site of its own (card_site)
def test_the_built_card_links_its_edition_to_the_change_list(card_site: Path) -> None:
    day = recorded(card_site / "project", "alpha")
    for prefix, language in (("", "en"), ("fr/", "fr")):
        edition, changes = WORDS[language]
        site = card_site / "site"
        page = html.unescape((site / prefix / "quick-reference/alpha/index.html").read_text(encoding="utf-8"))
        found = re.search(r'<p class="rb-edition rb-card__edition">(.*?) · <a href="([^"]+)">([^<]+)</a></p>', page)
        assert found is not None
        assert (found.group(1), found.group(3)) == (f"{edition} 1.0 · {long_date(language, day)}", changes)
        # The link lands on the built change list.
        target = (site / prefix / "quick-reference/alpha" / found.group(2) / "index.html").resolve()
        assert target == (site / prefix / "alpha/changes/index.html").resolve() and target.is_file()


def test_a_new_game_is_recorded_as_edition_one(small_project: Path, capsys) -> None:
    before = datetime.datetime.now(datetime.UTC).date().isoformat()
    code, out, err = run_cli(capsys, "--root", str(small_project), "new", "game", "my-game", "--name", "My Game")
    after = datetime.datetime.now(datetime.UTC).date().isoformat()
    assert code == 0, err
    assert {"rules/my-game/editions.yaml", "rules/my-game/editions/1.0.yaml"} <= set(out.split())
    history = (small_project / "rules/my-game/editions.yaml").read_text(encoding="utf-8")
    assert re.search(r'- version: "1\.0"\n    date: "(\d{4}-\d\d-\d\d)"', history).group(1) in (before, after)
    # The summary unit, in the words the real games give their first edition.
    english = (small_project / "rules/my-game/en.yaml").read_text(encoding="utf-8")
    assert "  edition.1-0:\n    text: The rules as this project first recorded them.\n" in english
    # The snapshot holds the rule as readers see it: "{players.min} to {players.max}" is 2 to 4.
    snapshot = (small_project / "rules/my-game/editions/1.0.yaml").read_text(encoding="utf-8")
    assert 'en: "The game is for 2 to 4 players."' in snapshot
    # check passes at once (the translations' missing units are warnings); cite and diff name it.
    code, out, _ = run_cli(capsys, "--root", str(small_project), "check")
    assert code == 0, out
    code, out, err = run_cli(capsys, "--root", str(small_project), "cite", "my-game", "1.1", "--edition", "1.0")
    assert code == 0, err
    assert out.startswith("My Game 1.1 (edition 1.0) is My Game 1.1: Overview")
    code, _, err = run_cli(capsys, "--root", str(small_project), "edition", "new", "my-game", "1.0", "--summary", "x")
    assert code == 2 and "1.0" in err  # already recorded
