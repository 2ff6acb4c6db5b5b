"""The calculator as a referee uses it in Chromium, on the fixture site (fixture_games.make_fixture_site):
fill alpha's form on the English, French and Czech pages, press the button, read the breakdown table.
The numbers are worked out by hand from alpha's rule (the points of its 3 rounds add up, the highest
total wins, a tie is shared), the words are the toolkit's catalogs' for each language. alpha's own
words ("Points in round {n}") have no translation there: every page says them in English."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page

from browser.calculator_form import result_table

pytestmark = pytest.mark.browser

WORDS = {
    "en": {
        "score": "Score",
        "name": "Name",
        "player_1": "Player 1",
        "step": "Step",
        "computation": "Computation",
        "total": "{player}, total",
        "points": "{n} points",
        "winner": "Winner",
        "winners": "Winners",
        "tiebreak": "A tiebreaker is needed.",
        "refused": "Refused:",
        "colon": ": ",
        "too_few": "The rules allow no fewer than 0 here.",
    },
    "fr": {
        "score": "Calculer",
        "name": "Nom",
        "player_1": "Joueur 1",
        "step": "Étape",
        "computation": "Calcul",
        "total": "{player}, total",
        "points": "{n} points",
        "winner": "Gagnant",
        "winners": "Gagnants",
        "tiebreak": "Un départage est nécessaire.",
        "refused": "Refusé\u00a0:",
        "colon": "\u00a0: ",
        "too_few": "Les règles n’admettent pas moins de 0 ici.",
    },
    "cs": {
        "score": "Spočítat",
        "name": "Jméno",
        "player_1": "Hráč 1",
        "step": "Krok",
        "computation": "Výpočet",
        "total": "{player}, celkem",
        "points": "{n} bodů",  # 5 and more: Czech's third form
        "winner": "Vítěz",
        "winners": "Vítězové",
        "tiebreak": "Je potřeba rozstřel.",
        "refused": "Odmítnuto:",
        "colon": ": ",
        "too_few": "Pravidla zde nedovolují méně než 0.",
    },
}
LANGUAGES = list(WORDS)
ROUND = "Points in round {n}"  # alpha's own field, untranslated


def open_game(page: Page, fixture_url: str, language: str, game: str = "alpha") -> dict[str, str]:
    prefix = "" if language == "en" else f"{language}/"
    page.goto(f"{fixture_url}/{prefix}{game}/#calculator")
    return WORDS[language]


def player(page: Page, n: int) -> Locator:
    return page.locator(".rb-calculator__players > .rb-calculator__group").nth(n - 1)


def fill_rounds(block: Locator, words: dict[str, str], name: str, points: list[int]) -> None:
    block.get_by_label(words["name"], exact=True).fill(name)
    for n, value in enumerate(points, 1):
        block.get_by_label(ROUND.format(n=n), exact=True).fill(str(value))


def press(page: Page, words: dict[str, str]) -> list[list[str]]:
    page.locator(".rb-calculator form").get_by_role("button", name=words["score"], exact=True).click()
    return result_table(page)


def total(words: dict[str, str], name: str, formula: str, n: int) -> list[str]:
    return [words["total"].format(player=name), f"{formula} → {words['points'].format(n=n)}"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rounds_add_up_and_the_highest_total_wins(page: Page, fixture_url: str, language: str) -> None:
    words = open_game(page, fixture_url, language)
    fill_rounds(player(page, 1), words, "Ann", [3, 2, 4])
    fill_rounds(player(page, 2), words, "Bob", [5, 1])  # his third round not played yet: left empty
    # Ann 3 + 2 + 4 = 9, Bob 5 + 1 = 6: the highest total wins.
    assert press(page, words) == [
        [words["step"], words["computation"]],
        total(words, "Ann", "3 + 2 + 4 = 9", 9),
        total(words, "Bob", "5 + 1 = 6", 6),
        [words["winner"], "Ann"],
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tie_needs_a_tiebreaker(page: Page, fixture_url: str, language: str) -> None:
    words = open_game(page, fixture_url, language)
    fill_rounds(player(page, 1), words, "Ann", [1, 2, 3])
    fill_rounds(player(page, 2), words, "Bob", [6])
    rows = press(page, words)
    # 1 + 2 + 3 = 6 against a lone 6: both have the highest total, a tiebreaker decides.
    assert rows[1:3] == [total(words, "Ann", "1 + 2 + 3 = 6", 6), total(words, "Bob", "6", 6)]
    assert rows[-2:] == [[words["winners"], "Ann, Bob"], ["", words["tiebreak"]]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_names_the_field_in_the_page_language(page: Page, fixture_url: str, language: str) -> None:
    words = open_game(page, fixture_url, language)
    target = player(page, 1).get_by_label(ROUND.format(n=1), exact=True)
    target.fill("-1")
    assert press(page, words) == []
    result = page.locator(".rb-calculator__result")
    assert words["refused"] in result.inner_text()
    problem = result.locator("li").first
    name = f"{words['player_1']} › {ROUND.format(n=1)}"
    assert problem.locator("strong").inner_text() == name
    assert problem.inner_text() == f"{name}{words['colon']}{words['too_few']}"  # French: a space before ":"
    assert target.get_attribute("aria-invalid") == "true"


def test_the_calculator_fits_a_phone(browser: Browser, fixture_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{fixture_url}/alpha/#calculator")
    widths = page.eval_on_selector_all(
        ".rb-calculator input, .rb-calculator button", "nodes => nodes.map(n => n.getBoundingClientRect().right)"
    )
    assert widths and max(widths) <= 360
    context.close()


def test_a_fact_changed_in_the_data_changes_the_calculator(page: Page, fixture_url: str) -> None:
    """The script holds no number of the rules: a page whose game.yaml said 2 rounds (not alpha's 3)
    draws 2 round fields a player, refuses 3 rounds scored and adds up 2."""
    address = f"{fixture_url}/alpha/"

    def with_two_rounds(route) -> None:
        html = route.fetch().text()
        assert html.count('"rounds":3') == 1
        route.fulfill(body=html.replace('"rounds":3', '"rounds":2'), content_type="text/html")

    page.route(address, with_two_rounds)
    page.goto(address)
    first = player(page, 1)
    assert first.get_by_label(ROUND.format(n=2), exact=True).count() == 1
    assert first.get_by_label(ROUND.format(n=3), exact=True).count() == 0
    refused = page.evaluate("window.rulebook.score('alpha', {players: {Ann: [1, 2, 3]}})")
    assert refused == {
        "error": True,
        "problems": [{"code": "score.too-many-rounds", "path": ["players", "Ann"], "params": {"n": 3, "rounds": 2}}],
    }
    two = page.evaluate("window.rulebook.score('alpha', {players: {Ann: [1, 2], Bob: [4]}})")
    assert two == {"scores": {"Ann": 3, "Bob": 4}, "winners": ["Bob"], "tiebreak": False}


def calculator_weights(site: Path) -> dict[Path, int]:
    """What the calculator adds to each page that has one: its script, its game's script, its data
    and the plural rule, gzipped, in bytes."""
    found = {}
    script = (site / "assets" / "javascripts" / "calculator.js").read_bytes()
    for page in site.glob("**/index.html"):
        html = page.read_text(encoding="utf-8")
        data = re.search(r'<script type="application/json" id="rb-calculator-data">(.*?)</script>', html, re.S)
        if data is None:
            continue
        plural_file = re.search(r'<script src="((?:\.\./)*assets/javascripts/plural/[a-z-]+\.js)"', html).group(1)
        plural = (page.parent / plural_file).read_bytes()
        game_file = re.search(r'<script src="((?:\.\./)*assets/javascripts/calculator/[a-z0-9-]+\.js)"', html).group(1)
        game = (page.parent / game_file).read_bytes()
        page_data = data.group(1).encode("utf-8") + plural
        found[page] = len(gzip.compress(script + game, 9)) + len(gzip.compress(page_data, 9))
    return found


def test_the_calculator_weighs_less_than_50_kb_gzipped(clean_site: Path) -> None:
    """Content: every calculator page of the project's site, whatever its games (none named)."""
    weights = calculator_weights(clean_site)
    assert weights
    assert all(weight <= 50 * 1024 for weight in weights.values()), weights


def test_the_fixture_calculator_pages_are_weighed(fixture_site: Path) -> None:
    """The weighing finds alpha's page in each language, and beta's (no scorer) in none."""
    pages = {page.relative_to(fixture_site).as_posix() for page in calculator_weights(fixture_site)}
    assert pages == {"alpha/index.html", "fr/alpha/index.html", "cs/alpha/index.html"}


def test_the_calculator_is_precached_for_offline_use(fixture_site: Path) -> None:
    files = json.loads((fixture_site / "precache.json").read_text(encoding="utf-8"))["files"]
    assert {"assets/javascripts/calculator.js", "assets/javascripts/calculator/alpha.js"} <= set(files)
    assert "assets/javascripts/calculator/beta.js" not in files  # beta has no scorer


def test_the_calculator_is_left_out_of_print(page: Page, fixture_url: str) -> None:
    page.goto(f"{fixture_url}/alpha/")
    assert page.locator(".rb-calculator form").is_visible()
    page.emulate_media(media="print")
    assert not page.locator(".rb-calculator").is_visible()
    assert not page.locator("h2#calculator").is_visible()


def test_a_page_refuses_to_score_another_game_by_name(page: Page, fixture_url: str) -> None:
    """A game page holds that game's data only (issue 15): another game of the project, or none, is a
    refusal that says where to score it, never a crash or a score from the wrong rules."""
    page.goto(f"{fixture_url}/alpha/")
    data = page.evaluate("JSON.parse(document.getElementById('rb-calculator-data').textContent)")
    assert list(data["games"]) == ["alpha"]
    for other in ("beta", "no-such-game"):
        refused = page.evaluate(f"window.rulebook.score('{other}', {{players: {{Ann: [1]}}}})")
        assert refused == {
            "error": True,
            "problems": [{"code": "calculator.other-game", "path": [], "params": {"game": "alpha"}}],
        }
    # Its own game still scores there: one round of 2 points.
    own = page.evaluate("window.rulebook.score('alpha', {players: {Ann: [2]}})")
    assert own["scores"] == {"Ann": 2}
