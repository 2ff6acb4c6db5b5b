"""Oh My Word's quiz as its reader works it out: the browser tests (tests/browser/test_quiz_content.py)
answer each score question of the game's quiz from what its page shows alone, the situation and the
game's numbers as the English page labels them, by this scoring worked out by hand from the rules and
the referee notes, never by scoring.py. Read by the tests alone, never by the toolkit: one function,
`answer(situation, facts)`, each a question's table as {row label: value}, gives each player's points
(player None for a score that is no one's) in the page's order."""

from __future__ import annotations

from browser import quiz_situation as given


def answer(situation: dict[str, str], facts: dict[str, str]) -> list[tuple[str | None, int]]:
    """Rules 4.1 and 4.2: the sum of a player's bad luck tokens' values, or, in the simple scoring,
    their number."""
    simple = situation["Scoring"].startswith("Simple")
    scores: list[tuple[str | None, int]] = []
    for player in given.groups(situation, r"^([^·]+) · Bad luck tokens worth \d+$"):
        held = {
            int(label.rsplit(" ", 1)[1]): given.number(count) for label, count in given.rows(situation, player).items()
        }
        scores.append((player, sum(held.values()) if simple else sum(value * count for value, count in held.items())))
    return scores
