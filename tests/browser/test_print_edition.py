"""The print edition, printed by Chromium as `make print` prints it: REBUS on 5 A4 pages or fewer,
every rule number on paper, and no address of the local server it was printed from (nor of a
placeholder site_url: tests/browser/test_print_addresses.py), no navigation, examples kept whole;
the body at 10 pt or more and headings that stand out, measured in the PDFs; no developer's
command; each game's card on one page."""

from __future__ import annotations

import io
import json
import math
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from pypdf import PdfReader

from conftest import ROOT, made_once
from rulebook.addresses.site_url import configured_site_url
from rulebook.artifacts.print_edition import card_url, game_url, print_games, served
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
REBUS = next(game for game in PROJECT.games if game.id == "rebus")
MOST_A4_PAGES = 5  # issue 12: REBUS took 8
PUBLIC = configured_site_url(ROOT)  # mkdocs.yml's site_url, which the built site's canonical links name
LOCAL = ("127.0.0.1", "localhost")
SMALLEST_BODY_PT = 10.0  # issue 28: Material prints its body at 8.6 pt
HEADING_OVER_BODY = 1.15  # a heading's size at least this times the body's
DEVELOPER_COMMAND = "rulebook score"  # what every example printed after it (issue 28)
# The edition on every card, by hand: the latest, the corrections 1.0.1 of 2026-12-05
# (rules/*/editions.yaml), in each language.
CARD_EDITION = {
    "en": "Edition 1.0.1 · December 5, 2026",
    "fr": "Édition 1.0.1 · 5 décembre 2026",
    "cs": "Vydání 1.0.1 · 5. prosince 2026",
}


@dataclass(frozen=True)
class Printed:
    """What a PDF holds, read in one pass of pypdf (pure Python: reading the 18 PDFs twice, once
    for the text and once for the runs, was most of a test's 19 busy core-seconds)."""

    pages: int
    text: str
    runs: list[tuple[str, float, str]]  # each run of text with its size as printed, in points, and its font


