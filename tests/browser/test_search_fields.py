"""The search fields the browser makes as it indexes each entry (lunr.rb.min.js) are the ones
render/search.py wrote into the index before: the text without its tags, the title, and the
accent-folded form of each word that has accents (folded_words). The index no longer carries them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from rulebook.render.search import _TAG, FOLDED_FIELD, STEMS_FIELD, TITLE_STEMS_FIELD, folded_words
from rulebook.text.folding import folding
from rulebook.website.plugin import THEME_DIR

pytestmark = [pytest.mark.browser, pytest.mark.search]

SCRIPT = THEME_DIR / "assets/javascripts/lunr/min/lunr.rb.min.js"
# Its folding, shared with the glossary filter; the search worker loads it through importScripts.
WORDS = THEME_DIR / "assets/javascripts/words.js"
# As much of lunr as the file touches when loaded; the builder records each field's attributes.
LUNR = """
self.lunr = {Pipeline: {registerFunction() {}}, stemmer: (token) => token, Query: function () {},
             Builder: function () {}};
lunr.Query.prototype.clause = function () {};
lunr.Builder.prototype.field = function (name, attributes) { (self.declared ||= {})[name] = attributes; };
"""
# The folded field carries its folding (render/search.py's FOLDING_ATTRIBUTE), as the index declares it.
MAKE = """([fields, title, text, folding]) => {
  const made = {};
  for (const name of fields) {
    new lunr.Builder().field(name, {extractor: (doc) => doc[name], folding});  // as Material declares them
    made[name] = self.declared[name].extractor({location: "x/", title, text});
  }
  return made;
}"""
ENTRIES = [
    ("Hráč", "<p>Le hráč a hráči položí étagère, cœur</p>"),
    ("3. Scoring", "<p>Each tile scores</p>"),
    ("Žeton smůly", '<p>Łódź <a href="/x/">straße</a> ØRE Æon đak, žeton a ŽETON</p>'),
    ("", ""),
]


def test_the_browser_makes_the_fields_the_index_used_to_carry(page: Page) -> None:
    page.set_content("<html><body></body></html>")
    page.add_script_tag(content=LUNR)
    page.add_script_tag(path=str(WORDS))
    page.add_script_tag(path=str(SCRIPT))
    fields = [STEMS_FIELD, TITLE_STEMS_FIELD, FOLDED_FIELD]
    for title, text in ENTRIES:
        made = page.evaluate(MAKE, [fields, title, text, folding(None, "cs")])
        assert made == {
            STEMS_FIELD: _TAG.sub(" ", text),
            TITLE_STEMS_FIELD: title,
            FOLDED_FIELD: folded_words(title, text),
        }, title
