"""The generated pages follow each language's typography by the rules the translation QA checks:
the words we put around the content (UI strings, captions, quotes) as much as the content."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import ROOT
from rulebook.load.project import load_project
from rulebook.validate.qa import typography_messages

PROJECT = load_project(ROOT).project
TYPESET = [language for language in PROJECT.languages if language in PROJECT.typography]
SKIPPED = {"code", "pre", "script", "style", "svg"}


class _ReadText(HTMLParser):
    """The text a reader reads in a page's article, leaving out what is in another language
    (English shown for a missing translation, quoted English readings) and code."""

    def __init__(self, language: str) -> None:
        super().__init__(convert_charrefs=True)
        self.language = language
        self.stack: list[bool] = []  # for each open element: is its text left out?
        self.parts: list[str] = []
        self.in_article = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"br", "hr", "img", "input", "meta", "link", "path"}:
            return
        attributes = dict(attrs)
        if tag == "article":
            self.in_article += 1
        outside = bool(self.stack and self.stack[-1])
        other_language = attributes.get("lang") not in (None, self.language)
        self.stack.append(
            outside or other_language or tag in SKIPPED or "headerlink" in (attributes.get("class") or "")
        )

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.in_article -= 1
        if self.stack and tag not in {"br", "hr", "img", "input", "meta", "link", "path"}:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.in_article and not (self.stack and self.stack[-1]):
            self.parts.append(data)


def read_text(page: Path, language: str) -> str:
    reader = _ReadText(language)
    reader.feed(page.read_text(encoding="utf-8"))
    return " ".join(reader.parts)


@pytest.mark.parametrize("language", TYPESET)
def test_every_page_of_the_language_follows_its_typography(clean_site: Path, language: str) -> None:
    pages = sorted((clean_site / language).rglob("index.html"))
    assert len(pages) >= 5
    rules = PROJECT.typography[language]
    found = {}
    for page in pages:
        text = read_text(page, language)
        assert len(text) > 100, page
        messages = typography_messages(rules, language, text)
        if messages:
            found[page.relative_to(clean_site).as_posix()] = messages
    assert found == {}


def test_the_reader_leaves_out_other_languages_and_finds_a_fault() -> None:
    """The check can fail: a French colon without its no-break space is caught, English is not judged."""
    html = '<article><p>Règle : ok</p><p lang="en">Rule: fine</p><p>Faute: ici</p></article>'
    reader = _ReadText("fr")
    reader.feed(html)
    text = " ".join(reader.parts)
    assert "Rule" not in text
    messages = typography_messages(PROJECT.typography["fr"], "fr", text)
    assert messages and "':'" in messages[0]
