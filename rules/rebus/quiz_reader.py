"""REBUS's quiz as its reader works it out: the browser tests (tests/browser/test_quiz_content.py)
answer each score question of the game's quiz from what its page shows alone, the situation and the
game's numbers as the English page labels them, by this scoring worked out by hand from the rules and
the referee notes, never by scoring.py. Read by the tests alone, never by the toolkit: one function,
`answer(situation, facts)`, each a question's table as {row label: value}, gives each player's points
(player None for a score that is no one's) in the page's order."""

from __future__ import annotations

from math import prod

from browser import quiz_situation as given


def answer(situation: dict[str, str], facts: dict[str, str]) -> list[tuple[str | None, int]]:
    """Rules 3.1 to 3.5 and the rulings shown: tiles × points a tile, × each new square's multiplier
    within the rebus; the bonus once when the whole hand is placed; at the end, the penalty a tile."""
    if "Tiles placed from the hand" not in situation:
        players = given.groups(situation, r"^([^·]+) · Score before the penalty$")
        scores: list[tuple[str | None, int]] = []
        for player in players:
            rows = given.rows(situation, player)
            left = given.number(rows["Tiles left in the hand"])
            penalty = given.number(facts["Points lost for each tile left in the hand at the end"]) if left else 0
            scores.append((player, given.number(rows["Score before the penalty"]) - left * penalty))
        return scores
    placed = given.number(situation["Tiles placed from the hand"])
    total = 0
    for rebus in given.groups(situation, r"^(Rebus \d+) · "):
        rows = given.rows(situation, rebus)
        multipliers = []
        if given.number(rows["New tiles on blue squares"]):
            multipliers += [given.number(facts["A blue square multiplies by"])] * given.number(
                rows["New tiles on blue squares"]
            )
        if given.number(rows["New tiles on red squares"]):
            multipliers += [given.number(facts["A red square multiplies by"])] * given.number(
                rows["New tiles on red squares"]
            )
        if rows["A new tile on the center dot"] == "Yes":
            multipliers.append(given.number(facts["The center dot multiplies by"]))
        total += (
            given.number(rows["Tiles in the rebus, old and new"])
            * given.number(facts["Points per tile"])
            * prod(multipliers)
        )
    # The bonus is only shown where it applies: a hand's size shown, and all of it placed.
    if facts.get("Tiles in a player's hand") == str(placed):
        total += given.number(facts["Bonus for placing every tile of the hand in one turn"])
    return [(None, total)]
