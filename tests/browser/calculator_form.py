"""Filling a game's calculator form as a referee does (Playwright's fill, check and click on the
labelled fields, found by their words in the page's language), and the breakdown table the command's
outcome gives for the same situation, in that language."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

from playwright.sync_api import Locator, Page

from conftest import ROOT
from rulebook.i18n.ui import ui_translations
from rulebook.load.project import load_project
from rulebook.located.document import parse_document
from rulebook.scoring.situation import Invalid, score_situation
from rulebook.scoring.summary import RED_TOKEN, red_token_text

PROJECT = load_project(ROOT).project
FACTS = {game.id: game.facts for game in PROJECT.games}


@cache
def words(language: str):
    return ui_translations(ROOT, language)


def say(language: str, message: str, **params: Any) -> str:
    return words(language).gettext(message).format(**params)


def open_form(page: Page, site_url: str, language: str, game: str) -> None:
    """The game's page with a new form: going to the page it shows only moves to the anchor."""
    address = f"{site_url}/{'' if language == 'en' else language + '/'}{game}/"
    if page.url.split("#")[0] == address:
        page.reload()
    else:
        page.goto(address)


# The result table's cells as the reader sees them (innerText), read in one call rather than one a
# row: a press is read after every situation of the form tests.
TABLE_CELLS = "(rows, cells) => rows.map((row) => [...row.querySelectorAll(cells)].map((c) => c.innerText.trim()))"


def result_table(page: Page, rows: str = ".rb-calculator__result tr", cells: str = "th, td") -> list[list[str]]:
    return page.eval_on_selector_all(rows, TABLE_CELLS, cells)


def press(page: Page, language: str) -> list[list[str]]:
    page.locator(".rb-calculator form").get_by_role("button", name=say(language, "Score"), exact=True).click()
    return result_table(page)


def calculator(within: Page | Locator) -> Page | Locator:
    """Where a referee looks for a field: in the calculator, not over the whole rules page. Playwright
    matches a label or a role's name against every element it searches, and a game page is long."""
    return within.locator(".rb-calculator") if isinstance(within, Page) else within


def group(within: Page | Locator, name: str) -> Locator:
    return calculator(within).get_by_role("group", name=name, exact=True)


def field(within: Locator | Page, language: str, message: str, **params: Any) -> Locator:
    return calculator(within).get_by_label(say(language, message, **params), exact=True)


def _players(page: Page, language: str, names: list[str]) -> list[Locator]:
    """As many player groups as names (the form starts with 2), each with its name filled in."""
    form = page.locator(".rb-calculator form")
    shown = page.locator(".rb-calculator__players > .rb-calculator__group")
    while shown.count() < len(names):
        form.get_by_role("button", name=say(language, "Add a player"), exact=True).last.click()
    while shown.count() > max(len(names), 1):
        shown.last.get_by_role("button", name=say(language, "Remove this player"), exact=True).click()
    blocks = [group(page, say(language, "Player {n}", n=n)) for n in range(1, len(names) + 1)]
    for block, name in zip(blocks, names, strict=True):
        field(block, language, "Name").fill(name)
    return blocks


def fill(page: Page, language: str, game: str, situation: dict[str, Any]) -> None:
    """The situation written into the game's form."""
    if game == "oh-my-word":
        variant = situation.get("variant", "standard")
        radio = "Simple: the number of tokens" if variant == "simple" else "Standard: the tokens' values"
        field(page, language, radio).check()
        blocks = _players(page, language, list(situation["players"]))
        for block, tokens in zip(blocks, situation["players"].values(), strict=True):
            held = Counter(tokens)
            for value in FACTS[game]["scoring"]["bad_luck_values"]:
                field(block, language, "Bad luck tokens worth {value}", value=value).fill(str(held[value]))
    elif game == "rebus" and "turn" in situation:
        turn = situation["turn"]
        field(page, language, "Tiles placed from the hand").fill(str(turn["tiles_placed"]))
        for n, rebus in enumerate(turn["rebuses"], 1):
            if n > 1:
                calculator(page).get_by_role("button", name=say(language, "Add a rebus"), exact=True).click()
            block = group(page, say(language, "Rebus {n}", n=n))
            squares = Counter(rebus.get("new_bonus", []))
            field(block, language, "Tiles in the rebus, old and new").fill(str(rebus["tiles"]))
            field(block, language, "New tiles on blue squares").fill(str(squares["blue"]))
            field(block, language, "New tiles on red squares").fill(str(squares["red"]))
            field(block, language, "A new tile on the center dot").set_checked(squares["center"] > 0)
    elif game == "rebus":
        field(page, language, "The end of the game").check()
        blocks = _players(page, language, list(situation["final"]))
        for block, state in zip(blocks, situation["final"].values(), strict=True):
            field(block, language, "Score before the penalty").fill(str(state["score"]))
            field(block, language, "Tiles left in the hand").fill(str(state["tiles_left"]))
    elif game == "rebis":
        blocks = _players(page, language, list(situation["players"]))
        for block, player in zip(blocks, situation["players"].values(), strict=True):
            field(block, language, "Cards in hand").fill(str(player["hand"]))
            for n, shelf in enumerate(player["shelves"], 1):
                if n > 1:
                    block.get_by_role("button", name=say(language, "Add a shelf"), exact=True).click()
                place = group(block, say(language, "Shelf {n}", n=n))
                tokens = Counter(shelf.get("tokens", []))
                points = " ".join(map(str, shelf["points"]))
                field(place, language, "Face-up cards' points, in the order played").fill(points)
                field(place, language, "Golden dust tokens").fill(str(tokens["golden-dust"]))
                field(place, language, "Golden mixture tokens").fill(str(tokens["gold"]))
            if not player["shelves"]:
                block.get_by_role("button", name=say(language, "Remove this shelf"), exact=True).click()
        labels = {"golden-dust": "Golden dust token ×", "gold": "Golden mixture token ×", "red": "Red token ×"}
        for token, value in situation.get("token_values", {}).items():
            field(page, language, labels[token]).fill(str(value))
        placed = situation.get("red_token_shelf")
        if placed:
            field(page, language, "On the shelf of (the player's name)").fill(placed["player"])
            field(page, language, "Shelf number").fill(str(placed["shelf"]))
    else:
        raise ValueError(game)


def command_table(game: str, situation: dict[str, Any], language: str) -> list[list[str]] | None:
    """The breakdown table of the command's outcome, in the language: what the form must show;
    None when the command refuses the situation."""
    document = parse_document(json.dumps(situation).encode("utf-8"), "<stdin>")
    try:
        outcome = score_situation(document, game, FACTS[game], ROOT)
    except Invalid:
        return None
    said = words(language)
    rows = [[said.gettext("Step"), said.gettext("Computation")]]
    for line in outcome.lines:
        label = line.label if line.label == "{player}" else said.gettext(line.label)
        formula = line.formula
        if line.result is not None:
            (one, many), n = line.result
            formula += " → " + said.ngettext(one, many, n).format(n=n)
        rows.append([label.format(**line.params), formula])
    winners = outcome.values.get("winners")
    if winners is not None:
        rows.append([said.ngettext("Winner", "Winners", len(winners)), ", ".join(winners)])
    if outcome.values.get("tiebreak"):
        rows.append(["", said.gettext("A tiebreaker is needed.")])
    if "red_token_to" in outcome.values:  # Rebis: the command's last line, in the table
        rows.append([said.gettext(RED_TOKEN), red_token_text(outcome.values, said.gettext)])
    return rows
