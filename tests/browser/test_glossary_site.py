"""The glossary in Chromium: the filter, anchors, the jump bar, the sound index, the printed cheat
sheet, links from rules, search in each language, a phone. On the fixture games' site, where the
project's glossary is alpha's (fixture_games.with_glossary); the rows of tiles under alpha's rules are
fixture_variants.ILLUSTRATIONS, on a site of their own (illustrated_url)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page

from browser.conftest import BuiltSiteHandler, serve
from browser.test_site import search
from conftest import made_once
from fixture_variants import ILLUSTRATED_TILES, make_illustrated_site

pytestmark = pytest.mark.browser


def visible_cards(page: Page) -> list[str]:
    return page.eval_on_selector_all(".rb-symbol:not([hidden]) h3", "headings => headings.map(h => h.id)")


def visible_themes(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        ".rb-glossary:not([hidden])", "grids => grids.map(g => g.previousElementSibling.id)"
    )


@pytest.fixture(scope="module")
def glossary_tab(browser: Browser, fixture_url: str) -> Iterator[Callable[[str], Page]]:
    """One tab a language on its glossary, kept open: a reader empties the filter and types the next
    words, as filter_for does, rather than loading the page again for each."""
    context = browser.new_context()
    context.set_default_timeout(15_000)
    tabs: dict[str, Page] = {}

    def tab(language_root: str) -> Page:
        if language_root not in tabs:
            tabs[language_root] = context.new_page()
            tabs[language_root].goto(f"{fixture_url}{language_root}/glossary/")
        return tabs[language_root]

    yield tab
    context.close()


def filter_for(page: Page, query: str) -> list[str]:
    page.fill("#rb-filter", "")
    page.click("#rb-filter")
    page.keyboard.type(query)
    return visible_cards(page)


@pytest.fixture(scope="module")
def illustrated_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixture site with rows of tiles under alpha's rules players and winner (make_illustrated_site)."""
    site = made_once(tmp_path_factory, "illustrated-fixture-site", make_illustrated_site) / "site"
    yield from serve(site, BuiltSiteHandler)


def box(page: Page, selector: str) -> dict[str, float]:
    return page.eval_on_selector(
        selector,
        "e => { const r = e.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, width: r.width, height: r.height}; }",
    )


def test_the_filter_narrows_the_grid_as_you_type(page: Page, fixture_url: str) -> None:
    page.goto(f"{fixture_url}/fr/glossary/")
    assert len(visible_cards(page)) == 76
    assert filter_for(page, "feuil") == ["leaf"]
    assert page.inner_text("#rb-filter-count") == "1 / 76"
    assert visible_themes(page) == ["nature"]  # a theme with no card left hides its heading too
    # A reading matches too, and accents do not matter.
    assert filter_for(page, "ETOILE") == ["star"]
    assert filter_for(page, "scream") == ["ice-cream"]
    assert filter_for(page, "zzzz") == []
    assert page.is_visible("#rb-filter-none")
    assert page.inner_text("#rb-filter-count") == "0 / 76"
    page.fill("#rb-filter", "")
    page.keyboard.type(" ")
    page.keyboard.press("Backspace")
    assert len(visible_cards(page)) == 76
    assert not page.is_visible("#rb-filter-none")


@pytest.mark.parametrize(
    "language_root, query, expected",
    [
        # Descriptions count: "A sheep: a ewe is…", "A hare, or a rabbit.", "Un mouton…", "Un lièvre, ou un lapin."
        ("", "sheep", ["ewe"]),
        ("", "rabbit", ["hare"]),
        ("/fr", "mouton", ["ewe"]),
        ("/fr", "lapin", ["hare"]),
        ("/cs", "králík", ["hare"]),
        ("/cs", "kralik", ["hare"]),
        # Only the start of a word matches: "ov" is inside "love", at the start of no word on the page.
        ("", "ov", []),
        ("", "love", ["heart"]),
        # A straight apostrophe finds the typographic one.
        ("", "o'clock", ["clock"]),
        ("/fr", "o’clock", ["clock"]),
        # Several words: each starts a word of the same card.
        ("", "fork kn", ["eat"]),
        # Issue 28: words split at apostrophes, as search splits them. The card says « d’échecs ».
        ("/fr", "échecs", ["knight"]),
        ("/fr", "d'échecs", ["knight"]),
        ("/fr", "echec", ["knight"]),
        # Czech words match by their stem too, as in search: the card says "Šachový" and "v šachu".
        ("/cs", "šachy", ["knight"]),
        ("/cs", "sachy", ["knight"]),
    ],
)
def test_the_filter_matches_the_start_of_words_in_names_readings_and_descriptions(
    glossary_tab: Callable[[str], Page], language_root: str, query: str, expected: list[str]
) -> None:
    assert filter_for(glossary_tab(language_root), query) == expected


