"""The generated pages follow each language's typography by the rules the translation QA checks:
the words we put around the content (UI strings, captions, quotes) as much as the content.

The toolkit's side is judged on the fixture site (conftest.fixture_site: alpha and beta translated into
French and Czech, with the project's typography), whose own words follow it (fixture_games.TRANSLATIONS),
with alpha's two English-only example captions translated too (CAPTIONS): shown in English, they carry
no lang of their own (render/referee.py), and would be judged as French or Czech. The real site's pages
are judged too, as the content's promise: that test needs the real built site (clean_site), so it is
not in the content tier, which builds no site."""

from __future__ import annotations

import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import ROOT, build_site, made_once
from fixture_games import NNBSP, translate_units
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


def typography_faults(site: Path, language: str, rules: object, least: int) -> dict[str, list[str]]:
    """The typography faults of each page of the language's folder of a built site, which has at least
    `least` pages there, each with text to judge."""
    pages = sorted((site / language).rglob("index.html"))
    assert len(pages) >= least
    found = {}
    for page in pages:
        text = read_text(page, language)
        assert len(text) > 100, page
        messages = typography_messages(rules, language, text)
        if messages:
            found[page.relative_to(site).as_posix()] = messages
    return found


@pytest.mark.parametrize("language", TYPESET)
def test_every_page_of_the_language_follows_its_typography(clean_site: Path, language: str) -> None:
    """The real site: the content's words and the toolkit's, in every language the project typesets."""
    assert typography_faults(clean_site, language, PROJECT.typography[language], 5) == {}


# alpha's examples four-rounds and a-tie (fixture_games.MORE_CAPTIONS) in French and Czech, typeset by hand.
CAPTIONS = {
    "fr": {
        "example.four-rounds": "Ann note des points pour quatre manches, une de plus que n’en a le jeu.",
        "example.a-tie": (
            f"Ann marque 1, 2 et 3, soit 6 points{NNBSP}; Bob 6 en une manche. "
            "Tous deux ont le plus haut total et gagnent."
        ),
    },
    "cs": {
        "example.four-rounds": "Ann zapíše body za čtyři kola, o jedno víc, než jich hra má.",
        "example.a-tie": (
            "Ann získá 1, 2 a 3, celkem 6 bodů; Bob 6 v jednom kole. Oba mají nejvyšší součet a vyhrávají."
        ),
    },
}


@pytest.fixture(scope="module")
def typeset_site(tmp_path_factory: pytest.TempPathFactory, fixture_site: Path) -> Path:
    """The fixture site's project with CAPTIONS translated, built once a run (project/ beside it)."""

    def make(folder: Path) -> None:
        root = shutil.copytree(
            fixture_site.parent,
            folder / "project",
            ignore=lambda where, _: ["site"] if where == str(fixture_site.parent) else [],
        )
        shutil.rmtree(root / ".cache", ignore_errors=True)
        for language, units in CAPTIONS.items():
            translate_units(root, "alpha", language, units)
        build_site(root, folder / "site")

    return made_once(tmp_path_factory, "typeset-fixture-site", make) / "site"


@pytest.mark.parametrize("language", ["fr", "cs"])
def test_every_fixture_page_follows_its_language_s_typography(typeset_site: Path, language: str) -> None:
    """The toolkit's words on every page (headings, captions, notices, the glossary's, the quiz's, the
    change lists'), around the fixture's translations. By hand, in each language: the home, the status
    and glossary pages, and for alpha and beta the game page, its change list and its quick reference,
    and an as-of page per edition (alpha 1.0, 1.0.1 and 1.0.2, beta 1.0): 13 pages at least."""
    rules = load_project(typeset_site.parent / "project").project.typography[language]
    assert rules, f"the fixture has the project's {language} typography (with_typography)"
    assert typography_faults(typeset_site, language, rules, 13) == {}


def test_the_reader_leaves_out_other_languages_and_finds_a_fault() -> None:
    """The check can fail: a French colon without its no-break space is caught, English is not judged."""
    html = '<article><p>Règle : ok</p><p lang="en">Rule: fine</p><p>Faute: ici</p></article>'
    reader = _ReadText("fr")
    reader.feed(html)
    text = " ".join(reader.parts)
    assert "Rule" not in text
    messages = typography_messages(PROJECT.typography["fr"], "fr", text)
    assert messages and "':'" in messages[0]
