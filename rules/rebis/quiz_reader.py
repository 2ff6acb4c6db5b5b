"""Rebis's quiz as its reader works it out: the browser tests (tests/browser/test_quiz_content.py)
answer each score question of the game's quiz from what its page shows alone, the situation and the
game's numbers as the English page labels them, by this scoring worked out by hand from the rules and
the referee notes, never by scoring.py. Read by the tests alone, never by the toolkit: one function,
`answer(situation, facts)`, each a question's table as {row label: value}, gives each player's points
(player None for a score that is no one's) in the page's order."""

from __future__ import annotations

import re
from math import prod

from browser import quiz_situation as given


def answer(situation: dict[str, str], facts: dict[str, str]) -> list[tuple[str | None, int]]:
    """Rules 4.2 and 5.1 to 5.3 with the rulings shown: a shelf is its face-up points' sum × its tokens'
    multipliers; the red token goes to the one highest (negative points + cards in hand) and sits
    where it adds most (the first such shelf); nobody gets it on a tie."""
    players = given.groups(situation, r"^([^·,]+) · Cards in hand$")
    shelves: dict[str, list[tuple[int, int]]] = {}  # player → (points' sum, tokens' product) a shelf
    claims = {}
    for player in players:
        negative = 0
        shelves[player] = []
        for shelf in given.groups(situation, rf"^({re.escape(player)}, shelf \d+) · "):
            rows = given.rows(situation, shelf)
            points = [given.number(point) for point in rows["Face-up cards' points, in the order played"].split()]
            negative += sum(-point for point in points if point < 0)
            tokens = []
            if given.number(rows["Golden dust tokens"]):
                tokens += [given.number(facts["Golden dust token ×"])] * given.number(rows["Golden dust tokens"])
            if given.number(rows["Golden mixture tokens"]):
                tokens += [given.number(facts["Golden mixture token ×"])] * given.number(rows["Golden mixture tokens"])
            shelves[player].append((sum(points), prod(tokens)))
        claims[player] = negative + given.number(situation[f"{player} · Cards in hand"])
    scores = {player: sum(total * product for total, product in shelves[player]) for player in players}
    leaders = [player for player in players if claims[player] == max(claims.values())]
    if len(leaders) == 1 and shelves[leaders[0]]:
        red = given.number(facts["Red token ×"])
        gains = [total * product * (red - 1) for total, product in shelves[leaders[0]]]
        scores[leaders[0]] += max(gains)
    return list(scores.items())
