"""`rulebook serve`'s incremental refresh: after each kind of edit, the refreshed site is the site a
fresh full build of the edited content gives, file for file and byte for byte.

The project is the translated small project (fixture_games.py: alpha, scored, and beta, in English,
French and Czech) with alpha's editions 1.0.1 and 1.0.2 (record_corrections: a section turn, the
referee note shared-win and its worked example) and the project's glossary given to alpha
(with_glossary), as a site's sources (copy_small_project). One live site is built for the module and
refreshed edit after edit; each test puts the content back and refreshes again, so the next starts
from the original content, and the refreshed site must then be the module's first build again (a
copy of it is kept). The one exception to "byte for byte" is the compressed sitemap, compared
decompressed: its gzip header holds the time of the build (as in test_split_build.py).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import CONTENT, ROOT, edit
from fixture_games import copy_small_project, record_corrections, with_glossary
from rulebook.bench.measure import free_port, page_text
from rulebook.website.live import LiveSite
from test_split_build import ENV, assert_same_site

# The module's site (the live fixture) is a full build, and each test builds another to compare.
pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.slow]

TOTAL = "the highest total wins."  # the end of alpha's English rule.winner
PLAYERS_FR = "Le jeu se joue de {players.min} à {players.max} joueurs."  # alpha's French rule.players


def live_project(tmp_path_factory: pytest.TempPathFactory, target: Path) -> Path:
    """The module's project at target: the translated fixture as a site's sources, alpha's editions
    1.0.1 and 1.0.2 recorded, the project's glossary given to alpha."""
    root = copy_small_project(tmp_path_factory, target, site=True, translated=True)
    return with_glossary(record_corrections(root), "alpha")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[LiveSite, Path]:
    """The live site after its full build, and a copy of that first build: the site the original
    content gives, which a refresh back to the original content must give again."""
    project = live_project(tmp_path_factory, tmp_path_factory.mktemp("live-project") / "project")
    site = LiveSite(project / "mkdocs.yml", tmp_path_factory.mktemp("live-site"), strict=True)
    site.full_build()
    first = tmp_path_factory.mktemp("first-build") / "site"
    shutil.copytree(site.site_dir, first)
    return site, first


@pytest.fixture(scope="module")
def live(built: tuple[LiveSite, Path]) -> LiveSite:
    return built[0]


@pytest.fixture(scope="module")
def original_site(built: tuple[LiveSite, Path]) -> Path:
    """The original content's site, as first built (not to be changed)."""
    return built[1]


@pytest.fixture
def original(live: LiveSite, original_site: Path) -> Iterator[Path]:
    """The project's root; its content is put back after the test, and the refreshed site must then
    be the original content's site again."""
    root = live.root
    saved = {path: path.read_bytes() for folder in CONTENT for path in (root / folder).rglob("*") if path.is_file()}
    yield root
    for path in {path for folder in CONTENT for path in (root / folder).rglob("*") if path.is_file()} - set(saved):
        path.unlink()
    for path, data in saved.items():
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    assert live.refresh().outcome != "kept"
    assert_same_site(live.site_dir, original_site)


def fresh_build(live: LiveSite, target: Path) -> Path:
    LiveSite(live.config_file, target, strict=True).full_build()
    return target


def page(live: LiveSite, path: str) -> str:
    return (live.site_dir / path).read_text(encoding="utf-8")


def test_an_english_rule_rebuilds_its_pages_in_every_language(live: LiveSite, original: Path, tmp_path: Path) -> None:
    edit(original, "rules/alpha/en.yaml", TOTAL, "the highest total wins, the live edit.")
    result = live.refresh()
    # By hand: the English page shows the new text; the French and Czech alpha pages now mark the
    # rule outdated, with the current English under it; the status pages count it.
    assert result.outcome == "pages"
    assert {"en/alpha.md", "fr/alpha.md", "cs/alpha.md", "en/status.md", "fr/status.md"} <= set(result.pages)
    assert not any("beta" in path for path in result.pages)
    assert "the live edit" in page(live, "alpha/index.html")
    assert "the live edit" in page(live, "fr/alpha/index.html")  # the current English, under the rule
    assert "the live edit" in page(live, "search/search_index.json")
    assert_same_site(live.site_dir, fresh_build(live, tmp_path / "fresh"))


