"""Rebis's quiz as its reader works it out: the browser tests (tests/browser/test_quiz_content.py)
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
    """Rules 4.2 and 5.1 to 5.3 with the rulings shown: a shelf is its face-up points' sum × its tokens'
    multipliers; the red token goes to the one highest (negative points + cards in hand) and sits
    where it adds most (the first such shelf); nobody gets it on a tie."""
    players = _groups(situation, r"^([^·,]+) · Cards in hand$")
    shelves: dict[str, list[tuple[int, int]]] = {}  # player → (points' sum, tokens' product) a shelf
    claims = {}
    for player in players:
        negative = 0
        shelves[player] = []
        for shelf in _groups(situation, rf"^({re.escape(player)}, shelf \d+) · "):
            rows = _rows(situation, shelf)
            points = [_number(point) for point in rows["Face-up cards' points, in the order played"].split()]
            negative += sum(-point for point in points if point < 0)
            tokens = []
            if _number(rows["Golden dust tokens"]):
                tokens += [_number(facts["Golden dust token ×"])] * _number(rows["Golden dust tokens"])
            if _number(rows["Golden mixture tokens"]):
                tokens += [_number(facts["Golden mixture token ×"])] * _number(rows["Golden mixture tokens"])
            shelves[player].append((sum(points), prod(tokens)))
        claims[player] = negative + _number(situation[f"{player} · Cards in hand"])
    scores = {player: sum(total * product for total, product in shelves[player]) for player in players}
    leaders = [player for player in players if claims[player] == max(claims.values())]
    if len(leaders) == 1 and shelves[leaders[0]]:
        red = _number(facts["Red token ×"])
        gains = [total * product * (red - 1) for total, product in shelves[leaders[0]]]
        scores[leaders[0]] += max(gains)
    return list(scores.items())
