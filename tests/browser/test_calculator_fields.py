"""The calculator through its form only (page.fill, check, click; never window.rulebook), on the
English, French and Czech pages of the fixture games: alpha (fixture_site, its starter form) and gamma
(fixture_calculator.py: a form with counts that must be filled in, bounds from its input schema and
plural refusals of its rules). Worked examples and seeded random situations give the table of the
command's outcome; what the rules refuse is refused at its field, in the page's language, tied to the
field (aria-describedby, aria-invalid), and never scores. A silent zero fails here. Each game of the
project goes through its own form in test_calculator_games.py."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Locator, Page

from browser.calculator_form import Form, command_table, facts_of, fill, open_form, press
from browser.conftest import serve
from conftest import made_once
from fixture_calculator import CHIPS, CHIPS_MAX, make_calculator_site
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "fr", "cs"]
NAMES = ["Ann", "Bob", "Émile", "Žofie", "Zoé's"]


@pytest.fixture(scope="module")
def alpha_root(fixture_site: Path) -> Path:
    return fixture_site.parent


@pytest.fixture(scope="module")
def gamma_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The translated fixture with gamma, built once a run (its site in root/site)."""
    return made_once(tmp_path_factory, "gamma-calculator-site", make_calculator_site)


@pytest.fixture(scope="module")
def gamma_url(gamma_root: Path) -> Iterator[str]:
    yield from serve(gamma_root / "site")


def form_of(page: Page, language: str, game: str, root: Path) -> Form:
    return Form(page, language, facts_of(root)[game], root)


def _check(page: Page, language: str, root: Path, situation: dict[str, Any]) -> None:
    fill(page, language, "alpha", situation, root=root)
    shown = press(page, language)
    expected = command_table("alpha", situation, language, root=root)
    if expected is None:
        assert shown == [], f"scored what the command refuses: {situation}"
        assert page.locator(".rb-calculator__problems li").count() >= 1
    else:
        assert shown == expected, situation


def test_every_worked_example_through_the_form(page: Page, alpha_root: Path, fixture_url: str) -> None:
    """alpha's examples in the three languages in turn. Its form has a field a round (3): the example
    four-rounds, refused for its fourth round, has no field to write it in."""
    (alpha,) = [item for item in load_project(alpha_root).project.games if item.id == "alpha"]
    rounds = alpha.facts["scoring"]["rounds"]
    skipped, languages = set(), []
    for example in alpha.examples:
        situation = alpha.document.part(("examples", example.index, "input")).data
        if any(len(points) > rounds for points in situation["players"].values()):
            skipped.add(example.id)
            continue
        language = LANGUAGES[len(languages) % len(LANGUAGES)]
        open_form(page, fixture_url, language, "alpha")
        _check(page, language, alpha_root, situation)
        languages.append(language)
    assert skipped == {"four-rounds"}
    assert set(languages) == set(LANGUAGES)


def _random_situation(draw: random.Random) -> dict[str, Any]:
    """A situation alpha's form can write, legal or not: 0 to 3 rounds a player (a round left empty is
    not played), points from −1 (refused) to 9."""
    names = draw.sample(NAMES, draw.randint(1, 3))
    return {"players": {name: [draw.randint(-1, 9) for _ in range(draw.randint(0, 3))] for name in names}}


def test_random_situations_through_the_form(page: Page, alpha_root: Path, fixture_url: str) -> None:
    draw = random.Random("alpha")  # seeded: the same situations each run
    for language in LANGUAGES * 2:
        situation = _random_situation(draw)
        open_form(page, fixture_url, language, "alpha")
        _check(page, language, alpha_root, situation)


def _refused_at(page: Page, form: Form, target: Locator, message: str) -> None:
    """No result; the refusal is listed, and said under the field, which points at it."""
    assert press(page, form.language) == []
    assert message in page.locator(".rb-calculator__problems").inner_text()
    assert target.get_attribute("aria-invalid") == "true"
    described = target.get_attribute("aria-describedby")
    assert described, "the refusal is not tied to its field"
    for note in described.split():
        assert page.locator(f"#{note}").inner_text() == message


