"""The site as a player meets it, in Chromium: pages, language switch, search, offline, phone.

The toolkit's behaviour is driven on the fixture site (conftest.fixture_site, fixture_games.py: alpha
with sections overview 1.1 players, 1.2 winner and turn 2.1 draw, 2.2 pass, 2.3 discard, four worked
examples and the referee note shared-win; beta with 1.1 players alone; both translated into French and
Czech). What the real content promises (every game page of rules/project.yaml shows its rules, its
verified examples and its referee notes; every page fits a phone) is swept over the real site, naming
no game."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from conftest import ROOT
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
PAGES = [(language, game) for language in PROJECT.languages for game in PROJECT.games]
FIXTURE_LANGUAGES = ("en", "fr", "cs")
PHONE = {"width": 360, "height": 740}

# Each fixture game's rules as a reader sees them, number then words, written out by hand from
# fixture_games.py (TRANSLATIONS, ALPHA_TURN) with the facts typed in (2 to 4 players, 3 rounds).
FIXTURE_RULES = {
    ("en", "alpha"): [
        "1.1 The game is for 2 to 4 players.",
        "1.2 After 3 rounds, each player adds up the points they scored; the highest total wins.",
        "2.1 Draw two cards.",
        "2.2 A player who cannot play may pass.",
        "2.3 Discard one card at the end of the turn.",
    ],
    ("fr", "alpha"): [
        "1.1 Le jeu se joue de 2 à 4 joueurs.",
        "1.2 Après 3 manches, chaque joueur additionne ses points ; le plus haut total l’emporte.",
        "2.1 Piochez deux cartes.",
        "2.2 Un joueur qui ne peut pas jouer peut passer.",
        "2.3 Défaussez une carte à la fin du tour.",
    ],
    ("cs", "alpha"): [
        "1.1 Hru hrají 2 až 4 hráči.",
        "1.2 Po 3 kolech každý hráč sečte své body; vyhrává nejvyšší součet.",
        "2.1 Vezměte si dvě karty.",
        "2.2 Hráč, který nemůže hrát, smí pasovat.",
        "2.3 Na konci tahu odhoďte jednu kartu.",
    ],
    ("en", "beta"): ["1.1 The game is for 2 to 4 players."],
    ("fr", "beta"): ["1.1 Le jeu se joue de 2 à 4 joueurs."],
    ("cs", "beta"): ["1.1 Hru hrají 2 až 4 hráči."],
}
FIXTURE_NAMES = {"alpha": "Alpha", "beta": "Beta"}
# alpha's referee note shared-win, its question per language (ALPHA_TURN), as its words come apart.
SHARED_WIN_QUESTION = {
    "en": "Do players with the same highest total share the win?",
    "fr": "Les joueurs à égalité au plus haut total partagent-ils la victoire ?",
    "cs": "Dělí se hráči se stejným nejvyšším součtem o vítězství?",
}


def language_root(site_url: str, language: str) -> str:
    return f"{site_url}/" if language == PROJECT.source_language else f"{site_url}/{language}/"


def words(text: str) -> str:
    """Whitespace as a reader sees it: the typography's no-break spaces count as spaces."""
    return " ".join(text.split())


@pytest.mark.parametrize(
    ("language", "game"), sorted(FIXTURE_RULES), ids=[f"{lang}-{g}" for lang, g in sorted(FIXTURE_RULES)]
)
def test_each_game_page_shows_its_rules(page: Page, fixture_url: str, language: str, game: str) -> None:
    page.goto(f"{language_root(fixture_url, language)}{game}/")
    assert page.inner_text("article h1").strip().rstrip("¶") == FIXTURE_NAMES[game]
    assert page.get_attribute("html", "lang") == language
    rules = page.locator(".rb-rule")
    # A rule's first paragraph: its number and words (a referee note's link may follow it).
    assert [words(rules.nth(index).locator("p").first.inner_text()) for index in range(rules.count())] == [
        words(rule) for rule in FIXTURE_RULES[language, game]
    ]


@pytest.mark.parametrize("language, game", PAGES, ids=[f"{lang}-{game.id}" for lang, game in PAGES])
def test_each_real_game_page_shows_its_rules_numbered(page: Page, site_url: str, language: str, game) -> None:
    """Content: every game of rules/project.yaml, in every language, shows each of its rules under its number."""
    page.goto(f"{language_root(site_url, language)}{game.id}/")
    assert page.inner_text("article h1").strip().rstrip("¶") == game.name
    assert page.get_attribute("html", "lang") == language
    shown = page.eval_on_selector_all(".rb-rule", "rules => rules.map(rule => [rule.id, rule.innerText])")
    assert [rule_id for rule_id, _ in shown] == [rule.id for rule in game.rules()]
    for (_, text), rule in zip(shown, game.rules(), strict=True):
        assert words(text).startswith(f"{rule.number} "), (rule.id, text[:80])
        assert len(words(text)) > len(rule.number) + 1, rule.id  # words after the number


