"""How the browser tests fill Rebis's calculator form (calculator.js beside this file) with a
situation of score.schema.json, as a referee would: each player's hand and shelves (points in the
order played, tokens), then the token values and the red token's place if the situation gives them.
Read by tests/browser/calculator_form.py alone, never by the toolkit or the site."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from browser.calculator_form import Form

# The token values' fields, by the token's name in score.schema.json.
TOKEN_VALUES = {"golden-dust": "Golden dust token ×", "gold": "Golden mixture token ×", "red": "Red token ×"}


def fill(form: Form, situation: dict[str, Any]) -> None:
    blocks = form.players(list(situation["players"]))
    for block, player in zip(blocks, situation["players"].values(), strict=True):
        form.field("Cards in hand", within=block).fill(str(player["hand"]))
        for n, shelf in enumerate(player["shelves"], 1):
            if n > 1:
                form.button("Add a shelf", within=block).click()
            place = form.group("Shelf {n}", within=block, n=n)
            tokens = Counter(shelf.get("tokens", []))
            points = " ".join(map(str, shelf["points"]))
            form.field("Face-up cards' points, in the order played", within=place).fill(points)
            form.field("Golden dust tokens", within=place).fill(str(tokens["golden-dust"]))
            form.field("Golden mixture tokens", within=place).fill(str(tokens["gold"]))
        if not player["shelves"]:
            form.button("Remove this shelf", within=block).click()
    for token, value in situation.get("token_values", {}).items():
        form.field(TOKEN_VALUES[token]).fill(str(value))
    placed = situation.get("red_token_shelf")
    if placed:
        form.field("On the shelf of (the player's name)").fill(placed["player"])
        form.field("Shelf number").fill(str(placed["shelf"]))
