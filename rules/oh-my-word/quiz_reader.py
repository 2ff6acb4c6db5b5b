"""Oh My Word's quiz as its reader works it out: the browser tests (tests/browser/test_quiz_content.py)
answer each score question of the game's quiz from what its page shows alone, the situation and the
game's numbers as the English page labels them, by this scoring worked out by hand from the rules and
the referee notes, never by scoring.py. Read by the tests alone, never by the toolkit: one function,
`answer(situation, facts)`, each a question's table as {row label: value}, gives each player's points
(player None for a score that is no one's) in the page's order."""

from __future__ import annotations

import re


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
    """Rules 4.1 and 4.2: the sum of a player's bad luck tokens' values, or, in the simple scoring,
    their number."""
    simple = situation["Scoring"].startswith("Simple")
    scores: list[tuple[str | None, int]] = []
    for player in _groups(situation, r"^([^·]+) · Bad luck tokens worth \d+$"):
        held = {int(label.rsplit(" ", 1)[1]): _number(count) for label, count in _rows(situation, player).items()}
        scores.append((player, sum(held.values()) if simple else sum(value * count for value, count in held.items())))
    return scores
