"""The quick-reference card of each game in Chromium: folded on the game page, a page of its own
that prints on one A4 and one Letter page, made of linked rules and rulings with the facts' numbers."""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import Page
from pypdf import PdfReader

from conftest import ROOT
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
PAGES = [(language, game) for language in PROJECT.languages for game in PROJECT.games]
IDS = [f"{language}-{game.id}" for language, game in PAGES]

# Worked out by hand from each game.yaml: the scoring rules (less those shown under the end or a
# tie), the rulings on them whose answers quote a fact or that a scored worked example rests on,
# then the end and the tie.
LINKS = {
    "rebus": [
        "#basic-score", "#bonus-squares", "#several-rebuses", "#all-tiles-bonus", "#unplayed-tiles",
        "#ruling-rebus-score", "#ruling-multipliers", "#ruling-squares-compound", "#ruling-covered-earlier",
        "#ruling-all-tiles-bonus",
        "#end-of-play",
        "#winner", "#ruling-end-of-game",
    ],
    "rebis": [
        "#other-shelf", "#closing-shelf", "#multipliers", "#red-token", "#final-score",
        "#ruling-shelf-value", "#ruling-never-negative", "#ruling-token-values", "#ruling-red-token",
        "#ruling-red-token-placement",
        "#game-end",
        "#ruling-winners", "#ruling-red-token-tie",
    ],
    "oh-my-word": [
        "#simple-scoring",
        "#ruling-scores",
        "#game-end",
        "#tie-playoff", "#ruling-tie",
    ],
}  # fmt: skip
# A number of each game that only the card's facts can bring: REBUS's bonus for all tiles, Rebis's
# assumed gold multiplier, Oh My Word's token values.
# A fact each card must carry, as each language writes it (by hand, from game.yaml): REBUS's
# all-tiles bonus, Rebis's gold token multiplier, Oh My Word's bad luck token values [1, 2, 3].
NUMBERS = {
    "rebus": {"en": "50", "fr": "50", "cs": "50"},
    "rebis": {"en": "3", "fr": "3", "cs": "3"},
    "oh-my-word": {"en": "1, 2, or 3", "fr": "1, 2 ou 3", "cs": "1, 2 nebo 3"},
}


def card_url(site_url: str, language: str, game_id: str) -> str:
    prefix = "" if language == PROJECT.source_language else f"{language}/"
    return f"{site_url}/{prefix}quick-reference/{game_id}/"


def page_count(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("language, game", PAGES, ids=IDS)
def test_the_card_prints_on_one_a4_and_one_letter_page(page: Page, site_url: str, language: str, game) -> None:
    page.goto(card_url(site_url, language, game.id))
    for paper in ("A4", "Letter"):
        assert page_count(page.pdf(format=paper)) == 1, paper


@pytest.mark.parametrize("language, game", PAGES, ids=IDS)
def test_the_card_links_each_rule_and_ruling_and_carries_the_facts(
    page: Page, site_url: str, language: str, game
) -> None:
    page.goto(card_url(site_url, language, game.id))
    links = page.locator(".rb-card .rb-card__item > p > a:first-child")
    hrefs = links.evaluate_all("links => links.map(link => link.href)")
    assert [href[href.index("#") :] for href in hrefs] == LINKS[game.id]
    assert all(href.split("#")[0].endswith(f"/{game.id}/") for href in hrefs)
    assert NUMBERS[game.id][language] in page.inner_text(".rb-card")
    # Each link lands on its rule or ruling of the game page.
    first = links.first
    target = first.get_attribute("href").split("#")[1]
    first.click()
    page.wait_for_url(f"**/{game.id}/#{target}")
    assert page.locator(f"#{target}").is_visible()


@pytest.mark.parametrize("language", PROJECT.languages)
def test_the_card_is_folded_at_the_top_of_each_game_page(page: Page, site_url: str, language: str) -> None:
    prefix = "" if language == PROJECT.source_language else f"{language}/"
    for game in PROJECT.games:
        page.goto(f"{site_url}/{prefix}{game.id}/")
        card = page.locator("article details.rb-card--folded")
        assert card.count() == 1
        assert card.get_attribute("open") is None
        # Before the first section: at the top.
        assert page.evaluate(
            "document.querySelector('details.rb-card--folded').compareDocumentPosition("
            "document.querySelector('article h2')) & Node.DOCUMENT_POSITION_FOLLOWING"
        )
        card.locator("summary").click()
        assert card.locator(".rb-card__item").count() == len(LINKS[game.id])
        card.locator(f"a[href$='quick-reference/{game.id}/']").click()
        page.wait_for_url(card_url(site_url, language, game.id))
