"""Issue 49, point 4: print for paper, read in the PDFs' text. With the repository's `site_url`
(https://rules.example.org/, a placeholder) or none, paper prints no address at all; with a real one,
a short address (no "https://"), resolved against it, never against the local server printed from.
A refused example prints why, without the field path the calculator and developers use.

The project is the fixture's (fixture_games.py): alpha's worked examples all cite its rule winner (1.2),
and one of them, four-rounds (conftest.fixture_site), is refused: Ann scored 4 rounds of the game's 3,
at the field path players.Ann."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from browser.test_print_edition import edition, fixture_project, read_pdf  # noqa: F401 (fixtures)
from conftest import build_site
from fixture_games import copy_small_project
from rulebook.artifacts.print_edition import card_url, game_pdf, game_url, served
from rulebook.load.project import load_project
from rulebook.located.document import format_path
from rulebook.model import Project
from rulebook.scoring.situation import Invalid
from rulebook.scoring.worked import worked_outcome

pytestmark = pytest.mark.browser

REAL = "https://Rules.MyGame.org/games/"
# How paper names it: the host in lower case, the path, no scheme, no final slash.
REAL_PRINTED = "rules.mygame.org/games"
SITE_URL_LINE = re.compile(r"^site_url:.*$", re.MULTILINE)
ADDRESS = re.compile(r"https?:|www\.|example\.(org|com|net)|<[^<>]*/[^<>]*>")
REFUSED_PATHS = {"players.Ann"}  # four-rounds: Ann's four rounds


def refused_paths(project: Project) -> set[str]:
    """The field path of each reason of each refused example of the project, as the page writes it."""
    paths = set()
    for game in project.games:
        for example in game.examples:
            outcome = worked_outcome(game, example, project.root)
            if isinstance(outcome, Invalid):
                paths |= {format_path(path) for path, _ in outcome.reasons}
                paths |= {format_path(problem.path) for problem in outcome.problems if problem.path is not None}
    return paths


def squeezed(text: str) -> str:
    """Without spaces: a long address or path may break across lines in the PDF's text."""
    return "".join(text.split())


def test_the_project_has_refused_examples_with_field_paths(fixture_project: Project, fixture_site: Path) -> None:  # noqa: F811
    # The print test below means something only if some example prints a refusal with its field path,
    # which the page shows on screen.
    assert refused_paths(fixture_project) == REFUSED_PATHS
    assert '<span class="rb-field-path">players.Ann: </span>' in (fixture_site / "alpha/index.html").read_text()


def test_a_placeholder_address_prints_no_address_and_no_field_path(
    edition: tuple[Path, list[Path]],  # noqa: F811
) -> None:
    _, written = edition
    refusals = 0
    for path in written:
        text = read_pdf(path.read_bytes()).text
        assert ADDRESS.findall(squeezed(text)) == [], path
        printed = [field for field in REFUSED_PATHS if squeezed(field) in squeezed(text)]
        assert printed == [], path
        refusals += text.count("Refused:") + text.count("Refusé") + text.count("Odmítnuto")
    assert refusals == 3  # and the refusal's words are still there: four-rounds, on alpha's page in each language


@pytest.fixture(scope="module", params=[REAL, None], ids=["real", "unset"])
def printed_copy(
    request: pytest.FixtureRequest, browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, str]:
    """alpha's English page and card, printed from the translated fixture built with a mkdocs.yml that
    names `REAL`, or no site_url at all: the text of each."""
    root = copy_small_project(tmp_path_factory, tmp_path_factory.mktemp("print-address"), site=True, translated=True)
    config = root / "mkdocs.yml"
    line = f"site_url: {request.param}" if request.param else ""
    config.write_text(SITE_URL_LINE.sub(line, config.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    site = build_site(root, root / "site")
    project = load_project(root).project
    page = browser.new_page()
    try:
        with served(site) as local:
            pdfs = [game_pdf(page, url(local, project, "en", "alpha")) for url in (game_url, card_url)]
    finally:
        page.close()
    game, card = (read_pdf(pdf).text for pdf in pdfs)
    return game, card


def test_a_real_address_prints_short_and_an_unset_one_prints_none(
    printed_copy: tuple[str, str], request: pytest.FixtureRequest
) -> None:
    for printed in printed_copy:
        text = squeezed(printed)
        assert "127.0.0.1" not in text and "localhost" not in text
        if "unset" in request.node.callspec.id:
            assert ADDRESS.findall(text) == []
            continue
        assert "https:" not in text and "http:" not in text
        # The worked example highest-total on the game page, and the card's scoring, cite winner (1.2):
        # each citation is followed by the rule's short address.
        assert f"Alpha1.2<{REAL_PRINTED}/alpha/#winner>" in text, printed
