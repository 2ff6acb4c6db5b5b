"""How the browser tests fill Oh My Word's calculator form (calculator.js beside this file) with a
situation of score.schema.json, as a referee would: the variant, then each player's bad luck tokens,
counted by value. Read by tests/browser/calculator_form.py alone, never by the toolkit or the site."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from browser.calculator_form import Form


def fill(form: Form, situation: dict[str, Any]) -> None:
    simple = situation.get("variant", "standard") == "simple"
    form.field("Simple: the number of tokens" if simple else "Standard: the tokens' values").check()
    blocks = form.players(list(situation["players"]))
    for block, tokens in zip(blocks, situation["players"].values(), strict=True):
        held = Counter(tokens)
        for value in form.facts["scoring"]["bad_luck_values"]:
            form.field("Bad luck tokens worth {value}", within=block, value=value).fill(str(held[value]))
