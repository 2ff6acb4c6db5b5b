"""An as-of view of each recorded edition (issue 46, point 5): the page of an edition as it was,
rendered from its snapshot alone; the errata sheet of an edition; and each game's Atom feed of its
editions. Rendered without a browser; one test builds the erratum's site."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import markdown
import pytest
import yaml

from authoring import build, copy_whole_project
from conftest import ROOT, edit
from errata import DATE, INSERTED, SUMMARY, SUMMARY_FR, WINNER_FR, WINNER_NEW, WINNER_OLD, cli, record_erratum
from rulebook.editions.history import read_history
from rulebook.load.project import load_project
from rulebook.render.as_of import edition_page_path
from rulebook.render.context import PageContext
from rulebook.render.feed import changes_feed, feed_path
from rulebook.render.pages import render_pages

EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "toc"]  # as in mkdocs.yml
ATOM = "{http://www.w3.org/2005/Atom}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def recorded(game_id: str) -> list[str]:
    """The versions the project records for a game, oldest first (rules/<game>/editions.yaml)."""
    history, problems = read_history(ROOT, ROOT / "rules" / game_id)
    assert not problems
    return [edition.version for edition in history.editions]


def rendered(root: Path, *paths: str) -> dict[str, str]:
    """The Markdown of the pages named, as the build renders them."""
    return {page.path: page.text for page in render_pages(load_project(root).project, lambda path: path in paths)}


def as_html(page: str) -> str:
    return markdown.markdown(page.split("-->", 1)[1], extensions=EXTENSIONS)


def block(page_html: str, element_id: str) -> str:
    """The element with that id, up to the end of its <div>."""
    start = page_html.index(f'id="{element_id}"')
    return page_html[page_html.rfind("<", 0, start) : page_html.index("</div>", start)]


def words(fragment: str) -> str:
    """What a reader reads of an HTML fragment, its spaces (no-break ones too) made plain."""
    return normal(html.unescape(re.sub(r"<[^>]+>", " ", fragment)))


def normal(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def erratum(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """REBUS with the erratum of tests/errata.py recorded as 1.1, then, since 1.1, the rule that
    the erratum renumbered renamed (`rulebook rule rename`): 1.0's 3.2 is now #square-bonuses, 3.3."""
    root = copy_whole_project(tmp_path_factory.mktemp("as-of"))
    record_erratum(root)
    assert cli(root, "rule", "rename", "rebus", "bonus-squares", "square-bonuses") == 0
    return root


@pytest.fixture(scope="module")
def erratum_pages(erratum: Path) -> dict[str, str]:
    wanted = [f"{language}/rebus/{name}.md" for language in ("en", "fr", "cs") for name in ("1.0", "1.1", "errata-1.1")]
    return rendered(erratum, *wanted, "en/rebus.md", "en/rebus/changes.md")


def test_the_french_page_of_rebis_1_0_shows_the_french_texts_it_recorded() -> None:
    snapshot = yaml.safe_load((ROOT / "rules/rebis/editions/1.0.yaml").read_text(encoding="utf-8"))
    page = rendered(ROOT, "fr/rebis/1.0.md")["fr/rebis/1.0.md"]
    assert "search: {exclude: true}" in page.split("---")[1]  # out of search: the current rules answer there
    shown = as_html(page)
    assert re.search(r'<h1 id="rebis">Rebis</h1>', shown)
    assert "Édition 1.0 · 1 décembre 2026" in words(shown)
    # Replaced by the corrections of 2026-12-05, which changed no rule of Rebis (its referee notes only).
    assert "L’édition 1.0.1 du 5 décembre 2026 remplace celle-ci" in words(shown)
    for rule_id, rule in snapshot["rules"].items():
        text = words(block(shown, rule_id))
        assert text.startswith(rule["number"]), rule_id
        assert normal(rule["text"]["fr"]) in text, rule_id
        assert normal(rule["text"]["en"]) not in text, rule_id
        # Nothing changed since: each rule links to itself on the game page, under the same number.
        assert text.endswith(f"Aujourd’hui : Rebis {rule['number']}"), rule_id
        assert f'<a href="../rebis.md#{rule_id}">Rebis {rule["number"]}</a>' in block(shown, rule_id), rule_id
    for section_id, titles in snapshot["sections"].items():
        heading = shown[shown.index(f'<h2 id="{section_id}">') :]
        assert re.fullmatch(r"\d\. " + re.escape(normal(titles["fr"])), words(heading[: heading.index("</h2>")]))
    # The rulings it recorded, as the project's answers, in French.
    notes = shown[shown.index('id="referee-notes"') :]
    question = snapshot["units"]["ruling.shelf-limit.question"]["text"]["fr"]
    assert normal(question) in words(block(notes, "ruling-shelf-limit"))
    assert "Décision du projet" in words(block(notes, "ruling-shelf-limit"))


