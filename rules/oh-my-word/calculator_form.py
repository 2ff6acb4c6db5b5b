"""How the browser tests fill Oh My Word's calculator form (calculator.js beside this file) with a
situation of score.schema.json, as a referee would: the variant, then each player's bad luck tokens,
counted by value. Read by tests/browser/calculator_form.py alone, never by the toolkit or the site."""

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
    simple = situation.get("variant", "standard") == "simple"
    form.field("Simple: the number of tokens" if simple else "Standard: the tokens' values").check()
    blocks = form.players(list(situation["players"]))
    for block, tokens in zip(blocks, situation["players"].values(), strict=True):
        held = Counter(tokens)
        for value in form.facts["scoring"]["bad_luck_values"]:
            form.field("Bad luck tokens worth {value}", within=block, value=value).fill(str(held[value]))


def writable(situation: dict[str, Any], facts: Mapping[str, Any]) -> bool:
    """A field per token value of the rules: a token of another value (worth 4) has none."""
    values = facts["scoring"]["bad_luck_values"]
    return all(token in values for tokens in situation["players"].values() for token in tokens)


def random_situation(draw: random.Random, facts: Mapping[str, Any]) -> dict[str, Any]:
    """Up to 3 players holding up to 14 tokens each, past the game's tokens at times; either variant.
    Tokens by value, the order the form writes them in."""
    names = draw.sample(NAMES, draw.randint(1, 3))
    values = facts["scoring"]["bad_luck_values"]
    players = {name: sorted(draw.choice(values) for _ in range(draw.randint(0, 14))) for name in names}
    return {"variant": draw.choice(["standard", "simple"]), "players": players}
