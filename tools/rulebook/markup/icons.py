"""The pictures of the glossary: icons that ship inside the installed mkdocs-material, and the few
the project draws itself (`project/<name>`, glossary/pictures/<name>.svg) where none fits.

Layering: in markup/, beside the sanitizer every drawn picture passes; validate/glossary.py asks it
whether an icon exists, render/glossary.py draws it (tests/test_layers.py)."""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from rulebook.files.disk import inside_project
from rulebook.markup.sanitizer import PICTURE_ALLOWED, sanitize

_SVG_OPEN = re.compile(r"<svg\b")
PROJECT_SET = "project/"  # the icon set of pictures drawn for the project
PICTURES_FOLDER = "glossary/pictures"
MAX_PICTURE_BYTES = 64 * 1024  # a drawn icon is a few paths; `rulebook check` refuses more
# Within its bytes, a picture of 5,900 nested <svg> took a build from 4 s to 34 s: Material's search
# indexer does work for each element in proportion to its depth. The real pictures nest 2 deep (an
# <svg> of <path>s) and hold 8 elements at most; the bounds leave 4 and 32 times that. `make fuzz`
# times a build of the worst picture they accept (tests/test_fuzz_pictures.py).
MAX_PICTURE_DEPTH = 8
MAX_PICTURE_ELEMENTS = 256


@cache
def icons_folder() -> Path:
    """mkdocs-material's bundled icon sets (.icons), where the theme itself finds them. Found, not
    imported: the pictures are data, and render/ runs no engine code (tests/test_engine_boundary.py)."""
    spec = importlib.util.find_spec("material")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("mkdocs-material is not installed: the glossary's pictures are its icons")
    return Path(spec.submodule_search_locations[0]) / "templates" / ".icons"


def is_drawn(icon: str) -> bool:
    """A picture drawn for the project, not one of the theme's icons."""
    return icon.startswith(PROJECT_SET)


def icon_file(icon: str, root: Path) -> Path:
    """`material/eye` → …/.icons/material/eye.svg; `project/bee` → <root>/glossary/pictures/bee.svg"""
    if is_drawn(icon):
        return root / PICTURES_FOLDER / f"{icon.removeprefix(PROJECT_SET)}.svg"
    return icons_folder() / f"{icon}.svg"


def inline_svg(icon: str, root: Path) -> str:
    """The icon as inline SVG, hidden from screen readers (the text next to it names it). A drawn
    picture passes the picture allowlist on its way: only its shapes reach a page."""
    if is_drawn(icon):
        file = icon_file(icon, root)
        # Never a file outside the project, nor a huge one (`rulebook check` reports both).
        if not inside_project(file, root) or file.stat().st_size > MAX_PICTURE_BYTES:
            return _EMPTY
        text = file.read_text(encoding="utf-8").strip()
        return _EMPTY if overgrowth(text) else _hidden(sanitize(text, PICTURE_ALLOWED))
    return _theme_svg(icon)


@cache
def _theme_svg(icon: str) -> str:
    return _hidden(icon_file(icon, Path()).read_text(encoding="utf-8").strip())


def _hidden(svg: str) -> str:
    return _SVG_OPEN.sub('<svg aria-hidden="true" focusable="false"', svg, count=1)


_EMPTY = _hidden('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"></svg>')


@dataclass(frozen=True)
class Overgrowth:
    """The first element of a picture past one of its bounds: `bound` is "depth" or "elements"."""

    bound: str
    limit: int
    line: int
    column: int


def overgrowth(svg: str) -> Overgrowth | None:
    """The first element that nests a picture deeper than MAX_PICTURE_DEPTH or makes it more than
    MAX_PICTURE_ELEMENTS, at its 1-based line and column; None for a picture within both. Elements
    nest as a browser reads them: an unclosed `<path>` holds what follows it.

    >>> overgrowth('<svg viewBox="0 0 24 24"><path d="M1 1h2"/><path d="M3 3h2"></path></svg>') is None
    True
    >>> overgrowth("<svg>" * 9)
    Overgrowth(bound='depth', limit=8, line=1, column=41)
    >>> overgrowth("<svg>" + "<path/>" * 256)
    Overgrowth(bound='elements', limit=256, line=1, column=1791)
    """
    counter = _Counter()
    try:
        counter.feed(svg)
        counter.close()
    except _Past as past:
        return past.overgrowth
    return None


class _Past(Exception):
    def __init__(self, overgrowth: Overgrowth):
        self.overgrowth = overgrowth


class _Counter(HTMLParser):
    """Counts elements and their depth as they open; stops at the first past a bound."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.elements = 0

    def _opened(self, *, holds: bool, tag: str) -> None:
        self.elements += 1
        line, offset = self.getpos()
        if len(self.open) + 1 > MAX_PICTURE_DEPTH:
            raise _Past(Overgrowth("depth", MAX_PICTURE_DEPTH, line, offset + 1))
        if self.elements > MAX_PICTURE_ELEMENTS:
            raise _Past(Overgrowth("elements", MAX_PICTURE_ELEMENTS, line, offset + 1))
        if holds:
            self.open.append(tag)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self._opened(holds=True, tag=tag)

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        self._opened(holds=False, tag=tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:  # closes it and whatever it still held open
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag) :]
