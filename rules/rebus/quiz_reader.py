"""REBUS's quiz as its reader works it out: the browser tests (tests/browser/test_quiz_content.py)
answer each score question of the game's quiz from what its page shows alone, the situation and the
game's numbers as the English page labels them, by this scoring worked out by hand from the rules and
the referee notes, never by scoring.py. Read by the tests alone, never by the toolkit: one function,
`answer(situation, facts)`, each a question's table as {row label: value}, gives each player's points
(player None for a score that is no one's) in the page's order."""

from __future__ import annotations

import re
from math import prod


def _number(text: str) -> int:
    return int(text.replace("\u2212", "-"))


def _rows(situation: dict[str, str], group: str) -> dict[str, str]:
    """The rows of one group of the situation, by their label within it."""
    prefix = f"{group} · "
    return {label.removeprefix(prefix): value for label, value in situation.items() if label.startswith(prefix)}


def _groups(situation: dict[str, str], pattern: str) -> list[str]:
    """The groups whose labels match pattern (its first group), in the page's order."""
    found: list[str] = []
    for label in situation:
        match = re.match(pattern, label)
        if match and match[1] not in found:
            found.append(match[1])
    return found


def answer(situation: dict[str, str], facts: dict[str, str]) -> list[tuple[str | None, int]]:
    """Rules 3.1 to 3.5 and the rulings shown: tiles × points a tile, × each new square's multiplier
    within the rebus; the bonus once when the whole hand is placed; at the end, the penalty a tile."""
    if "Tiles placed from the hand" not in situation:
        players = _groups(situation, r"^([^·]+) · Score before the penalty$")
        scores: list[tuple[str | None, int]] = []
        for player in players:
            rows = _rows(situation, player)
            left = _number(rows["Tiles left in the hand"])
            penalty = _number(facts["Points lost for each tile left in the hand at the end"]) if left else 0
            scores.append((player, _number(rows["Score before the penalty"]) - left * penalty))
        return scores
    placed = _number(situation["Tiles placed from the hand"])
    total = 0
    for rebus in _groups(situation, r"^(Rebus \d+) · "):
        rows = _rows(situation, rebus)
        multipliers = []
        if _number(rows["New tiles on blue squares"]):
            multipliers += [_number(facts["A blue square multiplies by"])] * _number(rows["New tiles on blue squares"])
        if _number(rows["New tiles on red squares"]):
            multipliers += [_number(facts["A red square multiplies by"])] * _number(rows["New tiles on red squares"])
        if rows["A new tile on the center dot"] == "Yes":
            multipliers.append(_number(facts["The center dot multiplies by"]))
        total += (
            _number(rows["Tiles in the rebus, old and new"]) * _number(facts["Points per tile"]) * prod(multipliers)
        )
    # The bonus is only shown where it applies: a hand's size shown, and all of it placed.
    if facts.get("Tiles in a player's hand") == str(placed):
        total += _number(facts["Bonus for placing every tile of the hand in one turn"])
    return [(None, total)]
