"""The toolkit's own UI catalogs (locales/): gettext's Plural-Forms, no template placeholders in
the headers, context for one-word strings, French headings that agree (issue 10, parts 4 and 7)."""

from __future__ import annotations

import os
import subprocess

import polib
import pytest
from babel import Locale

from conftest import ROOT
from rulebook.i18n.plural_forms import same_plural_forms
from rulebook.i18n.ui import catalog_path, ui_translations

LANGUAGES = ("fr", "cs")


def catalog(language: str) -> polib.POFile:
    return polib.pofile(str(catalog_path(ROOT, language)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_passes_msgfmt_check_and_has_no_template_placeholders(language: str) -> None:
    path = catalog_path(ROOT, language)
    result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr, result.stderr  # msgfmt warns of header fields left at their defaults
    text = path.read_text(encoding="utf-8")
    for placeholder in ("EMAIL@ADDRESS", "LL@li.org", "FULL NAME", "FIRST AUTHOR"):
        assert placeholder not in text


def test_plural_forms_are_gettexts() -> None:
    # French: singular for 0 and 1 (gettext's usual rule), not CLDR's extra "many" form for millions.
    # Compared by meaning: Weblate spells the same rule its own way when it commits a catalog.
    assert same_plural_forms(catalog("fr").metadata["Plural-Forms"], "nplurals=2; plural=(n > 1);")
    assert same_plural_forms(
        catalog("cs").metadata["Plural-Forms"], "nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_still_choose_plural_forms_as_cldr_does(language: str) -> None:
    forms = {
        "fr": {"one": "{n} point", "many": "{n} points", "other": "{n} points"},
        "cs": {"one": "{n} bod", "few": "{n} body", "other": "{n} bodů"},
    }[language]
    locale = Locale.parse(language)
    translations = ui_translations(ROOT, language)
    for n in (0, 1, 2, 3, 4, 5, 11, 21, 22, 100, 1_000_000, 2_000_000):
        assert translations.ngettext("{n} point", "{n} points", n) == forms[locale.plural_form(n)], n


def test_one_word_strings_have_a_context_or_a_translator_comment() -> None:
    for entry in polib.pofile(str(ROOT / "locales" / "messages.pot")):
        if len(entry.msgid.split()) == 1 and not entry.msgid.endswith(":"):
            assert entry.msgctxt or entry.comment, entry.msgid


def test_french_status_headings_agree_with_each_other() -> None:
    # The unit counts of the status table are feminine plural in French ("unités" traduites, périmées…).
    french = {entry.msgid: entry.msgstr for entry in catalog("fr")}
    headings = [french[msgid] for msgid in ("Translated", "Outdated", "Missing", "Draft", "Reviewed")]
    assert headings == ["Traduites", "Périmées", "Manquantes", "Provisoires", "Relues"]
