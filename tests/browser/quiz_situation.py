"""What a game's quiz reader (rules/<game>/quiz_reader.py) reads a question's tables with: its numbers
as the page writes them, the rows of one group, and the groups in the page's order. One copy for every
game's reader, which imports it (tests/browser/test_quiz_content.py runs the readers)."""

from __future__ import annotations

import re


def number(text: str) -> int:
    """A whole number as the page writes it, with its minus sign (U+2212)."""
    return int(text.replace("\u2212", "-"))


def rows(situation: dict[str, str], group: str) -> dict[str, str]:
    """The rows of one group of the situation, by their label within it."""
    prefix = f"{group} · "
    return {label.removeprefix(prefix): value for label, value in situation.items() if label.startswith(prefix)}


def groups(situation: dict[str, str], pattern: str) -> list[str]:
    """The groups whose labels match pattern (its first group), in the page's order."""
    found: list[str] = []
    for label in situation:
        match = re.match(pattern, label)
        if match and match[1] not in found:
            found.append(match[1])
    return found
