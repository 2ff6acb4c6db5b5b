"""The calculator through its form only (page.fill, check, click; never window.rulebook), on the
English, French and Czech pages: every worked example and seeded random situations give the table
of the command's outcome; what the rules refuse is refused at its field, in the page's language,
tied to the field (aria-describedby, aria-invalid), and never scores. A silent zero fails here."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Locator, Page

from browser.calculator_form import FACTS, PROJECT, command_table, field, fill, group, open_form, press, say, words

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "fr", "cs"]
GAMES = ["oh-my-word", "rebus", "rebis"]


def _expressible(game: str, situation: dict[str, Any]) -> bool:
    """What the form can write: Oh My Word's tokens have a field per value of the rules (no token
    worth 4); Rebis's red token goes in its own fields, never among a shelf's."""
    if game == "oh-my-word":
        values = FACTS[game]["scoring"]["bad_luck_values"]
        return all(token in values for tokens in situation["players"].values() for token in tokens)
    if game == "rebis":
        shelves = [shelf for player in situation["players"].values() for shelf in player["shelves"]]
        return not any("red" in shelf.get("tokens", []) for shelf in shelves)
    return True


# The worked examples a form cannot write, by name: a test of its own would be a test of nothing.
UNWRITABLE = {"oh-my-word": {"token-of-four"}}


def _check(page: Page, language: str, game: str, situation: dict[str, Any]) -> None:
    fill(page, language, game, situation)
    shown = press(page, language)
    expected = command_table(game, situation, language)
    if expected is None:
        assert shown == [], f"scored what the command refuses: {situation}"
        assert page.locator(".rb-calculator__problems li").count() >= 1
    else:
        assert shown == expected, situation


@pytest.mark.parametrize("game", GAMES)
def test_every_worked_example_through_the_form(page: Page, site_url: str, game: str) -> None:
    """Each example in one of the three languages in turn: every example, every language, and a
    third of the time a shared machine would take for all nine combinations."""
    (found,) = [item for item in PROJECT.games if item.id == game]
    skipped, languages = set(), set()
    for turn, example in enumerate(found.examples):
        situation = found.document.part(("examples", example.index, "input")).data
        if not _expressible(game, situation):
            skipped.add(example.id)
            continue
        language = LANGUAGES[turn % len(LANGUAGES)]
        open_form(page, site_url, language, game)
        _check(page, language, game, situation)
        languages.add(language)
    assert skipped == UNWRITABLE.get(game, set())
    assert languages == set(LANGUAGES)


def _random_situation(game: str, draw: random.Random) -> dict[str, Any]:
    """A situation the form can write, legal or not: counts up to a little past the rules' limits.
    Tokens and squares in the order the form writes them (by value; blue, red, centre; golden dust,
    gold), which its breakdown shows."""
    names = draw.sample(["Ann", "Bob", "Émile", "Žofie", "Zoé's"], draw.randint(1, 3))
    if game == "oh-my-word":
        values = FACTS[game]["scoring"]["bad_luck_values"]
        players = {name: sorted(draw.choice(values) for _ in range(draw.randint(0, 14))) for name in names}
        return {"variant": draw.choice(["standard", "simple"]), "players": players}
    if game == "rebus" and draw.random() < 0.5:
        final = {name: {"score": draw.randint(0, 200), "tiles_left": draw.randint(0, 9)} for name in names}
        return {"final": final}
    if game == "rebus":
        placed = draw.randint(1, 9)
        rebuses = [
            {
                "tiles": draw.randint(1, 11),
                "new_bonus": sorted(draw.sample(["blue", "red", "blue"], draw.randint(0, 2))),
            }
            for _ in range(draw.randint(1, 2))
        ]
        return {"turn": {"rebuses": rebuses, "tiles_placed": placed}}
    players = {
        name: {
            "hand": draw.randint(0, 4),
            "shelves": [
                {
                    "points": [draw.randint(-6, 9) for _ in range(draw.randint(1, 3))],
                    "tokens": sorted(
                        draw.sample(["golden-dust", "gold", "golden-dust"], draw.randint(0, 2)), reverse=True
                    ),
                }
                for _ in range(draw.randint(1, 2))
            ],
        }
        for name in names
    }
    return {"players": players}


@pytest.mark.parametrize("game", GAMES)
def test_random_situations_through_the_form(page: Page, site_url: str, game: str) -> None:
    draw = random.Random(game)  # seeded: the same situations each run
    for language in LANGUAGES * 2:
        situation = _random_situation(game, draw)
        open_form(page, site_url, language, game)
        _check(page, language, game, situation)


def _refused_at(page: Page, language: str, target, message: str) -> None:
    """No result; the refusal is listed, and said under the field, which points at it."""
    assert press(page, language) == []
    assert message in page.locator(".rb-calculator__problems").inner_text()
    assert target.get_attribute("aria-invalid") == "true"
    described = target.get_attribute("aria-describedby")
    assert described, "the refusal is not tied to its field"
    for note in described.split():
        assert page.locator(f"#{note}").inner_text() == message


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_negative_token_count_is_refused_at_its_field(page: Page, site_url: str, language: str) -> None:
    # Was: −1 counted as 0 and the result named winners.
    open_form(page, site_url, language, "oh-my-word")
    target = field(group(page, say(language, "Player {n}", n=1)), language, "Bad luck tokens worth {value}", value=1)
    target.fill("-1")
    _refused_at(page, language, target, say(language, "The rules allow no fewer than {min} here.", min=0))


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_empty_score_is_refused_at_its_field(page: Page, site_url: str, language: str) -> None:
    # Was: an empty score counted as 0, −6 after the penalty.
    open_form(page, site_url, language, "rebus")
    field(page, language, "The end of the game").check()
    block = group(page, say(language, "Player {n}", n=1))
    target = field(block, language, "Score before the penalty")
    target.fill("")
    field(block, language, "Tiles left in the hand").fill("2")
    _refused_at(page, language, target, say(language, "Fill in this field."))


@pytest.mark.parametrize("language", LANGUAGES)
def test_more_tokens_than_a_shelf_takes_are_refused(page: Page, site_url: str, language: str) -> None:
    # Was: 99 tokens gave 3.1691265005705735e+30. The bound is the input schema's (20 a shelf).
    open_form(page, site_url, language, "rebis")
    shelf = group(group(page, say(language, "Player {n}", n=1)), say(language, "Shelf {n}", n=1))
    field(shelf, language, "Face-up cards' points, in the order played").fill("5")
    target = field(shelf, language, "Golden mixture tokens")
    target.fill("99")
    _refused_at(page, language, target, say(language, "The rules allow no more than {max} here.", max=20))


@pytest.mark.parametrize("language", LANGUAGES)
def test_too_many_tokens_are_refused_in_the_page_language_at_every_count(
    page: Page, site_url: str, language: str
) -> None:
    # 13 + 13 = 26 tokens of a game of 25; was: the refusal pointed at "Player 1 › Name".
    open_form(page, site_url, language, "oh-my-word")
    counts = []
    for n in (1, 2):
        counts.append(
            field(group(page, say(language, "Player {n}", n=n)), language, "Bad luck tokens worth {value}", value=1)
        )
        counts[-1].fill("13")
    taken = words(language).ngettext(
        "{n} bad luck token taken, but the game has only {available}",
        "{n} bad luck tokens taken, but the game has only {available}",
        26,
    )
    message = taken.format(n=26, available=FACTS["oh-my-word"]["components"]["bad_luck_tokens"])
    _refused_at(page, language, counts[0], message)
    assert counts[1].get_attribute("aria-invalid") == "true"


# The plural forms of each language, from its rules (CLDR): 1 is "one" everywhere; Czech says 2 to 4
# with "few" and 5 with "other"; French says 0 and 1 with "one".
SHELVES = {
    "en": {1: "this player has 1 shelf", 2: "this player has 2 shelves", 5: "this player has 5 shelves"},
    "fr": {1: "ce joueur a 1 étagère", 2: "ce joueur a 2 étagères", 5: "ce joueur a 5 étagères"},
    "cs": {1: "tento hráč má 1 polici", 2: "tento hráč má 2 police", 5: "tento hráč má 5 polic"},
}


@pytest.mark.parametrize(
    ("language", "shelves"), [("en", 1), ("en", 2), ("fr", 1), ("fr", 2), ("cs", 1), ("cs", 2), ("cs", 5)]
)
def test_a_refusal_says_its_number_with_the_languages_plural(
    page: Page, site_url: str, language: str, shelves: int
) -> None:
    # The red token goes to Ann (1 card in hand against 0), placed on a shelf she lacks.
    open_form(page, site_url, language, "rebis")
    situation = {
        "red_token_shelf": {"player": "Ann", "shelf": shelves + 1},
        "players": {
            "Ann": {"hand": 1, "shelves": [{"points": [1]}] * shelves},
            "Bob": {"hand": 0, "shelves": [{"points": [2]}]},
        },
    }
    fill(page, language, "rebis", situation)
    _refused_at(page, language, field(page, language, "Shelf number"), SHELVES[language][shelves])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_red_token_and_token_values_fields_score(page: Page, site_url: str, language: str) -> None:
    # Gold worth 1: Ann 6 × 1 = 6. The red token is Bob's (1 card against 0), put on his shelf 1
    # by hand: 2 × 2 = 4. Ann wins.
    open_form(page, site_url, language, "rebis")
    situation = {
        "token_values": {"gold": 1},
        "red_token_shelf": {"player": "Bob", "shelf": 1},
        "players": {
            "Ann": {"hand": 0, "shelves": [{"points": [6], "tokens": ["gold"]}]},
            "Bob": {"hand": 1, "shelves": [{"points": [2]}]},
        },
    }
    fill(page, language, "rebis", situation)
    rows = press(page, language)
    assert rows[-2] == [words(language).ngettext("Winner", "Winners", 1), "Ann"]
    assert [say(language, "{player}, shelf {n}", player="Bob", n=1), "2 × 2 = 4"] in rows
    assert [say(language, "{player}, total", player="Ann"), "6"] in rows
    assert [say(language, "{player}, total", player="Bob"), "4"] in rows


def test_the_result_scrolls_into_view_on_a_phone(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    open_form(page, site_url, "en", "rebis")
    fill(
        page,
        "en",
        "rebis",
        {
            "players": {
                "Ann": {"hand": 0, "shelves": [{"points": [5]}]},
                "Bob": {"hand": 0, "shelves": [{"points": [3]}]},
            }
        },
    )
    page.evaluate("window.scrollTo(0, 0)")
    assert press(page, "en")
    box = page.locator(".rb-calculator__result").bounding_box()
    assert box is not None and box["y"] < 640 and box["y"] + min(box["height"], 640) > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focused_score_button_passes_contrast(browser: Browser, site_url: str, scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    open_form(page, site_url, "en", "rebus")
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
    phone_page: Page, site_url: str, language: str, text: str
) -> None:
    # Was: "2,5" read as 25 tiles, "25 × 3 = 75"; "3,0" as 30. The command refuses 2.5 (schema.type).
    page = phone_page
    open_form(page, site_url, language, "rebus")
    field(page, language, "Tiles placed from the hand").fill("2")
    target = field(group(page, say(language, "Rebus {n}", n=1)), language, "Tiles in the rebus, old and new")
    _type(target, text)
    _refused_at(page, language, target, say(language, NOT_A_COUNT))
    entry = page.locator(".rb-calculator__problems li")
    assert entry.get_attribute("data-code") == "schema.type"
    assert json.loads(entry.get_attribute("data-params") or "") == {"expected": "integer"}
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


# The largest score before the penalty, 1000000 (rebus/score.schema.json), as each language writes it.
MILLION = {"en": "1,000,000", "fr": "1\u202f000\u202f000", "cs": "1\xa0000\xa0000"}
# "{field}: {problem}" in each language: French puts a no-break space before the colon.
COLON = {"en": ": ", "fr": "\xa0: ", "cs": ": "}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_takes_the_focus_links_to_its_field_and_writes_its_limit(
    phone_page: Page, site_url: str, language: str
) -> None:
    # Was: "1000000" unformatted, "Name: …" with no space in French, the focus left on the button and
    # the list's field name no link.
    page = phone_page
    open_form(page, site_url, language, "rebus")
    field(page, language, "The end of the game").check()
    block = group(page, say(language, "Player {n}", n=1))
    target = field(block, language, "Score before the penalty")
    _type(target, "2000000")
    message = say(language, "The rules allow no more than {max} here.", max=MILLION[language])
    _refused_at(page, language, target, message)
    summary = page.locator(".rb-calculator__summary")
    assert summary.evaluate("(node) => node === document.activeElement")
    entry = page.locator(".rb-calculator__problems li")
    name = say(language, "Player {n}", n=1) + " › " + say(language, "Score before the penalty")
    assert entry.inner_text() == f"{name}{COLON[language]}{message}"
    link = entry.get_by_role("link", name=name, exact=True)
    assert link.get_attribute("href") == "#" + (target.get_attribute("id") or "")
    link.click()
    assert target.evaluate("(node) => node === document.activeElement")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_last_player_says_why_it_stays(phone_page: Page, site_url: str, language: str) -> None:
    # Was: "Remove this player" on the last player did nothing, and said nothing.
    page = phone_page
    open_form(page, site_url, language, "rebus")
    field(page, language, "The end of the game").check()
    players = page.locator(".rb-calculator__players > .rb-calculator__group")
    remove = say(language, "Remove this player")
    players.last.get_by_role("button", name=remove, exact=True).click()
    assert players.count() == 1
    last = players.first.get_by_role("button", name=remove, exact=True)
    assert last.get_attribute("aria-disabled") == "true"
    reason = say(language, "A situation needs at least one player: this one stays.")
    described = last.get_attribute("aria-describedby") or ""
    assert described and page.locator(f"#{described}").inner_text() == reason
    assert page.locator(f"#{described}").is_visible()
    last.focus()  # aria-disabled: still reached and pressed from the keyboard, and it removes nothing
    page.keyboard.press("Enter")
    assert players.count() == 1
    page.get_by_role("button", name=say(language, "Add a player"), exact=True).click()
    assert players.first.get_by_role("button", name=remove, exact=True).get_attribute("aria-disabled") == "false"
    assert not page.locator(f"#{described}").is_visible()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_last_rebus_says_why_it_stays(phone_page: Page, site_url: str, language: str) -> None:
    # Was: "Remove this rebus" on the last rebus did nothing, and said nothing.
    page = phone_page
    open_form(page, site_url, language, "rebus")
    remove = say(language, "Remove this rebus")
    rebuses = page.locator(".rb-calculator__group").filter(has=page.get_by_role("button", name=remove, exact=True))
    assert rebuses.count() == 1
    last = rebuses.first.get_by_role("button", name=remove, exact=True)
    assert last.get_attribute("aria-disabled") == "true"
    reason = say(language, "A turn scores at least one rebus: this one stays.")
    described = last.get_attribute("aria-describedby") or ""
    assert described and page.locator(f"#{described}").inner_text() == reason
    assert page.locator(f"#{described}").is_visible()
    last.focus()
    page.keyboard.press("Enter")
    assert rebuses.count() == 1
    page.get_by_role("button", name=say(language, "Add a rebus"), exact=True).click()
    assert rebuses.count() == 2
    assert last.get_attribute("aria-disabled") == "false"
    assert not page.locator(f"#{described}").is_visible()
    rebuses.last.get_by_role("button", name=remove, exact=True).click()  # two: one may go
    assert rebuses.count() == 1
    assert last.get_attribute("aria-disabled") == "true"


# Who received the red token and where it went, in each language's words (this project's catalogs).
RED_TOKEN_ROW = {
    "en": ["Red token", "Bob, on Bob's shelf 1"],
    "fr": ["Jeton rouge", "Bob, sur l\u2019étagère 1 de Bob"],
    "cs": ["Červený žeton", "Bob, na polici 1 hráče Bob"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rebis_result_says_who_got_the_red_token(phone_page: Page, site_url: str, language: str) -> None:
    # Was: the command said "Red token: Bob, on Bob's shelf 1"; the page said nothing of it. Bob
    # holds 1 card against Ann's 0: the red token is his, on his only shelf.
    page = phone_page
    open_form(page, site_url, language, "rebis")
    situation = {
        "players": {
            "Ann": {"hand": 0, "shelves": [{"points": [6]}]},
            "Bob": {"hand": 1, "shelves": [{"points": [2]}]},
        }
    }
    fill(page, language, "rebis", situation)
    assert press(page, language)[-1] == RED_TOKEN_ROW[language]
