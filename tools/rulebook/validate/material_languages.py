"""The languages Material for MkDocs has its own words in (search box, navigation labels): one
template each, partials/languages/<code>.html. A site language without one cannot be built unless
the theme is told which of Material's languages to use (`theme: {language: …}` in its i18n entry).

Layering: in validate/, which checks mkdocs.yml's languages with it; authoring/, above, picks a
new language's theme language with it (tests/test_layers.py)."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

from babel.core import LOCALE_ALIASES


def material_templates() -> Path:
    """The installed Material theme's folder, found without importing it: `rulebook finish` reads
    the theme's templates where no engine may be loaded (tests/test_engine_boundary.py)."""
    spec = importlib.util.find_spec("material")
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError("No module named 'material'", name="material")
    return Path(spec.origin).parent / "templates"


@cache
def material_languages() -> frozenset[str]:
    folder = material_templates() / "partials" / "languages"
    return frozenset(path.stem for path in folder.glob("*.html"))


def theme_language(code: str) -> str:
    """Material's language for a site language: its own, else the one CLDR takes it for
    (Norwegian `no` is written in Bokmål, `nb`), else English.

    >>> theme_language("fr"), theme_language("no"), theme_language("zu")
    ('fr', 'nb', 'en')
    """
    if code in material_languages():
        return code
    alias = LOCALE_ALIASES.get(code, "").split("_")[0]
    return alias if alias in material_languages() else "en"