def test_a_french_translation_rebuilds_only_french_pages(live: LiveSite, original: Path, tmp_path: Path) -> None:
    edit(original, "rules/alpha/fr.yaml", PLAYERS_FR, PLAYERS_FR.replace("joueurs.", "joueurs assis en cercle."))
    result = live.refresh()
    assert result.outcome == "pages"
    assert result.pages and all(path.startswith("fr/") for path in result.pages)
    # Its text changed, not its state (still translated from the current English, still a draft):
    # the status pages stay as they were.
    assert not any(path.endswith("status.md") for path in result.pages)
    assert "assis en cercle" in page(live, "fr/alpha/index.html")
    assert "assis en cercle" in page(live, "fr/search/search_index.json")
    assert "cercle" not in page(live, "search/search_index.json")
    assert_same_site(live.site_dir, fresh_build(live, tmp_path / "fresh"))


def test_a_page_title_rebuilds_the_whole_site(live: LiveSite, original: Path, tmp_path: Path) -> None:
    # Every page's navigation shows the game's name.
    edit(original, "rules/beta/game.yaml", 'name: "Beta"', 'name: "Beta Live"')
    assert live.refresh().outcome == "full"
    assert "Beta Live" in page(live, "fr/alpha/index.html")
    assert_same_site(live.site_dir, fresh_build(live, tmp_path / "fresh"))


def test_a_glossary_entry_rebuilds_the_pages_that_show_it(live: LiveSite, original: Path, tmp_path: Path) -> None:
    edit(original, "glossary/en.yaml", '"An open eye."', '"An open eye, wide awake."')
    result = live.refresh()
    assert result.outcome == "pages"
    assert "en/glossary.md" in result.pages
    assert "wide awake" in page(live, "glossary/index.html")
    assert_same_site(live.site_dir, fresh_build(live, tmp_path / "fresh"))


