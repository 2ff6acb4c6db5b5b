"""The reviewers' contact sheet: every glossary picture at tile size with its id, as one PNG.

It is written to contact-sheet/ (git-ignored), never into the site: a reviewer opens it to judge
whether each picture still reads at the size a player sees on a tile.
"""

from __future__ import annotations

import html
import struct

import pytest
from playwright.sync_api import Page

from conftest import ROOT
from rulebook.load.project import load_project
from rulebook.markup.icons import inline_svg

pytestmark = pytest.mark.browser

SHEET = ROOT / "contact-sheet" / "glossary-tiles.png"
TILE_PX = 32  # the picture inside a tile on the site (glossary.css: .rb-tile svg)

_STYLE = f"""
body {{ margin: 12px; font: 11px sans-serif; color: #000; background: #fff; }}
main {{ display: grid; grid-template-columns: repeat(8, 96px); gap: 10px 8px; }}
figure {{ margin: 0; text-align: center; }}
.tile {{ display: inline-flex; align-items: center; justify-content: center; width: {TILE_PX + 4}px;
  height: {TILE_PX + 4}px; border: 1px solid #888; border-radius: 3px; }}
svg {{ width: {TILE_PX}px; height: {TILE_PX}px; fill: currentColor; }}
figcaption {{ margin-top: 3px; }}
"""


def contact_sheet_html() -> str:
    symbols = load_project(ROOT).project.glossary.symbols
    cells = "".join(
        f'<figure><span class="tile">{inline_svg(s.icon, ROOT)}</span>'
        f"<figcaption>{html.escape(s.id)}</figcaption></figure>"
        for s in symbols
    )
    return f"<!doctype html><html><head><style>{_STYLE}</style></head><body><main>{cells}</main></body></html>"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_contact_sheet_shows_every_picture_at_tile_size(page: Page) -> None:
    page.set_viewport_size({"width": 8 * 104 + 24, "height": 600})
    page.set_content(contact_sheet_html())
    sizes = page.eval_on_selector_all("figure svg", "svgs => svgs.map(s => s.getBoundingClientRect().width)")
    captions = page.eval_on_selector_all("figcaption", "c => c.map(e => e.textContent)")
    assert len(sizes) == 76 and set(sizes) == {TILE_PX}
    assert captions[:2] == ["eye", "ewe"] and len(set(captions)) == 76
    SHEET.parent.mkdir(exist_ok=True)
    SHEET.write_bytes(page.screenshot(full_page=True))
    width, height = png_size(SHEET.read_bytes())
    assert width >= 8 * 96 and height >= 10 * (TILE_PX + 4)  # 76 pictures: 10 rows of 8
