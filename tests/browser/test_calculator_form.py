"""The calculator as a referee uses it in Chromium: fill the form of each game on the English, French
and Czech pages, press the button, read the breakdown table. The numbers are worked out by hand from
the rules and rulings (REBUS: 3 a tile, red ×3, −3 a tile left; Rebis: golden dust ×2, gold ×3, red
×2, the red token to the most negative points plus cards in hand; Oh My Word: the fewest bad luck
points win), the words are the catalogs' for each language."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page

from browser.calculator_form import result_table

pytestmark = pytest.mark.browser

WORDS = {
    "en": {
        "score": "Score",
        "player": "Player {n}",
        "name": "Name",
        "final": "The end of the game",
        "placed": "Tiles placed from the hand",
        "tiles": "Tiles in the rebus, old and new",
        "red": "New tiles on red squares",
        "score_before": "Score before the penalty",
        "left": "Tiles left in the hand",
        "hand": "Cards in hand",
        "points": "Face-up cards' points, in the order played",
        "golden": "Golden dust tokens",
        "gold": "Golden mixture tokens",
        "worth": "Bad luck tokens worth {n}",
        "rebus_1": "Rebus 1",
        "turn_score": "Turn score",
        "winner": "Winner",
        "red_token": "Red token",
        "colon": ": ",
        "winners": "Winners",
        "shelf_1": "Ann, shelf 1",
        "tiebreak": "A tiebreaker is needed.",
        "step": "Step",
        "computation": "Computation",
        "refused": "Refused:",
        "too_many": "The rules allow no more than 9 here.",
    },
    "fr": {
        "score": "Calculer",
        "player": "Joueur {n}",
        "name": "Nom",
        "final": "La fin de la partie",
        "placed": "Tuiles posées depuis la main",
        "tiles": "Tuiles du rébus, anciennes et nouvelles",
        "red": "Nouvelles tuiles sur des cases rouges",
        "score_before": "Score avant la pénalité",
        "left": "Tuiles restées en main",
        "hand": "Cartes en main",
        "points": "Points des cartes face visible, dans l’ordre joué",
        "golden": "Jetons de poussière d’or",
        "gold": "Jetons de mélange d’or",
        "worth": "Jetons malchance valant {n}",
        "rebus_1": "Rébus 1",
        "turn_score": "Score du tour",
        "winner": "Gagnant",
        "red_token": "Jeton rouge",
        "colon": "\u00a0: ",
        "winners": "Gagnants",
        "shelf_1": "Ann, étagère 1",
        "tiebreak": "Un départage est nécessaire.",
        "step": "Étape",
        "computation": "Calcul",
        "refused": "Refusé\u00a0:",
        "too_many": "Les règles n’admettent pas plus de 9 ici.",
    },
    "cs": {
        "score": "Spočítat",
        "player": "Hráč {n}",
        "name": "Jméno",
        "final": "Konec hry",
        "placed": "Kamínky položené z ruky",
        "tiles": "Kamínky v rébusu, staré i nové",
        "red": "Nové kamínky na červených polích",
        "score_before": "Skóre před penalizací",
        "left": "Kamínky zbylé v ruce",
        "hand": "Karty v ruce",
        "points": "Body karet lícem nahoru v pořadí, v jakém byly zahrány",
        "golden": "Žetony zlatého prachu",
        "gold": "Žetony zlaté směsi",
        "worth": "Žetony smůly v hodnotě {n}",
        "rebus_1": "Rébus 1",
        "turn_score": "Skóre tahu",
        "winner": "Vítěz",
        "red_token": "Červený žeton",
        "colon": ": ",
        "winners": "Vítězové",
        "shelf_1": "Ann, police 1",
        "tiebreak": "Je potřeba rozstřel.",
        "step": "Krok",
        "computation": "Výpočet",
        "refused": "Odmítnuto:",
        "too_many": "Pravidla zde nedovolují více než 9.",
    },
}
LANGUAGES = list(WORDS)


def open_game(page: Page, site_url: str, language: str, game: str) -> dict[str, str]:
    prefix = "" if language == "en" else f"{language}/"
    page.goto(f"{site_url}/{prefix}{game}/#calculator")
    return WORDS[language]


def player(page: Page, words: dict[str, str], n: int) -> Locator:
    return page.locator(".rb-calculator__players > .rb-calculator__group").nth(n - 1)


def press(page: Page, words: dict[str, str]) -> list[list[str]]:
    page.locator(".rb-calculator form").get_by_role("button", name=words["score"], exact=True).click()
    return result_table(page)


@pytest.mark.parametrize("language", LANGUAGES)
def test_rebus_turn_and_end_of_game(page: Page, site_url: str, language: str) -> None:
    words = open_game(page, site_url, language, "rebus")
    page.get_by_label(words["placed"]).fill("4")
    page.get_by_label(words["tiles"]).fill("4")
    page.get_by_label(words["red"]).fill("1")
    # 4 tiles × 3 = 12, on a red square ×3 = 36; 4 of 9 tiles placed: no bonus.
    assert press(page, words) == [
        [words["step"], words["computation"]],
        [words["rebus_1"], "4 × 3 = 12 × 3 = 36"],
        [words["turn_score"], "36"],
    ]
    page.get_by_label(words["final"]).check()
    for n, (name, score, left) in enumerate((("Ann", "120", "2"), ("Bob", "110", "0")), 1):
        block = player(page, words, n)
        block.get_by_label(words["name"]).fill(name)
        block.get_by_label(words["score_before"]).fill(score)
        block.get_by_label(words["left"]).fill(left)
    # Ann 120 − 2 × 3 = 114; Bob keeps 110; the highest wins.
    assert press(page, words)[1:] == [["Ann", "120 − 2 × 3 = 114"], ["Bob", "110"], [words["winner"], "Ann"]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_rebis_with_the_red_token(page: Page, site_url: str, language: str) -> None:
    words = open_game(page, site_url, language, "rebis")
    ann, bob = player(page, words, 1), player(page, words, 2)
    ann.get_by_label(words["name"]).fill("Ann")
    ann.get_by_label(words["hand"]).fill("2")
    ann.get_by_label(words["points"]).fill("5 3 -2")
    ann.get_by_label(words["golden"]).fill("1")
    ann.get_by_label(words["gold"]).fill("1")
    bob.get_by_label(words["name"]).fill("Bob")
    bob.get_by_label(words["points"]).fill("7")
    rows = press(page, words)
    # Ann: 6 × 2 × 3 = 36; the red token is hers (2 negative points + 2 cards against 0) and doubles
    # her only shelf: 72. Bob: 7.
    assert [words["shelf_1"], "5 + 3 − 2 = 6 × 2 × 3 × 2 = 72"] in rows
    assert [words["winner"], "Ann"] in rows
    assert any(row[1] == "Ann 4, Bob 0 → Ann" for row in rows)
    # The last row says who got the red token and where, as the command's last line does.
    assert rows[-1][0] == words["red_token"] and rows[-1][1].startswith("Ann")


@pytest.mark.parametrize("language", LANGUAGES)
def test_oh_my_word_tie_needs_a_tiebreaker(page: Page, site_url: str, language: str) -> None:
    words = open_game(page, site_url, language, "oh-my-word")
    ann, bob = player(page, words, 1), player(page, words, 2)
    ann.get_by_label(words["name"]).fill("Ann")
    ann.get_by_label(words["worth"].format(n=1)).fill("1")
    ann.get_by_label(words["worth"].format(n=3)).fill("1")
    bob.get_by_label(words["name"]).fill("Bob")
    bob.get_by_label(words["worth"].format(n=2)).fill("2")
    rows = press(page, words)
    # 1 + 3 = 4 against 2 + 2 = 4: both have the fewest, a tiebreaker round decides.
    assert rows[1][1].startswith("1 + 3 = 4") and rows[2][1].startswith("2 + 2 = 4")
    assert rows[-2:] == [[words["winners"], "Ann, Bob"], ["", words["tiebreak"]]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_names_the_field_in_the_page_language(page: Page, site_url: str, language: str) -> None:
    words = open_game(page, site_url, language, "rebus")
    page.get_by_label(words["placed"]).fill("10")
    page.get_by_label(words["tiles"]).fill("10")
    assert press(page, words) == []
    result = page.locator(".rb-calculator__result")
    assert words["refused"] in result.inner_text()
    problem = result.locator("li").first
    assert problem.locator("strong").inner_text() == words["placed"]
    assert problem.inner_text() == f"{words['placed']}{words['colon']}{words['too_many']}"  # French: a space before ":"
    assert page.get_by_label(words["placed"]).get_attribute("aria-invalid") == "true"


def test_the_calculator_fits_a_phone(browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{site_url}/rebis/#calculator")
    widths = page.eval_on_selector_all(
        ".rb-calculator input, .rb-calculator button", "nodes => nodes.map(n => n.getBoundingClientRect().right)"
    )
    assert widths and max(widths) <= 360
    context.close()


def test_a_fact_changed_in_the_data_changes_the_calculator(page: Page, site_url: str) -> None:
    """The script holds no number of the rules: a page whose game.yaml said a rack of 8 tiles
    refuses 9 tiles placed, and scores a full rack of 8 with the bonus."""
    address = f"{site_url}/rebus/"

    def with_a_rack_of_8(route) -> None:
        html = route.fetch().text()
        assert '"rack_tiles":9' in html
        route.fulfill(body=html.replace('"rack_tiles":9', '"rack_tiles":8'), content_type="text/html")

    page.route(address, with_a_rack_of_8)
    page.goto(address)
    refused = page.evaluate("window.rulebook.score('rebus', {turn: {rebuses: [{tiles: 9}], tiles_placed: 9}})")
    assert refused["problems"] == [
        {"code": "score.tiles-over-rack", "path": ["turn", "tiles_placed"], "params": {"n": 9, "rack": 8}}
    ]
    full_rack = page.evaluate("window.rulebook.score('rebus', {turn: {rebuses: [{tiles: 8}], tiles_placed: 8}})")
    assert full_rack == {
        "score": 8 * 3 + 50,
        "rebuses": [{"tiles": 8, "new_bonus": [], "score": 24}],
        "all_tiles_bonus": 50,
    }


def test_the_calculator_weighs_less_than_50_kb_gzipped(clean_site) -> None:
    """What the calculator adds to a game page: its script, its game's script, its data and the plural
    rule, gzipped."""
    import gzip
    import re

    script = (clean_site / "assets" / "javascripts" / "calculator.js").read_bytes()
    for page in clean_site.glob("**/index.html"):
        html = page.read_text(encoding="utf-8")
        data = re.search(r'<script type="application/json" id="rb-calculator-data">(.*?)</script>', html, re.S)
        if data is None:
            continue
        plural_file = re.search(r'<script src="((?:\.\./)*assets/javascripts/plural/[a-z-]+\.js)"', html).group(1)
        plural = (page.parent / plural_file).read_bytes()
        game_file = re.search(r'<script src="((?:\.\./)*assets/javascripts/calculator/[a-z0-9-]+\.js)"', html).group(1)
        game = (page.parent / game_file).read_bytes()
        added = len(gzip.compress(script + game, 9)) + len(gzip.compress(data.group(1).encode("utf-8") + plural, 9))
        assert added <= 50 * 1024, page


def test_the_calculator_is_precached_for_offline_use(clean_site) -> None:
    import json

    files = json.loads((clean_site / "precache.json").read_text(encoding="utf-8"))["files"]
    assert "assets/javascripts/calculator.js" in files
    assert {f"assets/javascripts/calculator/{game}.js" for game in ("rebus", "rebis", "oh-my-word")} <= set(files)


def test_the_calculator_is_left_out_of_print(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/rebus/")
    assert page.locator(".rb-calculator form").is_visible()
    page.emulate_media(media="print")
    assert not page.locator(".rb-calculator").is_visible()
    assert not page.locator("h2#calculator").is_visible()


def test_a_page_refuses_to_score_another_game_by_name(page: Page, site_url: str) -> None:
    """A game page holds that game's data only (issue 15): another game, real or not, is a refusal
    that says where to score it, never a crash or a score from the wrong rules."""
    page.goto(f"{site_url}/rebus/")
    data = page.evaluate("JSON.parse(document.getElementById('rb-calculator-data').textContent)")
    assert list(data["games"]) == ["rebus"]
    for other in ("rebis", "no-such-game"):
        refused = page.evaluate(f"window.rulebook.score('{other}', {{final: {{Ann: {{cards: [1]}}}}}})")
        assert refused == {
            "error": True,
            "problems": [{"code": "calculator.other-game", "path": [], "params": {"game": "rebus"}}],
        }
    # Its own game still scores there: one turn of 2 tiles, 3 points a tile.
    own = page.evaluate("window.rulebook.score('rebus', {turn: {rebuses: [{tiles: 2}], tiles_placed: 2}})")
    assert own["score"] == 6
