"""The quick-reference card in Chromium: folded on the game page, a page of its own made of linked
rules and rulings with the facts' numbers, on the fixture's quiz site (quiz_fixture.py: alpha's card
of every part, beta's of none); and each card of the project, whatever games and languages
rules/project.yaml holds, prints on one A4 and one Letter page (content)."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page
from pypdf import PdfReader

import quiz_fixture
from browser.conftest import BuiltSiteHandler, serve
from conftest import ROOT
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
PAGES = [(language, game) for language in PROJECT.languages for game in PROJECT.games]
IDS = [f"{language}-{game.id}" for language, game in PAGES]
LANGUAGES = ("en", "fr", "cs")  # the fixture's; English is its source language

# Worked out by hand from quiz_fixture.card_alpha: the scoring rules less those shown under the end or
# a tie (players; winner is the tie's, discard the end's), the rulings on them whose answers quote a fact
# or that a scored worked example rests on (three-rounds, on players, which highest-total names; shared-win
# is the tie's), then the end (discard) and the tie (winner, shared-win). beta has no scoring rule, end or tie.
LINKS = {
    "alpha": ["#players", "#ruling-three-rounds", "#discard", "#winner", "#ruling-shared-win"],
    "beta": [],
}
# The facts' numbers as each language's rules quote them (fixture_games.TRANSLATIONS, by hand): alpha's
# players ({players.min} to {players.max}) and rounds ({scoring.rounds}).
NUMBERS = {
    "en": ["2 to 4 players", "After 3 rounds"],
    "fr": ["de 2 à 4 joueurs", "Après 3 manches"],
    "cs": ["2 až 4 hráči", "Po 3 kolech"],
}


@pytest.fixture(scope="module")
def quiz_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(quiz_fixture.quiz_site(tmp_path_factory), BuiltSiteHandler)


def card_url(site_url: str, language: str, game_id: str, source: str = "en") -> str:
    prefix = "" if language == source else f"{language}/"
    return f"{site_url}/{prefix}quick-reference/{game_id}/"


def page_count(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("language, game", PAGES, ids=IDS)
def test_the_card_prints_on_one_a4_and_one_letter_page(page: Page, site_url: str, language: str, game) -> None:
    """Content: the project's cards, each as long as its game's rules make it."""
    page.goto(card_url(site_url, language, game.id, PROJECT.source_language))
    for paper in ("A4", "Letter"):
        assert page_count(page.pdf(format=paper)) == 1, paper


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_card_links_each_rule_and_ruling_and_carries_the_facts(page: Page, quiz_url: str, language: str) -> None:
    page.goto(card_url(quiz_url, language, "alpha"))
    links = page.locator(".rb-card .rb-card__item > p > a:first-child")
    hrefs = links.evaluate_all("links => links.map(link => link.href)")
    assert [href[href.index("#") :] for href in hrefs] == LINKS["alpha"]
    assert all(href.split("#")[0].endswith("/alpha/") for href in hrefs)
    card = page.inner_text(".rb-card")
    assert [number for number in NUMBERS[language] if number not in card] == []
    # Each link lands on its rule or ruling of the game page.
    first = links.first
    target = first.get_attribute("href").split("#")[1]
    first.click()
    page.wait_for_url(f"**/alpha/#{target}")
    assert page.locator(f"#{target}").is_visible()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_card_is_folded_at_the_top_of_each_game_page(page: Page, quiz_url: str, language: str) -> None:
    prefix = "" if language == "en" else f"{language}/"
    for game in LINKS:
        page.goto(f"{quiz_url}/{prefix}{game}/")
        card = page.locator("article details.rb-card--folded")
        assert card.count() == 1
        assert card.get_attribute("open") is None
        # Before the first section: at the top.
        assert page.evaluate(
            "document.querySelector('details.rb-card--folded').compareDocumentPosition("
            "document.querySelector('article h2')) & Node.DOCUMENT_POSITION_FOLLOWING"
        )
        card.locator("summary").click()
        assert card.locator(".rb-card__item").count() == len(LINKS[game])
        card.locator(f"a[href$='quick-reference/{game}/']").click()
        page.wait_for_url(card_url(quiz_url, language, game))
