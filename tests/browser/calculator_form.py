"""Filling a game's calculator form as a referee does (Playwright's fill, check and click on the
labelled fields, found by their words in the page's language), and the breakdown table the command's
outcome gives for the same situation, in that language.

What is one game's lives with the game: its form adapter, rules/<game>/calculator_form.py beside the
calculator.js whose form it fills, has one function, `fill(form: Form, situation: dict) -> None`, and
fills the fields through the generic helpers of `Form` below. It may add `writable(situation, facts) ->
bool`, what its form cannot write (a value with no field: such a situation is left out, never filled),
and `random_situation(draw: random.Random, facts) -> dict`, a situation its form can write, legal or not,
for the seeded random situations of the content tests. This module names no game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import ModuleType
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
ADAPTER = "calculator_form.py"  # in each game's folder: read by the browser tests alone


@cache
def words(language: str, root: Path = ROOT):
    return ui_translations(root, language)


def say(language: str, message: str, **params: Any) -> str:
    return words(language).gettext(message).format(**params)


@cache
def facts_of(root: Path) -> dict[str, Mapping[str, Any]]:
    """Each game's facts in another project than this one (a copy with a game `rulebook new` made)."""
    return {game.id: game.facts for game in load_project(root).project.games}


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


class Form:
    """What a game's form adapter fills its form with: the page's fields, groups and buttons found by
    their message ids (said in the page's language), the players' groups, and the game's facts. The
    adapter (rules/<game>/calculator_form.py) knows its game's form; this knows none."""

    def __init__(self, page: Page, language: str, facts: Mapping[str, Any], root: Path = ROOT) -> None:
        self.page, self.language, self.facts, self.root = page, language, facts, root

    def say(self, message: str, **params: Any) -> str:
        return words(self.language, self.root).gettext(message).format(**params)

    def field(self, message: str, *, within: Locator | None = None, **params: Any) -> Locator:
        """The field labelled with the message, in the calculator or in a group of it."""
        return calculator(self.page if within is None else within).get_by_label(self.say(message, **params), exact=True)

    def group(self, message: str, *, within: Locator | None = None, **params: Any) -> Locator:
        """The group (fieldset) named with the message: "Player {n}", a game's own part of a player."""
        return group(self.page if within is None else within, self.say(message, **params))

    def button(self, message: str, *, within: Locator | None = None, **params: Any) -> Locator:
        return calculator(self.page if within is None else within).get_by_role(
            "button", name=self.say(message, **params), exact=True
        )

    def players(self, names: list[str]) -> list[Locator]:
        """As many player groups as names (the form starts with 2), each with its name filled in."""
        form = self.page.locator(".rb-calculator form")
        shown = self.page.locator(".rb-calculator__players > .rb-calculator__group")
        while shown.count() < len(names):
            form.get_by_role("button", name=self.say("Add a player"), exact=True).last.click()
        while shown.count() > max(len(names), 1):
            shown.last.get_by_role("button", name=self.say("Remove this player"), exact=True).click()
        blocks = [self.group("Player {n}", n=n) for n in range(1, len(names) + 1)]
        for block, name in zip(blocks, names, strict=True):
            self.field("Name", within=block).fill(name)
        return blocks


def adapter_path(game: str, root: Path = ROOT) -> Path:
    return root / "rules" / game / ADAPTER


@cache
def form_adapter(game: str, root: Path = ROOT) -> ModuleType:
    """The game's form adapter, run from its file (rules/<game>/calculator_form.py): its `fill(form,
    situation)`. Compiled from the source, as the toolkit runs a scorer: no bytecode written into rules/."""
    path = adapter_path(game, root)
    if not path.is_file():
        raise LookupError(
            f"{path}: no form adapter for the game {game!r}; write `fill(form, situation)` there "
            "(dev/testing.md), as `rulebook new game --scoring` does"
        )
    module = ModuleType(f"rules.{game}.{path.stem}")
    module.__file__ = str(path)
    exec(compile(path.read_bytes(), str(path), "exec", dont_inherit=True), module.__dict__)
    if not callable(getattr(module, "fill", None)):
        raise LookupError(f"{path}: a form adapter defines `fill(form, situation)`")
    return module


def fill(page: Page, language: str, game: str, situation: dict[str, Any], root: Path = ROOT) -> None:
    """The situation written into the game's form, by the game's own adapter."""
    facts = (FACTS if root == ROOT else facts_of(root))[game]
    form_adapter(game, root).fill(Form(page, language, facts, root), situation)


def writable(game: str, situation: dict[str, Any], root: Path = ROOT) -> bool:
    """Whether the game's form can write the situation: its adapter's `writable`, if it has one."""
    facts = (FACTS if root == ROOT else facts_of(root))[game]
    judge = getattr(form_adapter(game, root), "writable", None)
    return judge is None or bool(judge(situation, facts))


def command_table(game: str, situation: dict[str, Any], language: str, root: Path = ROOT) -> list[list[str]] | None:
    """The breakdown table of the command's outcome, in the language: what the form must show;
    None when the command refuses the situation. `root`: the project (a fixture's, or this one)."""
    document = parse_document(json.dumps(situation).encode("utf-8"), "<stdin>")
    facts = (FACTS if root == ROOT else facts_of(root))[game]
    try:
        outcome = score_situation(document, game, facts, root)
    except Invalid:
        return None
    said = words(language, root)
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
    if "red_token_to" in outcome.values:  # a red token's receiver: the command's last line (scoring/summary.py)
        rows.append([said.gettext(RED_TOKEN), red_token_text(outcome.values, said.gettext)])
    return rows
