"""How the browser tests fill REBUS's calculator form (calculator.js beside this file) with a
situation of score.schema.json, as a referee would: a turn (its rebuses and their new tiles on bonus
squares) or the end of the game (each player's score and tiles left). Read by
tests/browser/calculator_form.py alone, never by the toolkit or the site."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from browser.calculator_form import Form


def fill(form: Form, situation: dict[str, Any]) -> None:
    if "turn" in situation:
        _turn(form, situation["turn"])
    else:
        _final(form, situation["final"])


def _turn(form: Form, turn: dict[str, Any]) -> None:
    form.field("Tiles placed from the hand").fill(str(turn["tiles_placed"]))
    for n, rebus in enumerate(turn["rebuses"], 1):
        if n > 1:
            form.button("Add a rebus").click()
        block = form.group("Rebus {n}", n=n)
        squares = Counter(rebus.get("new_bonus", []))
        form.field("Tiles in the rebus, old and new", within=block).fill(str(rebus["tiles"]))
        form.field("New tiles on blue squares", within=block).fill(str(squares["blue"]))
        form.field("New tiles on red squares", within=block).fill(str(squares["red"]))
        form.field("A new tile on the center dot", within=block).set_checked(squares["center"] > 0)


def _final(form: Form, final: dict[str, Any]) -> None:
    form.field("The end of the game").check()
    blocks = form.players(list(final))
    for block, state in zip(blocks, final.values(), strict=True):
        form.field("Score before the penalty", within=block).fill(str(state["score"]))
        form.field("Tiles left in the hand", within=block).fill(str(state["tiles_left"]))
