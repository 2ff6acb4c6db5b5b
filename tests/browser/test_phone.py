"""Small things on a phone, in Chromium at 360 px (issue 28): Material's "Back to top" button never
covers one of the calculator's controls, wherever a reader scrolls them; and each tile of a "Not
allowed" counter-example is struck through on its own, so that a row wrapped over two lines is
struck on both, never in the gap between them. What is checked is what the screen shows: the
element at each point (elementFromPoint) and the pixels of a screenshot.

The toolkit's behaviour is driven on a site of the fixture games (conftest.fixture_site)
whose alpha also draws a counter-example of nine tiles under its rule 2.1 (COUNTER_EXAMPLE); the real
site is swept by content tests naming no game: every game's calculator, every "Not allowed" row."""

from __future__ import annotations

import base64
import itertools
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from browser.conftest import BuiltSiteHandler, serve
from conftest import ROOT, build_site, edit, made_once
from rulebook.artifacts.print_edition import game_url
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
PHONE = {"width": 360, "height": 740}
OVERSHOOT = 240  # how far past the control the reader scrolls before scrolling back up
FIXTURE_LANGUAGES = ("en", "fr", "cs")
# A row of nine tiles (alpha's hand, components.rack_tiles, from the glossary it was given), six
# pictures and three letters, drawn as not allowed under alpha's rule 2.1: at 360 px it cannot fit
# on one line.
COUNTER_EXAMPLE = """illustrations:
  - rule: draw
    tiles: [eye, saw, A, man, woman, A, N, D, baby]
    reads: I saw a man, a woman and a baby.
    counter_example: true
"""


def make_struck_site(fixture: Path, root: Path) -> None:
    """The fixture site's project at `fixture` (conftest.fixture_site) with COUNTER_EXAMPLE, built into root/site."""
    shutil.copytree(fixture, root, dirs_exist_ok=True, ignore=shutil.ignore_patterns("site"))
    edit(root, "rules/alpha/game.yaml", "\nexamples:\n", f"\n{COUNTER_EXAMPLE}examples:\n")
    build_site(root, root / "site")


@pytest.fixture(scope="module")
def fixture_phone_url(tmp_path_factory: pytest.TempPathFactory, fixture_site: Path) -> Iterator[str]:
    """The fixture site with alpha's counter-example, served (made once a run)."""
    fixture = fixture_site.parent  # the project the fixture site was built from
    site = made_once(tmp_path_factory, "struck-site", lambda root: make_struck_site(fixture, root)) / "site"
    yield from serve(site, BuiltSiteHandler)


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def scroll_back_up_to(page: Page, y: float) -> None:
    """To scrollY = y as a reader gets there: past it, then the wheel back up, which is what makes
    Material show its "Back to top" button."""
    page.evaluate("y => window.scrollTo(0, y)", y + OVERSHOOT)
    page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    page.mouse.wheel(0, -OVERSHOOT)
    page.wait_for_function("y => Math.abs(window.scrollY - y) < 2", arg=y)


# The points across a control's middle line, and whether the element under each is the control.
UNDER_THE_FINGER = """control => {
  const box = control.getBoundingClientRect();
  const y = box.top + box.height / 2;
  const hits = [];
  for (let x = box.left + 2; x <= box.right - 2; x += 4) {
    const element = document.elementFromPoint(x, y);
    hits.push([Math.round(x), control.contains(element) || (element !== null && element.control === control)]);
  }
  return hits;
}"""


def controls_covered(phone: Page) -> tuple[list[tuple[str, list[int]]], int]:
    """The page's calculator controls that the "Back to top" button covers when the reader scrolls
    back up to them, with the points covered; and how many controls were tried."""
    controls = phone.locator(".rb-calculator :is(button, input, select, textarea)")
    visible = [controls.nth(i) for i in range(controls.count()) if controls.nth(i).is_visible()]
    top = phone.locator(".md-top")
    covered, tried = [], 0
    for control in visible:
        # The worst place: the control's middle at the height of the button's middle.
        button = top.bounding_box()
        box = control.bounding_box()
        assert button is not None and box is not None
        scroll_y = phone.evaluate("() => window.scrollY")
        target = scroll_y + box["y"] + box["height"] / 2 - (button["y"] + button["height"] / 2)
        if target < OVERSHOOT:
            continue  # too near the page's top to scroll back up to
        tried += 1
        scroll_back_up_to(phone, target)
        phone.wait_for_selector(".md-top:not([hidden])")
        button = top.bounding_box()
        box = control.bounding_box()
        assert button is not None and box is not None
        assert box["y"] < button["y"] + button["height"] and button["y"] < box["y"] + box["height"]
        blocked = [x for x, hit in control.evaluate(UNDER_THE_FINGER) if not hit]
        if blocked:
            covered.append((control.evaluate("c => c.outerHTML.slice(0, 80)"), blocked))
    return covered, tried


