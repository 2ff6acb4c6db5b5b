"""The pictures of the glossary: icons that ship inside the installed mkdocs-material, and the few
the project draws itself (`project/<name>`, glossary/pictures/<name>.svg) where none fits.

Layering: in render/, beside the sanitizer every drawn picture passes; validate/glossary.py, above,
asks it whether an icon exists (tests/test_layers.py)."""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path

from rulebook.files import inside_project
from rulebook.render.sanitizer import PICTURE_ALLOWED, sanitize

_SVG_OPEN = re.compile(r"<svg\b")
PROJECT_SET = "project/"  # the icon set of pictures drawn for the project
PICTURES_FOLDER = "glossary/pictures"
MAX_PICTURE_BYTES = 64 * 1024  # a drawn icon is a few paths; `rulebook check` refuses more


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
            return _hidden('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"></svg>')
        return _hidden(sanitize(file.read_text(encoding="utf-8").strip(), PICTURE_ALLOWED))
    return _theme_svg(icon)


@cache
def _theme_svg(icon: str) -> str:
    return _hidden(icon_file(icon, Path()).read_text(encoding="utf-8").strip())


def _hidden(svg: str) -> str:
    return _SVG_OPEN.sub('<svg aria-hidden="true" focusable="false"', svg, count=1)