def test_every_recorded_edition_has_a_page_in_every_language() -> None:
    project = load_project(ROOT).project
    paths = {page.path for page in render_pages(project)}
    sheets = set()
    for game in project.games:
        versions = recorded(game.id)
        for language in project.languages:
            for version in versions:
                assert f"{language}/{game.id}/{version}.md" in paths
                assert f"{language}/{game.id}/{version}.md" == f"{language}/{edition_page_path(game, version)}"
            # An errata sheet for each edition but the first: the first's would list nothing.
            sheets |= {f"{language}/{game.id}/errata-{version}.md" for version in versions[1:]}
    assert "en/rebus/errata-1.0.1.md" in sheets
    assert {path for path in paths if "errata" in path} == sheets


def test_the_superseded_edition_says_so_and_leads_to_each_rule_where_it_stands_now(
    erratum_pages: dict[str, str],
) -> None:
    page = erratum_pages["en/rebus/1.0.md"]
    assert '!!! warning "Superseded edition"' in page
    shown = as_html(page)
    banner = shown[shown.index('class="admonition warning"') :]
    banner = banner[: banner.index("</div>")]
    # The edition in force replaces it; the link leads to the first edition that changed it, the corrections.
    assert "Edition 1.1 of December 5, 2026 replaces this one" in words(banner)
    assert '<a href="../rebus.md">The current rules</a>' in banner
    assert '<a href="changes.md#edition-1-0-1">What changed in edition 1.0.1</a>' in banner
    # 1.0's REBUS 3.2: the erratum inserted a rule before it (3.3 now), and it was renamed since.
    moved = block(shown, "bonus-squares")
    assert words(moved).startswith("3.2")
    assert 'Now: <a href="../rebus.md#square-bonuses">REBUS 3.3</a>' in moved
    assert "changed since" not in moved
    # The rule the erratum reworded keeps its 1.0 words here, marked as changed since.
    winner = block(shown, "winner")
    assert WINNER_OLD in words(winner) and WINNER_NEW not in words(winner)
    assert 'Now: <a href="../rebus.md#winner">REBUS 4.2</a> · changed since' in winner
    # The rule it removed: its words as they were, and the edition that removed it.
    removed = block(shown, "changing-tiles")
    assert words(removed).startswith("2.7 If a player cannot form a Rebus")
    assert "removed in 1.1" in words(removed) and "href" not in removed.split("2.7", 1)[1]
    assert "premium-once" not in shown  # added later


def test_the_latest_edition_is_not_superseded_and_keeps_the_pending_translation_in_english(
    erratum_pages: dict[str, str],
) -> None:
    english = erratum_pages["en/rebus/1.1.md"]
    assert "Superseded" not in english
    shown = as_html(english)
    assert words(block(shown, "premium-once")).startswith(f"3.2 {INSERTED}")
    assert 'Now: <a href="../rebus.md#square-bonuses">REBUS 3.3</a>' in block(shown, "bonus-squares")
    # French followed the erratum; Czech had not: its page shows that rule in English, marked.
    french = as_html(erratum_pages["fr/rebus/1.1.md"])
    assert WINNER_FR in words(block(french, "winner")) and 'lang="en"' not in block(french, "winner")
    czech = as_html(erratum_pages["cs/rebus/1.1.md"])
    winner = block(czech, "winner")
    assert '<div class="rb-rule" id="winner" lang="en">' in winner
    assert WINNER_NEW in words(winner)
    assert "zobrazeno anglicky" in words(winner)
    other = block(czech, "basic-score")
    assert 'lang="en"' not in other and "anglicky" not in words(other)


