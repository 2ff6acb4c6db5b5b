"""UI strings from `locales/<lang>/LC_MESSAGES/messages.po`, compiled in memory by Babel.

Reading the PO file directly means a stale `.mo` can never show old words; `pybabel compile`
is still the way to check a catalog (see the README).
"""

from __future__ import annotations

from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

DOMAIN = "messages"


def catalog_path(root: Path, language: str) -> Path:
    return root / "locales" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def ui_translations(root: Path, language: str) -> NullTranslations:
    """The language's UI translations; English (the msgids) when there is no catalog."""
    path = catalog_path(root, language)
    if not path.is_file():
        return NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=language, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def gettext_plural_forms(root: Path, language: str) -> str:
    """The Plural-Forms header gettext tools expect for a language: the one its UI catalog declares
    (French: `nplurals=2; plural=(n > 1);`), else Babel's, which follows CLDR."""
    path = catalog_path(root, language)
    if path.is_file():
        with path.open("rb") as po:
            return read_po(po).plural_forms
    return Catalog(locale=language).plural_forms
