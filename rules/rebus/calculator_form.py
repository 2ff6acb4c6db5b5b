"""How the browser tests fill REBUS's calculator form (calculator.js beside this file) with a
situation of score.schema.json, as a referee would: a turn (its rebuses and their new tiles on bonus
squares) or the end of the game (each player's score and tiles left). Read by
tests/browser/calculator_form.py alone, never by the toolkit or the site."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from browser.calculator_form import Form


# Names as referees write them: accents, a háček, an apostrophe.
NAMES = ["Ann", "Bob", "Émile", "Žofie", "Zoé's"]


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


def random_situation(draw: random.Random, facts: Mapping[str, Any]) -> dict[str, Any]:
    """Half the time the end of the game (scores up to 200, up to 9 tiles left), else a turn of 1 or 2
    rebuses, past the rack at times; new tiles on bonus squares blue before red, as the form writes them."""
    names = draw.sample(NAMES, draw.randint(1, 3))
    if draw.random() < 0.5:
        return {"final": {name: {"score": draw.randint(0, 200), "tiles_left": draw.randint(0, 9)} for name in names}}
    placed = draw.randint(1, 9)
    rebuses = [
        {"tiles": draw.randint(1, 11), "new_bonus": sorted(draw.sample(["blue", "red", "blue"], draw.randint(0, 2)))}
        for _ in range(draw.randint(1, 2))
    ]
    return {"turn": {"rebuses": rebuses, "tiles_placed": placed}}