def test_a_czech_word_finds_its_other_forms_through_the_stem(page: Page, fixture_url: str) -> None:
    """The Czech "kůň" is "koň-" in its other forms: the knight's card says "koňské hlavy". The stem is a
    prefix of the card's stems, so a card whose word starts the same way shows too ("konev", the
    watering can): the filter errs towards showing."""
    page.goto(f"{fixture_url}/cs/glossary/")
    shown = filter_for(page, "kůň")
    assert "knight" in shown and len(shown) <= 3, shown
    # Without the stemmer (English has none here), only the start of a word matches, as before.
    page.goto(f"{fixture_url}/glossary/")
    assert filter_for(page, "knights") == []


def test_a_french_word_finds_its_other_forms_through_search_s_own_stemmer(page: Page, fixture_url: str) -> None:
    """French pages stem with the Snowball stemmer Material's search uses (lunr.fr): the plural
    "feuilles" is "feuill", as is the leaf card's « feuille », of which it is no prefix. A page
    error (the stand-in for lunr failing) would leave the filter without it."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{fixture_url}/fr/glossary/")
    assert page.evaluate("rulebookWords.stems('Feuilles oreilles', 'fr')") == ["feuill", "oreil"]
    shown = filter_for(page, "feuilles")
    assert "leaf" in shown and len(shown) <= 3, shown
    assert errors == []


def test_the_filter_and_jump_bar_stay_in_view(page: Page, fixture_url: str) -> None:
    page.set_viewport_size({"width": 1024, "height": 700})
    page.goto(f"{fixture_url}/glossary/")
    page.click(".rb-jump a[href='#nature']")
    page.wait_for_function("window.scrollY > 1000")
    header = box(page, ".md-header")
    bar = box(page, ".rb-glossary-bar")
    assert header["bottom"] - 1 <= bar["top"] < header["bottom"] + 1, (header, bar)
    assert page.is_visible("#rb-filter")
    # The theme heading lands below the bar, not under it.
    assert box(page, "h2#nature")["top"] >= bar["bottom"]


@pytest.mark.parametrize("width", [360, 1280])
def test_an_anchor_shows_the_whole_card_below_the_bar(browser, fixture_url: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 740})
    page = context.new_page()
    page.goto(f"{fixture_url}/fr/glossary/#saw")
    page.wait_for_timeout(200)  # glossary.js scrolls again once it knows the bar's height
    bar = box(page, ".rb-glossary-bar")
    picture = box(page, ".rb-symbol:has(h3#saw) .rb-symbol__picture svg")
    assert bar["bottom"] <= picture["top"] < 740, (bar, picture)
    assert bar["bottom"] <= box(page, ".rb-symbol:has(h3#saw)")["top"]
    context.close()


def test_pictures_and_tiles_are_large_enough(page: Page, fixture_url: str) -> None:
    page.goto(f"{fixture_url}/glossary/")
    sizes = page.eval_on_selector_all(
        ".rb-symbol__picture svg, .rb-tile svg",
        "svgs => svgs.map(s => [s.closest('.rb-tile') ? 'tile' : 'card', s.getBoundingClientRect().width])",
    )
    assert min(width for kind, width in sizes if kind == "card") >= 72
    assert min(width for kind, width in sizes if kind == "tile") >= 32


def test_a_rule_links_to_the_glossary_entry_of_each_picture(page: Page, illustrated_url: str) -> None:
    page.goto(f"{illustrated_url}/cs/alpha/#players")  # its row: the eye and the saw, "I saw"
    page.click("#players .rb-illustration a[href$='#saw']")
    page.wait_for_url("**/cs/glossary/#saw")
    assert urlparse(page.url).path == "/cs/glossary/"
    assert page.is_visible("h3#saw")
    page.wait_for_timeout(200)
    assert box(page, ".rb-symbol:has(h3#saw) .rb-symbol__picture svg")["top"] >= box(page, ".rb-glossary-bar")["bottom"]


def test_a_tile_whose_card_is_filtered_out_clears_the_filter(page: Page, fixture_url: str) -> None:
    page.goto(f"{fixture_url}/glossary/")
    assert filter_for(page, "leaf") == ["leaf"]  # its example: eye + leaf, "I leave"
    page.click(".rb-symbol:has(h3#leaf) .rb-symbol__example a[href='#eye']")
    page.wait_for_function("location.hash === '#eye'")
    assert page.input_value("#rb-filter") == ""
    assert len(visible_cards(page)) == 76
    heading = box(page, "h3#eye")
    assert box(page, ".rb-glossary-bar")["bottom"] <= heading["top"] < page.viewport_size["height"]


def test_the_sound_index_links_each_sound_to_its_cards(page: Page, fixture_url: str) -> None:
    page.goto(f"{fixture_url}/fr/glossary/")
    entries = page.eval_on_selector_all(".rb-sound", "entries => entries.map(e => e.textContent)")
    # From symbols.yaml: "for" is read from the four, "see" from the sea, "I" from the eye.
    # Quoted in French: guillemets with no-break spaces inside.
    quoted = [entry.replace("«\u00a0", "").replace("\u00a0»", "") for entry in entries]
    assert "for → Quatre" in quoted and "see → Mer" in quoted and "I → Œil" in quoted
    assert "right → Stylo, Coche" in quoted
    assert "«\u00a0for\u00a0» → Quatre" in entries
    page.click(".rb-sound:has(span[lang=en]:text-is('for')) a")
    page.wait_for_function("location.hash === '#four'")
    assert box(page, "h3#four")["top"] >= box(page, ".rb-glossary-bar")["bottom"]
    # The filter narrows the index as well as the cards.
    filter_for(page, "sore")
    shown = page.eval_on_selector_all(
        ".rb-sounds li:not([hidden]) .rb-sound", "entries => entries.map(e => e.textContent)"
    )
    assert shown == ["«\u00a0sore\u00a0» → Scie"]


@pytest.mark.parametrize(
    "language_root, query", [("", "quay"), ("/fr", "quay"), ("/cs", "quay")], ids=["en", "fr", "cs"]
)
@pytest.mark.search
def test_site_search_finds_the_sound_index(page: Page, fixture_url: str, language_root: str, query: str) -> None:
    search(page, f"{fixture_url}{language_root}/", query)
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "links => links.map(a => a.href)")
    found = {(urlparse(href).path, urlparse(href).fragment) for href in hrefs}
    assert (f"{language_root}/glossary/", "sounds") in found, found
    assert (f"{language_root}/glossary/", "key") in found, found


@pytest.mark.parametrize("language_root", ["", "/fr", "/cs"], ids=["en", "fr", "cs"])
def test_the_printed_cheat_sheet_fits_two_a4_pages(page: Page, fixture_url: str, language_root: str) -> None:
    page.goto(f"{fixture_url}{language_root}/glossary/")
    page.emulate_media(media="print")
    # Every picture, name and reading is printed; descriptions, examples and the sound index are not.
    assert (
        page.eval_on_selector_all(
            ".rb-symbol__picture svg", "s => s.filter(e => e.getBoundingClientRect().width > 0).length"
        )
        == 76
    )
    assert page.eval_on_selector_all(".rb-symbol__readings", "s => s.filter(e => e.offsetParent).length") == 76
    assert not page.is_visible(".rb-symbol__example") and not page.is_visible(".rb-sounds")
    pdf = page.pdf(format="A4", print_background=True)
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert 1 <= pages <= 2, pages


def test_a_counter_example_is_drawn_as_not_allowed(page: Page, illustrated_url: str) -> None:
    page.goto(f"{illustrated_url}/alpha/")
    illustration = "#winner .rb-illustration"  # a list, what the glossary's rules forbid
    assert page.inner_text(f"{illustration} .rb-not-allowed") == "Not allowed:"
    tiles = page.eval_on_selector_all(f"{illustration} .rb-tile", "tiles => tiles.length")
    assert tiles == ILLUSTRATED_TILES["winner"]
    decoration = page.eval_on_selector(f"{illustration} span[lang=en]", "q => getComputedStyle(q).textDecorationLine")
    assert decoration == "line-through"
    # The rules' other illustration is a valid reading, drawn plainly.
    assert page.eval_on_selector_all("#players .rb-tile", "tiles => tiles.length") == ILLUSTRATED_TILES["players"]
    assert page.eval_on_selector_all("#players .rb-not-allowed", "e => e.length") == 0


@pytest.mark.parametrize(
    "language_root, query", [("", "leaf"), ("/fr", "feuille"), ("/cs", "list")], ids=["en", "fr", "cs"]
)
@pytest.mark.search
def test_site_search_finds_the_leaf_symbol_in_each_language(page: Page, fixture_url: str, language_root, query) -> None:
    paths = search(page, f"{fixture_url}{language_root}/", query)
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "links => links.map(a => a.href)")
    assert f"{language_root}/glossary/" in paths, paths
    assert any(urlparse(href).fragment == "leaf" for href in hrefs), hrefs


def test_the_glossary_fits_a_phone(browser, fixture_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{fixture_url}/fr/glossary/#eye")
    assert page.is_visible("h3#eye")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()
