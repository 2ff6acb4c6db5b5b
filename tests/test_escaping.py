"""Every place where a name or a text reaches a page escapes it there (issue 17).

The pages are rendered from a copy with hostile names, readings and texts planted (the checks
bypassed) and converted to HTML as the build converts them, but NOT sanitized: the sanitizer would
hide a missing escape by removing what it let through. Each payload must then be read on the page
exactly as written, and create no element, attribute or link. The expectations are the payloads
themselves and titles escaped by hand, never the output of the escaping functions. The copy is the
translated fixture (fixture_games.py) with the project's glossary given to alpha, and alpha given
by hand a ruling on its card, three drawn illustrations and the payloads.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
import yaml

from conftest import ROOT
from fixture_games import copy_small_project, with_glossary
from hostile import plant_units, read_yaml, write_yaml
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages
from rulebook.validate.safety import MARKDOWN_EXTENSIONS

# Plain text on one line: markup of every kind, a table's pipe, quotes and an ampersand.
GAME_NAME = 'Al<b>pha</b> *z* | [y](#x) "q" & it\'s'
# The same, as a title in the front matter must be: HTML-escaped, quotes included (written by hand).
GAME_TITLE = "Al&lt;b&gt;pha&lt;/b&gt; *z* | [y](#x) &quot;q&quot; &amp; it&#x27;s"
PLAYER = "<img src=x onerror=alert(6)> *Ann* | _u_"
READING = "<img src=x onerror=alert(3)> *r* `c`"
# Markdown is allowed in text, HTML and attribute lists are not: these stay text.
RULE_TEXT = 'Highest <b>score</b> wins.\n{: onclick="alert(1)" }'
RULE_SHOWN = 'Highest <b>score</b> wins. {: onclick="alert(1)" }'
RULING_TEXT = "No <script>alert(2)</script> tie <i>ever</i>."
SUMMARY = 'A "dice" game of *rounds* & totals.'
SUMMARY_DESCRIPTION = "A &quot;dice&quot; game of rounds &amp; totals."  # read as text, then escaped
# alpha's ruling, on its rule winner, cited by its example and on its card as what decides a tie.
RULING = {"id": "shared-win", "rules": ["winner"]}
RULING_WORDS = {
    "ruling.shared-win.question": "Who wins when two players have the same highest total?",
    "ruling.shared-win.answer": "Both of them win.",
    "ruling.shared-win.why": "The rules name no tie-break.",
}
# alpha's illustrations, drawn with the glossary's pictures and letters: "I saw" as eye, saw under rule
# 1.1; under it too, what it would not allow (a counter-example); "Emily" as M, L, E under rule 1.2.
ILLUSTRATIONS = [
    {"rule": "players", "tiles": ["eye", "saw"], "reads": "I saw"},
    {"rule": "players", "tiles": ["man", "H", "A", "S", "A", "cup"], "reads": "He has a cup.", "counter_example": True},
    {"rule": "winner", "tiles": ["M", "L", "E"], "reads": "Emily"},
]


class _Page(HTMLParser):
    """What a browser makes of a page: its text, and its elements with their attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def read(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    return page


def shown(html: str) -> str:
    """The page's text as read, with runs of white space as one space."""
    return " ".join("".join(read(html).text).split())


def made_elements(html: str) -> set[str]:
    """Elements that only a payload could have made (no generated page uses them)."""
    return {tag for tag, _ in read(html).tags if tag in {"img", "script", "b", "i"}}


def handlers(html: str) -> list[str]:
    return [name for _, attrs in read(html).tags for name, _ in attrs if name.startswith("on")]


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict, str]]:
    """Every page of the hostile copy: path → (front matter, body as HTML, not sanitized)."""
    root = copy_small_project(tmp_path_factory, tmp_path_factory.mktemp("escaping") / "project", translated=True)
    with_glossary(root, "alpha")
    game = read_yaml(root / "rules/alpha/game.yaml")
    game["name"] = GAME_NAME
    example = game["examples"][0]  # highest-total: Ann wins it with 9 points against 8
    example["input"]["players"][PLAYER] = example["input"]["players"].pop("Ann")
    example["expect"]["scores"][PLAYER] = example["expect"]["scores"].pop("Ann")
    example["expect"]["winners"] = [PLAYER]
    example["rulings"] = [RULING["id"]]
    game["rulings"] = [RULING]
    game["quick_reference"] = {"end": {"rules": ["winner"]}, "tie": {"rulings": [RULING["id"]]}}
    game["illustrations"] = ILLUSTRATIONS
    write_yaml(root / "rules/alpha/game.yaml", game)
    symbols = read_yaml(root / "glossary/symbols.yaml")
    symbols["symbols"][1]["readings"].append(READING)  # ewe
    write_yaml(root / "glossary/symbols.yaml", symbols)
    english = read_yaml(root / "rules/alpha/en.yaml")
    english["units"].update({unit_id: {"text": text} for unit_id, text in RULING_WORDS.items()})
    write_yaml(root / "rules/alpha/en.yaml", english)
    plant_units(
        root,
        "rules/alpha/en.yaml",
        {"rule.winner": RULE_TEXT, "ruling.shared-win.answer": RULING_TEXT, "summary": SUMMARY},
    )
    converter = markdown.Markdown(extensions=list(MARKDOWN_EXTENSIONS))
    rendered = {}
    for page in render_pages(load_project(root).project):
        _, front, body = page.text.split("---\n", 2)
        converter.reset()
        rendered[page.path] = (yaml.safe_load(front), converter.convert(body))
    return rendered


