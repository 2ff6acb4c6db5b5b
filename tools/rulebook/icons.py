"""The pictures of the glossary: icons that ship inside the installed mkdocs-material."""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path

_SVG_OPEN = re.compile(r"<svg\b")


@cache
def icons_folder() -> Path:
    """mkdocs-material's bundled icon sets (.icons), where the theme itself finds them. Found, not
    imported: the pictures are data, and render/ runs no engine code (tests/test_engine_boundary.py)."""
    spec = importlib.util.find_spec("material")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("mkdocs-material is not installed: the glossary's pictures are its icons")
    return Path(spec.submodule_search_locations[0]) / "templates" / ".icons"


def icon_file(icon: str) -> Path:
    """`material/eye` → …/.icons/material/eye.svg"""
    return icons_folder() / f"{icon}.svg"


@cache
def inline_svg(icon: str) -> str:
    """The icon as inline SVG, hidden from screen readers (the text next to it names it)."""
    svg = icon_file(icon).read_text(encoding="utf-8").strip()
    return _SVG_OPEN.sub('<svg aria-hidden="true" focusable="false"', svg, count=1)