def test_switcher_lands_on_the_same_rule_in_the_other_language(page: Page, fixture_url: str) -> None:
    page.goto(f"{fixture_url}/fr/alpha/#discard")
    page.hover(".md-header__option .md-select")
    page.click("a.md-select__link[hreflang=cs]")
    page.wait_for_url("**/cs/alpha/**")
    assert urlparse(page.url).path == "/cs/alpha/"
    assert urlparse(page.url).fragment == "discard"
    assert page.get_attribute("html", "lang") == "cs"
    assert "Na konci tahu odhoďte jednu kartu." in page.inner_text("#discard")


def test_switcher_keeps_the_place_a_reader_has_scrolled_to(page: Page, fixture_url: str) -> None:
    """No anchor in the address: the reader scrolled to rule 1.2 and switches language. (A rule near
    the page's end cannot be scrolled to the top: Material's navigation.tracking then puts the last
    heading in view, the calculator's, in the address.)"""
    page.goto(f"{fixture_url}/fr/alpha/")
    page.evaluate(
        """() => {
            const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
            window.scrollBy(0, document.getElementById("winner").getBoundingClientRect().top - header);
        }"""
    )
    page.hover(".md-header__option .md-select")
    # The menu fades in: clicked while it still moves, Playwright scrolled the page to reach the link
    # (120 px further down, past rule 1.2), which a reader's click never does.
    page.wait_for_function("() => document.getAnimations().every(animation => animation.playState === 'finished')")
    page.click("a.md-select__link[hreflang=cs]")
    page.wait_for_url("**/cs/alpha/**")
    assert urlparse(page.url).path == "/cs/alpha/"
    assert urlparse(page.url).fragment == "winner"
    # At the page's top, the switch lands at the other page's top.
    page.goto(f"{fixture_url}/fr/alpha/")
    page.hover(".md-header__option .md-select")
    page.click("a.md-select__link[hreflang=en]")
    page.wait_for_url(f"{fixture_url}/alpha/")
    assert urlparse(page.url).fragment == ""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_in_the_open_language_menu(page: Page, fixture_url: str, scheme: str) -> None:
    """The menu shows only while hovered or focused, so the page-wide axe runs never see it open."""
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{fixture_url}/fr/alpha/")
    page.focus("a.md-select__link[hreflang=cs]")  # the keyboard's way in: the menu opens on focus
    page.wait_for_selector("a.md-select__link[hreflang=cs]", state="visible")
    # The menu fades in and its entries change colour by CSS transitions: measured mid-way, axe saw
    # blended colours (4.28:1, 3.58:1) that no reader sees for more than a quarter of a second.
    page.wait_for_function("() => document.getAnimations().every(animation => animation.playState === 'finished')")
    assert page.get_attribute("body", "data-md-color-scheme") == {"light": "default", "dark": "slate"}[scheme]
    result = Axe().run(page, context=".md-select")
    assert [(violation["id"], len(violation["nodes"])) for violation in result.response["violations"]] == []


def search(page: Page, url: str, query: str) -> list[str]:
    page.goto(url)
    page.click("input.md-search__input")
    page.keyboard.type(query)
    page.wait_for_selector(".md-search-result__item a", state="attached")
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "links => links.map(a => a.href)")
    return [urlparse(href).path for href in hrefs]


@pytest.mark.search
def test_czech_search_ignores_accents_and_stays_in_czech(page: Page, fixture_url: str) -> None:
    """ "hrac" finds "Hráč" (alpha 2.2) and "hráče" (both games' summaries)."""
    paths = search(page, f"{fixture_url}/cs/", "hrac")
    assert "/cs/alpha/" in paths, paths
    assert all(path.startswith("/cs/") for path in paths), paths


@pytest.mark.search
def test_accented_query_still_finds_accented_text(page: Page, fixture_url: str) -> None:
    paths = search(page, f"{fixture_url}/cs/", "hráč")
    assert "/cs/alpha/" in paths and all(path.startswith("/cs/") for path in paths), paths


@pytest.mark.search
def test_french_search_without_accents_finds_the_alpha_page(page: Page, fixture_url: str) -> None:
    """ "defaussez" is alpha's 2.3, "Défaussez une carte à la fin du tour.", and no word of beta's."""
    paths = search(page, f"{fixture_url}/fr/", "defaussez")
    assert "/fr/alpha/" in paths, paths
    assert "/fr/beta/" not in paths, paths
    assert all(path.startswith("/fr/") for path in paths), paths