@cache
def read_pdf(pdf: bytes) -> Printed:
    """The PDF's pages, text, and runs. A run's size is the font size of the Tf operator scaled by
    the text matrix and the current transformation (Chromium prints at size 1 and scales by the
    matrix, or the other way round)."""

    def scale(matrix: list[float]) -> float:
        return math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))

    reader = PdfReader(io.BytesIO(pdf))
    runs: list[tuple[str, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: dict | None, size: float) -> None:
        if text.strip():
            runs.append((" ".join(text.split()), size * scale(tm) * scale(cm), str((font or {}).get("/BaseFont", ""))))

    text = "\n".join(page.extract_text(visitor_text=visit) for page in reader.pages)
    return Printed(len(reader.pages), text, runs)


def body_size(runs: list[tuple[str, float, str]]) -> float:
    """The size most of the characters are printed at: the body text's."""
    characters: Counter[float] = Counter()
    for text, size, _ in runs:
        characters[round(size, 1)] += len(text)
    return characters.most_common(1)[0][0]


@pytest.fixture(scope="session")
def edition(browser: Browser, clean_site: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """What `make print` writes (print_games, in the session's browser; write_edition launches its
    own), printed once for the run and read by every test here: each printed REBUS's game page and
    card again, 9 of the 27 prints. The folder printed into, and the files print_games wrote."""

    def make(folder: Path) -> None:
        with served(clean_site) as site_url:
            written = print_games(browser, site_url, PROJECT, folder / "print")
        listed = [path.relative_to(folder).as_posix() for path in written]
        (folder / "written.json").write_text(json.dumps(listed), encoding="utf-8")

    folder = made_once(tmp_path_factory, "print-edition", make)
    listed = json.loads((folder / "written.json").read_text(encoding="utf-8"))
    return folder / "print", [folder / path for path in listed]


def edition_pdf(edition: tuple[Path, list[Path]], language: str, name: str) -> bytes:
    """The PDF <language>/<name> that `make print` wrote (A4)."""
    out, written = edition
    assert out / language / name in written
    return (out / language / name).read_bytes()


@pytest.mark.parametrize("language", PROJECT.languages)
def test_rebus_prints_on_five_a4_pages_with_every_rule_number(edition: tuple[Path, list[Path]], language: str) -> None:
    printed = read_pdf(edition_pdf(edition, language, f"{REBUS.id}.pdf"))
    pages, text = printed.pages, printed.text
    assert pages <= MOST_A4_PAGES
    missing = [rule.number for rule in REBUS.rules() if rule.number not in text]
    assert missing == []
    # mkdocs.yml's site_url is a placeholder: the citations print no address of it (issue 49; a real
    # one prints short, tests/browser/test_print_addresses.py).
    assert PUBLIC.split("/")[2] not in "".join(text.split())


@pytest.mark.parametrize("language", PROJECT.languages)
def test_paper_shows_the_rules_without_navigation_and_keeps_examples_whole(
    page: Page, site_url: str, language: str
) -> None:
    page.goto(game_url(site_url, PROJECT, language, REBUS.id))
    page.emulate_media(media="print")
    for chrome in (".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer", ".md-search"):
        assert not page.locator(chrome).first.is_visible(), chrome
    assert page.locator(".rb-card--folded").is_hidden()
    assert page.locator(".rb-rule__number").first.is_visible()
    breaks = page.eval_on_selector_all(".rb-example", "blocks => blocks.map(b => getComputedStyle(b).breakInside)")
    assert breaks and set(breaks) == {"avoid"}


def test_make_print_writes_one_pdf_per_game_and_language(edition: tuple[Path, list[Path]]) -> None:
    out, written = edition
    expected = {
        out / language / f"{game.id}{kind}.pdf"
        for language in PROJECT.languages
        for game in PROJECT.games
        for kind in ("", "-card")
    }
    assert set(written) == expected
    for path in written:
        pdf = path.read_bytes()
        printed = read_pdf(pdf)
        pages, text = printed.pages, printed.text
        game = next(game for game in PROJECT.games if path.stem in (game.id, f"{game.id}-card"))
        if path.stem.endswith("-card"):
            # A card is what a referee keeps at the table: one sheet, citing the rules where they stand.
            assert pages == 1, path
            assert game.name in text, path
            # and says the edition it quotes, dated in its language (issue 46), spaces aside.
            assert "".join(CARD_EDITION[path.parent.name].split()) in "".join(text.split()), path
        else:
            assert pages >= 1 and game.rules()[-1].number in text, path
        # Each printed 24 to 56 addresses of the local server it was printed from.
        assert [word for word in LOCAL if word in text] == [], path
        assert DEVELOPER_COMMAND not in text, path
        assert body_size(printed.runs) >= SMALLEST_BODY_PT, path


def printed_headings(page: Page) -> list[str]:
    """The page's headings as paper shows them (print media: no anchor marks, nothing hidden)."""
    page.emulate_media(media="print")
    texts = page.eval_on_selector_all(
        ".md-content article :is(h1, h2, h3, .rb-card__heading)",
        "hs => hs.filter(h => h.checkVisibility()).map(h => h.innerText.split(/\\s+/).join(' ').trim())",
    )
    page.emulate_media(media="null")  # as it was: page.pdf() prints a page emulating "screen" with screen styles
    return texts


@pytest.mark.parametrize("door", ["game", "card"])
@pytest.mark.parametrize("language", PROJECT.languages)
def test_paper_prints_the_body_at_ten_points_and_headings_larger_bold_and_black(
    page: Page, site_url: str, edition: tuple[Path, list[Path]], language: str, door: str
) -> None:
    url = (game_url if door == "game" else card_url)(site_url, PROJECT, language, REBUS.id)
    page.goto(url, wait_until="networkidle")
    headings = printed_headings(page)
    runs = read_pdf(edition_pdf(edition, language, f"{REBUS.id}{'' if door == 'game' else '-card'}.pdf")).runs
    body = body_size(runs)
    assert body >= SMALLEST_BODY_PT
    assert len(headings) >= (5 if door == "game" else 3)
    for heading in headings:
        printed = [(size, font) for text, size, font in runs if text == heading]
        assert printed, f"{heading!r} is not on paper as one run"
        assert min(size for size, _ in printed) >= body * HEADING_OVER_BODY, heading
        assert all("Bold" in font for _, font in printed), (heading, printed)
    page.emulate_media(media="print")
    colours = page.eval_on_selector_all(
        ".md-content article :is(h1, h2, h3)", "hs => hs.map(h => getComputedStyle(h).color)"
    )
    assert set(colours) == {"rgb(0, 0, 0)"}
