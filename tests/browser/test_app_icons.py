"""The web app's PNG icons (issue 28): the manifests name a 192 and a 512 px PNG besides the SVG,
each page names Apple's 180 px apple-touch-icon, every one of them is in the built site at the size
it claims and in the offline copy's list, and each committed PNG is still favicon.svg: drawn again
by Chromium at the same size, its square is the same (another colour or corner fails) and its
letter carries about as much ink (CairoSVG sets it in DejaVu Sans, Chromium in Liberation Sans, so
the letter is not compared pixel by pixel: another letter of the same weight would pass)."""

from __future__ import annotations

import base64
import json
import struct
from pathlib import Path

import pytest
from playwright.sync_api import Page

from conftest import ROOT
from rulebook.artifacts.app_icons import ICONS
from rulebook.website.precache import PRECACHE_FILE

pytestmark = pytest.mark.browser

DOCS = ROOT / "docs"
SVG = DOCS / "assets" / "favicon.svg"
MANIFESTS = (DOCS / "manifest.webmanifest", ROOT / "tools" / "rulebook" / "website" / "theme" / "manifest.webmanifest")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
OPAQUE_COLOUR_TYPES = {0, 2}  # grey or RGB, without alpha
LETTER_BOX = (0.25, 0.25, 0.75, 0.75)  # of the picture: where favicon.svg sets its letter
MOST_MEAN_DIFFERENCE = 1.0  # of 255, per channel, outside that box
INK_RATIO = (0.85, 1.45)  # the letter's light pixels, PNG to SVG (DejaVu's bold is 1.2 of Liberation's)


def png_header(data: bytes) -> tuple[int, int, int]:
    """Width, height and colour type, from the PNG's IHDR chunk."""
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height, data[25]


@pytest.mark.parametrize("manifest", MANIFESTS, ids=["docs", "theme"])
def test_the_manifest_names_png_icons_of_192_and_512_px_at_their_real_size(manifest: Path) -> None:
    icons = json.loads(manifest.read_text(encoding="utf-8"))["icons"]
    pngs = [icon for icon in icons if icon["type"] == "image/png"]
    assert {icon["sizes"] for icon in pngs} == {"192x192", "512x512"}
    for icon in pngs:
        width, height, _ = png_header((DOCS / icon["src"]).read_bytes())
        assert f"{width}x{height}" == icon["sizes"], icon["src"]


def test_the_built_site_serves_every_icon_and_lists_it_for_offline_use(page: Page, fixture_url: str) -> None:
    """The fixture site (conftest.fixture_site), built with the project's mkdocs.yml and assets."""
    precached = json.loads(page.request.get(f"{fixture_url}/{PRECACHE_FILE}").text())["files"]
    manifest = page.request.get(f"{fixture_url}/manifest.webmanifest").json()
    assert {icon["type"] for icon in manifest["icons"]} >= {"image/png", "image/svg+xml"}
    for icon in manifest["icons"]:
        assert page.request.get(f"{fixture_url}/{icon['src']}").ok, icon["src"]
        assert icon["src"] in precached, icon["src"]
    for path in ("/alpha/", "/fr/alpha/", "/cs/beta/", "/fr/glossary/", "/cs/404.html"):
        page.goto(f"{fixture_url}{path}")
        href = page.eval_on_selector('link[rel="apple-touch-icon"]', "link => link.href")
        response = page.request.get(href)
        assert response.ok, href
        width, height, colour_type = png_header(response.body())
        assert (width, height) == (180, 180) and colour_type in OPAQUE_COLOUR_TYPES, href
        assert href.removeprefix(f"{fixture_url}/") in precached


# The PNG beside the SVG drawn at the PNG's size: the mean difference per channel outside the
# letter's box (the square, its colour, corners and margin), and the share of light pixels inside it
# in each (the letter's ink: CairoSVG and Chromium set it in different fonts, so not pixel by pixel).
COMPARE = """async ([svg, png, size, background, box]) => {
  const picture = async (source) => {
    const image = new Image(size, size);
    image.src = source;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size;
    const context = canvas.getContext("2d");
    if (background) { context.fillStyle = background; context.fillRect(0, 0, size, size); }
    context.drawImage(image, 0, 0, size, size);
    return context.getImageData(0, 0, size, size).data;
  };
  const drawn = await picture("data:image/svg+xml;base64," + svg);
  const committed = await picture("data:image/png;base64," + png);
  const [left, top, right, bottom] = box.map((edge) => Math.round(edge * size));
  let outside = 0, count = 0, lightDrawn = 0, lightCommitted = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = 4 * (y * size + x);
      if (x >= left && x < right && y >= top && y < bottom) {
        lightDrawn += drawn[i] > 200 && drawn[i + 2] > 200;
        lightCommitted += committed[i] > 200 && committed[i + 2] > 200;
      } else {
        for (let c = 0; c < 4; c++) outside += Math.abs(drawn[i + c] - committed[i + c]);
        count += 4;
      }
    }
  }
  return [outside / count, lightCommitted / Math.max(lightDrawn, 1)];
}"""


@pytest.mark.parametrize(("name", "size", "background"), ICONS, ids=[name for name, _, _ in ICONS])
def test_each_committed_png_is_the_favicon_drawn_at_its_size(
    page: Page, name: str, size: int, background: str | None
) -> None:
    png = (SVG.parent / name).read_bytes()
    assert png_header(png)[:2] == (size, size)
    encoded = [base64.b64encode(data).decode("ascii") for data in (SVG.read_bytes(), png)]
    difference, ink = page.evaluate(COMPARE, [*encoded, size, background, LETTER_BOX])
    assert difference <= MOST_MEAN_DIFFERENCE
    assert INK_RATIO[0] <= ink <= INK_RATIO[1]
