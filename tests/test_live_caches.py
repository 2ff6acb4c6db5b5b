"""`rulebook serve` forgets what it read from a catalog or a schema once the file is edited.

The serve process lives for hours, and a cache keyed by a file's path would keep the file as it
first read it (rulebook/website/path_caches.py). One live site is built for the module, in this process,
as `rulebook serve` builds it; each test edits a file, refreshes as the server does after a save,
and reads the pages the server then serves. The expectations come from the edits themselves.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import copy_site_sources, edit
from rulebook.website.live import LiveSite

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.slow]

FRENCH_CATALOG = "locales/fr/LC_MESSAGES/messages.po"
GAME_SCHEMA = "schemas/game.schema.json"
REBUS_INPUT_SCHEMA = "rules/rebus/score.schema.json"
REBUS_FACTS_SCHEMA = "rules/rebus/facts.schema.json"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> LiveSite:
    project = copy_site_sources(tmp_path_factory.mktemp("caches-project"))
    site = LiveSite(project / "mkdocs.yml", tmp_path_factory.mktemp("caches-site"), strict=True)
    site.full_build()
    return site


@pytest.fixture
def restored(live: LiveSite) -> Iterator[Path]:
    """The project's root; the edited files are put back, and the site refreshed, after the test."""
    files = [live.root / name for name in (FRENCH_CATALOG, GAME_SCHEMA, REBUS_INPUT_SCHEMA, REBUS_FACTS_SCHEMA)]
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


def tiles_left_bound(live: LiveSite) -> int:
    """The calculator's bound on one player's tiles left at the end of REBUS (its input schema)."""
    schema = calculator_data(live, "rebus/index.html")["games"]["rebus"]["schema"]
    return schema["properties"]["final"]["additionalProperties"]["properties"]["tiles_left"]["maximum"]


def test_an_edited_ui_catalog_shows_on_the_pages(live: LiveSite, restored: Path) -> None:
    french = live.site_dir / "fr" / "rebus" / "index.html"
    assert "<th>Calcul</th>" in french.read_text(encoding="utf-8")  # a worked example's column
    edit(restored, FRENCH_CATALOG, 'msgstr "Calcul"', 'msgstr "Opération"')
    assert live.refresh().outcome == "full"
    page = french.read_text(encoding="utf-8")
    assert "<th>Opération</th>" in page and "<th>Calcul</th>" not in page
    assert calculator_data(live, "fr/rebus/index.html")["ui"]["computation"] == "Opération"


def test_an_edited_input_schema_changes_the_calculator(live: LiveSite, restored: Path) -> None:
    assert tiles_left_bound(live) == 100
    # At most a full rack, nine tiles in REBUS (rack_tiles in its game.yaml); no worked example has more.
    edit(
        restored,
        REBUS_INPUT_SCHEMA,
        '"minimum": 0, "maximum": 100, "description": "At most',
        '"minimum": 0, "maximum": 9, "description": "At most',
    )
    assert live.refresh().outcome == "full"
    assert tiles_left_bound(live) == 9


def test_an_edited_game_schema_checks_the_content_again(
    live: LiveSite, restored: Path, caplog: pytest.LogCaptureFixture
) -> None:
    page = live.site_dir / "rebus" / "index.html"
    before = page.read_bytes()
    # A game's name of at most 3 characters refuses "REBUS" (rules/rebus/game.yaml, name).
    text = (restored / GAME_SCHEMA).read_text(encoding="utf-8")
    bound = '"minLength": 1,\n      "description": "The game\'s proper name'
    assert text.count(bound) == 1
    longest = bound.replace('"minLength": 1,', '"minLength": 1,\n      "maxLength": 3,')
    (restored / GAME_SCHEMA).write_text(text.replace(bound, longest), encoding="utf-8")
    with caplog.at_level(logging.ERROR, logger="mkdocs"):
        assert live.refresh().outcome == "kept"
    assert "rules/rebus/game.yaml:" in caplog.text and "name" in caplog.text
    assert page.read_bytes() == before  # the last good site stays


def test_an_edited_facts_schema_checks_the_facts_again(
    live: LiveSite, restored: Path, caplog: pytest.LogCaptureFixture
) -> None:
    page = live.site_dir / "rebus" / "index.html"
    before = page.read_bytes()
    # REBUS has 9 tiles on a rack (rules/rebus/game.yaml, components.rack_tiles): a bound of 8 refuses it.
    text = (restored / REBUS_FACTS_SCHEMA).read_text(encoding="utf-8")
    bound = '"maximum": 50,\n          "description": "Tiles on a rack."'
    assert text.count(bound) == 1
    (restored / REBUS_FACTS_SCHEMA).write_text(text.replace(bound, bound.replace("50", "8")), encoding="utf-8")
    with caplog.at_level(logging.ERROR, logger="mkdocs"):
        assert live.refresh().outcome == "kept"
    assert "rules/rebus/game.yaml:" in caplog.text and "facts.components.rack_tiles" in caplog.text
    assert page.read_bytes() == before  # the last good site stays
