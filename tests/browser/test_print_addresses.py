"""Issue 49, point 4: print for paper, read in the PDFs' text. With the repository's `site_url`
(https://rules.example.org/, a placeholder) or none, paper prints no address at all; with a real one,
a short address (no "https://"), resolved against it, never against the local server printed from.
A refused example prints why, without the field path the calculator and developers use."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from authoring import build, copy_whole_project
from browser.test_print_edition import PROJECT, edition, read_pdf  # noqa: F401 (a fixture)
from rulebook.artifacts.print_edition import card_url, game_pdf, game_url, served
from rulebook.located.document import format_path
from rulebook.scoring.situation import Invalid
from rulebook.scoring.worked import worked_outcome

pytestmark = pytest.mark.browser

REAL = "https://Rules.MyGame.org/games/"
# How paper names it: the host in lower case, the path, no scheme, no final slash.
REAL_PRINTED = "rules.mygame.org/games"
SITE_URL_LINE = re.compile(r"^site_url:.*$", re.MULTILINE)
ADDRESS = re.compile(r"https?:|www\.|example\.(org|com|net)|<[^<>]*/[^<>]*>")


def refused_paths() -> set[str]:
    """The field path of each reason of each refused example of the project, as the page writes it."""
    paths = set()
    for game in PROJECT.games:
        for example in game.examples:
            outcome = worked_outcome(game, example, PROJECT.root)
            if isinstance(outcome, Invalid):
                paths |= {format_path(path) for path, _ in outcome.reasons}
                paths |= {format_path(problem.path) for problem in outcome.problems if problem.path is not None}
    return paths


def squeezed(text: str) -> str:
    """Without spaces: a long address or path may break across lines in the PDF's text."""
    return "".join(text.split())


def test_the_project_has_refused_examples_with_field_paths() -> None:
    # The print test below means something only if some example prints a refusal: Rebis 2.3 and 3.1's.
    assert "players.Ann.shelves[0].points" in refused_paths()


def test_a_placeholder_address_prints_no_address_and_no_field_path(edition: tuple[Path, list[Path]]) -> None:  # noqa: F811
    _, written = edition
    paths = refused_paths()
    refusals = 0
    for path in written:
        text = read_pdf(path.read_bytes()).text
        assert ADDRESS.findall(squeezed(text)) == [], path
        # A path of one word ("players") is a word the rules say too; the others are no words.
        printed = [field for field in paths if re.search(r"[.\[]", field) and squeezed(field) in squeezed(text)]
        assert printed == [], path
        refusals += text.count("Refused:") + text.count("Refusé") + text.count("Odmítnuto")
    assert refusals > 0  # and the refusals' words are still there


@pytest.fixture(scope="module", params=[REAL, None], ids=["real", "unset"])
def printed_copy(request: pytest.FixtureRequest, browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The English REBUS page and card of a copy of the project whose mkdocs.yml names `REAL`, or no
    site_url at all, built and printed: their text, one after the other."""
    root = copy_whole_project(tmp_path_factory.mktemp("print-address"))
    config = root / "mkdocs.yml"
    line = f"site_url: {request.param}" if request.param else ""
    config.write_text(SITE_URL_LINE.sub(line, config.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    site = build(root)
    rebus = next(game for game in PROJECT.games if game.id == "rebus")
    page = browser.new_page()
    try:
        with served(site) as local:
            pdfs = [game_pdf(page, url(local, PROJECT, "en", rebus.id)) for url in (game_url, card_url)]
    finally:
        page.close()
    return "\n".join(read_pdf(pdf).text for pdf in pdfs)


def test_a_real_address_prints_short_and_an_unset_one_prints_none(printed_copy: str, request: pytest.FixtureRequest):
    text = squeezed(printed_copy)
    rebus = next(game for game in PROJECT.games if game.id == "rebus")
    assert "127.0.0.1" not in text and "localhost" not in text
    if "unset" in request.node.callspec.id:
        assert ADDRESS.findall(text) == []
        return
    assert "https:" not in text and "http:" not in text
    # Each example cites its rules; each citation is followed by the rule's short address.
    cited = {rule for example in rebus.examples for rule in example.rules}
    assert cited
    for rule in cited:
        assert f"<{REAL_PRINTED}/rebus/#{rule}>" in text, rule