def test_the_payloads_were_planted(pages) -> None:
    front, _ = pages["en/alpha.md"]
    assert front["title"] != "Alpha"


TITLES = [
    ("en/alpha.md", GAME_TITLE),
    ("cs/alpha.md", GAME_TITLE),
    ("en/quick-reference/alpha.md", f"{GAME_TITLE}: quick reference"),
    ("fr/quick-reference/alpha.md", f"{GAME_TITLE}\u00a0: aide-mémoire"),
]


@pytest.mark.parametrize(("page", "title"), TITLES, ids=[page for page, _ in TITLES])
def test_a_game_name_is_escaped_in_the_title_that_mkdocs_prints_unescaped(pages, page: str, title: str) -> None:
    front, _ = pages[page]
    assert front["title"] == title


def test_the_meta_description_is_escaped_too(pages) -> None:
    front, _ = pages["en/alpha.md"]
    assert front["description"] == SUMMARY_DESCRIPTION


@pytest.mark.parametrize(
    "page", ["en/alpha.md", "fr/alpha.md", "en/index.md", "cs/index.md", "en/quick-reference/alpha.md"]
)
def test_a_game_name_reads_as_written_in_headings_links_and_citations(pages, page: str) -> None:
    _, html = pages[page]
    assert GAME_NAME in shown(html), page
    assert made_elements(html) == set() and handlers(html) == [], page
    # Its brackets make no link.
    assert not any(tag == "a" and ("href", "#x") in attrs for tag, attrs in read(html).tags), page


def test_a_game_name_in_a_rule_citation_stays_inside_its_attribute(pages) -> None:
    _, html = pages["en/alpha.md"]
    titles = [dict(attrs).get("title") for tag, attrs in read(html).tags if tag == "a"]
    assert f"{GAME_NAME} 1.1" in titles


@pytest.mark.parametrize("page", ["en/status.md", "fr/status.md"])
def test_a_game_name_in_the_status_table_stays_in_its_cell(pages, page: str) -> None:
    _, html = pages[page]
    cells = [" ".join(cell.split("</td>")[0].split()) for cell in html.split("<td>")[1:]]
    assert any(" ".join("".join(read(cell).text).split()) == GAME_NAME for cell in cells), cells[:12]
    assert made_elements(html) == set() and handlers(html) == [], page