def test_invalid_content_keeps_the_last_good_site(
    live: LiveSite, original: Path, original_site: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    before = original_site  # the content is the original one until the edit below
    edit(original, "rules/alpha/en.yaml", TOTAL, "the highest <b>total</b> wins.")
    with caplog.at_level("ERROR", logger="mkdocs"):
        assert live.refresh().outcome == "kept"
    # The problem names its place: the file, and the line and column where the unit's text starts
    # (by hand: rule.winner's text is on line 16 of alpha's English, after `    text: `).
    assert any("rules/alpha/en.yaml:16:11: units.rule.winner.text: raw HTML" in m for m in caplog.messages)
    assert_same_site(live.site_dir, before)
    # Fixed: the next refresh shows the fixed content.
    edit(original, "rules/alpha/en.yaml", "the highest <b>total</b> wins.", "the highest total wins, fixed.")
    assert live.refresh().outcome == "pages"
    assert "the highest total wins, fixed." in page(live, "alpha/index.html")
    assert_same_site(live.site_dir, fresh_build(live, tmp_path / "fresh"))


def test_a_game_added_then_removed_rebuilds_the_whole_site(
    live: LiveSite, original: Path, original_site: Path, tmp_path: Path
) -> None:
    # A copy of beta under another id.
    shutil.copytree(original / "rules/beta", original / "rules/live-game")
    edit(original, "rules/live-game/game.yaml", "id: beta\n", "id: live-game\n")
    edit(original, "rules/live-game/game.yaml", 'name: "Beta"', 'name: "Live Game"')
    edit(original, "rules/project.yaml", "games: [alpha, beta]", "games: [alpha, beta, live-game]")
    assert live.refresh().outcome == "full"
    assert "Live Game" in page(live, "live-game/index.html")
    assert "Live Game" in page(live, "fr/alpha/index.html")  # in every page's navigation
    assert_same_site(live.site_dir, fresh_build(live, tmp_path / "added"))
    project = original / "rules/project.yaml"
    project.write_text(project.read_text(encoding="utf-8").replace(", live-game]", "]"), encoding="utf-8")
    shutil.rmtree(original / "rules/live-game")
    assert live.refresh().outcome == "full"
    assert not (live.site_dir / "live-game").exists()
    assert "Live Game" not in page(live, "alpha/index.html")
    assert_same_site(live.site_dir, original_site)  # the content is the original one again


def test_an_unchanged_project_refreshes_nothing(live: LiveSite, original: Path) -> None:
    assert live.refresh().outcome == "unchanged"


def _wait_for(ready, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ready():
            return True
        time.sleep(0.1)
    return False


def test_the_server_shows_an_edit(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> None:
    project = copy_small_project(tmp_path_factory, tmp_path / "project", site=True, translated=True)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "rulebook.cli", "--root", str(project), "serve", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=project,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = f"http://127.0.0.1:{port}/alpha/"
        assert _wait_for(lambda: "rb-rule" in page_text(url), 300), "the server did not start"
        assert "livereload" in page_text(url)  # MkDocs' script, which reloads the page after an edit
        # The preview names its own address, not the public one of mkdocs.yml's site_url.
        assert f'<link rel="canonical" href="{url}">' in page_text(url)
        edit(project, "rules/alpha/en.yaml", TOTAL, "the highest total wins, served live.")
        assert _wait_for(lambda: "served live" in page_text(url), 60)
        assert _wait_for(lambda: "served live" in page_text(f"http://127.0.0.1:{port}/search/search_index.json"), 10)
        # An edit with an error: the page stays as it was, and the server waits for the next save.
        edit(project, "rules/alpha/en.yaml", "served live.", "served <b>live</b>.")
        time.sleep(3)
        assert "served live" in page_text(url)
        edit(project, "rules/alpha/en.yaml", "served <b>live</b>.", "served again.")
        assert _wait_for(lambda: "served again" in page_text(url), 60)
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=60)
    assert "Traceback" not in errors, errors
    assert "rules/alpha/en.yaml:16:11: " in errors and "raw HTML is not allowed" in errors
    # Three saves, three refreshes (reading the files must not start others: it did, in a loop).
    assert errors.count("refresh (") <= 6, errors[-3000:]


def test_the_pages_a_words_file_affects(live: LiveSite) -> None:
    from rulebook.website.affected import affected_pages

    project, root = live.plugin.project, live.root
    assert project is not None
    # By hand: French words show on the French alpha page, its card, its change list (each edition's
    # summary), its quiz (the referee note and the examples), each recorded edition's page (1.0,
    # 1.0.1, 1.0.2) and each later edition's errata sheet (the edition's summary) and the French home
    # page, and every language's status page counts them.
    french = {
        "fr/index.md",
        "fr/alpha.md",
        "fr/quick-reference/alpha.md",
        "fr/alpha/changes.md",
        "fr/alpha/quiz.md",
        "fr/alpha/1.0.md",
        "fr/alpha/1.0.1.md",
        "fr/alpha/1.0.2.md",
        "fr/alpha/errata-1.0.1.md",
        "fr/alpha/errata-1.0.2.md",
    }
    assert affected_pages(project, root, [root / "rules/alpha/fr.yaml"]) == {
        *french,
        "en/status.md",
        "fr/status.md",
        "cs/status.md",
    }
    # Given the project before the edit with the same states, the status pages are left out.
    assert affected_pages(project, root, [root / "rules/alpha/fr.yaml"], before=project) == french
    # English shows in every language (a missing translation falls back to it, an outdated one
    # shows it under the rule).
    english = affected_pages(project, root, [root / "rules/beta/en.yaml"])
    shown = {"en/beta.md", "fr/beta.md", "cs/quick-reference/beta.md", "cs/index.md", "cs/beta/changes.md"}
    assert english is not None and shown <= english
    assert not any("alpha" in page for page in english)
    # Anything else is not placed: every page is rendered again.
    others = ("rules/alpha/game.yaml", "glossary/en.yaml", "rules/alpha/sources/x.txt", "rules/nope/en.yaml")
    for other in (*others, "rules/alpha/editions.yaml", "rules/alpha/editions/1.0.yaml"):
        assert affected_pages(project, root, [root / other]) is None


def test_serve_refuses_a_bad_address(capsys: pytest.CaptureFixture[str]) -> None:
    from rulebook.cli import main

    assert main(["--root", str(ROOT), "serve", "--dev-addr", "8000"]) == 2
    assert "--dev-addr: expected HOST:PORT" in capsys.readouterr().err
