"""UI strings from `locales/<lang>/LC_MESSAGES/messages.po`, compiled in memory by Babel.

Reading the PO file directly means a stale `.mo` can never show old words; `pybabel compile`
is still the way to check a catalog (guide/translating.md, "UI strings"). The file is read through
rulebook.i18n.ui_catalog, which refuses links out of the project and leaves out every translation
`rulebook check` refuses.
"""

from __future__ import annotations

from functools import lru_cache
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations

from rulebook.i18n.ui_catalog import DOMAIN, UiCatalog, catalog_path, read_ui_catalog

__all__ = ["DOMAIN", "catalog_path", "gettext_plural_forms", "ui_translations"]


def ui_translations(root: Path, language: str) -> NullTranslations:
    """The language's UI translations; English (the msgids) when there is no catalog, or none that
    can be read, and for each translation with a problem."""
    catalog = read_ui_catalog(root, language)
    if catalog is None or catalog.header is None:
        return NullTranslations()
    return _compiled(catalog, language)


@lru_cache(maxsize=64)
def _compiled(catalog: UiCatalog, language: str) -> Translations:
    usable = Catalog(locale=language, domain=DOMAIN)
    usable.mime_headers = [("Plural-Forms", catalog.header.plural_forms)] if catalog.header else []
    for entry in catalog.usable():
        usable.add(entry.msgid, entry.string, context=entry.context, flags=("fuzzy",) if entry.fuzzy else ())
    compiled = BytesIO()
    write_mo(compiled, usable)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def gettext_plural_forms(root: Path, language: str) -> str:
    """The Plural-Forms header gettext tools expect for a language: the one its UI catalog declares
    (French: `nplurals=2; plural=(n > 1);`), else Babel's, which follows CLDR."""
    catalog = read_ui_catalog(root, language)
    if catalog is not None and catalog.header is not None:
        return catalog.header.plural_forms
    return Catalog(locale=language).plural_forms