def test_the_errata_sheet_is_the_change_lists_entry_of_its_edition(erratum_pages: dict[str, str]) -> None:
    sheet = as_html(erratum_pages["en/rebus/errata-1.1.md"])
    assert "REBUS: errata of edition 1.1" in words(sheet)
    assert 'id="edition-1-1"' in sheet and 'id="edition-1-0"' not in sheet
    assert SUMMARY in words(sheet)
    for rule_id in ("winner", "premium-once", "changing-tiles", "bonus-squares"):
        assert f'id="change-1-1-{rule_id}"' in sheet, rule_id
    assert "old-numbers" not in sheet  # the change list's lookup is not part of an edition's entry
    assert '<a href="1.1.md">Edition 1.1 as recorded</a>' in sheet
    french = as_html(erratum_pages["fr/rebus/errata-1.1.md"])
    assert normal(SUMMARY_FR) in words(french) and "REBUS : errata de l’édition 1.1" in words(french)
    # The game page's edition line leads to the edition as recorded.
    assert "[As recorded](rebus/1.1.md)" in erratum_pages["en/rebus.md"]


def _feed(root: Path, language: str, site_url: str | None = "https://rules.example.org/") -> ET.Element:
    project = load_project(root).project
    game = project.game("rebus")
    assert game is not None
    return ET.fromstring(changes_feed(PageContext(project, language), game, site_url))


@pytest.mark.parametrize(
    ("language", "folder", "summary", "summary_language"),
    [("en", "", SUMMARY, None), ("fr", "fr/", SUMMARY_FR, None), ("cs", "cs/", SUMMARY, "en")],
)
def test_the_feed_has_one_entry_per_edition_newest_first(
    erratum: Path, language: str, folder: str, summary: str, summary_language: str | None
) -> None:
    feed = _feed(erratum, language)
    assert feed.tag == f"{ATOM}feed" and feed.get(XML_LANG) == language
    assert feed.findtext(f"{ATOM}updated") == f"{DATE}T00:00:00Z"
    assert feed.findtext(f"{ATOM}id", "").startswith("urn:uuid:")
    assert feed.findtext(f"{ATOM}author/{ATOM}name")
    self_link = feed.find(f"{ATOM}link[@rel='self']")
    assert self_link is not None and self_link.get("href") == f"https://rules.example.org/{folder}rebus/changes.xml"
    entries = feed.findall(f"{ATOM}entry")
    before = recorded("rebus")[::-1]  # the project's own editions, under the erratum's
    assert [entry.findtext(f"{ATOM}title") for entry in entries] == ["REBUS 1.1", *(f"REBUS {v}" for v in before)]
    dates = [entry.findtext(f"{ATOM}updated") for entry in entries]
    assert dates[0] == f"{DATE}T00:00:00Z" and dates[-1] == "2026-12-01T00:00:00Z" and dates == sorted(dates)[::-1]
    newest = entries[0]
    link = newest.find(f"{ATOM}link[@rel='alternate']")
    assert link is not None and link.get("href") == f"https://rules.example.org/{folder}rebus/changes/#edition-1-1"
    summary_element = newest.find(f"{ATOM}summary")
    assert summary_element is not None and summary_element.text == summary
    assert summary_element.get("type") == "text" and summary_element.get(XML_LANG) == summary_language
    ids = [entry.findtext(f"{ATOM}id", "") for entry in entries]
    assert len(set(ids)) == len(entries) and all(entry_id.startswith("urn:uuid:") for entry_id in ids)
    # The same entry keeps its id wherever the site is published; the other languages' differ.
    assert [entry.findtext(f"{ATOM}id") for entry in _feed(erratum, language, None).findall(f"{ATOM}entry")] == ids
    other = "fr" if language != "fr" else "en"
    assert not set(ids) & {entry.findtext(f"{ATOM}id") for entry in _feed(erratum, other).findall(f"{ATOM}entry")}