@pytest.mark.search
def test_english_search_stays_in_english(page: Page, fixture_url: str) -> None:
    """ "cards" is alpha's 2.1 and 2.3 in English; French and Czech say "cartes" and "karty"."""
    paths = search(page, f"{fixture_url}/", "cards")
    assert "/alpha/" in paths, paths
    assert not any(path.startswith(("/fr/", "/cs/")) for path in paths), paths


def test_pages_request_nothing_outside_the_site(page: Page, fixture_url: str) -> None:
    """One page of every type the fixture builds: home, a game, a quick reference, the glossary (its
    pictures), the status page, a change list, a quiz and the 404 page."""
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    paths = ["/", "/fr/alpha/", "/cs/beta/", "/quick-reference/alpha/", "/cs/glossary/", "/fr/status/"]
    for path in [*paths, "/alpha/changes/", "/cs/alpha/quiz/", "/fr/404.html"]:
        page.goto(f"{fixture_url}{path}", wait_until="networkidle")
    outside = [url for url in requested if not url.startswith(fixture_url)]
    assert requested and outside == []


def scroll_width_at_360(browser: Browser, url: str, paths: list[str]) -> dict[str, int]:
    """The pages wider than a phone's 360 px screen, with their width: the page scrolls sideways."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    wide = {}
    for path in paths:
        page.goto(f"{url}{path}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide[path] = width
    context.close()
    return wide


def test_a_rule_page_fits_a_phone_screen(browser: Browser, fixture_url: str) -> None:
    """alpha's page in Czech, landing on a rule, with its worked examples' tables and the glossary's."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{fixture_url}/cs/alpha/#discard")
    assert page.is_visible("#discard")
    assert page.locator(".rb-example table").count() == 3  # highest-total, a-tie, tie (four-rounds is refused)
    context.close()
    paths = ["/cs/alpha/", "/fr/alpha/", "/alpha/", "/cs/glossary/", "/fr/quick-reference/alpha/", "/cs/status/"]
    assert scroll_width_at_360(browser, fixture_url, paths) == {}


def every_page(site: Path) -> list[str]:
    """Every page of a built site but the /en/ redirects."""
    return sorted(
        "/" + path.relative_to(site).as_posix().removesuffix("index.html")
        for path in site.rglob("*.html")
        if not path.relative_to(site).as_posix().startswith(f"{PROJECT.source_language}/")
    )


@pytest.mark.long
def test_every_real_page_fits_a_phone_screen(browser: Browser, site_url: str, clean_site: Path) -> None:
    """Content: no page of the real site scrolls sideways at 360 px."""
    paths = every_page(clean_site)
    homes = [urlparse(language_root(site_url, language)).path for language in PROJECT.languages]
    assert set(homes) <= set(paths)
    assert {f"{home}{game.id}/" for home in homes for game in PROJECT.games} <= set(paths)
    assert scroll_width_at_360(browser, site_url, paths) == {}


@pytest.mark.parametrize("language", FIXTURE_LANGUAGES)
def test_verified_examples_and_referee_notes_show_in_every_language(
    page: Page, fixture_url: str, language: str
) -> None:
    """alpha has four worked examples (highest-total, four-rounds, a-tie, tie), each verified by the
    build, and one referee note (shared-win); beta has neither."""
    for game, examples, notes in (("alpha", 4, 1), ("beta", 0, 0)):
        page.goto(f"{language_root(fixture_url, language)}{game}/")
        assert page.locator(".rb-example").count() == examples
        assert page.locator(".rb-example .rb-verified").count() == examples
        assert page.locator("#referee-notes ~ .rb-ruling").count() == notes
    page.goto(f"{language_root(fixture_url, language)}alpha/")
    assert words(page.inner_text("#ruling-shared-win p strong")) == words(SHARED_WIN_QUESTION[language])
    # One breakdown read in full: highest-total, Ann 3 + 2 + 4 = 9 and Bob 5 + 1 + 2 = 8.
    table = page.inner_text("#example-highest-total table")
    assert "3 + 2 + 4 = 9" in table and "5 + 1 + 2 = 8" in table


@pytest.mark.parametrize("language", PROJECT.languages)
def test_every_real_game_shows_its_verified_examples_and_referee_notes(
    page: Page, site_url: str, language: str
) -> None:
    """Content: every game of rules/project.yaml shows each of its worked examples, verified, and each referee note."""
    for game in PROJECT.games:
        page.goto(f"{language_root(site_url, language)}{game.id}/")
        assert page.locator(".rb-example").count() == len(game.examples), game.id
        assert page.locator(".rb-example .rb-verified").count() == len(game.examples), game.id
        notes = page.eval_on_selector_all("#referee-notes ~ .rb-ruling", "notes => notes.map(note => note.id)")
        assert notes == [f"ruling-{ruling.id}" for ruling in game.rulings], game.id