@pytest.mark.parametrize("language", ["en", "fr", "cs"])
def test_a_player_name_reads_as_written_in_the_breakdown_table(pages, language: str) -> None:
    _, html = pages[f"{language}/alpha.md"]
    example = html[html.index('id="example-highest-total"') :]
    example = example[: example.index("</table>")]
    cells = [" ".join("".join(read(cell.split("</td>")[0]).text).split()) for cell in example.split("<td>")[1:]]
    assert sum(PLAYER in cell for cell in cells) >= 2, cells  # its score's row, and the winner's
    assert made_elements(example) == set() and handlers(example) == []


@pytest.mark.parametrize("language", ["en", "fr", "cs"])
def test_a_glossary_reading_reads_as_written(pages, language: str) -> None:
    _, html = pages[f"{language}/glossary.md"]
    readings = [
        "".join(read(part.split("</p>")[0]).text)
        for part in html.split('<p class="rb-symbol__readings" lang="en">')[1:]
    ]
    assert any(READING in reading for reading in readings)
    assert made_elements(html) == set() and handlers(html) == []
    # The filter matches its words, folded, and the attribute holds them whole.
    filters = [dict(attrs).get("data-filter", "") for tag, attrs in read(html).tags if tag == "div"]
    assert any("img src x onerror alert 3 r c" in words for words in filters)


def test_rule_text_may_use_markdown_but_its_html_and_attribute_lists_stay_text(pages) -> None:
    _, html = pages["en/alpha.md"]
    assert RULE_SHOWN in shown(html)
    assert made_elements(html) == set() and handlers(html) == []


@pytest.mark.parametrize("page", ["en/alpha.md", "en/quick-reference/alpha.md"])
def test_a_ruling_reads_as_written_in_the_referee_notes_and_on_the_card(pages, page: str) -> None:
    _, html = pages[page]
    assert RULING_TEXT in shown(html), page
    assert made_elements(html) == set() and handlers(html) == [], page


def test_the_card_page_quotes_the_rule_text_as_written(pages) -> None:
    _, html = pages["en/quick-reference/alpha.md"]
    assert RULE_SHOWN in shown(html)


def test_the_redirect_pages_escape_their_title(tmp_path: Path) -> None:
    """`/en/` leads to the root; its title is the theme's "home" word from a translated catalog."""
    from rulebook.website.site_files import write_source_language_redirects

    (tmp_path / "alpha").mkdir()
    (tmp_path / "alpha" / "index.html").write_text("<p>Alpha</p>", encoding="utf-8")
    write_source_language_redirects(tmp_path, "en", ["fr", "cs"], 'Home <b>"x"</b> & co')
    for page in (tmp_path / "en" / "index.html", tmp_path / "en" / "alpha" / "index.html"):
        text = page.read_text(encoding="utf-8")
        assert "<title>Home &lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; co</title>" in text
        assert ">Home &lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; co</a>" in text
    assert 'href="../../alpha/"' in (tmp_path / "en" / "alpha" / "index.html").read_text(encoding="utf-8")
    # The script that keeps the #anchor, which the meta refresh drops, from each page's own depth.
    assert '<script src="../assets/javascripts/redirect.js">' in (tmp_path / "en" / "index.html").read_text("utf-8")
    page = (tmp_path / "en" / "alpha" / "index.html").read_text(encoding="utf-8")
    assert '<script src="../../assets/javascripts/redirect.js">' in page


def test_the_sanitizer_keeps_the_allowlist_and_only_it() -> None:
    """What the pages need survives (our data and ARIA attributes); handlers, styles, comments and
    links of other schemes go. Expectations written by hand."""
    from rulebook.markup.sanitizer import sanitize

    assert sanitize('<div class="rb-symbol" data-filter="eye" style="color:red">x</div>') == (
        '<div class="rb-symbol" data-filter="eye">x</div>'
    )
    assert sanitize('<p hidden data-search-exclude onclick="x()">y</p>') == '<p hidden="" data-search-exclude="">y</p>'
    assert (
        sanitize('<nav class="rb-jump" aria-label="Themes">z</nav>')
        == '<nav class="rb-jump" aria-label="Themes">z</nav>'
    )
    assert sanitize('<a href="ftp://example.org/f">f</a> <a href="mailto:a@example.org">m</a>') == (
        '<a>f</a> <a href="mailto:a@example.org">m</a>'
    )
    assert sanitize("a<!-- hidden -->b") == "ab"