@pytest.mark.parametrize("language", FIXTURE_LANGUAGES)
def test_back_to_top_never_covers_a_control_of_the_calculator(
    phone: Page, fixture_phone_url: str, language: str
) -> None:
    """alpha's calculator (3 rounds, 2 players to start with, players.min): for each player its name, its
    3 rounds' points and "Remove this player", then "Add a player" and "Score": 2 × 5 + 2 = 12 controls."""
    root = f"{fixture_phone_url}/" if language == "en" else f"{fixture_phone_url}/{language}/"
    phone.goto(f"{root}alpha/#calculator", wait_until="networkidle")
    assert controls_covered(phone) == ([], 12)


@pytest.mark.parametrize(
    ("language", "game"),
    [(language, game.id) for language in ("en", "cs") for game in PROJECT.games],  # Czech: the longest words
)
def test_back_to_top_never_covers_a_control_of_a_real_calculator(
    phone: Page, site_url: str, language: str, game: str
) -> None:
    """Content: the calculator of every game of rules/project.yaml, whose form is its own."""
    phone.goto(game_url(site_url, PROJECT, language, game) + "#calculator", wait_until="networkidle")
    covered, tried = controls_covered(phone)
    assert covered == [] and tried >= 3


def is_red(pixel: list[int]) -> bool:
    """The strike's red (#c62828, at the tiles' 0.7 opacity on white), not the tiles' black or grey."""
    red, green, blue = pixel[:3]
    return red - green >= 70 and red - blue >= 70


def pixels(page: Page, png: bytes, points: list[tuple[int, int]]) -> list[list[int]]:
    """The RGBA of a screenshot at these points, read by the browser's own PNG decoder."""
    decoder = page.context.new_page()
    try:
        return decoder.evaluate(
            """async ([data, points]) => {
              const image = new Image();
              image.src = "data:image/png;base64," + data;
              await image.decode();
              const canvas = document.createElement("canvas");
              canvas.width = image.width;
              canvas.height = image.height;
              const context = canvas.getContext("2d");
              context.drawImage(image, 0, 0);
              return points.map(([x, y]) => Array.from(context.getImageData(x, y, 1, 1).data));
            }""",
            [base64.b64encode(png).decode("ascii"), points],
        )
    finally:
        decoder.close()


def not_allowed_rows(phone: Page) -> tuple[int, int]:
    """On the page open: each "Not allowed" row's tiles are each struck through (some red down the
    middle of every tile) and no red lies in the gap between two of its lines; how many rows, and
    how many of them wrap."""
    blocks = phone.locator(".rb-tiles--not-allowed")
    wrapped = 0
    for index in range(blocks.count()):
        block = blocks.nth(index)
        block.scroll_into_view_if_needed()
        tiles = block.evaluate(
            """b => Array.from(b.querySelectorAll(".rb-tile"), t => {
              const r = t.getBoundingClientRect();
              return [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)];
            })"""
        )
        rows = sorted({top for _, top, _, _ in tiles})
        wrapped += len(rows) > 1
        png = phone.screenshot()
        # Down the middle of each tile: some red.
        columns = [[((left + right) // 2, y) for y in range(top + 1, bottom - 1)] for left, top, right, bottom in tiles]
        colours = pixels(phone, png, [point for column in columns for point in column])
        struck, at = [], 0
        for column in columns:
            struck.append(any(is_red(pixel) for pixel in colours[at : at + len(column)]))
            at += len(column)
        assert all(struck), (index, tiles, struck)
        # In the gap between two rows, across the block: no red.
        bottoms = {top: max(b for _, t, _, b in tiles if t == top) for top in rows}
        left, right = min(t[0] for t in tiles), max(t[2] for t in tiles)
        gaps = [
            (x, y)
            for upper, lower in itertools.pairwise(rows)
            for y in range(bottoms[upper], lower)
            for x in range(left, right, 2)
        ]
        assert not any(is_red(pixel) for pixel in pixels(phone, png, gaps)), index
    return blocks.count(), wrapped


@pytest.mark.parametrize("language", FIXTURE_LANGUAGES)
def test_each_not_allowed_tile_is_struck_through_even_when_the_row_wraps(
    phone: Page, fixture_phone_url: str, language: str
) -> None:
    """alpha's one counter-example, nine tiles (COUNTER_EXAMPLE), wraps at 360 px: the case of the issue."""
    root = f"{fixture_phone_url}/" if language == "en" else f"{fixture_phone_url}/{language}/"
    phone.goto(f"{root}alpha/", wait_until="networkidle")
    assert phone.locator("#draw .rb-tiles--not-allowed .rb-tile").count() == 9
    assert not_allowed_rows(phone) == (1, 1)


@pytest.mark.parametrize("language", PROJECT.languages)
def test_each_real_not_allowed_tile_is_struck_through(phone: Page, site_url: str, language: str) -> None:
    """Content: every "Not allowed" row on the pages of the games of rules/project.yaml, wrapped or not."""
    for game in PROJECT.games:
        phone.goto(game_url(site_url, PROJECT, language, game.id), wait_until="networkidle")
        not_allowed_rows(phone)
