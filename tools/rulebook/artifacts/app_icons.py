"""The web app's PNG icons, drawn from docs/assets/favicon.svg: 192 and 512 px for the manifest
(Chromium and Android install a web app only with a PNG icon), and 180 px for Apple's home
screen (apple-touch-icon, which must be opaque: iOS fills transparency with black).

`make icons` runs this with CairoSVG (the `icons` extra, pinned in constraints.txt). The PNGs are
committed: the SVG's letter is set in the machine's sans-serif font, so another machine draws it a
pixel differently; the tests check that each committed PNG is still the SVG, drawn by Chromium.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rulebook.files.disk import write_atomic_bytes

SOURCE = Path("docs/assets/favicon.svg")
# File name (beside the SVG), size in px, background (None: transparent, as the SVG).
ICONS = (
    ("icon-192.png", 192, None),
    ("icon-512.png", 512, None),
    ("apple-touch-icon.png", 180, "#ffffff"),
)


def draw_icons(svg: Path) -> list[Path]:
    """Each icon of ICONS, written beside the SVG; the files written."""
    import cairosvg  # only `make icons` needs it (pip install -e '.[icons]')

    written = []
    source = svg.read_bytes()
    for name, size, background in ICONS:
        png = cairosvg.svg2png(bytestring=source, output_width=size, output_height=size, background_color=background)
        path = svg.parent / name
        write_atomic_bytes(path, png)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulebook.artifacts.app_icons", description=__doc__.splitlines()[0])
    parser.add_argument("--svg", type=Path, default=SOURCE, help=f"the icon to draw (default: {SOURCE})")
    args = parser.parse_args(argv)
    if not args.svg.is_file():
        parser.exit(2, f"{args.svg}: no such file\n")
    for path in draw_icons(args.svg):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
