"""An as-of view of each recorded edition (issue 46, point 5): the page of an edition as it was,
rendered from its snapshot alone; the errata sheet of an edition; and each game's Atom feed of its
editions. Rendered without a browser; one test builds the erratum's site.

The game is the fixture's alpha, translated (fixture_games.py), given three more editions by the
toolkit's own commands: 1.0.1 (record_corrections: a section turn of three rules, 2.1 draw, 2.2
pass, 2.3 discard, and a referee note, shared-win, each translated into French and Czech), 1.0.2
(the note's answer corrected, no rule changed) and the erratum 1.1 (record_alpha_erratum: same-total
inserted before winner, 1.2, which becomes 1.3; draw reworded, followed in French, pending in Czech;
pass removed, so that discard becomes 2.2). Every edition has the day the fixture was made: an
edition may not come before alpha's first, nor after today.
"""

from __future__ import annotations

import html
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import markdown
import pytest
import yaml

from conftest import build_site, edit
from fixture_games import (
    DRAW_FR_NEW,
    DRAW_NEW,
    DRAW_OLD,
    ERRATUM_INSERTED,
    ERRATUM_SUMMARY,
    ERRATUM_SUMMARY_FR,
    copy_small_project,
    first_day,
    quiet,
    record_alpha_erratum,
    record_corrections,
    written_date,
)
from rulebook.load.project import load_project
from rulebook.render.as_of import edition_page_path
from rulebook.render.context import PageContext
from rulebook.render.feed import changes_feed, feed_path
from rulebook.render.pages import render_pages

EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "toc"]  # as in mkdocs.yml
ATOM = "{http://www.w3.org/2005/Atom}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
# alpha's editions, oldest first, and beta's, each recorded once (fixture_games.py).
ALPHA_BEFORE_ERRATUM = ["1.0", "1.0.1", "1.0.2"]
# Edition 1.0.1 in French, worked out from fixture_games.TRANSLATIONS and ALPHA_TURN, the facts filled
# (2 to 4 players, 3 rounds): rule → number, French words, English words.
FRENCH_1_0_1 = {
    "players": ("1.1", "Le jeu se joue de 2 à 4 joueurs.", "The game is for 2 to 4 players."),
    "winner": (
        "1.2",
        "Après 3 manches, chaque joueur additionne ses points ; le plus haut total l’emporte.",
        "After 3 rounds, each player adds up the points they scored; the highest total wins.",
    ),
    "draw": ("2.1", "Piochez deux cartes.", "Draw two cards."),
    "pass": ("2.2", "Un joueur qui ne peut pas jouer peut passer.", "A player who cannot play may pass."),
    "discard": ("2.3", "Défaussez une carte à la fin du tour.", "Discard one card at the end of the turn."),
}


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
def corrected(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The translated fixture with alpha's editions 1.0.1 and 1.0.2 (record_corrections)."""
    root = copy_small_project(tmp_path_factory, tmp_path_factory.mktemp("as-of-corrected"), translated=True)
    return record_corrections(root)


@pytest.fixture(scope="module")
def erratum(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corrected fixture with alpha's erratum recorded as 1.1 (record_alpha_erratum), then, since
    1.1, the rule that the erratum renumbered renamed (`rulebook rule rename`): 1.0.1's 1.2 is now
    #top-score, 1.3. With what a build reads besides its content."""
    root = copy_small_project(tmp_path_factory, tmp_path_factory.mktemp("as-of-erratum"), site=True, translated=True)
    record_alpha_erratum(record_corrections(root))
    quiet(["--root", str(root), "rule", "rename", "alpha", "winner", "top-score"])
    return root


@pytest.fixture(scope="module")
def erratum_pages(erratum: Path) -> dict[str, str]:
    wanted = [
        f"{language}/alpha/{name}.md" for language in ("en", "fr", "cs") for name in ("1.0.1", "1.1", "errata-1.1")
    ]
    return rendered(erratum, *wanted, "en/alpha.md", "en/alpha/changes.md")


def test_the_french_page_of_an_edition_shows_the_french_texts_it_recorded(corrected: Path) -> None:
    day = first_day(corrected)
    page = rendered(corrected, "fr/alpha/1.0.1.md")["fr/alpha/1.0.1.md"]
    assert "search: {exclude: true}" in page.split("---")[1]  # out of search: the current rules answer there
    shown = as_html(page)
    assert re.search(r'<h1 id="alpha">Alpha</h1>', shown)
    assert f"Édition 1.0.1 · {written_date('fr', day)}" in words(shown)
    # Replaced by the corrections 1.0.2, which changed no rule of alpha (its referee note only).
    assert f"L’édition 1.0.2 du {written_date('fr', day)} remplace celle-ci" in words(shown)
    assert shown.count('class="rb-rule"') == len(FRENCH_1_0_1)
    for rule_id, (number, french, english) in FRENCH_1_0_1.items():
        text = words(block(shown, rule_id))
        assert text.startswith(f"{number} {french}"), rule_id
        assert english not in text, rule_id
        # Nothing changed since: each rule links to itself on the game page, under the same number.
        assert text.endswith(f"Aujourd’hui : Alpha {number}"), rule_id
        assert f'<a href="../alpha.md#{rule_id}">Alpha {number}</a>' in block(shown, rule_id), rule_id
    for section_id, title in (("overview", "1. Aperçu"), ("turn", "2. Tour")):
        heading = shown[shown.index(f'<h2 id="{section_id}">') :]
        assert words(heading[: heading.index("</h2>")]) == title
    # The ruling it recorded, as the project's answer, in French: the answer as 1.0.1 had it.
    notes = shown[shown.index('id="referee-notes"') :]
    ruling = words(block(notes, "ruling-shared-win"))
    assert "Les joueurs à égalité au plus haut total partagent-ils la victoire ?" in ruling
    assert "Oui, chacun d’eux l’emporte." in ruling and "Oui, ils gagnent tous." not in ruling
    assert "Décision du projet" in ruling


def test_every_recorded_edition_has_a_page_in_every_language(corrected: Path) -> None:
    project = load_project(corrected).project
    paths = {page.path for page in render_pages(project)}
    versions = {"alpha": ALPHA_BEFORE_ERRATUM, "beta": ["1.0"]}
    pages, sheets = set(), set()
    for game in project.games:
        for language in ("en", "fr", "cs"):
            for version in versions[game.id]:
                pages.add(f"{language}/{game.id}/{version}.md")
                assert f"{language}/{game.id}/{version}.md" == f"{language}/{edition_page_path(game, version)}"
            # An errata sheet for each edition but the first: the first's would list nothing.
            sheets |= {f"{language}/{game.id}/errata-{version}.md" for version in versions[game.id][1:]}
    assert pages <= paths
    assert {path for path in paths if re.fullmatch(r"[a-z]+/[a-z]+/\d[\d.]*\.md", path)} == pages
    assert "en/alpha/errata-1.0.1.md" in sheets and len(sheets) == 6  # alpha's 1.0.1 and 1.0.2, in 3 languages
    assert {path for path in paths if "errata" in path} == sheets


def test_the_superseded_edition_says_so_and_leads_to_each_rule_where_it_stands_now(
    erratum: Path, erratum_pages: dict[str, str]
) -> None:
    page = erratum_pages["en/alpha/1.0.1.md"]
    assert '!!! warning "Superseded edition"' in page
    shown = as_html(page)
    banner = shown[shown.index('class="admonition warning"') :]
    banner = banner[: banner.index("</div>")]
    # The edition in force replaces it; the link leads to the first edition that changed it, the corrections.
    assert f"Edition 1.1 of {written_date('en', first_day(erratum))} replaces this one" in words(banner)
    assert '<a href="../alpha.md">The current rules</a>' in banner
    assert '<a href="changes.md#edition-1-0-2">What changed in edition 1.0.2</a>' in banner
    # 1.0.1's alpha 1.2: the erratum inserted a rule before it (1.3 now), and it was renamed since.
    moved = block(shown, "winner")
    assert words(moved).startswith("1.2 After 3 rounds")
    assert 'Now: <a href="../alpha.md#top-score">Alpha 1.3</a>' in moved
    assert "changed since" not in moved
    # The rule the erratum reworded keeps its 1.0.1 words here, marked as changed since.
    draw = block(shown, "draw")
    assert DRAW_OLD in words(draw) and DRAW_NEW not in words(draw)
    assert 'Now: <a href="../alpha.md#draw">Alpha 2.1</a> · changed since' in draw
    # The rule it removed: its words as they were, and the edition that removed it.
    removed = block(shown, "pass")
    assert words(removed).startswith("2.2 A player who cannot play may pass.")
    assert "removed in 1.1" in words(removed) and "href" not in removed.split("2.2", 1)[1]
    # The rule after it: 2.3 then, 2.2 now, its words unchanged.
    discard = block(shown, "discard")
    assert 'Now: <a href="../alpha.md#discard">Alpha 2.2</a>' in discard and "changed since" not in discard
    assert "same-total" not in shown  # added later


def test_the_latest_edition_is_not_superseded_and_keeps_the_pending_translation_in_english(
    erratum_pages: dict[str, str],
) -> None:
    english = erratum_pages["en/alpha/1.1.md"]
    assert "Superseded" not in english
    shown = as_html(english)
    assert words(block(shown, "same-total")).startswith(f"1.2 {ERRATUM_INSERTED}")
    assert 'Now: <a href="../alpha.md#top-score">Alpha 1.3</a>' in block(shown, "winner")
    # French followed the erratum; Czech had not: its page shows that rule in English, marked.
    french = as_html(erratum_pages["fr/alpha/1.1.md"])
    assert DRAW_FR_NEW in words(block(french, "draw")) and 'lang="en"' not in block(french, "draw")
    czech = as_html(erratum_pages["cs/alpha/1.1.md"])
    draw = block(czech, "draw")
    assert '<div class="rb-rule" id="draw" lang="en">' in draw
    assert DRAW_NEW in words(draw)
    assert "zobrazeno anglicky" in words(draw)
    other = block(czech, "discard")
    assert 'lang="en"' not in other and "anglicky" not in words(other)
    # The inserted rule, never translated into Czech, is in English there too.
    assert '<div class="rb-rule" id="same-total" lang="en">' in block(czech, "same-total")


def test_the_errata_sheet_is_the_change_lists_entry_of_its_edition(erratum_pages: dict[str, str]) -> None:
    sheet = as_html(erratum_pages["en/alpha/errata-1.1.md"])
    assert "Alpha: errata of edition 1.1" in words(sheet)
    assert 'id="edition-1-1"' in sheet and 'id="edition-1-0-2"' not in sheet
    assert ERRATUM_SUMMARY in words(sheet)
    # Added, reworded, removed, and the two renumbered; players, unchanged, is not listed.
    for rule_id in ("same-total", "draw", "pass", "winner", "discard"):
        assert f'id="change-1-1-{rule_id}"' in sheet, rule_id
    assert "change-1-1-players" not in sheet
    assert "old-numbers" not in sheet  # the change list's lookup is not part of an edition's entry
    assert '<a href="1.1.md">Edition 1.1 as recorded</a>' in sheet
    french = as_html(erratum_pages["fr/alpha/errata-1.1.md"])
    assert normal(ERRATUM_SUMMARY_FR) in words(french) and "Alpha : errata de l’édition 1.1" in words(french)
    # The game page's edition line leads to the edition as recorded.
    assert "[As recorded](alpha/1.1.md)" in erratum_pages["en/alpha.md"]


def _feed(root: Path, language: str, site_url: str | None = "https://rules.example.org/") -> ET.Element:
    project = load_project(root).project
    game = project.game("alpha")
    assert game is not None
    return ET.fromstring(changes_feed(PageContext(project, language), game, site_url))


@pytest.mark.parametrize(
    ("language", "folder", "summary", "summary_language"),
    [("en", "", ERRATUM_SUMMARY, None), ("fr", "fr/", ERRATUM_SUMMARY_FR, None), ("cs", "cs/", ERRATUM_SUMMARY, "en")],
)
def test_the_feed_has_one_entry_per_edition_newest_first(
    erratum: Path, language: str, folder: str, summary: str, summary_language: str | None
) -> None:
    day = first_day(erratum)
    feed = _feed(erratum, language)
    assert feed.tag == f"{ATOM}feed" and feed.get(XML_LANG) == language
    assert feed.findtext(f"{ATOM}updated") == f"{day}T00:00:00Z"
    assert feed.findtext(f"{ATOM}id", "").startswith("urn:uuid:")
    assert feed.findtext(f"{ATOM}author/{ATOM}name")
    self_link = feed.find(f"{ATOM}link[@rel='self']")
    assert self_link is not None and self_link.get("href") == f"https://rules.example.org/{folder}alpha/changes.xml"
    entries = feed.findall(f"{ATOM}entry")
    # Newest first. The four editions share a day (the fixture's): their order is the versions'.
    assert [entry.findtext(f"{ATOM}title") for entry in entries] == [
        "Alpha 1.1",
        "Alpha 1.0.2",
        "Alpha 1.0.1",
        "Alpha 1.0",
    ]
    assert [entry.findtext(f"{ATOM}updated") for entry in entries] == [f"{day}T00:00:00Z"] * 4
    newest = entries[0]
    link = newest.find(f"{ATOM}link[@rel='alternate']")
    assert link is not None and link.get("href") == f"https://rules.example.org/{folder}alpha/changes/#edition-1-1"
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


def test_the_feed_escapes_what_a_summary_says(translated_project: Path) -> None:
    hostile = 'Fish & chips <b onmouseover="x()">]]> &amp; </feed>'
    edit(
        translated_project,
        "rules/beta/en.yaml",
        "    text: The rules as this project first recorded them.\n",
        f"    text: '{hostile}'\n",
    )
    entry = _feed_of(translated_project, "beta", "en").findall(f"{ATOM}entry")[-1]  # the oldest, 1.0
    assert entry.findtext(f"{ATOM}title") == "Beta 1.0" and entry.findtext(f"{ATOM}summary") == hostile


def _feed_of(root: Path, game_id: str, language: str) -> ET.Element:
    project = load_project(root).project
    game = project.game(game_id)
    assert game is not None
    return ET.fromstring(changes_feed(PageContext(project, language), game))


@pytest.mark.slow
def test_the_built_site_publishes_the_pages_and_the_feeds(erratum: Path) -> None:
    """`mkdocs build --strict` passes with them; the feed is a file of the site, named in the change list's head."""
    site = build_site(erratum, erratum / "site")
    for folder in ("", "fr/", "cs/"):
        feed = ET.fromstring((site / folder / feed_path("alpha")).read_bytes())
        assert len(feed.findall(f"{ATOM}entry")) == 4  # 1.0, 1.0.1, 1.0.2 and 1.1
        changes = (site / folder / "alpha/changes/index.html").read_text(encoding="utf-8")
        assert '<link rel="alternate" type="application/atom+xml" href="../changes.xml"' in changes
        old = (site / folder / "alpha/1.0.1/index.html").read_text(encoding="utf-8")
        assert 'href="../#top-score"' in old and 'class="admonition warning"' in old
        assert (site / folder / "alpha/errata-1.1/index.html").is_file()
        # Out of the navigation: the home page's links lead to no edition.
        home = (site / folder / "index.html").read_text(encoding="utf-8")
        assert 'href="alpha/"' in home
        assert not re.search(r"(alpha|beta)/(\d[\d.]*|errata-[\d.]+)/", home)
    search = (site / "search/search_index.json").read_text(encoding="utf-8")
    assert "alpha/" in search and "alpha/1.0.1/" not in search and "errata-1.1" not in search


def test_a_snapshots_texts_are_escaped_as_every_page_escapes_them(corrected: Path, tmp_path: Path) -> None:
    """A snapshot's words are a contributor's words: a hand-edited one (which `rulebook check`
    refuses by its hash) is still shown as text, never as HTML or an attribute list."""
    root = shutil.copytree(corrected, tmp_path / "project")
    payloads = {
        "rule": '<script>alert(1)</script> {: onclick="x()" }',
        "title": "<img src=x onerror=alert(1)>",
        "ruling": '<a href="javascript:alert(1)">x</a>',
    }
    path = "rules/alpha/editions/1.0.1.yaml"
    snapshot = yaml.safe_load((root / path).read_text(encoding="utf-8"))
    snapshot["rules"]["draw"]["text"]["fr"] = payloads["rule"]
    snapshot["sections"]["turn"]["fr"] = payloads["title"]
    snapshot["units"]["ruling.shared-win.answer"]["text"]["fr"] = payloads["ruling"]
    (root / path).write_text(yaml.safe_dump(snapshot, allow_unicode=True, sort_keys=False), encoding="utf-8")
    shown = as_html(rendered(root, "fr/alpha/1.0.1.md")["fr/alpha/1.0.1.md"])
    tags = re.findall(r"<[^>]*>", shown)
    for made in ("<script", "<img", "onclick", "onerror", "javascript"):
        assert not [tag for tag in tags if made in tag], made
    assert payloads["rule"].replace("\\", "") in words(block(shown, "draw"))
    heading = shown[shown.index('<h2 id="turn"') :]
    assert payloads["title"] in words(heading[: heading.index("</h2>")])
    assert payloads["ruling"] in words(block(shown, "ruling-shared-win"))