def test_without_the_sites_address_the_feed_links_from_its_own_folder(erratum: Path) -> None:
    feed = _feed(erratum, "fr", None)
    assert feed.find(f"{ATOM}link[@rel='self']") is None
    link = feed.find(f"{ATOM}entry/{ATOM}link")
    assert link is not None and link.get("href") == "changes/#edition-1-1"


def test_the_feed_escapes_what_a_summary_says(project_copy: Path) -> None:
    hostile = 'Fish & chips <b onmouseover="x()">]]> &amp; </feed>'
    edit(
        project_copy,
        "rules/rebis/en.yaml",
        "    text: The rules as this project first recorded them.\n",
        f"    text: '{hostile}'\n",
    )
    entry = _feed_of(project_copy, "rebis", "en").findall(f"{ATOM}entry")[-1]  # the oldest, 1.0
    assert entry.findtext(f"{ATOM}title") == "Rebis 1.0" and entry.findtext(f"{ATOM}summary") == hostile


def _feed_of(root: Path, game_id: str, language: str) -> ET.Element:
    project = load_project(root).project
    game = project.game(game_id)
    assert game is not None
    return ET.fromstring(changes_feed(PageContext(project, language), game))


@pytest.mark.slow
def test_the_built_site_publishes_the_pages_and_the_feeds(erratum: Path) -> None:
    """`mkdocs build --strict` passes with them; the feed is a file of the site, named in the change list's head."""
    site = build(erratum)
    for folder in ("", "fr/", "cs/"):
        feed = ET.fromstring((site / folder / feed_path("rebus")).read_bytes())
        assert len(feed.findall(f"{ATOM}entry")) == 1 + len(recorded("rebus"))
        changes = (site / folder / "rebus/changes/index.html").read_text(encoding="utf-8")
        assert '<link rel="alternate" type="application/atom+xml" href="../changes.xml"' in changes
        old = (site / folder / "rebus/1.0/index.html").read_text(encoding="utf-8")
        assert 'href="../#square-bonuses"' in old and 'class="admonition warning"' in old
        assert (site / folder / "rebus/errata-1.1/index.html").is_file()
        # Out of the navigation: the home page's links lead to no edition.
        assert "1.0/" not in (site / folder / "index.html").read_text(encoding="utf-8")
    search = (site / "search/search_index.json").read_text(encoding="utf-8")
    assert "rebus/1.0/" not in search and "errata-1.1" not in search


def test_a_snapshots_texts_are_escaped_as_every_page_escapes_them(project_copy: Path) -> None:
    """A snapshot's words are a contributor's words: a hand-edited one (which `rulebook check`
    refuses by its hash) is still shown as text, never as HTML or an attribute list."""
    payloads = {
        "rule": '<script>alert(1)</script> {: onclick="x()" }',
        "title": "<img src=x onerror=alert(1)>",
        "ruling": '<a href="javascript:alert(1)">x</a>',
    }
    path = "rules/rebis/editions/1.0.yaml"
    snapshot = yaml.safe_load((project_copy / path).read_text(encoding="utf-8"))
    snapshot["rules"]["aim"]["text"]["fr"] = payloads["rule"]
    snapshot["sections"]["overview"]["fr"] = payloads["title"]
    snapshot["units"]["ruling.shelf-limit.answer"]["text"]["fr"] = payloads["ruling"]
    (project_copy / path).write_text(yaml.safe_dump(snapshot, allow_unicode=True, sort_keys=False), encoding="utf-8")
    shown = as_html(rendered(project_copy, "fr/rebis/1.0.md")["fr/rebis/1.0.md"])
    tags = re.findall(r"<[^>]*>", shown)
    for made in ("<script", "<img", "onclick", "onerror", "javascript"):
        assert not [tag for tag in tags if made in tag], made
    assert payloads["rule"].replace("\\", "") in words(block(shown, "aim"))
    heading = shown[shown.index('<h2 id="overview"') :]
    assert payloads["title"] in words(heading[: heading.index("</h2>")])
    assert payloads["ruling"] in words(block(shown, "ruling-shelf-limit"))