@pytest.mark.parametrize("url", ["java\nscript:alert(1)", "java\rscript:alert(1)", "java\tscript:alert(1)"])
def test_a_scheme_split_by_a_line_break_or_tab_is_still_judged_as_a_browser_reads_it(url: str) -> None:
    from rulebook.markup.target import is_allowed_link

    assert is_allowed_link(url) is False
    # And an allowed scheme stays allowed when split the same way.
    assert is_allowed_link(url.replace("java", "ht").replace("script:alert(1)", "tps://example.org/")) is True


def test_a_drawing_under_a_rule_links_each_picture_and_shows_letters_and_reading_as_text(pages) -> None:
    """alpha 1.1 draws "I saw" as eye, saw, then a sentence it does not allow; 1.2 "Emily" as M, L, E
    (ILLUSTRATIONS)."""
    _, html = pages["en/alpha.md"]
    strips = [part.split("</p>")[0] for part in html.split('<p class="rb-illustration">')[1:]]
    assert len(strips) == 3
    links = [
        [(dict(attrs)["href"], dict(attrs).get("title")) for tag, attrs in read(strip).tags if tag == "a"]
        for strip in strips
    ]
    assert links[0] == [("glossary.md#eye", "Eye"), ("glossary.md#saw", "Saw")]
    assert links[2] == []
    texts = [" ".join("".join(read(strip).text).split()) for strip in strips]
    assert texts[0] == "Eye Saw “I saw”"
    assert texts[1] == "Not allowed: Man H A S A Cup “He has a cup.”"
    assert texts[2] == "M L E “Emily”"
    assert "rb-tiles--not-allowed" in strips[1] and "rb-tiles--not-allowed" not in strips[0] + strips[2]


def test_the_glossary_examples_are_drawn_as_allowed_drawings(pages) -> None:
    """One drawn example a symbol of the glossary, none of them marked not allowed."""
    symbols = read_yaml(ROOT / "glossary/symbols.yaml")["symbols"]
    _, html = pages["en/glossary.md"]
    assert html.count('<span class="rb-tiles">') == len(symbols)
    assert "rb-tiles--not-allowed" not in html and "Not allowed:" not in html


def test_the_build_names_each_thing_the_sanitizer_removes_in_order() -> None:
    """The build's warning (and the check) read these words; written by hand."""
    from rulebook.markup.sanitizer import removals

    fragment = (
        '<p onclick="a()">x</p><img src="y"><p hidden>kept</p>'
        '<a href="j&#97;vascript:b()" title="t" onmouseover="c()">z</a><script>d()</script><em>e</em>'
    )
    assert removals(fragment) == [
        'the attribute onclick="a()" of <p>',
        "the element <img>",
        'the attribute href="javascript:b()" of <a>',
        'the attribute onmouseover="c()" of <a>',
        "the element <script>",
    ]
    # Only an element without attributes removed, or only an attribute: still found.
    assert removals("<p>a</p><script>d()</script>") == ["the element <script>"]
    assert removals('<p style="x">a</p>') == ['the attribute style="x" of <p>']
    # A valueless attribute is named with an empty value. (Alone, it is not found: the quick count
    # looks for `name=`; it can run no code, but its removal then goes unsaid.)
    assert removals("<p onclick>a</p><img>") == ['the attribute onclick="" of <p>', "the element <img>"]
    # A long value is quoted on one line and cut at 60 characters.
    long = "javascript:" + "a" * 80 + "\nb"
    assert removals(f'<a href="{long}">x</a>') == [f'the attribute href="{long[:59]}…" of <a>']