def first_round(form: Form) -> Locator:
    return form.field("Points in round {n}", within=form.group("Player {n}", n=1), n=1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_negative_count_is_refused_at_its_field(
    page: Page, alpha_root: Path, fixture_url: str, language: str
) -> None:
    # Was: −1 counted as 0 and the result named winners.
    open_form(page, fixture_url, language, "alpha")
    form = form_of(page, language, "alpha", alpha_root)
    target = first_round(form)
    target.fill("-1")
    _refused_at(page, form, target, form.say("The rules allow no fewer than {min} here.", min=0))


def test_the_result_scrolls_into_view_on_a_phone(browser: Browser, alpha_root: Path, fixture_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    open_form(page, fixture_url, "en", "alpha")
    fill(page, "en", "alpha", {"players": {"Ann": [5], "Bob": [3]}}, root=alpha_root)
    page.evaluate("window.scrollTo(0, 0)")
    assert press(page, "en")
    box = page.locator(".rb-calculator__result").bounding_box()
    assert box is not None and box["y"] < 640 and box["y"] + min(box["height"], 640) > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focused_score_button_passes_contrast(browser: Browser, fixture_url: str, scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    open_form(page, fixture_url, "en", "alpha")
    page.locator(".rb-calculator__score").focus()
    result = Axe().run(page, context=".rb-calculator form", options={"runOnly": ["color-contrast"]})
    assert result.response["violations"] == []
    context.close()


# ---- Issue 48: a count never guessed, the refusal reached from the keyboard, at 360 px ----------

PHONE = {"width": 360, "height": 640}
NOT_A_COUNT = "Write a whole number, in digits only (no spaces, commas or points)."


@pytest.fixture(params=["en-US", "fr-FR", "cs-CZ"])
def phone_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A phone-sized page under each browser locale: a number input read "2,5" by the locale."""
    context = browser.new_context(viewport=PHONE, locale=request.param)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def _type(target: Locator, text: str) -> None:
    """As a referee types it, key by key (fill() refuses text in a number input)."""
    target.fill("")
    target.press_sequentially(text)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("text", ["2,5", "3,0", "2.5"])
def test_a_comma_or_a_point_in_a_count_is_refused_at_its_field(
    phone_page: Page, alpha_root: Path, fixture_url: str, language: str, text: str
) -> None:
    # Was: "2,5" read as 25, "3,0" as 30. The command refuses 2.5 (schema.type).
    page = phone_page
    open_form(page, fixture_url, language, "alpha")
    form = form_of(page, language, "alpha", alpha_root)
    target = first_round(form)
    _type(target, text)
    _refused_at(page, form, target, form.say(NOT_A_COUNT))
    entry = page.locator(".rb-calculator__problems li")
    assert entry.get_attribute("data-code") == "schema.type"
    assert json.loads(entry.get_attribute("data-params") or "") == {"expected": "integer"}
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


# "{field}: {problem}" in each language: French puts a no-break space before the colon.
COLON = {"en": ": ", "fr": "\xa0: ", "cs": ": "}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_takes_the_focus_and_links_to_its_field(
    phone_page: Page, alpha_root: Path, fixture_url: str, language: str
) -> None:
    # Was: "Name: …" with no space in French, the focus left on the button and the list's field name no link.
    page = phone_page
    open_form(page, fixture_url, language, "alpha")
    form = form_of(page, language, "alpha", alpha_root)
    target = first_round(form)
    _type(target, "-3")
    message = form.say("The rules allow no fewer than {min} here.", min=0)
    _refused_at(page, form, target, message)
    summary = page.locator(".rb-calculator__summary")
    assert summary.evaluate("(node) => node === document.activeElement")
    entry = page.locator(".rb-calculator__problems li")
    name = form.say("Player {n}", n=1) + " › " + form.say("Points in round {n}", n=1)
    assert entry.inner_text() == f"{name}{COLON[language]}{message}"
    link = entry.get_by_role("link", name=name, exact=True)
    assert link.get_attribute("href") == "#" + (target.get_attribute("id") or "")
    link.click()
    assert target.evaluate("(node) => node === document.activeElement")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_last_player_says_why_it_stays(phone_page: Page, alpha_root: Path, fixture_url: str, language: str) -> None:
    # Was: "Remove this player" on the last player did nothing, and said nothing.
    page = phone_page
    open_form(page, fixture_url, language, "alpha")
    form = form_of(page, language, "alpha", alpha_root)
    players = page.locator(".rb-calculator__players > .rb-calculator__group")
    remove = form.say("Remove this player")
    assert players.count() == 2  # the form starts with two
    players.last.get_by_role("button", name=remove, exact=True).click()
    assert players.count() == 1
    last = players.first.get_by_role("button", name=remove, exact=True)
    assert last.get_attribute("aria-disabled") == "true"
    reason = form.say("A situation needs at least one player: this one stays.")
    described = last.get_attribute("aria-describedby") or ""
    assert described and page.locator(f"#{described}").inner_text() == reason
    assert page.locator(f"#{described}").is_visible()
    last.focus()  # aria-disabled: still reached and pressed from the keyboard, and it removes nothing
    page.keyboard.press("Enter")
    assert players.count() == 1
    page.get_by_role("button", name=form.say("Add a player"), exact=True).click()
    assert players.count() == 2
    assert last.get_attribute("aria-disabled") == "false"
    assert not page.locator(f"#{described}").is_visible()
    players.last.get_by_role("button", name=remove, exact=True).click()  # two: one may go
    assert players.count() == 1
    assert last.get_attribute("aria-disabled") == "true"
    assert page.locator(f"#{described}").is_visible()


# ---- gamma: counts that must be filled in, bounds from the input schema, plural refusals ---------


def gamma_player(form: Form, n: int) -> Locator:
    return form.group("Player {n}", n=n)


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_an_empty_count_is_refused_at_its_field(page: Page, gamma_root: Path, gamma_url: str, language: str) -> None:
    # Was: an empty score counted as 0. Ann's points are left empty; her 2 chips would make −2.
    open_form(page, gamma_url, language, "gamma")
    form = form_of(page, language, "gamma", gamma_root)
    block = gamma_player(form, 1)
    target = form.field("Points scored", within=block)
    target.fill("")
    form.field("Chips held", within=block).fill("2")
    _refused_at(page, form, target, form.say("Fill in this field."))


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_more_than_the_input_schema_allows_is_refused(
    page: Page, gamma_root: Path, gamma_url: str, language: str
) -> None:
    # Was: 99 tokens scored as a huge number. The bound is the input schema's (20 chips a player).
    open_form(page, gamma_url, language, "gamma")
    form = form_of(page, language, "gamma", gamma_root)
    block = gamma_player(form, 1)
    form.field("Points scored", within=block).fill("500")
    target = form.field("Chips held", within=block)
    target.fill("99")
    _refused_at(page, form, target, form.say("The rules allow no more than {max} here.", max=CHIPS_MAX))


# The largest points, 1000000 (gamma's score.schema.json), as each language writes it.
MILLION = {"en": "1,000,000", "fr": "1\u202f000\u202f000", "cs": "1\xa0000\xa0000"}


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_writes_its_limit_as_the_language_writes_numbers(
    phone_page: Page, gamma_root: Path, gamma_url: str, language: str
) -> None:
    # Was: "1000000" unformatted.
    page = phone_page
    open_form(page, gamma_url, language, "gamma")
    form = form_of(page, language, "gamma", gamma_root)
    block = gamma_player(form, 1)
    target = form.field("Points scored", within=block)
    _type(target, "2000000")
    form.field("Chips held", within=block).fill("0")
    for label in ("Points scored", "Chips held"):  # Player 2 filled in: the one refusal is Ann's points
        form.field(label, within=gamma_player(form, 2)).fill("0")
    message = form.say("The rules allow no more than {max} here.", max=MILLION[language])
    _refused_at(page, form, target, message)
    name = form.say("Player {n}", n=1) + " › " + form.say("Points scored")
    assert page.locator(".rb-calculator__problems li").inner_text() == f"{name}{COLON[language]}{message}"


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_too_many_chips_are_refused_in_the_page_language_at_every_count(
    page: Page, gamma_root: Path, gamma_url: str, language: str
) -> None:
    # 7 + 7 = 14 chips of a game of 12: the refusal of the rules, in the page's words, at both fields.
    open_form(page, gamma_url, language, "gamma")
    form = form_of(page, language, "gamma", gamma_root)
    counts = []
    for n in (1, 2):
        block = gamma_player(form, n)
        form.field("Points scored", within=block).fill("10")
        counts.append(form.field("Chips held", within=block))
        counts[-1].fill("7")
    taken = {
        "en": "14 chips taken, but the game has only 12",
        "fr": "14 jetons pris, mais le jeu n’en a que 12",
        "cs": "14 žetonů vzato, ale hra má jen 12",
    }
    assert CHIPS == 12
    _refused_at(page, form, counts[0], taken[language])
    assert counts[1].get_attribute("aria-invalid") == "true"
    assert page.locator(".rb-calculator__problems li").get_attribute("data-code") == "score.too-many-chips"


# The plural forms of each language, from its rules (CLDR): 1 is "one" everywhere; Czech says 2 to 4
# with "few" and 5 with "other"; French says 0 and 1 with "one". gamma's catalogs, by hand.
HELD = {
    "en": {1: "1 chip held, more than the points scored", 2: "2 chips held, more than the points scored"},
    "fr": {1: "1 jeton détenu, plus que les points marqués", 2: "2 jetons détenus, plus que les points marqués"},
    "cs": {
        1: "1 držený žeton, víc než získané body",
        2: "2 držené žetony, víc než získané body",
        5: "5 držených žetonů, víc než získané body",
    },
}


@pytest.mark.slow
@pytest.mark.parametrize(("language", "chips"), [(language, n) for language in HELD for n in HELD[language]])
def test_a_refusal_says_its_number_with_the_languages_plural(
    page: Page, gamma_root: Path, gamma_url: str, language: str, chips: int
) -> None:
    # Ann holds one chip more than her points; Bob holds none.
    open_form(page, gamma_url, language, "gamma")
    form = form_of(page, language, "gamma", gamma_root)
    fill(
        page,
        language,
        "gamma",
        {"players": {"Ann": {"points": chips - 1, "chips": chips}, "Bob": {"points": 3, "chips": 0}}},
        root=gamma_root,
    )
    target = form.field("Chips held", within=gamma_player(form, 1))
    _refused_at(page, form, target, HELD[language][chips])


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_gamma_scores_through_its_form(page: Page, gamma_root: Path, gamma_url: str, language: str) -> None:
    """gamma's own words on its form and in its breakdown: Ann 20 − 2 = 18, Bob 15 − 0 = 15; Ann wins."""
    open_form(page, gamma_url, language, "gamma")
    form = form_of(page, language, "gamma", gamma_root)
    labels = {"en": "Points scored", "fr": "Points marqués", "cs": "Získané body"}
    assert gamma_player(form, 1).get_by_label(labels[language], exact=True).count() == 1
    situation = {"players": {"Ann": {"points": 20, "chips": 2}, "Bob": {"points": 15, "chips": 0}}}
    fill(page, language, "gamma", situation, root=gamma_root)
    rows = press(page, language)
    total = {"en": "{player}, total", "fr": "{player}, total", "cs": "{player}, celkem"}[language]
    points = {"en": "{n} points", "fr": "{n} points", "cs": "{n} bodů"}[language]
    assert rows[1:3] == [
        [total.format(player="Ann"), f"20 − 2 = 18 → {points.format(n=18)}"],
        [total.format(player="Bob"), f"15 − 0 = 15 → {points.format(n=15)}"],
    ]
    assert rows[-1][1] == "Ann"


@pytest.mark.slow
def test_a_page_refuses_to_score_another_scored_game(page: Page, gamma_url: str) -> None:
    """A game page holds that game's data only (issue 15): the site's other scored game is a refusal
    that says where to score it, never a score from the wrong rules, both ways."""
    situations = {"alpha": {"players": {"Ann": [2]}}, "gamma": {"players": {"Ann": {"points": 2, "chips": 0}}}}
    for game, other in (("alpha", "gamma"), ("gamma", "alpha")):
        page.goto(f"{gamma_url}/{game}/")
        data = page.evaluate("JSON.parse(document.getElementById('rb-calculator-data').textContent)")
        assert list(data["games"]) == [game]
        refused = page.evaluate(
            "([game, situation]) => window.rulebook.score(game, situation)", [other, situations[other]]
        )
        assert refused == {
            "error": True,
            "problems": [{"code": "calculator.other-game", "path": [], "params": {"game": game}}],
        }
        # Its own game still scores there: Ann's 2 points (less no chip).
        own = page.evaluate("([game, situation]) => window.rulebook.score(game, situation)", [game, situations[game]])
        assert own["scores"] == {"Ann": 2}
