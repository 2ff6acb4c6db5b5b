"""Content: each game of rules/project.yaml with a calculator, through its form only (page.fill, check,
click; never window.rulebook), filled by the game's own form adapter (rules/<game>/calculator_form.py)
on the project's site, in each of its languages in turn: every worked example the form can write, and
the adapter's seeded random situations, give the table of the command's outcome; what the command
refuses is refused and never scores. The games' own fields (a variant, tokens, a red token's shelf)
are theirs to fill; no game is named here. The toolkit's form itself is tested on the fixture site
(test_calculator_fields.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page

from browser.calculator_form import FACTS, PROJECT, command_table, fill, form_adapter, open_form, press, writable

pytestmark = [pytest.mark.browser, pytest.mark.content]

LANGUAGES = PROJECT.languages
SCORED = [game for game in PROJECT.games if game.scoring]
# The games whose adapter draws random situations (an optional part of an adapter).
DRAWN = [game.id for game in SCORED if hasattr(form_adapter(game.id), "random_situation")]


def check(page: Page, language: str, game: str, situation: dict[str, Any]) -> None:
    fill(page, language, game, situation)
    shown = press(page, language)
    expected = command_table(game, situation, language)
    if expected is None:
        assert shown == [], f"scored what the command refuses: {situation}"
        assert page.locator(".rb-calculator__problems li").count() >= 1
    else:
        assert shown == expected, situation


@pytest.mark.parametrize("game", SCORED, ids=lambda game: game.id)
def test_every_worked_example_through_the_form(page: Page, site_url: str, game: Any) -> None:
    """Each example in one of the languages in turn: every example, every language, and a third of the
    time a shared machine would take for all the combinations. The examples the adapter says its form
    cannot write are left out, but never all of them."""
    written, languages = 0, set()
    for turn, example in enumerate(game.examples):
        situation = game.document.part(("examples", example.index, "input")).data
        if not writable(game.id, situation):
            continue
        language = LANGUAGES[turn % len(LANGUAGES)]
        open_form(page, site_url, language, game.id)
        check(page, language, game.id, situation)
        written += 1
        languages.add(language)
    assert written > 0
    assert languages == set(LANGUAGES) or written < len(LANGUAGES)


@pytest.mark.parametrize("game", DRAWN)
def test_random_situations_through_the_form(page: Page, site_url: str, game: str) -> None:
    draw = random.Random(game)  # seeded: the same situations each run
    for language in LANGUAGES * 2:
        situation = form_adapter(game).random_situation(draw, FACTS[game])
        assert writable(game, situation), situation
        open_form(page, site_url, language, game)
        check(page, language, game, situation)
