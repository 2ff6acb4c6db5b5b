"""How the browser tests fill Rebis's calculator form (calculator.js beside this file) with a
situation of score.schema.json, as a referee would: each player's hand and shelves (points in the
order played, tokens), then the token values and the red token's place if the situation gives them.
Read by tests/browser/calculator_form.py alone, never by the toolkit or the site."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from browser.calculator_form import Form


# Names as referees write them: accents, a háček, an apostrophe.
NAMES = ["Ann", "Bob", "Émile", "Žofie", "Zoé's"]

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


def writable(situation: dict[str, Any], facts: Mapping[str, Any]) -> bool:
    """The red token goes in its own fields (whose player, which shelf), never among a shelf's tokens."""
    shelves = [shelf for player in situation["players"].values() for shelf in player["shelves"]]
    return not any("red" in shelf.get("tokens", []) for shelf in shelves)


def random_situation(draw: random.Random, facts: Mapping[str, Any]) -> dict[str, Any]:
    """Up to 3 players, each with up to 4 cards in hand and 1 or 2 shelves of 1 to 3 cards' points
    (negative ones too) and up to 2 tokens, golden dust before gold as the form writes them."""
    names = draw.sample(NAMES, draw.randint(1, 3))
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
