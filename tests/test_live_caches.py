"""`rulebook serve` forgets what it read from a catalog or a schema once the file is edited.

The serve process lives for hours, and a cache keyed by a file's path would keep the file as it
first read it (rulebook/website/path_caches.py). One live site of the translated fixture (alpha,
scored over 3 rounds, and beta) is built for the module, in this process, as `rulebook serve` builds
it; each test edits a file, refreshes as the server does after a save, and reads the pages the
server then serves. The expectations come from the edits themselves.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import edit
from fixture_games import copy_small_project
from rulebook.website.live import LiveSite

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.slow]

FRENCH_CATALOG = "locales/fr/LC_MESSAGES/messages.po"
GAME_SCHEMA = "schemas/game.schema.json"
INPUT_SCHEMA = "rules/alpha/score.schema.json"
FACTS_SCHEMA = "rules/alpha/facts.schema.json"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> LiveSite:
    target = tmp_path_factory.mktemp("caches-project") / "project"
    project = copy_small_project(tmp_path_factory, target, site=True, translated=True)
    site = LiveSite(project / "mkdocs.yml", tmp_path_factory.mktemp("caches-site"), strict=True)
    site.full_build()
    return site


@pytest.fixture
def restored(live: LiveSite) -> Iterator[Path]:
    """The project's root; the edited files are put back, and the site refreshed, after the test."""
    files = [live.root / name for name in (FRENCH_CATALOG, GAME_SCHEMA, INPUT_SCHEMA, FACTS_SCHEMA)]
    saved = {path: path.read_bytes() for path in files}
    yield live.root
    if any(path.read_bytes() != data for path, data in saved.items()):
        for path, data in saved.items():
            path.write_bytes(data)
        assert live.refresh().outcome == "full"


class _ScriptText(HTMLParser):
    """The text of the element with one id (a <script> holds no markup)."""

    def __init__(self, wanted: str) -> None:
        super().__init__()
        self.wanted, self.inside, self.text = wanted, False, ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.inside = dict(attrs).get("id") == self.wanted

    def handle_endtag(self, tag: str) -> None:
        self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.text += data


def calculator_data(live: LiveSite, page: str) -> dict:
    parser = _ScriptText("rb-calculator-data")
    parser.feed((live.site_dir / page).read_text(encoding="utf-8"))
    return json.loads(parser.text)


def least_points(live: LiveSite) -> int:
    """The calculator's bound on a round's points in alpha (its input schema: whole numbers from 0)."""
    schema = calculator_data(live, "alpha/index.html")["games"]["alpha"]["schema"]
    return schema["properties"]["players"]["additionalProperties"]["items"]["minimum"]


def test_an_edited_ui_catalog_shows_on_the_pages(live: LiveSite, restored: Path) -> None:
    french = live.site_dir / "fr" / "alpha" / "index.html"
    assert "<th>Calcul</th>" in french.read_text(encoding="utf-8")  # a worked example's column
    edit(restored, FRENCH_CATALOG, 'msgstr "Calcul"', 'msgstr "Opération"')
    assert live.refresh().outcome == "full"
    page = french.read_text(encoding="utf-8")
    assert "<th>Opération</th>" in page and "<th>Calcul</th>" not in page
    assert calculator_data(live, "fr/alpha/index.html")["ui"]["computation"] == "Opération"


def test_an_edited_input_schema_changes_the_calculator(live: LiveSite, restored: Path) -> None:
    assert least_points(live) == 0
    # A round scores 1 point or more; the worked example's rounds score 1 to 5, so it still scores.
    edit(restored, INPUT_SCHEMA, '"minimum": 0', '"minimum": 1')
    assert live.refresh().outcome == "full"
    assert least_points(live) == 1


def test_an_edited_game_schema_checks_the_content_again(
    live: LiveSite, restored: Path, caplog: pytest.LogCaptureFixture
) -> None:
    page = live.site_dir / "alpha" / "index.html"
    before = page.read_bytes()
    # A game's name of at most 3 characters refuses "Alpha" (rules/alpha/game.yaml, name).
    text = (restored / GAME_SCHEMA).read_text(encoding="utf-8")
    bound = '"minLength": 1,\n      "description": "The game\'s proper name'
    assert text.count(bound) == 1
    longest = bound.replace('"minLength": 1,', '"minLength": 1,\n      "maxLength": 3,')
    (restored / GAME_SCHEMA).write_text(text.replace(bound, longest), encoding="utf-8")
    with caplog.at_level(logging.ERROR, logger="mkdocs"):
        assert live.refresh().outcome == "kept"
    assert "rules/alpha/game.yaml:" in caplog.text and "name" in caplog.text
    assert page.read_bytes() == before  # the last good site stays


def test_an_edited_facts_schema_checks_the_facts_again(
    live: LiveSite, restored: Path, caplog: pytest.LogCaptureFixture
) -> None:
    page = live.site_dir / "alpha" / "index.html"
    before = page.read_bytes()
    # alpha has 3 rounds (rules/alpha/game.yaml, scoring.rounds): a bound of 2 refuses it.
    text = (restored / FACTS_SCHEMA).read_text(encoding="utf-8")
    bound = '"maximum": 100,'
    assert text.count(bound) == 1
    (restored / FACTS_SCHEMA).write_text(text.replace(bound, '"maximum": 2,'), encoding="utf-8")
    with caplog.at_level(logging.ERROR, logger="mkdocs"):
        assert live.refresh().outcome == "kept"
    assert "rules/alpha/game.yaml:" in caplog.text and "facts.scoring.rounds" in caplog.text
    assert page.read_bytes() == before  # the last good site stays
